"""What one client and the whole server may hold: every bound of `domino serve`, with its default.

Each limit has a flag of `domino serve` (docs/web.md, "Limits"); past one, a request is refused
with 429 (this client holds or asks too much) or 503 (the server as a whole is full), with a
`Retry-After` where waiting helps, or 507 (this client's tables take its share of the disk:
disk.py), and nothing is logged per refusal.
"""

from __future__ import annotations

import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, fields

# The largest value a user may give each limit (a flag's value is checked against it).
MAXIMA = {
    "tables": 100_000, "tables_per_client": 100_000, "streams": 100_000, "streams_per_table": 1000,
    "streams_per_client": 100_000, "disk_per_client": 1_000_000,
    "connections": 100_000, "header_timeout_s": 3600, "body_timeout_s": 3600, "keep_alive_s": 3600,
    "rate_per_s": 10_000, "burst": 100_000, "table_actions": 10_000_000, "finished_in_memory": 100_000,
    "clients_tracked": 1_000_000, "computer_run_s": 3600, "idle_close_hours": 24 * 366,
    "stand_in_after_s": 86_400,
}  # fmt: skip


@dataclass(frozen=True)
class Limits:
    tables: int = 1000  # unfinished tables on the server (503 past it)
    tables_per_client: int = 20  # unfinished tables made by one address (429 past it)
    streams: int = 1000  # live-update streams in all (503 past it)
    streams_per_table: int = 16  # live-update streams open on one table (429 past it)
    streams_per_client: int = 32  # live-update streams open from one address (429 past it)
    connections: int = 1200  # open connections and requests in progress (503 past it: uvicorn's limit_concurrency)
    header_timeout_s: float = 10.0  # from a connection's first byte (or its opening) to a request's complete headers
    body_timeout_s: float = 20.0  # to read a request's whole body
    keep_alive_s: float = 5.0  # an idle keep-alive connection is closed after this
    rate_per_s: float = 5.0  # requests that make something (tables, replays, checks, hints) per second per address
    burst: int = 30  # ... of which this many at once
    table_actions: int = 20_000  # actions one table may take; then it stops (an endless all-computer match)
    disk_per_client: float = 256.0  # MiB of the saves and pasted rules of the tables one address made (507 past it)
    finished_in_memory: int = 200  # finished tables kept loaded; older ones are read from disk when asked for
    clients_tracked: int = 10_000  # addresses whose request rate is remembered (the least recent go first)
    # Seconds a table's computer seats may work in a row without a person's move (waiting for a thread
    # of the computers' pool counts, the pace does not); then it stops: an endless all-computer match.
    computer_run_s: float = 45.0
    # Hours an unfinished table may go untouched by its people; then the server closes it (idle.py).
    idle_close_hours: float = 72.0
    # Seconds a person is away from a table (or has never come) before it offers a computer to play
    # their seat; the creator may hand an absent person's seat to a computer at once.
    stand_in_after_s: float = 60.0

    def __post_init__(self) -> None:
        for item in fields(self):
            value, top = getattr(self, item.name), MAXIMA[item.name]
            if isinstance(value, bool) or not 0 < value <= top:
                raise ValueError(f"--{item.name.replace('_', '-')} must be above 0 and at most {top}")


class RateLimiter:
    """A token bucket per client address: `rate_per_s` tokens a second, at most `burst` saved up.
    The least recently seen addresses are forgotten past `clients_tracked`, so memory is bounded."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = limits.rate_per_s
        self.burst = float(limits.burst)
        self.tracked = limits.clients_tracked
        self.clock = clock
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait_for(self, client: str) -> float:
        """0 if `client` may go on now (and its token is spent), else the seconds until it may."""
        now = self.clock()
        tokens, then = self.buckets.pop(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self.rate
        self.buckets[client] = (tokens, now)
        while len(self.buckets) > self.tracked:
            self.buckets.popitem(last=False)
        return wait


class Full(Exception):
    """A limit reached: the status (429 this client, 503 the server), the reason, and when to retry."""

    def __init__(self, status: int, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


class StreamSlot:
    """One live-update stream's place in the counts; given back once, however the stream ends."""

    def __init__(self, slots: StreamSlots, client: str, table: str) -> None:
        self._slots: StreamSlots | None = slots
        self.client = client
        self.table = table

    def release(self) -> None:
        if self._slots is not None:
            self._slots._give_back(self)
            self._slots = None


class StreamSlots:
    """The live-update streams open, in all, per client and per table. A place is checked and taken
    in one call, with no await between (the event loop runs one request at a time), when the
    request arrives, not when its stream starts: 64 requests arriving at once cannot all see the
    same free place."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open = 0
        self.by_client: Counter[str] = Counter()
        self.by_table: Counter[str] = Counter()

    def take(self, client: str, table: str) -> StreamSlot:
        """A place for a stream of `client` on `table`; Full past any of the three limits."""
        limits = self.limits
        if self.open >= limits.streams:
            raise Full(503, f"this server has its limit of {limits.streams} live-update streams open; the page "
                       "falls back to asking", 30)  # fmt: skip
        if self.by_client[client] >= limits.streams_per_client:
            raise Full(429, f"your address has its limit of {limits.streams_per_client} live-update streams open; "
                       "close a page", 30)  # fmt: skip
        if self.by_table[table] >= limits.streams_per_table:
            raise Full(429, f"this table has its limit of {limits.streams_per_table} live-update streams open; "
                       "close a page of it", 30)  # fmt: skip
        self.open += 1
        self.by_client[client] += 1
        self.by_table[table] += 1
        return StreamSlot(self, client, table)

    def _give_back(self, slot: StreamSlot) -> None:
        self.open -= 1
        for counts, key in ((self.by_client, slot.client), (self.by_table, slot.table)):
            counts[key] -= 1
            if not counts[key]:
                del counts[key]  # bounded by what is open, not by every address ever seen
