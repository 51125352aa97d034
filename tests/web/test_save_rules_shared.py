"""A save continued anywhere finds its rules the same way, and says the same thing when it cannot
(frontends/saves.py): `domino resume`, `domino replay`'s checks and the browser table opening a save
or replaying one. Before the front ends shared this, the browser read a save's rules through the
command line's own environment, with its messages thrown away: a save whose `--set` no longer
loads said only "cannot be loaded" in the browser, and why on a separate line at the terminal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.frontends.cli.commands.environment import ExitStatus
from tests.clirunner import domino

WHY = "cannot be loaded: --set match.target=abc: match.target: unknown name 'abc'"


def _save(tmp_path: Path, header: dict[str, object]) -> str:
    played = domino("play", "draw", "--players", "human,random", "--target", "20", "--seed", "7",
                    "--save", "half.json", cwd=tmp_path, stdin="1\nquit\n")  # fmt: skip
    assert played.status is ExitStatus.OK, played.stderr
    first, rest = (tmp_path / "half.json").read_text(encoding="utf-8").split("\n", 1)
    text = json.dumps({**json.loads(first), **header}, separators=(",", ":")) + "\n" + rest
    (tmp_path / "half.json").write_text(text, encoding="utf-8")
    return text


@pytest.mark.parametrize(
    ("header", "why"),
    [
        ({"settings": ["match.target=abc"]}, WHY),
        ({"seats": ["human", "oracle"]}, "seats a computer player this domino does not have: 'oracle'"),
    ],
)
def test_the_terminal_and_the_browser_refuse_a_save_with_the_same_reason(tmp_path, client, header, why) -> None:
    text = _save(tmp_path, header)
    resumed = domino("resume", "half.json", cwd=tmp_path)
    assert resumed.status is ExitStatus.FAILURE
    assert resumed.stderr.startswith("domino resume: ") and why in resumed.stderr.splitlines()[0]
    for path in ("/api/tables/open", "/api/replays"):
        answer = client.post(path, json={"text": text})
        assert answer.status_code == 422, answer.text
        assert why in answer.json()["error"]
