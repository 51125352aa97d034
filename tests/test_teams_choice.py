"""`--teams` / `--no-teams`: a rule file with `players.teams_optional` lets the match choose
partnerships, and every command that makes a match again (resume, replay, simulate's workers)
makes it with the same choice, read from the match header's `sides`."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cli import run
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.records.replay import recorded_teams
from interpreter.records.savegame import read_save
from tests.clirunner import domino
from tests.test_play_cli import saved_match

CHOICE = (
    "name: straight-choice\nextends: straight\n"
    'players: {teams: opposite, teams_optional: true, teams_when: "players == 4"}\n'
)
FOUR = ("--players", "human,random,random,random", "--seed", "1")
COMPUTERS = ("--players", "greedy,random,random,random", "--seed", "2", "-n", "6")


def _house(tmp_path: Path) -> str:
    (tmp_path / "choice.yaml").write_text(CHOICE, encoding="utf-8")
    return "choice.yaml"


def _headers(log: Path) -> list[dict]:
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    return [record for record in records if record["type"] == "match"]


def _score_lines(screen: str) -> list[str]:
    """The rows of the last Players table on the screen."""
    table = screen.rsplit("Players\n", 1)[1].split("\n\n", 1)[0]
    return [line for line in table.splitlines() if "score" in line]


def test_play_no_teams_shows_four_scores_and_its_save_resumes_with_four_sides(tmp_path):
    rules = _house(tmp_path)
    result = domino("play", rules, *FOUR, "--no-teams", "--save", "g.json", cwd=tmp_path, stdin="1\nquit\n")
    assert result.status is ExitStatus.OK, result.stderr
    rows = _score_lines(result.stdout)
    assert len(rows) == 4 and not any("team" in row for row in rows)
    header = read_save(tmp_path / "g.json").events[0]
    assert (header["players"], header["sides"], header["scores"]) == (4, 4, [0, 0, 0, 0])
    assert saved_match(tmp_path / "g.json").sides == 4
    resumed = domino("resume", "g.json", cwd=tmp_path, stdin="quit\n")
    assert resumed.status is ExitStatus.OK, resumed.stderr
    rows = _score_lines(resumed.stdout)
    assert "Resuming" in resumed.stdout and len(rows) == 4 and not any("team" in row for row in rows)


def test_play_by_default_and_with_teams_plays_the_files_partnerships(tmp_path):
    rules = _house(tmp_path)
    for flag, save in (((), "default.json"), (("--teams",), "teams.json")):
        result = domino("play", rules, *FOUR, *flag, "--save", save, cwd=tmp_path, stdin="quit\n")
        assert result.status is ExitStatus.OK, result.stderr
        assert sum("team" in row for row in _score_lines(result.stdout)) == 4
        assert saved_match(tmp_path / save).sides == 2
        assert domino("resume", save, cwd=tmp_path, stdin="quit\n").status is ExitStatus.OK


def test_simulate_teams_reports_team_results_and_its_log_replays_with_two_sides(tmp_path):
    rules = _house(tmp_path)
    result = domino("simulate", rules, *COMPUTERS, "--teams", "--json", "--log", "t.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    summary = json.loads(result.stdout)
    assert summary["sides"] == 2
    wins = summary["wins"]
    assert wins[0] == wins[2] and wins[1] == wins[3]  # partners win together
    assert sum(t["wins"] for t in summary["tallies"].values()) == pytest.approx(2 * 6)
    assert {(h["players"], h["sides"]) for h in _headers(tmp_path / "t.jsonl")} == {(4, 2)}
    replayed = domino("replay", "t.jsonl", "--rules", rules, cwd=tmp_path)
    assert replayed.status is ExitStatus.OK, replayed.stderr
    assert "6 matches" in replayed.stdout and "all consistent" in replayed.stdout
    text = domino("simulate", rules, *COMPUTERS, "--teams", cwd=tmp_path)
    assert "In partnerships: seats 1 & 3 against 2 & 4" in text.stdout


def test_simulate_no_teams_in_workers_and_its_log_replays_with_four_sides(tmp_path):
    rules = _house(tmp_path)
    args = ("simulate", rules, *COMPUTERS, "--no-teams", "--json")
    one = domino(*args, "--log", "one.jsonl", cwd=tmp_path)
    two = domino(*args, "--workers", "2", "--log", "two.jsonl", cwd=tmp_path)
    assert one.status is two.status is ExitStatus.OK, two.stderr
    assert json.loads(one.stdout)["sides"] == 4 and "In partnerships" not in one.stdout
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "two.jsonl").read_bytes()
    assert {h["sides"] for h in _headers(tmp_path / "two.jsonl")} == {4}
    for extra in ((), ("--rules", rules)):  # the rule file the log names, or the one given
        replayed = domino("replay", "two.jsonl", *extra, cwd=tmp_path)
        assert replayed.status is ExitStatus.OK, replayed.stderr


def test_a_file_without_the_choice_refuses_it_with_the_engines_reason(tmp_path):
    cases = [
        ("play", "straight", "--players", "human,random", "--teams", "--save", "g.json"),
        ("simulate", "straight", "-n", "2", "--teams"),
        ("simulate", "straight-partners", "-n", "2", "--players", "random,random,random,random", "--no-teams"),
    ]
    for argv in cases:
        result = domino(*argv, cwd=tmp_path, stdin="quit\n")
        assert result.status is ExitStatus.USAGE, argv
        assert "does not let a match choose partnerships" in result.stderr
        assert "Traceback" not in result.stderr + result.stdout
    assert not (tmp_path / "g.json").exists()
    # Asking for what the file plays anyway is no choice, so it is no error.
    same = domino("simulate", "straight", "-n", "2", "--no-teams", "--json")
    assert same.status is ExitStatus.OK and json.loads(same.stdout)["sides"] == 2


def test_teams_with_three_players_is_refused(tmp_path):
    rules = _house(tmp_path)
    for argv in (
        ("play", rules, "--players", "human,random,random", "--teams", "--save", "g.json"),
        ("simulate", rules, "-n", "2", "--players", "random,random,random", "--teams"),
    ):
        result = domino(*argv, cwd=tmp_path, stdin="quit\n")
        assert result.status is ExitStatus.USAGE, argv
        assert "'straight-choice' has no partnerships with 3 players" in result.stderr
        assert "Traceback" not in result.stderr
    assert domino("simulate", rules, "-n", "2", "--players", "random,random,random", "--no-teams",
                  cwd=tmp_path).status is ExitStatus.OK  # fmt: skip


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_help_describes_teams(command, capsys):
    env = Env(io.StringIO(), io.StringIO(), io.StringIO(), Path.cwd(), {})
    assert run([command, "-h"], env) is ExitStatus.OK  # argparse prints help to the process's stdout
    text = " ".join(capsys.readouterr().out.split())
    assert "--teams, --no-teams" in text and "teams_optional" in text and "default: the rule file's choice" in text


def test_a_header_says_partnerships_by_its_sides():
    assert recorded_teams({"players": 4, "sides": 2}) is True
    assert recorded_teams({"players": 4, "sides": 4}) is False
    assert recorded_teams({"players": 4}) is None  # a header that does not say: the file's choice
    with pytest.raises(TypeError):
        recorded_teams({"players": 4, "sides": "2"})
