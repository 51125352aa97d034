"""The round-end name `double_pips` (docs/format.md): the pips on the doubles left in a side's
hands, which Bergen's blocked round (puzzle-place.net) leaves out of the count."""

from __future__ import annotations

from engine_helpers import of_type, play, rules, scores_in, start

from interpreter.rulefile.explain import explain


def test_bergen_a_blocked_hand_holding_a_double_loses_to_a_hand_without() -> None:
    m = start("bergen", "0-0 1-1 1-2 1-3 1-4 1-5", "2-3 2-4 2-5 3-4 3-5 4-5", boneyard="6-6 5-6")
    events = play(m, "lead 0-0", "pass", "pass")  # nobody holds a 0, and the boneyard is its reserve
    assert of_type(events, "round_end")[0]["reason"] == "blocked"
    # Seat 0 is lighter (20 pips against 42) but holds [1|1]: seat 1, free of doubles, wins.
    assert [score for score in scores_in(events) if score[2] == "blocked"] == [(1, 2, "blocked")]


def test_explain_says_the_doubles_pips() -> None:
    said = " ".join(explain(rules("bergen")).split())
    assert "+ the pips left in their own hand − the pips on the doubles left in their own hand scores 2" in said
