"""S0 — the draw game (rules/draw.yaml, draw-9, draw-12): SPEC S0 §1–8."""

from __future__ import annotations

import pytest
from engine_helpers import legal, of_type, open_values, play, rules, scores_in, start

from interpreter.engine import Match, deal
from interpreter.engine.tiles import set_tiles


def _all_tiles(match: Match) -> list[tuple[int, int]]:
    held = [t for seat in range(match.players) for t in match.hand(seat)]
    return sorted(held + list(match.boneyard) + list(match.dead) + list(match.layout.tiles))


@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 5), (4, 5)])
def test_S0_1_double_six_set_hand_sizes_rest_is_boneyard(players: int, size: int) -> None:
    m = Match(rules("draw"), players=players, seed=11)
    assert [len(m.hand(s)) for s in range(players)] == [size] * players
    assert len(m.boneyard) == 28 - players * size
    assert m.dead == ()
    assert _all_tiles(m) == list(set_tiles(6))
    assert m.sides == players  # no teams


def test_S0_2_highest_double_leads_it() -> None:
    m = start("draw", "3-3 1-2 0-4 0-5 0-6", "5-5 0-1 1-3 1-4 2-6", "4-4 0-2 0-3 2-3 2-4", starter=None)
    assert m.current_player == 1
    assert legal(m) == ["lead 5-5"]
    header = of_type(m.events, "deal")[0]
    assert (header["how"], header["lead"]) == ("highest_double", [5, 5])


def test_S0_2_lots_when_nobody_holds_a_double_deal_untouched() -> None:
    hands = ("0-1 0-2 0-3 0-4 0-5 0-6 1-2", "1-3 1-4 1-5 1-6 2-3 2-4 2-5")
    m = start("draw", *hands, starter=None, seed=5)
    record = of_type(m.events, "deal")[0]
    assert record["how"] == "lots"
    last = record["lots"][-1]
    totals = {seat: sum(tile) for seat, tile in last}
    best = max(totals.values())
    assert [s for s, v in totals.items() if v == best] == [m.current_player]
    # The lots come from a separate full set: the deal itself is as scripted.
    assert [" ".join(f"{a}-{b}" for a, b in m.hand(s)) for s in (0, 1)] == list(hands)
    # The lot winner leads any tile.
    assert len(legal(m)) == 7 and all(a.startswith("lead ") for a in legal(m))


def test_S0_2_tied_lots_draw_again() -> None:
    hands = ("0-1 0-2 0-3 0-4 0-5 0-6 1-2", "1-3 1-4 1-5 1-6 2-3 2-4 2-5")
    tied = None
    for seed in range(200):
        record = of_type(start("draw", *hands, starter=None, seed=seed).events, "deal")[0]
        if len(record["lots"]) > 1:
            tied = record
            break
    assert tied is not None
    for draw in tied["lots"][:-1]:
        totals = [sum(tile) for _, tile in draw]
        assert totals.count(max(totals)) > 1
    # Only the tied players draw again.
    first_totals = {seat: sum(tile) for seat, tile in tied["lots"][0]}
    top = max(first_totals.values())
    assert [seat for seat, _ in tied["lots"][1]] == [s for s, v in first_totals.items() if v == top]


def test_S0_3_clockwise_play_matching_halves_compulsory() -> None:
    m = start(
        "draw",
        "6-6 0-1 0-2 0-3 0-4",
        "6-5 1-1 1-2 1-3 1-4",
        "2-2 2-3 2-4 3-3 3-4",
        boneyard="5-5 0-0",
        starter=None,
    )
    play(m, "lead 6-6")
    assert m.current_player == 1
    # Seat 1 can play, so drawing is not offered although the boneyard holds tiles.
    assert legal(m) == ["6-5 on arm 0", "6-5 on arm 1", "6-5 on arm 2", "6-5 on arm 3"]
    play(m, "6-5 on arm 0")
    assert m.current_player == 2
    assert open_values(m) == [5, 6, 6, 6]


def test_S0_4_every_double_is_a_spinner_three_free_arms_when_attached() -> None:
    m = start("draw", "6-6 3-3 0-0", "6-3 3-1 0-1", boneyard="2-2")
    play(m, "lead 6-6")
    assert [(a.id, a.kind, a.value) for a in m.layout.arms] == [
        (0, "end", 6),
        (1, "end", 6),
        (2, "side", 6),
        (3, "side", 6),
    ]
    play(m, "6-3 on arm 0", "3-3 on arm 0")
    arms = m.layout.arms
    assert [(a.id, a.kind, a.value) for a in arms[4:]] == [(4, "side", 3), (5, "side", 3)]
    assert arms[4].spinner == (3, 3)
    assert m.layout.spinners == ((6, 6), (3, 3))
    # The 3-3 offers three free arms: its continuation (arm 0) and its two sides.
    assert legal(m) == ["3-1 on arm 0", "3-1 on arm 4", "3-1 on arm 5"]


