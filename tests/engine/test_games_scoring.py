"""Games that score during play, each on a scripted deal of its bundled rule file: Bergen, Five Up,
Fives and Threes, Merry-Go-Round and Sniff (rules/<name>.yaml)."""

from __future__ import annotations

import pytest
from engine_helpers import legal, of_type, play, scores_in, start

from interpreter.engine import deal

BERGEN = ("1-1 1-4 4-4 6-6", "1-3 3-4 5-6 2-5")
BERGEN_MOVES = ("lead 1-1", "1-3 on arm 0", "1-4 on arm 1", "3-4 on arm 0", "4-4 on arm 0")


def test_bergen_lead_double_and_double_header_score_2_a_triple_header_3() -> None:
    """gamecabinet.com (Joe Celko, http://gamecabinet.com/rules/Bergen.html): "A player scores 2 points
    when his tile makes both ends of the train equal ... a "double header"" / "3 points when his play
    makes one end of the train equal to the double on the other end ... a "triple header""; pagat
    (https://www.pagat.com/domino/line/bergen.html): "The player with the lowest double plays first";
    domino-games.com: the lead double scores 2."""
    m = start("bergen", *BERGEN, boneyard="0-2 0-3", starter=None)
    deal_1 = of_type(m.events, "deal")[0]
    assert (deal_1["starter"], deal_1["how"], deal_1["lead"]) == (0, "highest_ranked", [1, 1])
    assert legal(m) == ["lead 1-1"]  # the lowest double, not 4-4 or 6-6
    assert scores_in(play(m, "lead 1-1")) == [(0, 2, "in_play")]
    assert scores_in(play(m, "1-3 on arm 0", "1-4 on arm 1")) == []  # ends 3 | 1, then 3 | 4
    assert scores_in(play(m, "3-4 on arm 0")) == [(1, 2, "in_play")]  # 4 | 4: a double header
    assert scores_in(play(m, "4-4 on arm 0")) == [(0, 3, "in_play")]  # the 4-4 against a 4: a triple header
    assert m.scores == (5, 2)
    # Seat 1 holds 5-6 2-5; the two tiles left in the boneyard are the reserve, never drawn.
    assert (m.current_player, legal(m)) == (1, ["pass"])


def test_bergen_near_the_target_a_header_scores_only_1_or_2() -> None:
    """gamecabinet.com (http://gamecabinet.com/rules/Bergen.html): "A player within 2 points of winning
    scores only 1 point for a double header or a triple header. A player within 3 points of winning
    scores only 2 point" / "A game is 15 points for 2 players"."""
    m = start("bergen", *BERGEN, boneyard="0-2 0-3", starter=None, scores=[12, 13])
    events = play(m, *BERGEN_MOVES)
    assert scores_in(events) == [(0, 2, "in_play"), (1, 1, "in_play"), (0, 1, "in_play")]
    assert m.is_over and m.winners == (0,) and m.scores == (15, 14)
    assert of_type(events, "round_end")[0]["reason"] == "target"


def test_five_up_every_double_is_a_spinner_whose_sides_open_after_its_ends() -> None:
    """pagat (http://www.pagat.com/tile/wdom/five_up.html): "All doubles are played as spinners" / "the
    first and second tiles played against a spinner must be placed against the two sides, before the
    third tile can be placed against the exposed end" / "When tiles have been played against both sides
    of a double, the double ceases to count"; Fosdick: the points are "that total divided by five"."""
    m = start("five-up", "6-4 4-1 3-3 0-0 2-2", "4-4 4-3 5-1 2-0 1-2", starter=0)
    assert scores_in(play(m, "lead 6-4")) == [(0, 2, "in_play")]  # 4 + 6 = 10: two fives
    assert scores_in(play(m, "4-4 on arm 0")) == []  # the spinner counts 8: 8 + 6 = 14
    assert legal(m) == ["4-1 on arm 0"]  # its side arms are shut until arm 0 passes it
    assert scores_in(play(m, "4-1 on arm 0")) == []  # the 4-4 stops counting: 1 + 6 = 7
    assert legal(m) == ["1-2 on arm 0", "1-5 on arm 0", "4-3 on arm 2", "4-3 on arm 3"]
    assert scores_in(play(m, "4-3 on arm 2")) == [(1, 2, "in_play")]  # 1 + 6 + 3 = 10
    assert scores_in(play(m, "3-3 on arm 2")) == []  # a second spinner, counting 6: 1 + 6 + 6 = 13
    assert m.layout.ends == (1, 6, 6) and m.scores == (2, 2)
    assert legal(m) == ["1-2 on arm 0", "1-5 on arm 0"]


