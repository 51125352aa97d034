"""Texas 88 (rules/texas-88.yaml, pagat) on a scripted deal: two teams of three in alternate seats,
bids that name their suit (only a holder of that suit may bid in it), and a kitty of two whose count
tiles the bidder keeps."""

from __future__ import annotations

from engine_helpers import rules

from interpreter.engine import Action, Match, deal
from interpreter.engine.actions import BID, PASS_ACTION

# Seat 1 bids first (seat 0 deals, and holds no five); the kitty is 2-3 (it counts 5) and 3-6.
DEAL = deal(
    "0-3 0-6 1-2 1-4 1-6 2-2 2-3 3-3 6-6",
    "0-3 0-4 0-6 1-3 2-2 2-5 2-6 3-4 5-6",
    "0-1 1-3 1-5 3-5 4-4 4-5 4-5 5-5 6-6",
    "0-0 0-0 0-5 1-5 1-6 2-4 2-6 3-6 4-6",
    "0-5 1-1 1-1 2-4 2-5 3-3 3-4 4-4 5-6",
    "0-1 0-2 0-2 0-4 1-2 1-4 3-5 4-6 5-5",
    starter=1,
)


def test_a_hand_of_texas_88() -> None:
    match = Match(rules("texas-88"), 6, deals=[DEAL])
    assert set(match.dead) == {(2, 3), (3, 6)} and [match.side_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    match.apply(Action(BID, value=70, half=3))
    for _ in range(4):
        match.apply(PASS_ACTION)
    # The dealer holds no five: it may bid in every suit but fives.
    assert {a.half for a in match.legal_actions() if a.kind == BID and a.value == 72} == {0, 1, 2, 3, 4, 6}
    match.apply(PASS_ACTION)
    # Seat 1 won with 70 in threes: threes are trumps, the kitty is in its hand, and 2-3 (a count
    # tile) may not be laid away.
    assert match.observation(1).tricks.declaration == 3 and len(match.hand(1)) == 11
    laid = {a.tile for a in match.legal_actions()}
    assert laid == {(0, 3), (0, 4), (0, 6), (1, 3), (2, 2), (2, 5), (2, 6), (3, 4), (3, 6), (5, 6)}
    match.apply(Action.parse("discard 5-6"))
    match.apply(Action.parse("discard 0-4"))
    assert match.phase == "playing" and match.current_player == 1  # the bidder leads
    while match.round == 1:
        match.apply(match.legal_actions()[0])
    end = match.events_of("round_end")[0]
    # Every count tile is in play (none was laid away): the teams share 9 tricks x 2 + 70 = 88.
    assert sum(end["pips"]) == 88
    # Played by the first legal tile each turn, seats 1, 3 and 5 take 47 of 70: set, a mark to the others.
    assert (end["made"], end["pips"], end["scores"]) == (False, [41, 47], [1, 0])
