"""A save's lock file cannot be planted: never followed through a symbolic link, never opened unless it
is a regular file of its own (not a FIFO, a folder, a hard link to another file), and kept where only
the save's owner can make files: beside the save in a folder only its owner may write, else in the
user's own lock folder (0700). Every way a game takes a lock is checked: the library, `domino play`
and `domino resume`, and the server reopening its tables."""

from __future__ import annotations

import hashlib
import os
import socket
import stat
import sys
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest

from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.records.savegame import SaveError, SaveInUse, lock_path, open_save
from tests.clirunner import domino

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX locks")
VICTIM = "a file someone else cares about\n"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's own state folder, where the locks of saves in shared folders go."""
    state = tmp_path / "home-state"
    monkeypatch.setenv("XDG_STATE_HOME", str(state))
    return state


def _plant_link(where: Path, victim: Path) -> None:
    where.symlink_to(victim)


def _plant_dangling_link(where: Path, victim: Path) -> None:
    where.symlink_to(victim.parent / "created-through-the-link")


def _plant_hard_link(where: Path, victim: Path) -> None:
    os.link(victim, where)


def _plant_fifo(where: Path, victim: Path) -> None:
    os.mkfifo(where)


def _plant_folder(where: Path, victim: Path) -> None:
    where.mkdir()


def _plant_socket(where: Path, victim: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(where))
    server.close()


PLANTS: dict[str, Callable[[Path, Path], None]] = {
    "a symbolic link": _plant_link,
    "a dangling symbolic link": _plant_dangling_link,
    "a hard link": _plant_hard_link,
    "a FIFO": _plant_fifo,
    "a folder": _plant_folder,
    "a socket": _plant_socket,
}


def _victim(tmp_path: Path) -> Path:
    victim = tmp_path / "victim.txt"
    victim.write_text(VICTIM)
    return victim


def _untouched(victim: Path) -> None:
    assert victim.read_text() == VICTIM
    assert not (victim.parent / "created-through-the-link").exists()


@pytest.mark.parametrize("kind", PLANTS)
def test_a_planted_lock_file_is_refused_with_a_reason_and_nothing_it_leads_to_is_written(tmp_path, kind):
    victim = _victim(tmp_path)
    save = tmp_path / "g.json"
    PLANTS[kind](lock_path(save), victim)
    with pytest.raises(SaveError, match=r"^cannot lock g\.json: its lock file \.g\.json\.lock is ") as refused:
        open_save(save, "g.json")
    assert "Traceback" not in str(refused.value)
    _untouched(victim)
    # At the terminal: a new game on that save, and a game resumed from it.
    played = domino("play", "draw", "--players", "human,random", "--save", "g.json", cwd=tmp_path, stdin="quit\n")
    assert played.status is ExitStatus.FAILURE, played.stdout
    assert played.stderr.startswith("domino play: cannot lock g.json: its lock file"), played.stderr
    _untouched(victim)


def test_a_lock_file_of_another_user_is_refused(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("only root can give a file to another user")
    save = tmp_path / "g.json"
    lock_path(save).write_text("")
    os.chown(lock_path(save), 12345, 12345)
    with pytest.raises(SaveError, match=r"its lock file \.g\.json\.lock is not yours"):
        open_save(save, "g.json")


def _resumable(tmp_path: Path, name: str = "g.json") -> Path:
    played = domino("play", "draw", "--players", "human,random", "--seed", "1", "--save", name, cwd=tmp_path,
                    stdin="quit\n")  # fmt: skip
    assert played.status is ExitStatus.OK, played.stderr
    return tmp_path / name


@pytest.mark.parametrize("kind", ["a symbolic link", "a FIFO"])
def test_resume_refuses_a_planted_lock_file(tmp_path, kind):
    victim = _victim(tmp_path)
    save = _resumable(tmp_path)
    PLANTS[kind](lock_path(save), victim)
    resumed = domino("resume", "g.json", cwd=tmp_path, stdin="quit\n")
    assert resumed.status is ExitStatus.FAILURE
    assert resumed.stderr.startswith("domino resume: cannot lock g.json: its lock file .g.json.lock is "), (
        resumed.stderr
    )
    _untouched(victim)


def test_the_lock_of_a_save_in_a_folder_others_may_write_is_in_the_users_own_lock_folder(tmp_path, home):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)  # as /tmp is
    save = shared / "g.json"
    where = lock_path(save)
    assert where.parent == home / "domino" / "locks" and where.name.endswith(".lock")
    assert lock_path(shared / "h.json") != where and lock_path(shared / "." / "g.json") == where
    victim = _victim(tmp_path)
    (shared / ".g.json.lock").symlink_to(victim)  # planted beside the save by another user: never looked at
    with open_save(save, "g.json") as lock:
        assert lock.descriptor is not None
        assert stat.S_IMODE(where.parent.stat().st_mode) == 0o700
        with pytest.raises(SaveInUse):
            open_save(save, "g.json")
    assert not where.exists()
    _untouched(victim)
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    assert lock_path(private / "g.json") == private / ".g.json.lock"  # only its owner can make files there


def test_a_lock_folder_others_may_write_is_refused(tmp_path, home):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    locks = home / "domino" / "locks"
    locks.mkdir(parents=True)
    locks.chmod(0o777)
    if os.geteuid() == 0:
        os.chown(locks, 12345, 12345)  # someone else's folder: not made private behind their back
        with pytest.raises(SaveError, match=r"cannot lock g\.json: the lock folder .* is not private to you"):
            open_save(shared / "g.json", "g.json")
    os.chown(locks, os.geteuid(), os.getegid())
    with open_save(shared / "g.json", "g.json"):  # the user's own folder, too open: made private
        assert stat.S_IMODE(locks.stat().st_mode) == 0o700


def test_a_server_table_whose_lock_file_was_planted_is_not_loaded_and_its_target_stays(tmp_path, capsys):
    state = tmp_path / "state"
    with TestClient(create_app(state, pace_ms=0)) as client:
        made = client.post("/api/tables", json={"variant": "draw", "seed": 3})
        assert made.status_code == 201, made.text
        table = made.json()
    save = state / f"{table['table']}.json"
    victim = _victim(tmp_path)
    lock_path(save).symlink_to(victim)
    capsys.readouterr()
    with TestClient(create_app(state, pace_ms=0)) as client:
        token = table["seats"][0]["token"]
        answer = client.get(f"/api/tables/{table['table']}/state?token={token}")
        assert answer.status_code == 404 and "its lock file" in answer.json()["error"]
        assert "Traceback" not in answer.text and str(tmp_path) not in answer.text
    assert "its lock file" in capsys.readouterr().err
    _untouched(victim)


def test_the_servers_409_for_a_save_in_use_names_no_process(tmp_path):
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    save = _resumable(state, "game-terminal.json")
    digest = hashlib.sha256(save.read_bytes()).hexdigest()
    with open_save(save, "game-terminal.json"), TestClient(create_app(state, pace_ms=0)) as client:
        busy = client.post("/api/tables/open", json={"path": "game-terminal.json", "sha256": digest})
        assert busy.status_code == 409, busy.text
        assert busy.json()["error"].startswith("game-terminal.json is in use by another process")
        assert str(os.getpid()) not in busy.text
    with open_save(save):  # the terminal's own user is told which process
        here = domino("resume", "game-terminal.json", cwd=state)
    assert f"in use by process {os.getpid()}" in here.stderr, here.stderr
