"""The table routes: making a table or opening a save as one, its state, its line in "Your
tables", leaving it, playing again, and its live updates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from interpreter.frontends.web.limits import Full
from interpreter.frontends.web.refusal import Refusal
from interpreter.frontends.web.requests import MAX_SAVE_BODY, read_body
from interpreter.frontends.web.responses import JSONResponse, handled
from interpreter.frontends.web.server_state import client_of, server_of
from interpreter.frontends.web.stream import HeldStream, updates
from interpreter.frontends.web.table_list import leave, summary
from interpreter.frontends.web.tables import Table
from interpreter.text.untrusted import MAX_SAVE_LINES


def made(table: Table) -> dict[str, Any]:
    """A new table's answer to the person who made it, to hand its seats' links out."""
    return {"table": table.id, "seats": table.links(every=True), "spectator": table.spectator_link()}


@handled
async def create_table(request: Request) -> Response:
    server = server_of(request)
    server.spend(request)
    return await _made_in(request, "checks", server.tables.create, await read_body(request))


@handled
async def open_table(request: Request) -> Response:
    server = server_of(request)
    server.spend(request)
    return await _made_in(request, "saves", server.tables.open, await read_body(request, MAX_SAVE_BODY, MAX_SAVE_LINES))


async def _made_in(
    request: Request, pool: str, make: Callable[[dict[str, Any], str | None], Table], body: dict[str, Any]
) -> Response:
    """The table `make` builds from the request's `body` in the worker pool `pool` (a check of rules
    or a save's replay: never on the event loop), its computer seats started: 201."""
    server, client = server_of(request), client_of(request)
    table = await server.workers[pool].run(client, make, body, client)
    await server.settle(table)
    return JSONResponse(made(table), status_code=201)


@handled
async def state(request: Request) -> Response:
    server = server_of(request)
    table, number = await server.reader(request)
    if number is not None:
        server.tables.idle.touch(table)  # a person opened its page
    await server.settle(table)
    return Response(await table.settled_view_text(number), media_type="application/json")


@handled
async def table_summary(request: Request) -> Response:
    server = server_of(request)
    table, number = await server.reader(request)  # the start page's list: no touch
    return JSONResponse(summary(table, number, server.tables.idle))


@handled
async def leave_table(request: Request) -> Response:
    server = server_of(request)
    table, number = await server.reader(request)
    await read_body(request)  # `{}`; read all the same: a form of another site may not post here
    left = await leave(table, number)
    server.tables.seen(table)  # closed: a finished table in memory now
    await server.settle(table)  # a computer took the seat: it moves at once where it is its turn
    return JSONResponse({"left": left})


@handled
async def again(request: Request) -> Response:
    server = server_of(request)
    table, number = await server.seat(request)
    await read_body(request)  # `{}`; read all the same: a form of another site may not post here
    server.spend(request)
    client = client_of(request)
    following, now = await server.workers["checks"].run(client, server.tables.again, table, client)
    if now:
        table.publish()  # every open page of the old match follows (its view names the next)
    await server.settle(following)
    # The asker's own seat there, and nobody else's: each person follows with their own old token.
    answer = {"table": following.id, "link": table.next_link(number), "seats": following.links(number),
              "spectator": following.spectator_link()}  # fmt: skip
    return JSONResponse(answer, status_code=201 if now else 200)


@handled
async def events(request: Request) -> Response:
    server = server_of(request)
    table, number = await server.reader(request)
    follow = request.query_params.get("follow") == "1"
    try:  # taken now, before the first await: the place is this request's as soon as it is checked
        slot = server.streams.take(client_of(request) or "?", table.id)
    except Full as full:
        raise Refusal(full.status, full.message, retry_after=full.retry_after) from None
    return HeldStream(
        slot,
        updates(server.tables, table, number, server.heartbeat_s, server.closing, follow),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
