"""What a player does: an immutable `Action`, with its short text form and its JSON form."""

from __future__ import annotations

import re
import reprlib
from typing import Any, NamedTuple

from interpreter.engine.tiles import Tile, normal, parse_tile, parse_tiles
from interpreter.rulefile.trick_rules import DoublePlace

PLAY = "play"
DRAW = "draw"
PASS = "pass"
MARKER = "marker"
BID = "bid"  # trick family: a bid in the auction (`value`: the bid's number)
TRUMPS = "trumps"  # trick family: the declaration (`value`: a suit's pip, "doubles", "none" or a contract's name)
DISCARD = "discard"  # trick family: a tile the auction's winner lays face down after taking the kitty
CLOSE = "close"  # trick family: close the stock before leading (stock.close)
KEEP = "keep"  # play the hand as dealt (a trick game's calls; a layout game's deal.redeal_claim)
DROP = "drop"  # trick family: throw the hand in and sit the hand out (calls.drop)
EXCHANGE = "exchange"  # trick family: lay the hand aside and draw a fresh one (calls.exchange)
# trick family: one tile of a play of several tiles together, chosen tile by tile (`tile`); the
# last pick makes the play (following a lead of several tiles, tricks.combinations)
PICK = "pick"
GIVE = "give"  # trick family: a tile passed face down to another seat before play (passing)
REDEAL = "redeal"  # layout family: show a hand meeting deal.redeal_claim and have the tiles dealt again
DECLARE = "declare"  # trick family: show tiles before leading, for points (declaration)
MELD = "meld"  # trick family: show a meld, its tiles sorted as `value` (melds)
# trick family: where the doubles rank this hand, announced by a contract's declarer (`value`: a
# DoublePlace's word; contracts[].doubles: declared)
PLACE = "doubles"
PLACES = tuple(place.value for place in DoublePlace)
ACCEPT = "accept"  # trick family: accept the turned-up suit as trumps (bidding.bids: turn_up)
TURN = "turn"  # layout family: turn up the tile at the right end of one's blind row (deal.hands: blind_row)
# layout family: a play that leaves its player one tile, made announcing it (play.announce_last):
# the play's `value`, written after it as "6-3 on arm 2 tap"
TAP = "tap"
# counting family: no tile fits under the running total's limit (counting.limit)
GO = "go"
# tableau family: tiles whose pips make the total taken off the tableau, sorted as `value`
# (`tile` is the first); and a free tile moved into an empty column (`value`: its number, from 1)
REMOVE = "remove"
MOVE = "move"
# draw-and-discard family: pick up a face-up discard (`tile`) instead of drawing (draw_discard.take);
# its DISCARD lays a tile face up on the discards, and its MELD shows a group.
TAKE = "take"
# partition family: a hand split into the file's groups (`value`: the groups in the order the file
# lists them, each its tiles sorted), written "split 6-6 4-5 | 1-3 2-2"
SPLIT = "split"
KINDS = (
    PLAY, DRAW, PASS, MARKER, BID, TRUMPS, DISCARD, CLOSE, KEEP, DROP, EXCHANGE, PICK, GIVE, REDEAL, DECLARE,
    MELD, PLACE, ACCEPT, TURN, GO, REMOVE, MOVE, TAKE, SPLIT,
)  # fmt: skip
_ONE_TILE = (DISCARD, PICK, GIVE, TAKE)  # the kinds that carry one tile and nothing else
_BARE = (DRAW, PASS, MARKER, CLOSE, KEEP, DROP, EXCHANGE, REDEAL, DECLARE, ACCEPT, TURN, GO)
NO_TRUMPS = "none"
DOUBLES = "doubles"
# layout family: how the first double goes where its player chooses (layout.spinners:
# first_double_optional): crosswise as a spinner, or in line like any other tile.
SIDEWISE = "sidewise"
ENDWISE = "endwise"
_WAYS = (SIDEWISE, ENDWISE)
_SAID_AFTER = (*_WAYS, TAP)  # the words a layout play's value is written with, after the play

