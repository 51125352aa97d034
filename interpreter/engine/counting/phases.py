"""The phases of a counting hand (engine/phases.py's contract): the deal, the crib, the play to a
running total with go, and the show. The deal and the show take no decision: each does its work
when built and is done at once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import DISCARD, GO, PLAY, Action
from interpreter.engine.counting import tally
from interpreter.engine.counting.table import CountingTable
from interpreter.engine.phases import Phase
from interpreter.engine.scoring import winners
from interpreter.engine.tiles import Tile, tile_text
from interpreter.rulefile.ruleset import StartCriterion

GO_ACTION = Action(GO)


class CountingPhase(Phase[CountingTable]):
    """A phase of a counting hand: done once `following` is known (None after it: the match is over)."""

    def __init__(self) -> None:
        self._done = False
        self._next: CountingPhase | None = None

    def finish(self, following: CountingPhase | None) -> None:
        self._done = True
        self._next = following

    @property
    def done(self) -> bool:
        return self._done

    def following(self, table: CountingTable) -> CountingPhase | None:
        return self._next

    def copy(self) -> CountingPhase:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new

    def describe(self, table: CountingTable, seat: int) -> Mapping[str, Any]:
        return {"phase": self.name}


class CountingAutomatic(CountingPhase):
    def legal(self, table: CountingTable) -> list[Action]:
        return []

    def apply(self, table: CountingTable, action: Action) -> None:
        raise AssertionError(f"no decision is taken while {self.name}")  # never current: done when built

    def why_illegal(self, table: CountingTable, action: Action) -> str:
        return f"no decision is taken while {self.name}"


class CountingDeal(CountingAutomatic):
    """Deals the hand (scripted, or from the match's random stream): each seat its hand, the tiles
    the crib and the turn-up will take from the stock, the rest dead. The seat the start rules pick
    lays first; the seat before it deals."""

    kind = phases.DEAL
    name = "dealing"

    def __init__(self, table: CountingTable) -> None:
        super().__init__()
        t = table
        t.round += 1
        c = t.c
        size = t.ruleset.deal.hand_sizes[t.n]
        drawn = c.crib_from_stock + (1 if c.turn_up else 0)
        scripted = t.deals[t.round - 1] if t.round <= len(t.deals) else None
        if scripted is not None:
            hands = [tuple(sorted(hand)) for hand in scripted.hands]
            stock = list(scripted.boneyard[:drawn])
            named = {tile for hand in hands for tile in hand} | set(stock)
            dead = tuple(tile for tile in t.tiles if tile not in named)
        else:
            tiles = list(t.tiles)
            t.rng.shuffle(tiles)
            hands = [tuple(sorted(tiles[i * size : (i + 1) * size])) for i in range(t.n)]
            stock = tiles[t.n * size : t.n * size + drawn]
            dead = tuple(sorted(tiles[t.n * size + drawn :]))
        how = _pick_starter(t, None if scripted is None else scripted.starter)
        t.dealer = (t.starter - 1) % t.n
        t.hands, t.stock, t.dead = hands, stock, dead
        t.laid = [()] * t.n
        t.crib = [()] * t.n
        t.crib_stock = ()
        t.turn_up = None
        t.count, t.total, t.gone, t.goes, t.last = [], 0, [], [], None
        event = ev.deal(t.round, t.starter, how, None, None, [list(h) for h in hands], stock, list(dead), [], 0)
        t.events.append((ev.HIDDEN, event, ev.public_deal(event) | {"dealer": t.dealer}))
        t.current = t.starter
        self.finish(Crib(t) if c.crib_from_each or drawn else Counting(t))


def _pick_starter(table: CountingTable, scripted: int | None) -> str:
    """Who lays first this hand: the scripted seat, else the start rules' (random, next_seat)."""
    if scripted is not None:
        table.starter = scripted
        return "scripted"
    start = table.ruleset.start
    for rule in start.first_round if table.round == 1 else start.later_rounds:
        if rule.criterion is StartCriterion.NEXT_SEAT and table.starter >= 0:
            table.starter = table.next_seat(table.starter)
            return rule.criterion.value
        if rule.criterion is StartCriterion.RANDOM:
            table.starter = table.rng.randrange(table.n)
            return rule.criterion.value
    table.starter = 0 if table.starter < 0 else table.next_seat(table.starter)
    return StartCriterion.NEXT_SEAT.value


class Crib(CountingPhase):
    """Each seat in turn from the first to lay lays `crib.from_each` tiles face down into the
    crib; then the stock adds its tiles and one tile is turned up."""

    kind = phases.CRIB
    name = "crib"

    def __init__(self, table: CountingTable) -> None:
        super().__init__()
        if not table.c.crib_from_each:
            self._complete(table)

    def legal(self, table: CountingTable) -> list[Action]:
        return [Action(DISCARD, tile) for tile in table.hands[table.current]]

    def apply(self, table: CountingTable, action: Action) -> None:
        seat = table.current
        tile = action.tile
        assert tile is not None
        table.hands[seat] = tuple(t for t in table.hands[seat] if t != tile)
        table.crib[seat] = (*table.crib[seat], tile)
        table.events.append((ev.DISCARD, seat, action))
        if len(table.crib[seat]) < table.c.crib_from_each:
            return
        if seat != table.dealer:
            table.current = table.next_seat(seat)
            return
        self._complete(table)

    def _complete(self, table: CountingTable) -> None:
        c = table.c
        table.crib_stock = tuple(table.stock[: c.crib_from_stock])
        del table.stock[: c.crib_from_stock]
        if c.turn_up:
            table.turn_up = table.stock.pop(0)
            event = {"type": "starter", "seat": table.dealer, "tile": [*table.turn_up]}
            table.events.append(event)
        table.current = table.starter
        self.finish(Counting(table))

    def why_illegal(self, table: CountingTable, action: Action) -> str:
        if action.kind == DISCARD and action.tile is not None:
            return f"you do not hold {tile_text(action.tile)}: lay a tile of your hand into the crib"
        return "lay a tile of your hand face down into the crib (discard and its tile)"

    def describe(self, table: CountingTable, seat: int) -> Mapping[str, Any]:
        owed = table.c.crib_from_each - len(table.crib[table.current])
        return {"phase": self.name, "to_crib": owed}


class Counting(CountingPhase):
    """Tiles laid in turn to the running total (docs/format.md, "Counting games")."""

    kind = phases.COUNTING
    name = "counting"

    def __init__(self, table: CountingTable) -> None:
        super().__init__()
        table.current = table.starter
        self._to_act(table, table.starter)

    def legal(self, table: CountingTable) -> list[Action]:
        fitting = [Action(PLAY, tile) for tile in table.hands[table.current] if table.fits(tile)]
        return fitting or [GO_ACTION]

    def apply(self, table: CountingTable, action: Action) -> None:
        seat = table.current
        table.events.append((ev.ACTION, seat, action))
        if action.kind == GO:
            table.gone.append(seat)
            table.goes.append((seat, table.total))
            self._to_act(table, table.next_seat(seat))
            return
        tile = action.tile
        assert tile is not None
        table.hands[seat] = tuple(t for t in table.hands[seat] if t != tile)
        table.laid[seat] = (*table.laid[seat], tile)
        table.count.append((seat, tile))
        table.total += table.value[tile]
        table.last = seat
        table.events.append({"type": "count", "seat": seat, "total": table.total})
        side = table.seat_side[seat]
        ranks = [table.rank[t] for _, t in table.count]
        for reason, points in tally.peg(table.c, ranks, table.total):
            if table.score(seat, side, points, reason):
                self.finish(None)
                return
        if table.total == table.c.limit:
            self._restart(table, scored=True)
            return
        self._to_act(table, table.next_seat(seat))

    def _to_act(self, table: CountingTable, seat: int) -> None:
        """The next seat from `seat` on that is still in the count (not gone, tiles in hand); when
        there is none, the count is over."""
        for _ in range(table.n):
            if seat not in table.gone and table.hands[seat]:
                table.current = seat
                return
            seat = table.next_seat(seat)
        self._restart(table, scored=False)

    def _restart(self, table: CountingTable, scored: bool) -> None:
        """Nobody can lay (or the limit was made): the last to lay scores the go (unless the limit
        was made exactly), the count starts again from 0, and the seat after him lays; once every
        hand is empty, the show."""
        last = table.last
        if not scored and last is not None and table.score(last, table.seat_side[last], table.c.go, tally.GO):
            self.finish(None)
            return
        if last is not None:
            table.events.append({"type": "count_over", "seat": last, "total": table.total})
        table.count, table.total, table.gone = [], 0, []
        if not any(table.hands):
            self.finish(Showing(table))
            return
        after = table.next_seat(last if last is not None else table.dealer)
        table.last = None
        self._to_act(table, after)

    def why_illegal(self, table: CountingTable, action: Action) -> str:
        room = table.c.limit - table.total
        if action.kind == GO:
            return f"you cannot say go: you hold a tile that counts {room} or less"
        if action.kind == PLAY and action.tile is not None:
            if action.tile not in table.hands[table.current]:
                return f"you do not hold {tile_text(action.tile)}"
            return (
                f"{tile_text(action.tile)} counts {table.value[action.tile]}: over the {room} left to {table.c.limit}"
            )
        return "lay a tile (play and its tile) or, if none fits, say go"

    def describe(self, table: CountingTable, seat: int) -> Mapping[str, Any]:
        return {"phase": self.name}


class Showing(CountingAutomatic):
    """Each hand from the first to lay, the dealer's last, then the crib for the dealer, each with
    the turned-up tile: every item scored as it is shown, the match over at once at the target."""

    kind = phases.SCORING
    name = "show"

    def __init__(self, table: CountingTable) -> None:
        super().__init__()
        seat = table.starter
        for _ in range(table.n):
            if self._show(table, seat, table.laid[seat], crib=False):
                self.finish(None)
                return
            seat = table.next_seat(seat)
        crib = tuple(t for tiles in table.crib for t in tiles) + table.crib_stock
        if crib and self._show(table, table.dealer, crib, crib=True):
            self.finish(None)
            return
        done = winners(table.ruleset.match, table.scores, table.round, table.n, at_round_end=True)
        if done is not None:
            table.end(done, "show")
            self.finish(None)
            return
        table.round_end("show")
        self.finish(CountingDeal(table))

    @staticmethod
    def _show(table: CountingTable, seat: int, tiles: tuple[Tile, ...], crib: bool) -> bool:
        shown = (*tiles, table.turn_up) if table.turn_up is not None else tiles
        items = tally.show_items(table.c, [table.value[t] for t in shown], [table.rank[t] for t in shown])
        points = sum(item[2] for item in items)
        listed = [{"kind": kind, "tiles": [[*shown[i]] for i in chosen], "points": p} for kind, chosen, p in items]
        table.events.append(
            {"type": "show", "seat": seat, "crib": crib, "tiles": [[*t] for t in tiles],
             "turn_up": None if table.turn_up is None else [*table.turn_up], "items": listed, "points": points}
        )  # fmt: skip
        return table.score(seat, table.seat_side[seat], points, tally.CRIB if crib else tally.HAND)
