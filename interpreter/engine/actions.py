"""What a player does: an immutable `Action`, with its short text form and its JSON form."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from interpreter.engine.tiles import Tile, normal, parse_tile

PLAY = "play"
DRAW = "draw"
PASS = "pass"
MARKER = "marker"
BID = "bid"  # trick family: a bid in the auction (`value`: the bid's number)
TRUMPS = "trumps"  # trick family: the bidder's declaration (`value`: a suit's pip, "doubles" or "none")
DISCARD = "discard"  # trick family: a tile the auction's winner lays face down after taking the kitty
KINDS = (PLAY, DRAW, PASS, MARKER, BID, TRUMPS, DISCARD)
NO_TRUMPS = "none"
DOUBLES = "doubles"

_ON_ARM = re.compile(r"^(\S+)\s+on\s+(?:arm\s+)?(\d+)$")


class IllegalAction(Exception):
    """The action is not legal now; the match is unchanged. `reason` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Action(NamedTuple):
    """kind "play": `tile` (low, high) goes on `arm` with its `half` touching, so the tile's
    other half becomes the arm's open value. A lead (the first tile of a line), and any play in a
    trick game, has no arm and no half. "bid" and "trumps" carry their `value`; other kinds carry
    nothing else."""

    kind: str
    tile: Tile | None = None
    arm: int | None = None
    half: int | None = None
    value: int | str | None = None

    @classmethod
    def play(cls, tile: tuple[int, int], arm: int | None = None, half: int | None = None) -> Action:
        return cls(PLAY, normal(tile), arm, half)

    def __str__(self) -> str:
        if self.kind in (BID, TRUMPS):
            return f"{self.kind} {self.value}"
        if self.kind == DISCARD and self.tile is not None:
            return f"discard {self.tile[0]}-{self.tile[1]}"
        if self.kind != PLAY or self.tile is None:
            return self.kind
        low, high = self.tile
        if self.arm is None:
            return f"lead {low}-{high}"
        outer = low + high - self.half if self.half is not None else low
        return f"{self.half}-{outer} on arm {self.arm}"

    @classmethod
    def parse(cls, text: str) -> Action:
        """The inverse of str(): "draw", "pass", "marker", "lead 6-6", "6-3 on arm 2" (6 touches),
        "bid 30", "trumps 5", "trumps doubles", "trumps none"; "play 6-4" is a play with no arm."""
        words = text.strip().lower()
        if words in (DRAW, PASS, MARKER):
            return cls(words)
        if words.startswith(("lead ", "play ")):
            return cls.play(parse_tile(words[5:]))
        if words.startswith("discard "):
            return cls(DISCARD, normal(parse_tile(words[8:])))
        kind, _, rest = words.partition(" ")
        if kind == BID and rest.strip().isdigit() and len(rest.strip()) <= 6:
            return cls(BID, value=int(rest))
        if kind == TRUMPS and rest.strip():
            value = rest.strip()
            return cls(TRUMPS, value=int(value) if value.isdigit() and len(value) <= 2 else value)
        found = _ON_ARM.match(words)
        if not found:
            raise ValueError(f"'{text}' is not an action: write draw, pass, marker, 'lead 6-6' or '6-3 on arm 2'")
        touching, outer = (int(v) for v in re.split(r"[-|:]", found.group(1).strip("[]")))
        return cls.play((touching, outer), int(found.group(2)), touching)

    def to_json(self) -> dict[str, Any]:
        if self.kind in (BID, TRUMPS):
            return {"kind": self.kind, "value": self.value}
        if self.kind == DISCARD and self.tile is not None:
            return {"kind": DISCARD, "tile": list(self.tile)}
        if self.kind != PLAY or self.tile is None:
            return {"kind": self.kind}
        out: dict[str, Any] = {"kind": PLAY, "tile": list(self.tile)}
        if self.arm is not None:
            out["arm"] = self.arm
            out["half"] = self.half
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise ValueError(f"not an action: {data!r}")
        if data["kind"] in (BID, TRUMPS):
            value = data.get("value")
            if type(value) is int or (data["kind"] == TRUMPS and value in (DOUBLES, NO_TRUMPS)):
                return cls(data["kind"], value=value)
            raise ValueError(f"not an action: {data!r}")
        if data["kind"] == DISCARD:
            low, high = (int(v) for v in data["tile"])
            return cls(DISCARD, normal((low, high)))
        if data["kind"] != PLAY:
            return cls(data["kind"])
        low, high = (int(v) for v in data["tile"])
        arm, half = data.get("arm"), data.get("half")
        return cls.play((low, high), None if arm is None else int(arm), None if half is None else int(half))


# The actions without a tile, shared: the engine compares and logs these very objects.
DRAW_ACTION = Action(DRAW)
PASS_ACTION = Action(PASS)
MARKER_ACTION = Action(MARKER)
