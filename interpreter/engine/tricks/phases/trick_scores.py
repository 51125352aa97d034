"""Points scored the moment a trick is taken (`tricks.trick_scores`, issue 29 M17): for the tiles
played to it, or for the play that took it; logged as `score` records, reason `trick`, right after
the trick. A function of the play phase (playing.py) and the table."""

from __future__ import annotations

from collections import Counter

from interpreter.engine import events as ev
from interpreter.engine.tricks.table import TrickTable
from interpreter.engine.tricks.tables import number
from interpreter.rulefile.trick_rules import TrickScore

TRICK = "trick"  # the reason of the score records

Tile = tuple[int, int]


def score_trick(
    table: TrickTable, taker: int, tiles: list[int], play: tuple[Tile, ...], combination: tuple[str, int, str] | None
) -> None:
    """Score the trick `taker` took: `tiles` every tile played to it (ids), `play` the tiles that took
    it (sorted) making `combination` (or None)."""
    side = table.seat_side[taker]
    played = Counter(table.t.tiles[x] for x in tiles)
    declaration = None if table.suits is None else table.suits.declaration
    trump = declaration if isinstance(declaration, int) else None
    for entry in table.t.rules.trick_scores:
        if not _holds(entry, played, trump, play, combination):
            continue
        payers = [s for s in range(table.sides) if s != side] if entry.from_each else []
        gained = 0 if entry.from_each else entry.points
        for payer in payers:
            paid = entry.points * pair_factor(table, payer, side)
            table.scores[payer] -= paid
            table.events.append((ev.SCORE, payer, None, -paid, table.scores[payer], TRICK))
            gained += paid
        table.scores[side] += gained
        table.events.append((ev.SCORE, side, taker, gained, table.scores[side], TRICK))


def _holds(
    entry: TrickScore, played: Counter[Tile], trump: int | None, play: tuple[Tile, ...],
    combination: tuple[str, int, str] | None,
) -> bool:  # fmt: skip
    if entry.play is not None:
        return entry.play.took(play, combination)
    needed: list[Tile] = []
    for tile in entry.played:
        if tile is None:  # the double of trumps: none without a trump pip
            if trump is None:
                return False
            tile = (trump, trump)
        if tile in needed:  # a tile named twice (0-0 and the trump double under blanks): never
            return False
        needed.append(tile)
    return all(played[tile] for tile in needed)


def pair_factor(table: TrickTable, side: int, other: int, settling: bool = False) -> int:
    """What a payment between `side` and `other` is multiplied by (`scoring.pair_factor`; 1 without):
    the hand's settlement (`settling`), or a trick's payment."""
    factor = table.t.rules.pair_factor
    if factor is None:
        return 1
    started = table.seat_side[table.starter]
    env = {**table.t.count_env, "started": started == side, "opp_started": started == other, "settling": settling}
    for track, values in zip(table.ruleset.tracks, table.tracks, strict=True):  # scoring.tracks, before this hand
        env[track.name], env[f"opp_{track.name}"] = values[side], values[other]
    return number(factor(env))
