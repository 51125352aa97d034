"""S0-MT — Mexican Train (rules/mexican-train*.yaml): SPEC S0-MT §1–8."""

from __future__ import annotations

import pytest
from engine_helpers import legal, of_type, play, rules, scores_in, start

from interpreter.engine import Match, ScriptedDeal, deal


@pytest.mark.parametrize(("players", "size"), [(2, 15), (4, 15), (5, 12), (6, 12), (7, 10), (8, 10)])
def test_S0_MT_1_double_twelve_hand_sizes(players: int, size: int) -> None:
    m = Match(rules("mexican-train"), players=players, seed=1)
    assert [len(m.hand(s)) for s in range(players)] == [size] * players
    # The engine is out of the set before the deal: 91 - 1 - dealt tiles remain.
    assert len(m.boneyard) == 90 - players * size


@pytest.mark.parametrize(("variant", "set_size"), [("mexican-train-15", 136), ("mexican-train-18", 190)])
def test_S0_MT_1_overlays_double_fifteen_and_double_eighteen(variant: str, set_size: int) -> None:
    m = Match(rules(variant), players=4, seed=2)
    held = [t for s in range(4) for t in m.hand(s)]
    assert len(held) + len(m.boneyard) + 1 == set_size
    assert m.layout.hub == (rules(variant).max_pip,) * 2


def _one_tile_rounds(players: int, rounds: int, max_pip: int = 12) -> list[ScriptedDeal]:
    """Round r: every seat holds one tile [e|e+1+seat] on the engine's number e, so whoever
    starts goes out at once and the others keep one tile each."""
    out = []
    for r in range(1, rounds + 1):
        e = max_pip - r + 1
        hands = [[(e, (e + 1 + seat) % (max_pip + 1))] for seat in range(players)]
        out.append(ScriptedDeal(hands))
    return out


def _play_out(m: Match) -> None:
    """Every round of these scripted matches: the starter lays its one tile on its own train."""
    while not m.is_over:
        seat = m.current_player
        assert seat is not None
        own = [a for a in m.legal_actions() if a.arm == seat]
        m.apply(own[0])


def test_S0_MT_2_engine_per_round_random_first_starter_then_one_seat_to_the_left() -> None:
    m = Match(rules("mexican-train"), players=3, seed=4, deals=_one_tile_rounds(3, 13))
    _play_out(m)
    deals = of_type(m.events, "deal")
    assert len(deals) == 13 and m.round == 13
    assert [d["engine"] for d in deals] == [[e, e] for e in range(12, -1, -1)]
    assert deals[0]["how"] == "random" and {d["how"] for d in deals[1:]} == {"next_seat"}
    first = deals[0]["starter"]
    assert [d["starter"] for d in deals] == [(first + r) % 3 for r in range(13)]
    # The engine is not dealt: no hand or boneyard holds it.
    assert all(d["engine"] not in [t for hand in d["hands"] for t in hand] for d in deals)


def test_S0_MT_2_round_one_starts_at_a_random_seat() -> None:
    starters = {Match(rules("mexican-train"), players=4, seed=s).current_player for s in range(12)}
    assert len(starters) > 1


def test_S0_MT_3_personal_trains_and_one_shared_train_start_at_the_engine() -> None:
    m = start("mexican-train", "12-5 12-3 1-2", "12-7 4-5", "0-1 0-2")
    arms = m.layout.arms
    assert [(a.id, a.kind, a.owner, a.value) for a in arms] == [
        (0, "train", 0, 12),
        (1, "train", 1, 12),
        (2, "train", 2, 12),
        (3, "train", None, 12),
    ]
    assert m.layout.hub == (12, 12)
    # Seat 0: its own train and the shared train; 1-2 does not match the engine's 12.
    assert legal(m) == ["12-3 on arm 0", "12-5 on arm 0", "12-3 on arm 3", "12-5 on arm 3"]


