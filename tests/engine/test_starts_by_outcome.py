"""Starts that depend on how the previous round ended: `{when: CONDITION, start: [...]}` entries in
`start.later_rounds`, over the previous-round names (went_out, blocked, tied, the scores), and the
`winning_side_lightest` criterion."""

from __future__ import annotations

from engine_helpers import house, legal, of_type, play, problems, scores_in
from playout_contract import plays_as_the_legal_loop

from interpreter.engine import Match, deal
from interpreter.rulefile.explain import explain

# Latin-American partnership rules as pagat and the Spanish rule pages give them: after a domino the
# next seat starts; after a blocked round won by a side, that side's lighter hand; after a tie, the
# holder of a named tile.
BY_OUTCOME = """extends: straight-partners
match: {target: 1000}
scoring:
  in_play: null
  blocked: {scorer: lowest_pips, points: opp_pips}
  domino: {points: opp_pips}
start:
  lead: qualifying
  later_rounds:
    - {when: went_out, start: [next_seat]}
    - {when: "blocked and not tied", start: [winning_side_lightest]}
    - {when: tied, start: [{holder: [2, 2]}]}
"""

LATER = deal("0-0 1-1", "0-1 2-2", "0-2 3-3", "0-3 4-4", starter=None)


def two_rounds(text: str, first: list[str], moves: list[str]) -> Match:
    m = Match(house(text), players=4, deals=[deal(*first, starter=0), LATER])
    play(m, *moves)
    return m


def test_after_a_domino_the_next_seat_starts() -> None:
    m = two_rounds(BY_OUTCOME, ["6-6", "6-1 0-5", "4-4 3-3", "2-2 0-2"], ["lead 6-6"])
    assert of_type(m.events, "round_end")[0]["reason"] == "domino"
    second = of_type(m.events, "deal")[1]
    assert (second["starter"], second["how"]) == (1, "next_seat")
    assert legal(m) == ["lead 0-1", "lead 2-2"]  # a seat criterion: any tile


def test_after_a_block_won_by_a_side_its_lighter_player_starts_not_the_blocker() -> None:
    # Seat 1 blocks; team 1–3 holds 5 + 2 pips against 10 + 14: seat 3 holds the lighter hand.
    m = two_rounds(BY_OUTCOME, ["6-6 5-5", "6-1 2-3", "4-4 3-3", "0-0 0-2"],
                   ["lead 6-6", "6-1 on arm 0", "pass", "pass", "pass", "pass"])  # fmt: skip
    end = of_type(m.events, "round_end")[0]
    assert (end["reason"], end["pips"]) == ("blocked", [10, 5, 14, 2])
    assert scores_in(m.events) == [(1, 24, "blocked")]
    second = of_type(m.events, "deal")[1]
    assert (second["starter"], second["how"]) == (3, "winning_side_lightest")


def test_after_a_tie_the_holder_of_the_named_tile_starts_and_leads_it() -> None:
    m = two_rounds(BY_OUTCOME, ["6-6 0-1", "6-4 0-2", "1-2 0-3", "2-3"],
                   ["lead 6-6", "6-4 on arm 0", "pass", "pass", "pass", "pass"])  # fmt: skip
    assert scores_in(m.events) == []  # both teams hold 7 pips
    second = of_type(m.events, "deal")[1]
    assert (second["starter"], second["how"]) == (1, "holder")
    assert legal(m) == ["lead 2-2"]


BY_SCORE = (
    BY_OUTCOME.split("start:")[0]
    + """start:
  lead: qualifying
  later_rounds:
    - {when: "high_score - low_score >= 20", start: [{holder: [4, 4]}]}
    - next_seat
"""
)


def test_a_condition_on_the_scores_falls_through_while_false() -> None:
    m = two_rounds(BY_SCORE, ["6-6", "6-1 0-5", "4-4 3-3", "2-2 0-2"], ["lead 6-6"])
    assert scores_in(m.events) == [(0, 18, "domino")]
    assert (of_type(m.events, "deal")[1]["starter"], of_type(m.events, "deal")[1]["how"]) == (1, "next_seat")


def test_a_condition_on_the_scores_picks_its_list_once_true() -> None:
    m = two_rounds(BY_SCORE, ["6-6 5-5", "6-1 2-3", "4-4 3-3", "0-0 0-2"],
                   ["lead 6-6", "6-1 on arm 0", "pass", "pass", "pass", "pass"])  # fmt: skip
    assert scores_in(m.events) == [(1, 24, "blocked")]
    second = of_type(m.events, "deal")[1]
    assert (second["starter"], second["how"]) == (3, "holder")
    assert legal(m) == ["lead 4-4"]


def test_a_misspelt_name_in_a_start_condition_is_pointed_at() -> None:
    text = BY_OUTCOME.replace("{when: tied,", "{when: tide,")
    assert problems(text) == ["13:14: start.later_rounds[2].when: unknown name 'tide'; did you mean 'tied'?"]


def test_a_start_condition_needs_a_previous_round() -> None:
    text = BY_OUTCOME.split("start:")[0] + "start:\n  first_round:\n    - {when: tied, start: [random]}\n"
    assert problems(text) == [
        "10:7: start.first_round[0]: a 'when' entry reads the previous round; use it in start.later_rounds"
    ]


def test_a_start_condition_does_not_nest() -> None:
    text = BY_OUTCOME.replace("start: [next_seat]", "start: [{when: tied, start: [next_seat]}]")
    assert problems(text) == [
        "11:32: start.later_rounds[0].start[0]: a 'when' entry's list holds criteria, not another 'when'"
    ]


def test_the_lightest_of_the_winning_side_needs_a_previous_round() -> None:
    text = BY_OUTCOME.split("start:")[0] + "start: {first_round: [winning_side_lightest]}\n"
    assert problems(text) == [
        "8:23: start.first_round[0]: 'winning_side_lightest' needs a previous round; use it in start.later_rounds"
    ]


def test_explain_says_which_list_each_outcome_uses() -> None:
    text = explain(house(BY_OUTCOME))
    said = " ".join(text.split())
    assert (
        "Later rounds are started: if the previous round ended with a player going out, by the player after "
        "the previous round's starter, who leads any tile; failing that, if the previous round was blocked and "
        "the previous round was not a tie (blocked, and no one side scored), by the player of the team that won "
        "the previous round with the fewest pips left (the first of them in the order of play from that round's "
        "starter, on a tie), who leads any tile; failing that, if the previous round was a tie (blocked, and no "
        "one side scored), by the player holding [2|2], who leads it."
    ) in said


def test_a_misspelt_key_of_a_start_condition_entry_is_suggested() -> None:
    text = BY_OUTCOME.replace("{when: tied, start:", "{when: tied, strat:")
    assert problems(text) == ["13:20: start.later_rounds[2]: unknown key 'strat'; did you mean 'start'?"]


def test_a_trick_game_refuses_a_start_condition() -> None:
    text = "extends: texas-42\nstart: {first_round: [random], later_rounds: [{when: tied, start: [random]}]}\n"
    assert problems(text) == [
        "3:47: start.later_rounds[0]: a 'when' entry chooses a starter in layout games only; a trick game's "
        "starter is chosen by random, next_seat, previous_winner, lots, lots_lowest, {lots: FORMULA} or "
        "{holder: [a, b]}"
    ]


def test_the_playout_plays_it_as_the_legal_action_loop_does() -> None:
    """tests/engine/test_playout.py's contract: the same actions, state and log as applying random
    legal actions one by one."""
    plays_as_the_legal_loop(house(BY_OUTCOME), 4)
