"""Reading a request of the web app's JSON API: its body, within the bounds of docs/web.md, and
the move an action request names."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import ClientDisconnect, Request

from interpreter.frontends.web.refusal import Refusal
from interpreter.text.untrusted import JsonProblem, load_json

MAX_BODY = 256 * 1024  # a rule file, a table's settings, an action
MAX_SAVE_BODY = 8 * 1024 * 1024  # a save or a log opened in the browser (a long match's save is under 1 MiB)
JSON_TYPE = "application/json"


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


def move_of(body: dict[str, Any]) -> Any:
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
