"""A patience by totals at the web table: one seat, its tableau drawn from the view, and no
face-down tile nor stock tile in anything the page receives."""

from __future__ import annotations

import json
import random
import re
import warnings

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

HUMAN = {"kind": "human"}
PAIR = re.compile(r"\[(\d+), (\d+)\]|\[(\d+)\|(\d+)\]")  # a tile as JSON or as the words write it


def _tiles_in(view: dict) -> set[tuple[int, int]]:
    found = set()
    for match in PAIR.finditer(json.dumps(view)):
        a, b = (int(x) for x in (match.group(1, 2) if match.group(1) else match.group(3, 4)))
        found.add((min(a, b), max(a, b)))
    return found


# Deals a random player plays for several moves before the end.
DEALS = [("solitario", {"tableau.face": "top_up"}, 9), ("polka-dot", {}, 6)]


@pytest.mark.parametrize(("variant", "settings", "seed"), DEALS)
def test_a_whole_patience_never_shows_a_face_down_tile_nor_the_stock(
    client: TestClient, variant: str, settings: dict, seed: int
) -> None:
    body = {"variant": variant, "players": 1, "seats": [HUMAN], "seed": seed, "settings": settings}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    table = answer.json()
    state = f"/api/tables/{table['table']}/state?token={table['seats'][0]['token']}"
    action = f"/api/tables/{table['table']}/action?token={table['seats'][0]['token']}"
    match = client.app.state.tables.get(table["table"]).match
    chooser = random.Random(2)  # as the deals above were chosen
    view = client.get(state).json()
    assert view["board"] == "tableau" and view["seats"][0]["kind"] == "human"
    steps = 0
    while True:
        t = match._table  # type: ignore[attr-defined]  # the truth, to know what lies face down now
        hidden = {tile for c, column in enumerate(t.columns) for tile in column[: t.hidden[c]]} | set(t.stock)
        assert hidden, "the test should have tiles to hide"
        assert not _tiles_in(view) & hidden, steps
        shown = [[None if x is None else tuple(x) for x in column] for column in view["tableau"]["columns"]]
        assert shown == [list(column) for column in match.observation(0).tableau.columns]
        if view["over"]:
            break
        move = chooser.randrange(len(view["legal"]))
        answer = client.post(action, json={"index": move, "version": view["version"]})
        assert answer.status_code == 200, answer.text
        view = answer.json()["state"]
        steps += 1
    assert steps >= 3
