"""`tricks.ties`: who takes a trick among equally ranked tiles. Under `bidder_side` a tile of the
auction winner's side takes it over an opponent's equal tile played before it (Kelley's sevens: "A
tie does not set the bidder"); the bundled texas-42-house plays the first of equals (Lechner Hall)."""

from __future__ import annotations

from engine_helpers import house, of_type, rules

from interpreter.engine import Action, Match, deal
from interpreter.engine.actions import BID, PASS_ACTION, TRUMPS
from interpreter.frontends.presentation.tricks import tables, taking_seat

# Seat 0 holds the seven tiles one pip from seven; seats 1, 2 and 3 one tile of seven pips each
# (1-6, 2-5, 3-4), and then only tiles farther from seven than seat 0's.
HANDS = (
    "0-6 1-5 2-4 3-3 2-6 3-5 4-4",
    "1-6 0-5 1-4 2-3 3-6 4-5 0-4",
    "2-5 1-3 2-2 4-6 5-5 0-3 1-2",
    "3-4 5-6 0-2 1-1 6-6 0-1 0-0",
)


def _sevens_hand(ruleset) -> tuple[int | None, list[int], dict]:
    """Seat 0 bids 42 and declares sevens; every seat then plays its first legal tile. Who the
    table shows taking the first trick once seats 1 and 2 have played to it, the seats that took
    the tricks, and the hand's end."""
    match = Match(ruleset, 4, deals=[deal(*HANDS, starter=0)])
    events: list[dict] = []
    for action in (Action(BID, value=42), PASS_ACTION, PASS_ACTION, PASS_ACTION, Action(TRUMPS, value="sevens")):
        events += match.apply(action)
    for _ in range(3):
        events += match.apply(match.legal_actions()[0])
    shown = taking_seat(tables(match), match.trick_view)  # type: ignore[attr-defined]
    while not of_type(events, "round_end"):
        events += match.apply(match.legal_actions()[0])
    (end,) = of_type(events, "round_end")
    return shown, [trick["seat"] for trick in of_type(events, "trick")], end


def test_the_first_of_equal_tiles_sets_the_sevens_bidder() -> None:
    shown, takers, end = _sevens_hand(rules("texas-42-house"))
    assert shown == 1 and takers == [1]  # 1-6, played before the partner's 2-5, takes the first trick
    assert (end["reason"], end["scores"]) == ("set", [0, 1])


def test_a_tie_does_not_set_the_bidder_under_bidder_side_ties() -> None:
    shown, takers, end = _sevens_hand(house("extends: texas-42-house\ntricks: {ties: bidder_side}\n"))
    assert shown == 2 and takers == [2, 0, 0, 0, 0, 0, 0]  # the partner's 2-5 takes the first trick over 1-6
    assert (end["reason"], end["scores"]) == ("made", [1, 0])
