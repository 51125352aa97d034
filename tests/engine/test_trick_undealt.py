"""The undealt tiles of a trick game (docs/format.md, `deal.undealt`, `deal.undealt_face_up`):
taken, with their count, by the winner of the first or of the last trick; shown face up to all."""

from __future__ import annotations

from pathlib import Path

from interpreter.engine import Action, Match, deal
from interpreter.loader import load_ruleset_text
from interpreter.rulefile.explain import differences, explain
from interpreter.rulefile.ruleset import Ruleset
from tests.engine.engine_helpers import PASSING

# Three players, 9 tiles each: the 28th tile is left undealt (here 0-0, which counts 4).
HANDS = (
    "6-6 6-5 1-1 1-2 1-3 1-4 1-5 0-5 2-2", "6-4 6-3 6-2 2-3 2-4 2-5 3-3 0-1 0-2", "6-1 6-0 5-5 3-4 3-5 4-4 4-5 0-3 0-4",
)  # fmt: skip


def _rules(tmp_path: Path, undealt: str) -> Ruleset:
    text = PASSING.read_text().replace("passing: {count: 3, to: left}\n", "").replace("undealt: first_trick", undealt)
    return load_ruleset_text(text, "widow.yaml", tmp_path)


def _lead_and_follow(match: Match, *moves: str) -> list[dict]:
    events: list[dict] = []
    for move in moves:
        events += match.apply(Action.parse(move))
    return events


def test_the_winner_of_the_first_trick_takes_the_undealt_tile_and_its_count(tmp_path: Path) -> None:
    match = Match(_rules(tmp_path, "undealt: first_trick"), 3, deals=[deal(*HANDS, starter=0)])
    assert match.trick_view.widow_size == 1 and match.trick_view.widow == ()
    events = _lead_and_follow(match, "play 6-6", "play 6-4", "play 6-1")
    (taken,) = [e for e in events if e["type"] == "widow_taken"]
    assert taken == {"type": "widow_taken", "seat": 0, "side": 0, "tiles": [[0, 0]], "count": 4}
    assert match.trick_view.points_won == (4, 0, 0) and match.trick_view.captured == (4, 0, 0)
    assert (match.trick_view.widow_size, match.trick_view.widow) == (0, ((0, 0),))
    events = _lead_and_follow(match, "play 6-5 as 6", "play 6-3", "play 6-0")
    assert not [e for e in events if e["type"] == "widow_taken"] and match.trick_view.captured == (7, 0, 0)


def test_the_winner_of_the_last_trick_takes_it_and_a_widow_shown_is_seen_by_all(tmp_path: Path) -> None:
    match = Match(_rules(tmp_path, "undealt: last_trick, undealt_face_up: true"), 3, deals=[deal(*HANDS, starter=0)])
    assert match.trick_view.widow == ((0, 0),) and match.trick_view.widow_size == 1
    shown = [e for e in match.events if e["type"] == "widow_shown"]
    assert shown == [{"type": "widow_shown", "tiles": [[0, 0]]}]
    _lead_and_follow(match, "play 6-6", "play 6-4", "play 6-1")
    assert match.trick_view.points_won == (0, 0, 0) and match.trick_view.widow_size == 1
    while not match.events_of("round_end"):
        match.apply(match.legal_actions()[0])
    (taken,) = match.events_of("widow_taken")
    assert taken["tiles"] == [[0, 0]] and taken["count"] == 4
    assert taken["seat"] == match.events_of("trick")[-1]["seat"]


def test_explain_says_who_takes_the_undealt_tiles_and_diff_names_the_change(tmp_path: Path) -> None:
    first = _rules(tmp_path, "undealt: first_trick")
    shown = _rules(tmp_path, "undealt: last_trick, undealt_face_up: true")
    said = " ".join(explain(shown).split())
    assert "The tiles not dealt (1 tile with 3 players) are turned face up for every player to see; the winner of " \
        "the last trick takes them with it, and what they count." in said  # fmt: skip
    assert differences(first, shown)[1:] == [
        "Showing the tiles not dealt face up changes from yes, every player sees them to no, they stay face down."
    ]
