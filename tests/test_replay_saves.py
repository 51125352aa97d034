"""`domino replay SAVE`: a game saved by `domino play` (or the browser) replays as a log does.

The save is read by interpreter/records/savegame.py (`read_save`) and checked by `rebuild`, as
`domino resume` and the browser's replay viewer check it; these tests run the command as a user
would, on saves written by `domino play`.
"""

from __future__ import annotations

import json
from pathlib import Path

from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.records.savegame import read_save
from tests.clirunner import domino

COMPUTERS = ("--players", "greedy,greedy", "--target", "20")
SHORT = ("--players", "human,random", "--target", "20")


def _actions(path: Path) -> int:
    return sum(event["type"] == "action" for event in read_save(path).events)


def _finished(tmp_path: Path) -> Path:
    played = domino("play", "draw", *COMPUTERS, "--seed", "3", "--save", "fin.json", cwd=tmp_path)
    assert played.status is ExitStatus.OK, played.stderr
    return tmp_path / "fin.json"


def _unfinished(tmp_path: Path) -> Path:
    played = domino("play", "draw", *SHORT, "--seed", "7", "--save", "half.json", cwd=tmp_path, stdin="1\n1\nquit\n")
    assert played.status is ExitStatus.OK, played.stderr
    return tmp_path / "half.json"


def _refused(tmp_path: Path, name: str) -> str:
    result = domino("replay", name, cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE
    assert result.stdout == ""
    return result.stderr


def test_a_save_of_a_finished_game_replays(tmp_path):
    save = _finished(tmp_path)
    result = domino("replay", "fin.json", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert result.stdout == (
        f"fin.json: a saved game, {_actions(save)} actions replayed, all consistent (the game is over)\n"
    )
    assert result.stderr == ""


def test_a_save_of_an_unfinished_game_replays_and_says_how_to_continue_it(tmp_path):
    save = _unfinished(tmp_path)
    result = domino("replay", "half.json", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert result.stdout == (
        f"half.json: a saved game, {_actions(save)} actions replayed, all consistent "
        "(the game is unfinished: 'domino resume half.json' continues it)\n"
    )


def test_a_save_of_format_version_1_replays(tmp_path):
    save = _finished(tmp_path)
    (tmp_path / "old.json").write_text(json.dumps(read_save(save).to_json()))
    result = domino("replay", "old.json", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert result.stdout.startswith(f"old.json: a saved game, {_actions(save)} actions replayed, all consistent")


def test_a_save_of_a_format_version_this_domino_does_not_read_is_refused(tmp_path):
    lines = _finished(tmp_path).read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    (tmp_path / "future.json").write_text(json.dumps({**header, "version": 3}) + "\n" + "".join(lines[1:]))
    assert _refused(tmp_path, "future.json") == (
        "domino replay: future.json is a save of format version 3; this domino reads versions 1 and 2\n"
    )


def test_a_save_played_by_other_rules_than_todays_is_refused(tmp_path):
    """A save from another version of the rules (its digest differs) does not replay under today's."""
    lines = _finished(tmp_path).read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    (tmp_path / "other.json").write_text(json.dumps({**header, "digest": "0" * 64}) + "\n" + "".join(lines[1:]))
    assert _refused(tmp_path, "other.json") == (
        "domino replay: the rules of 'draw-custom' have changed since this game was saved, so it cannot continue\n"
    )


def test_a_save_with_a_changed_score_is_refused_with_the_reason(tmp_path):
    lines = _finished(tmp_path).read_text().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if json.loads(line).get("type") == "round_end")
    event = json.loads(lines[at])
    event["scores"] = [score + 1 for score in event["scores"]]
    lines[at] = json.dumps(event) + "\n"
    (tmp_path / "changed.json").write_text("".join(lines))
    assert _refused(tmp_path, "changed.json") == (
        "domino replay: the save does not replay: its event log differs from what its moves produce (damaged?)\n"
    )


def test_a_save_with_an_illegal_move_is_refused_with_the_reason(tmp_path):
    lines = _finished(tmp_path).read_text().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if json.loads(line).get("type") == "action")
    event = json.loads(lines[at])
    event["action"]["tile"] = [9, 9]
    lines[at] = json.dumps(event) + "\n"
    (tmp_path / "illegal.json").write_text("".join(lines))
    stderr = _refused(tmp_path, "illegal.json")
    assert stderr.startswith("domino replay: the save does not replay: "), stderr
    assert "9" in stderr and stderr.count("\n") == 1


def test_a_save_with_a_damaged_line_is_refused_naming_the_line(tmp_path):
    lines = _finished(tmp_path).read_text().splitlines(keepends=True)
    lines[4] = "{damaged\n"
    (tmp_path / "torn.json").write_text("".join(lines))
    stderr = _refused(tmp_path, "torn.json")
    assert stderr.startswith("domino replay: torn.json:5:"), stderr
    assert stderr.endswith("; is it damaged?)\n")


def test_a_file_that_claims_another_format_is_not_taken_for_a_save(tmp_path):
    (tmp_path / "other.json").write_text('{"format": "chess-save", "version": 1}\n')
    assert _refused(tmp_path, "other.json") == "domino replay: other.json is not a domino save\n"


def test_a_save_of_a_rule_file_that_changed_asks_for_rules_and_replays_with_them(tmp_path):
    (tmp_path / "house.yaml").write_text("name: house\nextends: draw\nmatch: {target: 20}\n")
    played = domino("play", "house.yaml", "--players", "greedy,greedy", "--seed", "5", "--save", "h.json", cwd=tmp_path)
    assert played.status is ExitStatus.OK, played.stderr
    (tmp_path / "house.yaml").rename(tmp_path / "moved.yaml")
    stderr = _refused(tmp_path, "h.json")
    assert stderr == (
        "domino replay: h.json was played by the rule file 'house.yaml', which is not here or has changed since; "
        "pass --rules FILE with the rule file it was played by\n"
    )
    result = domino("replay", "h.json", "--rules", "moved.yaml", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert result.stdout.startswith("h.json: a saved game, ")


def test_the_help_names_saves(capsys):
    result = domino("replay", "--help")  # argparse prints its help to the process's own stdout
    assert result.status is ExitStatus.OK
    help_text = " ".join(capsys.readouterr().out.split())
    assert "Replay a JSON Lines game log, or a saved game, through the engine" in help_text
    assert "a game saved by 'play' or 'serve'" in help_text
