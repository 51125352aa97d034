"""What a player does: an immutable `Action`, with its short text form and its JSON form."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from interpreter.engine.tiles import Tile, normal, parse_tile, parse_tiles

PLAY = "play"
DRAW = "draw"
PASS = "pass"
MARKER = "marker"
BID = "bid"  # trick family: a bid in the auction (`value`: the bid's number)
TRUMPS = "trumps"  # trick family: the bidder's declaration (`value`: a suit's pip, "doubles" or "none")
DISCARD = "discard"  # trick family: a tile the auction's winner lays face down after taking the kitty
CLOSE = "close"  # trick family: close the stock before leading (stock.close)
KEEP = "keep"  # trick family: play the hand as dealt (calls)
DROP = "drop"  # trick family: throw the hand in and sit the hand out (calls.drop)
EXCHANGE = "exchange"  # trick family: lay the hand aside and draw a fresh one (calls.exchange)
KINDS = (PLAY, DRAW, PASS, MARKER, BID, TRUMPS, DISCARD, CLOSE, KEEP, DROP, EXCHANGE)
_BARE = (DRAW, PASS, MARKER, CLOSE, KEEP, DROP, EXCHANGE)
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
    trick game, has no arm and no half; a trick game's lead whose suit the leader names
    (`tricks.led_suit: leader_names`) carries that pip as `value`, and a play of several tiles
    at once (`tricks.combinations`) carries them all, sorted, as `value` (`tile` is the first).
    "bid" and "trumps" carry their `value`; other kinds carry nothing else."""

    kind: str
    tile: Tile | None = None
    arm: int | None = None
    half: int | None = None
    value: int | str | tuple[Tile, ...] | None = None

    @classmethod
    def group(cls, tiles: tuple[Tile, ...] | list[Tile]) -> Action:
        """A play of several tiles at once (one tile: a plain play)."""
        ordered = tuple(sorted(normal(t) for t in tiles))
        return cls(PLAY, ordered[0]) if len(ordered) == 1 else cls(PLAY, ordered[0], value=ordered)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles a play lays: one, or a group's."""
        if isinstance(self.value, tuple):
            return self.value
        return () if self.tile is None else (self.tile,)

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
        if isinstance(self.value, tuple):
            return "play " + " ".join(f"{a}-{b}" for a, b in self.value)
        if self.value is not None:
            return f"play {low}-{high} as {self.value}"
        if self.arm is None:
            return f"lead {low}-{high}"
        outer = low + high - self.half if self.half is not None else low
        return f"{self.half}-{outer} on arm {self.arm}"

    @classmethod
    def parse(cls, text: str) -> Action:
        """The inverse of str(): "draw", "pass", "marker", "lead 6-6", "6-3 on arm 2" (6 touches),
        "bid 30", "trumps 5", "trumps doubles", "trumps none"; "play 6-4" is a play with no arm."""
        words = text.strip().lower()
        if words in _BARE:
            return cls(words)
        several = len(re.split(r"[\s,]+", words[5:].strip())) > 1 and " as " not in words
        if words.startswith(("lead ", "play ")) and several:
            return cls.group(parse_tiles(words[5:]))
        if words.startswith(("lead ", "play ")):
            tile, _, suit = words[5:].partition(" as ")
            if suit:
                if not (suit.strip().isdigit() and len(suit.strip()) <= 2):
                    raise ValueError(f"'{text}': after 'as' comes the suit's number, as in 'play 6-3 as 3'")
                return cls(PLAY, parse_tile(tile), value=int(suit))
            return cls.play(parse_tile(tile))
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
        if isinstance(self.value, tuple):
            out["tiles"] = [list(t) for t in self.value]
        elif self.value is not None:
            out["value"] = self.value
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
        if data.get("tiles") is not None:
            tiles = data["tiles"]
            if not isinstance(tiles, list) or not 1 <= len(tiles) <= 32:
                raise ValueError(f"not an action: {data!r}")
            try:
                return cls.group([normal((int(a), int(b))) for a, b in tiles])
            except (TypeError, ValueError):
                raise ValueError(f"not an action: {data!r}") from None
        low, high = (int(v) for v in data["tile"])
        if data.get("value") is not None:
            if type(data["value"]) is not int:
                raise ValueError(f"not an action: {data!r}")
            return cls(PLAY, normal((low, high)), value=data["value"])
        arm, half = data.get("arm"), data.get("half")
        return cls.play((low, high), None if arm is None else int(arm), None if half is None else int(half))


# The actions without a tile, shared: the engine compares and logs these very objects.
DRAW_ACTION = Action(DRAW)
PASS_ACTION = Action(PASS)
MARKER_ACTION = Action(MARKER)
