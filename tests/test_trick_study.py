"""`simulate` and `compare` on a trick game: hands, and how often their bids were made, counted
from the games' own logs (docs/compare.md)."""

from __future__ import annotations

import json

from interpreter.frontends.cli.commands.environment import ExitStatus
from tests.clirunner import domino

SEATS = ("--players", "counter,random,counter,random")


def _made_in_log(path) -> tuple[int, int]:
    ends = [e for e in map(json.loads, path.read_text().splitlines()) if e["type"] == "round_end"]
    bid = [e for e in ends if e["bid"] is not None]
    return len(bid), sum(e["made"] for e in bid)


def test_simulate_counts_the_bids_made(tmp_path):
    args = ("simulate", "texas-42", "-n", "6", "--seed", "3", *SEATS)
    result = domino(*args, "--json", "--log", "g.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    summary = json.loads(result.stdout)
    contracts, made = _made_in_log(tmp_path / "g.jsonl")
    assert contracts > 0 and summary["contracts"] == contracts
    assert summary["made_share"]["value"] == round(made / contracts, 4)
    text = domino("simulate", "texas-42", "-n", "6", "--seed", "3", *SEATS, cwd=tmp_path).stdout
    assert f"{made / contracts:.1%} of {contracts} bids made" in text and "hands" in text and "blocked" not in text


def test_compare_reports_bids_made_with_and_without_a_house_rule(tmp_path):
    result = domino("compare", "texas-42", "texas-42-forced-bid", "-n", "6", "--seed", "3", *SEATS, "--json",
                    cwd=tmp_path)  # fmt: skip
    assert result.status is ExitStatus.OK, result.stderr
    summary = json.loads(result.stdout)
    for found in summary["results"]:
        assert found["contracts"] > 0 and 0.0 <= found["made_share"]["value"] <= 1.0
    assert "made_share" in summary["differences"][0] and "made_share" in summary["units"]
    text = domino("compare", "texas-42", "texas-42-forced-bid", "-n", "6", "--seed", "3", *SEATS, cwd=tmp_path)
    assert "bids made" in text.stdout
    layout = domino("compare", "draw", "draw-50", "-n", "2", "--seed", "3", cwd=tmp_path).stdout
    assert "bids made" not in layout
    both = domino("compare", "texas-42", "straight-partners", "-n", "2", "--seed", "3", *SEATS, cwd=tmp_path)
    assert both.status is ExitStatus.OK, both.stderr
    made = [line.split() for line in both.stdout.splitlines() if "bids made" in line]  # a row in each block
    assert made[0][2] != "—" and made[-1][-1] == "—"  # texas-42's bids; no difference from a file without
