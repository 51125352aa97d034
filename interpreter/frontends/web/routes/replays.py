"""The replay routes: a save or a log opened for stepping through (`POST /api/replays`), and its
public view at one step (`GET /api/replays/{replay}/step/{step}`)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from interpreter.frontends.web.refusal import Refusal
from interpreter.frontends.web.requests import MAX_SAVE_BODY, read_body
from interpreter.frontends.web.responses import JSONResponse, handled
from interpreter.frontends.web.server_state import client_of, server_of
from interpreter.text.diagnostics import shorten
from interpreter.text.untrusted import MAX_SAVE_LINES


@handled
async def open_replay(request: Request) -> Response:
    server = server_of(request)
    server.spend(request)
    body = await read_body(request, MAX_SAVE_BODY, MAX_SAVE_LINES)
    key, found = await server.workers["saves"].run(client_of(request), server.replays.open, body)
    return JSONResponse({"replay": key, "steps": found.steps}, status_code=201)


@handled
async def replay_step(request: Request) -> Response:
    server = server_of(request)
    found = server.replays.get(request.path_params["replay"])
    step = _step(request.path_params["step"], found.steps)
    return JSONResponse(await server.workers["saves"].run(client_of(request), found.view, step))  # a replay: slow


def _step(text: str, steps: int) -> int:
    """A replay's step from its path: digits only, and within the replay, else Refusal 404."""
    digits = text.lstrip("0") or "0"
    if not (text.isascii() and text.isdigit() and len(digits) <= 18 and int(digits) <= steps):
        raise Refusal(404, f"step {shorten(text)} is outside this replay (0 to {steps})")
    return int(digits)