_ON_ARM = re.compile(r"^(\S+)\s+on\s+(?:arm\s+)?(\d{1,4})$")


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
    "bid" and "trumps" carry their `value`; a bid that names its suit (`bidding.names_suit`)
    carries that suit's pip as `half`; a layout play of the first double, where its player chooses
    how it goes (`layout.spinners: first_double_optional`), carries SIDEWISE or ENDWISE as `value`,
    and a play that leaves one tile announced (`play.announce_last`) carries TAP; other kinds carry nothing else."""

    kind: str
    tile: Tile | None = None
    arm: int | None = None
    half: int | None = None
    value: int | str | tuple[Tile, ...] | tuple[tuple[Tile, ...], ...] | None = None

    @classmethod
    def group(cls, tiles: tuple[Tile, ...] | list[Tile]) -> Action:
        """A play of several tiles at once (one tile: a plain play)."""
        ordered = tuple(sorted(normal(t) for t in tiles))
        return cls(PLAY, ordered[0]) if len(ordered) == 1 else cls(PLAY, ordered[0], value=ordered)

    @classmethod
    def meld(cls, tiles: tuple[Tile, ...] | list[Tile]) -> Action:
        """A meld shown (melds): its tiles, sorted."""
        return cls(MELD, value=tuple(sorted(normal(t) for t in tiles)))

    @classmethod
    def remove(cls, tiles: tuple[Tile, ...] | list[Tile]) -> Action:
        """Tiles taken off a tableau together (tableau family): sorted, the first as `tile`."""
        ordered = tuple(sorted(normal(t) for t in tiles))
        return cls(REMOVE, ordered[0], value=ordered)

    @classmethod
    def split(cls, groups: tuple[tuple[Tile, ...], ...] | list[list[Tile]]) -> Action:
        """A hand split into groups (partition family), in the file's order, each group sorted."""
        return cls(SPLIT, value=tuple(tuple(sorted(normal(t) for t in group)) for group in groups))

    @property
    def groups(self) -> tuple[tuple[Tile, ...], ...]:
        """The groups of a split (partition family); () for any other action."""
        return self.value if self.kind == SPLIT and isinstance(self.value, tuple) else ()  # type: ignore[return-value]

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles a play lays: one, or a group's (a split's: every group's, in order)."""
        if self.kind == SPLIT:
            return tuple(tile for group in self.groups for tile in group)
        if isinstance(self.value, tuple):
            return self.value  # type: ignore[return-value]
        return () if self.tile is None else (self.tile,)

    @classmethod
    def play(cls, tile: tuple[int, int], arm: int | None = None, half: int | None = None) -> Action:
        return cls(PLAY, normal(tile), arm, half)

    def __str__(self) -> str:
        if self.kind == BID and self.half is not None:
            return f"{self.kind} {self.value} in {self.half}"
        if self.kind in (BID, TRUMPS, PLACE):
            return f"{self.kind} {self.value}"
        if self.kind in _ONE_TILE and self.tile is not None:
            return f"{self.kind} {self.tile[0]}-{self.tile[1]}"
        if self.kind in (MELD, REMOVE) and isinstance(self.value, tuple):
            return f"{self.kind} " + " ".join(f"{a}-{b}" for a, b in self.value)
        if self.kind == MOVE and self.tile is not None:
            return f"move {self.tile[0]}-{self.tile[1]} to {self.value}"
        if self.kind == SPLIT:
            return "split " + " | ".join(" ".join(f"{a}-{b}" for a, b in group) for group in self.groups)
        if self.kind != PLAY or self.tile is None:
            return self.kind
        low, high = self.tile
        if self.value in _SAID_AFTER:
            return f"{self._replace(value=None)} {self.value}"
        if isinstance(self.value, tuple):
            return "play " + " ".join(f"{a}-{b}" for a, b in self.value)
        if self.value is not None:
            return f"play {low}-{high} as {self.value}"
        if self.arm is None and self.half is not None:  # a lead naming its open end (start.lead_names_end)
            return f"lead {low}-{high} open {self.half}"
        if self.arm is None:
            return f"lead {low}-{high}"
        outer = low + high - self.half if self.half is not None else low
        return f"{self.half}-{outer} on arm {self.arm}"

    @classmethod
    def parse(cls, text: str) -> Action:
        """The inverse of str(): "draw", "pass", "marker", "lead 6-6", "6-3 on arm 2" (6 touches),
        "lead 2-5 open 5" (a lead naming its open end), "bid 30", "pick 6-6", "trumps 5", "trumps
        doubles", "trumps none", "trumps NAME" (a special contract, by its name as the rule file
        writes it), "doubles low" (the doubles' place); "play 6-4" is a play with no arm.
        ValueError for anything else, a number out of its bounds included."""
        if len(text) > _MAX_TEXT:
            raise ValueError(f"'{text[:40]}...' is not an action: it is longer than any action is written")
        words = text.strip().lower()
        if words in _BARE:
            return cls(words)
        way = words.rpartition(" ")[2]
        if way in _SAID_AFTER and (words.startswith(("lead ", "play ")) or " on " in words):
            played = cls.parse(words[: -len(way)])
            if played.kind != PLAY or played.value is not None:
                raise ValueError(f"'{text}': only a tile laid on the layout is said '{way}' after it")
            return played._replace(value=way)
        if words.startswith("lead ") and " open " in words:
            tile, _, end = words[5:].partition(" open ")
            if not (end.strip().isdigit() and len(end.strip()) <= 2):
                raise ValueError(f"'{text}': after 'open' comes the open end's number, as in 'lead 2-5 open 5'")
            return cls.play(parse_tile(tile), half=int(end))
        several = len(re.split(r"[\s,]+", words[5:].strip())) > 1 and " as " not in words
        if words.startswith(("lead ", "play ")) and several:
            return cls.group(parse_tiles(words[5:]))
        if words.startswith(("lead ", "play ")):
            tile, _, suit = words[5:].partition(" as ")
            if suit.strip() == DOUBLES:  # a double led calling the doubles (tricks.doubles_callable)
                return cls(PLAY, normal(parse_tile(tile)), value=DOUBLES)
            if suit:
                if not (suit.strip().isdigit() and len(suit.strip()) <= 2):
                    raise ValueError(f"'{text}': after 'as' comes the suit's number, as in 'play 6-3 as 3'")
                return cls(PLAY, parse_tile(tile), value=int(suit))
            return cls.play(parse_tile(tile))
        if words.startswith("discard "):
            return cls(DISCARD, normal(parse_tile(words[8:])))
        if words.startswith("pick "):
            return cls(PICK, normal(parse_tile(words[5:])))
        if words.startswith("give "):
            return cls(GIVE, normal(parse_tile(words[5:])))
        if words.startswith("take "):
            return cls(TAKE, normal(parse_tile(words[5:])))
        if words.startswith("meld "):
            return cls.meld(parse_tiles(words[5:]))
        if words.startswith("remove "):
            return cls.remove(parse_tiles(words[7:]))
        if words.startswith("move ") and " to " in words:
            tile, _, column = words[5:].partition(" to ")
            if not (column.strip().isdigit() and len(column.strip()) <= 4):
                raise ValueError(f"'{text}': after 'to' comes the column's number, as in 'move 4-4 to 3'")
            return cls(MOVE, normal(parse_tile(tile)), value=int(column))
        if words.startswith("split "):
            groups = [parse_tiles(group) for group in words[6:].split("|")]
            if len(groups) > _MAX_GROUPS or not all(groups):
                said = "a split is its groups' tiles, the groups parted by |, as in 'split 6-6 4-5 | 1-3 2-2'"
                raise ValueError(f"'{text}': {said}")
            return cls.split(groups)
        kind, _, rest = words.partition(" ")
        if kind == BID:
            rest, _, suit = rest.partition(" in ")
            if not (rest.strip().isdigit() and int(rest) <= MAX_BID):
                raise ValueError(f"'{text}' is not an action: a bid is a whole number from 0 to {MAX_BID}")
            if not suit:
                return cls(BID, value=int(rest))
            if not (suit.strip().isdigit() and len(suit.strip()) <= 2):
                raise ValueError(f"'{text}': after 'in' comes the suit's number, as in 'bid 30 in 5'")
            return cls(BID, value=int(rest), half=int(suit))
        if kind == TRUMPS:
            return cls(TRUMPS, value=_declared(text.strip()[len(TRUMPS) :].strip(), text))
        if kind == PLACE and rest.strip() in PLACES:
            return cls(PLACE, value=rest.strip())
        found = _ON_ARM.match(words)
        if not found:
            raise ValueError(f"'{text}' is not an action: write draw, pass, marker, 'lead 6-6' or '6-3 on arm 2'")
        touching, outer = (int(v) for v in re.split(r"[-|:]", found.group(1).strip("[]")))
        return cls.play((touching, outer), int(found.group(2)), touching)

    def to_json(self) -> dict[str, Any]:
        if self.kind == BID and self.half is not None:
            return {"kind": BID, "value": self.value, "suit": self.half}
        if self.kind in (BID, TRUMPS, PLACE):
            return {"kind": self.kind, "value": self.value}
        if self.kind in _ONE_TILE and self.tile is not None:
            return {"kind": self.kind, "tile": list(self.tile)}
        if self.kind in (MELD, REMOVE) and isinstance(self.value, tuple):
            return {"kind": self.kind, "tiles": [list(t) for t in self.value]}
        if self.kind == MOVE and self.tile is not None:
            return {"kind": MOVE, "tile": list(self.tile), "value": self.value}
        if self.kind == SPLIT:
            return {"kind": SPLIT, "groups": [[list(t) for t in group] for group in self.groups]}
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
        elif self.half is not None:  # a lead naming its open end
            out["half"] = self.half
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """The inverse of to_json(), of its output parsed back: every action the engine offers. The
        JSON may come from anyone (a log, a save, a browser), so anything else, a number out of its
        bounds included, is refused with ValueError saying why, and never with another exception."""
        try:
            return _from_json(data)
        except _Unreadable as problem:
            raise ValueError(f"not an action: {_SHOWN.repr(data)} ({problem})") from None


