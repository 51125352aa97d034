"""The compiled rules of the counting family: a crib laid face down, a tile turned up, tiles laid
in turn to a running total under a limit with "go", pegging for the totals, pairs and runs the
last tiles make, and a show of each hand and the crib after the play. A `Ruleset` of family
`counting` carries one `CountingRules` (docs/format.md, "Counting games"); the layout sections
of such a ruleset are unused. Nothing here names a game."""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.expressions.language import Expr

# The most tiles one show counts (a hand of at most 12 and the turned-up tile): a show looks at
# every combination of its tiles, at most 2^13.
MAX_SHOWN = 13


@dataclass(frozen=True)
class ShowRules:
    """`show`: how a hand, and then the crib, is counted after the play, each with the turned-up
    tile. Every combination of two or more tiles whose values make `fifteen_total` scores
    `fifteen_points` (0: none); every two tiles of one rank score `pair_points`; every run of
    `run_min` or more consecutive ranks scores a point a tile, once for each way of choosing its
    tiles (`run_min` 0: no runs)."""

    fifteen_total: int
    fifteen_points: int
    pair_points: int
    run_min: int


@dataclass(frozen=True)
class CountingRules:
    """`crib` and `counting`. `value` (over TILE_NAMES) is what a tile adds to the running total;
    `rank` (over TILE_NAMES) what pairs and runs are read in. No tile may take the total past
    `limit`; a player who cannot lay says go; once nobody can, the last to lay scores `go` (not at
    the limit exactly), and the count starts again from 0. `totals` are (total, points): the tile
    that brings the count to the total scores the points. `pairs[k]` is scored by the tile that
    makes k + 2 tiles of one rank in a row since the count started (the last entry beyond the
    list); a tile that makes the last `run_min` or more tiles a run of consecutive ranks, in any
    order, scores a point a tile (`run_min` 0: no runs)."""

    crib_from_each: int
    crib_from_stock: int
    turn_up: bool
    value: Expr[int]
    rank: Expr[int]
    limit: int
    go: int
    totals: tuple[tuple[int, int], ...]
    pairs: tuple[int, ...]
    run_min: int
    show: ShowRules
