"""The calls of a trick hand (docs/format.md, `calls`): seat by seat before the first lead, keep
the hand, drop out of the hand (it goes face down out of play) or exchange it for a fresh one from
the stock, discarded down to a hand's size. Once every seat has called, the hand goes on (the
play); when every other side has dropped out, the hand is scored unplayed (a walkover)."""

from __future__ import annotations

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import DROP, EXCHANGE, KEEP, Action
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.phases import (
    CALLING,
    TrickPhase,
    discarding,
    entry,
    hand_over,
    playing,
    scoring,
    turn_up,
)
from interpreter.engine.tricks.table import TrickTable

_KEEP, _DROP, _EXCHANGE = Action(KEEP), Action(DROP), Action(EXCHANGE)


class Calls(TrickPhase):
    kind = phases.CALLS
    name = CALLING

    def legal(self, table: TrickTable) -> list[Action]:
        calls = table.t.rules.calls
        assert calls is not None
        out = [_KEEP]
        if table.n in calls.drop:
            out.append(_DROP)
        draw = calls.exchange.get(table.n)
        if draw is not None and len(table.stock.tiles) >= draw:
            out.append(_EXCHANGE)
        return out

    def apply(self, table: TrickTable, action: Action) -> None:
        seat = table.current
        table.events.append((ev.ACTION, seat, action))
        table.calls.append((seat, action.kind))
        t = table.t
        if action.kind == DROP:  # the hand goes face down out of play; the seat sits the hand out
            table.set_aside += [(x, seat) for x in bits(table.hands[seat])]
            table.hands[seat] = 0
            table.dropped |= 1 << seat
            table.absent |= 1 << seat
        elif action.kind == EXCHANGE:  # a fresh hand from the stock, discarded down to a hand's size
            calls = t.rules.calls
            assert calls is not None
            draw = calls.exchange[table.n]
            table.set_aside += [(x, seat) for x in bits(table.hands[seat])]
            table.hands[seat] = 0
            for _ in range(draw):
                table.draw(seat)
            kitty = draw - t.hand_size
            if kitty:
                self.finish(discarding.Discarding(kitty, None))
                return
        elif turn_up.offered(table, seat):  # the dealer keeps: the turned-up tile for a discard
            self.finish(turn_up.take(table, seat))
            return
        table.current = t.next_seat(seat)
        self._go_on(table)

    def why_illegal(self, table: TrickTable, action: Action) -> str:
        words = " or ".join(a.kind for a in self.legal(table))
        return f"before the first lead, say {words}"

    def _go_on(self, table: TrickTable) -> None:
        """Finish when every seat has called (the first lead) or every other side dropped out."""
        in_play = {table.seat_side[s] for s in range(table.n) if not (table.dropped >> s) & 1}
        if len(in_play) <= 1:  # skips the rest of the sequence: the hand is scored unplayed
            self.finish(scoring.TrickScoring(table, walkover=True))
        elif len(table.calls) >= table.n:
            playing.settle(table, table.suits, table.starter)  # type: ignore[arg-type]  # declared on entering
            self.finish(hand_over(table, self.kind))


@entry(phases.CALLS)
def start(table: TrickTable) -> Calls | None:
    """The calls from the current seat on (at once over when nobody is left to call), under the
    trumps the deal fixed, in a hand with calls; also the way back to them from a discard."""
    if table.t.rules.calls is None:
        return None
    if table.suits is None:
        table.declare(table.t.suits(table.fixed))
    phase = Calls()
    phase._go_on(table)
    return phase
