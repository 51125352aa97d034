"""`domino serve` loses nothing: tables made at the same moment stay apart and survive a restart, a
save that cannot be written is a refusal that leaves the table as saved, a table the rules stopped
answers after a restart, a refused open leaves no file, and every file is private to its owner."""

from __future__ import annotations

import hashlib
import resource
import stat
import subprocess
import sys
import threading
import warnings
from pathlib import Path

import httpx

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app
from interpreter.frontends.web.limits import Limits
from interpreter.frontends.web.registry import server_directory
from interpreter.records.savegame import SaveError, SaveJournal, default_directory
from tests.clirunner import domino
from tests.web.serving import ROOT, serve

HUMAN_AND_GREEDY = [{"kind": "human"}, {"kind": "computer", "strength": "greedy"}]


def _make(client: TestClient, **body) -> dict:
    body = {"variant": "draw", "players": 2, "seed": 3, "seats": HUMAN_AND_GREEDY, **body}
    if "rules_text" in body:
        del body["variant"]
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    return made.json()


def _url(table: dict, what: str, seat: int = 0) -> str:
    token = table["seats"][seat]["token"]
    return f"/api/tables/{table['table']}/{what}?token={token}"


def _first_move(client: TestClient, table: dict) -> dict:
    view = client.get(_url(table, "state")).json()
    answer = client.post(_url(table, "action"), json={"index": 0, "version": view["version"]})
    assert answer.status_code == 200, answer.text
    return answer.json()["state"]


def _rules(title: str) -> str:
    return f"name: house-{title.lower().replace(' ', '-')}\ntitle: {title}\nextends: draw\n"


def test_tables_made_at_the_same_moment_get_their_own_ids_files_and_rules_and_survive_a_restart(tmp_path):
    state = tmp_path / "state"
    made: list[tuple[str, dict]] = []
    many = Limits(tables_per_client=100, burst=100)
    with TestClient(create_app(state, pace_ms=0, limits=many)) as client:
        start = threading.Barrier(24)

        def make(number: int) -> None:
            title = f"Table {number}"
            body = {"rules_text": _rules(title)} if number % 2 else {"variant": "draw"}
            start.wait()
            made.append((title if number % 2 else "", _make(client, **body)))

        threads = [threading.Thread(target=make, args=(n,)) for n in range(24)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len({table["table"] for _, table in made}) == 24
        before = {}
        for title, table in made:
            view = client.get(_url(table, "state")).json()
            assert view["title"] == (title or "Draw dominoes (double-six)")
            before[table["table"]] = view
    with TestClient(create_app(state, pace_ms=0)) as client:
        for _, table in made:
            assert client.get(_url(table, "state")).json() == before[table["table"]]


def test_a_save_that_cannot_be_written_is_refused_and_the_table_stays_as_saved_until_the_disk_recovers(
    tmp_path, monkeypatch
):
    state = tmp_path / "state"
    with TestClient(create_app(state, pace_ms=0)) as client:
        table = _make(client)
        view = client.get(_url(table, "state")).json()
        append = SaveJournal.append

        def full(self, events, *, sync=True):
            raise SaveError(f"cannot save the game to {self.path}: No space left on device")

        monkeypatch.setattr(SaveJournal, "append", full)
        refused = client.post(_url(table, "action"), json={"index": 0, "version": view["version"]})
        assert refused.status_code == 507
        assert "No space left on device" in refused.json()["error"] and "not made" in refused.json()["error"]
        assert client.get(_url(table, "state")).json() == view  # what the save holds, not the refused move
        monkeypatch.setattr(SaveJournal, "append", append)
        after = client.post(_url(table, "action"), json={"index": 0, "version": view["version"]})
        assert after.status_code == 200, after.text
        played = after.json()["state"]
    with TestClient(create_app(state, pace_ms=0)) as client:
        assert client.get(_url(table, "state")).json() == played


def test_a_table_stopped_by_its_rules_answers_its_links_after_a_restart_showing_where_it_stopped(tmp_path):
    state = tmp_path / "state"
    broken = "name: broken\nextends: draw\nscoring:\n  domino:\n    scorer: went_out\n" \
        "    points: \"opp_pips // (opp_pips - opp_pips)\"\n"  # fmt: skip
    seats = [{"kind": "computer", "strength": "greedy"}, {"kind": "human"}]
    with TestClient(create_app(state, pace_ms=0)) as client:
        table = _make(client, rules_text=broken, seats=seats, seed=1)
        view = client.get(_url(table, "state", 1)).json()
        while not view.get("stopped"):
            assert view["current_player"] == 1, view
            answer = client.post(_url(table, "action", 1), json={"index": 0, "version": view["version"]})
            assert answer.status_code in (200, 422), answer.text
            view = client.get(_url(table, "state", 1)).json()
        assert "division by zero" in view["stopped"]
    with TestClient(create_app(state, pace_ms=0)) as client:
        again = client.get(_url(table, "state", 1))
        assert again.status_code == 200
        assert again.json()["stopped"] == view["stopped"] and again.json()["version"] == view["version"]
        refused = client.post(_url(table, "action", 1), json={"index": 0, "version": view["version"]})
        assert refused.status_code == 409 and "stopped" in refused.json()["error"]


def test_a_refused_open_leaves_no_file_behind(tmp_path):
    state = tmp_path / "state"
    with TestClient(create_app(state, pace_ms=0)) as client:
        _make(client)
        files = sorted(p.name for p in state.iterdir())
        wrong_rules = ('{"format": "domino-save", "version": 1, "variant": "draw", "settings": [], "digest": "x", '
                       '"seed": 1, "seats": ["human"], "events": []}')  # fmt: skip
        bad = ['{"format": "domino-save", "version": 1}', "not json", wrong_rules]
        for text in bad:
            assert client.post("/api/tables/open", json={"text": text}).status_code == 422
        for body in ({"path": files[-1]}, {"path": files[-1], "sha256": "0" * 64}):
            assert client.post("/api/tables/open", json=body).status_code in (404, 422)
        assert sorted(p.name for p in state.iterdir()) == files


def test_every_file_the_server_writes_is_private_to_its_user(tmp_path):
    state = tmp_path / "state"
    with TestClient(create_app(state, pace_ms=0)) as client:
        table = _make(client, rules_text=_rules("Private"))
        _first_move(client, table)
        files = list(state.rglob("*"))
        assert any(p.name.endswith(".rules.yaml") for p in files) and any(p.name.startswith(".") for p in files)
        for path in files:
            mode = stat.S_IMODE(path.stat().st_mode)
            assert mode & 0o077 == 0, f"{path.name} is {oct(mode)}"
    assert stat.S_IMODE(state.stat().st_mode) & 0o077 == 0


def test_the_server_keeps_its_tables_apart_from_the_terminals_saves(tmp_path):
    environ = {"HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state")}
    terminal = default_directory(environ, tmp_path)
    server = server_directory(environ, tmp_path)
    assert server != terminal and server.parent == terminal


