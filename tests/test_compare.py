"""`domino compare`: the same seeds under several rule files, side by side, with paired differences;
and the statistics of interpreter/study/stats.py it reports."""

from __future__ import annotations

import csv
import io
import json
import re
import sys

import pytest

from cli import run
from interpreter.frontends.cli.commands.compare import CSV_COLUMNS, UNITS
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.study import stats
from tests.clirunner import domino

HOUSE_RULE = "name: draw-to-60\nextends: draw\nmatch: {target: 60}\n"
ARGS = ("-n", "6", "--players", "greedy,random", "--seed", "2")
MEASURES = {
    "strategies", "seats", "first_seat_advantage", "points_per_round", "rounds_per_match", "turns_per_round",
    "blocked_share", "tiles_drawn_per_round", "score_margin", "made_share",
}  # fmt: skip


@pytest.fixture
def house(tmp_path):
    (tmp_path / "house.yaml").write_text(HOUSE_RULE)
    return tmp_path


def _estimates(entry: dict) -> list[dict]:
    found = []
    for key in MEASURES:
        value = entry[key]
        if value is None:  # a measure these games do not have (made_share outside trick games)
            continue
        found += list(value.values()) if isinstance(value, dict) and "value" not in value else []
        found += value if isinstance(value, list) else []
        found += [value] if isinstance(value, dict) and "value" in value else []
    return found


def test_json_has_every_measure_per_file_and_paired_differences(house):
    result = domino("compare", "draw", "draw-50", "house.yaml", *ARGS, "--json", cwd=house)
    assert result.status is ExitStatus.OK, result.stderr
    summary = json.loads(result.stdout)
    assert set(summary) == {
        "files", "matches", "seed", "players", "seats_rotate", "paired", "budgets", "reproducible", "units",
        "results", "differences",
    }  # fmt: skip
    assert summary["files"] == ["draw", "draw-50", "house.yaml"] and summary["reproducible"] is True
    assert set(summary["units"]) == set(UNITS) == MEASURES
    assert [r["file"] for r in summary["results"]] == ["draw", "draw-50", "house.yaml"]
    for entry in summary["results"]:
        assert set(entry) == MEASURES | {"file", "variant", "matches", "rounds", "contracts", "sides", "fair_share"}
        assert entry["matches"] == 6 and set(entry["strategies"]) == {"greedy", "random"} and len(entry["seats"]) == 2
        for estimate in _estimates(entry):
            low, high = estimate["ci95"]
            assert low <= estimate["value"] <= high, (entry["file"], estimate)
        assert sum(seat["value"] for seat in entry["seats"]) == pytest.approx(1)
    assert [(d["file"], d["baseline"]) for d in summary["differences"]] == [("draw-50", "draw"), ("house.yaml", "draw")]
    draw = summary["results"][0]
    for diff, entry in zip(summary["differences"], summary["results"][1:], strict=True):
        assert set(diff) == MEASURES | {"file", "baseline", "matches"} and diff["matches"] == 6
        for estimate in _estimates(diff):
            low, high = estimate["ci95"]
            assert low <= estimate["value"] <= high
        # Paired on the same seeds: the mean of the per-seed differences is the difference of the means.
        for key in ("rounds_per_match", "score_margin", "points_per_round", "turns_per_round"):
            assert diff[key]["value"] == pytest.approx(entry[key]["value"] - draw[key]["value"], abs=2e-4)
        greedy = entry["strategies"]["greedy"]["value"] - draw["strategies"]["greedy"]["value"]
        assert diff["strategies"]["greedy"]["value"] == pytest.approx(greedy, abs=2e-4)
    # A shorter target makes shorter matches, seed for seed.
    assert summary["differences"][1]["rounds_per_match"]["ci95"][1] < 0


def test_a_file_against_itself_differs_by_exactly_nothing():
    summary = json.loads(domino("compare", "straight", "straight", *ARGS, "--json").stdout)
    (diff,) = summary["differences"]
    for estimate in _estimates(diff):
        assert estimate == {"value": 0.0, "ci95": [0.0, 0.0]}
    assert summary["results"][0] == {**summary["results"][1], "file": "straight"}


def test_text_names_the_files_rows_and_first_seat_advantage(house):
    result = domino("compare", "draw", "draw-50", "house.yaml", *ARGS, cwd=house)
    assert result.status is ExitStatus.OK, result.stderr
    text = result.stdout
    for row in ("greedy win rate", "seat 1 win rate", "seat 2 win rate", "first-seat advantage", "points per round",
                "rounds per match", "turns per round", "blocked rounds", "tiles drawn per round", "score margin"):
        assert re.search(rf"^  {row} +\S", text, re.MULTILINE), row
    assert "draw-50 − draw" in text and "house.yaml − draw" in text
    assert re.search(r"first-seat advantage +[+-]\d+\.\d pp \[", text)
    assert "iterations per decision" not in text  # no searching player, nothing to say


