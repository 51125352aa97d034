"""A bid that names its suit (docs/format.md, `bidding.names_suit`): each number bid is made in a
suit, `holder` only in a suit of a tile the bidder holds, and the winning bid's suit is trumps
without a declaration."""

from __future__ import annotations

import pytest
from engine_helpers import SET_DEAL, house, problems, rules
from engine_helpers import trick_play as play

from interpreter.engine import Action, IllegalAction, Match
from interpreter.engine.actions import BID, PASS_ACTION
from interpreter.rulefile.explain import differences, explain

NAMED = "extends: texas-42\nbidding: {names_suit: holder, special: []}\ntrumps: {choices: [suits]}\n"


def test_only_a_holder_of_a_suit_bids_in_it_and_the_winning_suit_is_trumps() -> None:
    match = Match(house(NAMED), 4, deals=[SET_DEAL])
    # Seat 1 holds 6-5 6-3 6-2 6-1 6-0 4-4 1-1: a tile of every suit.
    seat1 = {a.half for a in match.legal_actions() if a.kind == BID and a.value == 30}
    assert seat1 == {0, 1, 2, 3, 4, 5, 6}
    match.apply(Action(BID, value=30, half=6))
    # Seat 2 holds 5-0 4-1 3-2 2-2 3-3 0-0 1-3: no six.
    seat2 = {a.half for a in match.legal_actions() if a.kind == BID and a.value == 31}
    assert seat2 == {0, 1, 2, 3, 4, 5}
    with pytest.raises(IllegalAction, match="you hold no tile of the sixes: a bid in sixes is not yours to make"):
        match.apply(Action(BID, value=31, half=6))
    match.apply(Action(BID, value=31, half=3))
    match.apply(PASS_ACTION)
    match.apply(PASS_ACTION)
    # No declaration: seat 2 won with 31 in threes, and leads at once under threes.
    assert match.phase == "playing" and match.current_player == 2
    contract = match.events_of("contract")[0]
    assert (contract["seat"], contract["bid"], contract["suit"]) == (2, 31, 3)
    assert match.observation(0).tricks.declaration == 3
    match.apply(play("3-3"))  # the double of trumps


def test_the_bid_action_reads_and_writes_its_suit() -> None:
    action = Action(BID, value=62, half=5)
    assert str(action) == "bid 62 in 5" and Action.parse("bid 62 in 5") == action
    assert Action.from_json(action.to_json()) == action and action.to_json() == {"kind": "bid", "value": 62, "suit": 5}


def test_a_named_suit_makes_trumps_so_only_suits_are_declared() -> None:
    assert problems("extends: texas-42\nbidding: {names_suit: holder, special: []}\n") == [
        "3:23: bidding.names_suit: the suit named with the winning bid is trumps, so trumps.choices can only be "
        "[suits]",
    ]


def test_explain_says_a_bid_names_its_suit() -> None:
    text = explain(house(NAMED)).replace("\n", " ")
    assert "Every bid names a suit with its number, in a suit of a tile the bidder holds" in text
    assert "The suit a bid names changes from none (the winner declares trumps) to a suit the bidder holds." in (
        differences(house(NAMED), rules("texas-42"))
    )
