"""The start page's games: the bundled variants (`GET /api/variants`) and the check of a pasted
rule file (`POST /api/validate`), each with what the page adapts to (`shape`)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from interpreter.frontends.web.catalogue import base_of, ordered
from interpreter.frontends.web.refusal import Refusal
from interpreter.frontends.web.requests import read_body
from interpreter.frontends.web.responses import JSONResponse, handled
from interpreter.frontends.web.server_state import client_of, server_of
from interpreter.frontends.web.tables import load_text, upload_files
from interpreter.resources import bundled_variants
from interpreter.rulefile.explain import explain
from interpreter.rulefile.loader import RuleFileError, load_ruleset
from interpreter.rulefile.ruleset import Ruleset


@handled
async def list_variants(request: Request) -> Response:
    return JSONResponse(await server_of(request).workers["checks"].run(client_of(request), variants))


@handled
async def validate(request: Request) -> Response:
    server = server_of(request)
    server.spend(request)
    body = await read_body(request)
    text = body.get("text")
    if not isinstance(text, str):
        raise Refusal(422, "text must be the text of a rule file")
    files = upload_files(body.get("files"))
    try:
        ruleset = await server.workers["checks"].run(client_of(request), load_text, text, server.directory, files)
    except Refusal as refusal:
        if "problems" not in refusal.extra:
            raise
        return JSONResponse({"ok": False, "problems": refusal.extra["problems"]})
    players = {"min": ruleset.players.min, "max": ruleset.players.max}
    return JSONResponse({"ok": True, "problems": [], "title": ruleset.title, "players": players,
                         **shape(ruleset)})  # fmt: skip


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
