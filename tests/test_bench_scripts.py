"""The benchmark scripts run as bench/README.md says, on tiny sizes, and their engine rows play
the games they claim to: the speed figures themselves are never asserted here."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench import engine_block, folded, seed_search, specialised

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)


def test_run_prints_every_contender_and_the_ratios_as_json():
    out = _run("bench/run.py", "--rounds", "40", "--repeats", "1", "--json-only")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.splitlines()[-1])
    for key in ("engine_rps", "engine_playout_rps", "specialised_rps", "engine_log_rps"):
        assert result[key] > 0
    assert result["playout_vs_specialised"] == pytest.approx(
        result["engine_playout_rps"] / result["specialised_rps"], abs=0.002
    )
    if importlib.util.find_spec("dominoes") is None:  # without the bench extra: skipped, and said so
        assert result["dominoes_rps"] is None and result["playout_vs_dominoes"] is None
        assert "pip install -e '.[bench]'" in out.stderr
    else:
        assert result["dominoes_rps"] > 0


def test_the_engine_rows_play_the_same_games():
    """Move by move through the API, inside the engine with playout, and with the whole log read:
    the same deals and choices, so the same pips left at every round's end."""
    by_api = engine_block.rounds(120, 7)
    assert by_api == engine_block.rounds_playout(120, 7) == engine_block.rounds_with_log(120, 7)
    assert by_api != engine_block.rounds(120, 8)  # the checksum does depend on the games


def test_scaling_lists_every_combination():
    out = _run("bench/scaling.py", "--seconds", "0.01")
    assert out.returncode == 0, out.stderr
    rows = [line.split() for line in out.stdout.splitlines()]
    for variant in ("draw", "draw-9", "draw-12", "mexican-train", "mexican-train-15", "mexican-train-18"):
        assert sum(1 for row in rows if row and row[0] == variant) == 3, variant
    assert "not allowed" in out.stdout  # draw is for 2–4 players


def test_memory_reports_a_peak_per_target():
    out = _run("bench/memory.py", "--rounds", "300")
    assert out.returncode == 0, out.stderr
    assert "peak RSS MiB" in out.stdout
    row = next(line.split() for line in out.stdout.splitlines() if line.split()[:1] == ["300"])
    assert int(row[2].replace(",", "")) >= 300  # rounds played reach the target
    assert float(row[3]) > 0  # a peak RSS was read


def test_folded_runs_and_prints_its_ratio():
    out = _run("bench/folded.py", "--rounds", "30", "--repeats", "1")
    assert out.returncode == 0, out.stderr
    assert "folded / specialised:" in out.stdout


def test_every_loop_plays_the_same_rules():
    """Over 3000 rounds the mean pips left at a round's end (about 29.8, standard deviation about
    15) must agree between the contenders within 4 standard errors of a difference (1.6 pips):
    a loop that got a rule wrong (say, no block detection or a wrong lead) is off by far more."""
    n = 3000
    means = {"engine": engine_block.rounds_playout(n, 3) / n}
    means["specialised"] = specialised.rounds(n, 3) / n
    means["folded"] = folded.rounds(n, 3) / n
    if importlib.util.find_spec("dominoes") is not None:
        from bench import dominoes_pkg

        means["dominoes"] = dominoes_pkg.rounds(n, 3) / n
    tolerance = 4 * 15 * (2 / n) ** 0.5
    assert max(means.values()) - min(means.values()) < tolerance, means


@pytest.mark.skipif(
    importlib.util.find_spec("pettingzoo") is None, reason="bench/env_steps.py needs the agents extra (pettingzoo)"
)
def test_env_steps_measures_every_table():
    out = _run("bench/env_steps.py", "--steps", "50", "--repeats", "1", "--json")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout.splitlines()[-1])
    assert [(row["rules"], row["players"]) for row in rows] == [("draw", 2), ("draw", 4), ("mexican-train", 8)]
    assert all(row["env_steps_per_s"] > 0 and row["engine_moves_per_s"] > 0 for row in rows)


def test_ai_42_runs_every_part_on_a_tiny_size(tmp_path, capsys):
    """bench/ai_42.py (issue 27): the bids on fixed hands, pass-outs, time per decision, a game
    written as it ends and summarised, the estimate's calibration, and counter against random,
    each at a tiny size (in this process: its pools fork)."""
    from bench import ai_42

    def run(*args: str) -> list[str]:
        assert ai_42.main(list(args)) == 0
        return capsys.readouterr().out.splitlines()

    bids = run("bids", "--rules", "texas-42", "--seeds", "1", "--iterations", "4")
    assert sum("ismcts:" in line and "counter:" in line for line in bids) == 4
    assert "deals thrown in" in run("passout", "--players", "counter", "--deals", "2", "--jobs", "1")[0]
    timed = "\n".join(run("time", "--hands", "1", "--iterations", "4"))
    assert "median" in timed and "load average" in timed
    out = tmp_path / "games.jsonl"
    run("games", "--games", "1", "--pairs", "counter:random", "--jobs", "1", "--out", str(out))
    assert json.loads(out.read_text().splitlines()[0])["pair"] == "counter:random"
    summary = run("summary", str(out))
    assert "counter vs random" in summary[0] and "/1 = " in summary[0]
    calibrated = run("calibrate", "--deals", "2")
    assert sum(int(line.split()[1]) for line in calibrated[2:]) == 8  # 2 deals x 4 bidders
    counter = run("counter", "--games", "2", "--jobs", "1", "--rules", "moon,texas-42")
    assert [line.split()[0] for line in counter] == ["moon", "texas-42"]



def test_seed_search_finds_the_secret_seed_of_a_hand_in_a_small_space():
    """In-process, as the script's workers search (its printing is run.py's kind of arithmetic)."""
    seen = seed_search.hand("draw", 2, 217)
    found = seed_search.search("draw", 2, 300, 1, seen)
    assert 217 in found and all(seed_search.hand("draw", 2, seed) == seen for seed in found)