@pytest.mark.parametrize(
    ("first", "how", "starter"),
    [
        (("6-4 0-0", "4-1", "lead 6-4", "4-1 on arm 0"), "previous_out", 1),
        (("6-4 0-0", "1-1 2-2", "lead 6-4", "pass", "pass"), "lots", 1),
    ],
    ids=["went-out", "blocked"],
)
def test_five_up_the_player_who_dominoed_leads_next_after_a_block_lots(first, how, starter) -> None:
    """pagat (http://www.pagat.com/tile/wdom/five_up.html): "In the following hands, the player who
    dominoed in the previous hand plays first. If the last hand was blocked, then the lead is determined
    by lot again." (start.later_rounds: [previous_out, lots])"""
    hand_0, hand_1, *moves = first
    m = start("five-up", hand_0, hand_1, starter=0, later=[deal("1-1 2-3", "3-4 5-6", starter=None)])
    events = play(m, *moves)
    end = of_type(events, "round_end")[0]
    assert end["reason"] == ("domino" if how == "previous_out" else "blocked")
    deal_2 = of_type(events, "deal")[0]
    assert (deal_2["round"], deal_2["starter"], deal_2["how"]) == (2, starter, how)
    assert bool(deal_2["lots"]) == (how == "lots")


FIVES_AND_THREES = ("6-6 6-1 0-4", "6-3 1-2 5-5")
FIVES_AND_THREES_MOVES = ("lead 6-6", "6-3 on arm 0", "6-1 on arm 1", "1-2 on arm 1")


def test_fives_and_threes_multiples_of_three_and_five_score_15_scores_8() -> None:
    """gambiter.com's copy of pagat (https://gambiter.com/domino/western/fives_and_threes.html):
    "Doubles are turned crosswise and count as the total of their pips"; bcad5sand3s.co.uk: "6 = 2 x 3
    ... 15 then the player scores 8 points, since 15 = 5 x 3 and 15 = 3 x 5"."""
    m = start("fives-and-threes", *FIVES_AND_THREES, starter=0)
    events = play(m, *FIVES_AND_THREES_MOVES)
    # 12 (the lead double): 4; 3 + 12 = 15: 5 + 3 = 8; 3 + 1 = 4: nothing; 3 + 2 = 5: 1.
    assert scores_in(events) == [(0, 4, "in_play"), (1, 8, "in_play"), (1, 1, "in_play")]
    assert m.scores == (4, 9) and m.current_player == 0 and legal(m) == ["pass"]


def test_fives_and_threes_a_score_taking_the_side_over_61_is_disregarded() -> None:
    """factbrazerzkidai.blogg.se's copy of pagat: "A score that would take the player's or team's total
    over 61 is disregarded" / "the first player or team to reach exactly 61 wins"."""
    over = start("fives-and-threes", *FIVES_AND_THREES, starter=0, scores=[0, 55])
    events = play(over, *FIVES_AND_THREES_MOVES)
    assert scores_in(events) == [(0, 4, "in_play"), (1, 1, "in_play")]  # 55 + 8 = 63: no points
    assert over.scores == (4, 56) and not over.is_over
    exact = start("fives-and-threes", *FIVES_AND_THREES, starter=0, scores=[0, 53])
    play(exact, "lead 6-6", "6-3 on arm 0")
    assert exact.is_over and exact.winners == (1,) and exact.scores == (4, 61)


def test_fives_and_threes_chipping_out_scores_one_point() -> None:
    """factbrazerzkidai.blogg.se's copy of pagat: "A player who chips out (in an individual game) ...
    scores one point for this"; the point may make exactly 61."""
    m = start("fives-and-threes", "0-1 4-4", "1-2", starter=0, scores=[0, 60])
    events = play(m, "lead 0-1", "1-2 on arm 1")  # ends 0 | 2: nothing for the tile, one for chipping out
    assert scores_in(events) == [(1, 1, "in_play")]  # scored with the last tile (the 61 rule reads both)
    assert m.is_over and m.winners == (1,) and m.scores == (0, 61)


MERRY = ("5-5 5-0 5-3 1-0", "5-1 5-2 1-4 0-6")
MERRY_MOVES = ("5-2 on arm 2", "5-3 on arm 3", "1-4 on arm 0", "0-1 on arm 1")


def test_merry_go_round_the_set_double_takes_both_sides_then_both_ends_first() -> None:
    """dominorules.com (http://www.dominorules.com/merry-go-round): "A double must be set and the
    succeeding plays must be made on both sides, first, and then on both ends of the set tile, until all
    four sides have been played on" / a point per multiple of 5 / the domino scores the opponents' pips
    rounded to the nearest 5, a point per five."""
    m = start("merry-go-round", *MERRY, starter=0, scores=[0, 59])
    assert scores_in(play(m, "lead 5-5")) == [(0, 2, "in_play")]  # 10: two points
    assert legal(m) == ["5-1 on arm 0", "5-2 on arm 0", "5-1 on arm 1", "5-2 on arm 1"]  # the sides first
    play(m, "5-1 on arm 0")
    assert legal(m) == ["5-0 on arm 1", "5-3 on arm 1"]  # 1-0 fits arm 0's 1, but the set double comes first
    play(m, "5-0 on arm 1")
    assert legal(m) == ["5-2 on arm 2", "5-2 on arm 3"]  # then its ends: not 1-4 on arm 0 nor 0-6 on arm 1
    events = play(m, *MERRY_MOVES)
    # 4 + 1 + 2 + 3 = 10 for the last tile; seat 1's 0-6 (6 pips) rounds to 5: one point.
    assert scores_in(events) == [(0, 2, "in_play"), (0, 1, "domino")]
    assert of_type(events, "round_end")[0]["reason"] == "domino" and m.scores == (5, 59)