# Bounds of what an action may carry, as the rule format bounds it (docs/format.md).
MAX_BID = 1_000_000  # a bid's value
MAX_NAME = 40  # the name of a special contract, declared in place of trumps
_MAX_PIP = 99  # a half's pips, as a tile is written (one or two digits); the set's own bound is lower
_MAX_ARM = 9_999  # an arm's number ("on arm 12"); a layout has far fewer
_MAX_GROUP = 32  # tiles played at once (tricks.combinations)
_MAX_GROUPS = 8  # the groups of a split (partition.groups has at most 4)
_MAX_TEXT = 1_000  # characters of an action's text form
_SHOWN = reprlib.Repr()  # a refusal's quote of the input: bounded, whatever its size
_SHOWN.maxstring = _SHOWN.maxother = 60
_SHOWN.maxlist = _SHOWN.maxdict = 4


class _Unreadable(Exception):
    """Why a JSON value is not an action (from_json turns it into its ValueError)."""


def _declared(value: str, text: str) -> int | str:
    """What "trumps VALUE" declares: a suit's pip, "doubles", "none", or a special contract's name
    (kept as written: a contract is declared by its name exactly)."""
    if value.isdigit() and len(value) <= 2:
        return int(value)
    if value.lower() in (DOUBLES, NO_TRUMPS):
        return value.lower()
    if not value or len(value) > MAX_NAME:
        raise ValueError(f"'{text}' is not an action: trumps are a suit's number, doubles, none, or a contract's name "
                         f"of at most {MAX_NAME} characters")  # fmt: skip
    return value


