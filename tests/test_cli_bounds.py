"""Every number a user passes to `domino` has bounds, said in the option's help and in the README,
and a value out of them is a usage error (status 2) of one line naming the option and its bounds:
never a traceback, a hang or a run of 10**30 matches.

The command lines name a variant that does not exist (and `serve` a state folder that is a file),
so that were a bound gone the command would fail fast on that instead of running with the number."""

from __future__ import annotations

import argparse
import json
from dataclasses import fields
from pathlib import Path

import pytest

from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.frontends.cli.main import build_parser
from interpreter.frontends.web.limits import MAXIMA, Limits
from interpreter.frontends.web.tables import MAX_PACE_MS
from interpreter.resources import load_schema
from interpreter.rulefile.overrides import MAX_DESCRIPTION, MAX_TITLE, load_with_settings
from tests.clirunner import domino

REPO = Path(__file__).resolve().parent.parent
MISSING = "no-such-variant"
STATE = "state-is-a-file"  # `serve --state-dir`: refused before anything listens
SEED_TOP = 2**63 - 1

# (the command line before the option, the option, its lowest and its highest value)
OURS = [
    (("play", MISSING), "--seed", 0, SEED_TOP),
    (("play", MISSING), "--target", 1, 1_000_000),
    (("simulate", MISSING), "-n", 1, 1_000_000),
    (("simulate", MISSING), "--matches", 1, 1_000_000),
    (("simulate", MISSING), "--seed", 0, SEED_TOP),
    (("simulate", MISSING), "--workers", 0, 256),
    (("simulate", MISSING), "--iterations", 1, 1_000_000),
    (("simulate", MISSING), "--time-budget", 1, 60_000),
    (("compare", MISSING, MISSING), "-n", 2, 1_000_000),
    (("compare", MISSING, MISSING), "--seed", 0, SEED_TOP),
    (("compare", MISSING, MISSING), "--workers", 0, 256),
    (("compare", MISSING, MISSING), "--iterations", 1, 1_000_000),
    (("compare", MISSING, MISSING), "--time-budget", 1, 60_000),
    (("serve", "--state-dir", STATE), "--port", 0, 65535),
    (("serve", "--state-dir", STATE), "--pace-ms", 0, 10_000),
]
# serve's limit flags (interpreter/frontends/web/limits.py): above 0, at most their MAXIMA.
LIMITS = [(("serve", "--state-dir", STATE), f"--{f.name.replace('_', '-')}", 0.1 if f.type == "float" else 1,
           MAXIMA[f.name]) for f in fields(Limits)]  # fmt: skip
EVERY = OURS + LIMITS
FLOATS = {"--time-budget"} | {f"--{f.name.replace('_', '-')}" for f in fields(Limits) if f.type == "float"}


def _id(row: tuple) -> str:
    return f"{row[0][0]} {row[1]}"


def _refused(prefix: tuple[str, ...], option: str, value: str, tmp_path: Path) -> str:
    """The first line of stderr of the command refusing `option value`, checked as a usage error."""
    (tmp_path / STATE).write_text("")
    # `--option=value`: argparse would take a value such as -inf for an option of its own
    given = [f"{option}={value}"] if option.startswith("--") else [option, value]
    done = domino(*prefix, *given, cwd=tmp_path)
    assert done.status is ExitStatus.USAGE, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    return done.stderr.splitlines()[0]


@pytest.mark.parametrize("row", EVERY, ids=_id)
@pytest.mark.parametrize("where", ["above", "below", "huge"])
def test_a_number_out_of_bounds_is_a_one_line_usage_error(row, where, tmp_path):
    prefix, option, low, high = row
    value = {"above": str(high + 1), "below": str(low - 1), "huge": str(10**30)}[where]
    line = _refused(prefix, option, value, tmp_path)
    assert option in line and str(high) in line and str(low) in line, line


@pytest.mark.parametrize("row", OURS, ids=_id)
@pytest.mark.parametrize("value", ["9" * 5000, "-" + "9" * 5000, "ten", "", "1.5e999"])
def test_a_value_that_is_no_number_in_bounds_is_refused_in_a_short_line(row, value, tmp_path):
    prefix, option, low, high = row
    line = _refused(prefix, option, value, tmp_path)
    assert option in line and f"{low} to {high}" in line and len(line) < 200, line


