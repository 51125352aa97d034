"""A tile as people write it — "6-3", "6|3", "[6|3]" or "6:3" — read as (low, high): the one
parser of tile text, for rule files (whose schema admits "6-3") and for moves typed or sent alike."""

from __future__ import annotations

import re

_TILE_TEXT = re.compile(r"^\[?\s*(\d{1,2})\s*[-|:]\s*(\d{1,2})\s*\]?$")


def parse_tile(text: str) -> tuple[int, int]:
    """ "6-3", "6|3" or "[6|3]" -> (3, 6); ValueError for anything else."""
    found = _TILE_TEXT.match(text.strip())
    if not found:
        raise ValueError(f"'{text}' is not a tile; write it like 6-3")
    first, second = int(found.group(1)), int(found.group(2))
    return (first, second) if first <= second else (second, first)


def parse_tiles(text: str) -> list[tuple[int, int]]:
    """A whitespace- or comma-separated list of tiles: "6-6 1-2, 0-0"."""
    return [parse_tile(word) for word in re.split(r"[\s,]+", text.strip()) if word]
