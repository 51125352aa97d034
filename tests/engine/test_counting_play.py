"""The counting family (docs/format.md, "Counting games"): the crib, the turned-up starter, the play
to a running total with go, pegging for totals, pairs and runs, and the show, on scripted deals of
Domino Cribbage (rules/domino-cribbage.yaml). Seat 0 lays first; seat 1 deals and
owns the crib. Each hand is dealt 6 tiles; the boneyard's first tile is the one turned up."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import Action, Match, deal
from interpreter.engine.counting.tally import show_items
from interpreter.rulefile.loader import RuleFileError, load_ruleset, load_ruleset_text
from tests.engine.engine_helpers import legal, of_type, play

GAMES = Path(__file__).resolve().parents[2] / "rules"
CRIBBAGE = load_ruleset(GAMES / "domino-cribbage.yaml")
CRIBS = ("discard 0-0", "discard 0-1", "discard 0-2", "discard 0-3")  # seat 0 lays 0-0 0-1, seat 1 0-2 0-3


def start(first: str, second: str, turn_up: str, scores: tuple[int, int] | None = None) -> Match:
    """Seat 0 is dealt `first` and 0-0 0-1, seat 1 `second` and 0-2 0-3; both lay those two into the
    crib, and `turn_up` is turned up."""
    dealt = deal(f"{first} 0-0 0-1", f"{second} 0-2 0-3", boneyard=turn_up, starter=0)
    match = Match(CRIBBAGE, 2, seed=3, deals=[dealt], scores=scores)
    play(match, *CRIBS)
    return match


def plays(*tiles: str) -> list[Action]:
    return [Action.parse(f"play {tile}") for tile in tiles]


def pegged(events: list[dict]) -> list[tuple[int, int, str]]:
    return [(e["seat"], e["points"], e["reason"]) for e in of_type(events, "score")]


def total(values: list[int]) -> int:
    return sum(points for _, _, points in show_items(CRIBBAGE.counting, values, values))  # type: ignore[arg-type]


def test_the_show_counts_every_fifteen_and_every_pair() -> None:
    # 0-5 1-4 2-3 5-5 with 4-6 turned up: 5 5 5 10 10. Fifteens: each 5 with each 10 (6) and the
    # three 5s (1), 14 points; pairs: three 5s (3) and the two 10s (1), 8 points.
    assert total([5, 5, 5, 10, 10]) == 22


def test_the_show_counts_a_run_once_for_each_way_of_choosing_its_tiles() -> None:
    # 4 4 5 6 6: 4-5-6 four ways (8 for fifteens), two pairs (4), four runs of three (12).
    assert total([4, 4, 5, 6, 6]) == 24
    # 1 2 3 4 6: 2+3+4+6 (2) and one run of four (4).
    assert total([1, 2, 3, 4, 6]) == 6


def test_the_crib_is_laid_face_down_and_a_starter_turned_up_before_the_first_tile() -> None:
    match = start("2-3 1-4 6-6 5-5", "4-6 0-5 3-6 4-4", "1-1")
    assert match.phase_kind == "counting"
    assert match.current_player == 0
    assert match.hand(0) == ((1, 4), (2, 3), (5, 5), (6, 6))
    seen = match.observation(0)
    assert seen.counting is not None
    assert seen.counting.turn_up == (1, 1)
    assert seen.counting.crib == ((0, 0), (0, 1))  # its own crib tiles: never the other seat's
    assert seen.counting.crib_size == 4
    for event in seen.history:  # the deal and the other seat's crib tiles are not in its log
        assert "hands" not in event
        if event["type"] == "action" and event["action"]["kind"] == "discard":
            assert "tile" not in event["action"] or event["seat"] == 0


def test_a_tile_that_makes_fifteen_scores_and_one_of_the_same_total_pairs() -> None:
    match = start("2-3 1-4 6-6 5-5", "4-6 0-5 3-6 4-4", "1-1")
    assert pegged(play(match, "play 2-3")) == []
    assert pegged(play(match, "play 4-6")) == [(1, 2, "total")]
    assert pegged(play(match, "play 1-4")) == []
    assert pegged(play(match, "play 0-5")) == [(1, 2, "pair")]  # 5 after 5, at 25
    assert match.counting_view.total == 25


def test_a_run_is_scored_whatever_order_its_tiles_were_laid_in() -> None:
    match = start("1-2 1-1 6-6 5-5", "0-4 4-6 3-6 4-4", "2-2")
    play(match, "play 1-2", "play 0-4")
    assert pegged(play(match, "play 1-1")) == [(0, 3, "run")]  # 3, 4 and 2: a run of three, at 9


def test_a_player_who_cannot_lay_says_go_and_the_other_lays_on_then_scores_the_go() -> None:
    match = start("6-6 5-5 4-6 3-6", "5-6 2-3 1-1 4-4", "0-4")
    play(match, "play 6-6", "play 5-6")  # 23: seat 0's tiles count 9 and 10
    assert legal(match) == ["go"]
    play(match, "go")
    assert match.current_player == 1
    assert match.legal_actions() == plays("1-1", "2-3", "4-4")
    play(match, "play 2-3")
    assert match.legal_actions() == plays("1-1")  # 4-4 would make 36
    play(match, "play 1-1")
    assert legal(match) == ["go"]
    assert pegged(play(match, "go")) == [(1, 1, "go")]
    assert match.counting_view.total == 0
    assert match.current_player == 0  # the seat after the one who laid the last tile


def test_thirty_one_scores_two_and_no_go_point() -> None:
    match = start("6-6 3-6 1-2 2-2", "5-5 4-4 1-3 2-4", "0-4")
    play(match, "play 6-6", "play 5-5")
    assert pegged(play(match, "play 3-6")) == [(0, 2, "total")]
    assert match.counting_view.total == 0
    assert match.current_player == 1


def test_a_go_tells_the_sampler_the_tiles_its_player_could_not_hold() -> None:
    match = start("6-6 5-5 4-6 3-6", "5-6 2-3 1-1 4-4", "0-4")
    play(match, "play 6-6", "play 5-6", "go")
    rng = random.Random(5)
    for _ in range(200):
        sample = match.resample(1, rng)
        held = sample.hand(0)
        assert len(held) == 3
        assert all(a + b >= 9 for a, b in held), held
        assert sample.hand(1) == match.hand(1)


def test_the_first_side_to_the_target_wins_at_once_even_before_the_dealer_shows() -> None:
    match = start("0-5 1-4 2-3 5-5", "6-6 5-6 4-4 3-6", "4-6", scores=(119, 110))
    play(match, "play 0-5", "play 6-6", "play 2-3", "play 4-4", "go", "go")  # seat 1 pegs the go
    play(match, "play 1-4", "play 5-6", "play 5-5", "go", "play 3-6")  # seat 0 the go at 26, seat 1 the last
    assert match.is_over
    assert match.winners == (0,)
    shows = of_type(match.events, "show")
    assert [(e["seat"], e["crib"], e["points"]) for e in shows] == [(0, False, 22)]
    assert match.scores == (142, 112)


def test_the_loader_refuses_a_limit_no_tile_fits_under_and_a_deal_the_set_cannot_give() -> None:
    base = (GAMES / "domino-cribbage.yaml").read_text()
    with pytest.raises(RuleFileError, match=r"counting\.limit.*6-6 counts 12"):
        load_ruleset_text(base.replace("limit: 31", "limit: 10"), "house.yaml", GAMES)
    three = base.replace("max: 2 ", "max: 3 ").replace("hand_size: 6", "hand_size: 10")
    with pytest.raises(RuleFileError, match=r"3 × 10 \+ 0 \+ 1 = 31"):
        load_ruleset_text(three, "house.yaml", GAMES)


def _refused(text: str) -> list[str]:
    with pytest.raises(RuleFileError) as error:
        load_ruleset_text(text, "house.yaml", GAMES)
    return [f"{d.line}:{d.column}: {d.message}" for d in error.value.diagnostics]


def test_each_familys_sections_are_refused_in_the_others_files_where_they_are_written() -> None:
    base = (GAMES / "domino-cribbage.yaml").read_text()
    said = _refused("name: house\nextends: draw\ncrib: {from_each: 2}\n")
    assert said == ["3:1: crib: belongs to counting games (family: counting)"]
    said = _refused(base.replace("\nmatch:", "\nlayout: {topology: line}\nmatch:"))
    assert any(": layout: belongs to layout games, and this is a counting game" in line for line in said), said
    said = _refused(base.replace("later_rounds: [next_seat]", "later_rounds: [previous_winner]"))
    assert any("start.later_rounds[0]: 'previous_winner' does not choose who lays first" in line for line in said)
    said = _refused(base.replace("  limit: 31", "  limt: 31"))
    assert any("limt" in line and "did you mean 'limit'" in line for line in said), said


def test_three_hands_lay_one_each_and_the_stock_one_into_the_crib_and_lay_on_in_turn_after_a_go() -> None:
    three = load_ruleset(GAMES / "domino-cribbage-three.yaml")
    dealt = deal("6-6 5-5 4-6 3-6 0-0", "5-6 4-5 3-5 2-6 0-1", "1-1 0-2 1-2 0-3 0-4", boneyard="2-2 1-3", starter=0)
    match = Match(three, 3, seed=1, deals=[dealt])
    play(match, "discard 0-0", "discard 0-1", "discard 0-4")
    assert match.counting_view.crib_size == 4 and match.counting_view.turn_up == (1, 3)
    play(match, "play 6-6", "play 5-6", "play 1-1", "go", "go")  # 25: seats 0 and 1 hold nothing under 7
    assert match.current_player == 2
    assert pegged(play(match, "play 0-2")) == [(2, 2, "pair")]  # 2 after 2, at 27
    assert pegged(play(match, "play 1-2", "go")) == [(2, 1, "go")]  # 30: 0-3 would make 33
    assert match.current_player == 0
    while not match.is_over and match.round == 1:
        match.apply(match.legal_actions()[0])
    crib = [e for e in of_type(match.events, "show") if e["crib"]]
    assert [sorted(map(tuple, e["tiles"])) for e in crib] == [[(0, 0), (0, 1), (0, 4), (2, 2)]]
    assert [e["seat"] for e in of_type(match.events, "show")] == [0, 1, 2, 2]


@pytest.mark.parametrize("player", ["greedy", "counter"])
def test_the_computer_lays_away_the_tiles_that_leave_its_hand_worth_most_at_the_show(player: str) -> None:
    from interpreter.players import make_player

    # Kept, 0-5 1-4 2-3 5-5 count 5 5 5 10: eight points before the starter; 6-6 and 5-6 add nothing.
    dealt = deal("0-5 1-4 2-3 5-5 6-6 5-6", "0-0 0-1 0-2 0-3 0-4 0-6", boneyard="1-1", starter=0)
    match = Match(CRIBBAGE, 2, seed=3, deals=[dealt])
    chooser = make_player(player, 1)
    laid = []
    for _ in range(2):
        action = chooser.choose(match.observation(0), match.legal_actions())
        laid.append(action.tile)
        match.apply(action)
    assert sorted(laid) == [(5, 6), (6, 6)]


def test_explain_diff_names_a_counting_rule_a_house_file_changes() -> None:
    from interpreter.rulefile.explain import differences

    house = load_ruleset_text("name: house\nextends: domino-cribbage\ncounting: {limit: 25}\n", "house.yaml", GAMES)
    assert differences(house, CRIBBAGE) == ["The running total no tile may pass changes from 31 to 25."]
