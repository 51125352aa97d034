"""The match end with a target: `winner: highest` picks among the sides past it, `winner: lowest`
(a penalty game: "play until someone reaches 100; the lowest total wins") among all sides."""

from __future__ import annotations

import dataclasses

from engine_helpers import play, rules

from interpreter.engine import Match, deal
from interpreter.rulefile.ruleset import Ruleset, Tie, Winner


def _draw_with(**match: object) -> Ruleset:
    base = rules("draw")
    return dataclasses.replace(base, match=dataclasses.replace(base.match, **match))


def _one_round(ruleset: Ruleset, scores: list[int]) -> Match:
    """Seat 0 goes out with its only tile; draw scores the opponents' pips to the domino side."""
    m = Match(ruleset, players=3, deals=[deal("1-2", "3-4", "5-6", starter=0)], scores=scores)
    play(m, "lead 1-2")  # seat 0 scores 3-4 and 5-6: 18 points
    return m


def test_lowest_with_a_target_ends_when_any_side_passes_it_and_the_lowest_of_all_wins() -> None:
    m = _one_round(_draw_with(winner=Winner.LOWEST, target=100), [90, 40, 60])
    assert m.is_over and m.scores == (108, 40, 60)
    assert m.winners == (1,)  # not seat 0, the only side past the target
    assert m.events[-1] == {"type": "match_end", "winners": [1], "scores": [108, 40, 60]}


def test_lowest_with_a_target_plays_on_while_nobody_has_reached_it() -> None:
    m = _one_round(_draw_with(winner=Winner.LOWEST, target=200), [90, 40, 60])
    assert not m.is_over and m.round == 2 and m.winners == ()


def test_lowest_with_a_target_ties_share_or_play_on_among_all_sides() -> None:
    m = _one_round(_draw_with(winner=Winner.LOWEST, target=100, tie=Tie.SHARE), [90, 40, 40])
    assert m.winners == (1, 2)
    m = _one_round(_draw_with(winner=Winner.LOWEST, target=100, tie=Tie.PLAY_ON), [90, 40, 40])
    assert not m.is_over


def test_highest_with_a_target_picks_among_the_sides_past_it() -> None:
    m = _one_round(_draw_with(winner=Winner.HIGHEST, target=100), [90, 40, 99])
    assert m.is_over and m.scores == (108, 40, 99) and m.winners == (0,)