@pytest.mark.parametrize("row", [row for row in EVERY if row[1] in FLOATS], ids=_id)
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e999"])
def test_a_float_option_refuses_what_is_not_a_finite_number(row, value, tmp_path):
    prefix, option, _, high = row
    line = _refused(prefix, option, value, tmp_path)
    assert option in line and str(high) in line, line


def _parsed(prefix: tuple[str, ...], option: str, value: str) -> argparse.Namespace:
    return build_parser().parse_args([*prefix, option, value])


@pytest.mark.parametrize("row", OURS, ids=_id)
def test_the_bounds_themselves_are_taken(row):
    prefix, option, low, high = row
    dest = {"-n": "matches"}.get(option, option.lstrip("-").replace("-", "_"))
    for value in (low, high):
        parsed = getattr(_parsed(prefix, option, str(value)), dest)
        assert parsed == value and type(parsed) is (float if option in FLOATS else int)


def _help(command: str, option: str) -> str:
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    action = next(a for a in commands.choices[command]._actions if option in a.option_strings)
    return " ".join(action.help.split())


@pytest.mark.parametrize("row", OURS, ids=_id)
def test_the_help_of_every_number_says_its_bounds(row):
    prefix, option, low, high = row
    assert f"{low} to {high}" in _help(prefix[0], option)


@pytest.mark.parametrize("row", LIMITS, ids=_id)
def test_the_help_of_every_serve_limit_says_its_bound(row):
    prefix, option, low, high = row
    assert f"{low:g} to {high}" in _help(prefix[0], option)


def test_the_readme_lists_every_bound():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    numbers = " ".join(text.split("**Numbers.**", 1)[1].split("\n\n", 1)[0].split())
    for _, option, low, high in OURS:
        assert option in numbers and f"{low} to {high}" in numbers, option


def test_the_bounds_agree_with_the_rules_and_the_web_server():
    schema = load_schema()["properties"]
    integer = next(kind for kind in schema["match"]["properties"]["target"]["oneOf"] if kind.get("type") == "integer")
    bounds = {(command[0], option): (low, high) for command, option, low, high in OURS}
    assert bounds["play", "--target"] == (integer["minimum"], integer["maximum"])
    assert bounds["serve", "--pace-ms"] == (0, MAX_PACE_MS)
    assert [schema[key]["maxLength"] for key in ("title", "description")] == [MAX_TITLE, MAX_DESCRIPTION]


# --- numbers in --set: the rule loader's schema bounds them ---------------------------------------


@pytest.mark.parametrize(
    "setting, said",
    [
        ("deal.hand_size=99999999999999999999", "deal.hand_size: 99999999999999999999 is more than the maximum, 190"),
        ("match.target=99999999999999999999", "match.target: 99999999999999999999 is more than the maximum, 1000000"),
        ("match.target=.inf", "match.target: must be an integer or a formula"),
        ("match.target=1e999", "match.target: unexpected name 'e999'"),
    ],
)
def test_an_enormous_number_in_set_is_refused_in_one_line(setting, said, tmp_path):
    done = domino("simulate", "draw", "-n", "1", "--set", setting, cwd=tmp_path)
    assert done.status is ExitStatus.FAILURE and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"--set {setting}: {said}"), done.stderr


def test_a_number_of_5000_digits_in_set_is_refused_as_too_large_in_a_short_line(tmp_path):
    done = domino("simulate", "draw", "-n", "1", "--set", "match.target=" + "9" * 5000, cwd=tmp_path)
    assert done.status is ExitStatus.FAILURE and "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1 and len(done.stderr) < 200, done.stderr
    assert done.stderr.startswith("--set match.target=999") and "is not a valid int, or it is too large" in done.stderr


def test_long_house_rules_still_make_a_description_and_a_title_within_the_schema_s_bounds(tmp_path):
    long = "match.target=50" + "+0" * 300  # a valid formula of 615 characters
    ruleset = load_with_settings("draw", [long], tmp_path)
    assert ruleset.match.target == 50 and len(ruleset.description) == MAX_DESCRIPTION
    assert ruleset.description.endswith("…")
    assert ruleset.description.startswith(f"{ruleset.title.removesuffix(' (house rules)')} with match.target=50+0")
    base = tmp_path / "long-title.yaml"
    base.write_text(f"name: long-title\nextends: draw\ntitle: {json.dumps('T' * 200)}\n", encoding="utf-8")
    titled = load_with_settings(str(base), ["match.target=50"], tmp_path)
    assert len(titled.title) == MAX_TITLE and titled.title == "T" * 185 + "… (house rules)"
