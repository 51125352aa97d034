"""Scripted deals: fixed hands and boneyard for a round, for tests, puzzles and bug reports.

The format is documented in docs/engine.md ("Scripted deals").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from interpreter.engine.tiles import Tile, normal, parse_tiles


@dataclass(frozen=True)
class ScriptedDeal:
    """One round's deal. `boneyard` is drawn from index 0 on; tiles named nowhere (nor the hub's
    engine) are dead. `starter` None lets the rule file's start criteria decide; a seat makes that
    seat start, leading any tile."""

    hands: Sequence[Sequence[Tile]]
    boneyard: Sequence[Tile] = ()
    starter: int | None = None

    def __post_init__(self) -> None:
        # Frozen in content too: lists given by the caller are copied into tuples of normal tiles.
        object.__setattr__(self, "hands", tuple(tuple(normal(t) for t in hand) for hand in self.hands))
        object.__setattr__(self, "boneyard", tuple(normal(t) for t in self.boneyard))

    @classmethod
    def parse(cls, hands: Sequence[str], boneyard: str = "", starter: int | None = None) -> ScriptedDeal:
        """ScriptedDeal.parse(["6-6 1-2", "3-4 0-0"], boneyard="5-5 2-3", starter=0)."""
        return cls(tuple(tuple(parse_tiles(h)) for h in hands), tuple(parse_tiles(boneyard)), starter)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ScriptedDeal:
        """From plain data as in a fixture file: hands as strings or lists of [a, b] pairs."""

        def tiles(value: Any) -> tuple[Tile, ...]:
            if isinstance(value, str):
                return tuple(parse_tiles(value))
            return tuple(normal((int(a), int(b))) for a, b in value)

        starter = data.get("starter")
        return cls(
            tuple(tiles(h) for h in data["hands"]),
            tiles(data.get("boneyard", ())),
            None if starter is None else int(starter),
        )

    @classmethod
    def from_event(cls, event: Mapping[str, Any]) -> ScriptedDeal:
        """The deal a "deal" event records, to re-run a logged round (a bug report) from its start."""
        return cls(
            tuple(tuple(normal((a, b)) for a, b in hand) for hand in event["hands"]),
            tuple(normal((a, b)) for a, b in event["boneyard"]),
            event["starter"],
        )


def deal(*hands: str, boneyard: str = "", starter: int | None = None) -> ScriptedDeal:
    """Shorthand: deal("6-6 1-2", "3-4 0-0", boneyard="5-5", starter=0)."""
    return ScriptedDeal.parse(hands, boneyard, starter)
