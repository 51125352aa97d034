"""Friends at a table (docs/web.md, "Saying something"): a seat says one of a few fixed words or
emoji (never free text), every seat sees it in its next view and on its stream, a spectator neither
says nor sees them; an unknown word is refused with the list, a seat past its rate with 429 and
Retry-After; they are kept in memory only (a restart, and the save, hold none)."""

from __future__ import annotations

import json
import re
import time
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app
from interpreter.frontends.web.sayings import BURST, KEPT, SAYINGS
from tests.web.streams import Stream
from tests.web.test_friends import new_table, url, watch

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def said(view: dict) -> list[tuple[int, str, str]]:
    return [(m["seat"], m["say"], m["text"]) for m in view["said"]]


def frozen(client: TestClient) -> list[float]:
    """The tables' clock, moved on only by the test: `now[0] += 2` is two seconds later."""
    now = [1000.0]
    client.app.state.tables.clock = lambda: now[0]
    return now


def test_the_catalogue_is_a_few_friendly_words_and_emoji_served_once(client):
    answer = client.get("/api/sayings")
    assert answer.status_code == 200
    body = answer.json()
    assert [(s["say"], s["text"]) for s in body["sayings"]] == list(SAYINGS.items())
    assert 8 <= len(SAYINGS) <= 12 and all(0 < len(text) <= 16 for text in SAYINGS.values())
    assert body["rate"] == {"every_s": 2, "burst": BURST}


def test_a_seat_says_something_and_every_seat_sees_it_but_no_spectator(client):
    table = new_table(client, name="Ann")  # Ann, a second person, a computer
    live = client.app.state.tables.tables[table["table"]].listeners
    stream = Stream(client, url(table, "events", 1))
    for _ in range(500):
        if live:
            break
        time.sleep(0.01)
    answer = client.post(url(table, "say", 0), json={"say": "nice"})
    assert answer.status_code == 200, answer.text
    assert said(answer.json()["state"]) == [(0, "nice", "Nice play!")]
    other = client.get(url(table, "state", 1)).json()
    assert said(other) == [(0, "nice", "Nice play!")]
    assert other["said"] == answer.json()["state"]["said"]  # the same message, the same id
    assert set(other["said"][0]) == {"id", "seat", "say", "text"}
    # The spectator: nothing said reaches the watchers, and a watcher says nothing.
    assert "said" not in client.get(watch(table)).json()
    refused = client.post(watch(table, "say"), json={"say": "hello"})
    assert refused.status_code == 403 and "spectator" in refused.json()["error"]
    assert client.post(f"/api/tables/{table['table']}/say?token=guess", json={"say": "hello"}).status_code == 403
    client.app.state.stop()  # the stream ends, with what it sent
    views = [json.loads(data) for kind, data in stream.events(timeout=30) if kind == "state"]
    assert said(views[0]) == [] and said(views[-1]) == [(0, "nice", "Nice play!")]
    assert views[-1]["version"] == views[0]["version"]  # words move no game on


def test_only_a_word_of_the_catalogue_is_said_and_nothing_of_the_request_is_echoed(client):
    table = new_table(client)
    for key in ("shout", "Nice", "", "<b>hi</b>", 7, None, ["nice"], {"say": "nice"}, True):
        answer = client.post(url(table, "say", 0), json={"say": key, "text": "<i>free text</i>"})
        assert answer.status_code == 422, key
        error = answer.json()["error"]
        assert all(word in error for word in SAYINGS) and "<" not in error, key
    assert said(client.get(url(table, "state", 1)).json()) == []
    # A known word with other fields: only the catalogue's words are shown.
    client.post(url(table, "say", 0), json={"say": "thanks", "text": "<i>free text</i>", "seat": 1})
    view = client.get(url(table, "state", 1)).json()
    assert said(view) == [(0, "thanks", "Thanks!")] and "free text" not in json.dumps(view)


def test_a_seat_speaks_at_most_once_every_two_seconds_after_a_short_burst(client):
    now = frozen(client)
    table = new_table(client)
    for _ in range(BURST):
        assert client.post(url(table, "say", 0), json={"say": "hello"}).status_code == 200
    answer = client.post(url(table, "say", 0), json={"say": "hello"})
    assert answer.status_code == 429 and answer.headers["Retry-After"] == "2"
    assert "2 s" in answer.json()["error"]
    assert client.post(url(table, "say", 1), json={"say": "hello"}).status_code == 200  # each seat its own
    now[0] += 1.0
    assert client.post(url(table, "say", 0), json={"say": "hello"}).headers["Retry-After"] == "1"
    now[0] += 1.0
    assert client.post(url(table, "say", 0), json={"say": "gg"}).status_code == 200
    assert said(client.get(url(table, "state", 1)).json())[-1] == (0, "gg", "Good game!")


def test_the_last_few_are_kept_in_memory_and_never_saved(state_dir):
    with TestClient(create_app(state_dir, pace_ms=0)) as client:
        now = frozen(client)
        table = new_table(client)
        keys = list(SAYINGS)
        for n in range(KEPT + 3):
            now[0] += 2
            assert client.post(url(table, "say", n % 2), json={"say": keys[n % len(keys)]}).status_code == 200
        view = client.get(url(table, "state", 0)).json()
        assert [m["say"] for m in view["said"]] == [keys[n % len(keys)] for n in range(3, KEPT + 3)]
        ids = [m["id"] for m in view["said"]]
        assert ids == sorted(ids) and len(set(ids)) == KEPT
        texts = set(SAYINGS.values())
        on_disk = "".join(path.read_text(encoding="utf-8") for path in state_dir.rglob("*") if path.is_file())
        assert not any(text in on_disk for text in texts)
    with TestClient(create_app(state_dir, pace_ms=0)) as again:
        assert again.get(url(table, "state", 0)).json()["said"] == []


def test_a_person_whose_seat_a_computer_plays_may_still_say_something(client):
    table = new_table(client)
    assert client.post(url(table, "seat", 1), json={"seat": 1, "computer": "greedy"}).status_code == 200
    answer = client.post(url(table, "say", 1), json={"say": "oops"})
    assert answer.status_code == 200, answer.text
    assert said(client.get(url(table, "state", 0)).json()) == [(1, "oops", "Oops!")]


def test_the_catalogue_in_docs_web_md_is_the_one_served(client):
    docs = (Path(__file__).resolve().parents[2] / "docs" / "web.md").read_text(encoding="utf-8")
    block = re.search(r"```json\n(\{\"sayings\".*?)\n```", docs, re.S)
    assert block, "docs/web.md shows the catalogue"
    assert json.loads(block.group(1)) == client.get("/api/sayings").json()
