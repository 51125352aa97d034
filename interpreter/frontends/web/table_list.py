"""What the start page's "Your tables" asks of one table, with a reader's own token: the table in
a line (`summary`: its game, its seats as that reader says them, its state in words; no hand, no
tile, no other reader's token), and leaving it (`leave`: its creator closes it for everyone, anyone
else hands their seat to a computer). The list itself is kept by the browser (static/your_tables.js).
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from interpreter.frontends.presentation.narration import result_line
from interpreter.frontends.presentation.seats import together
from interpreter.frontends.web.idle import Idleness
from interpreter.frontends.web.refusal import Refusal
from interpreter.frontends.web.tables import Table
from interpreter.frontends.web.views import named_seats

STAND_IN = "greedy"  # who plays the seat of a person who left, as the page's "Let a computer play for me"


def summary(table: Table, reader: int | None, idleness: Idleness) -> dict[str, Any]:
    """`table` as one line of the reader's list: a seat's (None: the spectator's)."""
    seats = named_seats(table.kinds, table.names, reader)
    closes = idleness.closes(table)
    # The reader's move, or their continue from a round's end; never while a computer plays their seat.
    mine = not table.finished and reader is not None and reader in _to_move(table) and reader not in table.stand_ins
    return {
        "table": table.id,
        "title": table.ruleset.title,
        "variant": table.game.variant if table.bundled else None,
        "seats": [_seat(table, n, seat.name, seat.human) for n, seat in enumerate(seats)],
        "seat": reader,
        "spectator": reader is None,
        "creator": reader is not None and reader == table.creator,
        "leave": leaving(table, reader),
        "state": state_words(table, reader),
        "your_turn": mine,
        "over": table.match.is_over,
        "stopped": table.stopped,
        "version": table.version,
        "touched": _time(idleness.last(table)),
        "closes": _time(closes),
        "next_link": table.next_link(reader),
    }


def _seat(table: Table, number: int, name: str, human: bool) -> dict[str, Any]:
    return {"seat": number, "name": name, "kind": "human" if human else "computer",
            "stand_in": table.stand_ins.get(number)}  # fmt: skip


def state_words(table: Table, reader: int | None) -> str:
    """Where the table is, for the reader: "your turn", "waiting for Ann", the match's result..."""
    match = table.match
    seats = named_seats(table.kinds, table.names, reader)
    if table.stopped:
        return f"stopped: {table.stopped}"
    if match.is_over:
        return result_line(match, seats)
    waiting = _to_move(table)
    said = "your turn" if reader in waiting else f"waiting for {together([seats[s].name for s in sorted(waiting)])}"
    if table.to_continue:
        said = f"round over: {'continue' if reader in waiting else said + ' to continue'}"
    if reader in table.stand_ins:
        said = f"a computer plays your seat; {said}"
    return said


def _to_move(table: Table) -> set[int]:
    """The seats the table waits for: those to continue from a round's end, else the mover's."""
    if table.to_continue:
        return set(table.to_continue)
    mover = table.match.current_player
    return set() if mover is None else {mover}


def _time(when: float | None) -> str | None:
    """A wall-clock time as the page reads it: ISO 8601 in UTC, to the second."""
    return None if when is None else datetime.fromtimestamp(when, timezone.utc).isoformat(timespec="seconds")


def leaving(table: Table, reader: int | None) -> str | None:
    """What the reader's leaving does: "close" the table (its creator, or the last person playing
    at it: nobody would be left), hand their seat to a "computer" (anyone else), or nothing (None:
    a spectator, or a finished table; the page only forgets it)."""
    if reader is None or table.finished:
        return None
    return "computer" if reader != table.creator and table.people() - {reader} else "close"


async def leave(table: Table, reader: int | None) -> str:
    """The reader leaves the table, as `leaving` says: "closed" (it stops for everyone, and no
    longer counts against its maker's limit), "computer" (a computer plays their seat from now on;
    their link still takes it back), or "over" (it had finished: nothing changes)."""
    if reader is None:
        raise Refusal(403, "this is a spectator's link: it changes nothing at the table; forget it in your browser")
    if leaving(table, reader) == "computer":
        await table.stand_in(reader, {"seat": reader, "computer": STAND_IN})
        return "computer"
    async with table.turn:
        if table.finished:
            return "over"
        await table.halt(f"closed by {table.seats()[reader]}")
    return "closed"
