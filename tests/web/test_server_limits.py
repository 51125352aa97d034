"""`domino serve` holds its load: every limit of limits.py is a clear 429 or 503, a table's work is
bounded, finished tables leave memory and come back, slow connections are closed, answers are not
delayed by Nagle's algorithm, and Ctrl-C or SIGTERM stops the server at once with live streams open."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import threading
import warnings
from pathlib import Path

import httpx
import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app
from interpreter.frontends.web.connections import QuietRepeats, listening_socket
from interpreter.frontends.web.limits import Limits, RateLimiter
from tests.clirunner import domino
from tests.web.serving import port_of, serve

ROOT = Path(__file__).resolve().parent.parent.parent
HUMAN_AND_GREEDY = [{"kind": "human"}, {"kind": "computer", "strength": "greedy"}]
COMPUTERS = [{"kind": "computer", "strength": "random"}] * 2


def _body(**extra) -> dict:
    return {"variant": "draw", "players": 2, "seed": 3, "seats": HUMAN_AND_GREEDY, **extra}


def test_unfinished_tables_are_limited_per_client_with_429_and_in_all_with_503(tmp_path):
    with TestClient(create_app(tmp_path / "a", pace_ms=0, limits=Limits(tables_per_client=2))) as client:
        assert [client.post("/api/tables", json=_body()).status_code for _ in range(2)] == [201, 201]
        mine = client.post("/api/tables", json=_body())
        assert mine.status_code == 429 and "limit per player" in mine.json()["error"]
        assert mine.headers["Retry-After"] == "60"
    with TestClient(create_app(tmp_path / "b", pace_ms=0, limits=Limits(tables=2))) as client:
        assert [client.post("/api/tables", json=_body()).status_code for _ in range(2)] == [201, 201]
        full = client.post("/api/tables", json=_body())
        assert full.status_code == 503 and "limit of 2 unfinished tables" in full.json()["error"]
        finished = client.post("/api/tables", json={**_body(), "seats": COMPUTERS})
        assert full.status_code == 503 and finished.status_code == 503  # counted before it is played out


def test_the_disk_a_client_takes_is_limited_every_way_in_and_counted_again_after_a_restart(tmp_path):
    rules = "name: big\nextends: draw\n#" + "x" * 8_000 + "\n"
    body = {"rules_text": rules, "players": 2, "seed": 1, "seats": HUMAN_AND_GREEDY, "settings": {"match.target": 1}}
    limits = Limits(disk_per_client=0.02)  # 20,971 bytes: two tables of these rules (~9 KB each) are below it
    with TestClient(create_app(tmp_path, pace_ms=0, limits=limits)) as client:
        made = [client.post("/api/tables", json=body) for _ in range(4)]
        assert [m.status_code for m in made] == [201, 201, 201, 507]
    with TestClient(create_app(tmp_path, pace_ms=0, limits=limits)) as client:
        first = made[0].json()
        seat = f"/api/tables/{first['table']}/seat?token={first['seats'][0]['token']}"
        assert client.post(seat, json={"seat": 0, "computer": "random"}).json()["state"]["over"]
        save = (tmp_path / f"{first['table']}.json").read_text()
        refused = [
            client.post("/api/tables", json=_body()),
            client.post("/api/tables", json=body),
            client.post("/api/tables/open", json={"text": save}),
            client.post(f"/api/tables/{first['table']}/again?token={first['seats'][0]['token']}", json={}),
        ]
        assert [r.status_code for r in refused] == [507] * 4
        assert all("KiB of this server's disk" in r.json()["error"] for r in refused)
        assert "removing old saves" in refused[0].json()["error"]
    with TestClient(create_app(tmp_path, pace_ms=0, limits=Limits(disk_per_client=1))) as client:
        assert client.post("/api/tables", json=_body()).status_code == 201  # under a larger limit: the same count


def test_requests_that_make_something_are_rate_limited_per_client(tmp_path):
    limits = Limits(rate_per_s=0.001, burst=3)
    with TestClient(create_app(tmp_path, pace_ms=0, limits=limits)) as client:
        answers = [client.post("/api/validate", json={"text": "name: x\nextends: draw\n"}) for _ in range(4)]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        assert int(answers[-1].headers["Retry-After"]) >= 1
        assert client.get("/api/variants").status_code == 200  # reading is not limited


def test_the_rate_limiter_refills_and_forgets_the_least_recent_clients():
    now = [0.0]
    rate = RateLimiter(Limits(rate_per_s=2, burst=2, clients_tracked=2), clock=lambda: now[0])
    assert [rate.wait_for("a") for _ in range(3)] == [0, 0, 0.5]
    now[0] = 1.0
    assert rate.wait_for("a") == 0
    rate.wait_for("b")
    rate.wait_for("c")
    assert list(rate.buckets) == ["b", "c"]


def test_live_update_streams_are_limited_per_table(tmp_path):
    limits = Limits(streams_per_table=1)
    with TestClient(create_app(tmp_path, pace_ms=0, heartbeat_s=0.1, limits=limits)) as client:
        table = client.post("/api/tables", json=_body()).json()
        url = f"/api/tables/{table['table']}/events?token={table['seats'][0]['token']}"
        with client.stream("GET", url) as first:
            assert first.status_code == 200
            next(first.iter_lines())
            second = client.get(url)
            assert second.status_code == 429 and "live-update streams" in second.json()["error"]


def test_an_endless_all_computer_table_stops_at_its_bound_of_actions_and_stays_stopped(tmp_path):
    limits = Limits(table_actions=25)
    body = {"variant": "draw", "players": 2, "seed": 5, "seats": COMPUTERS}
    with TestClient(create_app(tmp_path, pace_ms=0, limits=limits)) as client:
        made = client.post("/api/tables", json=body).json()
        table = client.app.state.tables.tables[made["table"]]
        assert table.stopped == "this table reached the server's bound of 25 actions"
        assert table.version == 25
    with TestClient(create_app(tmp_path, pace_ms=0, limits=limits)) as client:
        table = client.app.state.tables.tables[made["table"]]
        assert table.stopped and table.version == 25


def test_finished_tables_leave_memory_past_the_limit_and_come_back_when_asked_for(tmp_path):
    limits = Limits(finished_in_memory=1)
    body = {"variant": "draw", "players": 2, "seats": COMPUTERS, "pace_ms": 0}
    with TestClient(create_app(tmp_path, pace_ms=0, limits=limits)) as client:
        made = [client.post("/api/tables", json={**body, "seed": seed}).json() for seed in (1, 2, 3)]
        loaded = client.app.state.tables.tables
        assert all(loaded[m["table"]].match.is_over for m in made if m["table"] in loaded)
        assert [m["table"] in loaded for m in made] == [False, False, True]
        # A finished all-computer table has no token: its replay is read back through the registry.
        back = client.app.state.tables.find(made[0]["table"])
        assert back.match.is_over and made[0]["table"] in loaded
        assert [m["table"] in loaded for m in made] == [True, False, False]


def test_the_listening_socket_sets_tcp_nodelay_and_the_connections_it_accepts_inherit_it():
    listener = listening_socket("127.0.0.1", 0)
    try:
        assert listener.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        client = socket.create_connection(listener.getsockname())
        accepted, _ = listener.accept()
        assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        assert accepted.proto == socket.IPPROTO_TCP  # asyncio sets TCP_NODELAY itself only on such sockets
        accepted.close()
        client.close()
    finally:
        listener.close()


def test_repeated_log_messages_are_let_through_once_per_interval():
    now = [0.0]
    quiet = QuietRepeats(60, clock=lambda: now[0])
    record = lambda: quiet.filter(_record("Exceeded concurrency limit."))  # noqa: E731
    assert [record(), record()] == [True, False]
    now[0] = 61
    assert record()


def _record(message: str):
    import logging

    return logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1, message, None, None)


def test_a_connection_whose_headers_do_not_arrive_in_time_is_closed(tmp_path):
    process, url = serve(tmp_path, "--header-timeout-s", "1")
    try:
        silent = socket.create_connection(("127.0.0.1", port_of(url)))
        trickling = socket.create_connection(("127.0.0.1", port_of(url)))
        trickling.sendall(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n")
        for sock in (silent, trickling):
            sock.settimeout(30)
            assert sock.recv(100) == b""  # closed by the server, not by our timeout
            sock.close()
        assert httpx.get(f"{url}/api/variants", timeout=30).status_code == 200  # others are served
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "Traceback" not in err


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_the_server_stops_at_once_with_live_streams_open_and_every_table_saved(tmp_path, stop):
    process, url = serve(tmp_path)
    streams = []
    try:
        made = httpx.post(f"{url}/api/tables", json=_body(), timeout=30).json()
        token = made["seats"][0]["token"]
        base = f"{url}/api/tables/{made['table']}"
        view = httpx.get(f"{base}/state?token={token}", timeout=30).json()
        moved = httpx.post(f"{base}/action?token={token}", json={"index": 0, "version": view["version"]}, timeout=30)
        assert moved.status_code == 200
        for _ in range(3):
            sock = socket.create_connection(("127.0.0.1", port_of(url)))
            sock.sendall(f"GET /api/tables/{made['table']}/events?token={token} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            sock.settimeout(30)
            received = b""
            while b"event: state" not in received:
                received += sock.recv(65536)
            streams.append(sock)
        os.killpg(process.pid, stop)
        try:
            _, err = process.communicate(timeout=8)
        except subprocess.TimeoutExpired:
            process.kill()
            pytest.fail("the server did not stop within 8 s with three streams open")
    finally:
        for sock in streams:
            sock.close()
        if process.poll() is None:
            process.kill()
            process.wait()
    assert "Traceback" not in err and "Error" not in err, err
    process, url = serve(tmp_path)
    try:
        again = httpx.get(f"{url}/api/tables/{made['table']}/state?token={token}", timeout=30).json()
        assert again["version"] == moved.json()["state"]["version"]
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_serve_refuses_a_state_dir_that_is_a_file_and_limits_out_of_bounds(tmp_path):
    (tmp_path / "f").write_text("x")
    named = domino("serve", "--state-dir", str(tmp_path / "f"), "--port", "0")
    assert named.status == 2 and "is not a folder" in named.stderr and "Traceback" not in named.stderr
    for flag, value in (("--tables", "0"), ("--tables", "100001"), ("--table-actions", "-1"), ("--rate-per-s", "1e9")):
        refused = domino("serve", "--state-dir", str(tmp_path / "s"), "--port", "0", flag, value)
        assert refused.status == 2 and flag in refused.stderr and " from " in refused.stderr, refused.stderr


def test_many_clients_on_one_table_are_answered_in_order_without_losing_an_action(tmp_path):
    with TestClient(create_app(tmp_path, pace_ms=0)) as client:
        table = client.post("/api/tables", json=_body()).json()
        token = table["seats"][0]["token"]
        base = f"/api/tables/{table['table']}"
        view = client.get(f"{base}/state?token={token}").json()
        answers: list[int] = []

        def act() -> None:
            answer = client.post(f"{base}/action?token={token}", json={"index": 0, "version": view["version"]})
            answers.append(answer.status_code)

        threads = [threading.Thread(target=act) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(answers) == [200] + [409] * 7  # one action made; the others were chosen on a stale version


def test_past_the_connection_limit_a_request_gets_503_and_the_log_says_so_once(tmp_path):
    process, url = serve(tmp_path, "--connections", "3")
    held = []
    try:
        for _ in range(3):  # connections that say nothing yet: held until the header timeout
            held.append(socket.create_connection(("127.0.0.1", port_of(url))))
        answers = [httpx.get(f"{url}/api/variants", timeout=30) for _ in range(20)]
        assert {a.status_code for a in answers} == {503}
    finally:
        for sock in held:
            sock.close()
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert err.count("Exceeded concurrency limit") == 1 and "Traceback" not in err


def test_a_stream_opened_while_the_table_moves_sends_that_view_once():
    """A change published while a new stream waits for the table's save to finish (its first view
    already shows the change) is not sent a second time from the stream's queue."""
    import asyncio
    import types

    from interpreter.frontends.web.presence import Presence
    from interpreter.frontends.web.stream import updates

    class MovingTable:
        """As much of a Table as a stream reads; an action is being saved as the stream opens."""

        def __init__(self) -> None:
            self.stamp, self.queue, self.next = 1, asyncio.Queue(), None
            self.turn = types.SimpleNamespace(locked=lambda: False)
            self.match, self.finished = types.SimpleNamespace(is_over=False), False
            self.who, self.clock = Presence(opened={0}), lambda: 0.0  # its person opened it before
            self.kinds, self.stand_ins = ("human",), {}  # read as its person leaves: a reload's grace is timed

        def publish(self):
            pass

        def listen(self, seat):
            return self.queue

        def unlisten(self, seat, queue):
            pass

        def view_text(self, seat):
            return f'{{"stamp": {self.stamp}}}'

        async def settled_view(self, seat):
            self.stamp += 1  # the action saved meanwhile is published to the stream's queue
            self.queue.put_nowait((self.stamp, self.view_text(seat)))
            return self.stamp, self.view_text(seat)

    async def first_two() -> list[str]:
        closing = asyncio.Event()
        tables = types.SimpleNamespace(listen=lambda table, seat: table.listen(seat), unlisten=lambda *_: None)
        stream = updates(tables, MovingTable(), 0, 0.05, closing)
        said = [await anext(stream), await anext(stream)]
        closing.set()
        await stream.aclose()
        return said

    first, second = asyncio.run(first_two())
    assert first == 'event: state\ndata: {"now":0.000,"stamp": 2}\n\n'  # with the server's clock
    assert second == ": heartbeat\n\n"  # not the same view again
