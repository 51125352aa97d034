"""`domino serve` and the faults of a disk: a table whose save a crash tore comes back after a restart
at the action before; a full disk at any write of a table's making or of a change is a clear 507
that leaves no file behind and nothing changed in memory either."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app

HUMAN_AND_GREEDY = [{"kind": "human"}, {"kind": "computer", "strength": "greedy"}]


def _make(client: TestClient, **body) -> dict:
    made = client.post("/api/tables", json={"variant": "draw", "seed": 3, "seats": HUMAN_AND_GREEDY, **body})
    assert made.status_code == 201, made.text
    return made.json()


def _url(table: dict, what: str) -> str:
    return f"/api/tables/{table['table']}/{what}?token={table['seats'][0]['token']}"


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
