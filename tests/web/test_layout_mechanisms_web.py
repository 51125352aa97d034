"""The web app plays the layout mechanisms of the example rule files (several tiles a turn, private
trains from one's own double, an engine's stand-in): a table of each, pasted as rules text, played to
its end by its human seat through the API, every view offering moves while it is that seat's turn."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")
EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "valid"


@pytest.mark.parametrize(
    "example", ["two-tiles-a-turn", "own-train-then-others", "own-double-trains", "engine-stand-in"]
)
def test_a_table_of_each_mechanism_plays_to_its_end_in_the_browser_api(example: str, tmp_path: Path) -> None:
    rules = (EXAMPLES / f"{example}.yaml").read_text(encoding="utf-8")
    body = {"rules_text": rules, "players": 2, "seats": [{"kind": "human"}, {"kind": "computer", "strength": "greedy"}]}
    with TestClient(create_app(tmp_path / "state", pace_ms=0, heartbeat_s=0.2)) as client:
        answer = client.post("/api/tables", json={**body, "seed": 3})
        assert answer.status_code == 201, answer.text
        table = answer.json()
        url = f"/api/tables/{table['table']}/%s?token={table['seats'][0]['token']}"
        chooser = random.Random(1)
        view = client.get(url % "state").json()
        moves = 0
        while not view["over"]:
            if view["to_continue"]:  # a round's end waits for the person to continue
                view = client.post(url % "continue", json={}).json()["state"]
                continue
            assert view["current_player"] == 0 and view["legal"]
            assert all(move["text"] for move in view["legal"])
            pick = chooser.randrange(len(view["legal"]))
            answer = client.post(url % "action", json={"index": pick, "version": view["version"]})
            assert answer.status_code == 200, answer.text
            view = answer.json()["state"]
            moves += 1
        assert moves > 2 and view["layout"]["arms"]
