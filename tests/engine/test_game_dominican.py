"""Dominican dominoes (rules/dominican.yaml) on scripted deals: the pass on the lead (25 after a
double, 50 otherwise), the pase corrido (25), the capicúa (25 more for going out with a tile that
fitted both ends), the tranque won by the lighter partnership, and who leads the next hand.
Play is counter-clockwise: seat 0, then 3, 2, 1; seats 0 and 2 are partners (side 0)."""

from __future__ import annotations

import pytest
from engine_helpers import legal, of_type, open_values, play, rules, scores_in, start

from interpreter.engine import deal
from interpreter.rulefile.explain import explain


def test_a_pass_on_a_double_lead_scores_25_and_the_pase_corrido_25_more() -> None:
    m = start("dominican", "6-6 6-5 2-1", "3-3", "2-2", "1-1")
    assert m.current_player == 0
    assert scores_in(play(m, "lead 6-6")) == []
    assert m.current_player == 3
    assert scores_in(play(m, "pass")) == [(0, 25, "pass")]  # the player after the leader passes
    assert scores_in(play(m, "pass")) == []  # the leader's partner: two passes, no bonus
    assert scores_in(play(m, "pass")) == [(0, 25, "pass")]  # the third pass: pase corrido
    assert m.current_player == 0 and m.scores == (50, 0)


def test_a_pass_on_a_lead_that_is_no_double_scores_50() -> None:
    m = start("dominican", "6-5 1-2", "3-3", "2-2", "1-1")
    assert scores_in(play(m, "lead 6-5", "pass")) == [(0, 50, "pass")]
    assert m.scores == (50, 0)


def test_a_pass_later_in_the_hand_scores_nothing_unless_every_other_player_passes() -> None:
    m = start("dominican", "6-5 5-4 0-0", "3-3 2-2", "6-1 1-1", "5-0 4-4")
    events = play(m, "lead 6-5", "5-0 on arm 0", "6-1 on arm 1", "pass", "0-0 on arm 0")
    assert scores_in(events) == []  # seat 1's pass on the third tile is no pass on the lead
    assert m.scores == (0, 0)


@pytest.mark.parametrize(
    ("last", "arm", "points"),
    [("1-3", 0, 18 + 25), ("3-4", 1, 18)],
    ids=["capicua", "fits-one-end"],
)
def test_going_out_with_a_tile_that_fits_both_ends_is_a_capicua_worth_25_more(last: str, arm: int, points: int) -> None:
    """dominoesonline.com: "if last domino can be played on either end it earns that team 25 points"."""
    m = start("dominican", f"1-2 {last}", "5-5", "6-6", "2-3 4-4")
    play(m, "lead 1-2", "2-3 on arm 1", "pass", "pass")  # ends 1 and 3; seats 2 and 1 pass
    assert open_values(m) == [1, 3]
    events = play(m, f"{last} on arm {arm}")
    # The partnership scores the pips left in the opposing hands: [5|5] and [4|4].
    assert scores_in(events) == [(0, points, "domino")]


def test_a_double_that_fits_both_ends_is_no_capicua() -> None:
    m = start("dominican", "2-3 3-3", "6-6", "4-3 5-5", "2-4 1-1")
    play(m, "lead 2-3", "2-4 on arm 0", "4-3 on arm 0", "pass")  # ends 3 and 3; seat 1 passes
    assert open_values(m) == [3, 3]
    events = play(m, "3-3 on arm 0")
    assert scores_in(events) == [(0, 14, "domino")]  # [6|6] and [1|1], no bonus


@pytest.mark.parametrize(
    ("seat1", "expected"),
    [("3-3", [(0, 8, "blocked")]), ("3-2", [])],
    ids=["lighter-partnership-wins", "tie-scores-nobody"],
)
def test_a_tranque_is_won_by_the_partnership_with_fewer_pips(seat1: str, expected: list) -> None:
    m = start("dominican", "6-6 2-1", seat1, "2-2", "1-1")
    play(m, "lead 6-6", "pass", "pass", "pass")  # 25 for the pass on the lead, 25 pase corrido
    events = play(m, "pass")  # the fourth pass in a row blocks the hand
    assert of_type(events, "round_end")[0]["reason"] == "blocked"
    # Side 0 holds 3 + 4 pips; side 1 holds 2 + 6 (or 2 + 5, a tie).
    assert scores_in(events) == expected


def test_the_seat_that_went_out_leads_the_next_hand_with_any_tile() -> None:
    m = start("dominican", "1-2 1-3", "5-5", "6-6", "2-3 4-4", later=[deal("1-4", "0-0", "5-6", "2-2")])
    play(m, "lead 1-2", "2-3 on arm 1", "pass", "pass", "1-3 on arm 0")
    assert m.round == 2 and m.current_player == 0
    assert legal(m) == ["lead 1-4"]


def test_explain_tells_the_direction_and_the_pass_bonuses() -> None:
    text = " ".join(explain(rules("dominican")).split())
    assert "For 4 players; play goes counterclockwise." in text
    assert (
        "After every pass, when the number of passes in a row equals the number of players − 1 or (the number of "
        "tiles laid this round equals 1 and the number of passes in a row equals 1), the team of the player who "
        "laid the last tile scores (25 if the number of passes in a row equals the number of players − 1, "
        "otherwise 0) + ((25 if the last tile laid is a double, otherwise 50) if the number of tiles laid this "
        "round equals 1 and the number of passes in a row equals 1, otherwise 0)." in text
    )
