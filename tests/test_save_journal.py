"""Saves as an append-only journal (format version 2): one event a line, appended and fdatasynced
after every action, so that saving one action costs the same at the start and at the end of a
long game. Version 1 saves (one JSON document) still load and resume."""

from __future__ import annotations

import copy
import errno
import json
import os
import random
import stat
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.engine import Match
from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.records.savegame import SavedGame, SaveError, SaveJournal, read_save, rebuild
from interpreter.rulefile.loader import load_ruleset
from tests.clirunner import domino

REPO = Path(__file__).resolve().parent.parent
ALWAYS_FIRST = "1\n" * 3000
HEADER_KEYS = {"format", "version", "variant", "settings", "digest", "seed", "seats"}


def _played(variant: str = "draw", players: int = 2, seed: int = 3, actions: int = 12) -> tuple[SavedGame, Match]:
    """A match after `actions` random legal actions, and its save (whose events are the match's log)."""
    ruleset = load_ruleset(variant)
    match = Match(ruleset, players=players, seed=seed)
    choices = random.Random(seed)
    for _ in range(actions):
        legal = match.legal_actions()
        match.apply(legal[choices.randrange(len(legal))])
    return SavedGame(variant, [], ruleset.digest, seed, ["random"] * players, match.events), match


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


# --- the format ------------------------------------------------------------------------------------


def test_a_journal_is_a_header_line_then_one_event_a_line(tmp_path):
    game, match = _played()
    path = tmp_path / "g.json"
    journal = SaveJournal.start(path, game)
    try:
        assert journal.path == path and journal.written == len(match.events)
    finally:
        journal.close()
    lines = _lines(path)
    assert lines[-1] == ""  # every line ends in "\n", the last one too
    header = json.loads(lines[0])
    assert header == {"format": "domino-save", "version": 2, "variant": "draw", "settings": [],
                      "digest": game.digest, "seed": 3, "seats": ["random", "random"]}  # fmt: skip
    assert [json.loads(line) for line in lines[1:-1]] == match.events
    assert all(": " not in line and ", " not in line for line in lines[1:-1])  # compact
    again = read_save(path)
    assert asdict(again) == asdict(game)


def test_record_appends_what_the_log_gained_and_the_save_rebuilds(tmp_path):
    game, match = _played(actions=0)
    path = tmp_path / "g.json"
    journal = SaveJournal.start(path, game)
    choices = random.Random(1)
    try:
        while not match.is_over:
            legal = match.legal_actions()
            match.apply(legal[choices.randrange(len(legal))])
            journal.record(match.events)
            assert journal.written == len(match.events)
        journal.record(match.events)  # nothing new: nothing written
    finally:
        journal.close()
    saved = read_save(path)
    assert saved.events == match.events
    assert len(_lines(path)) == len(match.events) + 2
    assert rebuild(saved, load_ruleset("draw")).events == match.events


def test_a_rule_file_is_named_in_the_header(tmp_path):
    game, _ = _played()
    game.rules_file, game.rules_sha256 = "/somewhere/house.yaml", "ab" * 32
    path = tmp_path / "g.json"
    SaveJournal.start(path, game).close()
    header = json.loads(_lines(path)[0])
    assert header["rules_file"] == "/somewhere/house.yaml" and header["rules_sha256"] == "ab" * 32
    assert read_save(path).rules_sha256 == "ab" * 32


def test_start_replaces_the_whole_save_in_one_step(tmp_path):
    game, _ = _played(actions=20)
    path = tmp_path / "g.json"
    first = SaveJournal.start(path, game)
    first.close()
    shorter = copy.copy(game)
    shorter.events = game.events[:5]
    second = SaveJournal.start(path, shorter)
    second.close()
    assert read_save(path).events == game.events[:5]
    assert second.written == 5
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]  # no temporary file left


