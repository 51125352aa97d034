"""`domino serve` and the faults of a disk: a table whose save a crash tore comes back after a restart
at the action before; a full disk at any write of a table's making or of a change is a clear 507
that leaves no file behind and nothing changed in memory either."""

from __future__ import annotations

import copy
import errno
import hashlib
import json
import os
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web import registry, store
from interpreter.frontends.web.app import create_app
from interpreter.frontends.web.limits import Limits
from tests.clirunner import domino

HUMAN_AND_GREEDY = [{"kind": "human"}, {"kind": "computer", "strength": "greedy"}]


def _make(client: TestClient, **body) -> dict:
    made = client.post("/api/tables", json={"variant": "draw", "seed": 3, "seats": HUMAN_AND_GREEDY, **body})
    assert made.status_code == 201, made.text
    return made.json()


def _url(table: dict, what: str) -> str:
    return f"/api/tables/{table['table']}/{what}?token={table['seats'][0]['token']}"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's own state folder (where the locks of saves in shared folders would go)."""
    state = tmp_path / "home-state"
    monkeypatch.setenv("XDG_STATE_HOME", str(state))
    return state


# --- a save torn by a crash -----------------------------------------------------------------------------


def _groups(save: Path) -> list[int]:
    """Where each action's records start in the save's bytes."""
    starts, at = [], 0
    for line in save.read_bytes().splitlines(keepends=True):
        if json.loads(line).get("type") == "action":
            starts.append(at)
        at += len(line)
    return starts


def test_a_table_whose_last_action_a_crash_tore_reopens_after_a_restart_at_the_action_before(tmp_path, capsys):
    state = tmp_path / "state"
    with TestClient(create_app(state, pace_ms=0)) as client:
        table = _make(client)
        save = state / f"{table['table']}.json"
        # The person's moves, each answered after the computer's, until the save's last action (the
        # computer's) produced a record after it: a draw, a round's end.
        while save.read_bytes().count(b"\n", _groups(save)[-1]) < 2:
            view = client.get(_url(table, "state")).json()
            assert client.post(_url(table, "action"), json={"index": 0, "version": view["version"]}).status_code == 200
        played = client.get(_url(table, "state")).json()
    whole = save.read_bytes()
    last = _groups(save)[-1]
    action = whole.index(b"\n", last) + 1
    for torn in (whole[: last + 7], whole[: action - 1], whole[:action], whole[:-3],
                 whole[:action] + b"\0" * (len(whole) - action)):  # fmt: skip
        save.write_bytes(torn)
        capsys.readouterr()
        with TestClient(create_app(state, pace_ms=0)) as client:
            answer = client.get(_url(table, "state"))
            assert answer.status_code == 200, answer.text
            # Reopened before the computer's move, which it makes again (greedy: the same one).
            assert answer.json() == played
        assert "was cut short by a crash; reopened before it" in capsys.readouterr().err
        assert save.read_bytes() == whole  # written whole again with the computer's move
    # Sent as text, to be opened as a table or stepped through: at the action before too.
    torn = whole[:action].decode()
    with TestClient(create_app(tmp_path / "other", pace_ms=0)) as client:
        opened = client.post("/api/tables/open", json={"text": torn})
        assert opened.status_code == 201, opened.text
        reopened = _view(client, opened.json())
        assert reopened["known_seed"] == {"seed": str(played["known_seed"]["seed"]), "how": "save"}
        assert {**reopened, "spectator_link": None, "memory": None, "known_seed": None} == {
            **played,
            "spectator_link": None,
            "memory": None,
            "known_seed": None,
        }
        replayed = client.post("/api/replays", json={"text": torn})
        assert replayed.status_code == 201 and replayed.json()["steps"] == played["version"] - 1, replayed.text


# --- a full disk ----------------------------------------------------------------------------------------

# The calls by which the server changes a disk: os.open only when it creates or writes (mkstemp's
# files, a sidecar's claim, a lock file), not when it reads.
WRITES = ("open", "write", "pwrite", "ftruncate", "fsync", "fdatasync", "replace", "rename", "mkdir", "unlink")
MAKES = os.O_WRONLY | os.O_RDWR | os.O_CREAT


