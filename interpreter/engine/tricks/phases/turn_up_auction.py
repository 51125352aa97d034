"""An auction over the turned-up suit (docs/format.md, `bidding.bids: turn_up`): from the starter
on, each seat accepts the suit of the tile turned up for trumps (`accept`) or passes, and the
first to accept closes the auction. When everyone passed, the tile is turned down (a public
`turn_down` event) and, with `bidding.second_round: other_suit`, each seat from the starter again
may name a suit other than its suit (`trumps 3`) or pass; the first to name one closes it. When
nobody made trumps the hand is dealt again by the next dealer (`all_pass: redeal`), or the dealer
may not pass in the last round (`forced`).

The auction's record is the table's (tricks/auction.py): a seat that makes trumps holds the one
bid there is, worth `bidding.make`, with the suit it made; which round it is follows from the
passes, so the phase keeps nothing of its own (a determinization rebuilds it as it is)."""

from __future__ import annotations

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import ACCEPT, PASS, PASS_ACTION, TRUMPS, Action
from interpreter.engine.tricks.phases import BIDDING, TrickPhase, enter, hand_over
from interpreter.engine.tricks.suits import suit_name
from interpreter.engine.tricks.table import TrickTable
from interpreter.rulefile.trick_rules import SecondRound

_ACCEPT = Action(ACCEPT)


def turned_suit(table: TrickTable) -> int:
    """The suit of the tile turned up: its higher end (a double: its number)."""
    up = table.stock.turn_up
    assert up is not None, "an auction over the turned-up suit follows a tile turned up"
    return table.t.turned_trump(up)


def turned_down(table: TrickTable) -> bool:
    """Whether everyone passed the turned-up suit: the second round (naming another) is on."""
    return table.auction.passes() >= table.n


class TurnUpAuction(TrickPhase):
    kind = phases.AUCTION
    name = BIDDING

    def legal(self, table: TrickTable) -> list[Action]:
        """A pass (unless the dealer may not pass), then accepting the suit, or naming each other
        suit in suit order."""
        out = [PASS_ACTION] if self._may_pass(table) else []
        if not turned_down(table):
            return [*out, _ACCEPT]
        turned = turned_suit(table)
        return out + [Action(TRUMPS, value=s) for s in range(table.t.max_pip + 1) if s != turned]

    def apply(self, table: TrickTable, action: Action) -> None:
        seat = table.current
        table.events.append((ev.ACTION, seat, action))
        auction, t = table.auction, table.t
        if action.kind == PASS:
            auction.bids.append((seat, None))
            if len(auction.bids) % table.n:
                table.current = t.next_seat(seat)
            elif self._second_round(table) and len(auction.bids) == table.n:
                table.events.append({"type": "turn_down", "seat": table.dealer, "suit": turned_suit(table)})
                table.current = table.starter
            else:  # nobody made trumps: deal again (bounded by start.max_redeals)
                table.redeals += 1
                self.finish(enter(phases.DEAL, table))  # a cycle: the sequence goes back to the deal
            return
        suit = turned_suit(table) if action.kind == ACCEPT else action.value
        assert isinstance(suit, int)
        auction.make(seat, t.bids[0].value, suit)
        table.redeals = 0
        bid = t.bids[0]
        table.events.append(
            {"type": "contract", "seat": seat, "bid": bid.value, "name": bid.name, "make": bid.make, "marks": bid.marks,
             "suit": suit}
        )  # fmt: skip
        # The sequence goes on: the dealer's exchange once the turned-up suit was accepted
        # (turn_up.py, stock.take_turn_up: dealer_on_accept), then the maker's declaration.
        table.current = seat
        self.finish(hand_over(table, self.kind))

    def why_illegal(self, table: TrickTable, action: Action) -> str:
        if action.kind == PASS:
            return "you deal, and everyone else passed: you must make trumps"
        turned = suit_name(turned_suit(table), table.t.max_pip + 1)
        if not turned_down(table):
            return f"accept the {turned} turned up as trumps, or pass"
        if action.kind == TRUMPS and action.value == turned_suit(table):
            return f"the {turned} were turned down: name another suit, or pass"
        return "name a suit other than the one turned down (as in 'trumps 3'), or pass"

    @staticmethod
    def _second_round(table: TrickTable) -> bool:
        bidding = table.t.rules.bidding
        return bidding is not None and bidding.second_round is SecondRound.OTHER_SUIT

    def _may_pass(self, table: TrickTable) -> bool:
        """Everyone may pass but the last to speak in the last round, when the dealer is forced
        (all_pass: forced) or the hand was passed out too often in a row (start.max_redeals)."""
        n = table.n
        last_round = turned_down(table) or not self._second_round(table)
        if not (last_round and len(table.auction.bids) % n == n - 1):
            return True
        return not (table.t.forced or table.redeals >= table.ruleset.start.max_redeals)
