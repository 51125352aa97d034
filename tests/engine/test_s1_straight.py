"""S1 — Straight dominoes (rules/straight.yaml, straight-partners): SPEC S1 §1–8."""

from __future__ import annotations

import pytest
from engine_helpers import legal, of_type, play, rules, scores_in, start

from interpreter.engine import Match, deal


@pytest.mark.parametrize(("players", "boneyard"), [(2, 14), (3, 7), (4, 0)])
def test_S1_1_seven_tiles_each_whatever_the_player_count(players: int, boneyard: int) -> None:
    m = Match(rules("straight"), players=players, seed=3)
    assert [len(m.hand(s)) for s in range(players)] == [7] * players
    assert len(m.boneyard) == boneyard


def test_S1_1_partnership_overlay_four_players_two_teams_partners_opposite() -> None:
    m = Match(rules("straight-partners"), players=4, seed=3)
    assert m.sides == 2
    assert [m.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert len(m.scores) == 2
    with pytest.raises(ValueError, match="is for 4 players, not 2"):
        Match(rules("straight-partners"), players=2)


def test_S1_2_random_starter_leads_any_tile() -> None:
    m = Match(rules("straight"), players=3, seed=8)
    assert of_type(m.events, "deal")[0]["how"] == "random"
    assert legal(m) == [f"lead {a}-{b}" for a, b in m.hand(m.current_player)]
    starters = {Match(rules("straight"), players=3, seed=s).current_player for s in range(10)}
    assert starters == {0, 1, 2}


def test_S1_3_lead_double_is_the_spinner_sides_open_after_both_ends() -> None:
    m = start("straight", "5-5 5-3 1-1 2-4", "5-1 5-2 3-6 0-6")
    play(m, "lead 5-5")
    assert [(a.kind, a.open) for a in m.layout.arms] == [("end", True), ("end", True), ("side", False), ("side", False)]
    assert legal(m) == ["5-1 on arm 0", "5-2 on arm 0", "5-1 on arm 1", "5-2 on arm 1"]
    play(m, "5-1 on arm 0")
    assert legal(m) == ["1-1 on arm 0", "5-3 on arm 1"]  # one end covered: the sides stay shut
    play(m, "5-3 on arm 1")
    assert legal(m) == ["3-6 on arm 1", "5-2 on arm 2", "5-2 on arm 3"]
    play(m, "5-2 on arm 2", "1-1 on arm 0")
    # Only the first double branches: 1-1 lies on arm 0 and opens nothing.
    assert len(m.layout.arms) == 4 and m.layout.spinners == ((5, 5),)


def test_S1_3_first_double_attached_to_the_line_is_the_spinner() -> None:
    m = start("straight", "4-6 6-2 4-1 3-3", "6-6 6-3 0-0")
    play(m, "lead 4-6", "6-6 on arm 1")
    arms = m.layout.arms
    assert [(a.id, a.kind, a.value, a.open) for a in arms] == [
        (0, "end", 4, True),
        (1, "end", 6, True),
        (2, "side", 6, False),
        (3, "side", 6, False),
    ]
    assert legal(m) == ["4-1 on arm 0", "6-2 on arm 1"]
    play(m, "6-2 on arm 1")
    assert legal(m) == ["6-3 on arm 2", "6-3 on arm 3"]


def test_S1_4_draw_until_playable_then_must_play_it() -> None:
    m = start("straight", "6-6 1-1", "1-2 3-3", boneyard="3-4 0-0 6-1 2-2")
    play(m, "lead 6-6")
    assert legal(m) == ["draw"]
    play(m, "draw")
    assert m.current_player == 1 and legal(m) == ["draw"]
    play(m, "draw")
    assert legal(m) == ["draw"]
    play(m, "draw")
    assert legal(m) == ["6-1 on arm 0", "6-1 on arm 1"]  # compulsory: no pass, no further draw
    assert m.hand(1) == ((0, 0), (1, 2), (1, 6), (3, 3), (3, 4))


def test_S1_4_empty_boneyard_then_pass() -> None:
    m = start("straight", "6-6 1-1", "1-2 3-3", boneyard="3-4")
    play(m, "lead 6-6", "draw")
    assert legal(m) == ["pass"]
    play(m, "pass")
    assert m.current_player == 0


def test_S1_5_spinner_counts_until_both_ends_covered() -> None:
    m = start("straight", "5-5 5-4 6-6", "5-0 5-1 6-2")
    assert scores_in(play(m, "lead 5-5")) == [(0, 10, "in_play")]
    assert m.layout.ends == (10,)
    # One end covered: 0 + the spinner's 10.
    assert scores_in(play(m, "5-0 on arm 0")) == [(1, 10, "in_play")]
    assert m.layout.ends == (0, 10)
    # Both ends covered: the spinner counts nothing (0 + 4, not 14); its empty sides neither.
    assert scores_in(play(m, "5-4 on arm 1")) == []
    assert m.layout.ends == (0, 4)
    # A side arm counts once it carries a tile.
    assert scores_in(play(m, "5-1 on arm 2")) == [(1, 5, "in_play")]
    assert m.layout.ends == (0, 4, 1)
    assert m.scores == (10, 15)


def test_S1_5_double_at_an_end_counts_both_halves() -> None:
    m = start("straight", "5-5 5-2 1-1", "5-6 2-2 3-4")
    play(m, "lead 5-5", "5-6 on arm 0", "5-2 on arm 1")
    events = play(m, "2-2 on arm 1")
    assert m.layout.ends == (6, 4)
    assert scores_in(events) == [(1, 10, "in_play")]


@pytest.mark.parametrize(
    ("hands", "points"),
    [
        (("1-2", "6-6 0-1"), 15),  # 13: remainder 3 rounds up
        (("1-2", "6-6"), 10),  # 12: remainder 2 rounds down
        (("1-2", "6-6", "0-1"), 15),  # all opposing hands: 12 + 1
    ],
)
def test_S1_6_domino_scores_opposing_pips_rounded_to_nearest_5(hands: tuple[str, ...], points: int) -> None:
    m = start("straight", *hands)
    events = play(m, "lead 1-2")
    assert scores_in(events) == [(0, points, "domino")]


def test_S1_6_blocked_lowest_scores_opposing_pips_own_never_subtracted() -> None:
    m = start("straight", "0-1 2-2", "3-4 6-6")
    events = play(m, "lead 0-1", "pass", "pass")
    assert of_type(events, "round_end")[0]["pips"] == [4, 19]
    assert scores_in(events) == [(0, 20, "blocked")]


def test_S1_6_blocked_tie_scores_nobody() -> None:
    m = start("straight", "6-6 0-5", "1-4")
    events = play(m, "lead 6-6", "pass", "pass")
    assert of_type(events, "round_end")[0]["reason"] == "blocked"
    assert scores_in(events) == []


def test_S1_7_match_ends_immediately_at_250_even_mid_round() -> None:
    m = start("straight", "5-5 1-2", "3-4", scores=[245, 0])
    events = play(m, "lead 5-5")
    assert [e["type"] for e in events] == ["action", "score", "round_end", "match_end"]
    assert of_type(events, "round_end")[0]["reason"] == "target"
    assert m.is_over and m.winners == (0,) and m.scores == (255, 0)
    assert m.hand(0) == ((1, 2),)  # the round was not played out


def test_S1_8_next_round_is_led_by_the_previous_winner() -> None:
    m = start("straight", "6-6 0-0", "6-1", later=[deal("1-2 3-4", "2-3 4-5")])
    play(m, "lead 6-6", "6-1 on arm 0")
    record = of_type(m.events, "deal")[1]
    assert (record["round"], record["starter"], record["how"]) == (2, 1, "previous_winner")
    assert m.current_player == 1


def test_S1_8_after_a_tie_the_next_seat_leads() -> None:
    m = start("straight", "1-4", "6-6 0-5", "2-3", starter=1, later=[deal("1-2", "3-4", "5-6")])
    events = play(m, "lead 6-6", "pass", "pass", "pass")
    assert scores_in(events) == []
    record = of_type(m.events, "deal")[1]
    assert (record["starter"], record["how"]) == (2, "next_seat")
