"""The web app of `domino serve`: a Starlette app whose routes are the JSON API of docs/web.md and
the page's static files. Every refusal is `{"error": message}` with its status; no traceback ever
reaches a browser (responses.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from interpreter import players
from interpreter.frontends.web.catalogue import base_of, ordered
from interpreter.frontends.web.idle import keep_closing
from interpreter.frontends.web.limits import Full, Limits, RateLimiter, StreamSlots
from interpreter.frontends.web.refusal import Refusal
from interpreter.frontends.web.registry import Tables, report, server_directory
from interpreter.frontends.web.replays import Replays
from interpreter.frontends.web.requests import MAX_SAVE_BODY, move_of, read_body
from interpreter.frontends.web.responses import JSONResponse, crashed, error, handled, not_found, state_answer
from interpreter.frontends.web.sayings import catalogue, say
from interpreter.frontends.web.stream import HeldStream, updates
from interpreter.frontends.web.table_list import leave, summary
from interpreter.frontends.web.tables import Table, load_text, upload_files
from interpreter.frontends.web.workers import Workers
from interpreter.resources import bundled_variants
from interpreter.rulefile.explain import explain
from interpreter.rulefile.loader import RuleFileError, load_ruleset
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.diagnostics import shorten
from interpreter.text.untrusted import MAX_SAVE_LINES

STATIC = Path(__file__).resolve().parent / "static"
HEARTBEAT_S = 15.0
MAX_NAME_BYTES = 250  # a page's name with ".html" within a file name's 255 bytes


def _plain(part: str) -> bool:
    """Whether a part of a page's path could name a page, a table or a replay: no control character,
    no byte that is not UTF-8 (decoded as U+FFFD), no folder, not hidden, short enough for a file name."""
    return part.isprintable() and not {"/", "\ufffd"} & set(part) and not part.startswith(".") and (
        0 < len(part.encode("utf-8")) <= MAX_NAME_BYTES)  # fmt: skip


def _variant(name: str, path: Path) -> tuple[dict[str, Any], Ruleset] | None:
    try:
        ruleset = load_ruleset(path)
    except RuleFileError:
        return None
    return {
        "name": name,
        "title": ruleset.title,
        "description": ruleset.description,
        "how_to_play": ruleset.how_to_play,
        "base": base_of(path, bundled_variants()),  # the bundled game this house variant extends
        "tags": list(ruleset.tags),
        "players": {"min": ruleset.players.min, "max": ruleset.players.max},
        "explain": explain(ruleset),
        **shape(ruleset),
    }, ruleset


def shape(ruleset: Ruleset) -> dict[str, Any]:
    """What the start page adapts to: whether partnerships may be chosen and at which player counts
    (team_counts; the page offers the choice only there), at which counts the rules seat partners
    by default (across the table, or `sides` teams in alternate seats), and the family (a trick
    game has no hand size or rounds to set: its deal uses every tile)."""
    teams = ruleset.players.partnered
    optional = ruleset.players.teams_optional
    return {
        "teams_optional": optional,
        "team_counts": sorted(ruleset.players.team_counts) if optional else [],
        "partners": sorted(ruleset.players.team_counts) if teams else [],
        "sides": ruleset.players.sides,  # teams in alternate seats; 0: partners in pairs, across the table
        "family": ruleset.family.value,
        "target": ruleset.match.target,
    }


@functools.cache
def variants() -> list[dict[str, Any]]:
    """Every bundled game that loads, in the start page's order and groups (catalogue.py)."""
    loaded = [v for name, path in bundled_variants().items() if (v := _variant(name, path)) is not None]
    return ordered([entry for entry, _ in loaded], {entry["name"]: ruleset for entry, ruleset in loaded})