def test_S0_MT_4_another_players_train_only_while_it_carries_a_marker() -> None:
    m = start("mexican-train", "12-5 5-6 6-1", "0-1 0-2", "12-9 9-8", boneyard="")
    play(m, "12-5 on arm 0")
    assert legal(m) == ["marker"]  # seat 1 cannot play, nothing to draw
    play(m, "marker")
    assert m.layout.arms[1].marker
    # Seat 2 may now use seat 1's marked train, besides its own and the shared one.
    assert legal(m) == ["12-9 on arm 1", "12-9 on arm 2", "12-9 on arm 3"]
    play(m, "12-9 on arm 1")
    assert legal(m) == ["5-6 on arm 0"]


def test_S0_MT_5_double_plays_again_and_the_open_double_must_be_covered() -> None:
    m = start("mexican-train", "12-6 6-6 12-4 6-3 0-0", "12-9 6-1 9-5 4-4 0-1")
    play(m, "12-6 on arm 0", "12-9 on arm 1", "6-6 on arm 0")
    # The player who laid the double plays again, and may first play elsewhere.
    assert m.current_player == 0
    assert legal(m) == ["6-3 on arm 0", "12-4 on arm 2"]
    play(m, "12-4 on arm 2")
    opened = m.layout.open_doubles
    assert [(d.tile, d.arms, d.remaining, d.active) for d in opened] == [((6, 6), (0,), 1, True)]
    # Seat 1 could extend its own train (9-5) or the shared one (4-4), but must cover 6-6
    # on seat 0's unmarked train first.
    assert legal(m) == ["6-1 on arm 0"]
    play(m, "6-1 on arm 0")
    assert m.layout.open_doubles == ()
    assert m.current_player == 0


@pytest.mark.parametrize(("drawn", "then"), [("6-5", ["6-5 on arm 0"]), ("5-5", ["marker"])])
def test_S0_MT_5_who_cannot_cover_draws_plays_it_if_it_covers_else_marks(drawn: str, then: list[str]) -> None:
    m = start("mexican-train", "12-6 6-6 12-4 0-0", "12-9 9-5 4-4 0-1", boneyard=f"{drawn} 3-3")
    play(m, "12-6 on arm 0", "12-9 on arm 1", "6-6 on arm 0", "12-4 on arm 2")
    assert legal(m) == ["draw"]
    play(m, "draw")
    assert legal(m) == then


def test_S0_MT_5_demand_starts_next_turn_only() -> None:
    m = start("mexican-train", "12-6 6-6 0-0", "12-9 9-5 0-1", boneyard="3-4 1-1")
    play(m, "12-6 on arm 0", "12-9 on arm 1", "6-6 on arm 0")
    [double] = m.layout.open_doubles
    assert not double.active  # binds from seat 1's turn on
    assert legal(m) == ["draw"]  # seat 0 has nothing more to play, draws
    play(m, "draw", "marker")
    assert m.layout.open_doubles[0].active and m.current_player == 1


def test_S0_MT_6_cannot_play_draws_one_and_must_play_it() -> None:
    m = start("mexican-train", "12-5 5-6 2-2", "0-1 0-2", boneyard="12-3 3-3")
    play(m, "12-5 on arm 0")
    assert legal(m) == ["draw"]
    play(m, "draw")
    # Only the drawn tile can be played, and it must be (no pass or marker offered).
    assert legal(m) == ["12-3 on arm 1", "12-3 on arm 2"]


def test_S0_MT_6_marker_when_the_drawn_tile_does_not_play() -> None:
    m = start("mexican-train", "12-5 5-6 12-1", "0-2 2-3", boneyard="9-9 8-8")
    play(m, "12-5 on arm 0")
    assert legal(m) == ["draw"]
    play(m, "draw")
    assert legal(m) == ["marker"]
    play(m, "marker")
    assert m.layout.arms[1].marker and m.current_player == 0
    # Seat 0 may now play on seat 1's marked train.
    assert legal(m) == ["5-6 on arm 0", "12-1 on arm 1", "12-1 on arm 2"]
    play(m, "5-6 on arm 0")
    assert legal(m) == ["draw"]
    play(m, "draw")
    assert legal(m) == ["pass"]  # already marked: a plain pass


