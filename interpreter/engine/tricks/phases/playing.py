"""The tricks of a hand: one tile a seat (or a play of several, grouped.py), the first lead by the
declarer or the starter and each trick's winner the next; a seat must follow the suit led when it
can, as the rule file says (docs/format.md, "Trick games"). A seat about to lead may close the
stock. When the hand's last trick is taken, or a side claims the hand, or its contract is decided,
the hand is scored (scoring.py).

The trick on the table is this phase's own state; what the tricks won, captured and showed (the
voids) is the table's, which the scoring and the views read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import CLOSE, DECLARE, DOUBLES, PASS, PASS_ACTION, PICK, PLAY, Action
from interpreter.engine.tiles import Tile, bits, tile_text
from interpreter.engine.tricks.phases import (
    CLOSE_WHY,
    PLAYING,
    TrickPhase,
    declarations,
    entry,
    grouped,
    hand_over,
    scoring,
    trick_scores,
)
from interpreter.engine.tricks.suits import Suits, suit_name
from interpreter.engine.tricks.table import TrickTable
from interpreter.rulefile.trick_rules import FirstLeader, LedSuit

_CLOSE = Action(CLOSE)
_DECLARE = Action(DECLARE)


def settle(table: TrickTable, suits: Suits, leader: int) -> None:
    """The hand is played under `suits`, `leader` leading the first trick (past a seat sitting
    out): what the declaration, or the calls, settle before the phases that follow them."""
    table.declare(suits)
    if table.out is not None:
        table.absent |= 1 << table.out
    table.current = leader if leader != table.out else table.auction.bidder  # type: ignore[assignment]
    if (table.absent >> table.current) & 1:  # the leader dropped out: the next seat in play leads
        table.current = table.next_in_play(table.current)


class TrickPlaying(TrickPhase):
    kind = phases.TRICKS
    name = PLAYING
    heavy = True

    def __init__(self) -> None:
        super().__init__()
        self.led: int | None = None  # the suit of the trick on the table
        self.trick: list[int] = []  # its tiles face up, led first
        self.trick_seats: list[int] = []  # who played each
        # Tricks of tiles played together, or laid face down (t.grouped): the trick's plays as
        # (seat, tile ids, shown face up), and which of them leads the trick so far.
        self.plays: list[tuple[int, tuple[int, ...], bool]] = []
        self.best = 0
        self.picked: list[int] = []  # the current seat's picks towards its play (tricks/picks.py)

    @classmethod
    def seen(
        cls, led: int | None, trick: list[tuple[int, int]], plays: list[tuple[int, tuple[int, ...], bool]],
        best: int, picked: list[int],
    ) -> TrickPlaying:  # fmt: skip
        """The play with a trick on the table as a seat has seen it (tricks/determinize.py)."""
        phase = cls()
        phase.led = led
        phase.trick = [x for _, x in trick]
        phase.trick_seats = [seat for seat, _ in trick]
        phase.plays, phase.best, phase.picked = plays, best, picked
        return phase

    def copy(self) -> TrickPlaying:
        new = TrickPlaying()
        new.led, new.best = self.led, self.best
        new.trick, new.trick_seats = self.trick.copy(), self.trick_seats.copy()
        new.plays, new.picked = self.plays.copy(), self.picked.copy()
        new.done, new._next = self.done, self._next
        return new

    # --- what may be played -----------------------------------------------------------------

    def legal(self, table: TrickTable) -> list[Action]:
        """Plays in tile order (following a lead of several tiles: the picks, never every group),
        then the close of the stock."""
        t = table.t
        if t.grouped:
            legal = list(dict.fromkeys(grouped.actions(self, table)))
            if not self.plays and may_close(table):
                legal.append(_CLOSE)
            if self.may_hand_on(table):
                legal.append(PASS_ACTION)
            return legal
        plays = t.plays
        if self.trick:
            legal = [plays[x] for x in bits(self.play_mask(table))]
            return list(dict.fromkeys(legal)) if t.twins else legal  # a tile twice: once
        if t.rules.led_suit is LedSuit.LEADER_NAMES:
            legal = self.lead_actions(table, self.play_mask(table))
        else:
            legal = [plays[x] for x in bits(self.play_mask(table))]
        legal = list(dict.fromkeys(legal)) if t.twins else legal
        if self.may_hand_on(table):
            legal.append(PASS_ACTION)
        if t.rules.stock is not None and may_close(table):
            legal.append(_CLOSE)
        if t.rules.declaration is not None and declarations.may_declare(table):
            legal.append(_DECLARE)
        return legal

    def may_hand_on(self, table: TrickTable) -> bool:
        """Whether the current seat may hand the first lead of the hand to the next seat: it is the
        starter, about to lead the first trick (tricks.first_leader: starter_or_next). Once handed
        on, the lead is the next seat's, which is not the starter: no state of its own is needed."""
        if table.t.rules.first_leader is not FirstLeader.STARTER_OR_NEXT or self.trick or self.plays:
            return False
        return table.trick_no == 0 and table.current == table.starter

    def accepts(self, table: TrickTable, action: object) -> bool:
        return grouped.completing(self, table, action) is not None

    def play_mask(self, table: TrickTable) -> int:
        """The tiles the current seat may play now."""
        hand = table.hands[table.current]
        suits = table.suits
        assert suits is not None
        rules = table.t.rules
        if suits.best_only:  # a ranked contract: one of the highest-ranked tiles held
            ranks = suits.rank[0]
            held = bits(hand)
            best = max(ranks[x] for x in held)
            return sum(1 << x for x in held if ranks[x] == best)
        if not self.trick:
            if table.declared.lead_from:  # the declarer leads one of the tiles he showed
                return table.declared.lead_from & hand
            trumps = hand & suits.trumps
            if trumps and rules.lead_trump is not None and rules.lead_trump(self._lead_env(table, trumps)):
                return trumps
            return hand
        stock = rules.stock
        if stock is not None and stock.free_while_open and table.stock.open:
            return hand  # no obligations while the stock is open
        allowed = hand
        led = self.led
        assert led is not None
        following = hand & suits.follows[led]
        if following and rules.must_follow:
            allowed = following
        elif not following and rules.must_trump:
            allowed = hand & (suits.trumps | suits.top) or hand
        if rules.must_beat:
            n = len(self.trick)
            trick = self.trick
            ahead = table.ahead([*self.trick_seats, table.current])
            winning = sum(1 << x for x in bits(allowed) if suits.winner([*trick, x], led, ahead) == n)
            allowed = winning or allowed
        return allowed

    def _lead_env(self, table: TrickTable, trumps: int) -> dict[str, Any]:
        """The names `tricks.lead_trump` reads (LEAD_NAMES), of the current seat about to lead."""
        seat = table.current
        return {
            **table.t.count_env, "trumps": trumps.bit_count(), "tiles": table.hands[seat].bit_count(),
            "won_last": table.last_winner == seat and table.trick_no > 0, "trick": table.trick_no,
        }  # fmt: skip

    def lead_actions(self, table: TrickTable, mask: int) -> list[Action]:
        """The leads of `mask`; where the leader names the suit, a non-trump, non-double tile
        once per end, and a non-trump double as its number then as the doubles where they may be called."""
        t = table.t
        suits = table.suits
        assert suits is not None
        if t.rules.led_suit is not LedSuit.LEADER_NAMES:
            return [t.plays[x] for x in bits(mask)]
        out = []
        callable_doubles = t.rules.doubles_callable
        for x in bits(mask):
            low, high = t.low[x], t.high[x]
            if (suits.trumps >> x) & 1:
                out.append(t.plays[x])
            elif low == high:  # its own number, or (tricks.doubles_callable) the doubles
                out += [t.plays[x], t.doubles_leads[x]] if callable_doubles else [t.plays[x]]
            else:
                out += [t.named_leads[x][0], t.named_leads[x][1]]
        return out

    # --- playing ------------------------------------------------------------------------------

    def apply(self, table: TrickTable, action: Action) -> None:
        t = table.t
        if action.kind == PASS:  # the starter hands the first lead to the next seat, which must lead
            table.events.append((ev.ACTION, table.current, action))
            table.current = table.next_in_play(table.current)
        elif action.kind == CLOSE:  # the current seat closes the stock: no more draws, the obligations hold
            table.events.append((ev.ACTION, table.current, action))
            points = [table.side_points(s) for s in range(table.sides)]
            table.stock.close(table.current, table.won_tricks.copy(), points)
        elif action.kind == DECLARE:  # the leader shows tiles for points: a claim may follow at once
            counted = declarations.declare(table, action)
            if table.declared.won is not None:  # a declaration that wins the hand (declaration.wins_when)
                self.finish(scoring.TrickScoring(table, walkover=False))
            elif counted:
                self.claim(table)
        elif t.grouped:
            grouped.play(self, table, action)
        else:
            table.events.append((ev.ACTION, table.current, action))
            self.play(table, table.held(action.tile) if t.twins else t.index[action.tile], action.value)  # type: ignore[arg-type, index]

    def play(self, table: TrickTable, tile: int, named: int | str | None = None) -> None:
        """The current seat plays `tile` (leading the suit `named`, where the leader names it: a
        pip, or the doubles)."""
        seat = table.current
        suits = table.suits
        assert suits is not None
        table.hands[seat] &= ~(1 << tile)
        table.played[seat] |= 1 << tile
        if table.t.shows:
            table.declared.played(seat, tile)
        if table.stock.holder is not None:
            table.stock.played(seat, tile)
        if self.trick:
            led = self.led
            assert led is not None
            if not (suits.follows[led] >> tile) & 1:
                table.voids[seat] |= 1 << led
        elif named == DOUBLES:  # the doubles called as a suit (tricks.doubles_callable)
            self.led = suits.trump + 1
        else:
            self.led = suits.led_suit[tile] if named is None else int(named)
        self.trick.append(tile)
        self.trick_seats.append(seat)
        if len(self.trick) < table.n - table.absent.bit_count():
            table.current = table.next_in_play(seat)
            return
        seats = self.trick_seats
        self.taken(table, seats[suits.winner(self.trick, self.led, table.ahead(seats))], self.trick, [])

    def taken(self, table: TrickTable, taker: int, tiles: list[int], face_down: list[list[int]]) -> None:
        """`taker` takes the trick of `tiles` (and of tiles laid face down, [seat, how many])."""
        t = table.t
        side = table.seat_side[taker]
        table.won_tricks[side] += 1
        table.trick_no += 1
        table.captured[side] += len(tiles)
        count = sum(table.count[x] for x in tiles)
        table.won_count[side] += count
        stock = t.rules.stock
        drawing = stock is not None and stock.draw and table.stock.open
        # The last trick: every seat in play is out of tiles (a seat sitting the hand out keeps its own).
        last = not drawing and not any(h for seat, h in enumerate(table.hands) if not (table.absent >> seat) & 1)
        bonus = last and table.stock.closed_by is None  # a closed stock pays no bonus for the last trick
        if bonus:
            table.last_side = side
        shown = [[seat, [t.low[x], t.high[x]]] for seat, x in zip(self.trick_seats, self.trick, strict=True)]
        points = t.rules.trick_points + count + (t.rules.last_trick if bonus else 0)
        trick = {"type": "trick", "seat": taker, "side": side, "tiles": shown, "count": count, "points": points}
        if face_down:
            trick["face_down"] = face_down  # how many tiles each seat laid face down: never which
        table.events.append(trick)
        if t.rules.trick_scores:
            trick_scores.score_trick(table, taker, tiles, *self.won_with(table, taker))
        if table.widow and (t.widow_trick == 1 or (t.widow_trick == -1 and last)):
            table.take_widow(taker)
        if drawing:
            seat = taker  # the trick's winner draws first, then the others in turn
            for _ in range(table.n - table.absent.bit_count()):
                if not table.stock.tiles:
                    break
                table.draw(seat)
                seat = table.next_in_play(seat)
        if last and t.rules.last_bonus:
            play, combination = self.won_with(table, taker)
            table.last_bonus = any(named.took(play, combination) for named in t.rules.last_bonus)
        table.last_trick = list(zip(self.trick_seats, self.trick, strict=True))
        table.last_winner = taker
        self.trick = []
        self.trick_seats = []
        self.plays = []
        self.best = 0
        self.led = None
        table.current = taker
        if self.claim(table):
            return
        if last or (t.rules.stop_when_decided and scoring.outcome(table, False) is not None):
            self.finish(hand_over(table, self.kind))

    def claim(self, table: TrickTable) -> bool:
        """End the hand for the first side whose points meet `tricks.stop_when` (a claim); whether one did."""
        stop_when = table.t.rules.stop_when
        if stop_when is None:
            return False
        taken = [table.side_points(s) for s in range(table.sides)]
        for s in range(table.sides):
            if stop_when(scoring.hand_env(table, s, taken, False)):
                table.claimed = s
                self.finish(hand_over(table, self.kind))
                return True
        return False

    def won_with(self, table: TrickTable, taker: int) -> tuple[tuple[Tile, ...], tuple[str, int, str] | None]:
        """The play that took the trick on the table (its tiles, sorted), and the combination it
        makes ((kind, rank, name); None for a single tile)."""
        t = table.t
        ids = self.plays[self.best][1] if self.plays else (self.trick[self.trick_seats.index(taker)],)
        play = tuple(sorted(t.tiles[x] for x in ids))
        return play, t.groups.of.get(play) if len(play) > 1 else None

    # --- what a player reads ------------------------------------------------------------------

    def why_illegal(self, table: TrickTable, action: Action) -> str:
        if action.kind == CLOSE:
            return CLOSE_WHY
        if action.kind == DECLARE:
            return declarations.why_not(table)
        if action.kind == PASS:
            return "only the starter, about to lead the first trick of a hand, may hand the lead to the next player"
        picking = grouped.picking(self, table)
        if action.kind == PICK and picking:
            return grouped.why_pick(self, table, action)
        if action.kind != PLAY or action.tile is None:
            return "play a tile to the trick" + (", or pick one towards your play" if picking else "")
        if table.t.grouped:
            return grouped.why_play(self, table, action)
        copies = table.t.copies.get(action.tile, ())
        hand = table.hands[table.current]
        if not any((hand >> x) & 1 for x in copies):
            return f"{tile_text(action.tile)} is not in your hand"
        suits = table.suits
        assert suits is not None
        text = tile_text(action.tile)
        if suits.best_only:
            name = "" if table.contract is None else f" ({table.contract.name})"
            return f"you must play one of your highest-ranked tiles{name}: {text} is not one"
        if not self.trick:
            return self.why_lead(table, action, suits)
        led = self.led
        assert led is not None
        name = suit_name(led, suits.trump, suits.names)
        rules = table.t.rules
        if hand & suits.follows[led] and rules.must_follow and not any((suits.follows[led] >> x) & 1 for x in copies):
            return f"you must follow {name}: {text} does not"
        if not hand & suits.follows[led] and rules.must_trump:
            return f"you cannot follow {name}, so you must trump: {text} is not a trump"
        return f"you must take the trick if you can: {text} does not"

    def why_lead(self, table: TrickTable, action: Action, suits: Suits) -> str:
        tile: Tile = action.tile  # type: ignore[assignment]  # a play's tile
        text = tile_text(tile)
        x = table.held(tile)
        lead_from = table.declared.lead_from
        if lead_from and not (lead_from >> x) & 1:
            shown = " ".join(tile_text(table.t.tiles[y]) for y in bits(lead_from & table.hands[table.current]))
            return f"having declared, you must lead one of the tiles you showed ({shown}): {text} is not one"
        if (self.play_mask(table) >> x) & 1:  # the tile may be led: the named suit is wrong or missing
            low, high = tile
            if table.t.rules.led_suit is not LedSuit.LEADER_NAMES:
                return f"the leader names no suit in this game: play {text} without 'as'"
            if action.value == DOUBLES:
                return f"only a double may call the doubles, and only where they may be called: {text} may not"
            if (suits.trumps >> x) & 1 or low == high:
                return f"{text} leads its own suit: play it without 'as'"
            return f"say which end of {text} is the suit led: 'play {text} as {high}' or 'as {low}'"
        return f"you must lead a trump now (you hold {(table.hands[table.current] & suits.trumps).bit_count()})"

    def describe(self, table: TrickTable, seat: int) -> Mapping[str, Any]:
        """The trick on the table; the picks towards its play to the seat making them."""
        tiles = table.t.tiles
        out: dict[str, Any] = {
            "phase": self.name,
            "phase_kind": self.kind,
            "trick": tuple((s, tiles[x]) for s, x in zip(self.trick_seats, self.trick, strict=True)),
            "led_suit": self.led if self.trick else None,
            "plays": tuple(
                (s, tuple(tiles[x] for x in ids) if up else (), 0 if up else len(ids)) for s, ids, up in self.plays
            ),
        }
        if self.picked and seat == table.current:
            out["picked"] = tuple(tiles[x] for x in self.picked)
        if self.plays and len(self.plays[0][1]) == 1 and grouped.forfeits(table, table.current):
            out["forfeits"] = True
        return out


@entry(phases.TRICKS)
def tricks(table: TrickTable) -> TrickPlaying:
    """The tricks, from the first lead (the table's current seat leads); under the trumps the
    deal fixed when no declaration or calls settled the play (a hand of neither)."""
    if table.suits is None:
        settle(table, table.t.suits(table.fixed), table.current)
    return TrickPlaying()


def may_close(table: TrickTable) -> bool:
    """Whether the seat about to lead may close the stock: it has taken a trick this hand."""
    stock = table.t.rules.stock
    return (
        stock is not None and stock.close and table.stock.open
        and table.won_tricks[table.seat_side[table.current]] > 0
    )  # fmt: skip
