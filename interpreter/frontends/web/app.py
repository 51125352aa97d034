"""The web app of `domino serve`: a Starlette app whose routes are the JSON API of docs/web.md and
the page's static files. Every refusal is `{"error": message}` with its status; no traceback ever
reaches a browser (an unexpected error is logged on the server and answered with a short 500).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import re
import sys
import traceback
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, Response, StreamingResponse
from starlette.responses import JSONResponse as StarletteJSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from interpreter import players
from interpreter.frontends.web.catalogue import base_of, ordered
from interpreter.frontends.web.idle import keep_closing
from interpreter.frontends.web.limits import Full, Limits, RateLimiter, StreamSlot, StreamSlots
from interpreter.frontends.web.presence import arrive, stamped
from interpreter.frontends.web.presence import leave as went_away
from interpreter.frontends.web.refusal import Refusal
from interpreter.frontends.web.registry import Tables, report, server_directory
from interpreter.frontends.web.replays import Replays
from interpreter.frontends.web.sayings import catalogue, say
from interpreter.frontends.web.table_list import leave, summary
from interpreter.frontends.web.tables import Table, load_text, upload_files
from interpreter.frontends.web.workers import Workers
from interpreter.resources import bundled_variants
from interpreter.rulefile.explain import explain
from interpreter.rulefile.loader import RuleFileError, load_ruleset
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.diagnostics import shorten
from interpreter.text.untrusted import MAX_SAVE_LINES, JsonProblem, load_json, printable

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 256 * 1024  # a rule file, a table's settings, an action
MAX_SAVE_BODY = 8 * 1024 * 1024  # a save or a log opened in the browser (a long match's save is under 1 MiB)
HEARTBEAT_S = 15.0


class JSONResponse(StarletteJSONResponse):
    """Starlette's JSON answer, except that a lone surrogate (a pasted rule file may write one as a
    YAML escape) is sent as the six characters `\\ud800` instead of failing to encode: a 500."""

    def render(self, content: Any) -> bytes:
        try:
            return super().render(content)
        except UnicodeEncodeError:
            text = json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
            return _SURROGATE.sub(lambda found: f"\\\\u{ord(found.group()):04x}", text).encode("utf-8")


_SURROGATE = re.compile("[\ud800-\udfff]")
JSON_TYPE = "application/json"
MAX_NAME_BYTES = 250  # a page's name with ".html" within a file name's 255 bytes


def _error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


async def read_body(request: Request, limit: int = MAX_BODY, lines: int | None = None) -> dict[str, Any]:
    """The request's JSON object, read no further than `limit` bytes, nor than `lines` line breaks
    of its text (`\\n` in a JSON string: a save's lines, counted as they arrive; an escaped backslash
    before an n counts too, which only errs towards refusing), and within the body timeout; Refusal
    413 past the size or the lines, 408 past the time, 400 if malformed, 415 if it says it is not JSON."""
    if not _is_json(request.headers.get("content-type", "")):
        raise Refusal(415, f"the request must be JSON (Content-Type: {JSON_TYPE})")
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit:
        raise Refusal(413, f"the request is larger than {limit // 1024} KiB")
    chunks: list[bytes] = []
    timeout = request.app.state.limits.body_timeout_s

    async def read() -> None:
        size = breaks = 0
        last = b""  # the byte before the chunk: a `\n` may be split between two
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise Refusal(413, f"the request is larger than {limit // 1024} KiB")
            if lines is not None and chunk:
                breaks += (last + chunk).count(b"\\n")
                last = chunk[-1:]
                if breaks > lines:
                    raise Refusal(413, f"the save has more than {lines:,} lines; a table's longest match writes "
                                  "far fewer")  # fmt: skip
            chunks.append(chunk)

    try:
        await asyncio.wait_for(read(), timeout)
    except ClientDisconnect:  # nobody reads the answer; it only keeps the traceback out of the log
        raise Refusal(400, "the client hung up before the whole request arrived") from None
    except asyncio.TimeoutError:
        raise Refusal(408, f"the request's body did not arrive within {timeout:g} s") from None
    try:
        data = load_json(b"".join(chunks).decode("utf-8"))
    except UnicodeDecodeError:
        raise Refusal(400, "the request is not UTF-8 text") from None
    except JsonProblem as problem:
        raise Refusal(400, f"malformed JSON at {problem.where()}: {problem.message}") from None
    if not isinstance(data, dict):
        raise Refusal(400, "the request must be a JSON object")
    return data


def _is_json(content_type: str) -> bool:
    """Whether a request's Content-Type is JSON in UTF-8, or is not given (curl --data-binary, a
    script). A form's or text/plain is refused: a page of another site may send those unasked."""
    media, *parameters = (part.strip().lower() for part in content_type.split(";"))
    charsets = [p.partition("=")[2].strip('" ') for p in parameters if p.partition("=")[0].strip() == "charset"]
    return media in ("", JSON_TYPE) and all(charset in ("utf-8", "utf8") for charset in charsets)


def _whole(value: Any) -> bool:
    return type(value) is int  # not a boolean, nor "6": a lenient reader would take those for numbers


def _tile(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_whole(half) for half in value)


