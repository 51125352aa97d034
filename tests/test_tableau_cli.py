"""A patience by totals at the command line: `simulate` reports one seat without a first-seat
advantage, and `play` draws the tableau and reads a removal typed by its tiles."""

from __future__ import annotations

from tests.clirunner import domino


def test_simulate_reports_one_seat_won_or_lost_with_no_first_seat_line() -> None:
    result = domino("simulate", "luzon", "-n", "5", "--players", "greedy")
    assert "One seat: each match is won or lost alone." in result.stdout
    assert "First seat" not in result.stdout and "Seats rotate" not in result.stdout


def test_play_draws_the_columns_and_takes_a_removal_typed_by_its_tiles(tmp_path) -> None:
    # Seed 3: the free tiles include [4|0] and the spare [6|2], which make 12 (move 1 of the list).
    typed = "0-4 2-6\n3-3 1-1\nquit\n"
    result = domino("play", "luzon", "--seed", "3", "--save", str(tmp_path / "g.json"), stdin=typed)
    out = result.stdout + result.stderr
    assert "Spares (free at any time): [6|2] [3|3] [1|1]" in out
    assert "You: remove [4|0] [6|2]  (4 + 8 = 12)." in out
    assert "[1|1] [3|3] make 2 + 6 = 8, not 12: type a number from 1 to 3" in out  # two spares, and 8
