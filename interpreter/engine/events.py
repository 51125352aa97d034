"""The event log's records: plain JSON-ready dicts, one constructor per record type.

docs/engine.md ("The event log") describes every field. Tiles are [low, high] lists. A record
that holds hidden information (a deal, a drawn tile) has a public form for observations.

A match does not build these dicts while it plays. Its log holds *compact records* — tuples of
what a record needs, tagged with the record type, or a finished dict for the rare records — and
`materialise` / `public` turn them into the dicts only when somebody reads the log. Most records
are actions, so the per-action cost of logging is one small tuple; a search that plays thousands
of simulated actions and never reads their log never pays for the dicts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from interpreter.engine.actions import Action
from interpreter.engine.tiles import Tile

Event = dict[str, Any]

# Compact record tags: a compact record is (tag, fields…); any other record is a finished dict.
ACTION = 0  # (ACTION, seat, action)
DRAW = 1  # (DRAW, seat, tile)
# (DEAL, tables, round, starter, how, lead id, engine id, hands (masks), boneyard ids, dead ids, lots, redeals)
DEAL = 2
ROUND_END = 3  # (ROUND_END, tables, round, reason, seat, hands (masks), pips, scores)
# A play on an arm as the playout loop logs it, without looking up its Action: the same event.
PLAYED = 4  # (PLAYED, seat, tile, arm, half)
SCORE = 5  # (SCORE, side, seat or None, points, total, reason): the `score` event
DISCARD = 6  # (DISCARD, seat, action): an action whose tile is laid face down: public without it
# (HIDDEN, event, its public form): a finished record part of which only the log may see (a
# tableau's deal: every tile in order, where the public form has only the face-up ones; a counting
# game's deal, whose hands only the log keeps)
HIDDEN = 7
Record = tuple[Any, ...] | Event


def materialise(record: Record) -> Event:
    """The event-log dict of a compact record (a fresh dict each time)."""
    if isinstance(record, dict):
        return record
    tag = record[0]
    if tag in (ACTION, DISCARD):
        return action(record[1], record[2])
    if tag == PLAYED:
        return _played(record)
    if tag == DRAW:
        return draw(record[1], record[2])
    if tag == DEAL:
        _, t, round_no, starter, how, lead, engine, hands, boneyard, dead, lots, redeals = record
        tiles = t.tiles
        return deal(
            round_no,
            starter,
            how,
            None if lead is None else tiles[lead],
            None if engine is None else tiles[engine],
            [[tiles[x] for x in t.ids(h)] for h in hands],
            [tiles[x] for x in boneyard],
            [tiles[x] for x in dead],
            [[(seat, tiles[x]) for seat, x in draw] for draw in lots],
            redeals,
        )
    if tag == SCORE:
        _, side, seat, points, total, reason = record
        return score(side, points, total, reason, seat)
    if tag == ROUND_END:
        return _round_end(record)
    if tag == HIDDEN:
        return record[1]
    raise AssertionError(f"unknown log record {record!r}")


def _round_end(record: tuple[Any, ...]) -> Event:
    """A round end's event. The tiles left in each hand ([low, high], ascending) are read bit by
    bit, inline: such hands hold few tiles, where this beats the table lookup of `LayoutTables.ids`, and
    `events_of("round_end")` reads one of these a round."""
    _, t, round_no, reason, seat, hands, pips, scores = record
    low, high = t.low, t.high
    left = []
    for mask in hands:
        out = []
        while mask:
            bit = mask & -mask
            x = bit.bit_length() - 1
            out.append([low[x], high[x]])
            mask ^= bit
        left.append(out)
    return {
        "type": "round_end", "round": round_no, "reason": reason, "seat": seat, "hands": left, "pips": pips,
        "scores": scores.copy(),
    }  # fmt: skip


def materialise_all(records: list[Record]) -> list[Event]:
    """`materialise` over many records, with the commonest (a play) built inline."""
    out: list[Event] = []
    append = out.append
    for record in records:
        if type(record) is tuple and record[0] == PLAYED:
            append(_played(record))
        elif type(record) is tuple and record[0] == ACTION:
            act = record[2]
            if act.arm is None or act.value is not None:  # a lead, or a double laid sidewise or endwise
                append({"type": "action", "seat": record[1], "action": act.to_json()})
            else:  # Action.to_json of a play on an arm
                tile = act.tile
                data = {"kind": "play", "tile": [tile[0], tile[1]], "arm": act.arm, "half": act.half}
                append({"type": "action", "seat": record[1], "action": data})
        else:
            append(materialise(record))
    return out


def _played(record: tuple[Any, ...]) -> Event:
    """The action event of a PLAYED record (Action.to_json of a play on an arm)."""
    _, seat, tile, arm, half = record
    return {"type": "action", "seat": seat, "action": {"kind": "play", "tile": [*tile], "arm": arm, "half": half}}


# The compact record tags of each event type.
TAGS_OF_TYPE = {
    "action": (ACTION, PLAYED, DISCARD),
    "draw": (DRAW,),
    "deal": (DEAL,),
    "round_end": (ROUND_END,),
    "score": (SCORE,),
}


def public(record: Record, event: Event) -> Event:
    """What every seat may see of `record`, whose full dict is `event`: the match header without its
    seed, which names every hand and the draw order (the log keeps it, to replay the match)."""
    if isinstance(record, dict):
        return _without_seed(event) if event["type"] == "match" else event
    tag = record[0]
    if tag == DEAL:
        return public_deal(event)
    if tag == DRAW:
        return public_draw(record[1])
    if tag == DISCARD:
        return {"type": "action", "seat": record[1], "action": {"kind": record[2].kind}}
    if tag == HIDDEN:
        return record[2]
    return event


class LogSlice(Sequence[Event]):
    """Records `start`…`stop` of a log as event dicts, built on first access: what `apply` returns.

    A log list is only ever appended to (a clone copies it), so the slice stays valid."""

    __slots__ = ("_events", "_log", "_start", "_stop")

    def __init__(self, log: list[Record], start: int, stop: int) -> None:
        self._log = log
        self._start = start
        self._stop = stop
        self._events: list[Event] | None = None

    def _list(self) -> list[Event]:
        if self._events is None:
            self._events = [materialise(r) for r in self._log[self._start : self._stop]]
        return self._events

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        return self._list()[index]

    def __len__(self) -> int:
        return self._stop - self._start

    def __iter__(self) -> Iterator[Event]:
        return iter(self._list())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LogSlice):
            other = other._list()
        return self._list() == other if isinstance(other, list) else NotImplemented

    # Unhashable, as the list it compares equal to: Python's way, which mypy reads as a clash with
    # object.__hash__.
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._list())


def tile_json(tile: Tile | None) -> list[int] | None:
    return None if tile is None else [tile[0], tile[1]]


def _without_seed(header: Event) -> Event:
    return {key: value for key, value in header.items() if key != "seed"}


def match_header(rules: str, digest: str, seed: int, players: int, sides: int, scores: list[int]) -> Event:
    return {"type": "match", "rules": rules, "digest": digest, "seed": seed, "players": players,
            "sides": sides, "scores": scores.copy()}  # fmt: skip


def deal(
    round_no: int,
    starter: int,
    how: str,
    lead: Tile | None,
    engine: Tile | None,
    hands: list[list[Tile]],
    boneyard: list[Tile],
    dead: list[Tile],
    lots: list[list[tuple[int, Tile]]],
    redeals: int,
) -> Event:
    return {
        "type": "deal", "round": round_no, "starter": starter, "how": how,
        "lead": tile_json(lead), "engine": tile_json(engine),
        "hands": [[[*t] for t in hand] for hand in hands],
        "boneyard": [[*t] for t in boneyard],
        "dead": [[*t] for t in dead],
        "lots": [[[seat, [*t]] for seat, t in draw] for draw in lots],
        "redeals": redeals,
    }  # fmt: skip


def public_deal(event: Event) -> Event:
    """A deal as every seat sees it: who starts and how, hand and boneyard sizes, no tiles."""
    out = {k: v for k, v in event.items() if k not in ("hands", "boneyard", "dead")}
    out["hand_sizes"] = [len(hand) for hand in event["hands"]]
    out["boneyard_size"] = len(event["boneyard"])
    return out


def action(seat: int, act: Action) -> Event:
    return {"type": "action", "seat": seat, "action": act.to_json()}


def draw(seat: int, tile: Tile) -> Event:
    return {"type": "draw", "seat": seat, "tile": tile_json(tile)}


def public_draw(seat: int) -> Event:
    return {"type": "draw", "seat": seat}


def score(side: int, points: int, total: int, reason: str, seat: int | None = None) -> Event:
    return {"type": "score", "side": side, "seat": seat, "points": points, "total": total, "reason": reason}


def match_end(winners: tuple[int, ...], scores: list[int]) -> Event:
    return {"type": "match_end", "winners": list(winners), "scores": scores.copy()}
