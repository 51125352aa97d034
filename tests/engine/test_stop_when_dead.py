"""A round that stops once no end can ever be matched (docs/format.md, `draw.stop_when_dead`):
Double-Draw's "any player can call 'blocked game' when they notice it"."""

from __future__ import annotations

from engine_helpers import of_type, play, rules, start

from interpreter.rulefile.explain import explain


def test_double_draw_stops_when_no_tile_left_anywhere_can_match_an_end() -> None:
    # [6|6] is turned up; seat 1 lays 6-5 and 6-4, one on each end: the ends show 5 and 4, and no
    # tile held or left to draw has a 5 or a 4 (the scripted deal leaves the others out of play).
    m = start("double-draw", "0-1 0-2 0-3", "6-5 6-4 1-2", boneyard="6-6 1-3 2-3")
    events = play(m, "6-5 on arm 0")
    assert of_type(events, "round_end") == []  # 6-4 still fits the other end
    events = play(m, "6-4 on arm 1")
    assert [e["reason"] for e in of_type(events, "round_end")] == ["blocked"]


def test_a_round_with_a_tile_that_can_still_match_goes_on() -> None:
    m = start("double-draw", "0-1 0-2 0-3", "6-5 6-4 1-2", boneyard="6-6 1-3 4-0")
    events = play(m, "6-5 on arm 0", "6-4 on arm 1")
    assert of_type(events, "round_end") == [] and m.current_player == 0


def test_explain_says_the_round_stops() -> None:
    said = " ".join(explain(rules("double-draw")).split())
    assert "As soon as no tile held by anyone or left to draw can match any open end, the round stops, blocked." in said
