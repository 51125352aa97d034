"""'-' for an option that takes a file: standard output where that makes sense (a log), else refused
with the reason; never a file named '-'."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.frontends.cli.commands.environment import ExitStatus
from tests.clirunner import domino


def test_log_dash_writes_the_log_to_standard_output_and_the_summary_to_standard_error(tmp_path: Path):
    result = domino("simulate", "draw", "-n", "2", "--log", "-", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]  # the log alone, JSON Lines
    assert sum(record.get("type") == "match" for record in records) == 2
    assert "First seat" in result.stderr  # the summary, out of the log's way
    assert not (tmp_path / "-").exists()
    quiet = domino("simulate", "draw", "-n", "2", "--log", "-", "-q", cwd=tmp_path)
    assert quiet.stdout == result.stdout and quiet.stderr == ""


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["simulate", "draw", "-n", "2", "--log", "-", "--json"], "--log - and --json both write to standard output"),
        (["simulate", "draw", "-n", "2", "--report", "-"], "--report -: the report is an HTML page"),
        (["compare", "draw", "draw-50", "-n", "2", "--report", "-"], "--report -: the report is an HTML page"),
        (["compare", "draw", "draw-50", "-n", "2", "--csv", "-"], "--csv -: name a folder"),
        (["play", "--save", "-"], "--save -: a game is saved to a file"),
        (["resume", "-"], "a save is read and written again"),
        (["replay", "-"], "replay reads a file"),
        (["replay", "log.jsonl", "--rules", "-"], "--rules -: name the rule file"),
        (["serve", "--state-dir", "-"], "--state-dir -: name a folder"),
    ],
)
def test_dash_where_no_stream_will_do_is_refused_with_the_reason(argv, said, tmp_path: Path):
    result = domino(*argv, cwd=tmp_path, stdin="")
    assert result.status is ExitStatus.USAGE, result.stderr
    assert said in result.stderr and result.stdout == ""
    assert not (tmp_path / "-").exists()
