"""Raises limited to a step (docs/format.md, `bidding.max_raise`): a bid may exceed the standing
bid by at most `max_raise` (the opening bid, 0 by it), except the bid of a contract the bidder's hand
meets. Texas 42 by Lechner Hall's rules (texas-42-house): "No one can raise a bid by more than two
marks at a time unless they are plunging or splashing"."""

from __future__ import annotations

import pytest
from engine_helpers import SET_DEAL, bid, problems, rules

from interpreter.engine import IllegalAction, Match
from interpreter.engine.actions import BID, PASS_ACTION
from interpreter.rulefile.explain import differences, explain


def bids(match: Match) -> list[int]:
    return [a.value for a in match.legal_actions() if a.kind == BID]  # type: ignore[misc]


def test_a_raise_is_at_most_two_marks_unless_plunging_or_splashing() -> None:
    match = Match(rules("texas-42-house"), 4, deals=[SET_DEAL])
    assert bids(match) == [*range(30, 42), 42, 84]  # seat 1 opens: two marks at most
    match.apply(bid(30))
    # Seat 2 holds three doubles: splash (126) is its jump; the ladder stops at two marks.
    assert bids(match) == [*range(31, 42), 42, 84, 126]
    match.apply(PASS_ACTION)
    assert bids(match) == [*range(31, 42), 42, 84]  # seat 3 holds no double
    with pytest.raises(IllegalAction, match="a bid of 126 raises the standing bid of 30 by more than 84"):
        match.apply(bid(126))
    match.apply(bid(84))
    assert bids(match) == [126, 168]  # Lechner Hall: "the next four marks"


def test_a_raise_below_the_step_or_the_lowest_bid_is_refused() -> None:
    assert problems("extends: texas-42\nbidding: {step: 11, max_raise: 10}\n") == [
        "3:32: bidding.max_raise: 10 is below the step between bids (11), so no bid could be raised",
    ]
    assert problems("extends: texas-42\nbidding: {max_raise: 20}\n") == [
        "3:22: bidding.max_raise: 20 is below the lowest bid (30), so nobody could open the auction",
    ]


def test_explain_says_the_largest_raise() -> None:
    house = rules("texas-42-house")
    assert "A bid may raise the standing bid by at most 84" in explain(house).replace("\n", " ")
    assert "The largest raise changes from any to 84." in differences(house, rules("texas-42"))
