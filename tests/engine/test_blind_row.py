"""Hands that lie face down in a row nobody sees (docs/format.md, `deal.hands: blind_row`): Blind
Hughie's "he turns up the tile at the right end, plays it if it fits, and otherwise puts it back
face down at the left end"."""

from __future__ import annotations

import random

from engine_helpers import legal, of_type, play, rules, start

from interpreter.engine import Action
from interpreter.rulefile.explain import explain


def test_a_player_turns_up_his_rows_right_end_and_lays_it_or_puts_it_back_at_the_left() -> None:
    # Rows as dealt, the right end last: seat 0 turns 6-6 first, seat 1 turns 1-2, then 6-5.
    m = start("blind-hughie", "0-0 1-1 6-6", "2-4 6-5 1-2", starter=0)
    assert legal(m) == ["turn"] and m.observation(0).hand == ()  # nobody sees his own row
    events = play(m, "turn")
    assert of_type(events, "turned") == [{"type": "turned", "seat": 0, "tile": [6, 6], "fits": True}]
    assert legal(m) == ["lead 6-6"] and m.observation(0).hand == ((6, 6),)  # the tile turned up, seen by all
    play(m, "lead 6-6")
    events = play(m, "turn")  # 1-2 fits nowhere: back to the left end, and the turn passes
    assert of_type(events, "turned") == [{"type": "turned", "seat": 1, "tile": [1, 2], "fits": False}]
    assert m.current_player == 0
    play(m, "turn")  # seat 0's 1-1 does not fit either
    play(m, "turn")
    assert legal(m) == ["6-5 on arm 0", "6-5 on arm 1"]
    events = play(m, "6-5 on arm 0")  # no tile left in any row can go on 5 or 6: the round is blocked
    assert [e["reason"] for e in of_type(events, "round_end")] == ["blocked"]


def test_a_search_resamples_every_row_even_its_own() -> None:
    m = start("blind-hughie", "0-0 1-1 6-6", "2-4 6-5 1-2", starter=0)
    play(m, "turn", "lead 6-6", "turn")
    sample = m.resample(0, random.Random(1))
    assert sample.observation(0).hand == () and len(sample.hand(0)) == 2 and len(sample.hand(1)) == 3
    assert sample.legal_actions() == m.legal_actions()


def test_explain_says_nobody_sees_a_row() -> None:
    said = " ".join(explain(rules("blind-hughie")).split())
    assert "Each player's tiles lie face down in a row that nobody sees, its owner neither." in said


def test_a_search_deals_the_tile_just_turned_up_to_its_player_even_his_last() -> None:
    m = start("blind-hughie", "0-0 6-6", "6-5", starter=0)
    play(m, "turn", "lead 6-6", "turn")  # seat 1 turned up 6-5, his only tile: it waits to be laid
    laid = [Action.parse("6-5 on arm 0"), Action.parse("6-5 on arm 1")]
    for seat in (0, 1):
        sample = m.resample(seat, random.Random(seat))
        assert sample.legal_actions() == m.legal_actions() == laid