def test_S0_5_cannot_play_draws_one_and_the_turn_passes() -> None:
    m = start("draw", "6-6 0-1 0-2 0-3 0-4", "6-5 1-1 1-2 1-3 1-4", "2-2 2-3 2-4 3-3 3-4", boneyard="5-5 0-0")
    play(m, "lead 6-6", "6-5 on arm 0")
    assert legal(m) == ["draw"]
    events = play(m, "draw")
    assert of_type(events, "draw") == [{"type": "draw", "seat": 2, "tile": [5, 5]}]
    # The drawn 5-5 fits arm 0, but it is not played this turn.
    assert m.current_player == 0
    assert (5, 5) in m.hand(2)


def test_S0_5_empty_boneyard_passes() -> None:
    m = start("draw", "6-6 0-1", "1-2 3-4")
    play(m, "lead 6-6")
    assert legal(m) == ["pass"]
    play(m, "pass")
    assert m.current_player == 0


def test_S0_6_domino_scores_the_pips_of_all_other_hands() -> None:
    m = start("draw", "5-6 5-1", "6-6 0-2", "2-3 0-0")
    events = play(m, "lead 5-6", "6-6 on arm 1", "pass", "5-1 on arm 0")
    assert scores_in(events) == [(0, 7, "domino")]
    end = of_type(events, "round_end")[0]
    assert (end["reason"], end["seat"], end["pips"]) == ("domino", 0, [0, 2, 5])
    assert m.scores[0] == 7


def test_S0_6_blocked_lowest_pip_total_scores_all_other_hands() -> None:
    m = start("draw", "0-1 5-5", "2-3 4-4 6-6")
    events = play(m, "lead 0-1", "pass", "pass")
    assert of_type(events, "round_end")[0]["reason"] == "blocked"
    assert scores_in(events) == [(0, 25, "blocked")]


def test_S0_6_blocked_tie_for_lowest_scores_nobody() -> None:
    m = start("draw", "0-0 2-3", "1-4")
    events = play(m, "lead 0-0", "pass", "pass")
    assert of_type(events, "round_end")[0]["pips"] == [5, 5]
    assert scores_in(events) == []
    assert m.scores == (0, 0)


def test_S0_7_target_100_at_round_end_wins() -> None:
    m = start("draw", "5-6 5-1", "6-6 0-2", "2-3 0-0", scores=[93, 99, 0])
    events = play(m, "lead 5-6", "6-6 on arm 1", "pass", "5-1 on arm 0")
    assert m.is_over and m.winners == (0,)
    assert m.scores == (100, 99, 0)
    assert of_type(events, "match_end") == [{"type": "match_end", "winners": [0], "scores": [100, 99, 0]}]
    assert m.current_player is None and m.legal_actions() == []
    assert m.returns() == (1.0, 0.0, 0.0)


def test_S0_7_below_target_a_new_round_starts_by_rule_2() -> None:
    second = deal("1-2 4-4", "3-3 0-5", "6-6 1-1")
    m = start("draw", "5-6 5-1", "6-6 0-2", "2-3 0-0", later=[second])
    play(m, "lead 5-6", "6-6 on arm 1", "pass", "5-1 on arm 0")
    assert not m.is_over and m.round == 2
    record = of_type(m.events, "deal")[1]
    assert (record["round"], record["how"], record["starter"]) == (2, "highest_double", 2)
    assert legal(m) == ["lead 6-6"]


@pytest.mark.parametrize(
    ("variant", "set_size", "sizes"),
    [
        ("draw-9", 55, {2: 7, 3: 7, 4: 7, 5: 6, 6: 6, 7: 5, 8: 5}),
        ("draw-12", 91, {2: 9, 3: 9, 4: 9, 5: 7, 6: 7, 7: 7, 8: 7}),
    ],
)
def test_S0_8_double_nine_and_double_twelve_hand_sizes(variant: str, set_size: int, sizes: dict[int, int]) -> None:
    for players, size in sizes.items():
        m = Match(rules(variant), players=players, seed=players)
        assert [len(m.hand(s)) for s in range(players)] == [size] * players
        assert len(_all_tiles(m)) == set_size
        assert len(m.boneyard) == set_size - players * size