class FullDisk:
    """The writing calls of `os`, counted from `start`; the `fail`-th (1 first) raises ENOSPC, as a
    full disk does. Removing a file (unlink) is counted but never fails: a full disk allows it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[str] = []
        self.fail: int | None = None
        for name in WRITES:
            monkeypatch.setattr(os, name, self._wrap(name, getattr(os, name)))

    def start(self, fail: int | None = None) -> None:
        self.calls, self.fail = [], fail

    def _wrap(self, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            if name == "open" and not (args[1] if len(args) > 1 else kwargs.get("flags", 0)) & MAKES:
                return real(*args, **kwargs)
            if name == "mkdir" and os.path.isdir(args[0]):  # Path.mkdir(exist_ok=True) of a folder that is there
                return real(*args, **kwargs)
            if name != "unlink":
                self.calls.append(name)
                if len(self.calls) == self.fail:
                    raise OSError(errno.ENOSPC, "No space left on device")
            if name in ("fsync", "fdatasync"):
                return None  # a flush of the real disk: milliseconds each, and not what is tested
            return real(*args, **kwargs)

        return call


def _files(*folders: Path) -> dict[str, bytes | None]:
    """Every file under `folders` with its bytes (None for a folder)."""
    return {str(p): None if p.is_dir() else p.read_bytes() for folder in folders for p in sorted(folder.rglob("*"))}


BASES = {"base.yaml": "name: base-draw\nextends: draw\n"}
PEOPLE = [{"kind": "human"}, {"kind": "human"}]  # nothing moves but what a request asks
MAKINGS = {
    "a bundled variant": {"variant": "draw"},
    "pasted rules": {"rules_text": "name: house\nextends: draw\n"},
    "an upload of several files": {"rules_text": "name: house\nextends: base.yaml\n", "rules_files": BASES},
}
TERMINAL = "game-20260101-000000.json"  # a terminal's save in the state folder, opened by name


def _making(client: TestClient, state: Path, way: str, save: bytes) -> Any:
    """A request that makes a table `way`: of a body, or opening a save (`save`) by its text or name."""
    if way == "a save's text":
        return client.post("/api/tables/open", json={"text": save.decode()})
    if way == "a save's name":
        return client.post("/api/tables/open", json={"path": TERMINAL, "sha256": hashlib.sha256(save).hexdigest()})
    return client.post("/api/tables", json={**MAKINGS[way], "seats": PEOPLE, "seed": 3})


def _terminals(app: Any, state: Path, save: bytes) -> None:
    """The table opened from the terminal's save let go of, and the save there again to be opened."""
    table = app.state.tables.tables.pop(TERMINAL.removesuffix(".json"), None)
    if table is not None:
        table.release()
    store.tokens_path(state / TERMINAL).unlink(missing_ok=True)
    (state / TERMINAL).write_bytes(save)


def test_a_full_disk_at_any_write_of_a_tables_making_is_a_507_that_leaves_nothing_behind(tmp_path, monkeypatch, home):
    state = tmp_path / "state"
    played = domino("play", "draw", "--players", "human,human", "--save", "t.json", cwd=tmp_path, stdin="quit\n")
    assert played.status == 0, played.stderr
    save = (tmp_path / "t.json").read_bytes()
    state.mkdir(mode=0o700)
    app = create_app(state, pace_ms=0, limits=Limits(burst=500, tables_per_client=100))
    tried = 0
    with TestClient(app) as client:
        disk = FullDisk(monkeypatch)
        for way in [*MAKINGS, "a save's text", "a save's name"]:
            _terminals(app, state, save)
            disk.start()
            assert _making(client, state, way, save).status_code == 201
            points = list(disk.calls)
            _terminals(app, state, save)
            for point in range(1, len(points) + 1):
                before, tables = _files(state, home), set(app.state.tables.tables)
                disk.start(fail=point)
                answer = _making(client, state, way, save)
                failed = f"{way}: {points[point - 1]} #{point} failing"
                assert answer.status_code == 507, f"{failed}: {answer.status_code} {answer.text}"
                assert "No space left on device" in answer.json()["error"], failed
                assert _files(state, home) == before, failed  # nothing left behind, lock files included
                assert set(app.state.tables.tables) == tables, failed
                tried += 1
        disk.start()
    assert tried >= 5 * 10  # a sidecar, a lock, a save, and the pasted rules: each several calls


def _view(client: TestClient, table: dict) -> dict:
    """The creator's view of the table, and what the server holds of it in memory."""
    answer = client.get(_url(table, "state"))
    assert answer.status_code == 200, answer.text
    held = client.app.state.tables.tables[table["table"]]  # type: ignore[attr-defined]
    memory = {key: copy.deepcopy(getattr(held, key)) for key in ("pace_ms", "names", "stand_ins", "next", "stopped",
                                                                 "version")}  # fmt: skip
    return {**answer.json(), "memory": {**memory, "events": len(held.match.events)}}


def _change(client: TestClient, table: dict, what: str, mover: int) -> Any:
    """A request of the table's creator that changes the table and writes it to disk."""
    if what == "pace":
        return client.post(_url(table, "pace"), json={"pace_ms": 1234})
    if what == "name":
        return client.post(_url(table, "name"), json={"name": "Ann"})
    if what == "stand-in":  # for the seat not to move: no computer moves in the request
        return client.post(_url(table, "seat"), json={"seat": 1 - mover, "computer": "greedy"})
    assert what == "action"
    url = f"/api/tables/{table['table']}/action?token={table['seats'][mover]['token']}"
    return client.post(url, json={"index": 0, "version": _view(client, table)["version"]})


