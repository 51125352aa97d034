"""A partnership round that goes on until both partners are out (docs/format.md, `play.until:
side_out`): Fives and Threes' "play continues until both players of one team have chipped out"."""

from __future__ import annotations

from engine_helpers import legal, of_type, play, rules, scores_in, start

from interpreter.rulefile.explain import explain


def test_a_player_out_passes_until_his_partner_is_out_too_and_only_then_the_chip_out_point_scores() -> None:
    # Partners sit opposite (seats 0 and 2 against 1 and 3). Seat 0 leads his only tile, 0-1.
    m = start("fives-and-threes", "0-1", "6-6", "1-2 2-3", "5-5")
    events = play(m, "lead 0-1")
    assert of_type(events, "round_end") == [] and scores_in(events) == []
    play(m, "pass", "1-2 on arm 1", "pass")
    assert legal(m) == ["pass"]  # seat 0 holds nothing: he passes
    events = play(m, "pass", "pass", "2-3 on arm 1")  # ends 0 and 3: 1 for the 3, 1 for chipping out
    assert scores_in(events) == [(0, 2, "in_play")]
    assert [(e["reason"], e["seat"]) for e in of_type(events, "round_end")] == [("domino", 2)]


def test_a_round_blocks_with_one_player_of_each_side_holding_tiles() -> None:
    m = start("fives-and-threes", "0-1", "6-6", "1-2 4-4", "5-5")
    events = play(m, "lead 0-1", "pass", "1-2 on arm 1", "pass", "pass", "pass", "pass")
    assert scores_in(events) == []
    assert [e["reason"] for e in of_type(events, "round_end")] == ["blocked"]


def test_explain_says_a_player_out_passes_until_his_side_is_out() -> None:
    said = " ".join(explain(rules("fives-and-threes")).split())
    assert (
        "A player who has laid his last tile is out and passes in his turn; in partnerships the round goes on until "
        "every player of one side is out, so it may block with tiles left on both sides."
    ) in said
