"""`domino simulate`: seats rotate, results per strategy with confidence intervals, several processes."""

from __future__ import annotations

import io
import json

import pytest

from cli import run
from interpreter.commands.environment import Env, ExitStatus
from interpreter.simulation import seating, wilson
from tests.clirunner import domino

TIMING = ("seconds", "matches_per_s", "rounds_per_s")


def test_seats_rotate_so_no_strategy_keeps_the_first_seat():
    firsts = [seating(["greedy", "random", "heavy"], index)[0] for index in range(6)]
    assert firsts == ["greedy", "random", "heavy", "greedy", "random", "heavy"]


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == pytest.approx(0) and wilson(10, 10)[1] == pytest.approx(1)


def test_json_has_results_per_strategy():
    result = domino("simulate", "draw", "-n", "6", "--players", "greedy,random,random", "--seed", "1", "--json")
    assert result.status is ExitStatus.OK, result.stderr
    summary = json.loads(result.stdout)
    strategies = summary["strategies"]
    assert set(strategies) == {"greedy", "random"}
    assert strategies["greedy"]["matches"] == 6 and strategies["random"]["matches"] == 12  # seated twice a match
    for tally in strategies.values():
        assert set(tally) >= {"matches", "wins", "win_rate", "ci95", "mean_score"}
        low, high = tally["ci95"]
        assert 0 <= low <= tally["win_rate"] <= high <= 1
    assert sum(t["wins"] for t in strategies.values()) == pytest.approx(6)
    assert summary["rounds_per_match"] == pytest.approx(summary["rounds"] / 6, abs=1e-3)
    assert set(summary["first_seat"]) >= {"win_rate", "ci95", "advantage"}


def test_workers_give_the_same_totals_and_log(tmp_path):
    args = ("simulate", "straight", "-n", "7", "--players", "greedy,random", "--seed", "3", "--json")
    one = domino(*args, "--log", "one.jsonl", cwd=tmp_path)
    three = domino(*args, "--workers", "3", "--log", "three.jsonl", cwd=tmp_path)
    assert one.status is three.status is ExitStatus.OK, three.stderr
    strip = lambda text: {k: v for k, v in json.loads(text).items() if k not in TIMING}  # noqa: E731
    assert strip(one.stdout) == strip(three.stdout)
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "three.jsonl").read_bytes()


def test_text_report_and_progress_bar_only_on_a_terminal():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out, err = io.StringIO(), Terminal()
    assert run(["simulate", "draw", "-n", "3"], Env(io.StringIO(), out, err, environ={})) is ExitStatus.OK
    assert "3/3 matches" in err.getvalue()
    assert "95% CI" in out.getvalue() and "First seat" in out.getvalue()
    assert domino("simulate", "draw", "-n", "3").stderr == ""


def test_a_single_player_count_is_said_once():
    result = domino("simulate", "straight-partners", "--players", "random,random")
    assert result.status is ExitStatus.USAGE
    assert "is for 4 players, not 2" in result.stderr
