"""The page's files: the start page, a table's page and a replay's page, each one HTML file of
static/ (app.py mounts the rest of the folder at /static)."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response

from interpreter.frontends.web.responses import error

STATIC = Path(__file__).resolve().parents[1] / "static"
MAX_NAME_BYTES = 250  # a page's name with ".html" within a file name's 255 bytes


async def page(name: str, request: Request) -> Response:
    """The page `name` (or the one its path names), else the start page; 404 for a path no page
    could have. Routed with its name bound (functools.partial)."""
    if not all(map(_plain, request.path_params.values())):
        return error(404, "no such page")
    wanted = request.path_params.get("name", name)
    found = next((STATIC / f for f in (f"{wanted}.html", "index.html") if (STATIC / f).is_file()), None)
    if found is None:
        return error(404, "the page's files are not installed")
    return FileResponse(found, headers={"Cache-Control": "no-cache"})


def _plain(part: str) -> bool:
    """Whether a part of a page's path could name a page, a table or a replay: no control character,
    no byte that is not UTF-8 (decoded as U+FFFD), no folder, not hidden, short enough for a file name."""
    return part.isprintable() and not {"/", "\ufffd"} & set(part) and not part.startswith(".") and (
        0 < len(part.encode("utf-8")) <= MAX_NAME_BYTES)  # fmt: skip
