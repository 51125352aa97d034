"""A counting hand's shared state: the hands, the crib, the turned-up tile, the count since it
last started, the tiles each seat laid, the scores; and what every phase does to it (scoring a
side, which may end the match at once). The phases (counting/phases.py) hold only where they are."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.scoring import check_scores, winners
from interpreter.engine.tiles import Tile
from interpreter.expressions.language import MAX_VALUE
from interpreter.rulefile.counting_rules import CountingRules
from interpreter.rulefile.ruleset import Ruleset


class CountingTable:
    """Everything a counting hand shares. Hands are sorted tuples of tiles (a few tiles each)."""

    def __init__(
        self,
        ruleset: Ruleset,
        seat_side: list[int],
        sides: int,
        scores: list[int],
        events: list[ev.Record],
        rng: random.Random,
        deals: Sequence[ScriptedDeal],
    ) -> None:
        rules = ruleset.counting
        assert rules is not None
        self.ruleset = ruleset
        self.c: CountingRules = rules
        self.n = n = len(seat_side)
        self.seat_side = seat_side
        self.sides = sides
        self.scores = scores
        self.events = events
        self.rng = rng
        self.deals = tuple(deals)
        tiles = ruleset.set_tiles()
        env: dict[str, Any] = {"players": n, "max_pip": ruleset.max_pip, "set_size": len(tiles)}
        self.value: dict[Tile, int] = {}
        self.rank: dict[Tile, int] = {}
        for low, high in set(tiles):
            tile_env = {**env, "high": high, "low": low, "pips": low + high, "is_double": low == high}
            self.value[(low, high)] = rules.value(tile_env)
            self.rank[(low, high)] = rules.rank(tile_env)
        self.tiles = tiles
        self.round = 0
        self.starter = -1
        self.dealer = -1
        self.current = 0
        self.hands: list[tuple[Tile, ...]] = []
        self.laid: list[tuple[Tile, ...]] = []  # per seat, the tiles it laid to the count this hand
        self.crib: list[tuple[Tile, ...]] = []  # per seat, the tiles it laid into the crib
        self.crib_stock: tuple[Tile, ...] = ()  # the crib's tiles from the stock
        self.stock: list[Tile] = []  # still to be drawn: the crib's from the stock, then the turn-up
        self.dead: tuple[Tile, ...] = ()
        self.turn_up: Tile | None = None
        self.count: list[tuple[int, Tile]] = []  # (seat, tile) laid since the count started
        self.total = 0
        self.gone: list[int] = []  # the seats that said go since the count started
        self.goes: list[tuple[int, int]] = []  # (seat, total) of every go this hand: what the sampler keeps
        self.last: int | None = None  # the seat that laid the count's last tile
        self.winners: tuple[int, ...] = ()
        self.finished = False  # the match is over

    def copy(self) -> CountingTable:
        new = object.__new__(CountingTable)
        new.__dict__.update(self.__dict__)
        new.scores = self.scores.copy()
        new.hands = self.hands.copy()
        new.laid = self.laid.copy()
        new.crib = self.crib.copy()
        new.stock = self.stock.copy()
        new.count = self.count.copy()
        new.gone = self.gone.copy()
        new.goes = self.goes.copy()
        return new

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.n

    def fits(self, tile: Tile) -> bool:
        return self.total + self.value[tile] <= self.c.limit

    def score(self, seat: int | None, side: int, points: int, reason: str) -> bool:
        """Score `points` for `side` (logged with `seat` and `reason`); whether the match is over
        now (a side at the target, checked at once: match.check immediate)."""
        if not points:
            return False
        total = self.scores[side] + points
        if not -MAX_VALUE <= total <= MAX_VALUE:
            check_scores([total])
        self.scores[side] = total
        self.events.append((ev.SCORE, side, seat, points, total, reason))
        done = winners(self.ruleset.match, self.scores, self.round, self.n, at_round_end=False)
        if done is not None:
            self.end(done, "target")
        return self.finished

    def end(self, done: tuple[int, ...], reason: str) -> None:
        """The match ends with `done` the winning sides: the round's end, then the match's."""
        self.round_end(reason)
        self.winners = done
        self.finished = True
        self.events.append(ev.match_end(done, self.scores))

    def round_end(self, reason: str) -> None:
        """The hand's end; a hand the target cut short keeps its unplayed tiles hidden ("hands" empty)."""
        self.events.append(
            {"type": "round_end", "round": self.round, "reason": reason, "seat": self.dealer,
             "hands": [[] for _ in self.hands], "pips": [0] * self.sides,
             "scores": self.scores.copy()}
        )  # fmt: skip
