"""What a seated person does at a table, each request holding the seat's token: act, continue
from a round's end, name themselves, let a computer stand in, say something, ask for a hint, set
the pace."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from interpreter.frontends.web.refusal import Refusal
from interpreter.frontends.web.requests import move_of, read_body
from interpreter.frontends.web.responses import JSONResponse, handled, state_answer
from interpreter.frontends.web.sayings import catalogue, say
from interpreter.frontends.web.server_state import client_of, server_of


@handled
async def act(request: Request) -> Response:
    server = server_of(request)
    table, number = await server.seat(request)
    body = await read_body(request)
    move = move_of(body)
    await table.act(number, move, body.get("version"), server.tables.committer)
    await server.settle(table)
    server.tables.seen(table)
    return state_answer(await table.settled_view_text(number))


@handled
async def proceed(request: Request) -> Response:
    server = server_of(request)
    table, number = await server.seat(request)
    await read_body(request)  # `{}`; read all the same: a form of another site may not post here
    await table.proceed(number)
    await server.settle(table)  # the last person to continue lets the computer seats move
    return state_answer(await table.settled_view_text(number))


@handled
async def name(request: Request) -> Response:
    table, number = await server_of(request).seat(request)
    body = await read_body(request)
    async with table.turn:  # two people naming themselves at once: each checked against the other
        return JSONResponse({"name": await table.set_name(number, body.get("name"))})


@handled
async def stand_in(request: Request) -> Response:
    server = server_of(request)
    table, number = await server.seat(request)
    body = await read_body(request)
    await table.stand_in(number, body)
    await server.settle(table)  # the computer moves at once where it is its turn
    return state_answer(await table.settled_view_text(number))


@handled
async def saying(request: Request) -> Response:
    table, number = await server_of(request).seat(request)
    body = await read_body(request)
    await say(table, number, body.get("say"))
    return state_answer(await table.settled_view_text(number))


async def sayings(request: Request) -> Response:
    return JSONResponse(catalogue())


@handled
async def hint(request: Request) -> Response:
    server = server_of(request)
    table, number = await server.seat(request)
    if table.match.current_player != number or table.finished or table.to_continue:
        raise Refusal(409, "a hint is for your turn; it is not your turn")
    server.spend(request)
    async with table.turn:
        match = table.match.clone()  # searched in a worker thread while the table goes on
    return JSONResponse(await server.workers["hints"].run(client_of(request), table.hint, match))


@handled
async def pace(request: Request) -> Response:
    table, _ = await server_of(request).seat(request)
    body = await read_body(request)
    await table.set_pace(body.get("pace_ms"))
    return JSONResponse({"pace_ms": table.pace_ms})
