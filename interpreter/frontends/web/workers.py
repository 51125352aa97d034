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
import functools
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from interpreter.frontends.web.tables import Refusal

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


# The pools of one server and their sizes (docs/web.md). Two threads each: the work is Python, which
# runs one thread at a time (the GIL), so more threads would add waiting, not speed; two let one
# client's work and another's go on side by side. A save's body is up to 8 MiB, so few wait; a
# check's is up to 256 KiB, and a client's whole burst of requests (--burst) may wait its turn.
POOLS = {
    "saves": Shape(2, 1, 4, "saves being opened or replayed"),  # open a save or replay, step a replay, read a table
    "checks": Shape(2, 1, 32, "rule files being checked"),  # validate, create a table (its rules), play again, variants
    "computers": Shape(2, 1, None, "computer moves"),  # a computer seat's move, for the client that made the table
    "hints": Shape(2, 1, 0, "hints being searched"),  # a hint's search; no queue: ask again
}  # fmt: skip


class Pool:
    """A bounded executor whose threads are handed out fairly, one client after another."""

    def __init__(self, name: str, shape: Shape) -> None:
        self.name = name
        self.shape = shape
        self.executor = ThreadPoolExecutor(shape.threads, thread_name_prefix=f"domino-{name}")
        self.held: Counter[str] = Counter()  # threads held, by client
        self.queues: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()  # whose turn is next: first

    def waiting(self, client: str | None) -> int:
        return len(self.queues.get(client or ANYONE, ()))

    async def run(self, client: str | None, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in one of the pool's threads, once it is `client`'s turn; Refusal 429 or 503
        when the client may not wait for one."""
        who = client or ANYONE
        await self._enter(who)
        done = asyncio.get_running_loop().run_in_executor(self.executor, functools.partial(work, *args))
        done.add_done_callback(lambda _: self._leave(who))
        return await asyncio.shield(done)  # a request that goes away leaves the thread held until it finishes

    async def _enter(self, who: str) -> None:
        shape = self.shape
        if self.held[who] < shape.per_client and self.held.total() < shape.threads:
            self.held[who] += 1
            return
        if shape.waiting is not None and self.waiting(who) >= shape.waiting:
            if shape.waiting == 0 and self.held[who] < shape.per_client:
                raise Refusal(503, f"the server is busy with other {shape.what}; ask again in a moment", retry_after=2)
            raise Refusal(429, f"you have {self.held[who] + self.waiting(who)} {shape.what} on this server, its "
                          "share per player; wait for them", retry_after=2)  # fmt: skip
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.queues.setdefault(who, deque()).append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # given a thread just as it went away: pass it on
                self._leave(who)
            else:
                self._forget(who, turn)
            raise

    def _forget(self, who: str, turn: asyncio.Future[None]) -> None:
        queue = self.queues.get(who)
        if queue is not None and turn in queue:
            queue.remove(turn)
            if not queue:
                del self.queues[who]

    def _leave(self, who: str) -> None:
        self.held[who] -= 1
        if not self.held[who]:
            del self.held[who]
        self._hand_out()

    def _hand_out(self) -> None:
        """Free threads to the waiting clients in turn: of those that may hold one more, the one that
        holds fewest (the first in line of those), which then goes to the back of the line."""
        while self.held.total() < self.shape.threads:
            allowed = [c for c in self.queues if self.held[c] < self.shape.per_client]
            if not allowed:
                return
            who = min(allowed, key=lambda c: self.held[c])
            queue = self.queues.pop(who)
            turn = queue.popleft()
            if queue:
                self.queues[who] = queue  # at the back: the others go first
            if turn.done():  # cancelled: its request went away and forgets it when it next runs
                continue
            self.held[who] += 1
            turn.set_result(None)

    def close(self) -> None:
        """No new work; what waits is cancelled, what runs finishes on its own."""
        self.executor.shutdown(wait=False, cancel_futures=True)


class Workers:
    """Every pool of one server, by name (POOLS)."""

    def __init__(self, shapes: dict[str, Shape] | None = None) -> None:
        self.pools = {name: Pool(name, shape) for name, shape in (shapes or POOLS).items()}

    def __getitem__(self, name: str) -> Pool:
        return self.pools[name]

    def close(self) -> None:
        for pool in self.pools.values():
            pool.close()
