"""One client cannot take the server's worker threads from the others (issue 28): for every kind of
work that runs in a thread (checking rules, making a table, opening a save or a replay, a hint, a
computer's move), a client that floods it with slow work still leaves another client's request of
the same kind its turn. The slow work is the real work held back by a gate (never the clock); what
is asserted is who started, and in which order."""

from __future__ import annotations

import asyncio
import itertools
import threading
import warnings
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web import tables as tables_module
from interpreter.frontends.web.app import create_app
from interpreter.frontends.web.limits import Limits
from interpreter.frontends.web.refusal import Refusal
from interpreter.frontends.web.routes import variants as variants_routes
from interpreter.frontends.web.tables import Table
from interpreter.frontends.web.workers import POOLS, Shape, WorkerPool

FLOODER, OTHER = "10.0.0.1", "10.0.0.2"
FLOOD = 7  # more than the loop's default executor has threads on two cores (min(32, cores + 4))
GUARD_S = 10.0  # only so that a starved request fails the test instead of hanging it; never asserted on
HUMAN_AND_GREEDY = [{"kind": "human"}, {"kind": "computer", "strength": "greedy"}]
COMPUTERS = [{"kind": "computer", "strength": "greedy"}] * 2


class Gate:
    """Work that notes who started it and, for the flooder's, waits until the test opens the gate."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.started: list[str] = []
        self.lock = threading.Lock()

    def wrap(self, work: Callable[..., Any], whose: Callable[..., str]) -> Callable[..., Any]:
        def gated(*args: Any, **kwargs: Any) -> Any:
            who = whose(*args, **kwargs)
            with self.lock:
                self.started.append(who)
            if who == FLOODER:
                self.opened.wait(6 * GUARD_S)  # opened by the test at the latest when it gives up
            return work(*args, **kwargs)

        return gated

    async def until_started(self, who: str) -> None:
        while who not in self.started:
            await asyncio.sleep(0.01)


def _client(app: Any, address: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app, client=(address, 4000)), base_url="http://test")


async def _flooded(
    app: Any, gate: Gate, flood: Callable[[httpx.AsyncClient, int], Awaitable[httpx.Response]],
    other: Callable[[httpx.AsyncClient], Awaitable[httpx.Response]], count: int = FLOOD,
) -> tuple[list[int], httpx.Response, list[str]]:  # fmt: skip
    """The flooder's `count` requests sent at once, then the other client's one: the statuses of the
    flood, the other's answer, and who had started when the other's work started."""
    async with app.router.lifespan_context(app), _client(app, FLOODER) as flooder, _client(app, OTHER) as other_client:
        sent = [asyncio.ensure_future(flood(flooder, n)) for n in range(count)]
        await gate.until_started(FLOODER)
        await asyncio.sleep(0.2)  # the rest of the flood reaches its pool (or its refusal) first
        mine = asyncio.ensure_future(other(other_client))
        try:
            await asyncio.wait_for(gate.until_started(OTHER), GUARD_S)
            when = list(gate.started)
        finally:
            gate.opened.set()
        answer = await mine
        statuses = [r.status_code for r in await asyncio.gather(*sent)]
    return statuses, answer, when


def _save_text() -> str:
    return '{"format": "domino-save", "version": 2, "variant": "draw", "seats": ["human"]}\n'


# Each kind of work in a thread: what to hold back, whose it is, the flood and the other's request.
def _check(monkeypatch: pytest.MonkeyPatch, app: Any, gate: Gate) -> tuple[Callable, Callable]:
    whose = lambda text, *_: FLOODER if "flood" in text else OTHER  # noqa: E731
    monkeypatch.setattr(variants_routes, "load_text", gate.wrap(variants_routes.load_text, whose))
    return (lambda c, n: c.post("/api/validate", json={"text": f"name: flood{n}\nextends: draw\n"}),
            lambda c: c.post("/api/validate", json={"text": "name: mine\nextends: draw\n"}))  # fmt: skip


def _create(monkeypatch: pytest.MonkeyPatch, app: Any, gate: Gate) -> tuple[Callable, Callable]:
    tables = app.state.tables
    monkeypatch.setattr(tables, "create", gate.wrap(tables.create, lambda body, client=None: client))
    body = {"variant": "draw", "players": 2, "seats": HUMAN_AND_GREEDY}
    return (lambda c, n: c.post("/api/tables", json=body), lambda c: c.post("/api/tables", json=body))


def _open_save(monkeypatch: pytest.MonkeyPatch, app: Any, gate: Gate) -> tuple[Callable, Callable]:
    tables = app.state.tables
    monkeypatch.setattr(tables, "open", gate.wrap(tables.open, lambda body, client=None: client))
    body = {"text": _save_text()}
    return (lambda c, n: c.post("/api/tables/open", json=body), lambda c: c.post("/api/tables/open", json=body))


def _open_replay(monkeypatch: pytest.MonkeyPatch, app: Any, gate: Gate) -> tuple[Callable, Callable]:
    replays = app.state.replays
    whose = lambda body: FLOODER if "flood" in body["text"] else OTHER  # noqa: E731
    monkeypatch.setattr(replays, "open", gate.wrap(replays.open, whose))
    return (lambda c, n: c.post("/api/replays", json={"text": _save_text() + "flood"}),
            lambda c: c.post("/api/replays", json={"text": _save_text()}))  # fmt: skip


@pytest.mark.parametrize("kind", [_check, _create, _open_save, _open_replay], ids=lambda k: k.__name__[1:])
def test_a_client_flooding_a_pool_leaves_another_client_its_turn(tmp_path: Path, monkeypatch, kind) -> None:
    app = create_app(tmp_path, pace_ms=0)
    gate = Gate()
    flood, other = kind(monkeypatch, app, gate)
    statuses, answer, when = asyncio.run(_flooded(app, gate, flood, other))
    assert when.count(FLOODER) == 1  # its share of the pool; the rest of its flood waits or is refused
    assert answer.status_code not in (429, 503)
    assert set(statuses) <= {200, 201, 422, 429}  # 429: past its room to wait (a save's body is large)


def test_computer_moves_of_one_clients_tables_leave_another_clients_table_its_turn(tmp_path, monkeypatch):
    app = create_app(tmp_path, pace_ms=0)
    gate = Gate()
    whose = lambda match, kind, seed: FLOODER if seed < 100 else OTHER  # noqa: E731
    monkeypatch.setattr(tables_module, "computer_choice", gate.wrap(tables_module.computer_choice, whose))
    body = {"variant": "draw", "players": 2, "seats": COMPUTERS, "pace_ms": 1}  # made at once, played after

    async def tables(client: httpx.AsyncClient, seeds: range) -> httpx.Response:
        for seed in seeds:  # one after another: within the client's share of the checks
            made = await client.post("/api/tables", json={**body, "seed": seed})
            assert made.status_code == 201
        return made

    statuses, answer, when = asyncio.run(_flooded(app, gate, lambda c, n: tables(c, range(FLOOD)),
                                                  lambda c: tables(c, range(100, 101)), count=1))  # fmt: skip
    assert when.count(FLOODER) == POOLS["computers"].per_client  # its tables wait for each other, not the other's
    assert statuses == [201] and answer.status_code == 201


def test_hints_are_shared_one_per_client(tmp_path, monkeypatch):
    app = create_app(tmp_path, pace_ms=0)
    gate = Gate()
    monkeypatch.setattr(Table, "hint", gate.wrap(Table.hint, lambda table, match: table.client))
    body = {"variant": "draw", "players": 2, "seats": [{"kind": "human"}] * 2}

    async def hint(client: httpx.AsyncClient, n: int) -> httpx.Response:
        made = (await client.post("/api/tables", json={**body, "seed": n})).json()
        state = (await client.get(f"/api/tables/{made['table']}/state?token={made['seats'][0]['token']}")).json()
        token = made["seats"][state["current_player"]]["token"]
        return await client.get(f"/api/tables/{made['table']}/hint?token={token}")

    statuses, answer, when = asyncio.run(_flooded(app, gate, hint, lambda c: hint(c, 9), count=2))
    assert when.count(FLOODER) == 1
    assert sorted(statuses) == [200, 429] and answer.status_code == 200


def test_a_freed_thread_goes_to_the_next_client_in_turn_not_to_the_oldest_work():
    async def main() -> list[str]:
        pool = WorkerPool("test", Shape(threads=2, per_client=2, waiting=None, what="tests"))
        gates = {name: threading.Event() for name in ("a1", "a2", "a3", "a4", "b1")}
        started: list[str] = []

        def work(name: str) -> None:
            started.append(name)
            gates[name].wait(GUARD_S)

        try:
            runs = [asyncio.ensure_future(pool.run(name[0], work, name)) for name in ("a1", "a2", "a3", "a4", "b1")]
            while len(started) < 2:
                await asyncio.sleep(0.01)
            assert pool.waiting("a") == 2 and pool.waiting("b") == 1
            gates["a1"].set()
            while len(started) < 3:
                await asyncio.sleep(0.01)
            for gate in gates.values():
                gate.set()
            await asyncio.gather(*runs)
        finally:
            for gate in gates.values():
                gate.set()
            pool.close()
        return started

    assert asyncio.run(main()) == ["a1", "a2", "b1", "a3", "a4"]


def test_a_request_that_goes_away_while_it_waits_gives_up_its_place():
    async def main() -> None:
        pool = WorkerPool("test", Shape(threads=1, per_client=1, waiting=2, what="tests"))
        gate = threading.Event()
        try:
            first = asyncio.ensure_future(pool.run("a", gate.wait, GUARD_S))
            second = asyncio.ensure_future(pool.run("a", lambda: "second"))
            await asyncio.sleep(0.05)
            assert pool.waiting("a") == 1
            second.cancel()
            await asyncio.gather(second, return_exceptions=True)
            assert pool.waiting("a") == 0
            queued = [asyncio.ensure_future(pool.run("a", str)) for _ in range(2)]
            await asyncio.sleep(0.05)
            with pytest.raises(Refusal) as refused:  # a client with no room left to wait is told so
                await pool.run("a", str)
            assert refused.value.status == 429
            gate.set()
            await asyncio.gather(first, *queued)
            assert await pool.run("a", lambda: "again") == "again"  # nothing is held past the end
        finally:
            gate.set()
            pool.close()

    asyncio.run(main())


# --- an endless all-computer table ----------------------------------------------------------------

ENDLESS = "name: endless\nextends: draw\nmatch: {target: 1000000}\n"  # valid, and no match reaches it


def _ticking(app: Any) -> None:
    """The server's clock for the computers' work: each reading one second after the last."""
    ticks = itertools.count()
    app.state.tables.clock = lambda: float(next(ticks))


def test_an_endless_all_computer_table_stops_once_its_computers_worked_their_time_in_a_row(tmp_path):
    limits = Limits(computer_run_s=5)
    app = create_app(tmp_path, pace_ms=0, limits=limits)
    _ticking(app)
    body = {"rules_text": ENDLESS, "players": 2, "seed": 5, "seats": COMPUTERS}
    with TestClient(app) as client:
        made = client.post("/api/tables", json=body)
        assert made.status_code == 201  # answered: at pace 0, once the table has stopped
        table = client.app.state.tables.tables[made.json()["table"]]
        reason = "its computer players worked 5 s in a row without a person's move, this server's bound"
        assert table.stopped == reason and table.version == 5
        watched = client.get(f"/api/tables/{table.id}/state?token={made.json()['spectator']['token']}").json()
        assert watched["stopped"] == reason  # every seat and watcher is told why
    with TestClient(create_app(tmp_path, pace_ms=0, limits=limits)) as client:
        back = client.app.state.tables.tables[table.id]
        assert back.stopped == reason and back.version == 5  # a restart does not give it more time


def test_the_computers_time_in_a_row_starts_again_at_each_persons_move(tmp_path):
    app = create_app(tmp_path, pace_ms=0, limits=Limits(computer_run_s=1))  # one computer move per person's
    _ticking(app)
    body = {"rules_text": ENDLESS, "players": 2, "seed": 5, "seats": HUMAN_AND_GREEDY}
    with TestClient(app) as client:
        made = client.post("/api/tables", json=body).json()
        url = f"/api/tables/{made['table']}"
        token = made["seats"][0]["token"]
        for _ in range(12):
            state = client.get(f"{url}/state?token={token}").json()
            if 0 in (state["to_continue"] or []):  # a round's end: the person presses Continue
                client.post(f"{url}/continue?token={token}", json={})
                continue
            answer = client.post(f"{url}/action?token={token}", json={"index": 0, "version": state["version"]})
            assert answer.status_code == 200, answer.text
        table = client.app.state.tables.tables[made["table"]]
        assert table.stopped is None and table.version >= 20


def test_a_creation_waiting_for_its_computers_is_answered_as_soon_as_the_server_starts_to_stop(tmp_path):
    """At pace 0 a creation answers once the computers have moved; a server that stops does not wait
    for them (nor leave the request to be cancelled into a 500 and a traceback in its log)."""
    body = {"rules_text": ENDLESS, "players": 2, "seed": 5, "seats": COMPUTERS}
    with TestClient(create_app(tmp_path, pace_ms=0, limits=Limits(computer_run_s=3600))) as client:
        answers: list[httpx.Response] = []
        making = threading.Thread(target=lambda: answers.append(client.post("/api/tables", json=body)))
        making.start()
        tables = client.app.state.tables.tables
        while not any(table.version for table in list(tables.values())):  # made, and its computers playing
            threading.Event().wait(0.01)
        client.portal.call(client.app.state.stop)
        making.join(GUARD_S)
        assert answers and answers[0].status_code == 201
        assert not next(iter(tables.values())).stopped  # not stopped: the next server goes on with it
