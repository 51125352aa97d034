"""The start page's "Your tables" (docs/web.md): a table's summary as one reader may read it, leaving
a table (its creator closes it, anyone else hands their seat to a computer), the per-client limit
freed at once and its refusal saying how, and the tables nobody played at for the server's idle
age closed, after a restart too. Time is a fake clock, never slept."""

from __future__ import annotations

import os
import time
import warnings

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app
from interpreter.frontends.web.idle import close_idle
from interpreter.frontends.web.limits import Limits
from interpreter.frontends.web.store import tokens_path
from tests.web.test_friends import new_table, play_out, url, watch

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

HOUR = 3600.0
HIDDEN_KEYS = {"hand", "hands", "legal", "layout", "boneyard", "tricks", "last_actions", "round_end", "tokens"}


class Clock:
    """The wall clock the idle age is measured by, moved on by hand."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def _clocked(client: TestClient) -> Clock:
    clock = Clock()
    client.app.state.tables.idle.now = clock
    return clock


def _sweep(client: TestClient) -> list[str]:
    assert client.portal is not None
    return client.portal.call(close_idle, client.app.state.tables)


def _summary(client: TestClient, table: dict, seat: int | None = 0) -> dict:
    answer = client.get(watch(table, "summary") if seat is None else url(table, "summary", seat))
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_summary_says_the_game_the_seats_as_the_reader_says_them_and_the_state_in_words(client):
    table = new_table(client, name="Ann")
    client.post(url(table, "name", 1), json={"name": "Bob"})
    mover = client.get(url(table, "state")).json()["current_player"]
    ann, bob, spectator = _summary(client, table, 0), _summary(client, table, 1), _summary(client, table, None)
    assert ann["title"] == bob["title"] == client.get(url(table, "state")).json()["title"]
    assert ann["variant"] == "draw" and ann["table"] == table["table"]
    assert [s["name"] for s in ann["seats"]] == ["You", "Bob", "Computer"]
    assert [s["name"] for s in bob["seats"]] == ["Ann", "You", "Computer"]
    assert [s["name"] for s in spectator["seats"]] == ["Ann", "Bob", "Computer"]
    assert [s["kind"] for s in ann["seats"]] == ["human", "human", "computer"]
    assert (ann["creator"], bob["creator"], spectator["creator"]) == (True, False, False)
    assert (ann["spectator"], spectator["spectator"]) == (False, True)
    names = ["Ann", "Bob", "Computer"]
    assert ann["state"] == ("your turn" if mover == 0 else f"waiting for {names[mover]}")
    assert (ann["your_turn"], bob["your_turn"], spectator["your_turn"]) == (mover == 0, mover == 1, False)
    assert bob["state"] == ("your turn" if mover == 1 else f"waiting for {names[mover]}")
    assert spectator["state"] == f"waiting for {names[mover]}"
    assert ann["version"] == client.get(url(table, "state")).json()["version"]
    assert ann["touched"] and ann["closes"] and not ann["over"] and ann["stopped"] is None
    for summary in (ann, bob, spectator):
        assert not HIDDEN_KEYS & set(summary), summary


def test_a_summary_is_refused_to_a_wrong_token_and_unknown_for_an_unknown_table(client):
    table = new_table(client)
    assert client.get(f"/api/tables/{table['table']}/summary?token={'s' * 32}").status_code == 403
    assert client.get(f"/api/tables/{table['table']}/summary").status_code == 403
    gone = client.get(f"/api/tables/game-20990101-000000-00000000/summary?token={'s' * 32}")
    assert gone.status_code == 404 and gone.json()["error"]


def test_a_finished_table_says_who_won_and_leads_each_reader_to_their_own_next_seat(client):
    table = new_table(client, name="Ann")
    last = play_out(client, table)
    over = _summary(client, table, 1)
    assert over["over"] and over["state"].startswith("Match over after ")
    assert over["closes"] is None and over["touched"] is None
    assert over["next_link"] is None
    assert client.post(url(table, "again", 1), json={}).status_code == 201
    links = {seat: _summary(client, table, seat)["next_link"] for seat in (0, 1)}
    assert links[0] != links[1] and all(link.startswith("/table/game-") for link in links.values())
    assert last["over"]


def test_the_creator_leaving_closes_the_table_for_everyone_and_another_person_hands_their_seat_on(client):
    table = new_table(client, name="Ann")
    left = client.post(url(table, "leave", 1), json={})
    assert left.status_code == 200 and left.json() == {"left": "computer"}
    bob = client.get(url(table, "state", 1)).json()
    assert bob["seats"][1]["stand_in"] == "greedy" and bob["legal"] == []
    assert client.post(watch(table, "leave"), json={}).status_code == 403  # a spectator's link only watches
    closed = client.post(url(table, "leave", 0), json={})
    assert closed.status_code == 200 and closed.json() == {"left": "closed"}
    for reader in (0, 1, None):
        summary = _summary(client, table, reader)
        assert summary["stopped"] == "closed by Ann" and summary["state"] == "stopped: closed by Ann"
        assert summary["your_turn"] is False
    assert client.get(url(table, "state", 1)).json()["stopped"] == "closed by Ann"
    assert client.post(url(table, "leave", 1), json={}).json() == {"left": "over"}  # nothing left to leave


def test_the_last_person_at_a_table_closes_it_by_leaving_and_each_summary_says_what_leaving_does(client):
    table = new_table(client, name="Ann")
    client.post(url(table, "name", 1), json={"name": "Bob"})
    said = {reader: _summary(client, table, reader)["leave"] for reader in (0, 1, None)}
    assert said == {0: "close", 1: "computer", None: None}
    client.post(url(table, "seat", 0), json={"seat": 0, "computer": "greedy"})  # Ann lets a computer play for her
    assert _summary(client, table, 1)["leave"] == "close"  # Bob is the last person at the table
    assert client.post(url(table, "leave", 1), json={}).json() == {"left": "closed"}
    assert _summary(client, table, 0)["stopped"] == "closed by Bob"
    assert _summary(client, table, 0)["leave"] is None  # over: only forgotten


def test_at_the_limit_the_refusal_says_how_to_free_a_place_and_a_closed_table_frees_it_at_once(tmp_path):
    with TestClient(create_app(tmp_path, pace_ms=0, limits=Limits(tables_per_client=2, idle_close_hours=5))) as client:
        first, _ = new_table(client), new_table(client)
        refused = client.post("/api/tables", json={"variant": "draw", "players": 2})
        assert refused.status_code == 429
        error = refused.json()["error"]
        assert "Your tables" in error and "abandon" in error and "5 hours" in error, error
        assert client.post(url(first, "leave"), json={}).json() == {"left": "closed"}
        assert client.post("/api/tables", json={"variant": "draw", "players": 2}).status_code == 201


def test_a_table_nobody_touched_for_the_idle_age_is_closed_and_no_longer_counts(tmp_path):
    with TestClient(create_app(tmp_path, pace_ms=0, limits=Limits(tables_per_client=1, idle_close_hours=2))) as client:
        clock = _clocked(client)
        table = new_table(client, name="Ann")
        clock.now += 1.5 * HOUR
        client.get(url(table, "state", 1))  # Bob opens his page: a touch
        client.get(url(table, "summary", 0))  # the start page's list: no touch
        client.get(watch(table, "state"))  # a spectator: no touch for its people
        clock.now += 1.5 * HOUR
        assert _sweep(client) == []
        assert client.post("/api/tables", json={"variant": "draw", "players": 2}).status_code == 429
        clock.now += 0.5 * HOUR + 1
        # Idle now: it no longer counts, even before the server's next pass closes it.
        assert client.post("/api/tables", json={"variant": "draw", "players": 2}).status_code == 201
        assert _sweep(client) == [table["table"]]
        reason = "closed by the server: nobody played at it for 2 hours"
        assert _summary(client, table)["stopped"] == reason
        assert client.get(url(table, "state")).json()["stopped"] == reason
        assert _sweep(client) == []


def test_every_kind_of_touch_keeps_a_table_open(tmp_path):
    with TestClient(create_app(tmp_path, pace_ms=0, limits=Limits(idle_close_hours=1))) as client:
        clock = _clocked(client)
        table = new_table(client, name="Ann")
        touches = [
            lambda: client.post(url(table, "name", 1), json={"name": "Bob"}),
            lambda: client.post(url(table, "seat", 1), json={"seat": 1, "computer": "greedy"}),
            lambda: client.post(url(table, "pace", 0), json={"pace_ms": 0}),
            lambda: client.get(url(table, "state", 0)),
        ]
        for touch in touches:
            clock.now += 0.9 * HOUR
            assert touch().status_code == 200
            assert _sweep(client) == []
        clock.now += 0.9 * HOUR
        view = client.get(url(table, "state", 0)).json()  # the computers have played up to Ann
        if 0 in (view["to_continue"] or ()):
            assert client.post(url(table, "continue", 0), json={}).status_code == 200
        else:
            played = client.post(url(table, "action", 0), json={"index": 0, "version": view["version"]})
            assert played.status_code == 200
        clock.now += 0.9 * HOUR
        assert _sweep(client) == []
        clock.now += 0.2 * HOUR
        assert _sweep(client) == [table["table"]]


def test_the_time_a_table_was_last_touched_survives_a_restart(tmp_path):
    limits = Limits(idle_close_hours=1)
    with TestClient(create_app(tmp_path, pace_ms=0, limits=limits)) as client:
        clock = _clocked(client)
        kept, stale = new_table(client), new_table(client)
        clock.now += 0.5 * HOUR
        client.get(url(kept, "state"))
        assert _sweep(client) == []  # the pass writes the touched time down
        sidecar = tokens_path(tmp_path / f"{kept['table']}.json")
        assert sidecar.stat().st_mtime == pytest.approx(clock.now, abs=1)
        clock.now += 0.1 * HOUR
        client.get(url(kept, "state"))
    assert sidecar.stat().st_mtime == pytest.approx(clock.now, abs=1)  # and so does the server as it stops
    # The other table was last touched two hours ago, as its files say.
    ago = time.time() - 2 * HOUR
    for path in (tmp_path / f"{stale['table']}.json", tokens_path(tmp_path / f"{stale['table']}.json")):
        os.utime(path, (ago, ago))
    with TestClient(create_app(tmp_path, pace_ms=0, limits=limits)) as client:
        clock = _clocked(client)
        clock.now = time.time()
        assert _sweep(client) in ([stale["table"]], [])  # [] if the server's own first pass came first
        assert client.get(url(stale, "state")).json()["stopped"].startswith("closed by the server")
        assert "stopped" not in client.get(url(kept, "state")).json()


def test_the_idle_age_is_a_flag_with_a_bound():
    assert Limits().idle_close_hours == 72
    with pytest.raises(ValueError, match="--idle-close-hours"):
        Limits(idle_close_hours=0)