@pytest.mark.parametrize("what", ["pace", "name", "stand-in", "action", "action after a restart"])
def test_a_full_disk_at_any_write_of_a_change_is_a_507_that_changes_nothing_in_memory_or_on_disk(
    tmp_path, monkeypatch, home, what
):
    state = tmp_path / "state"
    with TestClient(create_app(state, pace_ms=0)) as client:
        table = _make(client, seats=PEOPLE)
        if what != "action after a restart":
            changed = _each_write_failed(client, table, what, FullDisk(monkeypatch), [state, home])
    if what == "action after a restart":  # a table read back from disk: its save is written whole first
        with TestClient(create_app(state, pace_ms=0)) as client:
            changed = _each_write_failed(client, table, "action", FullDisk(monkeypatch), [state, home])
    with TestClient(create_app(state, pace_ms=0)) as client:  # what was answered as made is kept
        assert _view(client, table) == changed


def _each_write_failed(client: TestClient, table: dict, what: str, disk: FullDisk, folders: list[Path]) -> dict:
    """The change `what` asked with its first write failing, then its second, ..., each a 507 that
    leaves the table as it was in memory and on disk, until it is made; the table's view then."""
    before, shown = _files(*folders), _view(client, table)
    point = 0
    while True:
        point += 1
        disk.start(fail=point)
        answer = _change(client, table, what, shown["current_player"])
        if answer.status_code != 507:
            break
        failed = f"{what}: {disk.calls[-1]} #{point} failing"
        assert "No space left on device" in answer.json()["error"], failed
        assert _view(client, table) == shown, failed  # in memory: as it was
        assert _files(*folders) == before, failed  # on disk: as it was
    assert answer.status_code == 200, answer.text
    # Each of its writes was failed once (fewer are left to make once a table read back from disk
    # has its save written whole again: then only the action is appended).
    assert point - 1 >= len(disk.calls) > 0
    if what == "action" and len(disk.calls) == 2:  # its records in one write, synced before the answer
        assert disk.calls == ["write", "fdatasync"]  # so a crash can tear only the last action
    disk.start()
    changed = _view(client, table)
    assert changed != shown
    return changed


def test_a_full_disk_at_any_write_of_play_again_is_a_507_that_changes_nothing_in_memory_or_on_disk(
    tmp_path, monkeypatch, home
):
    state = tmp_path / "state"
    app = create_app(state, pace_ms=0)
    with TestClient(app) as client:
        quick = "name: quick\nextends: draw\nmatch: {target: 1}\n"  # over after a round
        table = _make(client, rules_text=quick, variant=None, seats=PEOPLE)  # nothing moves but what is asked
        while not (view := _view(client, table))["over"]:
            moved = _change(client, table, "action", view["current_player"])
            assert moved.status_code == 200, moved.text
        disk = FullDisk(monkeypatch)
        before, shown, tables = _files(state, home), _view(client, table), set(app.state.tables.tables)
        point = 0
        while True:
            point += 1
            disk.start(fail=point)
            answer = client.post(_url(table, "again"), json={})
            if answer.status_code != 507:
                break
            failed = f"again: {disk.calls[-1]} #{point} failing"
            assert "No space left on device" in answer.json()["error"], failed
            assert _view(client, table) == shown, failed
            assert set(app.state.tables.tables) == tables, failed
            assert _files(state, home) == before, failed
        assert answer.status_code == 201, answer.text
        assert len(disk.calls) == point - 1 > 10
        assert _view(client, table)["next"] == answer.json()["table"]


# --- opening a save by name -------------------------------------------------------------------------------


def test_a_save_opens_by_name_with_its_digest_in_either_case_and_a_wrong_one_costs_the_same_either_way(
    tmp_path, monkeypatch
):
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    played = domino("play", "draw", "--seed", "4", "--save", str(state / "game-terminal.json"), stdin="quit\n")
    assert played.status == 0, played.stderr
    digest = hashlib.sha256((state / "game-terminal.json").read_bytes()).hexdigest()
    calls: list[str] = []

    def recorded(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(registry, "read_regular", recorded("read", registry.read_regular))
    monkeypatch.setattr(registry.hashlib, "sha256", recorded("sha256", hashlib.sha256))
    monkeypatch.setattr(registry.secrets, "compare_digest", recorded("compare", registry.secrets.compare_digest))
    with TestClient(create_app(state, pace_ms=0)) as client:
        done = {}
        for name in ("game-terminal.json", "game-nothing.json"):  # there, with a wrong digest; not there
            calls.clear()
            answer = client.post("/api/tables/open", json={"path": name, "sha256": "0" * 64})
            assert answer.status_code == 404, answer.text
            done[name] = (list(calls), answer.json()["error"].replace(name, "X"))
        assert done["game-terminal.json"] == done["game-nothing.json"]  # the same work, the same words
        assert "sha256" in done["game-nothing.json"][0] and "compare" in done["game-nothing.json"][0]
        opened = client.post("/api/tables/open", json={"path": "game-terminal.json", "sha256": digest.upper()})
        assert opened.status_code == 201, opened.text
