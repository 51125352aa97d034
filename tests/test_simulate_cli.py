"""`domino simulate`: seats rotate, results per strategy with confidence intervals, several processes."""

from __future__ import annotations

import io
import json
import re

import pytest

from cli import run
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.cli.commands.simulate import ProgressBar
from interpreter.study.simulation import Budget, build_player, seating, wilson
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
    strategies, tallies = summary["strategies"], summary["tallies"]
    assert set(strategies) == set(tallies) == {"greedy", "random"}
    assert tallies["greedy"]["matches"] == 6 and tallies["random"]["matches"] == 12  # seated twice a match
    for name, estimate in strategies.items():
        assert set(estimate) == {"value", "ci95"} and set(tallies[name]) == {"matches", "wins", "mean_score"}
        low, high = estimate["ci95"]
        assert 0 <= low <= estimate["value"] <= high <= 1
    assert sum(t["wins"] for t in tallies.values()) == pytest.approx(6)
    assert summary["rounds_per_match"]["value"] == pytest.approx(summary["rounds"] / 6, abs=1e-3)
    first = summary["first_seat_advantage"]
    assert first["value"] == pytest.approx(summary["seats"][0]["value"] - summary["fair_share"], abs=1e-4)


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

    out, err = Terminal(), Terminal()
    assert run(["simulate", "draw", "-n", "3"], Env(io.StringIO(), out, err, environ={})) is ExitStatus.OK
    assert "3/3 matches" in err.getvalue() and "/s  ETA 0:00" in err.getvalue()  # its rate and time left
    assert "95% CI" in out.getvalue() and "First seat" in out.getvalue()
    assert domino("simulate", "draw", "-n", "3").stderr == ""
    # Output piped on, a person still watching standard error: the bar there, as pip, cargo and
    # rsync draw theirs; cleared before the summary, which goes down the pipe alone.
    piped, err = io.StringIO(), Terminal()
    assert run(["simulate", "draw", "-n", "3"], Env(io.StringIO(), piped, err, environ={})) is ExitStatus.OK
    assert "3/3 matches" in err.getvalue() and err.getvalue().endswith("\r")
    assert "First seat" in piped.getvalue() and "3/3 matches" not in piped.getvalue()
    # Standard error to a file or a pipe: no bar, whatever standard output is; NO_COLOR changes nothing.
    err = io.StringIO()
    assert run(["simulate", "draw", "-n", "3"], Env(io.StringIO(), Terminal(), err, environ={})) is ExitStatus.OK
    assert err.getvalue() == ""
    err = Terminal()
    assert run(["simulate", "draw", "-n", "3"], Env(io.StringIO(), piped, err, environ={"NO_COLOR": "1"})) == 0
    assert "3/3 matches" in err.getvalue()


def test_progress_bar_rate_and_eta():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    now = [0.0]
    err = Terminal()
    bar = ProgressBar(Env(io.StringIO(), Terminal(), err), 100, clock=lambda: now[0])
    now[0] = 10.0
    bar.show(25)
    assert err.getvalue().endswith("[#######.......................] 25/100 matches  2.5/s  ETA 0:30")
    now[0] = 10.05
    bar.show(26)  # too soon to draw again
    assert "26/100" not in err.getvalue()
    now[0] = 4000.0
    bar.show(99)
    assert "ETA 0:40" in err.getvalue()
    bar.show(100)
    assert err.getvalue().endswith("100/100 matches  0.025/s  ETA 0:00")


def test_ismcts_is_reproducible_on_an_iteration_budget():
    args = ("simulate", "draw", "-n", "2", "--players", "ismcts,greedy", "--seed", "1", "--iterations", "12", "--json")
    first, second = domino(*args), domino(*args)
    assert first.status is second.status is ExitStatus.OK, first.stderr
    strip = lambda text: {k: v for k, v in json.loads(text).items() if k not in TIMING}  # noqa: E731
    assert strip(first.stdout) == strip(second.stdout)
    summary = strip(first.stdout)
    assert summary["budgets"] == {"ismcts": "12 iterations per decision"} and summary["reproducible"] is True
    assert strip(domino(*args, "--workers", "2").stdout) == summary


def test_the_output_says_which_budget_a_search_plays_on():
    default = domino("simulate", "draw", "-n", "1", "--players", "ismcts,greedy", "--iterations", "5")
    assert "ismcts: 5 iterations per decision" in default.stdout
    timed = domino("simulate", "draw", "-n", "1", "--players", "ismcts,greedy", "--time-budget", "2", "--json")
    summary = json.loads(timed.stdout)
    assert summary["budgets"] == {"ismcts": "time budget 2 ms per decision: not reproducible"}
    assert summary["reproducible"] is False
    assert json.loads(domino("simulate", "draw", "-n", "1", "--json").stdout)["budgets"] == {}
    assert domino("simulate", "draw", "--iterations", "0").status is ExitStatus.USAGE
    assert domino("simulate", "draw", "--time-budget", "0").status is ExitStatus.USAGE


def test_default_budget_is_the_players_iterations_without_a_clock():
    (player,) = [build_player("ismcts", 1)]
    assert player.ms is None and player.iterations  # reproducible by default
    timed = build_player("ismcts", 1, Budget(ms=50))
    assert timed.ms == 50 and timed.iterations is None


def test_report_of_a_simulation(tmp_path):
    result = domino("simulate", "draw", "-n", "4", "--players", "greedy,random", "--report", "run.html", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    page = (tmp_path / "run.html").read_text()
    assert "<svg" in page and "Running win rate" in page and "First seat" in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    bad = domino("simulate", "draw", "-n", "1", "--report", "nowhere/run.html", cwd=tmp_path)
    assert bad.status is ExitStatus.USAGE and "there is no folder" in bad.stderr


def test_a_single_player_count_is_said_once():
    result = domino("simulate", "straight-partners", "--players", "random,random")
    assert result.status is ExitStatus.USAGE
    assert "is for 4 players, not 2" in result.stderr
