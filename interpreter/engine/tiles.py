"""Tiles: (low, high) pairs at the API, small ints inside.

A set's tiles are numbered in (low, high) order, so a hand can be an int bitmask and every
per-tile fact (halves, value, rank) a tuple indexed by that number.
"""

from __future__ import annotations

import re

from interpreter.rulefile.ruleset import double_set

Tile = tuple[int, int]

_TILE_TEXT = re.compile(r"^\[?\s*(\d{1,2})\s*[-|:]\s*(\d{1,2})\s*\]?$")


def set_tiles(max_pip: int) -> tuple[Tile, ...]:
    """Every tile of the double-`max_pip` set, in id order."""
    return double_set(max_pip)


def normal(tile: tuple[int, int]) -> Tile:
    a, b = tile
    return (a, b) if a <= b else (b, a)


def parse_tile(text: str) -> Tile:
    """ "6-3", "6|3" or "[6|3]" -> (3, 6)."""
    found = _TILE_TEXT.match(text.strip())
    if not found:
        raise ValueError(f"'{text}' is not a tile; write it like 6-3")
    return normal((int(found.group(1)), int(found.group(2))))


def parse_tiles(text: str) -> list[Tile]:
    """A whitespace- or comma-separated list of tiles: "6-6 1-2, 0-0"."""
    return [parse_tile(word) for word in re.split(r"[\s,]+", text.strip()) if word]


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
