"""Tiles: (low, high) pairs at the API, small ints inside.

A set's tiles are numbered in (low, high) order, so a hand can be an int bitmask and every
per-tile fact (halves, value, rank) a tuple indexed by that number.
"""

from __future__ import annotations

from interpreter.rulefile.ruleset import double_set
from interpreter.text.tiles import parse_tile as parse_tile  # the one parser (text/tiles.py), re-exported
from interpreter.text.tiles import parse_tiles as parse_tiles

Tile = tuple[int, int]

def set_tiles(max_pip: int) -> tuple[Tile, ...]:
    """Every tile of the double-`max_pip` set, in id order."""
    return double_set(max_pip)


def normal(tile: tuple[int, int]) -> Tile:
    a, b = tile
    return (a, b) if a <= b else (b, a)


def tile_text(tile: Tile) -> str:
    return f"{tile[0]}-{tile[1]}"


def bits(mask: int) -> list[int]:
    """The set bits of `mask`, lowest first: the tile ids of a hand."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
