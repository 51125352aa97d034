"""A draw-and-discard hand's shared state and its turns: the hands (lists of tile ids: copies of a
tile are tiles of their own), the stock, the face-up discards, the groups shown, the tiles each
seat took from the discards and still holds (public knowledge), and whose turn it is at which step.

A turn: START (take a discard the rules allow, or draw), then MELD (with show: when_made, lay
groups face up) and DISCARD; with then_draw, a turn that took draws (DRAW) and discards again.
With drawn: discard_unless_out, a drawn tile that does not complete the hand is discarded at once
and the turn ends. The hand is complete when the tiles held after a take or a draw split as
`complete` says: the player goes out at once (no action). A hand also ends when a draw is needed from an empty stock
that cannot be refilled, or at the turn limit (a documented bound: draw_discard.turn_limit)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.actions import DISCARD, DRAW, DRAW_ACTION, MELD, TAKE, Action
from interpreter.engine.draw_discard.matcher import Vector
from interpreter.engine.draw_discard.tables import DrawDiscardTables
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.rulefile.draw_discard_rules import Drawn, ShowWhen, StockOut, Take, Untaken

START, MELDING, DISCARDING, DRAWING = "start", "meld", "discard", "draw"
OUT, STOCK_OUT, TURN_LIMIT = "out", "stock_out", "turn_limit"  # how a hand ends


class DrawDiscardTable:
    def __init__(
        self, t: DrawDiscardTables, sides: int, scores: list[int], events: list[ev.Record], rng: random.Random,
        deals: Sequence[ScriptedDeal],
    ) -> None:  # fmt: skip
        self.t = t
        self.n = t.n
        self.sides = sides
        self.seat_side = [seat % sides for seat in range(t.n)]
        self.scores = scores
        self.events = events
        self.rng = rng
        self.deals = list(deals)
        self.round = 0
        self.pool = 0
        self.starter = -1
        self.last_out: int | None = None
        self.winners: tuple[int, ...] = ()
        self.new_hand()

    def new_hand(self) -> None:
        n = self.n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.shown: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = []  # the next tile to draw last
        self.discards: list[tuple[int, int]] = []  # (seat, tile id), face up, the last one last
        self.dead: list[int] = []  # discards turned down (untaken: dead): public
        self.out: list[int] = []  # tiles out of play as dealt (a scripted deal names them nowhere): hidden
        self.reshuffled: list[int] = []  # the tiles of the last reshuffle (all were face up): public
        self.current = 0
        self.step = START
        self.owed: int | None = None  # a tile taken to a group (take: last_to_group), still to be shown
        self.took = False  # this turn began with a take
        self.drew = False
        self.turns = 0
        self.ended: str | None = None
        self.out_seat: int | None = None
        self.out_split: Vector | None = None
        self.fed: int | None = None  # the seat whose discard completed the out hand

    def copy(self) -> DrawDiscardTable:
        new = object.__new__(DrawDiscardTable)
        new.__dict__.update(self.__dict__)
        new.scores = self.scores.copy()
        new.deals = self.deals.copy()
        new.hands = [h.copy() for h in self.hands]
        new.shown = [s.copy() for s in self.shown]
        new.known = [k.copy() for k in self.known]
        new.stock = self.stock.copy()
        new.discards = self.discards.copy()
        new.dead = self.dead.copy()
        new.out = self.out.copy()
        new.reshuffled = self.reshuffled.copy()
        return new

    # --- reading ------------------------------------------------------------------------------

    def tile(self, x: int) -> tuple[int, int]:
        return self.t.tiles[x]

    def shown_vector(self, seat: int) -> Vector:
        v = [0] * (len(self.t.kind_names) + 1)
        for kind, _ in self.shown[seat]:
            v[kind] += 1
        return tuple(v)

    def held_count(self, seat: int) -> int:
        return len(self.hands[seat]) + sum(len(tiles) for _, tiles in self.shown[seat])

    def _find(self, seat: int, tile: tuple[int, int]) -> int | None:
        """The id of a `tile` in `seat`'s hand, a known one (taken from the discards) first."""
        for x in self.known[seat]:
            if self.t.tiles[x] == tile:
                return x
        for x in self.hands[seat]:
            if self.t.tiles[x] == tile:
                return x
        return None

    # --- what is legal ------------------------------------------------------------------------

    def legal(self) -> list[Action]:
        if self.step == START:
            return [*self._takes(), DRAW_ACTION]
        if self.step == DRAWING:
            return [DRAW_ACTION]
        melds = self._melds() if self.step == MELDING else []
        if self.owed is not None:
            return melds
        if melds and self.t.rules.must_show:
            return melds
        hand = sorted({self.t.tiles[x] for x in self.hands[self.current]})
        return [*melds, *(Action(DISCARD, tile) for tile in hand)]

    def _takes(self) -> list[Action]:
        rules = self.t.rules
        if rules.take is Take.NONE or not self.discards:
            return []
        if rules.take is Take.ANY:
            faces = {self.t.tiles[x]: x for _, x in self.discards}
            return [Action(TAKE, tile) for tile in sorted(faces) if self._may_take(faces[tile])]
        x = self.discards[-1][1]
        if rules.take is Take.LAST_TO_GROUP:
            hand = self.t.hand_types(self.hands[self.current])
            if not self.t.matcher.groups_with(hand, self.t.type_of[x]):
                return []
        return [Action(TAKE, self.t.tiles[x])] if self._may_take(x) else []

    def _may_take(self, x: int) -> bool:
        """Whether the discard `x` may be taken: always, unless it would complete the hand and
        `take_to_out` forbids this tile to."""
        forbids = self.t.rules.take_to_out
        if forbids is None or forbids(self.t.taken_env(x)):
            return True
        seat = self.current
        held = self.held_count(seat) + 1
        return self.t.complete_split([*self.hands[seat], x], self.shown_vector(seat), held) is None

    def _melds(self) -> list[Action]:
        """The groups the current seat may lay face up now (each once, its tiles sorted): with a
        tile owed to a group, only the groups holding it."""
        hand = self.hands[self.current]
        t = self.t
        if self.owed is not None:
            rest = [x for x in hand if x != self.owed]
            groups = t.matcher.groups_with(t.hand_types(rest), t.type_of[self.owed])
            return sorted({Action.meld([t.tiles[self.owed], *(t.types[u][0] for u in used)]) for _, used in groups})
        types = t.hand_types(hand)
        out: set[Action] = set()
        for j, first in enumerate(types):
            for _, used in t.matcher.groups_with(types[j + 1 :], first):
                out.add(Action.meld([t.types[first][0], *(t.types[u][0] for u in used)]))
        return sorted(out)

    # --- doing --------------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        seat = self.current
        self.events.append((ev.ACTION, seat, action))
        if action.kind == TAKE:
            self._take(seat, action)
        elif action.kind == DRAW:
            self._draw(seat)
        elif action.kind == MELD:
            self._meld(seat, action)
        else:
            self._discard(seat, action)

    def _take(self, seat: int, action: Action) -> None:
        at = max(i for i, (_, x) in enumerate(self.discards) if self.t.tiles[x] == action.tile)
        fed, x = self.discards.pop(at)
        self.hands[seat].append(x)
        self.known[seat].append(x)
        self.took = True
        if not self._went_out(seat, fed):
            self.owed = x if self.t.rules.take is Take.LAST_TO_GROUP else None
            self._to_show_or_discard()

    def _draw(self, seat: int) -> None:
        rules = self.t.rules
        if rules.untaken is Untaken.DEAD and self.discards and not self.took:
            gone = [x for _, x in self.discards]
            self.dead += gone
            self.discards = []
            self.events.append({"type": "dead", "tiles": [[*self.t.tiles[x]] for x in gone]})
        if not self.stock:
            self._reshuffle()
        x = self.stock.pop()
        self.hands[seat].append(x)
        self.drew = True
        self.events.append((ev.DRAW, seat, self.t.tiles[x]))
        if self._went_out(seat, None):
            return
        if rules.drawn is Drawn.DISCARD_UNLESS_OUT:  # thrown face up at once: the turn is over
            self.hands[seat].remove(x)
            self.discards.append((seat, x))
            self.events.append({"type": "discarded", "seat": seat, "tile": [*self.t.tiles[x]]})
            self._next_turn()
            return
        self._to_show_or_discard()

    def _to_show_or_discard(self) -> None:
        """The step after a take or a draw, or a group shown: showing while a group can be shown
        (show: when_made), else discarding."""
        shows = self.t.rules.show is ShowWhen.WHEN_MADE and (self.owed is not None or bool(self._melds()))
        self.step = MELDING if shows else DISCARDING

    def _reshuffle(self) -> None:
        """The discards, live and dead, shuffled face down into a new stock (stock_out: reshuffle)."""
        tiles = sorted([x for _, x in self.discards] + self.dead)
        self.discards = []
        self.dead = []
        self.rng.shuffle(tiles)
        self.stock = tiles
        self.reshuffled = sorted(tiles)
        said = sorted(self.t.tiles[x] for x in tiles)
        self.events.append({"type": "reshuffled", "tiles": len(tiles), "which": [[*tile] for tile in said]})

    def can_draw(self) -> bool:
        """Whether a draw can be made now: the stock holds a tile, or it can be refilled."""
        if self.stock:
            return True
        return self.t.rules.stock_out is StockOut.RESHUFFLE and bool(self.discards or self.dead)

    def _meld(self, seat: int, action: Action) -> None:
        t = self.t
        assert isinstance(action.value, tuple)
        ids: list[int] = []
        held = ([] if self.owed is None else [self.owed]) + self.known[seat] + self.hands[seat]
        for tile in action.value:
            ids.append(next(y for y in held if t.tiles[y] == tile and y not in ids))
        types = t.hand_types(ids)
        kind = min(i for i, used in t.matcher.groups_with(types[1:], types[0]) if tuple(sorted(used)) == types[1:])
        for x in ids:
            self.hands[seat].remove(x)
            if x in self.known[seat]:
                self.known[seat].remove(x)
        self.shown[seat].append((kind, tuple(ids)))
        self.owed = None
        self._to_show_or_discard()
        name = t.kind_names[kind]
        self.events.append({"type": "melded", "seat": seat, "name": name, "tiles": [[*tile] for tile in action.value]})

    def _discard(self, seat: int, action: Action) -> None:
        assert action.tile is not None
        x = self._find(seat, action.tile)
        assert x is not None
        self.hands[seat].remove(x)
        if x in self.known[seat]:
            self.known[seat].remove(x)
        self.discards.append((seat, x))
        if self.t.rules.then_draw and self.took and not self.drew:
            self.step = DRAWING
            if not self.can_draw():  # the draw after a take is owed, and nothing is left to draw
                self.ended = STOCK_OUT
                self.events.append({"type": STOCK_OUT})
            return
        self._next_turn()

    def _next_turn(self) -> None:
        self.turns += 1
        if self.turns >= self.t.turn_limit:
            self.ended = TURN_LIMIT
            self.events.append({"type": TURN_LIMIT, "turns": self.turns})
            return
        self.current = (self.current + self.t.step) % self.n
        self.step = START
        self.took = self.drew = False
        self.owed = None
        if not self.can_draw() and not self._takes():
            self.ended = STOCK_OUT
            self.events.append({"type": STOCK_OUT})

    def _went_out(self, seat: int, fed: int | None) -> bool:
        """Whether the hand `seat` holds now is complete: then it goes out, and the hand ends."""
        split = self.t.complete_split(self.hands[seat], self.shown_vector(seat), self.held_count(seat))
        if split is None:
            return False
        self.ended = OUT
        self.out_seat = seat
        self.out_split = split
        self.fed = fed
        tiles = [self.t.tiles[x] for x in self.hands[seat]] + [
            self.t.tiles[x] for _, ids in self.shown[seat] for x in ids
        ]
        counts = {name: split[i] + self.shown_vector(seat)[i] for i, name in enumerate(self.t.kind_names)}
        self.events.append({
            "type": "went_out", "seat": seat, "tiles": [[*tile] for tile in sorted(tiles)], "groups": counts,
            "from_discard": fed is not None, "fed": fed,
        })  # fmt: skip
        return True

    def opening(self) -> None:
        """The starter dealt extra tiles opens by discarding, unless his hand is complete as dealt."""
        if self.t.rules.starter_extra and not self._went_out(self.current, None):
            self._to_show_or_discard()

    def view_fields(self) -> dict[str, Any]:
        """What every seat sees of the hand."""
        tiles = self.t.tiles
        names = self.t.kind_names
        return {
            "discards": tuple((s, tiles[x]) for s, x in self.discards),
            "dead": tuple(tiles[x] for x in self.dead),
            "shown": tuple(
                tuple((names[k], tuple(tiles[x] for x in ids)) for k, ids in groups) for groups in self.shown
            ),
            "known": tuple(tuple(sorted(tiles[x] for x in known)) for known in self.known),
            "stock": len(self.stock),
            "reshuffled": tuple(tiles[x] for x in self.reshuffled),
            "step": self.step,
            "owed": None if self.owed is None else tiles[self.owed],
            "turns": self.turns,
            "turn_limit": self.t.turn_limit,
            "starter": self.starter,
            "took": self.took,
            "drew": self.drew,
        }
