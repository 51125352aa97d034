"""Every game plays bit for bit as it was recorded: the reference logs (tests/reference_logs).

Seeded matches of every rule file of the corpus (tests/rule_files.py), at each of its seatings,
with every kind of computer player (interpreter.players.PLAYERS; ismcts at a small fixed
iteration budget, no clock), cut at a fixed number of actions (recipe.py says which and how far),
were played once and recorded: per match, the sha256 of its canonical event log (json.dumps of the
events, sorted keys, no spaces), the digests of the log's prefixes every MARK_EVERY events, its
numbers of events, actions and hands, its returns and whether it ended (logs.json, one line a
match); three matches are kept whole (kept/*.jsonl.gz). This test plays the same matches again
and asserts each one equal to its recording, naming the file, seating and player and where the log
first differs: the very event where the log is kept whole, else the span of MARK_EVERY events.

It fails on any change of play, however small, and when the corpus gains a rule file (or a
seating, or a player kind) that has no recording. To record: `python -m tests.reference_logs.record`
(it rewrites logs.json and kept/). Re-record ONLY when a change is MEANT to change play (or a rule
file is added), and say why in the commit message; a refactoring of the engine re-records nothing.
"""

from __future__ import annotations

import pytest

from interpreter.players import PLAYERS
from tests.reference_logs.recipe import (
    KEPT,
    MARK_EVERY,
    RECIPE,
    RECORD_COMMAND,
    RECORDING,
    Played,
    Recipe,
    canonical,
    every_recipe,
    kept_path,
    read_kept,
    read_recording,
    recipes,
    summary,
)
from tests.reference_logs.recipe import play as play_recipe
from tests.rule_files import FILES

RECORDED = read_recording() if RECORDING.exists() else {}
RERECORD = (f"\nIf the change is MEANT to change play, re-record with `{RECORD_COMMAND}` and say why in the "
            "commit message; otherwise the change broke the promise that every game plays as before.")  # fmt: skip
DETAILED = 2  # matches per file whose difference is shown in full; the others are only named
SHOWN = 200  # characters of an event shown


def _short(event: dict | None) -> str:
    text = "(none: the log ended)" if event is None else canonical(event)
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"


def _first_difference(recipe: Recipe, played: Played, now: dict, recorded: dict) -> str:
    """Where the log first parts from the recorded one: the event itself where the match is kept
    whole, else the span of events between the last prefix digest that agrees and the first that
    does not (with the events of that span as they are now)."""
    events = played.events
    if recipe in KEPT and kept_path(recipe).exists():
        before = read_kept(recipe)
        for index in range(max(len(before), len(events))):
            old = before[index] if index < len(before) else None
            new = events[index] if index < len(events) else None
            if old != new:
                return f"  first differing event #{index}:\n    recorded {_short(old)}\n    now      {_short(new)}"
        return "  the events are equal to the kept log: its summary differs"
    agree = 0
    for old, new in zip(recorded["marks"], now["marks"], strict=False):
        if old != new:
            break
        agree += 1
    start = agree * MARK_EVERY
    window = events[start : start + MARK_EVERY]
    lines = [f"    #{start + offset} {_short(event)}" for offset, event in enumerate(window)]
    head = f"  the first {start} events agree; the first difference is among events #{start}–#{start + MARK_EVERY - 1}"
    return "\n".join([head + ", which now read:", *lines] if lines else [head + ": the log now ends before them"])


def _compare(recipe: Recipe, detailed: bool) -> str | None:
    recorded = RECORDED.get(str(recipe))
    if recorded is None:
        return f"{recipe}: no recording. Record it with `{RECORD_COMMAND}`"
    played = play_recipe(recipe)
    now = summary(played)
    if now == recorded:
        return None
    fields = [f"{key} {recorded.get(key)} -> {now[key]}" for key in sorted(now)
              if key not in ("digest", "marks") and now[key] != recorded.get(key)]  # fmt: skip
    head = f"{recipe}: plays differently from its recording ({'; '.join(fields) or 'same lengths and returns'})"
    return head + ("\n" + _first_difference(recipe, played, now, recorded) if detailed else "")


def test_the_recording_is_of_this_recipe() -> None:
    assert RECORDED, f"no reference logs at {RECORDING}: record them with `{RECORD_COMMAND}`"
    assert RECORDED["recipe"] == RECIPE, (
        f"the reference logs were recorded by another recipe ({RECORDED['recipe']}, now {RECIPE}): "
        f"re-record with `{RECORD_COMMAND}`"
    )


@pytest.mark.parametrize("file", list(FILES))
def test_every_match_of_the_file_plays_as_recorded(file: str) -> None:
    problems: list[str] = []
    for recipe in recipes(file):
        problem = _compare(recipe, detailed=len(problems) < DETAILED)
        if problem:
            problems.append(problem)
    assert not problems, "\n".join(problems) + RERECORD


def test_the_recording_covers_the_corpus_every_player_hands_scored_and_matches_ended() -> None:
    """Every match of the recipe is recorded and nothing else; every file is played by every
    kind of player and scores at least one hand; every kind of player ends a match somewhere in
    the corpus; the matches kept whole are the ones recorded."""
    expected = {str(recipe): recipe for recipe in every_recipe()}
    matches = {key: entry for key, entry in RECORDED.items() if key != "recipe"}
    missing = sorted(set(expected) - set(matches))
    assert not missing, f"not recorded: {', '.join(missing)}. Record them with `{RECORD_COMMAND}`"
    stale = sorted(set(matches) - set(expected))
    assert not stale, f"recorded but no longer played: {', '.join(stale)}. Re-record with `{RECORD_COMMAND}`"
    for file in FILES:
        mine = [recipe for recipe in expected.values() if recipe.file == file]
        assert {recipe.kind for recipe in mine} == set(PLAYERS), file
        assert any(matches[str(recipe)]["hands"] for recipe in mine), f"{file}: no hand ends within the cut"
    for kind in PLAYERS:
        assert any(matches[key]["over"] for key, recipe in expected.items() if recipe.kind == kind), kind
    for recipe in KEPT:
        assert kept_path(recipe).exists(), f"{recipe} is not kept whole: re-record with `{RECORD_COMMAND}`"
        events = read_kept(recipe)
        assert summary(Played(events, matches[str(recipe)]["actions"], tuple(matches[str(recipe)]["returns"]),
                              matches[str(recipe)]["over"])) == matches[str(recipe)], recipe  # fmt: skip
