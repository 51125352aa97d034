"""Tables nobody plays at any more: when each unfinished table was last touched by one of its people,
and closing those untouched for the server's idle age (`--idle-close-hours`, limits.py), so that
they stop counting against their creator's limit and the server's.

A touch is a person's doing: an action, a continue, a name, a stand-in, a pace, a hint, play again,
or opening the table's page with a seat's link (`GET …/state`). Not a touch: a computer's move, a
live stream's heartbeat, a spectator's page, the start page's list (`GET …/summary`), leaving
it. An idle table is counted as finished at once (`idle`); a pass of the server (`close_idle`,
once a minute) then closes it for good: stopped with the reason, its save kept. The time of the
last touch is written down as its sidecar's modification time by the same pass (and as the server
stops), so that a restart reads it again (with the save's: a table of an earlier server, or one
whose touch was not written yet, counts from its last saved move).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from interpreter.frontends.web import store
from interpreter.text.untrusted import printable

if TYPE_CHECKING:  # registry.py imports this module
    from interpreter.frontends.web.registry import Tables
    from interpreter.frontends.web.tables import Table

PASS_S = 60.0  # between two passes of the server
CLOSED_PER_PASS = 100  # tables one pass closes at most; the rest wait for the next (each writes its sidecar)


class Idleness:
    """When each unfinished table was last touched, by table id, on the wall clock (`now`: it must
    mean the same after a restart)."""

    def __init__(self, hours: float, now: Callable[[], float] = time.time) -> None:
        self.hours = hours
        self.now = now
        self.touched: dict[str, float] = {}
        self._unwritten: dict[str, Path] = {}  # touched since the last pass wrote their time down

    @property
    def age(self) -> str:
        """The idle age in words: "72 hours", "1 hour", "0.5 hours"."""
        return f"{self.hours:g} hour{'' if self.hours == 1 else 's'}"

    def arrived(self, table: Table, fresh: bool) -> None:
        """A table registered: made now (`fresh`), or read from disk, last touched when its files
        were last written. In a worker thread (the files' times are read)."""
        if table.finished:
            return
        self.touched[table.id] = self.now() if fresh else _written(table.path)

    def touch(self, table: Table) -> None:
        if table.finished:
            return
        self.touched[table.id] = self.now()
        self._unwritten[table.id] = table.path

    def idle(self, table: Table) -> bool:
        """Whether `table` is unfinished and nobody touched it for the idle age."""
        touched = self.touched.get(table.id)
        return not table.finished and touched is not None and self.now() - touched >= self.hours * 3600

    def last(self, table: Table) -> float | None:
        """When one of its people last touched `table` (None: finished, or not counted here)."""
        return None if table.finished else self.touched.get(table.id)

    def closes(self, table: Table) -> float | None:
        """When `table` is closed if nobody touches it (None: finished, or not counted here)."""
        touched = self.touched.get(table.id)
        return None if table.finished or touched is None else touched + self.hours * 3600

    def forget(self, table_id: str) -> None:
        self.touched.pop(table_id, None)
        self._unwritten.pop(table_id, None)

    def write_down(self) -> None:
        """Each table's last touch as its sidecar's modification time (in a worker thread)."""
        due, self._unwritten = self._unwritten, {}
        for table_id, path in due.items():
            touched = self.touched.get(table_id)
            if touched is not None:
                with contextlib.suppress(OSError):  # gone, or a full disk: the save's time still counts
                    os.utime(store.tokens_path(path), (touched, touched))


def _written(save: Path) -> float:
    """When a table's files were last written: its save (a move) or its sidecar (a name, a touch)."""
    times = []
    for path in (save, store.tokens_path(save)):
        with contextlib.suppress(OSError):
            times.append(path.stat().st_mtime)
    return max(times, default=time.time())


async def close_idle(tables: Tables) -> list[str]:
    """One pass: the last touches written down, and the tables idle past the age closed (at most
    CLOSED_PER_PASS); the ids of those closed."""
    idleness = tables.idle
    await asyncio.to_thread(idleness.write_down)
    for table_id in list(idleness.touched):  # finished, or let go of: no longer counted here
        held = tables.tables.get(table_id)
        if held is None or held.finished:
            idleness.forget(table_id)
    closed = []
    for table in [t for t in list(tables.tables.values()) if idleness.idle(t)][:CLOSED_PER_PASS]:
        async with table.turn:
            if not idleness.idle(table):  # touched, or finished, while waiting for its turn
                continue
            await table.halt(f"closed by the server: nobody played at it for {idleness.age}")
        idleness.forget(table.id)
        tables.seen(table)  # now a finished table in memory: let go of past the limit
        closed.append(table.id)
    return closed


async def keep_closing(tables: Tables, stop: asyncio.Event) -> None:
    """The server's passes, from its start until it stops. A pass that fails is logged; the next
    one goes on."""
    while not stop.is_set():
        try:
            await close_idle(tables)
        except Exception as error:  # a table's trouble must not end the passes for all
            sys.stderr.write(printable(f"domino serve: closing idle tables: {type(error).__name__}: {error}") + "\n")
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), PASS_S)
