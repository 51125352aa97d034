"""Jie Long (rules/jie-long.yaml, pagat): one open end on a Chinese set; a turn lays a tile on it or one
face down (`draw.when_unable: discard`, `draw.discard_any_time`); the round runs until every hand is
empty (`play.until: all_out`), and the face-down tiles count as tiles left in the hand."""

from __future__ import annotations

import random

from engine_helpers import diff_words, legal, of_type, play, problems, rules, scores_in, start

from interpreter.engine import Action, IllegalAction
from interpreter.players.greedy import GreedyPlayer
from interpreter.players.heavy import HeavyPlayer
from interpreter.rulefile.explain import explain


def test_a_round_runs_until_every_hand_is_laid_out_or_down_and_scores_the_face_down_pips() -> None:
    # Three players, counter-clockwise: seat 0, then 2, then 1.
    m = start("jie-long", "6-6 2-4", "3-3 1-2 2-2", "6-5 1-1")
    play(m, "lead 6-6")
    assert m.current_player == 2
    # A player able to play may still lay a tile face down (P: "must do one of two things").
    assert legal(m) == ["6-5 on arm 0", "discard 1-1", "discard 5-6"]
    play(m, "6-5 on arm 0")
    assert legal(m) == ["discard 3-3", "discard 2-2", "discard 1-2"]  # nothing matches the 5
    events = play(m, "discard 3-3", "discard 2-4", "discard 1-1")
    assert of_type(events, "round_end") == []  # seats 0 and 2 are out; seat 1 still holds two tiles
    assert m.current_player == 1
    events = play(m, "discard 1-2")
    assert m.current_player == 1  # the empty hands are passed over
    events = play(m, "discard 2-2")
    # Face down: seat 0 [2|4] (6), seat 1 [3|3] [1|2] [2|2] (13), seat 2 [1|1] (2); each scores the
    # others' pips less twice its own, the pairs' settlements summed.
    assert scores_in(events) == [(0, 15 - 12, "domino"), (1, 8 - 26, "domino"), (2, 19 - 4, "domino")]
    (ended,) = of_type(events, "round_end")
    assert sorted(map(tuple, ended["hands"][1])) == [(1, 2), (2, 2), (3, 3)]  # shown at the end
    # The fewest face-down pips (the most points) leads the next deal.
    assert [e["starter"] for e in of_type(events, "deal")] == [2]


def test_a_face_down_tile_is_hidden_from_the_others() -> None:
    m = start("jie-long", "6-6 2-4", "3-3 1-2", "6-5 1-1")
    play(m, "lead 6-6", "6-5 on arm 0", "discard 3-3")
    seen = [e for e in m.observation(0).history if e["type"] == "action"][-1]
    assert seen == {"type": "action", "seat": 1, "action": {"kind": "discard"}}


def test_explain_tells_the_face_down_tiles_and_the_round_to_the_last_hand() -> None:
    said = " ".join(explain(rules("jie-long")).split())
    assert "lays one tile of their hand face down" in said
    assert "until every hand is empty" in said


def test_laying_tiles_face_down_is_checked_where_it_is_written() -> None:
    assert problems("extends: draw\ndraw: {when_unable: discard}\n") == [
        "3:21: draw.when_unable: a player who cannot play discards, never draws: needs draw.policy: none"
    ]
    assert problems("extends: block\ndraw: {discard_any_time: true}\n") == [
        "3:26: draw.discard_any_time: discarding instead of playing needs draw.when_unable: discard"
    ]
    (said,) = problems("extends: block\nplay: {until: all_uot}\n")
    assert said.startswith("3:15: play.until: ") and "all_out" in said


