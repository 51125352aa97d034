"""The web app's answers: JSON that survives a lone surrogate, every refusal as
`{"error": message}` with its status (`handled`), and no traceback ever reaching a browser (an
unexpected error is logged on the server and answered with a short 500: `crashed`)."""

from __future__ import annotations

import functools
import json
import re
import sys
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse as StarletteJSONResponse
from starlette.responses import Response

from interpreter.frontends.web.refusal import Refusal
from interpreter.text.untrusted import printable

Endpoint = Callable[[Request], Awaitable[Response]]


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


def error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


def state_answer(view: str) -> Response:
    """A seat's view after its request (already JSON text: it is not parsed to be sent again)."""
    return Response(f'{{"state":{view}}}', media_type="application/json")


def handled(endpoint: Endpoint) -> Endpoint:
    """The endpoint, answering a Refusal as its error (with Retry-After when it says when to retry)."""

    @functools.wraps(endpoint)
    async def run(request: Request) -> Response:
        try:
            return await endpoint(request)
        except Refusal as refusal:
            extra = dict(refusal.extra)
            retry = extra.pop("retry_after", None)
            response = error(refusal.status, refusal.message, **extra)
            if retry is not None:
                response.headers["Retry-After"] = str(retry)
            return response

    return run


async def not_found(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 404
    detail = exc.detail if isinstance(exc, HTTPException) else "not found"
    return error(status, str(detail))


async def crashed(request: Request, exc: Exception) -> Response:
    # For the server's log only, escaped: a message may quote a request.
    sys.stderr.write(printable("".join(traceback.format_exception(exc))))
    return error(500, f"internal error ({type(exc).__name__}); the server's log has the details")