def test_merry_go_round_points_that_would_pass_61_are_not_scored() -> None:
    """dominorules.com (http://www.dominorules.com/merry-go-round): "If any play made causes the
    player's or partnership's total score to exceed 61 points, then no points at all are scored for that
    particular play" / "The first player, or partnership ..., to reach exactly 61" wins."""
    m = start("merry-go-round", *MERRY, starter=0, scores=[60, 0])
    events = play(m, "lead 5-5", "5-1 on arm 0", "5-0 on arm 1", *MERRY_MOVES)
    assert scores_in(events) == [(0, 1, "domino")]  # both 2-point plays void; the domino point makes 61
    assert m.is_over and m.winners == (0,) and m.scores == (61, 0)
    # Holding 6-6 too, seat 1 is left with 18 pips: 4 points for the domino would pass 61 as well.
    m = start("merry-go-round", MERRY[0], MERRY[1] + " 6-6", starter=0, scores=[60, 0])
    events = play(m, "lead 5-5", "5-1 on arm 0", "5-0 on arm 1", *MERRY_MOVES)
    assert scores_in(events) == [(0, 0, "domino")]
    assert not m.is_over and m.scores == (60, 0)


def test_sniff_the_sniff_is_a_regular_spinner_its_sides_open_once_both_ends_are_covered() -> None:
    """pagat (http://www.pagat.com/tile/wdom/sniff.html), the United States version: "The Sniff is turned
    crosswise and acts like a regular spinner in play"; a regular spinner, pagat's All Fives: "the first
    and second tiles played against the spinner must be placed against a side, then the third and
    fourth" (its two long sides: the engine's end arms, before its side arms). pagat's count: "assume
    the [4-4] is played first; the total is eight. The [6-4] is played next; the total is (4 + 4 + 6) =
    14". onlinedominogames: the sniff "is worth total of its pips count if 2 or less of its sides are
    covered. If 3 sides are covered then pips at the open end is counted" (spinner_count: uncovered)."""
    m = start("sniff", "4-4 1-4 0-0 2-3", "6-4 4-3 5-5 2-2", starter=0)
    assert scores_in(play(m, "lead 4-4 sidewise")) == []  # 8 (its player's choice: endwise, tested apart)
    assert legal(m) == [f"4-{b} on arm {a}" for a in (0, 1) for b in (3, 6)]  # its two ends only
    assert scores_in(play(m, "4-6 on arm 0")) == []  # pagat's example: 4 + 4 + 6 = 14
    assert m.layout.end_sum == 14
    assert legal(m) == ["4-1 on arm 1"]  # one end still bare: the sides stay closed
    # Both ends covered, both sides bare: 6 + 1 + 4 + 4 = 15 scores.
    assert scores_in(play(m, "4-1 on arm 1")) == [(0, 15, "in_play")]
    # Now the sides take tiles; three sides covered: 6 + 1 + 3 and the open side's 4 = 14.
    assert legal(m) == ["4-3 on arm 2", "4-3 on arm 3"]
    assert scores_in(play(m, "4-3 on arm 2")) == []
    assert m.layout.end_sum == 14


def test_sniff_in_partnership_the_player_who_dominoed_leads_the_next_hand() -> None:
    """pagat (http://www.pagat.com/tile/wdom/sniff.html): "In the following hands, the player who
    dominoed in the previous hand plays first. If the last hand was blocked, then the lead is again
    determined by lot. The lead can be any tile"; Britannica (Muggins): the domino scores the opponents'
    pips to the nearest five."""
    later = deal("1-2", "3-4", "5-6", "0-1", starter=None)
    m = start("sniff", "4-4 1-4", "6-4 0-0", "1-1 2-2", "4-3", starter=0, later=[later])
    assert m.sides == 2
    events = play(m, "lead 4-4 sidewise", "4-6 on arm 0", "pass", "4-3 on arm 1")
    assert of_type(events, "round_end")[0]["seat"] == 3  # seat 3 goes out
    # Side 1 (seats 1, 3) scores seat 0's 1-4 and seat 2's 1-1 2-2: 11 pips, nearest five 10.
    assert scores_in(events)[-1] == (1, 10, "domino")
    deal_2 = of_type(events, "deal")[0]
    assert (deal_2["starter"], deal_2["how"]) == (3, "previous_out")
    assert legal(m) == ["lead 0-1"]
