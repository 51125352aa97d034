"""Lots drawn for who starts (start criteria `lots`, `lots_lowest`, `lots_per_side` and
`{lots: FORMULA}`), the same in both families: each contender draws a tile from a freshly
shuffled full set, the highest rank starts (`lowest`: the lowest), and tied contenders draw again.
A tile's rank is its pip total, or the criterion's formula over the tile names."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from interpreter.rulefile.ruleset import StartRule


def tile_ranks(rule: StartRule, tiles: Sequence[tuple[int, int]], count_env: Mapping[str, object]) -> tuple[int, ...]:
    """Each tile's rank under `rule` (its `rank` formula over the tile names; without one, the pip total)."""
    if rule.rank is None:
        return tuple(low + high for low, high in tiles)
    env = dict(count_env)
    return tuple(
        int(rule.rank({**env, "high": high, "low": low, "pips": low + high, "is_double": low == high}))
        for low, high in tiles
    )


def draw_lots(
    ranks: Sequence[int],
    contenders: list[int],
    rng: random.Random,
    lots: list[list[tuple[int, int]]],
    lowest: bool = False,
) -> int:
    """The seat of `contenders` that wins the draw: tied contenders draw tiles (ids into `ranks`)
    from a freshly shuffled full set until one rank is highest (`lowest`: lowest) alone. Each draw
    is appended to `lots` as (seat, tile id); with fewer tiles than contenders, one of them at random."""
    pool = list(range(len(ranks)))
    while len(contenders) > 1:
        if len(pool) < len(contenders):
            return contenders[rng.randrange(len(contenders))]
        rng.shuffle(pool)
        draws = list(zip(contenders, pool, strict=False))
        lots.append(draws)
        best = (min if lowest else max)(ranks[t] for _, t in draws)
        contenders = [seat for seat, t in draws if ranks[t] == best]
    return contenders[0]
