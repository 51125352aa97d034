"""A starter who draws until he holds a lead (docs/format.md, `start`: `{draw_until: CONDITION,
start: [criteria]}`): the player the entry's criteria pick draws from the boneyard until he draws
a tile that meets the condition, and leads it."""

from __future__ import annotations

from engine_helpers import legal, of_type, rules

from interpreter.engine import Match, deal
from interpreter.rulefile.explain import explain

# Merry-go-round, two players: nobody holds a double; the boneyard's third tile is [2|2].
HANDS = ("0-1 0-2 0-3 0-4 0-5 0-6 1-2", "1-3 1-4 1-5 1-6 2-3 2-4 2-5")
BONEYARD = "3-4 2-6 2-2 5-6 0-0"


def test_the_first_player_without_a_double_draws_until_he_draws_one_and_sets_it() -> None:
    m = Match(rules("merry-go-round"), players=2, seed=2, deals=[deal(*HANDS, boneyard=BONEYARD, starter=None)])
    record = of_type(m.events, "deal")[0]
    seat = record["starter"]
    assert (record["how"], record["lead"], record["redeals"]) == ("drew_lead", [2, 2], 0)
    # He drew 3-4, 2-6 and 2-2, in that order; the boneyard's rest is left to draw.
    assert len(record["hands"][seat]) == 10 and len(record["hands"][1 - seat]) == 7
    assert [tuple(t) for t in record["boneyard"]] == [(5, 6), (0, 0)]
    assert m.current_player == seat and legal(m) == ["lead 2-2"]


def test_a_double_held_is_set_without_drawing() -> None:
    hands = (HANDS[0], HANDS[1].replace("2-5", "5-5"))
    m = Match(rules("merry-go-round"), players=2, seed=2, deals=[deal(*hands, boneyard=BONEYARD, starter=None)])
    record = of_type(m.events, "deal")[0]
    assert (record["how"], record["starter"], record["lead"]) == ("highest_double", 1, [5, 5])


def test_explain_says_who_draws_for_the_lead() -> None:
    said = " ".join(explain(rules("merry-go-round")).split())
    assert "draws from the boneyard until he draws a tile where the tile is a double, and leads it" in said
