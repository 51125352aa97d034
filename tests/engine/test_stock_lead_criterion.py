"""A lead turned up from the undealt tiles as a start criterion (docs/format.md, `start`:
`{stock_lead: CONDITION, start: [criteria]}`): when the top undealt tile meets the condition it is
laid as the lead, nobody's play, and the entry's criteria pick who plays first onto it."""

from __future__ import annotations

from engine_helpers import legal, of_type, play, rules

from interpreter.engine import Match, deal
from interpreter.rulefile.explain import explain

# Fortress with three players: 27 of the double-six set's 28 tiles are dealt; [6|6] is left over.
FORTRESS = (
    "0-0 0-1 0-2 0-3 0-4 0-5 0-6 1-1 1-2",
    "1-3 1-4 1-5 1-6 2-2 2-3 2-4 2-5 2-6",
    "3-3 3-4 3-5 3-6 4-4 4-5 4-6 5-5 5-6",
)


def test_fortress_lays_the_double_six_left_over_and_the_double_five_plays_first() -> None:
    m = Match(rules("fortress"), players=3, seed=1, deals=[deal(*FORTRESS, starter=None)])
    record = of_type(m.events, "deal")[0]
    assert (record["starter"], record["how"], record["lead"]) == (2, "holder", None)
    assert [e["tile"] for e in of_type(m.events, "lead_turned_up")] == [[6, 6]]
    assert m.current_player == 2 and m.scores == (0, 0, 0)
    # The holder of [5|5] plays first, onto the double-six spinner: any 6 of his hand.
    assert legal(m) == [f"6-{x} on arm {arm}" for arm in range(4) for x in (3, 4, 5)]
    play(m, "6-5 on arm 0")
    assert m.current_player == 0


def test_fortress_with_the_double_six_dealt_starts_with_the_highest_double() -> None:
    hands = (FORTRESS[0], FORTRESS[1].replace("2-6", "6-6"), FORTRESS[2])
    m = Match(rules("fortress"), players=3, seed=1, deals=[deal(*hands, starter=None)])
    record = of_type(m.events, "deal")[0]
    assert (record["starter"], record["how"], record["lead"]) == (1, "highest_double", [6, 6])
    assert of_type(m.events, "lead_turned_up") == []


def test_tiddly_wink_turns_a_tile_up_when_nobody_holds_a_double() -> None:
    hands = ("0-1 0-2 0-3", "0-4 0-5 0-6", "1-2 1-3 1-4", "1-5 1-6 2-3", "2-4 2-5 2-6")
    m = Match(rules("tiddly-wink"), players=5, seed=1, deals=[deal(*hands, starter=None)])
    record = of_type(m.events, "deal")[0]
    # The tiles not dealt lie in the scripted deal's order of the set: [0|0] is the top one.
    assert (record["how"], record["lead"], record["redeals"]) == ("lots", None, 0)
    assert [e["tile"] for e in of_type(m.events, "lead_turned_up")] == [[0, 0]]
    assert m.current_player == record["starter"]


def test_explain_says_the_tile_turned_up_and_who_plays_onto_it() -> None:
    said = " ".join(explain(rules("tiddly-wink")).split())
    assert (
        "failing that, the first tile left undealt is turned up and laid as the lead (nobody scores for it), "
        "by the winner of a draw of lots" in said
    )
    assert "who plays first onto it." in said


def test_tiddly_wink_plays_only_onto_the_higher_end_of_a_tile_turned_up() -> None:
    """pagat: "If nobody has a double, then a tile is drawn from the boneyard and the higher end is
    the lead." A scripted deal leaves its undealt tiles in the set's order ([0|0] on top), so this
    is the seeded deal where nobody holds a double and [0|4] is turned up."""
    m = Match(rules("tiddly-wink"), players=5, seed=1272)
    assert [e["tile"] for e in of_type(m.events, "lead_turned_up")] == [[0, 4]]
    assert of_type(m.events, "deal")[0]["hands"][3] == [[0, 6], [2, 6], [3, 4]]
    # The 4 is open, the 0 is not: [0|6] fits the lead's lower end and is not a play.
    assert m.current_player == 3 and legal(m) == ["4-3 on arm 1"]