def test_a_save_opens_as_a_table_only_with_proof_that_it_is_yours(tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    played = domino("play", "draw", "--seed", "4", "--save", str(state / "game-terminal.json"), stdin="quit\n")
    assert played.status == 0, played.stderr
    save = state / "game-terminal.json"
    digest = hashlib.sha256(save.read_bytes()).hexdigest()
    with TestClient(create_app(state, pace_ms=0)) as client:
        guessed = client.post("/api/tables/open", json={"path": "game-terminal.json"})
        assert guessed.status_code == 422 and "sha256" in guessed.json()["error"]
        wrong = client.post("/api/tables/open", json={"path": "game-terminal.json", "sha256": "0" * 64})
        missing = client.post("/api/tables/open", json={"path": "game-nothing.json", "sha256": "0" * 64})
        assert wrong.status_code == missing.status_code == 404
        assert wrong.json()["error"].replace("game-terminal", "X") == missing.json()["error"].replace(
            "game-nothing", "X")  # the same words: a wrong digest does not tell whether the file is there
        opened = client.post("/api/tables/open", json={"path": "game-terminal.json", "sha256": digest})
        assert opened.status_code == 201, opened.text
        again = client.post("/api/tables/open", json={"path": "game-terminal.json", "sha256": digest})
        assert again.status_code == 409 and "token" not in again.text


def test_a_saved_table_resumes_at_the_terminal_after_actions_in_the_browser(tmp_path):
    state = tmp_path / "state"
    with TestClient(create_app(state, pace_ms=0)) as client:
        table = _make(client)
        for _ in range(3):
            _first_move(client, table)
    save = state / f"{table['table']}.json"
    resumed = domino("resume", str(save), stdin="quit\n")
    assert resumed.status == 0, resumed.stderr


def test_a_table_id_is_not_a_path(tmp_path):
    state = tmp_path / "state"
    with TestClient(create_app(state, pace_ms=0)) as client:
        for name in ("..%2Fx", "game-20261201-101500%00", "x" * 5000):
            assert client.get(f"/api/tables/{name}/state?token=t").status_code in (403, 404)


def _limited_server(state: Path, limit: int) -> tuple[subprocess.Popen[str], str]:
    """`domino serve` whose files may not grow past `limit` bytes (RLIMIT_FSIZE), as on a full disk."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    process = subprocess.Popen(
        [sys.executable, "cli.py", "serve", "--port", "0", "--state-dir", str(state), "--pace-ms", "0"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=cap,
    )  # fmt: skip
    line = process.stdout.readline() if process.stdout else ""
    assert line.startswith("domino serve: the table is at "), line
    return process, line.split(" at ", 1)[1].split()[0].rstrip("/")


def test_a_server_past_its_file_size_limit_refuses_the_action_keeps_the_table_and_loses_nothing(tmp_path):
    state = tmp_path / "state"
    process, url = _limited_server(state, 6000)
    try:
        made = httpx.post(f"{url}/api/tables", json={"variant": "draw", "players": 2, "seed": 3,
                                                      "seats": HUMAN_AND_GREEDY}, timeout=30).json()  # fmt: skip
        base, token = f"{url}/api/tables/{made['table']}", made["seats"][0]["token"]
        view = httpx.get(f"{base}/state?token={token}", timeout=30).json()
        while True:
            answer = httpx.post(f"{base}/action?token={token}", json={"index": 0, "version": view["version"]},
                                timeout=30)  # fmt: skip
            if answer.status_code != 200:
                break
            view = answer.json()["state"]
            assert not view["over"], "the save never reached the limit"
            if view["to_continue"]:  # a round's end waits for the person to continue
                view = httpx.post(f"{base}/continue?token={token}", json={}, timeout=30).json()["state"]
        assert answer.status_code == 507 and "File too large" in answer.json()["error"], answer.text
        assert httpx.get(f"{base}/state?token={token}", timeout=30).json() == view
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "Traceback" not in err
    process, url = serve(state)
    try:
        again = httpx.get(f"{url}/api/tables/{made['table']}/state?token={token}", timeout=30).json()
        assert again["version"] == view["version"] and again["hand"] == view["hand"]
        moved = httpx.post(f"{url}/api/tables/{made['table']}/action?token={token}",
                           json={"index": 0, "version": view["version"]}, timeout=30)  # fmt: skip
        assert moved.status_code == 200, moved.text  # the disk has room again: the table plays on
    finally:
        process.terminate()
        process.wait(timeout=30)
