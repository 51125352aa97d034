"""What `domino play` says of places and of forced moves: "the left end", "above the [6|6]", "your
train", "Computer 2's train", "the Mexican train" in the table's rows, the move list, the narration,
the refusals; why only draw, pass or a marker is offered, at the prompt. The typed grammar keeps
working: a move's number, a tile, a tile with its place's number (also "on arm 0")."""

from __future__ import annotations

from pathlib import Path

from interpreter.frontends.cli.commands.environment import ExitStatus
from tests.clirunner import domino


def _lines(stdout: str, first: str, count: int) -> list[str]:
    lines = stdout.splitlines()
    start = lines.index(first)
    return lines[start : start + count]


def test_a_line_game_says_where_in_words_and_why_it_must_draw(tmp_path: Path) -> None:
    typed = "6-5\n6-5 9\n6-5 on arm 0\n1\n1\nquit\n"
    played = domino(
        "play", "draw", "--players", "human,greedy", "--seed", "1", "--save", "g.json", cwd=tmp_path, stdin=typed
    )
    assert played.status is ExitStatus.OK, played.stderr
    out = played.stdout
    assert _lines(out, "[6|6]", 5) == [
        "[6|6]",
        "   0  the left end                 shows 6",
        "   1  the right end                shows 6",
        "   2  above the [6|6]              shows 6",
        "   3  below the [6|6]              shows 6",
    ]
    assert _lines(out, "Your moves", 11) == [
        "Your moves",
        "   1  [6|5] on the left end, which then shows 5",
        "   2  [6|5] above the [6|6], which then shows 5",
        "Your move (1–2, or help): 6-5",
        "[6|5] fits the left end (0) and above the [6|6] (2): add the place's number (6-5 0) or type the move's (1, 2)",
        "Your move (1–2, or help): 6-5 9",
        "there is no place 9; you can play [6|5]",
        "Your move (1–2, or help): 6-5 on arm 0",  # the old way of naming a place still reads
        "You played [6|5] on the left end.",
        "Computer played [6|2] on the right end.",
        "",
    ]
    assert _lines(out, "Your hand: [5|1] [5|0] [4|4] [4|1] [1|0]", 6) == [
        "Your hand: [5|1] [5|0] [4|4] [4|1] [1|0]",
        "Your moves",
        "   1  draw a tile (14 left to draw)",
        "  No tile matches 2, 3 or 6 — draw one.",
        "Your move (1, or help): 1",
        "You drew [1|1].",
    ]
    assert "on arm" not in out.replace("6-5 on arm 0", "")


def test_a_hub_names_the_trains_and_says_why_the_marker_goes_out(tmp_path: Path) -> None:
    played = domino(
        "play", "mexican-train", "--players", "human,greedy,greedy", "--seed", "6", "--save", "g.json",
        cwd=tmp_path, stdin="1\n1\nquit\n",
    )  # fmt: skip
    assert played.status is ExitStatus.OK, played.stderr
    out = played.stdout
    assert _lines(out, "Engine [12|12] in the centre; every train starts with a 12.", 5) == [
        "Engine [12|12] in the centre; every train starts with a 12.",
        "   0  your train                   shows 12",
        "   1  Computer 2's train           shows 12  (not open to you now)",
        "   2  Computer 3's train           shows 12  (not open to you now)",
        "   3  the Mexican train            shows 12",
    ]
    assert "   1  draw a tile (45 left to draw)\n  No tile matches 12 — draw one.\n" in out
    assert (
        "   1  put out your marker (your train opens to everyone) and pass\n"
        "  Nothing fits after drawing: put out your marker, your train is now open to everyone.\n"
        "Your move (1, or help): 1\n"
        "You put out a marker and passed.\n"
        "Computer 2 played [12|9] on your train.\n"
        "Computer 3 played [12|8] on their train.\n"
    ) in out


def test_a_chicken_foot_names_its_trains_and_toes_and_why_nothing_else_may_be_played(tmp_path: Path) -> None:
    played = domino(
        "play", "chicken-foot", "--players", "human,greedy", "--seed", "2", "--save", "g.json",
        cwd=tmp_path, stdin="1\n" * 20 + "quit\n",
    )  # fmt: skip
    assert played.status is ExitStatus.OK, played.stderr
    out = played.stdout
    assert "Open double [9|9]: 4 more tile(s) on shared train 1, on shared train 2, on shared train 3 or on " in out
    rows = _lines(out, "   2  shared train 3, middle toe   [9|0][0|6][6|5][5|5] shows 5", 5)
    assert rows == [
        "   2  shared train 3, middle toe   [9|0][0|6][6|5][5|5] shows 5",
        "   3  shared train 4               [9|1][1|6] shows 6  (not open to you now)",
        "   4  the left toe of the [5|5]    shows 5",
        "   5  the right toe of the [5|5]   shows 5",
        "Open double [5|5]: 3 more tile(s) on its toes before play goes anywhere else.",
    ]
    forced = "  The [5|5] must be covered first; no tile matches 5 — draw one.\n"
    # Move 1 is each play made without a tap (play.announce_last): a tile went to a silent last tile.
    assert "   2  [5|3] on shared train 1, tapping the table: one tile left, which then shows 3\n" in out
    assert "You did not tap for the last tile: a tile from the boneyard.\n" in out
    assert "   1  draw a tile (37 left to draw)\n" + forced in out
    assert (
        "   1  pass\n"
        "  The [5|5] must be covered first; nothing fits after drawing: pass.\n"
        "Your move (1, or help): 1\n"
        "You passed.\n"
        "Computer played [5|2] on the middle toe of the [5|5].\n"
    ) in out


def test_the_leader_sees_and_names_the_end_a_lead_leaves_open(tmp_path: Path) -> None:
    typed = "6-4\n6-4 open 5\n6-4 open 6\nquit\n"
    played = domino(
        "play", "jie-long", "--players", "human,heavy", "--seed", "1", "--save", "g.json", cwd=tmp_path, stdin=typed
    )
    assert played.status is ExitStatus.OK, played.stderr
    out = played.stdout
    assert _lines(out, "Your moves", 4)[1:] == [
        "   1  lead [6|6]",
        "   2  lead [6|4], the 6 end open",
        "   3  lead [6|4], the 4 end open",
    ]
    assert _lines(out, "Your move (1–19, or help): 6-4", 6)[1:] == [
        "[6|4] leads with either end open: type 2 (the 6 end open) or 3 (the 4 end open)",
        "Your move (1–19, or help): 6-4 open 5",
        "'6-4 open 5' is no lead you may make now: type a number from 1 to 19",
        "Your move (1–19, or help): 6-4 open 6",
        "You led [6|4], the 6 end open.",
    ]
    assert _lines(out, "[4|6][6|5]", 3)[1:] == [
        "   0  the left end                 shows 4  (closed: the line grows from the other end only)",
        "   1  the right end                shows 5",
    ]
