"""Passing tiles before play (docs/format.md, `passing`): every seat gives its tiles, one a move,
to the neighbour the file names; they change hands only once every seat has given, and only the
giver and the receiver see which tiles they were."""

from __future__ import annotations

import pytest

from interpreter.engine import Action, Match, deal
from interpreter.loader import load_ruleset, load_ruleset_text
from interpreter.rulefile.explain import differences, explain
from interpreter.rulefile.ruleset import Ruleset
from tests.engine.engine_helpers import PASSING

HANDS = (
    "6-6 6-5 0-0 1-2 1-3 1-4 1-5 1-1 2-2", "6-4 6-3 6-2 2-3 2-4 2-5 3-3 0-1 0-2", "6-1 6-0 5-5 3-4 3-5 4-4 4-5 0-3 0-4"
)  # fmt: skip


@pytest.fixture(scope="module")
def passer() -> Ruleset:
    return load_ruleset(PASSING)


def _give(match: Match, *tiles: str) -> list[dict]:
    events: list[dict] = []
    for tile in tiles:
        events += match.apply(Action.parse(f"give {tile}"))
    return events


def test_the_tiles_given_change_hands_once_every_seat_has_given(passer: Ruleset) -> None:
    match = Match(passer, 3, deals=[deal(*HANDS, starter=0)])
    assert (match.phase, match.phase_kind, match.current_player) == ("passing", "passing", 0)
    assert "passing" in match.phase_kinds
    assert [str(a) for a in match.legal_actions()][:3] == ["give 0-0", "give 1-1", "give 1-2"]
    _give(match, "6-6", "6-5", "0-0")
    assert match.current_player == 1 and len(match.hand(0)) == 6 and len(match.hand(1)) == 9
    _give(match, "6-4", "6-3", "0-1")
    _give(match, "6-1", "6-0", "5-5")
    # Passed to the left: seat 0's tiles to seat 1, seat 1's to seat 2, seat 2's to seat 0.
    assert set(match.hand(1)) >= {(6, 6), (5, 6), (0, 0)} and (3, 6) not in match.hand(1)
    assert set(match.hand(2)) >= {(4, 6), (3, 6), (0, 1)}
    assert set(match.hand(0)) >= {(1, 6), (0, 6), (5, 5)} and (6, 6) not in match.hand(0)
    assert [len(match.hand(s)) for s in range(3)] == [9, 9, 9]
    assert (match.phase, match.current_player) == ("playing", 0)
    # Only giver and receiver know the tiles: seat 0 sees what it gave and got; seat 2 sees
    # neither of seat 0's; every seat sees that three tiles went from each seat.
    mine, other = match.observation(0).tricks, match.observation(2).tricks
    assert (mine.passed, mine.received) == (((0, 0), (5, 6), (6, 6)), ((0, 6), (1, 6), (5, 5)))
    assert (other.passed, other.received) == (((0, 6), (1, 6), (5, 5)), ((0, 1), (3, 6), (4, 6)))
    assert (match.trick_view.passed, match.trick_view.received) == ((), ())
    gives = [e for e in match.observation(2).history if e["type"] == "action" and e["action"]["kind"] == "give"]
    assert [(e["seat"], e["action"].get("tile")) for e in gives][:3] == [(0, None)] * 3


def test_a_tile_not_in_hand_is_refused_with_a_reason(passer: Ruleset) -> None:
    match = Match(passer, 3, deals=[deal(*HANDS, starter=0)])
    with pytest.raises(Exception, match="give a tile of your hand"):
        match.apply(Action.parse("give 4-4"))
    with pytest.raises(Exception, match="give a tile of your hand"):
        match.apply(Action.parse("lead 6-6"))


def test_explain_says_the_passing_and_diff_names_it(passer: Ruleset, tmp_path) -> None:
    assert "passes 3 tiles face down, one at a time, to the next player in turn" in " ".join(explain(passer).split())
    text = PASSING.read_text()
    without = load_ruleset_text(text.replace("passing: {count: 3, to: left}\n", ""), "plain.yaml", tmp_path)
    across = load_ruleset_text(text.replace("to: left", "to: across").replace("min: 3", "min: 4"), "x.yaml", tmp_path)
    assert differences(without, passer) == ["The tiles each player passes before play changes from 3 tiles to none."]
    assert "Whom the tiles are passed to changes from the next player in turn to the player opposite." in differences(
        across, passer
    )
