"""S3 — Doubles (rules/doubles.yaml): SPEC S3 §1–7."""

from __future__ import annotations

import pytest
from engine_helpers import legal, of_type, open_values, play, rules, scores_in, start

from interpreter.engine import Match, deal


@pytest.mark.parametrize(("players", "size"), [(2, 8), (3, 6), (4, 6)])
def test_S3_1_hand_sizes_rest_is_boneyard(players: int, size: int) -> None:
    m = Match(rules("doubles"), players=players, seed=1)
    assert [len(m.hand(s)) for s in range(players)] == [size] * players
    assert len(m.boneyard) == 28 - players * size


def test_S3_2_highest_double_leads_it() -> None:
    m = start("doubles", "1-2 4-4", "6-5 2-2", starter=None)
    assert m.current_player == 0 and legal(m) == ["lead 4-4"]


def test_S3_2_no_double_in_any_hand_means_a_redeal() -> None:
    no_doubles = ("0-1 0-2 0-3 0-4 0-5 0-6 1-2 1-3", "1-4 1-5 1-6 2-3 2-4 2-5 2-6 3-4")
    m = start("doubles", *no_doubles, starter=None, seed=2)
    record = of_type(m.events, "deal")[0]
    assert record["redeals"] >= 1 and record["how"] == "highest_double"
    hands = [m.hand(s) for s in range(2)]
    assert [len(h) for h in hands] == [8, 8]
    best = max(t for h in hands for t in h if t[0] == t[1])
    assert legal(m) == [f"lead {best[0]}-{best[1]}"]
    assert best in m.hand(m.current_player)


def test_S3_3_every_double_is_a_spinner_four_arms_at_the_lead_three_later() -> None:
    m = start("doubles", "6-6 3-3 3-2", "6-3 3-1 2-2")
    play(m, "lead 6-6")
    assert [(a.kind, a.open) for a in m.layout.arms] == [("end", True)] * 2 + [("side", True)] * 2
    assert legal(m) == [f"6-3 on arm {i}" for i in range(4)]
    play(m, "6-3 on arm 0", "3-3 on arm 0")
    assert open_values(m) == [3, 6, 6, 6, 3, 3]
    assert legal(m) == ["3-1 on arm 0", "3-1 on arm 4", "3-1 on arm 5"]


def test_S3_4_a_number_is_freed_once_its_double_is_in_the_layout() -> None:
    m = start("doubles", "6-6 3-3 3-2", "6-3 3-1 2-2")
    play(m, "lead 6-6", "6-3 on arm 0")
    # Arm 0 shows 3, and [3|3] is not down: only the double itself may touch it.
    assert legal(m) == ["3-3 on arm 0"]
    play(m, "3-3 on arm 0")
    assert legal(m) == ["3-1 on arm 0", "3-1 on arm 4", "3-1 on arm 5"]


def test_S3_5_draw_one_play_it_if_playable_last_two_never_drawn() -> None:
    m = start("doubles", "6-6 1-2", "0-1 0-2", boneyard="6-4 3-4 5-5 4-4")
    play(m, "lead 6-6")
    assert legal(m) == ["draw"]
    play(m, "draw")
    assert legal(m) == [f"6-4 on arm {i}" for i in range(4)]  # playable: must be played
    play(m, "6-4 on arm 0")
    assert legal(m) == ["draw"]
    play(m, "draw")
    assert legal(m) == ["pass"]  # 3-4 does not play (4 is not freed); no second draw
    play(m, "pass")
    # Two tiles left, both in the reserve: nothing to draw.
    assert m.boneyard == ((5, 5), (4, 4))
    assert legal(m) == ["pass"]


def test_S3_6_domino_scores_all_other_hands() -> None:
    events = play(start("doubles", "6-6", "1-2 3-4", "0-5"), "lead 6-6")
    assert scores_in(events) == [(0, 15, "domino")]


def test_S3_6_blocked_lowest_pip_total_scores_tie_nobody() -> None:
    m = start("doubles", "6-6 1-1", "2-2 0-0")
    assert scores_in(play(m, "lead 6-6", "pass", "pass")) == [(0, 4, "blocked")]  # 2 pips against 4
    m = start("doubles", "6-6 0-2", "1-1")
    assert scores_in(play(m, "lead 6-6", "pass", "pass")) == []


def test_S3_7_first_to_100_at_round_end_every_round_by_rule_2() -> None:
    m = start("doubles", "6-6 1-2", "3-4 0-1", scores=[98, 0], later=[deal("1-1 2-3", "5-5 0-4", starter=None)])
    play(m, "lead 6-6", "pass", "pass")  # blocked: seat 0 (3) scores 8 -> 106
    assert m.is_over and m.winners == (0,) and m.scores == (106, 0)
    m = start("doubles", "6-6 1-2", "3-4 0-1", later=[deal("1-1 2-3", "5-5 0-4", starter=None)])
    play(m, "lead 6-6", "pass", "pass")
    record = of_type(m.events, "deal")[1]
    assert (record["how"], record["starter"]) == ("highest_double", 1)
