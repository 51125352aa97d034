"""Melds (docs/format.md, "Melds"): the runs a seat may show now, and what one scores. A run is
found by its tiles' values among the seat's tiles not yet in one of its melds, the face-up widow
standing in where the rules share it; functions of the melding phase (phases/melding.py) and the
table, which keeps the melds shown (`Declared.melds`, public)."""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

from interpreter.engine.actions import Action
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.table import TrickTable
from interpreter.engine.tricks.tables import TrickTables
from interpreter.rulefile.trick_rules import MeldsWhen, MeldWidow, Run

Tile = tuple[int, int]


class RunOf(NamedTuple):
    """One run a meld kind stands for over the set: its kind, its suit (None: doubles), its ends and tiles."""

    kind: int
    suit: int | None
    low: int
    high: int
    tiles: tuple[Tile, ...]


@functools.lru_cache(maxsize=32)  # per ruleset and player count (bounded: a long-lived server loads many)
def runs(t: TrickTables) -> tuple[RunOf, ...]:
    """Every run of every meld kind over the set (the loader bounds their number: MAX_MELDS)."""
    melds = t.rules.melds
    assert melds is not None
    numbers = range(t.max_pip + 1)
    found = []
    for i, kind in enumerate(melds.kinds):
        for low in numbers:
            for high in range(low + kind.length - 1, t.max_pip + 1):
                span = range(low, high + 1)
                if kind.run is Run.DOUBLES:
                    found.append(RunOf(i, None, low, high, tuple((k, k) for k in span)))
                    continue
                for suit in numbers:
                    found.append(RunOf(i, suit, low, high, tuple((min(suit, k), max(suit, k)) for k in span)))
    return tuple(found)


class Offer(NamedTuple):
    """A meld the current seat may show: the action, its run, its tiles from the hand and the widow."""

    action: Action
    run: RunOf
    from_hand: tuple[Tile, ...]
    widow: tuple[Tile, ...]


def offers(table: TrickTable, seat: int) -> list[Offer]:
    """The melds `seat` may show now, by their tiles (a tile in one of its melds at most)."""
    t = table.t
    melds = t.rules.melds
    assert melds is not None
    used = {tile for meld in table.declared.melds if meld[0] == seat for tile in meld[2]}
    held = table.hands[seat] | (table.played[seat] if melds.when is MeldsWhen.AFTER_TRICKS else 0)
    hand = {t.tiles[x] for x in bits(held)} - used
    widow = set(widow_tiles(table)) - used if melds.widow is MeldWidow.SHARED else set()
    found: dict[tuple[Tile, ...], Offer] = {}
    for run in runs(t):
        tiles = run.tiles
        if all(tile in hand or tile in widow for tile in tiles):
            from_hand = tuple(tile for tile in tiles if tile in hand)
            if from_hand:
                action = Action.meld(tiles)
                if action.value not in found:  # two kinds making one run: the first listed
                    found[action.value] = Offer(action, run, from_hand, tuple(x for x in tiles if x not in hand))  # type: ignore[index]
    return [found[key] for key in sorted(found)]


def widow_tiles(table: TrickTable) -> list[Tile]:
    """The undealt tiles every seat has seen (face up from the deal)."""
    return [table.t.tiles[x] for x in table.widow_shown]


def points(table: TrickTable, offer: Offer) -> int:
    """What `offer` scores by the rules' `melds.points`."""
    t = table.t
    melds = t.rules.melds
    assert melds is not None
    run = offer.run
    shown = widow_tiles(table)
    # The widow shows the run's number; a run of doubles: the widow is a double.
    widow_suit = any(a == b for a, b in shown) if run.suit is None else any(run.suit in tile for tile in shown)
    env: dict[str, Any] = {
        **t.count_env, "from_hand": len(offer.from_hand), "length": len(run.tiles), "widow_used": len(offer.widow),
        "widow_suit": widow_suit, "high": run.high, "low": run.low,
    }  # fmt: skip
    return int(melds.points(env))