def test_S0_MT_6_empty_boneyard_marks_and_the_marker_comes_off_when_the_owner_plays() -> None:
    m = start("mexican-train", "12-5 12-3 1-1", "3-4 0-2", boneyard="")
    play(m, "12-5 on arm 0")
    assert legal(m) == ["marker"]
    play(m, "marker")
    assert legal(m) == ["12-3 on arm 1", "12-3 on arm 2"]
    play(m, "12-3 on arm 1")
    assert m.layout.arms[1].marker  # only the owner's own play lifts it
    play(m, "3-4 on arm 1")
    assert m.layout.arms[1].marker is False


def test_S0_MT_7_a_double_as_last_tile_ends_the_round() -> None:
    m = start("mexican-train", "12-6 6-6", "12-9 9-5 0-1")
    play(m, "12-6 on arm 0", "12-9 on arm 1")
    events = play(m, "6-6 on arm 0")
    ends = of_type(events, "round_end")
    assert [(e["reason"], e["seat"]) for e in ends] == [("domino", 0)]


def test_S0_MT_7_blocked_when_nobody_can_play_and_the_boneyard_is_empty() -> None:
    m = start("mexican-train", "0-1 2-3", "4-5 6-7")
    events = play(m, "marker", "marker")
    ends = of_type(events, "round_end")
    assert [e["reason"] for e in ends] == ["blocked"]
    # S0-MT §8: every player adds its own pips.
    assert scores_in(events) == [(0, 6, "blocked"), (1, 22, "blocked")]


def test_S0_MT_8_every_player_adds_its_own_pips_lowest_total_wins() -> None:
    m = Match(rules("mexican-train"), players=3, seed=4, deals=_one_tile_rounds(3, 13))
    first = m.current_player
    _play_out(m)
    expected = [0, 0, 0]
    for r in range(1, 14):
        e = 13 - r
        starter = (first + r - 1) % 3
        for seat in range(3):
            if seat != starter:
                expected[seat] += e + (e + 1 + seat) % 13
    assert list(m.scores) == expected
    assert m.is_over and m.winners == (expected.index(min(expected)),)


def test_S0_MT_8_equal_lowest_totals_share_the_win() -> None:
    natural = Match(rules("mexican-train"), players=3, seed=4, deals=_one_tile_rounds(3, 13))
    _play_out(natural)
    totals = list(natural.scores)
    # Start seats 0 and 1 so that they end level, both below seat 2.
    initial = [1000 - totals[0], 1000 - totals[1], 2000 - totals[2]]
    m = Match(rules("mexican-train"), players=3, seed=4, deals=_one_tile_rounds(3, 13), scores=initial)
    _play_out(m)
    assert m.scores == (1000, 1000, 2000)
    assert m.winners == (0, 1)
    assert m.returns() == (0.5, 0.5, 0.0)


def test_S0_MT_house_rule_double_blank_counts_50() -> None:
    plain = start("mexican-train", "12-5", "0-0 1-2")
    house = start("mexican-train-zero-50", "12-5", "0-0 1-2")
    assert scores_in(play(plain, "12-5 on arm 0")) == [(0, 0, "domino"), (1, 3, "domino")]
    assert scores_in(play(house, "12-5 on arm 0")) == [(0, 0, "domino"), (1, 53, "domino")]


def test_S0_MT_scripted_engine_tile_cannot_be_dealt() -> None:
    with pytest.raises(ValueError, match="twice"):
        Match(rules("mexican-train"), players=2, deals=[deal("12-12", "1-2")])