def test_saves_are_private_to_their_user(tmp_path):
    game, _ = _played()
    path = tmp_path / "g.json"
    path.write_text("an older save, readable by all")
    path.chmod(0o644)
    SaveJournal.start(path, game).close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    result = domino("play", "--players", "human,random", "--seed", "1", "--save", "p.json", cwd=tmp_path,
                    stdin="1\nquit\n")  # fmt: skip
    assert result.status is ExitStatus.OK, result.stderr
    assert stat.S_IMODE((tmp_path / "p.json").stat().st_mode) == 0o600


def test_record_refuses_a_log_shorter_than_the_save(tmp_path):
    game, match = _played()
    journal = SaveJournal.start(tmp_path / "g.json", game)
    try:
        with pytest.raises(ValueError, match="shorter"):
            journal.record(match.events[:3])
    finally:
        journal.close()


def test_a_save_moved_or_replaced_during_the_game_is_not_appended_to_unseen(tmp_path):
    game, match = _played(actions=20)
    path = tmp_path / "g.json"
    first = copy.copy(game)
    first.events = match.events[:5]
    (tmp_path / "other.json").write_text("another file")
    for change in (lambda: path.rename(tmp_path / "moved.json"), lambda: (tmp_path / "other.json").replace(path)):
        journal = SaveJournal.start(path, first)
        try:
            change()
            with pytest.raises(SaveError) as raised:
                journal.record(match.events)
            assert (
                str(raised.value)
                == f"{path} was moved, removed or replaced during the game, so it cannot be saved there"
            )
        finally:
            journal.close()
    assert read_save(tmp_path / "moved.json").events == match.events[:5]


def test_a_closed_journal_is_not_written(tmp_path):
    game, _ = _played()
    journal = SaveJournal.start(tmp_path / "g.json", game)
    journal.close()
    journal.close()  # twice is fine
    with pytest.raises(ValueError, match="closed"):
        journal.append([{"type": "note"}])


# --- reading ---------------------------------------------------------------------------------------


def _journal(tmp_path: Path, actions: int = 12) -> tuple[Path, SavedGame]:
    game, _ = _played(actions=actions)
    path = tmp_path / "g.json"
    SaveJournal.start(path, game).close()
    return path, game


