"""Games of the cross (Cyprus) family, each on a scripted deal of its bundled rule file:
Sebastopol (rules/sebastopol.yaml) and Maltese Cross (rules/maltese-cross.yaml)."""

from __future__ import annotations

from engine_helpers import legal, of_type, play, start


def test_sebastopol_the_four_arms_of_the_lead_are_started_first() -> None:
    """gambiter.com's copy of pagat (https://gambiter.com/domino/western/sebastopol.html): after the
    [6-6] is set, "the next player ... must place another tile in the sixes suit on the [6-6]. Each of
    the following players is so obligated until there are four tiles around the [6-6]" / "A player not
    able to play a tile in the sixes suit before all four arms have been started must pass his turn"."""
    m = start(
        "sebastopol",
        "6-6 0-0 1-0 2-0 3-0 4-0 5-0",
        "6-5 5-5 5-1 5-2 5-3 5-4 1-1",
        "6-4 4-4 4-1 4-2 4-3 2-2 3-3",
        "6-3 6-2 6-1 6-0 2-1 3-1 3-2",
        starter=None,
    )
    deal_1 = of_type(m.events, "deal")[0]
    assert (deal_1["starter"], deal_1["how"]) == (0, "holder")
    assert legal(m) == ["lead 6-6"]
    play(m, "lead 6-6")
    assert legal(m) == ["6-5 on arm 0", "6-5 on arm 1", "6-5 on arm 2", "6-5 on arm 3"]
    play(m, "6-5 on arm 0")
    assert legal(m) == ["6-4 on arm 1", "6-4 on arm 2", "6-4 on arm 3"]  # not a second tile on arm 0
    play(m, "6-4 on arm 1")
    assert legal(m) == [f"6-{b} on arm {a}" for a in (2, 3) for b in (0, 1, 2, 3)]
    play(m, "6-3 on arm 2")
    # Arm 3 is still empty: 5-0 fits arm 0 (5) and 4-0 arm 1 (4), 5-5 fits arm 0, but nobody may play
    # them; seats 0, 1 and 2 hold no six and pass.
    for seat in (0, 1, 2):
        assert (m.current_player, legal(m)) == (seat, ["pass"])
        play(m, "pass")
    assert legal(m) == ["6-0 on arm 3", "6-1 on arm 3", "6-2 on arm 3"]
    play(m, "6-2 on arm 3")
    assert m.current_player == 0
    assert legal(m) == ["5-0 on arm 0", "4-0 on arm 1", "3-0 on arm 2", "2-0 on arm 3"]
    assert m.scores == (0, 0, 0, 0) and not of_type(m.events, "round_end")


def test_maltese_cross_after_the_four_arm_starts_every_arm_takes_a_double() -> None:
    """gambiter.com's copy of pagat (https://gambiter.com/domino/western/maltese.html): "Once all four
    arms of the spinner are started, each player must add a double to the end of any of the arms. These
    doubles are turned crosswise and all four arms must be completed before play continues.\""""
    m = start(
        "maltese-cross",
        "5-5 5-0 5-2 1-1 2-2 0-4 6-3",
        "5-1 5-3 0-0 3-3 1-6 2-6 4-6",
        boneyard="4-4 0-1",
        starter=None,
    )
    assert of_type(m.events, "deal")[0]["how"] == "highest_double" and m.current_player == 0
    play(m, "lead 5-5", "5-1 on arm 0", "5-0 on arm 1")
    assert legal(m) == ["5-3 on arm 2", "5-3 on arm 3"]  # phase 1: only an empty arm of the spinner
    play(m, "5-3 on arm 2", "5-2 on arm 3")
    # Phase 2: 1-6 would match arm 0 (1) and 2-6 arm 3 (2), but only doubles may be laid.
    assert legal(m) == ["0-0 on arm 1", "3-3 on arm 2"]
    play(m, "3-3 on arm 2")
    assert legal(m) == ["1-1 on arm 0", "2-2 on arm 3"]  # not 0-4 on arm 1, nor a second tile on arm 2
    play(m, "1-1 on arm 0")
    assert legal(m) == ["0-0 on arm 1"]  # 1-6 past the 1-1 must wait for the cross
    play(m, "0-0 on arm 1")
    assert legal(m) == ["2-2 on arm 3"]
    play(m, "2-2 on arm 3")
    # The cross is complete: free play on the ends of the arms.
    assert m.current_player == 1
    assert legal(m) == ["1-6 on arm 0", "2-6 on arm 3"]
    assert m.scores == (0, 0) and m.boneyard == ((4, 4), (0, 1))
