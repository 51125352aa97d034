"""The web app of `domino serve`: a Starlette app whose routes are the JSON API of docs/web.md
(handlers in routes/, by role) and the page's static files. Every refusal is `{"error": message}`
with its status; no traceback ever reaches a browser (responses.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from interpreter import players
from interpreter.frontends.web.idle import keep_closing
from interpreter.frontends.web.limits import Limits, RateLimiter, StreamSlots
from interpreter.frontends.web.registry import Tables, report, server_directory
from interpreter.frontends.web.replays import Replays
from interpreter.frontends.web.responses import crashed, not_found
from interpreter.frontends.web.routes.pages import STATIC, page
from interpreter.frontends.web.routes.replays import open_replay, replay_step
from interpreter.frontends.web.routes.seats import act, hint, name, pace, proceed, saying, sayings, stand_in
from interpreter.frontends.web.routes.tables import (
    again,
    create_table,
    events,
    leave_table,
    open_table,
    state,
    table_summary,
)
from interpreter.frontends.web.routes.variants import list_variants, validate
from interpreter.frontends.web.server_state import ServerState
from interpreter.frontends.web.workers import Workers

HEARTBEAT_S = 15.0


def create_app(
    state_dir: Path | None = None, *, pace_ms: int = 700, heartbeat_s: float = HEARTBEAT_S,
    limits: Limits | None = None,
) -> Starlette:  # fmt: skip
    """The app, with every browser table saved in `state_dir` (default: the server's own folder beside
    the terminal's saves, server_directory) back. Loading replays every table: call it before the
    event loop runs (as `domino serve` does), never on it."""
    directory = state_dir or server_directory(dict(os.environ), Path.cwd())
    limits = limits or Limits()
    workers = Workers()
    tables = Tables(directory, pace_ms, limits, workers=workers)
    report(tables.load_all())
    server = ServerState(
        directory=directory, limits=limits, workers=workers, tables=tables, replays=Replays(directory),
        rate=RateLimiter(limits), streams=StreamSlots(limits), closing=asyncio.Event(), heartbeat_s=heartbeat_s,
    )  # fmt: skip
    routes = [
        Route("/", partial(page, "index")),
        Route("/table/{table}", partial(page, "table")),
        Route("/replay/{replay}", partial(page, "replay")),
        Route("/{name}.html", partial(page, "index")),
        Route("/api/variants", list_variants),
        Route("/api/validate", validate, methods=["POST"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/open", open_table, methods=["POST"]),
        Route("/api/tables/{table}/state", state),
        Route("/api/tables/{table}/action", act, methods=["POST"]),
        Route("/api/tables/{table}/continue", proceed, methods=["POST"]),
        Route("/api/tables/{table}/events", events),
        Route("/api/tables/{table}/hint", hint),
        Route("/api/tables/{table}/pace", pace, methods=["POST"]),
        Route("/api/tables/{table}/name", name, methods=["POST"]),
        Route("/api/tables/{table}/again", again, methods=["POST"]),
        Route("/api/tables/{table}/seat", stand_in, methods=["POST"]),
        Route("/api/tables/{table}/say", saying, methods=["POST"]),
        Route("/api/sayings", sayings),
        Route("/api/tables/{table}/summary", table_summary),
        Route("/api/tables/{table}/leave", leave_table, methods=["POST"]),
        Route("/api/replays", open_replay, methods=["POST"]),
        Route("/api/replays/{replay}/step/{step}", replay_step),  # not {step:int}: 5,000 digits fail int()
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: not_found, Exception: crashed})
    app.state.server = server  # what every route handler reads (server_state.py)
    app.state.tables = tables
    app.state.replays = server.replays
    app.state.limits = limits
    app.state.streams = server.streams
    app.state.stop = server.closing.set  # for the server: streams end as soon as it starts to stop
    app.state.strongest = players.STRONGEST
    return app


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """The tables' computer seats and the idle tables' sweeper run while the app serves; as it
    stops, every stream ends, every driver is cancelled and every write waiting for the disk finishes."""
    server: ServerState = app.state.server
    for table in list(server.tables.tables.values()):
        server.tables.drive(table)
    sweeper = asyncio.create_task(keep_closing(server.tables, server.closing))  # the idle tables (idle.py)
    try:
        yield
    finally:
        server.closing.set()
        sweeper.cancel()
        drivers = [t.driver for t in server.tables.tables.values() if t.driver is not None]
        for driver in drivers:
            driver.cancel()
        await asyncio.gather(*drivers, sweeper, return_exceptions=True)
        await asyncio.to_thread(server.tables.close)  # the writes waiting for the disk finish first
        server.workers.close()
