"""`scoring.blocked.decided_by`: who wins a blocked round. `sides` (the default) compares the sides'
pip totals (rules/dominican.yaml, after fichaflow.com and boarden.club); `blocker_and_left`
compares only the hand of the player who laid the last tile with the next player's, the lower
winning and a tie going to the blocker (dominoesonline.com's capicúa rules)."""

from __future__ import annotations

import pytest
from engine_helpers import house, of_type, rules, scores_in

from interpreter.engine import Action, Match, deal

# Every six is laid, the line closing on sixes at both ends: the seats in turn (0, 3, 2, 1: play goes
# counter-clockwise) lay 6-6, 6-1, 1-0, 0-6, 6-2, 2-3, 3-6, 6-4, 4-5, 5-6. Seat 3 blocks it, and seat 2
# plays next. Sides: seats 0 and 2, seats 1 and 3. The hands, by seat, and the pips left in them:
LAID = ("6-6", "6-1", "1-0", "0-6", "6-2", "2-3", "3-6", "6-4", "4-5", "5-6")
LIGHTER_NEXT = (  # 33, 27, 14, 16: side 0 has 47 and side 1 43; seat 2 is lighter than the blocker
    "6-6 6-2 4-5 5-5 4-4 3-5 3-4", "0-6 6-4 2-5 3-3 2-4 1-5 0-2",
    "1-0 3-6 0-0 0-3 0-4 1-2 2-2", "6-1 2-3 5-6 0-5 1-4 1-3 1-1",
)  # fmt: skip
EQUAL = (  # 7, 39, 22, 22: side 0 has 29 and side 1 61; seat 2 and the blocker are equal
    "6-6 6-2 4-5 0-0 0-2 1-1 0-3", "0-6 6-4 5-5 4-4 3-5 3-4 2-4",
    "1-0 3-6 0-4 0-5 1-3 1-4 2-2", "6-1 2-3 5-6 2-5 1-5 3-3 1-2",
)  # fmt: skip
BLOCKER = "extends: dominican\nscoring:\n  blocked: {decided_by: blocker_and_left}\n"


def _blocked(ruleset, hands: tuple[str, ...]) -> tuple[list[tuple[int, int, str]], dict]:
    match = Match(ruleset, 4, deals=[deal(*hands, starter=None)])
    events: list[dict] = []
    for text in LAID:
        tile = tuple(sorted(Action.parse(f"lead {text}").tile))  # type: ignore[arg-type]
        events += match.apply(next(a for a in match.legal_actions() if a.tile == tile))
    while not of_type(events, "round_end"):  # every seat passes: the round is blocked
        events += match.apply(Action.parse("pass"))
    (end,) = of_type(events, "round_end")
    return scores_in(events), end


@pytest.mark.parametrize(
    ("house_rule", "hands", "scored"),
    [(False, LIGHTER_NEXT, [(1, 47, "blocked")]), (False, EQUAL, [(0, 61, "blocked")]),
     (True, LIGHTER_NEXT, [(0, 43, "blocked")]), (True, EQUAL, [(1, 29, "blocked")])],  # the points: opp_pips
)  # fmt: skip
def test_a_blocked_round_is_won_by_the_lighter_side_or_between_the_blocker_and_the_next(house_rule, hands, scored):
    got, end = _blocked(house(BLOCKER) if house_rule else rules("dominican"), hands)
    # Three passes after seat 3's 5-6: a pase corrido, 25 to its side, before the block is scored.
    assert (got, end["reason"]) == ([(1, 25, "pass"), *scored], "blocked")
