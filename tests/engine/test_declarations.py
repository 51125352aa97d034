"""Declarations that score (`declaration`, docs/format.md "Trick games"): a seat about to lead shows
tiles of its hand (Bingo's declared doubles), scores once its side has a trick, and leads one of
them; what was shown stays known to every seat, in the search's samples too. Scripted deals,
exact outcomes."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import Action, IllegalAction, Match, ScriptedDeal, deal
from interpreter.engine.tricks.determinize import TrickDeterminizer
from interpreter.loader import load_ruleset_text
from tests.engine.test_trick_stock import STOCK_DEAL, STOCK_GAME

DECLARING = (
    STOCK_GAME
    + """
declaration:
  requires: "doubles >= 2"
  shows: doubles
  points: "(if doubles == 2 then 20 else if doubles == 3 then 40 else 50) + (if top_shown then 10 else 0)"
  after_trick: true
"""
)


@pytest.fixture(scope="module")
def declaring(tmp_path_factory):
    return load_ruleset_text(DECLARING, "declaring.yaml", tmp_path_factory.mktemp("rules"))


def _deal(first: str, boneyard: str) -> ScriptedDeal:
    """Seat 0 holds `first` and leads; seat 1 the sixes and 3-3; the stock's last tile is turned up."""
    return deal(first, "6-6 5-6 4-6 3-6 2-6 1-6 3-3", boneyard=boneyard, starter=0)


def run(match: Match, *moves: str) -> list[dict]:
    events: list[dict] = []
    for move in moves:
        events += match.apply(Action.parse(move))
    return events


def test_the_leader_shows_his_doubles_and_scores_them_once_he_has_a_trick(declaring) -> None:
    match = Match(declaring, 2, deals=[STOCK_DEAL])  # seat 0: 0-0 and 5-5; fives are trumps
    assert "declare" in [str(a) for a in match.legal_actions()]
    events = run(match, "declare")
    assert [e for e in events if e["type"] == "declared"] == [
        {"type": "declared", "seat": 0, "side": 0, "tiles": [[0, 0], [5, 5]], "points": 30}
    ]
    assert match.trick_view.points_won == (0, 0)  # no trick yet: the 30 wait
    assert [str(a) for a in match.legal_actions()] == ["lead 0-0", "lead 5-5"]  # he leads a shown tile
    with pytest.raises(IllegalAction, match="lead one of the tiles you showed"):
        match.apply(Action.parse("play 1-2"))
    run(match, "play 0-0", "play 1-6")  # the 0-0 takes the trick: 14, and the 30 count now
    assert match.trick_view.points_won == (44, 0)
    assert match.trick_view.shown == (((5, 5),), ())  # the 5-5 is still shown in seat 0's hand
    assert "declare" not in [str(a) for a in match.legal_actions()]  # the 5-5 is shown already


def test_new_doubles_make_a_new_declaration_which_may_claim_at_once(declaring) -> None:
    # Fives are trumps (3-5 turned up); seat 0 draws 1-1, then 2-2.
    later = _deal("4-4 5-5 4-5 1-2 1-3 2-3 0-3", "1-1 0-1 2-2 0-2 0-4 0-5 0-6 1-4 1-5 2-4 2-5 3-4 0-0 3-5")
    match = Match(declaring, 2, deals=[later])
    run(match, "declare", "play 5-5", "play 1-6")  # 20 for two doubles; the 5-5 (28) takes the trick
    assert match.trick_view.points_won == (48, 0)
    assert "declare" not in [str(a) for a in match.legal_actions()]  # 4-4 shown, 1-1 new: one double
    run(match, "play 4-4", "play 2-6")  # 8 more: 56
    events = run(match, "declare")  # 1-1 and 2-2, not shown before: 20 more, 76, and the claim
    assert [(e["tiles"], e["points"]) for e in events if e["type"] == "declared"] == [([[1, 1], [2, 2]], 20)]
    assert [(e["side"], e["points"]) for e in events if e["type"] == "score"] == [(0, 3)]


def test_a_seat_without_enough_doubles_cannot_declare(declaring) -> None:
    one_double = _deal("0-0 4-5 1-2 1-3 2-3 0-3 2-4", "0-1 0-2 0-4 0-5 0-6 1-1 1-4 1-5 2-2 5-5 2-5 3-4 4-4 3-5")
    match = Match(declaring, 2, deals=[one_double])  # seat 0 holds one double only
    assert "declare" not in [str(a) for a in match.legal_actions()]
    with pytest.raises(IllegalAction, match="doubles >= 2"):
        match.apply(Action.parse("declare"))


def test_a_sample_keeps_the_shown_tiles_in_their_holders_hand(declaring) -> None:
    match = Match(declaring, 2, deals=[STOCK_DEAL])
    run(match, "declare", "play 0-0")
    sampler = TrickDeterminizer(match.ruleset, match.observation(1))
    for seed in range(5):
        sample = sampler.sample(random.Random(seed))
        assert (5, 5) in sample.hand(0)
        assert sample.trick_view.shown == match.trick_view.shown
        assert sample.trick_view.points_won == match.trick_view.points_won
        assert [str(a) for a in sample.legal_actions()] == [str(a) for a in match.legal_actions()]
    run(match, "play 1-6")
    sample = TrickDeterminizer(match.ruleset, match.observation(1)).sample(random.Random(1))
    assert sample.trick_view.points_won == (44, 0)
    assert sample.trick_view.declared == match.trick_view.declared


def test_seven_doubles_declared_win_the_hand_at_once() -> None:
    """rules/bingo.yaml (pagat: "The lucky player who holds all seven doubles and declares them wins
    3 game points without further play"): declaration.wins_when ends the hand on the declaration,
    before any trick, and scoring.hand reads declared_win."""
    from interpreter.frontends.web.views import seat_view
    from interpreter.loader import load_ruleset

    seven = deal(
        "0-0 1-1 2-2 3-3 4-4 5-5 6-6", "0-1 0-2 0-3 0-4 0-5 0-6 1-2",
        boneyard="1-3 1-4 1-5 1-6 2-3 2-4 2-5 2-6 3-4 3-5 3-6 4-5 4-6 5-6", starter=0,
    )  # fmt: skip
    match = Match(load_ruleset("bingo"), 2, deals=[seven])
    events = run(match, "declare")
    assert [(e["tiles"], e["points"]) for e in events if e["type"] == "declared"] == [
        ([[0, 0], [1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6]], 80)
    ]
    assert [(e["side"], e["points"]) for e in events if e["type"] == "score"] == [(0, 3)]
    assert match.events_of("round_end")[0]["reason"] == "hand" and match.round == 2
    told = seat_view(match, match.ruleset, ["human", "human"], 1, len(match.events))["last_actions"]
    assert told[2:4] == [
        "Player 1 declared [0|0] [1|1] [2|2] [3|3] [4|4] [5|5] [6|6]: the declaration wins the hand at once.",
        "Hand 1 over: Player 1 won it by the declaration.",
    ]
