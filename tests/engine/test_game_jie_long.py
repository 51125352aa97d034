"""Jie Long (rules/jie-long.yaml, pagat): one open end on a Chinese set; a turn lays a tile on it or one
face down (`draw.when_unable: discard`, `draw.discard_any_time`); the round runs until every hand is
empty (`play.until: all_out`), and the face-down tiles count as tiles left in the hand."""

from __future__ import annotations

from engine_helpers import legal, of_type, play, problems, rules, scores_in, start

from interpreter.rulefile.explain import explain


def test_a_round_runs_until_every_hand_is_laid_out_or_down_and_scores_the_face_down_pips() -> None:
    # Three players, counter-clockwise: seat 0, then 2, then 1.
    m = start("jie-long", "6-6 2-4", "3-3 1-2 2-2", "6-5 1-1")
    play(m, "lead 6-6")
    assert m.current_player == 2
    # A player able to play may still lay a tile face down (P: "must do one of two things").
    assert legal(m) == ["6-5 on arm 0", "6-5 on arm 1", "discard 1-1", "discard 5-6"]
    play(m, "6-5 on arm 1")
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
    play(m, "lead 6-6", "6-5 on arm 1", "discard 3-3")
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
