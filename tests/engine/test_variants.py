"""The extra bundled variants (block, straight-partners) and the house-rule overlays (SPEC "Extra variants")."""

from __future__ import annotations

from engine_helpers import legal, of_type, play, rules, scores_in, start

from interpreter.engine import Match


def test_block_undealt_tiles_are_dead_no_boneyard() -> None:
    m = Match(rules("block"), players=2, seed=4)
    assert m.boneyard == () and len(m.dead) == 14
    m = Match(rules("block"), players=4, seed=4)
    assert m.boneyard == () and m.dead == ()


def test_block_holder_of_double_six_leads_it_else_the_highest_double() -> None:
    m = start("block", "5-5 1-2", "6-6 0-1", starter=None)
    assert m.current_player == 1 and legal(m) == ["lead 6-6"]
    assert of_type(m.events, "deal")[0]["how"] == "holder"
    m = start("block", "5-5 1-2", "4-4 0-1", starter=None)
    assert m.current_player == 0 and legal(m) == ["lead 5-5"]
    assert of_type(m.events, "deal")[0]["how"] == "highest_double"


def test_block_no_spinner_no_drawing_pass_when_unable() -> None:
    m = start("block", "6-6 6-1 2-2", "6-3 4-5 0-0")
    play(m, "lead 6-6")
    assert [a.kind for a in m.layout.arms] == ["end", "end"]
    play(m, "6-3 on arm 0")
    assert legal(m) == ["6-1 on arm 1"]
    play(m, "6-1 on arm 1")
    assert legal(m) == ["pass"]


def test_block_blocked_scores_like_S0_6() -> None:
    m = start("block", "6-6 1-1", "2-3 4-5")
    events = play(m, "lead 6-6", "pass", "pass")
    assert scores_in(events) == [(0, 14, "blocked")]


def test_straight_partners_team_scores_the_opposing_pair_only() -> None:
    # Seat 0 goes out: seats 1 and 3 hold 12 + 1 = 13 -> 15; partner seat 2's 10 pips do not count.
    m = start("straight-partners", "1-2", "6-6", "5-5", "0-1")
    events = play(m, "lead 1-2")
    assert scores_in(events) == [(0, 15, "domino")]
    assert m.scores == (15, 0)


def test_straight_partners_in_play_points_go_to_the_team() -> None:
    m = start("straight-partners", "1-2 3-3", "6-6", "5-5", "2-4 0-1", starter=3)
    events = play(m, "lead 2-4", "2-1 on arm 0")  # seat 3 leads (2 + 4), seat 0 plays: 1 + 4 = 5
    assert scores_in(events) == [(0, 5, "in_play")]
    assert of_type(events, "score")[0]["seat"] == 0


def test_straight_partners_blocked_compares_team_pip_totals() -> None:
    m = start("straight-partners", "6-6 0-1", "2-3", "1-2", "4-5")
    events = play(m, "lead 6-6", "pass", "pass", "pass", "pass")
    # Team 0 holds 1 + 3 = 4 pips, team 1 5 + 9 = 14 -> rounded to 15.
    assert scores_in(events) == [(0, 15, "blocked")]


def test_house_rule_draw_50_lower_target() -> None:
    for variant, over in (("draw", False), ("draw-50", True)):
        m = start(variant, "5-6 5-1", "6-6 0-2", "2-3 0-0", scores=[43, 0, 0])
        play(m, "lead 5-6", "6-6 on arm 1", "pass", "5-1 on arm 0")
        assert m.scores[0] == 50 and m.is_over is over


def test_house_rule_double_six_sum_scores_the_sum() -> None:
    base = start("double-six", "5-5 1-2", "3-4")
    house = start("double-six-sum", "5-5 1-2", "3-4")
    assert scores_in(play(base, "lead 5-5")) == [(0, 2, "in_play")]
    assert scores_in(play(house, "lead 5-5")) == [(0, 10, "in_play")]


def test_house_rule_mexican_train_zero_50_counts_double_blank_as_50() -> None:
    m = start("mexican-train-zero-50", "0-0 11-3", "1-2 4-5")
    events = play(m, "marker", "marker")
    assert of_type(events, "round_end")[0]["pips"] == [64, 12]
    assert scores_in(events) == [(0, 64, "blocked"), (1, 12, "blocked")]