def test_same_command_same_output_with_any_workers(house):
    args = ("compare", "straight", "house.yaml", "-n", "5", "--players", "greedy,random", "--seed", "7")
    one = domino(*args, cwd=house)
    again = domino(*args, cwd=house)
    two = domino(*args, "--workers", "2", cwd=house)
    assert one.status is again.status is two.status is ExitStatus.OK, two.stderr
    assert one.stdout == again.stdout == two.stdout
    json_one = domino(*args, "--json", cwd=house).stdout
    assert json_one == domino(*args, "--json", "--workers", "2", cwd=house).stdout


def test_csv_has_a_row_per_match_and_seat(house):
    result = domino("compare", "draw", "house.yaml", *ARGS, "--csv", "out", cwd=house)
    assert result.status is ExitStatus.OK, result.stderr
    with (house / "out" / "matches.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 2 * 6 * 2  # files × matches × seats
    assert {r["file"] for r in rows} == {"draw", "house.yaml"}
    for match in range(6):
        pair = [r for r in rows if r["match"] == str(match) and r["seat"] == "1"]
        assert len({r["seed"] for r in pair}) == 1 and len({r["strategy"] for r in pair}) == 1  # the same seed, seating
        winners = [r for r in rows if r["match"] == str(match) and r["file"] == "draw"]
        assert sum(float(r["winner"]) for r in winners) == pytest.approx(1)
    assert {r["strategy"] for r in rows} == {"greedy", "random"}
    assert all(int(r["rounds"]) >= 1 for r in rows)
    (house / "taken").write_text("")
    assert domino("compare", "draw", "house.yaml", *ARGS, "--csv", "taken", cwd=house).status is ExitStatus.USAGE


def test_report_is_a_self_contained_page(house):
    result = domino("compare", "draw", "house.yaml", *ARGS, "--report", "page.html", cwd=house)
    assert result.status is ExitStatus.OK, result.stderr
    page = (house / "page.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") == 6
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<script" not in page and "<link" not in page and "@import" not in page
    for heading in ("Points per round", "Match length", "Win rate by seat", "Score margin", "Running win rate"):
        assert f"<h2>{heading}</h2>" in page
    assert "first-seat advantage" in page  # the text summary is on the page
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids))  # each figure's ids are its own


