"""The words a seat's view carries for places and forced moves (docs/web.md): each legal move's
`text` ("[6|5] above the [6|6]") and `where` ("above the [6|6]", "your train"), the last actions in
the same words, and `why` only draw, pass or a marker is offered."""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.engine import Action, Match, deal
from interpreter.frontends.presentation.seats import seats_for
from interpreter.frontends.web.views import last_actions, shown_round_end
from interpreter.rulefile.loader import load_ruleset

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

HUMAN = {"kind": "human"}
GREEDY = {"kind": "computer", "strength": "greedy"}


def _table(client: TestClient, variant: str, seats: list[dict], seed: int) -> dict:
    body = {"variant": variant, "players": len(seats), "seats": seats, "seed": seed, "settings": {}}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def _url(table: dict, what: str, seat: int = 0) -> str:
    return f"/api/tables/{table['table']}/{what}?token={table['seats'][seat].get('token')}"


def _moves(view: dict) -> list[tuple[str, str | None]]:
    return [(move["text"], move["where"]) for move in view["legal"]]


def _first(client: TestClient, table: dict, view: dict) -> dict:
    """Play the first legal move; the view after it."""
    done = client.post(_url(table, "action"), json={"index": 0, "version": view["version"]})
    assert done.status_code == 200, done.text
    return client.get(_url(table, "state")).json()


def test_a_line_says_which_end_and_which_side_of_the_spinner(client):
    table = _table(client, "draw", [HUMAN, GREEDY], seed=1)
    view = client.get(_url(table, "state")).json()
    assert _moves(view) == [
        ("[6|5] on the left end", "the left end"),
        ("[6|5] on the right end", "the right end"),
        ("[6|5] above the [6|6]", "above the [6|6]"),
        ("[6|5] below the [6|6]", "below the [6|6]"),
    ]
    assert view["why"] is None
    view = _first(client, table, view)
    assert view["last_actions"] == [
        "Round 1: 7 tiles each. Computer starts, holding the highest double, and leads [6|6].",
        "Computer led [6|6].",
        "You played [6|5] on the left end.",
        "Computer played [6|2] on the right end.",
    ]


def test_a_hub_says_why_it_draws_and_puts_out_the_marker_and_names_the_trains(client):
    table = _table(client, "mexican-train", [HUMAN, GREEDY, GREEDY], seed=6)
    view = client.get(_url(table, "state")).json()
    assert _moves(view) == [("draw", None)] and view["why"] == "no tile matches 12 — draw one"
    view = _first(client, table, view)
    assert _moves(view) == [("marker", None)]
    assert view["why"] == "nothing fits after drawing: put out your marker, your train is now open to everyone"
    view = _first(client, table, view)
    assert view["why"] is None
    assert _moves(view) == [
        ("[9|6] on your train", "your train"),
        ("[9|8] on your train", "your train"),
        ("[9|9] on your train", "your train"),
        ("[9|10] on your train", "your train"),
    ]
    assert view["last_actions"][-3:] == [
        "You put out a marker and passed.",
        "Computer 2 played [12|9] on your train.",
        "Computer 3 played [12|8] on their train.",
    ]


def test_each_person_is_told_of_their_own_train_and_the_others_by_name(client):
    table = _table(client, "mexican-train", [HUMAN, HUMAN, GREEDY], seed=2)
    waiting = client.get(_url(table, "state", 0)).json()
    mover = client.get(_url(table, "state", 1)).json()
    assert waiting["legal"] == [] and waiting["why"] is None  # not seat 0's turn: nothing to explain
    assert {where for _, where in _moves(mover)} == {"your train", "the Mexican train"}
    hint = client.get(_url(table, "hint", 1)).json()
    assert all(m["text"] == mover["legal"][m["index"]]["text"] for m in hint["moves"])  # the hint's words too
    version = mover["version"]
    played = next(m for m in mover["legal"] if m["where"] == "your train")
    assert client.post(_url(table, "action", 1), json={"index": played["index"], "version": version}).status_code == 200
    said = played["text"]
    seen_by_0 = client.get(_url(table, "state", 0)).json()["last_actions"]
    seen_by_1 = client.get(_url(table, "state", 1)).json()["last_actions"]
    assert f"You played {said}." in seen_by_1
    assert f"Player 2 played {said.replace('your train', 'their train')}." in seen_by_0


def test_a_finished_rounds_plays_are_told_on_its_own_layout_after_the_next_deal():
    # Block: [3|2] goes out on the left end; the next round is dealt at once, with nothing laid yet.
    match = Match(load_ruleset("block"), players=2, deals=[deal("6-3 3-2", "6-5 4-4 1-1", starter=0)])
    for move in ("lead 6-3", "6-5 on arm 1", "3-2 on arm 0"):
        match.apply(Action.parse(move))
    assert match.round == 2 and shown_round_end(match.events) is not None
    told = last_actions(match, seats_for(["human", "greedy"]), 0, match.events)
    assert told[1:4] == [
        "You led [6|3].",
        "Computer played [6|5] on the right end.",
        "You played [3|2] on the left end.",
    ]
