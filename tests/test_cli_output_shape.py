"""The study commands' output is consistent (issue 21): each statistic has one name, one shape and
one unit in `simulate --json` and `compare --json`; percentage points are "pp" in the text; the
commands that print a summary take `-q`; `list` and `compare` tables fit the terminal's width."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import pytest

from cli import run
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import load_ruleset
from tests.clirunner import domino

# The measures both commands report about one rule file's matches.
SHARED = (
    "matches", "rounds", "contracts", "sides", "strategies", "seats", "first_seat_advantage", "fair_share",
    "rounds_per_match", "blocked_share", "made_share",
)  # fmt: skip


def _json(*argv: str) -> dict:
    result = domino(*argv, "--json")
    assert result.status is ExitStatus.OK, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize(
    ("variant", "players"), [("draw", "greedy,random,random"), ("texas-42", "greedy,random,greedy,random")]
)
def test_simulate_and_compare_give_each_statistic_one_name_shape_and_unit(variant, players):
    args = ("-n", "5", "--players", players, "--seed", "4")
    simulated = _json("simulate", variant, *args)
    compared = _json("compare", variant, variant, *args)["results"][0]
    for key in SHARED:  # the same matches: the same numbers, under the same names, in the same shapes
        assert simulated[key] == compared[key], key
    estimates = [*simulated["strategies"].values(), *simulated["seats"]]
    estimates += [simulated[key] for key in ("first_seat_advantage", "rounds_per_match", "blocked_share")]
    for estimate in estimates:
        assert set(estimate) == {"value", "ci95"} and len(estimate["ci95"]) == 2, estimate
    # The first seat's advantage is a difference of shares of matches won, a fraction as they are.
    advantage, fair = simulated["first_seat_advantage"], simulated["fair_share"]
    assert advantage["value"] == pytest.approx(simulated["seats"][0]["value"] - fair, abs=1e-4)
    assert -1 <= advantage["ci95"][0] <= advantage["value"] <= advantage["ci95"][1] <= 1
    units = _json("compare", variant, variant, *args)["units"]
    assert simulated["units"] == {key: units[key] for key in simulated["units"]}
    assert "percentage points" not in units["first_seat_advantage"]


def test_texas_42_bids_made_are_an_estimate_in_both():
    args = ("-n", "3", "--players", "greedy,random,greedy,random", "--seed", "1")
    made = _json("simulate", "texas-42", *args)["made_share"]
    assert set(made) == {"value", "ci95"} and made["ci95"][0] <= made["value"] <= made["ci95"][1]
    assert _json("simulate", "draw", "-n", "2")["made_share"] is None


def test_simulate_keeps_its_counts_per_seat_and_strategy():
    summary = _json("simulate", "draw", "-n", "6", "--players", "greedy,random,random", "--seed", "1")
    tallies = summary["tallies"]
    assert tallies["greedy"]["matches"] == 6 and tallies["random"]["matches"] == 12  # seated twice a match
    assert sum(t["wins"] for t in tallies.values()) == pytest.approx(6) == sum(summary["wins"])
    # A strategy's win rate is its seats' mean share of each match: the match is the unit, as in compare.
    assert summary["strategies"]["random"]["value"] == pytest.approx(tallies["random"]["wins"] / 12, abs=1e-4)


def test_docs_name_every_key_of_simulate_json():
    page = (Path(__file__).resolve().parents[1] / "docs" / "compare.md").read_text(encoding="utf-8")
    section = page.split("## The JSON of `simulate`")[1].split("\n## ")[0]
    documented = {key for row in section.splitlines() if row.startswith("| `") for key in re.findall(
        r"`(\w+)`", row.split(" | ")[0])}  # fmt: skip
    summary = _json("simulate", "draw", "-n", "2")
    assert documented == set(summary)


def test_differences_of_percentages_are_percentage_points_in_the_text():
    simulated = domino("simulate", "draw", "-n", "4", "--players", "greedy,random").stdout
    assert re.search(r"advantage [+-]\d+\.\d pp\b", simulated), simulated
    assert "points." not in simulated
    compared = _at(200, "compare", "draw", "draw-50", "-n", "4", "--players", "greedy,random")  # one row a measure
    advantage = next(line for line in compared.splitlines() if "first-seat advantage" in line)
    assert re.fullmatch(r"  first-seat advantage +([+-]\d+\.\d pp \[\S+, \S+\] *){3}", advantage), advantage
    difference = next(line for line in compared.splitlines() if "greedy win rate" in line).split("   ")[-1]
    assert re.fullmatch(r"[+-]\d+\.\d pp \[\S+, \S+\]", difference.strip()), difference


# --- -q, --quiet -----------------------------------------------------------------------------------


def test_validate_quiet_prints_only_problems(tmp_path):
    (tmp_path / "good.yaml").write_text("name: good\nextends: draw\nmatch: {target: 60}\n")
    (tmp_path / "bad.yaml").write_text("name: bad\nextends: draw\nmatch: {target: -1}\n")
    good = domino("validate", "-q", "good.yaml", cwd=tmp_path)
    assert (good.status, good.stdout, good.stderr) == (ExitStatus.OK, "", "")
    assert domino("validate", "--quiet", "good.yaml", cwd=tmp_path).stderr == ""
    loud = domino("validate", "good.yaml", "bad.yaml", cwd=tmp_path)
    bad = domino("validate", "-q", "good.yaml", "bad.yaml", cwd=tmp_path)
    assert bad.status is loud.status is ExitStatus.FAILURE
    assert bad.stdout == loud.stdout and bad.stdout.startswith("bad.yaml:")
    assert bad.stderr == "" and "2 files checked" in loud.stderr
    as_json = domino("validate", "-q", "--json", "good.yaml", cwd=tmp_path)
    assert json.loads(as_json.stdout) == [] and as_json.stderr == ""  # what --json asks for is still written


def test_replay_quiet_says_only_a_divergence(tmp_path):
    assert domino("simulate", "draw", "-n", "2", "-q", "--log", "run.jsonl", cwd=tmp_path).status is ExitStatus.OK
    loud = domino("replay", "run.jsonl", cwd=tmp_path)
    assert loud.status is ExitStatus.OK and "all consistent" in loud.stdout
    quiet = domino("replay", "-q", "run.jsonl", cwd=tmp_path)
    assert (quiet.status, quiet.stdout, quiet.stderr) == (ExitStatus.OK, "", "")
    lines = (tmp_path / "run.jsonl").read_text().splitlines()
    action = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "action")
    tampered = json.loads(lines[action])
    tampered["seat"] = 1 - tampered["seat"]  # the other seat's move: not what the deal allows
    lines[action] = json.dumps(tampered)
    (tmp_path / "bad.jsonl").write_text("\n".join(lines) + "\n")
    diverged = domino("replay", "--quiet", "bad.jsonl", cwd=tmp_path)
    assert diverged.status is ExitStatus.FAILURE and diverged.stderr.startswith("bad.jsonl:")


def test_new_quiet_writes_the_file_and_says_nothing(tmp_path):
    quiet = domino("new", "-q", "mine", cwd=tmp_path)
    assert (quiet.status, quiet.stdout, quiet.stderr) == (ExitStatus.OK, "", "")
    assert (tmp_path / "mine.yaml").is_file()
    again = domino("new", "-q", "mine", cwd=tmp_path)  # a problem is still said
    assert again.status is ExitStatus.FAILURE and "exists" in again.stderr


@pytest.mark.parametrize("command", ["simulate", "compare", "validate", "replay", "new"])
def test_every_command_that_prints_a_summary_takes_quiet(command, capsys):
    assert run([command, "--help"], Env(io.StringIO(), io.StringIO(), io.StringIO())) is ExitStatus.OK
    assert re.search(r"-q, --quiet", capsys.readouterr().out)


# --- tables that fit --------------------------------------------------------------------------------


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _at(width: int | None, *argv: str, cwd: Path | None = None) -> str:
    """The output of a command whose standard output is a terminal `width` columns wide (None: a pipe)."""
    out = Terminal() if width is not None else io.StringIO()
    environ = {"COLUMNS": str(width)} if width is not None else {"COLUMNS": "200"}
    status = run(list(argv), Env(io.StringIO(), out, io.StringIO(), cwd or Path.cwd(), environ))
    assert status is ExitStatus.OK
    return out.getvalue()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_a_terminal_s_own_width_counts_where_columns_is_not_exported():
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 57, 0, 0))
    try:
        with open(slave, "w", encoding="utf-8") as terminal:
            assert Env(io.StringIO(), terminal, io.StringIO(), environ={}).columns() == 57
            assert Env(io.StringIO(), terminal, io.StringIO(), environ={"COLUMNS": "99"}).columns() == 99
    finally:
        os.close(master)


def _contains_in_order(tokens: list[str], words: list[str]) -> bool:
    """Whether `words` are consecutive whole tokens of `tokens` (a word broken in two is not)."""
    return any(tokens[i : i + len(words)] == words for i in range(len(tokens) - len(words) + 1))


@pytest.mark.parametrize("width", [40, 80, 200, None])
def test_list_fits_the_terminal_and_breaks_no_word(width):
    text = _at(width, "list")
    limit = width or 80  # not a terminal: 80 columns, whatever COLUMNS says
    assert all(len(line) <= limit for line in text.splitlines()), max(text.splitlines(), key=len)
    tokens = text.split()
    for name, path in bundled_variants().items():
        ruleset = load_ruleset(path)
        assert _contains_in_order(tokens, [name]), name
        assert _contains_in_order(tokens, ruleset.description.split()), name
        assert all(_contains_in_order(tokens, [tag.rstrip(",")]) for tag in ruleset.tags)
    if width == 200:  # room enough: one line a variant
        assert any(line.startswith("  draw ") and "first to 100" in line for line in text.splitlines())


@pytest.mark.parametrize("width", [40, 80, 200, None])
def test_compare_fits_the_terminal_and_breaks_no_word(width, tmp_path):
    (tmp_path / "my-long-house-rule.yaml").write_text("name: draw-to-60\nextends: draw\nmatch: {target: 60}\n")
    args = ("compare", "draw", "draw-50", "my-long-house-rule.yaml", "-n", "4", "--players", "greedy,random")
    text = _at(width, *args, cwd=tmp_path)
    limit = width or 80
    assert all(len(line) <= limit for line in text.splitlines()), max(text.splitlines(), key=len)
    for line in _at(1000, *args, cwd=tmp_path).splitlines():  # everything the widest layout says, in order
        if line.startswith("  "):  # a row of the table: its label and every cell, as whole words
            for part in re.split(r" {3,}", line.strip()):
                assert _contains_in_order(text.split(), part.split()), part
        else:
            assert _contains_in_order(text.split(), line.split()), line
    assert "my-long-house-rule.yaml − draw" in " ".join(text.split())
    if width == 200:  # room enough: one row a measure
        assert re.search(r"^  first-seat advantage +\S.* pp .* pp .* pp ", text, re.MULTILINE)


@pytest.mark.parametrize("width", [80, None])
def test_simulate_summary_fits_80_columns(width):
    args = ("simulate", "texas-42", "-n", "2", "--players", "ismcts,greedy,random,greedy", "--iterations", "5")
    text = _at(width, *args)
    assert all(len(line) <= 80 for line in text.splitlines()), max(text.splitlines(), key=len)
    wide = _at(1000, *args).split()
    # The same words in the same order, but the measured speed of this run and the other.
    speed = re.compile(r"^[\d.]+$|^\d+:\d+$")
    assert [w for w in text.split() if not speed.match(w)] == [w for w in wide if not speed.match(w)]


def test_a_summary_of_no_finished_match_says_no_speed():
    from interpreter.frontends.cli.commands.simulate import _report
    from interpreter.study.simulation import SimulationResult

    result = SimulationResult.empty("draw", ["greedy", "random"])
    text = _report(result, result.to_json(), [], 80)
    assert text.splitlines()[0] == "draw: 0 matches, 0 rounds (0.0 a match, 0.0% blocked) in 0.00 s"
    assert "None" not in text
