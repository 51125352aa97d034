"""A trick match's table: the state its whole hand shares, which every phase (tricks/phases/) is
handed and changes — the hands as bitmasks over tile ids, the stock, the tiles out of play, the
auction's record, the suits and counts once declared, what each side has won and captured, whose
turn it is, and the log it appends to — and the match's own counters a hand reads (the round, the
starter, the redeals, the scores).

What a phase keeps to itself (the trick on the table, the tiles still to discard) lives on the
phase. `copy` gives an independent table, as `Match.clone` needs; `seen_by` builds one from what
one seat has seen, with the hidden tiles dealt afterwards by `redeal` (tricks/determinize.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from interpreter.engine import events as ev
from interpreter.engine.actions import Action
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.observation import Observation
from interpreter.engine.pool import pool_in
from interpreter.engine.slots import slot_copier
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.auction import Auction
from interpreter.engine.tricks.declared import Declared
from interpreter.engine.tricks.stockpile import StockPile
from interpreter.engine.tricks.suits import Declaration, Suits
from interpreter.engine.tricks.tables import TrickTables
from interpreter.rulefile.ruleset import Ruleset
from interpreter.rulefile.trick_rules import Contract


class Laid(NamedTuple):
    """The seats that laid the hidden tiles out of play (TrickTable.redeal)."""

    aside: list[int]  # per tile thrown in or exchanged, its seat, in order
    discards: list[int]  # per tile discarded, its seat, in order
    face_down: list[int]  # per seat, the tiles it laid face down to the tricks taken so far


class TrickTable:
    """The shared state of a trick match's hand (module docstring)."""

    __slots__ = (
        "absent", "auction", "available", "calls", "captured", "claimed", "contract", "count", "current", "dead",
        "dealer", "deals", "dealt_hands", "declared", "delivered", "discard_seats", "discards", "dropped", "events",
        "face_down", "fixed",
        "given", "hands", "last_bonus", "last_side", "last_trick", "last_winner", "n", "out", "played", "pool",
        "previous_winner", "redeals", "rng",
        "round", "ruleset", "scores", "seat_side", "set_aside", "sides", "starter", "stock", "suits", "t",
        "tracks", "trick_no", "voids", "widow", "widow_shown", "winners", "won_count", "won_tricks",
    )  # fmt: skip

    def __init__(
        self, t: TrickTables, ruleset: Ruleset, sides: int, scores: list[int], events: list[ev.Record],
        rng: random.Random, deals: Sequence[ScriptedDeal] = (),
    ) -> None:  # fmt: skip
        n = t.players
        self.t = t  # the rules' tables (tricks/tables.py): shared, never changed
        self.ruleset = ruleset
        self.n = n
        self.sides = sides
        self.seat_side = [seat % sides for seat in range(n)]
        self.scores = scores  # the match's own list: a hand's score changes it
        self.events = events  # the match's log: the phases append to it
        self.rng = rng
        self.deals = tuple(deals)
        self.winners: tuple[int, ...] = ()  # set by the hand's scoring when the match ends
        self.round = 0
        self.starter = -1
        self.dealer = -1
        self.redeals = 0
        self.dealt_hands = 0  # deals so far, redeals included: what a search's playout stops at
        self.previous_winner: int | None = None  # a seat of the side that gained most last hand
        self.pool = 0  # staked and not yet taken (match.pool, engine/pool.py)
        # scoring.tracks: per track, its value per side (tuples, replaced at each hand's end).
        self.tracks = tuple((0,) * sides for _ in ruleset.tracks)
        self.new_hand([0] * n, [], [])

    def new_hand(self, hands: list[int], stock: list[int], dead: list[int]) -> None:
        """Start a hand of `hands`, the `stock` (next tile drawn first) and `dead` tiles out of play."""
        n, sides = self.n, self.sides
        self.hands = hands
        self.dead = dead
        self.stock = StockPile(stock[::-1])  # next tile to draw last (pop()); a turned-up tile is drawn last of all
        self.current = self.starter
        self.claimed: int | None = None  # the side whose tricks.stop_when ended the hand
        self.absent = 0  # mask of the seats playing no tile this hand (dropped, or a contract's partner_out)
        self.dropped = 0  # mask of the seats that dropped out (calls)
        self.set_aside: list[tuple[int, int]] = []  # (tile, seat) of hands thrown in or exchanged: out of play
        self.calls: list[tuple[int, str]] = []  # (seat, keep/drop/exchange), in order
        self.auction = Auction()
        self.suits: Suits | None = None
        # The trumps the deal fixed (the file's, or a tile turned up): what the hand is played
        # under when no declaration names trumps (the calls, the first lead without an auction).
        self.fixed: Declaration = self.t.fixed
        self.count = self.t.count
        self.contract: Contract | None = None  # a special contract declared in place of trumps
        self.out: int | None = None  # the seat that sits this hand out (a contract's partner_out)
        self.trick_no = 0  # tricks taken so far this hand
        self.last_trick: list[tuple[int, int]] = []  # (seat, tile) of the trick taken last
        self.last_winner: int | None = None
        self.last_side: int | None = None  # the side paid for the last trick
        self.last_bonus = False  # the last trick was taken by a play tricks.last_bonus lists
        self.won_tricks = [0] * sides
        self.won_count = [0] * sides
        self.captured = [0] * sides  # tiles each side captured
        self.played = [0] * n  # per seat: the tiles it played face up this hand
        self.voids = [0] * n  # per seat: mask of the suits (1 << suit) it has shown out of
        self.face_down = [0] * n  # per seat: the tiles it laid face down to tricks this hand
        self.discards: list[int] = []  # the tiles laid face down after a kitty or an exchange (hidden from the others)
        self.discard_seats: list[int] = []  # who laid each
        self.available = 0  # the points this hand still holds: what a contract may yet make (scoring.outcome)
        self.given = [0] * n  # per seat: the tiles it passed before play (passing), known to it and its receiver
        self.delivered = False  # whether the tiles passed have reached their receivers
        self.widow: list[int] = []  # the undealt tiles waiting for the first or the last trick's winner
        self.widow_shown: list[int] = []  # the undealt tiles every seat has seen: shown face up, or taken
        self.declared = Declared.none(n, sides)  # the declarations that score (declaration)

    def copy(self) -> TrickTable:
        """An independent copy (sharing the rules' tables, the scripted deals, the log and the
        random stream, which `Match.clone` replaces with copies of its own)."""
        new = _shallow_copy(self)
        new.hands = self.hands.copy()
        new.scores = self.scores.copy()
        new.auction = self.auction.copy()
        new.won_tricks = self.won_tricks.copy()
        new.won_count = self.won_count.copy()
        new.played = self.played.copy()
        new.voids = self.voids.copy()
        new.discards = self.discards.copy()
        new.captured = self.captured.copy()
        new.face_down = self.face_down.copy()
        new.given = self.given.copy()
        new.widow = self.widow.copy()
        new.widow_shown = self.widow_shown.copy()
        new.discard_seats = self.discard_seats.copy()
        new.dead = self.dead.copy()
        new.stock = self.stock.copy()
        new.set_aside = self.set_aside.copy()
        new.calls = self.calls.copy()
        new.last_trick = self.last_trick.copy()
        new.declared = self.declared.copy()
        return new

    # --- what the phases share --------------------------------------------------------------

    def next_in_play(self, seat: int) -> int:
        """The next seat to play after `seat`, past those sitting out."""
        seat = self.t.next_seat(seat)
        while (self.absent >> seat) & 1:
            seat = self.t.next_seat(seat)
        return seat

    def ahead(self, seats: list[int]) -> int:
        """The places in a trick (the seats that played to it, in order) whose tile takes it over an
        equal tile played before it by a seat not among them (Suits.winner's `ahead`): under
        `tricks.ties: bidder_side`, the auction winner's side; else none, the first of equals."""
        return self.t.tie_places(seats, self.auction.bidder, self.sides)

    def held(self, tile: Any) -> int:
        """The id of a copy of `tile` the current seat holds."""
        t = self.t
        if not t.twins:
            return t.index[tile]
        hand = self.hands[self.current]
        return next(x for x in t.copies[tile] if (hand >> x) & 1)

    def hand_actions(self, kind: str, tiles_of: int | None = None) -> list[Action]:
        """One action of `kind` per tile of the current seat's hand (or of the mask `tiles_of`, a
        part of it), each tile once, in tile order (a tile laid face down: discarded, passed)."""
        tiles = self.t.tiles
        mask = self.hands[self.current] if tiles_of is None else tiles_of
        return [Action(kind, tile) for tile in dict.fromkeys(tiles[x] for x in bits(mask))]

    def lay_face_down(self, action: Action) -> int:
        """The current seat lays the tile of `action` face down from its hand: logged without the
        tile in the log's public form; its id."""
        seat = self.current
        self.events.append((ev.DISCARD, seat, action))
        tile = self.held(action.tile)
        self.hands[seat] &= ~(1 << tile)
        return tile

    def draw(self, seat: int) -> None:
        """`seat` draws the stock's next tile."""
        x = self.stock.draw(seat)
        self.hands[seat] |= 1 << x
        self.events.append((ev.DRAW, seat, self.t.tiles[x]))

    def declare(self, suits: Suits) -> None:
        """The hand is played under `suits`: the tiles count by them from now."""
        self.suits = suits
        self.count = self.t.count_for(suits)

    def count_available(self, tricks: int) -> None:
        """The points the hand holds: the count of every tile in play, and `tricks` tricks' worth."""
        count, rules = self.count, self.t.rules
        dead = set(self.dead)
        self.available = sum(count[x] for x in range(len(self.t.tiles)) if x not in dead)
        self.available += tricks * rules.trick_points + rules.last_trick

    def side_points(self, side: int) -> int:
        """The points `side` has taken this hand: its tricks, their count, the last trick's bonus."""
        rules = self.t.rules
        bonus = rules.last_trick if self.last_side == side else 0
        return self.won_tricks[side] * rules.trick_points + self.won_count[side] + bonus + self.declared_points(side)

    def declared_points(self, side: int) -> int:
        """The points `side` declared that count now: all, or (declaration.after_trick) once it has a trick."""
        declaration = self.t.rules.declaration
        if declaration is None or (declaration.after_trick and not self.won_tricks[side]):
            return 0
        return self.declared.points[side]

    def own_discards(self, seat: int) -> list[int]:
        """The tiles `seat` laid face down itself: a hand thrown in or exchanged, a kitty's
        discards, plays face down (only that seat knows them)."""
        own = [x for x, by in self.set_aside if by == seat]
        own += [x for x, by in zip(self.discards, self.discard_seats, strict=True) if by == seat]
        return own + bits(self.face_down[seat])

    def passed_between(self, seat: int) -> tuple[list[int], list[int]] | None:
        """The tiles `seat` passed before play and those it received (none until they change
        hands), as ids; None when no tile was passed this hand."""
        if not any(self.given):
            return None
        from_seat = next(s for s in range(self.n) if self.t.passes_to(s) == seat)
        return bits(self.given[seat]), bits(self.given[from_seat]) if self.delivered else []

    def view_fields(self) -> dict[str, Any]:
        """The TrickView fields the table holds (what every seat sees of it)."""
        tiles = self.t.tiles
        auction = self.auction
        bid = None if auction.high is None else self.t.bid_of[auction.high]
        suits = self.suits
        pile = self.stock
        at_close = pile.at_close
        return {
            "dealer": self.dealer, "starter": self.starter, "bids": tuple(auction.bids), "bidder": auction.bidder,
            "bid": None if bid is None else bid.value, "bid_name": None if bid is None else bid.name,
            "make": None if bid is None else bid.make,
            "declaration": None if suits is None else suits.declaration,
            "last_trick": tuple((seat, tiles[x]) for seat, x in self.last_trick), "last_winner": self.last_winner,
            "tricks_won": tuple(self.won_tricks),
            "points_won": tuple(self.side_points(s) for s in range(self.sides)),
            "played": tuple(tuple(tiles[x] for x in bits(p)) for p in self.played),
            "voids": tuple(tuple(bits(v)) for v in self.voids),
            "contract": None if self.contract is None else self.contract.name, "sitting_out": self.out,
            "doubles_place": self.announced_place(),
            "must_declare": None if auction.must_declare is None else auction.must_declare.name,
            "bid_suit": auction.suit,
            "turned_down": self.t.over_turn_up and auction.passes() >= self.n,
            "kitty": len(self.discards),
            "stock": len(pile.tiles), "turn_up": None if pile.turn_up is None else tiles[pile.turn_up],
            "turn_up_holder": pile.holder, "closed_by": pile.closed_by, "turn_up_taken": pile.taken,
            "at_close": (tuple(at_close[0]), tuple(at_close[1])) if at_close[0] else (),
            "calls": tuple(self.calls), "dropped": tuple(s for s in range(self.n) if (self.dropped >> s) & 1),
            "suit_names": () if suits is None else suits.names, "captured": tuple(self.captured),
            **self.widow_fields(), **self.declared_fields(),
        }  # fmt: skip

    def announced_place(self) -> str | None:
        """The doubles' place the contract's declarer announced (contracts[].doubles: declared), once announced."""
        contract = self.contract
        if contract is None or contract.doubles_declared or not self.t.contracts[contract.name].doubles_declared:
            return None
        return contract.doubles.value

    def declared_fields(self) -> dict[str, Any]:
        """The declarations and the melds as every seat sees them (none in a game without)."""
        if not self.t.shows:
            return {}
        tiles, declared = self.t.tiles, self.declared
        return {
            "declared": tuple(declared.points), "declarers": tuple(s for s in range(self.n) if (declared.by >> s) & 1),
            "shown": tuple(tuple(tiles[x] for x in bits(m)) for m in declared.shown),
            "lead_from": tuple(tiles[x] for x in bits(declared.lead_from)), "melds": declared.melds,
        }  # fmt: skip

    def widow_fields(self) -> dict[str, Any]:
        """The undealt tiles as every seat sees them: how many wait on the table for a trick's
        winner, and the tiles once shown (face up from the deal, or as the winner took them)."""
        tiles = self.t.tiles
        return {"widow_size": len(self.widow), "widow": tuple(tiles[x] for x in self.widow_shown)}

    def take_widow(self, seat: int) -> None:
        """`seat` takes the undealt tiles with the trick it won: its side captures them and what they count."""
        side = self.seat_side[seat]
        widow, self.widow = self.widow, []
        count = sum(self.count[x] for x in widow)
        self.captured[side] += len(widow)
        self.won_count[side] += count
        self.dead += widow  # out of play, taken: every seat sees them now
        self.widow_shown = widow
        shown = [[self.t.low[x], self.t.high[x]] for x in widow]
        self.events.append({"type": "widow_taken", "seat": seat, "side": side, "tiles": shown, "count": count})

    # --- a table as one seat has seen it (tricks/determinize.py) ---------------------------------

    @classmethod
    def seen_by(
        cls, t: TrickTables, ruleset: Ruleset, observation: Observation, played: list[int], suits: Suits | None,
        turn_up: int | None,
    ) -> TrickTable:  # fmt: skip
        """The table as `observation`'s seat has seen it: every public thing of the hand as it
        stands, no hidden tile yet (`redeal` deals them). `played` is each seat's played tiles as
        ids; `suits` the hand's suits once known; `turn_up` the id of the tile turned up."""
        view = observation.tricks
        assert view is not None
        scores = list(observation.scores)
        table = cls(t, ruleset, len(scores), scores, [], random.Random(0))
        table.round = observation.round
        table.starter = view.starter
        table.dealer = view.dealer
        table.previous_winner = None  # a later hand's starter: not a sample's concern
        table.pool = pool_in(observation)
        if observation.tracks:
            table.tracks = tuple(tuple(observation.tracks[track.name]) for track in ruleset.tracks)
        auction = table.auction
        auction.bids, auction.bidder, auction.high = list(view.bids), view.bidder, view.bid
        auction.must_declare = None if view.must_declare is None else t.contracts[view.must_declare]
        auction.suit = view.bid_suit
        if suits is not None:
            table.declare(suits)
        table.fixed = t.turned_trump(turn_up) if turn_up is not None else t.fixed
        table.contract = t.contract_named(view.contract, view.doubles_place)
        table.out = view.sitting_out
        table.current = observation.current_player if observation.current_player is not None else view.starter
        used: set[int] = set()
        for seat, tile in view.last_trick:
            x = next(x for x in t.copies[tile] if (played[seat] >> x) & 1 and x not in used)
            used.add(x)
            table.last_trick.append((seat, x))
        table.last_winner = view.last_winner
        table.won_tricks = list(view.tricks_won)
        if view.declared:  # the shown tiles themselves: the determinizer places them (their ids)
            table.declared.points = list(view.declared)
            table.declared.by = sum(1 << s for s in view.declarers)
        table.declared.melds = view.melds
        tp = t.rules.trick_points
        table.won_count = [
            p - w * tp - table.declared_points(s)
            for s, (p, w) in enumerate(zip(view.points_won, view.tricks_won, strict=True))
        ]
        table.played = played
        table.voids = [sum(1 << s for s in voids) for voids in view.voids]
        table.stock.turn_up = turn_up
        table.stock.holder = view.turn_up_holder
        table.stock.taken = view.turn_up_taken
        table.stock.closed_by = view.closed_by
        table.stock.at_close = (list(view.at_close[0]), list(view.at_close[1])) if view.at_close else ([], [])
        table.dropped = sum(1 << s for s in view.dropped)
        table.absent = table.dropped | (0 if view.sitting_out is None else 1 << view.sitting_out)
        table.calls = list(view.calls)
        table.trick_no = sum(view.tricks_won)
        table.captured = list(view.captured) if view.captured else [0] * table.sides
        return table

    def redeal(
        self, hands: list[int], stock: list[int], pool: list[int], own: list[int], seat: int,
        plays: list[tuple[int, tuple[int, ...], bool]], laid: Laid,
    ) -> None:  # fmt: skip
        """Deal the tiles hidden from `seat` as a sample of what they may be: the `hands`, the
        `stock` (drawn last first), and out of play the `pool` of the other unseen tiles and the
        tiles `seat` laid face down itself (`own`, in the order `own_discards` lists them), placed
        as `laid` says who laid how many: thrown in, discarded, face down to the tricks; `plays`
        is the trick on the table as (seat, tiles, face up), its face-down tiles dealt already."""
        self.hands = hands
        self.stock.tiles = stock
        pool, own = pool.copy(), own.copy()

        def take(by: int) -> int:
            return own.pop(0) if by == seat and own else pool.pop()

        self.set_aside = [(take(by), by) for by in laid.aside]
        self.discards = [take(by) for by in laid.discards]
        self.discard_seats = laid.discards.copy()
        self.face_down = [0] * self.n
        for by, ids, up in plays:
            if not up:
                self.face_down[by] |= sum(1 << x for x in ids)
        for by, count in enumerate(laid.face_down):
            for _ in range(count):
                self.face_down[by] |= 1 << take(by)
        self.dead = pool + own + self.discards
        dealt = sum(h.bit_count() for h in hands) + sum(p.bit_count() for p in self.played)
        if not self.delivered:  # tiles given in a passing still under way: out of the hands, not of the hand
            dealt += sum(g.bit_count() for g in self.given)
        self.count_available(dealt // self.n)


_shallow_copy = slot_copier(TrickTable)
