"""Nobody gets a seat that is not theirs (docs/web.md, "play again"): every answer of every route of
the API, and every event of its streams, asked by every seat of a table played again, its spectator
and a stranger, carries no token but the asker's own. A seat's own are its token at each match and
the spectator links (every seat's view offers one, to invite watchers); a spectator's, the spectator
links; a stranger's, none. "Play again" gives every seat a new token, which the old match's view,
stream and answer hand to that seat alone."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterable
from pathlib import Path

import httpx
import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app
from tests.web.streams import Stream
from tests.web.test_friends import new_table, play_out, url

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

STRANGER = "s" * 32  # a token of no table, as long as a real one
PEOPLE = (0, 1)  # the human seats of new_table's table; seat 2 is a computer


def _tokens_of(client: TestClient, table_id: str) -> tuple[dict[int, str], str]:
    """A table's seat tokens and spectator token, as the server holds them."""
    table = client.app.state.tables.find(table_id)
    assert table.spectator is not None
    return dict(table.tokens), table.spectator


def _leaks(text: str, every: Iterable[str], own: set[str]) -> set[str]:
    return {token for token in every if token in text and token not in own}


def _followed(client: TestClient, path: str, table_id: str) -> Stream:
    """A stream opened on `path`, once it listens to the table."""
    stream = Stream(client, path)
    listeners = client.app.state.tables.tables[table_id].listeners
    for _ in range(500):
        if listeners:
            return stream
        time.sleep(0.01)
    raise AssertionError(f"no stream listens to {table_id}")


def _walk(client: TestClient, table_id: str, token: str, seat: int) -> list[tuple[str, httpx.Response]]:
    """Every route of a table asked with `token` (as seat `seat` would ask, where it matters): the
    answers, by route. A finished table's streams too (they end by themselves)."""
    base, q = f"/api/tables/{table_id}", f"?token={token}"
    state = client.get(f"{base}/state{q}")
    version = state.json().get("version", 0) if state.status_code == 200 else 0
    answers = [
        ("/api/tables/{table}/state", state),
        ("/api/tables/{table}/action", client.post(f"{base}/action{q}", json={"index": 0, "version": version})),
        ("/api/tables/{table}/continue", client.post(f"{base}/continue{q}", json={})),
        ("/api/tables/{table}/hint", client.get(f"{base}/hint{q}")),
        ("/api/tables/{table}/pace", client.post(f"{base}/pace{q}", json={"pace_ms": 0})),
        ("/api/tables/{table}/name", client.post(f"{base}/name{q}", json={"name": f"P{seat}x"})),
        ("/api/tables/{table}/again", client.post(f"{base}/again{q}", json={})),
        ("/api/tables/{table}/seat", client.post(f"{base}/seat{q}", json={"seat": seat, "computer": None})),
        ("/api/tables/{table}/say", client.post(f"{base}/say{q}", json={"say": "gg"})),
        ("/api/tables/{table}/summary", client.get(f"{base}/summary{q}")),
        ("/table/{table}", client.get(f"/table/{table_id}{q}")),
    ]
    if state.status_code != 200 or state.json()["over"]:
        for follow in ("", "&follow=1"):
            with client.stream("GET", f"{base}/events{q}{follow}") as answer:
                answer.read()
            answers.append(("/api/tables/{table}/events", answer))
    return answers