def test_a_torn_last_line_is_ignored(tmp_path):
    path, game = _journal(tmp_path)
    whole = path.read_bytes()
    more, _ = _played(actions=13)
    line = json.dumps(more.events[len(game.events)], separators=(",", ":")).encode()
    for tail in (line[: len(line) // 2], line, b"\xe2\x82"):  # cut anywhere, even mid-character
        path.write_bytes(whole + tail)
        assert read_save(path).events == game.events
    # Resuming rewrites the save whole, without the torn line.
    path.write_bytes(whole + line[:10])
    result = domino("resume", "g.json", cwd=tmp_path, stdin="quit\n")
    assert result.status is ExitStatus.OK, result.stderr
    lines = _lines(path)
    assert lines[-1] == "" and all(json.loads(text) for text in lines[:-1])
    assert read_save(path).events[: len(game.events)] == game.events


def test_a_damaged_line_is_reported_with_its_number(tmp_path):
    path, _ = _journal(tmp_path)
    lines = _lines(path)
    for damage, message in (
        ("{not json", "g.json:4:2: not a domino save (not JSON: Expecting property name enclosed in double quotes"),
        ('{"type": Infinity}', "g.json:4:10: not a domino save ('Infinity' is not a number a save or a log holds"),
        ("[1, 2]", "g.json:4: not a domino save (line 4 holds [1, 2], not an event"),
        ("", "g.json:4:1: not a domino save (not JSON: Expecting value"),
    ):
        path.write_text("\n".join([*lines[:3], damage, *lines[4:]]))
        with pytest.raises(SaveError) as raised:
            read_save(path, "g.json")
        assert str(raised.value) == f"{message}; is it damaged?)"
    # The last line, ended by its "\n", is no torn write: damage too.
    path.write_text("\n".join([*lines[:-2], "{half"]) + "\n")
    with pytest.raises(SaveError, match=rf"^g.json:{len(lines) - 1}:2: not a domino save"):
        read_save(path, "g.json")
    path.write_bytes(b"\n".join([*(s.encode() for s in lines[:3]), b'{"type": "\xff"}', b""]))
    with pytest.raises(SaveError, match=r"^g.json:4:11: not a domino save \(not UTF-8 text; is it damaged\?\)$"):
        read_save(path, "g.json")


def test_a_damaged_line_is_reported_by_resume(tmp_path):
    path, _ = _journal(tmp_path)
    lines = _lines(path)
    path.write_text("\n".join([*lines[:5], "{\x1b[2J", *lines[6:]]))
    result = domino("resume", "g.json", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE
    assert result.stderr.startswith("domino resume: g.json:6:2: not a domino save (not JSON:"), result.stderr
    assert "\x1b" not in result.stderr and "Traceback" not in result.stderr


def test_a_damaged_header_is_reported_on_line_1(tmp_path):
    path, _ = _journal(tmp_path)
    lines = _lines(path)
    header = json.loads(lines[0])
    for key, value, message in (
        ("version", 3, "g.json is a save of format version 3; this domino reads versions 1 and 2"),
        ("seats", "human", "g.json is damaged: 'seats' is missing or not a list"),
        ("format", "other", "g.json is not a domino save"),
    ):
        path.write_text("\n".join([json.dumps({**header, key: value}), *lines[1:]]))
        with pytest.raises(SaveError) as raised:
            read_save(path, "g.json")
        assert str(raised.value) == message
    path.write_text("\n".join([lines[0].replace(f'"seed":{header["seed"]}', '"seed":1e400'), *lines[1:]]))
    with pytest.raises(SaveError, match=r"^g.json:1:\d+: not a domino save \(a decimal number"):
        read_save(path, "g.json")


def _version_1(game: SavedGame) -> str:
    """The save as domino wrote it before journals: one JSON document holding every event."""
    fields = {key: value for key, value in asdict(game).items() if value is not None}
    return json.dumps({"format": "domino-save", "version": 1, **fields}, separators=(",", ":")) + "\n"


def test_a_version_1_save_still_loads_and_resumes_as_a_journal(tmp_path):
    args = ("play", "--players", "human,random", "--seed", "5", "--target", "40")
    whole = domino(*args, "--save", "whole.json", cwd=tmp_path, stdin=ALWAYS_FIRST)
    assert "Match over" in whole.stdout
    domino(*args, "--save", "half.json", cwd=tmp_path, stdin="1\n" * 12 + "quit\n")
    half = read_save(tmp_path / "half.json")
    old = tmp_path / "old.json"
    old.write_text(_version_1(half))
    assert asdict(read_save(old)) == asdict(half)
    old.write_text(json.dumps(json.loads(_version_1(half)), indent=2))  # by hand, pretty-printed
    assert read_save(old).events == half.events
    resumed = domino("resume", "old.json", cwd=tmp_path, stdin=ALWAYS_FIRST)
    assert resumed.status is ExitStatus.OK, resumed.stderr
    assert "Resuming old.json" in resumed.stdout and "Match over" in resumed.stdout
    assert json.loads(_lines(old)[0])["version"] == 2  # converted when resumed
    assert read_save(old).events == read_save(tmp_path / "whole.json").events


def test_a_version_1_save_with_more_after_it_is_refused(tmp_path):
    game, _ = _played()
    path = tmp_path / "g.json"
    path.write_text(_version_1(game) + "{}\n")
    with pytest.raises(SaveError, match=r"^g.json:2:1: not a domino save \(not JSON: Extra data; is it damaged\?\)$"):
        read_save(path, "g.json")


# --- the terminal ----------------------------------------------------------------------------------


def test_the_terminal_appends_after_every_action_and_never_rewrites(tmp_path, monkeypatch):
    replaced: list[str] = []
    real_replace = os.replace

    def spy(source, target, *args, **kwargs):
        replaced.append(Path(target).name)
        return real_replace(source, target, *args, **kwargs)

    monkeypatch.setattr(os, "replace", spy)
    result = domino("play", "--players", "human,random", "--seed", "4", "--target", "40", "--save", "g.json",
                    cwd=tmp_path, stdin="1\n" * 6 + "quit\n")  # fmt: skip
    assert result.status is ExitStatus.OK, result.stderr
    assert replaced == ["g.json"]  # written whole once, at the start; appended to after that
    lines = _lines(tmp_path / "g.json")
    assert set(json.loads(lines[0])) == HEADER_KEYS and json.loads(lines[0])["version"] == 2
    events = [json.loads(line) for line in lines[1:-1]]
    assert sum(e["type"] == "action" and e["seat"] == 0 for e in events) == 6
    replaced.clear()
    resumed = domino("resume", "g.json", cwd=tmp_path, stdin="1\n" * 4 + "quit\n")
    assert resumed.status is ExitStatus.OK, resumed.stderr
    assert replaced == ["g.json"]
    assert sum(e["type"] == "action" and e["seat"] == 0 for e in read_save(tmp_path / "g.json").events) == 10


def test_a_failed_save_at_the_terminal_says_the_move_was_not_saved(tmp_path, monkeypatch):
    def failing(_descriptor: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "fdatasync", failing)
    result = domino("play", "--players", "human,random", "--seed", "4", "--save", "g.json", cwd=tmp_path,
                    stdin="1\n1\nquit\n")  # fmt: skip
    assert result.status is ExitStatus.FAILURE
    path = tmp_path / "g.json"
    assert result.stderr == (
        f"\ndomino: cannot save the game to {path}: Input/output error; the last move was not saved\n"
    )
    events = read_save(path).events
    assert [e["type"] for e in events] == ["match", "deal"]  # as saved at the start, nothing half-written
    assert path.read_bytes().endswith(b"\n")


# --- a full disk, a read-only save -----------------------------------------------------------------

# Appends to a journal under a file-size limit just above its size (SIGXFSZ ignored, so the write
# fails with EFBIG instead of killing the process), then again with the limit lifted.
EFBIG_CHILD = r"""
import hashlib, json, resource, signal, sys
from pathlib import Path
from interpreter.records.savegame import SaveError, SaveJournal, read_save

path, events = Path(sys.argv[1]), json.loads(Path(sys.argv[2]).read_text())
journal = SaveJournal.start(path, read_save(path))
before = hashlib.sha256(path.read_bytes()).hexdigest()
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
_, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (path.stat().st_size + 40, hard))
try:
    journal.record(events)
    refused = None
except SaveError as error:
    refused = str(error)
after = hashlib.sha256(path.read_bytes()).hexdigest()
written = journal.written
resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))
journal.record(events)
journal.close()
print(json.dumps({"refused": refused, "same": before == after, "written": written, "final": journal.written}))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file-size limits")
def test_an_append_over_the_file_size_limit_is_refused_and_the_save_stays_sound(tmp_path):
    game, match = _played(actions=40)
    path = tmp_path / "g.json"
    first = copy.copy(game)
    first.events = match.events[:10]
    SaveJournal.start(path, first).close()
    (tmp_path / "events.json").write_text(json.dumps(match.events))
    child = subprocess.run([sys.executable, "-c", EFBIG_CHILD, str(path), str(tmp_path / "events.json")],
                           cwd=REPO, capture_output=True, text=True, timeout=60,
                           env={**os.environ, "PYTHONPATH": str(REPO)})  # fmt: skip
    assert child.returncode == 0, child.stderr
    report = json.loads(child.stdout)
    assert report == {"refused": f"cannot save the game to {path}: File too large", "same": True, "written": 10,
                      "final": len(match.events)}  # fmt: skip
    assert read_save(path).events == match.events  # each event once: the refused ones appended later


def _failing_after_half(monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """os.write writes half of what it is given, then fails with `code`, as on a disk that fills up."""
    real = os.write
    calls = []

    def write(descriptor: int, data: bytes) -> int:
        calls.append(len(data))
        if len(calls) == 1:
            return real(descriptor, bytes(data)[: len(data) // 2])
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "write", write)


def test_a_full_disk_refuses_the_append_and_cuts_the_save_back(tmp_path, monkeypatch):
    game, match = _played(actions=30)
    path = tmp_path / "g.json"
    first = copy.copy(game)
    first.events = match.events[:8]
    journal = SaveJournal.start(path, first)
    try:
        before = path.read_bytes()
        with monkeypatch.context() as patched:
            _failing_after_half(patched, errno.ENOSPC)
            with pytest.raises(SaveError) as raised:
                journal.record(match.events)
        assert str(raised.value) == f"cannot save the game to {path}: No space left on device"
        assert path.read_bytes() == before and journal.written == 8
        journal.record(match.events)  # room again: what was refused is appended now
    finally:
        journal.close()
    assert read_save(path).events == match.events


def test_a_failed_sync_cuts_the_save_back(tmp_path, monkeypatch):
    game, match = _played(actions=30)
    path = tmp_path / "g.json"
    first = copy.copy(game)
    first.events = match.events[:8]
    journal = SaveJournal.start(path, first)
    try:
        before = path.read_bytes()
        journal.append(match.events[8:10], sync=False)  # written, not yet synced
        with monkeypatch.context() as patched:

            def failing(_descriptor: int) -> None:
                raise OSError(errno.EIO, os.strerror(errno.EIO))

            patched.setattr(os, "fdatasync", failing)
            with pytest.raises(SaveError, match=r"Input/output error$"):
                journal.sync()
        # What was never synced may not be on the disk: it goes, and `record` appends it again.
        assert path.read_bytes() == before and journal.written == 8
        journal.record(match.events)
        journal.sync()
    finally:
        journal.close()
    assert read_save(path).events == match.events


def test_a_read_only_save_is_never_written(tmp_path):
    path, game = _journal(tmp_path)
    before = path.read_bytes()
    path.chmod(0o444)
    try:
        with pytest.raises(SaveError, match=r"g\.json is read-only"):
            SaveJournal.start(path, game)
        assert path.read_bytes() == before
    finally:
        path.chmod(0o600)
    more, _ = _played(actions=20)
    journal = SaveJournal.start(path, game)
    try:
        path.chmod(0o444)  # made read-only while the game goes on
        with pytest.raises(SaveError, match="read-only"):
            journal.record(more.events)
        assert path.read_bytes() == before and journal.written == len(game.events)
    finally:
        journal.close()
        path.chmod(0o600)


# --- what `record` relies on: the engine's log only grows ------------------------------------------

GROWING_CASES = [("draw", 2), ("mexican-train", 4), ("chicken-foot", 3), ("fives-and-threes", 2),
                 ("texas-42", 4), ("tien-gow", 4)]  # fmt: skip


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(GROWING_CASES), seed=st.integers(0, 10_000))
def test_the_log_of_a_match_only_grows(case, seed):
    """After every action `match.events` is the same list, no shorter, and what it held before is
    unchanged: the same dicts, equal to what they were when first seen."""
    variant, players = case
    match = Match(load_ruleset(variant), players=players, seed=seed)
    choices = random.Random(seed)
    log = match.events
    seen = [copy.deepcopy(event) for event in log]
    while not match.is_over:
        legal = match.legal_actions()
        match.apply(legal[choices.randrange(len(legal))])
        assert match.events is log and len(log) >= len(seen)
        assert log[len(seen) - 1] == seen[-1]  # the last event seen before this action, untouched
        seen += [copy.deepcopy(event) for event in log[len(seen) :]]
    assert log == seen


# --- the benchmark ---------------------------------------------------------------------------------


def test_the_save_cost_benchmark_runs_on_a_small_game():
    out = subprocess.run([sys.executable, "bench/save_cost.py", "--variant", "draw", "--players", "2",
                          "--window", "5"], cwd=REPO, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert out.returncode == 0, out.stderr
    rows = {line.split()[0]: line.split() for line in out.stdout.splitlines() if line.split()}
    assert {"rewrite", "append"} <= set(rows)
    result = json.loads(out.stdout.splitlines()[-1])
    assert result["actions"] >= 10 and result["rewrite_bytes"] > 0
    assert result["append_bytes"] > result["rewrite_bytes"] - 4096  # about the same save, a line an event
