"""Every limit is checked and counted in one step: many requests arriving at the same moment (on
the app's own event loop, as uvicorn would hand them over) get no more than the limit allows,
for live-update streams (per table, per client, in all, on a finished table too), tables (per
client, in all), opened saves, "play again" and the disk a client's files take. (Replays are
kept by count, the oldest going first: nothing to race.)"""

from __future__ import annotations

import asyncio
import json
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app
from interpreter.frontends.web.limits import Limits

HUMAN_AND_GREEDY = [{"kind": "human"}, {"kind": "computer", "strength": "greedy"}]
COMPUTERS = [{"kind": "computer", "strength": "random"}] * 2
TABLE = {"variant": "draw", "players": 2, "seed": 3, "seats": HUMAN_AND_GREEDY}
AT_ONCE = 64


class Request:
    """One request to the app as uvicorn hands it over; it stays connected until `hang_up`."""

    def __init__(self, method: str, path: str, body: dict[str, Any] | None = None, client: str = "10.0.0.1") -> None:
        target, _, query = path.partition("?")
        self.scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
                      "scheme": "http", "path": target, "raw_path": target.encode(), "query_string": query.encode(),
                      "root_path": "", "headers": [(b"host", b"x"), (b"content-type", b"application/json")],
                      "client": (client, 5000), "server": ("127.0.0.1", 80)}  # fmt: skip
        self.body = json.dumps(body or {}).encode()
        self.status = 0
        self.answer = b""
        self.started = asyncio.Event()
        self.gone = asyncio.Event()
        self.sent_body = False

    async def receive(self) -> dict[str, Any]:
        if not self.sent_body:
            self.sent_body = True
            return {"type": "http.request", "body": self.body, "more_body": False}
        await self.gone.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
            self.started.set()
        elif message["type"] == "http.response.body":
            self.answer += message.get("body", b"")
        if self.gone.is_set():
            raise OSError("the client hung up")

    def json(self) -> Any:
        return json.loads(self.answer)


async def _at_once(app: Any, requests: list[Request]) -> list[int]:
    """Send every request at the same moment; their statuses once each has answered (a stream: its
    first event), then every client hangs up and the app is waited for."""
    tasks = [asyncio.ensure_future(app(r.scope, r.receive, r.send)) for r in requests]
    for request in requests:
        await asyncio.wait_for(request.started.wait(), 60)
        if request.status == 200 and request.scope["path"].endswith("/events"):
            while b"event: state" not in request.answer:
                await asyncio.sleep(0.005)
    statuses = [r.status for r in requests]
    for request in requests:
        request.gone.set()
    await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 60)
    return statuses


def at_once(client: TestClient, requests: list[Request]) -> list[int]:
    assert client.portal is not None
    return client.portal.call(_at_once, client.app, requests)


def open_streams(client: TestClient) -> int:
    """The streams the app counts as open, once the streams that ended have finished ending."""

    async def settled() -> int:
        for _ in range(100):  # a stream's last step after its client read its end
            await asyncio.sleep(0)
        return client.app.state.streams.open

    assert client.portal is not None
    return client.portal.call(settled)


def _events(made: dict[str, Any], follow: bool = False) -> str:
    return f"/api/tables/{made['table']}/events?token={made['seats'][0]['token']}" + ("&follow=1" if follow else "")


@pytest.mark.parametrize(
    ("limits", "tables", "clients", "refused"),
    [
        (Limits(streams_per_table=16), 1, 1, 429),  # on one table
        (Limits(streams_per_client=5), 4, 1, 429),  # from one address, over several tables
        (Limits(streams=7), 4, AT_ONCE, 503),  # in all, from many addresses
    ],
    ids=["per-table", "per-client", "in-all"],
)
def test_simultaneous_streams_get_no_more_than_the_limit_and_free_it_when_they_end(
    tmp_path: Path, limits: Limits, tables: int, clients: int, refused: int
) -> None:
    allowed = min(limits.streams_per_table * tables, limits.streams_per_client * clients, limits.streams)
    with TestClient(create_app(tmp_path, pace_ms=0, heartbeat_s=0.1, limits=limits)) as client:
        made = [client.post("/api/tables", json=TABLE).json() for _ in range(tables)]
        for _ in range(2):  # the second time: every place was given back when the streams ended
            requests = [Request("GET", _events(made[n % tables]), client=f"10.0.0.{n % clients}")
                        for n in range(AT_ONCE)]  # fmt: skip
            statuses = Counter(at_once(client, requests))
            assert statuses == {200: allowed, refused: AT_ONCE - allowed}


