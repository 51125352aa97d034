"""The tiles left undealt go to the starter once he has led (docs/format.md, `deal.undealt:
starter`): Fortress' "the player downing the double-six picks up the last tile from the boneyard"."""

from __future__ import annotations

from engine_helpers import of_type, play, rules, start

from interpreter.rulefile.explain import explain

HANDS = (
    "6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4",
    "5-3 5-2 5-1 5-0 4-4 4-3 4-2 4-1 4-0",
    "3-3 3-2 3-1 3-0 2-2 2-1 2-0 1-1 1-0",
)  # 0-0 is left over


def test_the_leader_of_the_double_six_picks_up_the_tile_left_over() -> None:
    m = start("fortress", *HANDS, starter=None)  # the highest double leads: seat 0's 6-6
    events = play(m, "lead 6-6")
    assert [(e["type"], e["seat"]) for e in events if e["type"] != "action"] == [("undealt_taken", 0), ("draw", 0)]
    assert of_type(events, "undealt_taken") == [{"type": "undealt_taken", "seat": 0, "tiles": 1}]
    assert of_type(events, "draw") == [{"type": "draw", "seat": 0, "tile": [0, 0]}]
    assert (0, 0) in m.observation(0).hand and len(m.observation(0).hand) == 9
    assert m.observation(1).hand_counts == (9, 9, 9)
    assert of_type(play(m, "pass", "pass", "6-5 on arm 0"), "undealt_taken") == []  # once a round


def test_explain_says_the_leader_takes_the_tiles_left_over() -> None:
    said = " ".join(explain(rules("fortress")).split())
    assert (
        "With 3 or 6 players, the tiles not dealt are set aside unseen until a player leads the round's first tile; "
        "then he takes them into his hand."
    ) in said
