"""`Match.finished_layout`: the layout of the last round that ended, as it ended, kept once the
next round is dealt (a table shows it until its people continue)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import rules

from interpreter.engine import Match


def _play_to_round_end(match: Match, rng: random.Random) -> tuple[list[tuple[int, int]], dict]:
    """Random legal actions until a round ends: the tiles on the table just before its last
    action, plus the tiles that action laid, and the round end's record."""
    while True:
        before = sorted(match.layout.tiles)
        legal = match.legal_actions()
        action = legal[int(rng.random() * len(legal))]
        events = list(match.apply(action))
        laid = [tuple(sorted(action.tile))] if action.kind == "play" and action.tile is not None else []
        end = next((e for e in events if e["type"] == "round_end"), None)
        if end is not None:
            return sorted(before + laid), end


@pytest.mark.parametrize("name", ["draw", "mexican-train", "fives-and-threes"])
def test_the_finished_round_s_layout_is_kept_after_the_next_deal(name: str) -> None:
    match = Match(rules(name), players=3, seed=7)
    assert match.finished_layout is None  # no round has ended yet
    rng = random.Random(3)
    on_table, end = _play_to_round_end(match, rng)
    assert not match.is_over and match.round == end["round"] + 1
    finished = match.finished_layout
    assert finished is not None
    assert sorted(finished.tiles) == on_table  # every tile laid in the round, the hub's engine included
    assert not any(arm.open for arm in finished.arms)  # nobody plays on a finished layout
    assert finished.tiles != match.layout.tiles  # the next deal's layout is another
    # Each tile of the set is in the finished layout or in a hand as the round ended, or was never laid.
    held = {tuple(t) for hand in end["hands"] for t in hand}
    assert not held & set(finished.tiles)
    assert match.clone().finished_layout == finished


def test_the_finished_layout_is_the_last_round_s_and_then_the_match_s_end() -> None:
    match = Match(rules("draw"), players=2, seed=1)
    rng = random.Random(5)
    while True:
        on_table, _ = _play_to_round_end(match, rng)
        if match.is_over:
            break
        assert sorted(match.finished_layout.tiles) == on_table  # the latest round's, not an older one
    # At the match's end no deal follows: the finished layout is the table as it is.
    assert sorted(match.finished_layout.tiles) == on_table == sorted(match.layout.tiles)
    assert not any(arm.open for arm in match.finished_layout.arms)


def test_a_trick_game_has_no_finished_layout() -> None:
    match = Match(rules("texas-42"), players=4, seed=2)
    assert match.finished_layout is None
