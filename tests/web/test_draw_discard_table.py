"""The web table of a draw and discard game (rules/three-dozen.yaml, a set without copies, so that
a tile's face says where it is): a whole match between two people never shows a seat a tile
hidden from it — another's hand but for what it took from the discards, the stock — and the
board's part says the discards, the groups shown and the turn's step."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import DrawDiscardMatch

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")  # Starlette 1.x prefers httpx2 to httpx

HUMAN = {"kind": "human"}


def _url(table: dict, what: str, seat: int) -> str:
    return f"/api/tables/{table['table']}/{what}?token={table['seats'][seat].get('token')}"


def _tiles(value: object) -> set[tuple[int, int]]:
    """Every [a, b] pair anywhere in a JSON value."""
    if isinstance(value, list) and len(value) == 2 and all(type(x) is int for x in value):
        return {(min(value), max(value))}
    if isinstance(value, list):
        return set().union(*(_tiles(x) for x in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(_tiles(x) for x in value.values())) if value else set()
    return set()


def test_a_whole_three_dozen_match_never_shows_a_seat_a_hidden_tile(client) -> None:
    body = {"variant": "three-dozen", "players": 2, "seats": [HUMAN, HUMAN], "seed": 7}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    table = answer.json()
    match = client.app.state.tables.get(table["table"]).match
    assert isinstance(match, DrawDiscardMatch)
    chooser = random.Random(2)
    steps = set()
    for _ in range(2000):
        views = {seat: client.get(_url(table, "state", seat)).json() for seat in (0, 1)}
        for seat, view in views.items():
            other = 1 - seat
            known = {tuple(t) for t in match.draw_discard_view.known[other]}
            hidden = (set(match.hand(other)) - known) | set(match.boneyard)
            if view["round_end"] is None:
                assert not _tiles(view["tricks"]) & hidden
                assert not _tiles(view["legal"]) & hidden
            assert view["hand"] == [list(t) for t in match.hand(seat)]
            assert "hands" not in view and "boneyard" not in view
        if views[0]["over"]:
            break
        seat, view = next((s, v) for s, v in views.items() if v["legal"])
        steps.add(view["tricks"]["step"])
        move = {"index": chooser.randrange(len(view["legal"])), "version": view["version"]}
        moved = client.post(_url(table, "action", seat), json=move)
        assert moved.status_code == 200, moved.text
    assert views[0]["over"]
    assert {"start", "meld"} <= steps  # with show: when_made, a discard is made at the meld step