def test_streams_on_a_finished_table_count_and_those_not_following_it_end(tmp_path: Path) -> None:
    limits = Limits(streams_per_table=2)
    with TestClient(create_app(tmp_path, pace_ms=0, heartbeat_s=0.1, limits=limits)) as client:
        made = client.post("/api/tables", json={**TABLE, "seats": [{"kind": "human"}] * 2}).json()
        table = client.app.state.tables.tables[made["table"]]
        table.match = _finished(table)  # as if played out
        statuses = Counter(at_once(client, [Request("GET", _events(made, follow=True)) for _ in range(8)]))
        assert statuses == {200: 2, 429: 6}
        assert open_streams(client) == 0  # every place given back
        with client.stream("GET", _events(made)) as ended:
            assert [line for line in ended.iter_lines() if line.startswith("event")] == ["event: state", "event: over"]


def test_a_stream_on_a_table_the_server_stopped_ends_as_on_a_finished_one(tmp_path: Path) -> None:
    """A table stopped at the server's bound of actions (an endless all-computer match) never goes
    on: a stream on it that does not follow is told it is over and ends, giving its place back."""
    limits = Limits(table_actions=5)
    with TestClient(create_app(tmp_path, pace_ms=0, heartbeat_s=0.05, limits=limits)) as client:
        made = client.post("/api/tables", json={**TABLE, "seats": COMPUTERS}).json()
        assert client.app.state.tables.tables[made["table"]].stopped
        watch = f"/api/tables/{made['table']}/events?token={made['spectator']['token']}"
        with client.stream("GET", watch) as stream:
            said = []
            for line in stream.iter_lines():  # a stream that does not end beats its heart: ten beats are enough
                said.append(line)
                if said.count(": heartbeat") == 10:
                    break
        assert "event: over" in said and ": heartbeat" not in said
        assert open_streams(client) == 0


def _finished(table: Any) -> Any:
    match = table.match.clone()
    while not match.is_over:
        match.apply(match.legal_actions()[0])
    return match


def test_simultaneous_tables_from_one_client_and_in_all_get_no_more_than_the_limits(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "a", pace_ms=0, limits=Limits(tables_per_client=3))) as client:
        statuses = Counter(at_once(client, [Request("POST", "/api/tables", TABLE) for _ in range(16)]))
        assert statuses == {201: 3, 429: 13}
    with TestClient(create_app(tmp_path / "b", pace_ms=0, limits=Limits(tables=3))) as client:
        requests = [Request("POST", "/api/tables", TABLE, client=f"10.0.0.{n}") for n in range(16)]
        assert Counter(at_once(client, requests)) == {201: 3, 503: 13}


def test_simultaneous_play_again_makes_one_table(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, pace_ms=0, limits=Limits(tables_per_client=1))) as client:
        made = client.post("/api/tables", json={**TABLE, "seats": [{"kind": "human"}] * 2}).json()
        table = client.app.state.tables.tables[made["table"]]
        table.match = _finished(table)
        path = f"/api/tables/{made['table']}/again?token={made['seats'][0]['token']}"
        requests = [Request("POST", path) for _ in range(16)]
        assert Counter(at_once(client, requests)) == {201: 1, 200: 15}
        assert len({r.json()["table"] for r in requests}) == 1


def test_simultaneous_tables_take_no_more_disk_than_the_client_may_use(tmp_path: Path) -> None:
    rules = "name: big\nextends: draw\n#" + "x" * 8_000 + "\n"
    body = {"rules_text": rules, "players": 2, "seed": 1, "seats": HUMAN_AND_GREEDY}
    limits = Limits(disk_per_client=0.02)  # 20,971 bytes: two tables of these rules (~9 KB each) are below it
    with TestClient(create_app(tmp_path, pace_ms=0, limits=limits)) as client:
        statuses = Counter(at_once(client, [Request("POST", "/api/tables", body) for _ in range(8)]))
        assert statuses == {201: 3, 507: 5}  # as many as one request after another makes (test_server_limits.py)


def test_simultaneous_opened_saves_get_no_more_than_the_limits(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, pace_ms=0, limits=Limits(tables_per_client=2))) as client:
        made = client.post("/api/tables", json=TABLE).json()
        save = (tmp_path / f"{made['table']}.json").read_text()
        opened = [Request("POST", "/api/tables/open", {"text": save}) for _ in range(8)]
        assert Counter(at_once(client, opened)) == {201: 2, 429: 6}  # the first table was the test client's
