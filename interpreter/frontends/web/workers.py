"""The server's worker threads, in named pools shared fairly between clients (docs/web.md, "Worker pools").

Work that cannot run on the event loop (reading and replaying a save, checking a rule file, a
computer's move, a hint's search) runs in the pool named for it, never in the loop's one default
executor: a flood of one kind cannot delay another kind. Inside a pool, a client (an address) may
hold at most `per_client` of its threads at once; more of its work waits in its own queue, at most
`waiting` items (past that, 429), and a freed thread goes to the next client in turn (round-robin),
not to the oldest item: one client's fifty saves wait behind each other, not in front of another
client's one. A pool without waiting room (hints) refuses at once: 429 when the asker already holds
its share, 503 when the others hold the rest.

A thread is counted as held until its work has finished, even when the request that asked for it
has gone (a closed page cannot free a thread that is still computing).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from interpreter.frontends.web.refusal import Refusal

T = TypeVar("T")
ANYONE = "?"  # the client of work nobody asked for by address (a table loaded after a restart)


@dataclass(frozen=True)
class Shape:
    """A pool's size and shares: `threads` in all, at most `per_client` held by one client, at most
    `waiting` more of a client's items queued (None: no bound, for work each table asks one at a time)."""

    threads: int
    per_client: int
    waiting: int | None
    what: str  # the work, as a refusal names it: "saves being read"


# The pools of one server and their sizes (docs/web.md). Few threads: the work is Python, which runs
# one thread at a time (the GIL), so more threads would add waiting, not speed; two let one client's
# work and another's go on side by side. The computers' four, two a client, keep a client's many
# tables moving (bench/serve_load.py: one address, 100 tables) while leaving two to the others. A
# save's body is up to 8 MiB, so few wait; a check's is up to 256 KiB, and a client's whole burst of
# requests (--burst) may wait its turn.
POOLS = {
    "saves": Shape(2, 1, 4, "saves being opened or replayed"),  # open a save or replay, step a replay, read a table
    "checks": Shape(2, 1, 32, "rule files being checked"),  # validate, create a table (its rules), play again, variants
    "computers": Shape(4, 2, None, "computer moves"),  # a computer seat's move, for the client who made the table
    "hints": Shape(2, 1, 0, "hints being searched"),  # a hint's search; no queue: ask again
}  # fmt: skip


@dataclass(eq=False)
class _Work:
    who: str
    call: Callable[[], Any]
    answer: asyncio.Future[Any]  # resolved on its event loop
    loop: asyncio.AbstractEventLoop


class WorkerPool:
    """A bounded executor whose threads are handed out fairly, one client after another. A thread
    that finishes starts the next client's work itself: the turn does not wait for the event loop,
    which under load is the slowest part of the server."""

    def __init__(self, name: str, shape: Shape) -> None:
        self.name = name
        self.shape = shape
        self.executor = ThreadPoolExecutor(shape.threads, thread_name_prefix=f"domino-{name}")
        self.lock = threading.Lock()  # the counts are changed by the loop and by the threads
        self.held: Counter[str] = Counter()  # threads held, by client
        self.queues: OrderedDict[str, deque[_Work]] = OrderedDict()  # whose turn is next: first

    def waiting(self, client: str | None) -> int:
        with self.lock:
            return len(self.queues.get(client or ANYONE, ()))

    async def run(self, client: str | None, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in one of the pool's threads, once it is `client`'s turn; Refusal 429 or 503
        when the client may not wait for one."""
        loop = asyncio.get_running_loop()
        item = _Work(client or ANYONE, functools.partial(work, *args), loop.create_future(), loop)
        with self.lock:
            now = self._admit(item)
        if now:
            self._start(item)
        try:
            return await asyncio.shield(item.answer)  # a request that goes away leaves its work running
        except asyncio.CancelledError:
            with self.lock:  # not started yet: it gives up its place
                queue = self.queues.get(item.who)
                if queue is not None and item in queue:
                    queue.remove(item)
                    if not queue:
                        del self.queues[item.who]
            raise

    def _admit(self, item: _Work) -> bool:
        """Whether `item` starts now (its thread counted), else queued; Refusal past its room. Locked."""
        shape, who = self.shape, item.who
        if self.held[who] < shape.per_client and self.held.total() < shape.threads:
            self.held[who] += 1
            return True
        waiting = len(self.queues.get(who, ()))
        if shape.waiting is not None and waiting >= shape.waiting:
            if shape.waiting == 0 and self.held[who] < shape.per_client:
                raise Refusal(503, f"the server is busy with other {shape.what}; ask again in a moment", retry_after=2)
            raise Refusal(429, f"you have {self.held[who] + waiting} {shape.what} on this server, its share per "
                          "player; wait for them", retry_after=2)  # fmt: skip
        self.queues.setdefault(who, deque()).append(item)
        return False

    def _start(self, item: _Work) -> None:
        try:
            future = self.executor.submit(item.call)
        except RuntimeError:  # the server is stopping: nothing new starts
            _tell(item.loop, item.answer.cancel)
            self._finished(item, None)
            return
        future.add_done_callback(lambda done: self._finished(item, done))

    def _finished(self, item: _Work, done: Future[Any] | None) -> None:
        """In the thread that ran `item`: its thread to the next client in turn, then its answer to its loop."""
        with self.lock:
            self.held[item.who] -= 1
            if not self.held[item.who]:
                del self.held[item.who]
            following = self._next()
        if following is not None:
            self._start(following)
        if done is not None:
            _tell(item.loop, functools.partial(_answer, item.answer, done))

    def _next(self) -> _Work | None:
        """The work whose turn it is, its thread counted: of the waiting clients that may hold one more
        thread, the one that holds fewest (the first in line of those), which goes to the back of the
        line. Locked."""
        if self.held.total() >= self.shape.threads:
            return None
        allowed = [c for c in self.queues if self.held[c] < self.shape.per_client]
        if not allowed:
            return None
        who = min(allowed, key=lambda c: self.held[c])
        queue = self.queues.pop(who)
        item = queue.popleft()
        if queue:
            self.queues[who] = queue  # at the back: the others go first
        self.held[who] += 1
        return item

    def close(self) -> None:
        """No new work; what waits is cancelled, what runs finishes on its own."""
        self.executor.shutdown(wait=False, cancel_futures=True)


def _tell(loop: asyncio.AbstractEventLoop, callback: Callable[[], object]) -> None:
    """`callback` on `loop`, from any thread; nothing once the loop has closed (the server stopped
    while the work ran: nobody waits for its answer)."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(callback)


def _answer(answer: asyncio.Future[Any], done: Future[Any]) -> None:
    if answer.done():
        return
    if done.cancelled():
        answer.cancel()
    elif done.exception() is not None:
        answer.set_exception(done.exception())  # type: ignore[arg-type]
    else:
        answer.set_result(done.result())


class Workers:
    """Every pool of one server, by name (POOLS)."""

    def __init__(self, shapes: dict[str, Shape] | None = None) -> None:
        self.pools = {name: WorkerPool(name, shape) for name, shape in (shapes or POOLS).items()}

    def __getitem__(self, name: str) -> WorkerPool:
        return self.pools[name]

    def close(self) -> None:
        for pool in self.pools.values():
            pool.close()
