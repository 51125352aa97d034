"""The web app of `domino serve`: a Starlette app whose routes are the JSON API of docs/web.md and
the page's static files. Every refusal is `{"error": message}` with its status; no traceback ever
reaches a browser (an unexpected error is logged on the server and answered with a short 500).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import sys
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from interpreter import players
from interpreter.frontends.web.replays import Replays
from interpreter.frontends.web.tables import Refusal, Table, Tables, load_text, report, upload_files
from interpreter.records.savegame import default_directory
from interpreter.resources import bundled_variants
from interpreter.rulefile.explain import explain
from interpreter.rulefile.loader import RuleFileError, load_ruleset
from interpreter.rulefile.ruleset import Ruleset, Teams
from interpreter.text.untrusted import JsonProblem, load_json

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 256 * 1024  # a rule file, a table's settings, an action
MAX_SAVE_BODY = 8 * 1024 * 1024  # a save or a log opened in the browser (a long match's save is under 1 MiB)
HEARTBEAT_S = 15.0


def _error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


async def read_body(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object, read no further than `limit` bytes; Refusal 413 past it, 400 if malformed."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit:
        raise Refusal(413, f"the request is larger than {limit // 1024} KiB")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Refusal(413, f"the request is larger than {limit // 1024} KiB")
        chunks.append(chunk)
    try:
        data = load_json(b"".join(chunks).decode("utf-8"))
    except UnicodeDecodeError:
        raise Refusal(400, "the request is not UTF-8 text") from None
    except JsonProblem as problem:
        raise Refusal(400, f"malformed JSON at {problem.where()}: {problem.message}") from None
    if not isinstance(data, dict):
        raise Refusal(400, "the request must be a JSON object")
    return data


def _variant(name: str, path: Path) -> dict[str, Any] | None:
    try:
        ruleset = load_ruleset(path)
    except RuleFileError:
        return None
    return {
        "name": name,
        "title": ruleset.title,
        "description": ruleset.description,
        "tags": list(ruleset.tags),
        "players": {"min": ruleset.players.min, "max": ruleset.players.max},
        "explain": explain(ruleset),
        **shape(ruleset),
    }


def shape(ruleset: Ruleset) -> dict[str, Any]:
    """What the start page adapts to: whether partnerships may be chosen, at which player counts
    the rules seat partners (across the table), and the family (a trick game has no hand size or
    rounds to set: its deal uses every tile)."""
    teams = ruleset.players.teams is Teams.OPPOSITE
    return {
        "teams_optional": ruleset.players.teams_optional,
        "partners": sorted(ruleset.players.team_counts) if teams else [],
        "family": ruleset.family.value,
        "target": ruleset.match.target,
    }


@functools.cache
def variants() -> list[dict[str, Any]]:
    return [v for name, path in bundled_variants().items() if (v := _variant(name, path)) is not None]


def create_app(
    state_dir: Path | None = None, *, pace_ms: int = 700, heartbeat_s: float = HEARTBEAT_S
) -> Starlette:
    """The app, with every browser table saved in `state_dir` (default: where `domino play` saves) back."""
    directory = state_dir or default_directory(dict(os.environ), Path.cwd())
    tables = Tables(directory, pace_ms)
    report(tables.load_all())
    replays = Replays(directory)

    def handled(endpoint: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        @functools.wraps(endpoint)
        async def run(request: Request) -> Response:
            try:
                return await endpoint(request)
            except Refusal as refusal:
                return _error(refusal.status, refusal.message, **refusal.extra)

        return run

    def seat(request: Request) -> tuple[Table, int]:
        table = tables.get(request.path_params["table"])
        return table, table.seat_of(request.query_params.get("token"))

    async def settle(table: Table) -> None:
        """Start the computer seats; at pace 0, answer only once they have moved."""
        task = table.start_driving()
        if task is not None and table.pace_ms == 0:
            await asyncio.shield(task)

    @handled
    async def list_variants(request: Request) -> Response:
        return JSONResponse(await asyncio.to_thread(variants))

    @handled
    async def validate(request: Request) -> Response:
        body = await read_body(request)
        text = body.get("text")
        if not isinstance(text, str):
            raise Refusal(422, "text must be the text of a rule file")
        files = upload_files(body.get("files"))
        try:
            ruleset = await asyncio.to_thread(load_text, text, directory, files)
        except Refusal as refusal:
            if "problems" not in refusal.extra:
                raise
            return JSONResponse({"ok": False, "problems": refusal.extra["problems"]})
        players = {"min": ruleset.players.min, "max": ruleset.players.max}
        return JSONResponse({"ok": True, "problems": [], "title": ruleset.title, "players": players,
                             **shape(ruleset)})  # fmt: skip

    @handled
    async def create_table(request: Request) -> Response:
        body = await read_body(request)
        table = await asyncio.to_thread(tables.create, body)
        await settle(table)
        return JSONResponse({"table": table.id, "seats": table.links()}, status_code=201)

    @handled
    async def open_table(request: Request) -> Response:
        body = await read_body(request, MAX_SAVE_BODY)
        table = await asyncio.to_thread(tables.open, body)
        await settle(table)
        return JSONResponse({"table": table.id, "seats": table.links()}, status_code=201)

    @handled
    async def state(request: Request) -> Response:
        table, number = seat(request)
        await settle(table)
        return Response(table.view_text(number), media_type="application/json")

    @handled
    async def act(request: Request) -> Response:
        table, number = seat(request)
        body = await read_body(request)
        move = body["action"] if "action" in body else body.get("index")
        table.act(number, move, body.get("version"))
        await settle(table)
        return JSONResponse({"state": table.view(number)})

    @handled
    async def hint(request: Request) -> Response:
        table, number = seat(request)
        if table.match.current_player != number:
            raise Refusal(409, "a hint is for your turn; it is not your turn")
        return JSONResponse(await asyncio.to_thread(table.hint))

    @handled
    async def events(request: Request) -> Response:
        table, number = seat(request)
        return StreamingResponse(
            _stream(table, number, heartbeat_s),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    @handled
    async def open_replay(request: Request) -> Response:
        body = await read_body(request, MAX_SAVE_BODY)
        key, found = await asyncio.to_thread(replays.open, body)
        return JSONResponse({"replay": key, "steps": found.steps}, status_code=201)

    @handled
    async def replay_step(request: Request) -> Response:
        found = replays.get(request.path_params["replay"])
        return JSONResponse(found.view(request.path_params["step"]))

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve(request: Request) -> Response:
            wanted = request.path_params.get("name", name)
            found = next((STATIC / f for f in (f"{wanted}.html", "index.html") if (STATIC / f).is_file()), None)
            if found is None or "/" in wanted or wanted.startswith("."):
                return _error(404, "the page's files are not installed")
            return FileResponse(found, headers={"Cache-Control": "no-cache"})

        return serve

    @handled
    async def pace(request: Request) -> Response:
        table, _ = seat(request)
        body = await read_body(request)
        table.set_pace(body.get("pace_ms"))
        return JSONResponse({"pace_ms": table.pace_ms})

    async def not_found(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 404
        detail = exc.detail if isinstance(exc, HTTPException) else "not found"
        return _error(status, str(detail))

    async def crashed(request: Request, exc: Exception) -> Response:
        traceback.print_exception(exc, file=sys.stderr)  # for the server's log only
        return _error(500, f"internal error ({type(exc).__name__}); the server's log has the details")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for table in tables.tables.values():
            table.start_driving()
        try:
            yield
        finally:
            tables.close()

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
        Route("/api/tables/{table}/events", events),
        Route("/api/tables/{table}/hint", hint),
        Route("/api/tables/{table}/pace", pace, methods=["POST"]),
        Route("/api/replays", open_replay, methods=["POST"]),
        Route("/api/replays/{replay}/step/{step:int}", replay_step),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: not_found, Exception: crashed},
    )
    app.state.tables = tables
    app.state.replays = replays
    app.state.strongest = players.STRONGEST
    return app


async def _stream(table: Table, seat: int, heartbeat_s: float) -> AsyncIterator[str]:
    """Server-sent events: the seat's view at connect and at every new version; a comment as a
    heartbeat; `event: over` once the match is over, and then the stream ends."""
    queue = table.listen(seat)
    try:
        sent = table.version
        yield f"event: state\ndata: {table.view_text(seat)}\n\n"
        while True:
            if table.match.is_over and sent == table.version:
                yield "event: over\ndata: {}\n\n"
                return
            try:
                version, text = await asyncio.wait_for(queue.get(), heartbeat_s)
            except asyncio.TimeoutError:
                yield ": heartbeat\n\n"
                continue
            if version > sent:
                sent = version
                yield f"event: state\ndata: {text}\n\n"
    finally:
        table.unlisten(seat, queue)
