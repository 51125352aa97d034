"""A save whose last action was cut short by a crash (its lines written in part, or its tail turned to
NUL bytes, as some file systems leave a file whose data never reached the disk) resumes and replays
at the action before, saying what it dropped: that action was never answered as saved. Damage
anywhere else is still refused with its reason, and a trailing blank line is no damage at all."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from interpreter.engine import Action, Match
from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.records.savegame import SavedGame, SaveError, SaveJournal, cut_note, parse_save, read_save, rebuild
from interpreter.rulefile.loader import load_ruleset
from tests.clirunner import domino

DRAW = load_ruleset("draw")


def _saved(tmp_path: Path, actions: int, *, person: bool = False) -> tuple[Path, list, int]:
    """A journal of `actions` random actions of draw (seed 3), the match's events, and where the
    last action's record starts among them. With `person`, a person sits where the last action was
    made (resumed before it, they are asked to move), a computer in the other seat."""
    match = Match(DRAW, players=2, seed=3)
    choices = random.Random(3)
    for _ in range(actions):
        before = len(match.events)
        legal = match.legal_actions()
        match.apply(legal[choices.randrange(len(legal))])
    seats = ["human" if person and seat == match.events[before]["seat"] else "random" for seat in range(2)]
    path = tmp_path / "g.json"
    SaveJournal.start(path, SavedGame("draw", [], DRAW.digest, 3, seats, match.events)).close()
    return path, match.events, before


def _line(event: dict) -> bytes:
    return (json.dumps(event, separators=(",", ":")) + "\n").encode()


def _what(event: dict) -> str:
    return f"seat {event['seat']}: {Action.from_json(event['action'])}"


def _expected_cut(events: list, last: int, kept: int, whole: bytes, zeroed: bool) -> str | None:
    """What a reader says of the journal `whole` cut to `kept` bytes, or with the bytes after them
    `zeroed` (its last action's record at `last`)."""
    group = len(whole) - sum(map(len, map(_line, events[last:])))
    if kept == group and not zeroed:
        return None  # cut exactly before the last action: a sound save, one action shorter
    if kept >= group + len(_line(events[last])):
        return _what(events[last])  # the action's line is whole: it is named
    return ""  # the action's own line is cut: what it was cannot be read


@pytest.mark.parametrize("actions", [13, 26])  # the last action ends a round (4 records), or draws (2)
def test_a_journal_cut_at_every_byte_of_its_last_action_rebuilds_at_the_action_before(tmp_path, actions):
    path, events, last = _saved(tmp_path, actions)
    whole = path.read_bytes()
    group = len(whole) - sum(map(len, map(_line, events[last:])))
    assert len(events) - last == (4 if actions == 13 else 2)
    cuts = 0
    for kept in range(group, len(whole)):
        for zeroed in (False, True):  # cut, or its tail turned to NUL bytes
            torn = whole[:kept] + b"\0" * (len(whole) - kept) * zeroed
            game = parse_save(torn, "g.json")  # read_save's reading of a file's bytes, without the disk
            match = rebuild(game, DRAW)
            assert match.events == events[:last] == game.events, (kept, torn[-40:])
            assert game.cut == _expected_cut(events, last, kept, whole, zeroed), (kept, torn[-40:])
            cuts += 1
    assert cuts == 2 * (len(whole) - group)
    path.write_bytes(whole[:-1])  # from a file, as read_save reads it
    game = read_save(path)
    assert rebuild(game, DRAW).events == events[:last] and game.cut == _what(events[last])
    path.write_bytes(whole)  # the whole save: nothing dropped
    game = read_save(path)
    assert rebuild(game, DRAW).events == events and game.cut is None


def test_the_note_names_the_dropped_action_and_what_was_done():
    game = SavedGame("draw", [], DRAW.digest, 3, ["human", "random"])
    assert cut_note(game, "resumed") is None
    game.cut = "seat 1: 6-0 on arm 3"
    assert cut_note(game, "resumed") == (
        "the save's last action (seat 1: 6-0 on arm 3) was cut short by a crash; resumed before it"
    )
    game.cut = ""
    assert cut_note(game, "replayed") == "the save's last action was cut short by a crash; replayed before it"


def test_a_trailing_blank_line_is_no_damage(tmp_path):
    path, events, _ = _saved(tmp_path, 13)
    whole = path.read_bytes()
    for tail in (b"\n", b"\n\n", b" \n", b"\r\n", b"\n  "):
        path.write_bytes(whole + tail)
        game = read_save(path)
        assert rebuild(game, DRAW).events == events and game.cut is None, tail


def test_damage_anywhere_but_the_torn_tail_is_still_refused_with_its_reason(tmp_path):
    path, _events, last = _saved(tmp_path, 13)
    lines = path.read_bytes().split(b"\n")  # lines[n] holds events[n - 1]
    middle = 5
    for damaged, reason in (
        (lines[:middle] + lines[middle + 1 :], "does not replay"),  # a record missing in the middle
        ([*lines[:middle], b"\x00" * 20, *lines[middle + 1 :]], "g.json:6:1: not a domino save"),  # NULs in the middle
        (lines[: last + 2] + lines[last + 3 :], "does not replay"),  # the last action's score gone, the rest there
        ([*lines[:-2], b"{half", b""], f"g.json:{len(lines) - 1}:2: not a domino save"),  # a whole line, damaged
        ([*lines[:-2], b'{"type":"bogus"}', b""], "does not replay"),  # a record the engine never made
        ([*lines[: last + 1], b"\x00" * 8, *lines[last + 1 :]], "not a domino save"),  # NULs, then whole lines
    ):
        path.write_bytes(b"\n".join(damaged))
        with pytest.raises(SaveError, match=reason):
            rebuild(read_save(path, "g.json"), DRAW)


# --- through the commands ------------------------------------------------------------------------------


def _cut_points(events: list, last: int, whole: bytes) -> list[tuple[bytes, str]]:
    """One journal of each kind of cut in the last action (a draw: the action's line and a draw
    record), and the note's words: the action's line cut in the middle, whole but for its "\\n",
    whole with nothing after, its record cut, its tail turned to NUL bytes."""
    group = len(whole) - sum(map(len, map(_line, events[last:])))
    action = group + len(_line(events[last]))
    named = f" ({_what(events[last])})"
    return [
        (whole[: group + 10], ""),
        (whole[: action - 1], ""),
        (whole[:action], named),
        (whole[: action + 5], named),
        (whole[:-1], named),
        (whole[:action] + b"\0" * (len(whole) - action), named),
        (whole[:group] + b"\0" * (len(whole) - group), ""),
    ]


def test_replay_and_resume_continue_before_a_cut_last_action_and_say_so(tmp_path):
    path, events, last = _saved(tmp_path, 26, person=True)
    whole = path.read_bytes()
    actions = sum(event["type"] == "action" for event in events[:last])
    for torn, named in _cut_points(events, last, whole):
        path.write_bytes(torn)
        replayed = domino("replay", "g.json", cwd=tmp_path)
        assert replayed.status is ExitStatus.OK, replayed.stderr
        assert replayed.stderr == f"domino replay: g.json: the save's last action{named} was cut short by a crash; " \
            "replayed before it\n"  # fmt: skip
        assert f"a saved game, {actions} actions replayed, all consistent" in replayed.stdout
        resumed = domino("resume", "g.json", cwd=tmp_path, stdin="quit\n")
        assert resumed.status is ExitStatus.OK, resumed.stderr
        assert resumed.stderr == f"domino resume: g.json: the save's last action{named} was cut short by a crash; " \
            "resumed before it\n"  # fmt: skip
        assert path.read_bytes() == whole[: len(whole) - sum(map(len, map(_line, events[last:])))]  # rewritten sound
        again = domino("replay", "g.json", cwd=tmp_path)
        assert again.status is ExitStatus.OK and again.stderr == "", again.stderr
