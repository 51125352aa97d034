"""What every request of the web app reads: the server's tables, replays, worker threads, limits
and live-update streams (`ServerState`, kept in `app.state.server` by app.py), and the steps most
requests begin with: finding a table and who asks, spending a client's rate, letting the
computer seats move."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request

from interpreter.frontends.web.limits import Limits, RateLimiter, StreamSlots
from interpreter.frontends.web.refusal import Refusal
from interpreter.frontends.web.registry import Tables
from interpreter.frontends.web.replays import Replays
from interpreter.frontends.web.tables import Table
from interpreter.frontends.web.workers import Workers


def client_of(request: Request) -> str | None:
    return request.client.host if request.client else None


def server_of(request: Request) -> ServerState:
    server: ServerState = request.app.state.server
    return server


@dataclass(frozen=True)
class ServerState:
    """One `domino serve`'s state, made once by create_app. `closing` is set as the server starts
    to stop: the live-update streams and the waits for computer seats end at once then."""

    directory: Path  # the tables' saves, the pasted rule files
    limits: Limits
    workers: Workers  # every thread the requests' work runs in, shared fairly (workers.py)
    tables: Tables
    replays: Replays
    rate: RateLimiter
    streams: StreamSlots
    closing: asyncio.Event
    heartbeat_s: float  # a live-update stream's comment when nothing changed for so long

    def spend(self, request: Request) -> None:
        """One of this client's requests that make something; 429 past its rate."""
        wait = self.rate.wait_for(client_of(request) or "?")
        if wait:
            raise Refusal(429, "too many requests from your address; wait a moment", retry_after=max(1, round(wait)))

    async def find(self, request: Request, table_id: str) -> Table:
        table = self.tables.tables.get(table_id)
        if table is not None:
            self.tables.seen(table)
            return table
        return await self.workers["saves"].run(client_of(request), self.tables.find, table_id)  # from disk: a replay

    async def seat(self, request: Request) -> tuple[Table, int]:
        """The table and the seat whose token the request holds (Refusal 403 for another token)."""
        table = await self.find(request, request.path_params["table"])
        number = table.seat_of(request.query_params.get("token"))
        self.tables.idle.touch(table)  # a person's doing: the table is not idle (idle.py)
        return table, number

    async def reader(self, request: Request) -> tuple[Table, int | None]:
        """The table and who reads it: a seat, or None for its spectator's link."""
        table = await self.find(request, request.path_params["table"])
        return table, table.reader_of(request.query_params.get("token"))

    async def settle(self, table: Table) -> None:
        """Start the computer seats; at pace 0, answer only once they have moved, or the server stops
        (its drivers are cancelled then, and the next server goes on with the table)."""
        task = self.tables.drive(table)
        if task is not None and table.pace_ms == 0:
            stop = asyncio.ensure_future(self.closing.wait())
            try:
                await asyncio.wait({task, stop}, return_when=asyncio.FIRST_COMPLETED)  # the driver is not cancelled
            finally:
                stop.cancel()
            if task.done():
                task.result()  # a driver that failed fails the request (a 500), as it did when awaited
