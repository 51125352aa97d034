"""A round's end stays on the table until each person continues (POST /api/tables/ID/continue):
the finished layout, the hands as they ended and the summary, no move for anybody meanwhile; the
score sheet of the rounds so far. Through Starlette's TestClient, as tests/web/test_api.py."""

from __future__ import annotations

import json
import threading
import warnings

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app
from interpreter.frontends.web.views import layout_json
from tests.web.test_api import GREEDY, HUMAN, new_table, url

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _match(client: TestClient, table: dict):
    return client.app.state.tables.get(table["table"]).match


def _to_round_end(client: TestClient, table: dict) -> dict:
    """Plays the people's first legal move until a round ends (not the match): the view then."""
    seats = [s["seat"] for s in table["seats"] if s["kind"] == "human"]
    for _ in range(500):
        views = {s: client.get(url(table, "state", s)).json() for s in seats}
        paused = [v for v in views.values() if v["to_continue"]]
        if paused:
            return paused[0]
        assert not any(v["over"] for v in views.values()), "the match ended before a round did"
        mover = next(v for v in views.values() if v["legal"])
        answer = client.post(url(table, "action", mover["seat"]), json={"index": 0, "version": mover["version"]})
        assert answer.status_code == 200, answer.text
    raise AssertionError("no round end in 500 moves")


def test_the_round_end_waits_for_the_person_to_continue(client):
    table = new_table(client, seats=[HUMAN, GREEDY], seed=5, settings={"match.target": "150"})
    view = _to_round_end(client, table)
    match = _match(client, table)
    ends = match.events_of("round_end")
    assert len(ends) == 1 and not match.is_over
    end = ends[0]
    assert view["to_continue"] == [0]
    assert view["round_end"]["round"] == end["round"] == view["round"]  # the finished round, as it ended
    assert view["legal"] == []
    assert view["layout"] == layout_json(match.finished_layout)
    assert view["hand"] == end["hands"][0]
    assert view["hand_counts"] == [len(hand) for hand in end["hands"]]
    # Nobody moved after the round end: the computer waits (pace 0 moves at once otherwise).
    log = match.events
    assert all(e["type"] != "action" for e in log[max(i for i, e in enumerate(log) if e["type"] == "round_end") :])
    refused = client.post(url(table, "action"), json={"index": 0, "version": view["version"]})
    assert refused.status_code == 409 and refused.json()["error"] == "the round is over: press Continue first"
    assert client.get(url(table, "state")).json() == view  # a reload shows the same
    wrong = client.post(f"/api/tables/{table['table']}/continue?token=bad", json={})
    assert wrong.status_code == 403
    answer = client.post(url(table, "continue"), json={})
    assert answer.status_code == 200, answer.text
    after = answer.json()["state"]
    assert after["to_continue"] == []
    assert after["round"] == end["round"] + 1
    assert after["hand"] == [list(t) for t in match.hand(0)]
    assert after["layout"] == layout_json(match.observation(0).layout)
    assert after["current_player"] == 0 and after["legal"]  # the computer moved first if it was its turn
    again = client.post(url(table, "continue"), json={})
    assert again.status_code == 409 and again.json()["error"] == "there is no round end to continue from"


def test_every_person_continues_before_anybody_moves(client):
    table = new_table(client, seats=[HUMAN, HUMAN], seed=3, settings={"match.target": "150"})
    view = _to_round_end(client, table)
    assert view["to_continue"] == [0, 1]
    version = view["version"]
    first = client.post(url(table, "continue", 0), json={})
    assert first.status_code == 200
    waiting = first.json()["state"]
    # Seat 0 sees the next deal, but nobody moves until seat 1 has continued too.
    assert waiting["to_continue"] == [1] and waiting["legal"] == []
    assert waiting["hand"] == [list(t) for t in _match(client, table).hand(0)]
    assert client.post(url(table, "continue", 0), json={}).status_code == 200  # twice is once
    mover = waiting["current_player"]
    refused = client.post(url(table, "action", mover), json={"index": 0, "version": version})
    said = "press Continue first" if mover == 1 else "waiting for Player 2 to continue"
    assert refused.status_code == 409 and refused.json()["error"] == f"the round is over: {said}"
    assert client.get(url(table, "state", 1)).json()["to_continue"] == [1]
    assert client.post(url(table, "continue", 1), json={}).status_code == 200
    views = [client.get(url(table, "state", s)).json() for s in (0, 1)]
    assert [v["to_continue"] for v in views] == [[], []]
    assert views[mover]["legal"] and not views[1 - mover]["legal"]
    assert client.post(url(table, "continue", 1), json={}).status_code == 409


def test_the_other_seat_hears_live_that_one_continued(client):
    table = new_table(client, seats=[HUMAN, HUMAN], seed=3, settings={"match.target": "150"})
    _to_round_end(client, table)
    heard: list[dict] = []
    ready = threading.Event()

    def listen() -> None:
        with client.stream("GET", url(table, "events", 1)) as answer:
            for line in answer.iter_lines():
                if line.startswith("data: "):
                    heard.append(json.loads(line[6:]))
                    ready.set()
                    if heard[-1]["to_continue"] == [1]:
                        return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    assert ready.wait(10)
    assert client.post(url(table, "continue", 0), json={}).status_code == 200
    listener.join(10)
    assert not listener.is_alive()
    assert [v["to_continue"] for v in heard] == [[0, 1], [1]]  # same version: the stream sends it all the same


def test_the_pause_survives_a_restart(tmp_path):
    state = tmp_path / "state"
    with TestClient(create_app(state, pace_ms=0)) as client:
        table = new_table(client, seats=[HUMAN, GREEDY], seed=5, settings={"match.target": "150"})
        before = _to_round_end(client, table)
    with TestClient(create_app(state, pace_ms=0)) as client:
        # Read back from the save: its last round end with no action after it is still to continue.
        assert client.get(url(table, "state")).json() == before
        assert client.post(url(table, "continue"), json={}).status_code == 200
        assert client.get(url(table, "state")).json()["legal"]


def test_a_trick_game_does_not_pause(client):
    table = new_table(client, seats=[HUMAN, GREEDY, GREEDY, GREEDY], variant="texas-42", players=4, seed=2,
                      settings={})  # fmt: skip
    view = client.get(url(table, "state")).json()
    assert view["to_continue"] is None  # a trick game keeps its hand's summary on the page, and goes on
    assert client.post(url(table, "continue"), json={}).json()["error"] == "there is no round end to continue from"


def test_the_score_sheet_lists_each_round_s_points_and_totals(client):
    table = new_table(client, seats=[HUMAN, GREEDY], seed=5, settings={"match.target": "150"})
    view = _to_round_end(client, table)
    match = _match(client, table)
    end = match.events_of("round_end")[0]
    gained = [0, 0]
    for e in match.events_of("score"):
        gained[e["side"]] += e["points"]
    sheet = view["score_sheet"]
    assert sheet == [{"round": 1, "reason": end["reason"], "seat": end["seat"], "points": gained,
                      "scores": end["scores"]}]  # fmt: skip
    assert gained == end["scores"]  # the first round: its points are the totals
