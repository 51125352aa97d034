"""Puerto Rican 500 (rules/puerto-rican-500.yaml) on scripted deals: the bonus of the first four
hands (100, 75, 50, 25, then none), the capicú and the chuchazo (100 more each), the blocked hand
won by the lighter partnership, and the winning side's choice of leader.
Play is counter-clockwise: seat 0, then 3, 2, 1; seats 0 and 2 are partners (side 0)."""

from __future__ import annotations

import pytest
from engine_helpers import legal, of_type, open_values, play, rules, scores_in, start

from interpreter.engine import deal
from interpreter.rulefile.explain import explain

# Seat 0 goes out by leading its only tile: no capicú (a lead fits no open end), 6 + 8 + 10 pips left.
OUT_AT_ONCE = ("1-2", "3-3", "4-4", "5-5")


def test_the_first_four_hands_pay_100_75_50_25_more_and_the_fifth_nothing() -> None:
    later = [deal(*OUT_AT_ONCE, starter=0) for _ in range(4)]
    m = start("puerto-rican-500", *OUT_AT_ONCE, later=later)
    points = []
    for round_no in range(1, 6):
        assert m.round == round_no
        points += scores_in(play(m, "lead 1-2"))
    assert points == [(0, 24 + 100, "domino"), (0, 24 + 75, "domino"), (0, 24 + 50, "domino"),
                      (0, 24 + 25, "domino"), (0, 24, "domino")]  # fmt: skip
    assert m.scores == (24 * 5 + 250, 0)


@pytest.mark.parametrize(
    ("last", "arm", "bonus"),
    [("1-3", 0, 100), ("3-4", 1, 0)],
    ids=["capicu", "fits-one-end"],
)
def test_a_capicu_pays_100_more(last: str, arm: int, bonus: int) -> None:
    """SACI: "Capicú – When the winning bone can play on either open end of the layout"."""
    m = start("puerto-rican-500", f"1-2 {last}", "5-5", "6-6", "2-3 4-4")
    play(m, "lead 1-2", "2-3 on arm 1", "pass", "pass")  # ends 1 and 3
    assert open_values(m) == [1, 3]
    # Every pip left counts: [5|5], [6|6] and [4|4], and the 100 of the first hand.
    assert scores_in(play(m, f"{last} on arm {arm}")) == [(0, 30 + 100 + bonus, "domino")]


def test_a_double_that_fits_both_ends_is_no_capicu() -> None:
    m = start("puerto-rican-500", "2-3 3-3", "6-6", "4-3 5-5", "2-4 1-1")
    play(m, "lead 2-3", "2-4 on arm 0", "4-3 on arm 0", "pass")  # ends 3 and 3
    assert open_values(m) == [3, 3]
    assert scores_in(play(m, "3-3 on arm 0")) == [(0, 24 + 100, "domino")]


@pytest.mark.parametrize(
    ("seat2", "second", "ends", "bonus"),
    [("2-2", "pass", [0, 6], 100), ("6-0 2-2", "6-0 on arm 1", [0, 0], 0)],
    ids=["chuchazo-on-one-end", "blank-at-both-ends-no-chuchazo"],
)
def test_the_chuchazo_going_out_with_the_double_blank_pays_100_more(
    seat2: str, second: str, ends: list, bonus: int
) -> None:
    """SACI: "Chuchazo – When the “Chucha” is the winning bone"; r/dominoes: "It has to be blank on
    one side"."""
    m = start("puerto-rican-500", "5-6 0-0", "1-1", seat2, "5-0 4-4")
    play(m, "lead 5-6", "5-0 on arm 0", second, "pass")  # seat 3 answers the 5; seat 1 passes
    assert open_values(m) == ends
    # [4|4], [2|2] and [1|1] left, and the 100 of the first hand.
    assert scores_in(play(m, "0-0 on arm 0")) == [(0, 14 + 100 + bonus, "domino")]


def test_a_blocked_hand_goes_to_the_lighter_partnership_with_the_hands_bonus_and_no_chuchazo() -> None:
    later = [deal("6-0 1-2", "3-3", "2-2", "0-0 1-1", starter=0)]
    m = start("puerto-rican-500", *OUT_AT_ONCE, later=later)
    play(m, "lead 1-2")  # the first hand: 124 to side 0
    # The second hand: the chucha laid on the blank blocks it (the tranque), then all four pass.
    events = play(m, "lead 6-0", "0-0 on arm 0", "pass", "pass", "pass", "pass")
    assert of_type(events, "round_end")[0]["reason"] == "blocked"
    # Side 0 holds 3 + 4 pips, side 1 holds 2 + 6: side 0 scores all 15 and the 75 of the second
    # hand; "There is no “Chuchazo” when the “Tranque” in a blocked game is the “Chucha”" (SACI).
    assert scores_in(events) == [(0, 15 + 75, "blocked")]
    assert m.scores == (124 + 90, 0)


def test_the_winning_side_chooses_which_partner_leads_the_next_hand() -> None:
    later = [deal("1-4 6-6", "0-0", "5-6", "2-2")]
    m = start("puerto-rican-500", *OUT_AT_ONCE, later=later)
    play(m, "lead 1-2")
    assert m.round == 2 and m.current_player == 0
    assert "pass" in legal(m)
    play(m, "pass")  # seat 0 passes the lead to its partner
    assert m.current_player == 2 and legal(m) == ["lead 5-6"]


def test_explain_tells_the_bonuses_of_the_hand() -> None:
    text = " ".join(explain(rules("puerto-rican-500")).split())
    assert (
        "When the round is blocked, the team with the lowest pip total scores the pips left in the team's own "
        "hands + the pips left in the opponents' hands + (125 − 25 × the round number if the round number is at "
        "most 4, otherwise 0) (a tie scores nobody)." in text
    )
    assert "after which a team has 500 points or more" in text