def test_the_leader_names_the_open_end_of_a_lead_that_is_no_double() -> None:
    # P: "The first player leads any tile and (if it is not a double) declares which end is 'open'."
    m = start("jie-long", "2-5 6-6", "3-3 1-2", "5-6 2-3")
    assert legal(m) == ["lead 6-6", "lead 2-5 open 2", "lead 2-5 open 5"]
    play(m, "lead 2-5 open 5")
    # Only the 5 end is open: [2|3] matches the closed 2 end and goes nowhere.
    assert legal(m) == ["5-6 on arm 1", "discard 5-6", "discard 2-3"]
    assert [arm.open for arm in m.layout.arms] == [False, True]
    assert m.layout.ends == (5,)  # the closed end is no end: in-play scoring would not count it
    assert legal(m.resample(2, random.Random(1))) == legal(m)  # a search's sample keeps the end closed
    assert Action.from_json(Action.parse("lead 2-5 open 5").to_json()) == Action.parse("lead 2-5 open 5")
    try:
        play(m, "2-3 on arm 0")
    except IllegalAction as refused:
        assert refused.reason == "arm 0 is closed: the line grows from the other end only"
    else:
        raise AssertionError("a tile on the closed end was laid")


def test_a_lead_double_has_one_open_end() -> None:
    m = start("jie-long", "6-6 2-4", "3-3 1-2", "6-5 1-1")
    play(m, "lead 6-6")
    assert legal(m) == ["6-5 on arm 0", "discard 1-1", "discard 5-6"]


def test_of_the_players_tied_for_the_fewest_face_down_pips_the_first_to_play_starts_the_next() -> None:
    # Three players, counter-clockwise from seat 0: seats 0, 2, 1. Seats 0 and 1 both lay [1|3] face
    # down (4 pips), seat 2 [4|4] (8): seat 0 played before seat 1 this deal and starts the next.
    m = start("jie-long", "6-6 1-3", "5-5 1-3", "6-5 4-4")
    events = play(m, "lead 6-6", "6-5 on arm 0", "5-5 on arm 0", "discard 1-3", "discard 4-4", "discard 1-3")
    assert scores_in(events) == [(0, 4, "domino"), (1, 4, "domino"), (2, -8, "domino")]
    assert [e["starter"] for e in of_type(events, "deal")] == [0]


def test_the_named_open_end_and_the_tie_break_are_explained_and_checked() -> None:
    said = " ".join(explain(rules("jie-long")).split())
    assert "a line that grows at one end, the one the leader names open" in said
    assert "the leader names which of its ends is open; a double leaves one end open" in said
    assert "When several players tie for the best score of a round, the one of them who played first" in said
    assert diff_words("extends: jie-long\nstart: {lead_names_end: false, tied_winner: nobody}\n", "jie-long") == [
        "The lead's open ends changes from one end, named by the leader to both ends.",
        "Who won the previous round after a tie changes from the first of the tied to play to nobody.",
    ]
    assert problems("extends: block\nlayout: {spinners: first_double}\nstart: {lead_names_end: true}\n") == [
        "4:25: start.lead_names_end: a line growing from one end of its lead has no spinner lead: it needs "
        "layout.spinners: none"
    ]
    assert problems("extends: mexican-train\nstart: {lead_names_end: true}\n") == [
        "3:25: start.lead_names_end: the leader names which end of the line's lead is open: it needs "
        "layout.topology: line"
    ]
    assert problems("extends: block\nstart: {tied_winner: first_to_ply}\n") == [
        "3:22: start.tied_winner: 'first_to_ply' is not one of nobody, first_to_play; did you mean 'first_to_play'?"
    ]
    assert problems("extends: block\nstart: {tied_winner: first_to_play}\n") == [
        "3:22: start.tied_winner: breaks a tie for the previous round's win, which only a previous_winner "
        "criterion in start.later_rounds reads; there is none"
    ]


def test_the_computer_players_leave_open_the_end_their_hand_backs() -> None:
    # [3|5] is the heaviest; two more of the hand's tiles show a 5, none a 3.
    m = start("jie-long", "2-5 1-5 3-5", "3-3 1-2 2-2", "6-5 1-1 4-4")
    for player in (HeavyPlayer(0), GreedyPlayer(0)):
        assert str(player.choose(m.observation(0), m.legal_actions())) == "lead 3-5 open 5"