def test_no_answer_nor_event_of_any_route_carries_a_token_not_the_askers(state_dir: Path):
    with TestClient(create_app(state_dir, pace_ms=0, heartbeat_s=0.2)) as client:
        old = new_table(client, name="Ann")
        client.post(url(old, "name", 1), json={"name": "Bob"})
        play_out(client, old)
        old_id = old["table"]
        old_tokens, old_spectator = _tokens_of(client, old_id)
        # Pages left open on the finished match, each following it to the next one.
        following = {seat: _followed(client, f"/api/tables/{old_id}/events?token={old_tokens[seat]}&follow=1", old_id)
                     for seat in PEOPLE}  # fmt: skip
        following["spectator"] = Stream(client, f"/api/tables/{old_id}/events?token={old_spectator}&follow=1")
        answers: list[tuple[str, str, int | str]] = []  # (what was asked, the answer's text, who asked)
        first = client.post(url(old, "again", 1), json={})
        assert first.status_code == 201, first.text
        new_id = first.json()["table"]
        answers.append(("again (made)", first.text, 1))
        new_tokens, new_spectator = _tokens_of(client, new_id)
        every = [*old_tokens.values(), old_spectator, *new_tokens.values(), new_spectator]
        assert len(set(every)) == len(every), "play again gave the next match the same tokens"
        own: dict[int | str, set[str]] = {seat: {old_tokens[seat], new_tokens[seat], old_spectator, new_spectator}
                                          for seat in PEOPLE}  # fmt: skip
        own["spectator"] = {old_spectator, new_spectator}
        own["stranger"] = set()
        for who, stream in following.items():
            answers += [(f"old events {name}", data, who) for name, data in stream.events(timeout=30)]

        asked: set[str] = set()  # the routes walked, checked against the app's at the end
        keys: dict[int | str, tuple[str, ...]] = {seat: (old_tokens[seat], new_tokens[seat]) for seat in PEOPLE}
        keys["spectator"] = (old_spectator, new_spectator)
        keys["stranger"] = (STRANGER, "")
        for who, tokens in keys.items():
            for table_id in (old_id, new_id):
                for token in tokens:
                    walked = _walk(client, table_id, token, who if isinstance(who, int) else 0)
                    for route, answer in walked:
                        asked.add(route)
                        answers.append((f"{route} {answer.status_code}", answer.text, who))
                    if table_id == new_id and token in (*old_tokens.values(), old_spectator):
                        # The old match's tokens act on nothing in the new one (its page is static).
                        assert {a.status_code for r, a in walked if r.startswith("/api/")} == {403}, walked
        # The new match's streams, open until the server says it stops.
        streams = [(who, Stream(client, f"/api/tables/{new_id}/events?token={tokens[-1]}"))
                   for who, tokens in keys.items()]  # fmt: skip
        listeners = client.app.state.tables.tables[new_id].listeners
        for _ in range(500):  # the two seats' and the spectator's; the stranger's is refused
            if len(listeners) == 3:
                break
            time.sleep(0.01)
        client.app.state.stop()
        for who, stream in streams:
            answers.append(("new events", stream.text(timeout=30), who))
        # Each one leaves each table (the creator closes it), and its list's summary says so.
        for who, tokens in keys.items():
            for table_id in (old_id, new_id):
                for token in tokens:
                    for route, path in (("/api/tables/{table}/leave", "leave"), ("/api/tables/{table}/summary",
                                                                                 "summary")):  # fmt: skip
                        asked.add(route)
                        answer = client.request("POST" if path == "leave" else "GET",
                                                f"/api/tables/{table_id}/{path}?token={token}",
                                                json={} if path == "leave" else None)  # fmt: skip
                        answers.append((f"{route} {answer.status_code}", answer.text, who))
        # The routes no token goes to: their answers carry none either.
        save = (state_dir / f"{old_id}.json").read_text(encoding="utf-8")
        replay = client.post("/api/replays", json={"text": save})
        assert replay.status_code == 201, replay.text
        steps, key = replay.json()["steps"], replay.json()["replay"]
        for route, answer in [
            ("/api/replays", replay),
            ("/api/replays/{replay}/step/{step}", client.get(f"/api/replays/{key}/step/0")),
            ("/api/replays/{replay}/step/{step}", client.get(f"/api/replays/{key}/step/{steps}")),
            ("/replay/{replay}", client.get(f"/replay/{key}")),
            ("/", client.get("/")),
            ("/{name}.html", client.get("/index.html")),
            ("/api/variants", client.get("/api/variants")),
            ("/api/sayings", client.get("/api/sayings")),
            ("/api/validate", client.post("/api/validate", json={"text": "name: x\nextends: draw\n"})),
            ("/api/tables", client.post("/api/tables", json={"variant": "nope"})),
            ("/api/tables/open", client.post("/api/tables/open", json={"text": save})),  # already a table's: 409
            ("404", client.get(f"/api/tables/game-20990101-000000/state?token={old_tokens[0]}")),
            ("/static", client.get("/static/live.js")),
        ]:
            asked.add(route)
            answers.append((f"{route} {answer.status_code}", answer.text, "stranger"))

    # Nor the seed the server drew for the new match, which goes on: it would name every hand.
    seed = str(client.app.state.tables.tables[new_id].game.seed)
    assert not [what for what, text, _ in answers if seed in text], f"the new match's seed {seed} was told"
    routes = {getattr(route, "path", "") for route in client.app.routes}
    assert routes <= asked, f"routes the audit does not walk: {sorted(routes - asked)}"
    leaked = [(what, who, sorted(_leaks(text, every, own[who]))) for what, text, who in answers
              if _leaks(text, every, own[who])]  # fmt: skip
    assert not leaked, leaked