def _move(body: dict[str, Any]) -> Any:
    """The move of an action request: `index` (a legal move's number), or `action`, an object whose
    fields have the types docs/web.md gives them (the engine's own reader takes "06" for a tile)."""
    if "action" not in body:
        index = body.get("index")
        if not _whole(index):
            raise Refusal(422, "index must be the number of a legal move (or send an action)")
        return index
    action = body["action"]
    if not isinstance(action, dict) or not isinstance(action.get("kind"), str):
        raise Refusal(422, 'action must be an object such as {"kind": "play", "tile": [4, 6]}')
    checks = {"tile": (_tile, "two whole numbers such as [4, 6]"),
              "tiles": (lambda v: isinstance(v, list) and all(map(_tile, v)), "a list of tiles such as [[6, 6]]"),
              "arm": (_whole, "a whole number"), "half": (_whole, "a whole number")}  # fmt: skip
    for key, (check, words) in checks.items():
        if action.get(key) is not None and not check(action[key]):
            raise Refusal(422, f"action: {key} must be {words}")
    return action


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

    def handled(endpoint: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        @functools.wraps(endpoint)
        async def run(request: Request) -> Response:
            try:
                return await endpoint(request)
            except Refusal as refusal:
                extra = dict(refusal.extra)
                retry = extra.pop("retry_after", None)
                response = _error(refusal.status, refusal.message, **extra)
                if retry is not None:
                    response.headers["Retry-After"] = str(retry)
                return response

        return run

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
        move = _move(body)
        await table.act(number, move, body.get("version"), committer)
        await settle(table)
        tables.seen(table)
        return Response(f'{{"state":{await table.settled_view_text(number)}}}', media_type="application/json")

    @handled
    async def proceed(request: Request) -> Response:
        table, number = await seat(request)
        await read_body(request)  # `{}`; read all the same: a form of another site may not post here
        await table.proceed(number)
        await settle(table)  # the last person to continue lets the computer seats move
        return Response(f'{{"state":{await table.settled_view_text(number)}}}', media_type="application/json")

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
        return Response(f'{{"state":{await table.settled_view_text(number)}}}', media_type="application/json")

    @handled
    async def saying(request: Request) -> Response:
        table, number = await seat(request)
        body = await read_body(request)
        await say(table, number, body.get("say"))
        return Response(f'{{"state":{await table.settled_view_text(number)}}}', media_type="application/json")

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
            _stream(tables, table, number, heartbeat_s, closing, follow),
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
                return _error(404, "no such page")
            wanted = request.path_params.get("name", name)
            found = next((STATIC / f for f in (f"{wanted}.html", "index.html") if (STATIC / f).is_file()), None)
            if found is None:
                return _error(404, "the page's files are not installed")
            return FileResponse(found, headers={"Cache-Control": "no-cache"})

        return serve

    @handled
    async def pace(request: Request) -> Response:
        table, _ = await seat(request)
        body = await read_body(request)
        await table.set_pace(body.get("pace_ms"))
        return JSONResponse({"pace_ms": table.pace_ms})

    async def not_found(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 404
        detail = exc.detail if isinstance(exc, HTTPException) else "not found"
        return _error(status, str(detail))

    async def crashed(request: Request, exc: Exception) -> Response:
        # For the server's log only, escaped: a message may quote a request.
        sys.stderr.write(printable("".join(traceback.format_exception(exc))))
        return _error(500, f"internal error ({type(exc).__name__}); the server's log has the details")

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


class HeldStream(StreamingResponse):
    """A live-update stream holding its place in the counts (limits.StreamSlots) until it ends,
    however it ends (run to its end, the client gone, the server stopping), its generator's first
    step taken or not. Its generator is closed as it ends too: one cut off while it waited to send
    would otherwise run its `finally` (its person leaving the table) only when it is collected."""

    def __init__(self, slot: StreamSlot, content: AsyncGenerator[str, None], **options: Any) -> None:
        super().__init__(content, **options)
        self.slot = slot
        self.content = content

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.slot.release()
            await self.content.aclose()  # its `finally` never awaits: done at once, even when cancelled


async def _stream(
    tables: Tables, table: Table, seat: int | None, heartbeat_s: float, closing: asyncio.Event, follow: bool = False
) -> AsyncGenerator[str, None]:
    """Server-sent events: the seat's (or the spectator's) view at connect and at every change (a
    new version, a person who continued from a round's end, a new name, a new pace); a comment as a
    heartbeat; `event: over` once the match is over (or stopped: it never goes on), and then the
    stream ends, unless `follow`:
    then it goes on until someone plays again, says `event: next` with the next table, and ends. It
    ends at once when the server stops (the page reconnects to the next server). A table it listens
    to stays in memory (registry.py); one let go of before the stream began ends it at once, and the
    page's EventSource connects again to the table as it is now. While it is open, its seat's
    person is here (presence.py)."""
    queue = tables.listen(table, seat)
    if queue is None:
        return
    stop = asyncio.ensure_future(closing.wait())  # one waiter for the whole stream, not one per message
    said_over = False
    try:
        await arrive(table, seat)
        sent, text = await table.settled_view(seat)
        yield f"event: state\ndata: {stamped(text, table.clock())}\n\n"
        while not stop.done():
            if table.finished and sent == table.stamp and not table.turn.locked():  # over or stopped; not mid-save
                if table.next is not None and follow:  # the reader's own place there, nobody else's
                    yield f"event: next\ndata: {json.dumps({'table': table.next, 'link': table.next_link(seat)})}\n\n"
                    return
                if not said_over:
                    yield "event: over\ndata: {}\n\n"
                    said_over = True
                if not follow:
                    return
            got = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait({got, stop}, timeout=heartbeat_s, return_when=asyncio.FIRST_COMPLETED)
            if got not in done:
                got.cancel()
                if stop not in done:
                    yield ": heartbeat\n\n"
                continue
            stamp, text = got.result()
            if stamp > sent:
                sent = stamp
                yield f"event: state\ndata: {stamped(text, table.clock())}\n\n"
    finally:
        stop.cancel()
        tables.unlisten(table, seat, queue)
        went_away(table, seat)
