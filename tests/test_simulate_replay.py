"""`domino simulate` and `domino replay`, run as commands."""

from __future__ import annotations

import json

import pytest

from interpreter.commands.environment import ExitStatus
from interpreter.resources import bundled_variants
from tests.clirunner import domino


def test_simulate_json_has_the_documented_fields():
    result = domino("simulate", "draw", "-n", "5", "--seed", "3", "--players", "random,random,random", "--json")
    assert result.status is ExitStatus.OK, result.stderr
    summary = json.loads(result.stdout)
    for key in ("variant", "matches", "rounds", "wins", "mean_scores", "blocked_share", "seconds",
                "matches_per_s", "rounds_per_s"):
        assert key in summary
    assert summary["variant"] == "draw"
    assert summary["matches"] == 5
    assert len(summary["wins"]) == 3
    assert sum(summary["wins"]) == pytest.approx(5)
    assert summary["rounds"] >= 5


def test_simulate_same_seed_same_games(tmp_path):
    first = domino("simulate", "straight", "-n", "3", "--seed", "9", "--json", "--log", "a.jsonl", cwd=tmp_path)
    second = domino("simulate", "straight", "-n", "3", "--seed", "9", "--json", "--log", "b.jsonl", cwd=tmp_path)
    assert first.status is second.status is ExitStatus.OK
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    strip = ("seconds", "matches_per_s", "rounds_per_s")
    assert {k: v for k, v in json.loads(first.stdout).items() if k not in strip} == {
        k: v for k, v in json.loads(second.stdout).items() if k not in strip
    }


def test_simulate_defaults_to_the_fewest_players():
    summary = json.loads(domino("simulate", "mexican-train", "-n", "1", "--json").stdout)
    assert len(summary["players"]) == 2


def test_simulate_refuses_bad_arguments():
    assert domino("simulate", "draw", "--players", "random,genius").status is ExitStatus.USAGE
    assert domino("simulate", "draw", "--players", "random").status is ExitStatus.USAGE  # draw needs 2+
    assert domino("simulate", "draw", "-n", "0").status is ExitStatus.USAGE
    missing = domino("simulate", "no-such-variant")
    assert missing.status is ExitStatus.FAILURE
    assert "no-such-variant" in missing.stderr


@pytest.mark.parametrize("variant", sorted(bundled_variants()))
def test_replay_accepts_every_variants_log(tmp_path, variant):
    simulated = domino("simulate", variant, "-n", "1", "--seed", "4", "--log", "game.jsonl", cwd=tmp_path)
    assert simulated.status is ExitStatus.OK
    result = domino("replay", "game.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert "1 matches" in result.stdout


def _tampered(tmp_path, change):
    domino("simulate", "draw", "-n", "2", "--seed", "5", "--log", "game.jsonl", cwd=tmp_path)
    lines = (tmp_path / "game.jsonl").read_text().splitlines()
    number = change(lines)
    (tmp_path / "game.jsonl").write_text("\n".join(lines) + "\n")
    result = domino("replay", "game.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE
    assert result.stderr.startswith(f"game.jsonl:{number}:"), result.stderr
    return result.stderr


def test_replay_stops_at_a_changed_score(tmp_path):
    def change(lines):
        for i, line in enumerate(lines):
            record = json.loads(line)
            if record["type"] == "round_end":
                record["scores"] = [s + 1 for s in record["scores"]]
                lines[i] = json.dumps(record)
                return i + 1
        raise AssertionError("no round_end record")

    _tampered(tmp_path, change)


def test_replay_stops_at_an_illegal_action(tmp_path):
    def change(lines):
        for i, line in enumerate(lines):
            record = json.loads(line)
            if record["type"] == "action" and record["action"]["kind"] == "play":
                record["action"]["tile"] = [9, 9]
                lines[i] = json.dumps(record)
                return i + 1
        raise AssertionError("no play action")

    assert "illegal" in _tampered(tmp_path, change)


def test_replay_stops_at_a_missing_record(tmp_path):
    def change(lines):
        for i, line in enumerate(lines):
            if json.loads(line)["type"] == "action" and i > 3:
                del lines[i]
                return i + 1
        raise AssertionError("no action")

    _tampered(tmp_path, change)


def test_replay_reports_garbage_with_its_line(tmp_path):
    (tmp_path / "bad.jsonl").write_text("{not json\n")
    result = domino("replay", "bad.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE
    assert result.stderr.startswith("bad.jsonl:1:")
