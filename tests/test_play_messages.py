"""What `domino play` and `domino resume` say at the terminal, checked against each game's rules:
the turn order as play goes, who starts and why in the rule's own words, and the open ends' count
only where it scores."""

from __future__ import annotations

from pathlib import Path

from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.records.savegame import read_save
from tests.clirunner import domino

QUIT = "quit\n"
FIRST_THEN_QUIT = "1\nquit\n"


def _players_rows(screen: str) -> list[str]:
    """The names of the table's player rows, top to bottom, of the first screen in `screen`."""
    lines = screen.splitlines()
    start = lines.index("Players") + 1
    rows = []
    for line in lines[start:]:
        if not line.strip():
            break
        rows.append(line[2:].split("  ")[0])
    return rows


def test_a_counterclockwise_game_shows_the_real_turn_order_everywhere(tmp_path: Path) -> None:
    # Cuban goes counter-clockwise: after You comes seat 4, then 3, then 2.
    played = domino(
        "play", "cuban", "--players", "human,greedy,greedy,greedy", "--seed", "3", "--save", "g.json",
        cwd=tmp_path, stdin=QUIT,
    )  # fmt: skip
    assert played.status is ExitStatus.OK, played.stderr
    order = "In turn order: You, Computer 4 (greedy), Computer 3 (greedy), Computer 2 (greedy)."
    assert played.stdout.splitlines()[1] == f"{order} Seed 3 (chosen)."
    assert _players_rows(played.stdout) == ["You", "Computer 4", "Computer 3", "Computer 2"]
    resumed = domino("resume", "g.json", cwd=tmp_path, stdin=QUIT)
    assert resumed.status is ExitStatus.OK, resumed.stderr
    header = resumed.stdout.splitlines()[:2]
    assert header == ["Resuming g.json: Cuban dominoes (partnership, double-nine), round 1.", order]
    assert _players_rows(resumed.stdout) == ["You", "Computer 4", "Computer 3", "Computer 2"]


def test_a_clockwise_game_keeps_the_seat_order(tmp_path: Path) -> None:
    played = domino(
        "play", "draw", "--players", "human,greedy,greedy", "--seed", "1", "--save", "g.json", cwd=tmp_path, stdin=QUIT
    )
    order = "In turn order: You, Computer 2 (greedy), Computer 3 (greedy)."
    assert played.stdout.splitlines()[1] == f"{order} Seed 1 (chosen)."
    assert _players_rows(played.stdout) == ["You", "Computer 2", "Computer 3"]


def test_the_starter_is_named_by_the_start_rule_itself(tmp_path: Path) -> None:
    # Bergen's starter holds the lowest double: its rank is 100 − the higher half of a double.
    played = domino("play", "bergen", "--players", "human,greedy", "--seed", "1", "--save", "g.json", cwd=tmp_path)
    assert (
        "Round 1: 6 tiles each. Computer starts, holding the tile the start rule ranks highest (rank: 100 − the "
        "higher half if the tile is a double, otherwise 0), and leads [2|2]."
    ) in played.stdout
    assert "highest-ranked" not in played.stdout
    block = domino("play", "block", "--players", "human,greedy", "--seed", "4", "--save", "b.json", cwd=tmp_path)
    assert "Round 1: 7 tiles each. You start, holding [6|6], and lead [6|6]." in block.stdout.splitlines()


def test_the_open_ends_count_is_shown_only_where_it_scores(tmp_path: Path) -> None:
    # Straight scores the sum of the open ends; Bergen scores headers (ends alike), never the sum;
    # Draw scores nothing during play.
    straight = domino(
        "play", "straight", "--players", "human,greedy", "--seed", "1", "--save", "s.json", cwd=tmp_path,
        stdin=FIRST_THEN_QUIT,
    )  # fmt: skip
    assert "The sum of the open ends is 17." in straight.stdout.splitlines()
    for variant in ("bergen", "draw"):
        played = domino(
            "play", variant, "--players", "human,greedy", "--seed", "1", "--save", f"{variant}.json", cwd=tmp_path,
            stdin=FIRST_THEN_QUIT,
        )  # fmt: skip
        assert played.status is ExitStatus.OK, played.stderr
        assert "open ends count" not in played.stdout and "sum of the open ends" not in played.stdout


def test_a_drawn_seed_is_said_once_the_game_is_over_never_while_it_goes_on(tmp_path: Path) -> None:
    """A seed nobody chose names every hand: the player learns it when the match is over (to play
    that deal again), not at its start; a chosen one is said at the start, as chosen."""
    quit_early = domino("play", "draw", "--players", "human,greedy", "--save", "q.json", cwd=tmp_path, stdin=QUIT)
    assert quit_early.status is ExitStatus.OK, quit_early.stderr
    assert "Seed" not in quit_early.stdout and "Dealt from seed" not in quit_early.stdout
    played = domino("play", "draw", "--players", "random,greedy", "--target", "10", "--save", "g.json", cwd=tmp_path)
    assert played.status is ExitStatus.OK, played.stderr
    seed = read_save(tmp_path / "g.json", "g.json").seed
    assert f"Seed {seed}" not in played.stdout.splitlines()[1]
    assert played.stdout.splitlines()[-1] == f"Dealt from seed {seed}: domino play --seed {seed} deals it again."
    chosen = domino("play", "draw", "--players", "human,greedy", "--seed", "5", "--save", "c.json", cwd=tmp_path,
                    stdin=QUIT)  # fmt: skip
    assert chosen.stdout.splitlines()[1].endswith(" Seed 5 (chosen).")
