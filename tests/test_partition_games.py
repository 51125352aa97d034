"""The partition family's signature rules, each played on a scripted deal with its exact outcome:
the splits a hand allows (copies merged, wild tiles read either way, a `must` on a laid-aside
group), the ranking (pairs, Wong and Gong over points, the top tile's tiebreak, zero-zero),
the showdown (a copy to the bank, a push), stuck hands, the house way, and the bank's moves."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import Action, IllegalAction, Match, deal
from interpreter.engine.partition.tables import partition_tables_for
from interpreter.rulefile.loader import load_ruleset

RULES = Path(__file__).resolve().parents[1] / "rules"


@pytest.fixture(scope="module")
def pai_gow():
    return load_ruleset(str(RULES / "pai-gow.yaml"))


@pytest.fixture(scope="module")
def tau_ngau():
    return load_ruleset(str(RULES / "tau-ngau.yaml"))


def _said(match: Match, kind: str) -> list[dict]:
    return match.events_of(kind)


def _rank(rules, tiles: str) -> tuple:
    ranker = partition_tables_for(rules, 2).ranker
    group = tuple(sorted(Action.parse(f"split {tiles}").groups[0]))
    return ranker.rank(group)


# Seat 0 against the banker: one group won, one lost, nothing to pay.
PUSHED = {
    "type": "settle", "seat": 0, "won": 1, "lost": 1, "tied": 0, "stuck": False, "banker_stuck": False, "points": 0,
}  # fmt: skip
BANKER = "1-1 3-6 5-5 1-6"  # splits by the house way into 1-1 1-6 (9, Day) | 3-6 5-5 (9, Mooy)


def test_a_player_winning_one_hand_and_losing_the_other_pushes(pai_gow) -> None:
    match = Match(pai_gow, 2, deals=[deal("6-6 4-5 1-3 2-2", BANKER, starter=1)])
    assert match.current_player == 0
    assert len(match.legal_actions()) == 3
    # Written low hand first: the engine calls the higher group the high hand.
    match.apply(Action.parse("split 1-3 2-2 | 6-6 4-5"))
    showdown = _said(match, "showdown")[0]
    assert showdown["groups"][1] == [[[1, 1], [1, 6]], [[3, 6], [5, 5]]]
    assert showdown["ranks"] == [[["Wong", 11], ["points", 8]], [["points", 9], ["points", 9]]]
    assert showdown["house_way_step"] == 3  # "If the maximum low hand is at least a high-3 ... play that"
    assert _said(match, "settle") == [PUSHED]
    assert match.scores == (0, 0)


def test_copies_of_a_tile_are_one_tile_to_the_splits_and_winning_both_hands_scores(pai_gow) -> None:
    match = Match(pai_gow, 2, deals=[deal("1-3 1-3 6-6 4-5", BANKER, starter=1)])
    assert [str(a) for a in match.legal_actions()] == ["split 1-3 1-3 | 4-5 6-6", "split 1-3 6-6 | 1-3 4-5"]
    match.apply(Action.parse("split 1-3 1-3 | 6-6 4-5"))
    assert _said(match, "showdown")[0]["ranks"][0] == [["pair of Gors", None], ["Wong", 11]]
    assert match.scores == (1, -1)


def test_a_copy_goes_to_the_bank_and_the_higher_top_tile_breaks_a_tie(pai_gow) -> None:
    # Banker: 2-2 3-4 1-1 4-5 -> Wong (1-1 4-5) | 2-2 3-4 (1, top Bon). Player: Teen Wong over the
    # Day Wong; 2-2 1-6 (1, top Bon) against 2-2 3-4 (1, top Bon): a copy, the banker's.
    match = Match(pai_gow, 2, deals=[deal("6-6 3-6 2-2 1-6", "2-2 3-4 1-1 4-5", starter=1)])
    match.apply(Action.parse("split 6-6 3-6 | 2-2 1-6"))
    assert _said(match, "showdown")[0]["groups"][1] == [[[1, 1], [4, 5]], [[2, 2], [3, 4]]]
    assert _said(match, "settle")[0] == PUSHED


def test_the_ranking_of_two_tile_hands(pai_gow) -> None:
    rank = lambda tiles: _rank(pai_gow, tiles).key  # noqa: E731
    assert rank("3-4 2-2") < rank("5-6 5-5")  # both 1: the top tile (Mooy over Bon) breaks the tie
    assert rank("5-5 4-6") == rank("3-3 2-2")  # zero against zero: a tie whatever the top tiles
    assert _rank(pai_gow, "2-4 5-6").value == 7  # the 2-4 counts 6 here
    assert _rank(pai_gow, "1-2 3-4").value == 3  # and the 1-2 too: 6 + 7
    assert _rank(pai_gow, "1-2 2-4").name == "Gee Joon"
    assert rank("1-2 2-4") > rank("6-6 6-6") > rank("1-5 1-5") > rank("6-6 4-5") > rank("6-6 2-6")
    assert rank("6-6 3-6") > rank("1-1 4-5")  # the Teen Wong over the Day Wong
    assert rank("6-6 3-6") == rank("6-6 4-5")  # the other tile never counts: a copy


def test_the_house_banker_never_decides_and_keeps_the_bank(pai_gow) -> None:
    match = Match(pai_gow, 3, seed=4)
    banker = match.banker
    rng = random.Random(1)
    while not match.is_over:
        assert match.current_player != banker and match.banker == banker
        match.apply(rng.choice(match.legal_actions()))
    assert match.round == 10 and sum(match.scores) == 0


def test_a_split_not_of_the_hand_or_of_the_wrong_shape_is_refused(pai_gow) -> None:
    match = Match(pai_gow, 2, deals=[deal("6-6 4-5 1-3 2-2", BANKER, starter=1)])
    with pytest.raises(IllegalAction, match="must use those tiles"):
        match.apply(Action.parse("split 6-6 4-5 | 1-3 1-3"))
    with pytest.raises(IllegalAction, match=r"2 groups of 2 \| 2 tiles"):
        match.apply(Action.parse("split 6-6 | 4-5 1-3 2-2"))


def test_a_rotating_bank_passes_counterclockwise_and_its_banker_splits_last_by_choice() -> None:
    rules = load_ruleset(str(RULES / "pai-gow-rotating.yaml"))
    match = Match(rules, 4, deals=[deal("6-6 4-5 1-3 2-2", BANKER, "5-5 3-3 2-6 1-4", "4-4 1-5 2-5 3-4", starter=2)])
    assert match.banker == 2
    order = []
    while match.round == 1:
        order.append(match.current_player)
        match.apply(match.legal_actions()[-1])
    assert order == [1, 0, 3, 2]  # counterclockwise from the seat after the banker, the banker last
    bankers = [match.banker]
    while not match.is_over:
        round_no = match.round
        while match.round == round_no and not match.is_over:
            match.apply(match.legal_actions()[0])
        bankers.append(match.banker)
    assert bankers == [1, 0, 3, 3] and match.round == 4  # the last: the match over, nobody takes the bank


@pytest.fixture(scope="module")
def make_nine():
    return load_ruleset(str(RULES / "make-nine.yaml"))


def test_two_hands_are_dealt_from_one_shuffle_and_the_bank_moves_after_the_second(make_nine) -> None:
    match = Match(make_nine, 4, seed=5)
    first = sorted(t for seat in range(4) for t in match.hand(seat))
    bankers = [match.banker]
    while match.round == 1:
        match.apply(match.legal_actions()[0])
    second = sorted(t for seat in range(4) for t in match.hand(seat))
    bankers.append(match.banker)
    # Round 2's hands are the 16 tiles round 1 did not deal: the two make the whole set.
    assert sorted(first + second) == sorted(make_nine.set_tiles())
    while not match.is_over:
        round_no = match.round
        while match.round == round_no and not match.is_over:
            match.apply(match.legal_actions()[0])
        bankers.append(match.banker)
    s = bankers[0]
    assert bankers[:5] == [s, s, (s - 1) % 4, (s - 1) % 4, (s - 2) % 4]


def test_the_second_hand_of_a_shuffle_is_sampled_from_the_tiles_the_first_did_not_deal(make_nine) -> None:
    match = Match(make_nine, 4, seed=5)
    while match.round == 1:
        match.apply(match.legal_actions()[0])
    seat = match.current_player
    this_round = sorted(t for s in range(4) for t in match.hand(s))
    for k in range(20):
        sample = match.resample(seat, random.Random(k))
        assert sorted(t for s in range(4) for t in sample.hand(s)) == this_round
        assert sample.hand(seat) == match.hand(seat)


TAU = "1-2 5-6 3-3 4-4 1-5"
STUCK = "6-6 6-6 5-6 4-6 4-6"  # no three of them make 10, 20 or 30 (35, 34, 33, 32, 31)


def test_three_tiles_laid_aside_must_make_a_multiple_of_ten_the_wild_tile_either_way(tau_ngau) -> None:
    match = Match(tau_ngau, 3, deals=[deal(TAU, STUCK, "1-1 1-1 2-3 4-5 3-3", starter=2)])
    assert [str(a) for a in match.legal_actions()] == [
        "split 1-2 1-5 4-4 | 3-3 5-6",  # 1-2 as 6: 6 + 6 + 8 = 20
        "split 1-2 1-5 5-6 | 3-3 4-4",  # 1-2 as 3: 3 + 6 + 11 = 20
        "split 1-2 3-3 4-4 | 1-5 5-6",
        "split 1-2 3-3 5-6 | 1-5 4-4",
        "split 1-5 3-3 4-4 | 1-2 5-6",  # shown: 1-2 as 6 and 5-6: 17, 7 points
    ]
    assert _said(match, "stuck") == [{"type": "stuck", "seat": 1}]  # announced, its tiles unseen
    match.apply(Action.parse("split 1-5 3-3 4-4 | 1-2 5-6"))
    # The banker splits last, freely: either way he shows 4.
    banker = [str(a) for a in match.legal_actions()]
    assert banker == ["split 1-1 1-1 3-3 | 2-3 4-5", "split 2-3 3-3 4-5 | 1-1 1-1"]
    match.apply(match.legal_actions()[0])
    settle = {e["seat"]: e for e in _said(match, "settle")}
    assert settle[0]["won"] == 1 and settle[0]["points"] == 1  # 7 against 4
    assert settle[1]["points"] == -1  # stuck: the banker takes the stake
    assert match.scores == (1, -1, 0)


def test_equal_points_are_no_exchange(tau_ngau) -> None:
    # Seat 0 shows 5-6 1-5 (17: 7); the banker can only lay aside 1-3 1-6 3-6 (20) and show 1-1 1-4 (7).
    match = Match(tau_ngau, 3, deals=[deal(TAU, STUCK, "1-1 1-3 1-4 1-6 3-6", starter=2)])
    match.apply(Action.parse("split 1-2 3-3 4-4 | 1-5 5-6"))
    assert [str(a) for a in match.legal_actions()] == ["split 1-3 1-6 3-6 | 1-1 1-4"]
    match.apply(match.legal_actions()[0])
    assert _said(match, "settle")[0] == {**PUSHED, "won": 0, "lost": 0, "tied": 1}


def test_a_stuck_banker_pays_those_who_could_discard_and_keeps_the_bank(tau_ngau) -> None:
    match = Match(tau_ngau, 3, deals=[deal(TAU, "1-1 1-1 1-3 1-3 2-2", STUCK, starter=2)])
    # Seat 1: 1-1 1-1 1-3 1-3 2-2: 2+2+... no three make 10 (8, 10!) -- 1-3 1-3 2-2 = 12? 4+4+4 = 12;
    # 1-1 1-1 1-3 = 8; 1-1 1-3 1-3 = 10: it can.
    while match.round == 1:
        match.apply(match.legal_actions()[0])
    assert _said(match, "stuck") == [{"type": "stuck", "seat": 2}]
    assert [e["points"] for e in _said(match, "settle")] == [1, 1]
    assert match.scores == (1, 1, -2)
    assert match.banker == 2  # the banker who could not discard keeps the bank


def test_the_bank_passes_to_the_next_seat_counterclockwise(tau_ngau) -> None:
    match = Match(tau_ngau, 3, seed=9)
    rng = random.Random(3)
    moved = kept = 0
    while not match.is_over:
        banker, round_no = match.banker, match.round
        logged = list(match.apply(rng.choice(match.legal_actions())))
        if match.round != round_no and not match.is_over:
            stuck = any(e["type"] == "stuck" and e["seat"] == banker for e in logged)
            assert match.banker == (banker if stuck else (banker - 1) % 3)
            moved, kept = moved + (not stuck), kept + stuck
    assert moved > 0


def test_another_seats_split_is_hidden_until_the_showdown(tau_ngau) -> None:
    match = Match(tau_ngau, 3, deals=[deal(TAU, "1-1 1-1 1-3 1-3 2-2", "3-4 4-5 2-3 5-5 5-5", starter=2)])
    match.apply(match.legal_actions()[0])  # seat 1 splits
    seen = match.observation(0)
    assert seen.partition.done == (False, True, False) and seen.partition.own == ()
    said = [e for e in seen.history if e["type"] == "action"]
    assert said == [{"type": "action", "seat": 1, "action": {"kind": "split"}}]
    assert all("hands" not in e for e in seen.history if e["type"] == "deal")
    for k in range(20):  # the sampler gives seat 1 a hand it could split, and keeps seat 0's own
        sample = match.resample(0, random.Random(k))
        assert sample.hand(0) == match.hand(0) and sample.current_player == 0
        assert sample.observation(0).partition.done == (False, True, False)


def test_a_seat_announced_stuck_is_sampled_stuck(tau_ngau) -> None:
    match = Match(tau_ngau, 3, deals=[deal(TAU, STUCK, "1-1 1-1 2-3 4-5 3-4", starter=2)])
    for k in range(10):
        sample = match.resample(0, random.Random(k))
        assert sample.observation(0).partition.stuck == (False, True, False)
        assert sample.splits_of(1) == []  # type: ignore[attr-defined]


def test_with_no_bank_every_pair_of_players_compares_and_settles_pushing_equal_hands() -> None:
    rules = load_ruleset(str(RULES / "pai-gow-each.yaml"))
    # Seat 2 deals and sets last. Seat 0: Wong | 8 (top Gor); seat 1: 9 (Day) | 9 (Mooy);
    # seat 2: pair of Yuns | 8 (top Gor), a copy of seat 0's low hand.
    match = Match(rules, 3, deals=[deal("6-6 4-5 1-3 2-2", BANKER, "4-4 4-4 1-3 2-2", starter=2)])
    splits = {0: "split 6-6 4-5 | 1-3 2-2", 1: "split 1-1 1-6 | 3-6 5-5", 2: "split 4-4 4-4 | 1-3 2-2"}
    order = []
    while match.round == 1:
        order.append(match.current_player)
        match.apply(Action.parse(splits[order[-1]]))
    assert order == [1, 0, 2]
    # Each player collects a unit from each other player per hand of his that beats theirs:
    # 0-1 one each way (nothing changes hands); 0-2 seat 2's Yuns beat the Wong, the lows are
    # equal and push; 1-2 the Yuns beat the 9, seat 1's 9 beats the 8.
    assert _said(match, "settle") == [
        {"type": "settle", "seat": 0, "against": 1, "won": 1, "lost": 1, "tied": 0, "stuck": False,
         "opp_stuck": False, "points": 0},
        {"type": "settle", "seat": 0, "against": 2, "won": 0, "lost": 1, "tied": 1, "stuck": False,
         "opp_stuck": False, "points": -1},
        {"type": "settle", "seat": 1, "against": 2, "won": 1, "lost": 1, "tied": 0, "stuck": False,
         "opp_stuck": False, "points": 0},
    ]  # fmt: skip
    assert match.scores == (-1, 0, 1)


def test_with_no_bank_a_stuck_player_pays_each_player_who_could_lay_aside(tau_ngau) -> None:
    from interpreter.loader import load_ruleset_text

    text = (RULES / "tau-ngau.yaml").read_text()
    settle = '  settle: "if banker_stuck then (if stuck then 0 else 1) else if stuck then -1 else won - lost"'
    each = '  against: each\n  settle: "if stuck then 0 else if opp_stuck then 1 else won"'
    rules = load_ruleset_text(text.replace("  against: banker\n", "").replace(settle, each), "x.yaml", RULES)
    # Seat 1 cannot lay aside three tiles making 10, 20 or 30; seat 0 shows 5 (1-2 as 6), seat 2 shows 1.
    hands = ("1-2 4-5 3-3 4-4 1-5", "6-6 6-6 5-6 5-6 4-6", "2-2 3-3 4-6 1-3 1-6")
    match = Match(rules, 3, deals=[deal(*hands, starter=0)])
    splits = {0: "split 3-3 4-4 1-5 | 1-2 4-5", 2: "split 2-2 3-3 4-6 | 1-3 1-6"}
    while match.round == 1:
        match.apply(Action.parse(splits[match.current_player]))
    assert [(e["seat"], e["against"], e["won"], e["opp_stuck"], e["points"]) for e in _said(match, "settle")] == [
        (0, 1, 0, True, 1), (0, 2, 1, False, 1), (1, 2, 0, False, -1),
    ]  # fmt: skip
    assert match.scores == (2, -2, 0)