def _whole(value: Any, top: int, what: str) -> int:
    """`value` if it is a whole number from 0 to `top` (not a bool, not a float, not a string)."""
    if type(value) is not int or not 0 <= value <= top:
        raise _Unreadable(f"{what} must be a whole number from 0 to {top}")
    return value


def _tile(value: Any) -> Tile:
    if not isinstance(value, list) or len(value) != 2:
        raise _Unreadable("a tile is a list of its two halves' pips")
    low, high = (_whole(half, _MAX_PIP, "a tile's half") for half in value)
    return normal((low, high))


def _from_json(data: Any) -> Action:
    kind = data.get("kind") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in KINDS:
        raise _Unreadable(f"an action is an object whose kind is one of {', '.join(KINDS)}")
    if kind == BID:
        suit = data.get("suit")
        named = None if suit is None else _whole(suit, _MAX_PIP, "the suit a bid names")
        return Action(BID, half=named, value=_whole(data.get("value"), MAX_BID, "a bid"))
    if kind == TRUMPS:
        value = data.get("value")
        if isinstance(value, str):  # doubles, none, or a special contract's name
            if not 1 <= len(value) <= MAX_NAME:
                raise _Unreadable(f"a contract's name has 1 to {MAX_NAME} characters")
            return Action(TRUMPS, value=value)
        return Action(TRUMPS, value=_whole(value, _MAX_PIP, "trumps, a suit's number,"))
    if kind == PLACE:
        if data.get("value") not in PLACES:
            raise _Unreadable(f"the doubles' place is one of {', '.join(PLACES)}")
        return Action(PLACE, value=data["value"])
    if kind in _ONE_TILE:
        return Action(kind, _tile(data.get("tile")))
    if kind == MELD:
        tiles = data.get("tiles")
        if not isinstance(tiles, list) or not 1 <= len(tiles) <= _MAX_GROUP:
            raise _Unreadable(f"a meld's tiles are a list of 1 to {_MAX_GROUP} tiles")
        return Action.meld([_tile(tile) for tile in tiles])
    if kind == REMOVE:
        tiles = data.get("tiles")
        if not isinstance(tiles, list) or not 1 <= len(tiles) <= _MAX_GROUP:
            raise _Unreadable(f"the tiles removed together are a list of 1 to {_MAX_GROUP} tiles")
        return Action.remove([_tile(tile) for tile in tiles])
    if kind == MOVE:
        return Action(MOVE, _tile(data.get("tile")), value=_whole(data.get("value"), _MAX_ARM, "a column"))
    if kind == SPLIT:
        groups = data.get("groups")
        if not isinstance(groups, list) or not 1 <= len(groups) <= _MAX_GROUPS:
            raise _Unreadable(f"a split's groups are a list of 1 to {_MAX_GROUPS} groups")
        if not all(isinstance(g, list) and 1 <= len(g) <= _MAX_GROUP for g in groups):
            raise _Unreadable(f"a split's group is a list of 1 to {_MAX_GROUP} tiles")
        return Action.split([[_tile(tile) for tile in group] for group in groups])
    if kind != PLAY:
        return Action(kind)
    tiles = data.get("tiles")
    if tiles is not None:
        if not isinstance(tiles, list) or not 1 <= len(tiles) <= _MAX_GROUP:
            raise _Unreadable(f"the tiles played together are a list of 1 to {_MAX_GROUP} tiles")
        return Action.group([_tile(tile) for tile in tiles])
    tile = _tile(data.get("tile"))
    value, arm, half = data.get("value"), data.get("arm"), data.get("half")
    said = value in (DOUBLES, *_SAID_AFTER)
    named = value if said else None if value is None else _whole(value, _MAX_PIP, "a lead's suit")
    arm = None if arm is None else _whole(arm, _MAX_ARM, "an arm")
    half = None if half is None else _whole(half, _MAX_PIP, "the half that touches (a lead's: that is open)")
    return Action(PLAY, tile, arm, half, named)


# The actions without a tile, shared: the engine compares and logs these very objects.
DRAW_ACTION = Action(DRAW)
PASS_ACTION = Action(PASS)
MARKER_ACTION = Action(MARKER)
TURN_ACTION = Action(TURN)