def create_app(
    state_dir: Path | None = None, *, pace_ms: int = 700, heartbeat_s: float = HEARTBEAT_S,
    limits: Limits | None = None,
) -> Starlette:  # fmt: skip
    """The app, with every browser table saved in `state_dir` (default: the server's own folder beside
    the terminal's saves, server_directory) back. Loading replays every table: call it before the
    event loop runs (as `domino serve` does), never on it."""
    directory = state_dir or server_directory(dict(os.environ), Path.cwd())
    limits = limits or Limits()
    workers = Workers()  # every thread the requests' work runs in, shared fairly (workers.py)
    tables = Tables(directory, pace_ms, limits, workers=workers)
    report(tables.load_all())
    replays = Replays(directory)
    committer = tables.committer
    rate = RateLimiter(limits)
    closing = asyncio.Event()
    streams = StreamSlots(limits)

    def client_of(request: Request) -> str | None:
        return request.client.host if request.client else None

    def spend(request: Request) -> None:
        """One of this client's requests that make something; 429 past its rate."""
        wait = rate.wait_for(client_of(request) or "?")
        if wait:
            raise Refusal(429, "too many requests from your address; wait a moment", retry_after=max(1, round(wait)))

    async def find(request: Request, table_id: str) -> Table:
        table = tables.tables.get(table_id)
        if table is not None:
            tables.seen(table)
            return table
        return await workers["saves"].run(client_of(request), tables.find, table_id)  # read from disk: a replay

    async def seat(request: Request) -> tuple[Table, int]:
        table = await find(request, request.path_params["table"])
        number = table.seat_of(request.query_params.get("token"))
        tables.idle.touch(table)  # a person's doing: the table is not idle (idle.py)
        return table, number

    async def reader(request: Request) -> tuple[Table, int | None]:
        """The table and who reads it: a seat, or None for its spectator's link."""
        table = await find(request, request.path_params["table"])
        return table, table.reader_of(request.query_params.get("token"))

    def made(table: Table) -> dict[str, Any]:
        """A new table's answer to the person who made it, to hand its seats' links out."""
        return {"table": table.id, "seats": table.links(every=True), "spectator": table.spectator_link()}

    async def settle(table: Table) -> None:
        """Start the computer seats; at pace 0, answer only once they have moved, or the server stops
        (its drivers are cancelled then, and the next server goes on with the table)."""
        task = tables.drive(table)
        if task is not None and table.pace_ms == 0:
            stop = asyncio.ensure_future(closing.wait())
            try:
                await asyncio.wait({task, stop}, return_when=asyncio.FIRST_COMPLETED)  # the driver is not cancelled
            finally:
                stop.cancel()
            if task.done():
                task.result()  # a driver that failed fails the request (a 500), as it did when awaited

    @handled
    async def list_variants(request: Request) -> Response:
        return JSONResponse(await workers["checks"].run(client_of(request), variants))

    @handled
    async def validate(request: Request) -> Response:
        spend(request)
        body = await read_body(request)
        text = body.get("text")
        if not isinstance(text, str):
            raise Refusal(422, "text must be the text of a rule file")
        files = upload_files(body.get("files"))
        try:
            ruleset = await workers["checks"].run(client_of(request), load_text, text, directory, files)
        except Refusal as refusal:
            if "problems" not in refusal.extra:
                raise
            return JSONResponse({"ok": False, "problems": refusal.extra["problems"]})
        players = {"min": ruleset.players.min, "max": ruleset.players.max}
        return JSONResponse({"ok": True, "problems": [], "title": ruleset.title, "players": players,
                             **shape(ruleset)})  # fmt: skip

    @handled
    async def create_table(request: Request) -> Response:
        spend(request)
        body = await read_body(request)
        table = await workers["checks"].run(client_of(request), tables.create, body, client_of(request))
        await settle(table)
        return JSONResponse(made(table), status_code=201)

    @handled
    async def open_table(request: Request) -> Response:
        spend(request)
        body = await read_body(request, MAX_SAVE_BODY, MAX_SAVE_LINES)
        table = await workers["saves"].run(client_of(request), tables.open, body, client_of(request))
        await settle(table)
        return JSONResponse(made(table), status_code=201)

    @handled
    async def state(request: Request) -> Response:
        table, number = await reader(request)
        if number is not None:
            tables.idle.touch(table)  # a person opened its page
        await settle(table)
        return Response(await table.settled_view_text(number), media_type="application/json")

    @handled
    async def table_summary(request: Request) -> Response:
        table, number = await reader(request)  # the start page's list: no touch
        return JSONResponse(summary(table, number, tables.idle))

    @handled
    async def leave_table(request: Request) -> Response:
        table, number = await reader(request)
        await read_body(request)  # `{}`; read all the same: a form of another site may not post here
        left = await leave(table, number)
        tables.seen(table)  # closed: a finished table in memory now
        await settle(table)  # a computer took the seat: it moves at once where it is its turn
        return JSONResponse({"left": left})

    @handled
    async def act(request: Request) -> Response:
        table, number = await seat(request)
        body = await read_body(request)
        move = move_of(body)
        await table.act(number, move, body.get("version"), committer)
        await settle(table)
        tables.seen(table)
        return state_answer(await table.settled_view_text(number))

    @handled
    async def proceed(request: Request) -> Response:
        table, number = await seat(request)
        await read_body(request)  # `{}`; read all the same: a form of another site may not post here
        await table.proceed(number)
        await settle(table)  # the last person to continue lets the computer seats move
        return state_answer(await table.settled_view_text(number))

    @handled
    async def name(request: Request) -> Response:
        table, number = await seat(request)
        body = await read_body(request)
        async with table.turn:  # two people naming themselves at once: each checked against the other
            return JSONResponse({"name": await table.set_name(number, body.get("name"))})

    @handled
    async def stand_in(request: Request) -> Response:
        table, number = await seat(request)
        body = await read_body(request)
        await table.stand_in(number, body)
        await settle(table)  # the computer moves at once where it is its turn
        return state_answer(await table.settled_view_text(number))

    @handled
    async def saying(request: Request) -> Response:
        table, number = await seat(request)
        body = await read_body(request)
        await say(table, number, body.get("say"))
        return state_answer(await table.settled_view_text(number))

    async def sayings(request: Request) -> Response:
        return JSONResponse(catalogue())

    @handled
    async def again(request: Request) -> Response:
        table, number = await seat(request)
        await read_body(request)  # `{}`; read all the same: a form of another site may not post here
        spend(request)
        following, now = await workers["checks"].run(client_of(request), tables.again, table, client_of(request))
        if now:
            table.publish()  # every open page of the old match follows (its view names the next)
        await settle(following)
        # The asker's own seat there, and nobody else's: each person follows with their own old token.
        answer = {"table": following.id, "link": table.next_link(number), "seats": following.links(number),
                  "spectator": following.spectator_link()}  # fmt: skip
        return JSONResponse(answer, status_code=201 if now else 200)

    @handled
    async def hint(request: Request) -> Response:
        table, number = await seat(request)
        if table.match.current_player != number or table.finished or table.to_continue:
            raise Refusal(409, "a hint is for your turn; it is not your turn")
        spend(request)
        async with table.turn:
            match = table.match.clone()  # searched in a worker thread while the table goes on
        return JSONResponse(await workers["hints"].run(client_of(request), table.hint, match))

    @handled
    async def events(request: Request) -> Response:
        table, number = await reader(request)
        follow = request.query_params.get("follow") == "1"
        try:  # taken now, before the first await: the place is this request's as soon as it is checked
            slot = streams.take(client_of(request) or "?", table.id)
        except Full as full:
            raise Refusal(full.status, full.message, retry_after=full.retry_after) from None
        return HeldStream(
            slot,
            updates(tables, table, number, heartbeat_s, closing, follow),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    @handled
    async def open_replay(request: Request) -> Response:
        spend(request)
        body = await read_body(request, MAX_SAVE_BODY, MAX_SAVE_LINES)
        key, found = await workers["saves"].run(client_of(request), replays.open, body)
        return JSONResponse({"replay": key, "steps": found.steps}, status_code=201)

    @handled
    async def replay_step(request: Request) -> Response:
        found = replays.get(request.path_params["replay"])
        step = _step(request.path_params["step"], found.steps)
        return JSONResponse(await workers["saves"].run(client_of(request), found.view, step))  # a replay: slow

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve(request: Request) -> Response:
            if not all(map(_plain, request.path_params.values())):
                return error(404, "no such page")
            wanted = request.path_params.get("name", name)
            found = next((STATIC / f for f in (f"{wanted}.html", "index.html") if (STATIC / f).is_file()), None)
            if found is None:
                return error(404, "the page's files are not installed")
            return FileResponse(found, headers={"Cache-Control": "no-cache"})

        return serve

    @handled
    async def pace(request: Request) -> Response:
        table, _ = await seat(request)
        body = await read_body(request)
        await table.set_pace(body.get("pace_ms"))
        return JSONResponse({"pace_ms": table.pace_ms})

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for table in list(tables.tables.values()):
            tables.drive(table)
        sweeper = asyncio.create_task(keep_closing(tables, closing))  # the idle tables (idle.py)
        try:
            yield
        finally:
            closing.set()
            sweeper.cancel()
            drivers = [t.driver for t in tables.tables.values() if t.driver is not None]
            for driver in drivers:
                driver.cancel()
            await asyncio.gather(*drivers, sweeper, return_exceptions=True)
            await asyncio.to_thread(tables.close)  # the writes waiting for the disk finish first
            workers.close()

    routes = [
        Route("/", page("index")),
        Route("/table/{table}", page("table")),
        Route("/replay/{replay}", page("replay")),
        Route("/{name}.html", page("index")),
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
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: not_found, Exception: crashed},
    )
    app.state.tables = tables
    app.state.replays = replays
    app.state.limits = limits
    app.state.streams = streams
    app.state.stop = closing.set  # for the server: streams end as soon as it starts to stop
    app.state.strongest = players.STRONGEST
    return app


def _step(text: str, steps: int) -> int:
    """A replay's step from its path: digits only, and within the replay, else Refusal 404."""
    digits = text.lstrip("0") or "0"
    if not (text.isascii() and text.isdigit() and len(digits) <= 18 and int(digits) <= steps):
        raise Refusal(404, f"step {shorten(text)} is outside this replay (0 to {steps})")
    return int(digits)
