"""The server's writes of actions to disk, off the event loop: a group of writer threads shared by
every table (group commit).

Every table's action is appended to its save's journal and synced (fdatasync) by one of the
writer threads, which answers the waiting request once its lines are synced: an action answered
is an action saved, and the event loop never waits on a disk. The threads are several because a
sync waits for the file system's journal: on this machine one thread syncs ~300 appends a second
(3 ms each under load), while 16 threads sync ~13,000 a second — the file system commits the
appends of many files that wait at the same moment together. One table has at most one write in
flight (its turn lock), so its lines stay in order whichever thread writes them.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from dataclasses import dataclass
from typing import Any

from interpreter.records.savegame import SaveError, SaveJournal


@dataclass
class _Write:
    journal: SaveJournal
    events: list[dict[str, Any]]
    done: asyncio.Future[None]


WRITERS = 16  # threads syncing at once; past a few dozen the file system gains nothing more


class Committer:
    """The writer threads for the saves of every table of a server."""

    def __init__(self, writers: int = WRITERS) -> None:
        self._queue: queue.SimpleQueue[_Write | None] = queue.SimpleQueue()
        self._threads = [threading.Thread(target=self._run, name=f"domino-saves-{n}", daemon=True)
                         for n in range(writers)]  # fmt: skip
        for thread in self._threads:
            thread.start()

    async def append(self, journal: SaveJournal, events: list[dict[str, Any]]) -> None:
        """Return once `events` are in `journal` and synced; SaveError if they could not be."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put(_Write(journal, events, done))
        await asyncio.shield(done)  # a cancelled request does not cancel its write

    def close(self) -> None:
        """Finish every waiting write, then stop the threads."""
        for _ in self._threads:
            self._queue.put(None)
        for thread in self._threads:
            thread.join()

    def _run(self) -> None:
        while (item := self._queue.get()) is not None:
            try:
                item.journal.append(item.events)
                error = None
            except SaveError as failure:
                error = failure
            _settle(item.done, error)


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    loop = done.get_loop()

    def settle() -> None:
        if done.done():
            return
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)

    with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits any more
        loop.call_soon_threadsafe(settle)