def test_refuses_what_cannot_be_compared():
    assert domino("compare", "draw", *ARGS).status is ExitStatus.USAGE  # one file
    players = domino("compare", "draw", "straight-partners", *ARGS)
    assert players.status is ExitStatus.USAGE and "straight-partners is for 4 players, not 2" in players.stderr
    assert domino("compare", "draw", "straight", "--players", "random,genius").status is ExitStatus.USAGE
    assert domino("compare", "draw", "straight", "-n", "1").status is ExitStatus.USAGE
    assert domino("compare", "draw", "straight", "--report", "rules.yaml").status is ExitStatus.USAGE
    missing = domino("compare", "draw", "no-such-variant", *ARGS)
    assert missing.status is ExitStatus.FAILURE and "no-such-variant" in missing.stderr


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_without_matplotlib_a_report_says_how_to_install_it(command, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` fails as where it is not installed
    files = ["draw"] if command == "simulate" else ["draw", "draw-50"]
    result = domino(command, *files, "-n", "2", "--report", "page.html", cwd=tmp_path)
    assert result.status is ExitStatus.USAGE and result.stdout == ""
    assert result.stderr == f"domino {command}: --report needs matplotlib: pip install 'domino-rules[report]'\n"
    assert not (tmp_path / "page.html").exists()


def test_progress_bar_only_on_a_terminal():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out, err = io.StringIO(), Terminal()  # output piped on: the bar on the terminal's standard error still
    argv = ["compare", "draw", "draw-50", "-n", "2"]
    assert run(argv, Env(io.StringIO(), out, err, environ={})) is ExitStatus.OK
    assert "4/4 matches" in err.getvalue() and "ETA" in err.getvalue()
    assert domino(*argv).stderr == ""


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_quiet_prints_no_progress_and_no_summary_but_what_was_asked_for(command, tmp_path):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    files = ["draw"] if command == "simulate" else ["draw", "draw-50"]
    out, err = Terminal(), Terminal()
    argv = [command, *files, "-n", "2", "-q", *(["--log", "g.jsonl"] if command == "simulate" else [])]
    assert run(argv, Env(io.StringIO(), out, err, tmp_path, environ={})) is ExitStatus.OK
    assert out.getvalue() == "" and err.getvalue() == ""  # no bar even on a terminal, no summary
    if command == "simulate":
        assert (tmp_path / "g.jsonl").read_text().count('"type":"match"') == 2  # the log asked for is written
    asked = domino(command, *files, "-n", "2", "--quiet", "--json", cwd=tmp_path)
    assert asked.status is ExitStatus.OK and json.loads(asked.stdout)["files" if command == "compare" else "matches"]


# --- the statistics -----------------------------------------------------------------------------


def test_t_quantiles():
    assert stats.t975(1) == pytest.approx(12.7062, abs=1e-4)
    assert stats.t975(30) == pytest.approx(2.0423, abs=1e-4)
    assert stats.t975(40) == pytest.approx(2.021075, abs=1e-5)
    assert stats.t975(120) == pytest.approx(1.979930, abs=1e-5)
    assert stats.t975(10**6) == pytest.approx(stats.Z95, abs=1e-5)


def test_mean_and_paired_difference():
    estimate = stats.mean([1, 2, 3, 4, 5])
    assert estimate.value == 3 and estimate.high - 3 == pytest.approx(2.776445 * (2.5 / 5) ** 0.5)
    assert stats.mean([4.0]) == stats.IntervalEstimate(4.0, None, None)
    diff = stats.paired_difference([1, 2, 3, 4], [2, 3, 4, 5])
    assert diff == stats.IntervalEstimate(1.0, 1.0, 1.0)  # every seed moved by exactly one


def test_ratio_and_share():
    # Every match: 10 points over 2 rounds; the ratio is 5 whatever the weights, with no spread.
    assert stats.ratio([10, 20, 30], [2, 4, 6]) == stats.IntervalEstimate(5.0, 5.0, 5.0)
    points = stats.ratio([10, 30, 20, 25], [2, 3, 4, 5])
    assert points.value == pytest.approx(85 / 14) and points.low < points.value < points.high
    blocked = stats.share([0, 1, 0, 2], [10, 10, 10, 10])
    assert blocked.value == pytest.approx(3 / 40) and 0 <= blocked.low < blocked.value < blocked.high <= 1
    low, high = stats.wilson(3, 40)  # never narrower than independent rounds
    assert blocked.low <= low + 1e-12 and blocked.high >= high - 1e-12
    assert stats.share([0, 0], [5, 5]).low == 0 and stats.share([0, 0], [5, 5]).high > 0
    same = stats.paired_ratio_difference([10, 20], [2, 4], [10, 20], [2, 4])
    assert same == stats.IntervalEstimate(0.0, 0.0, 0.0)


def test_sums_added_in_parts_give_the_numbers_of_the_whole():
    # What simulate adds up match by match, in any order of its workers' parts, is what compare
    # computes from the list of its matches: exactly, not nearly.
    blocked, rounds = [0, 1, 0, 2, 3, 1], [10, 9, 12, 11, 8, 7]
    whole = stats.Sums.of(blocked, rounds)
    first, second = stats.Sums(), stats.Sums()
    for y, x in zip(blocked[3:], rounds[3:], strict=True):
        first.add(y, x)
    for y, x in zip(blocked[:3], rounds[:3], strict=True):
        second.add(y, x)
    first.merge(second)
    assert first == whole
    assert stats.share_of(first) == stats.share(blocked, rounds)
    assert stats.ratio_of(first) == stats.ratio(blocked, rounds)
    assert stats.mean_of(first.denominators()) == stats.mean(rounds)
    assert stats.mean_of(stats.Sums()) == stats.IntervalEstimate(0.0, None, None)


def test_one_file_may_be_standard_input(house):
    filed = json.loads(domino("compare", "draw", "house.yaml", *ARGS, "--json", cwd=house).stdout)
    typed = domino("compare", "draw", "-", *ARGS, "--json", "--workers", "2", cwd=house, stdin=HOUSE_RULE)
    assert typed.status is ExitStatus.OK, typed.stderr
    summary = json.loads(typed.stdout)
    assert summary["files"] == ["draw", "<stdin>"] and summary["results"][1]["file"] == "<stdin>"
    label = lambda entry: {**entry, "file": None}  # noqa: E731
    assert [label(r) for r in summary["results"]] == [label(r) for r in filed["results"]]
    assert [label(d) for d in summary["differences"]] == [label(d) for d in filed["differences"]]
    twice = domino("compare", "-", "-", *ARGS, stdin=HOUSE_RULE)
    assert twice.status is ExitStatus.USAGE and "'-' (standard input) can be given once" in twice.stderr
