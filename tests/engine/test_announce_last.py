"""A player down to one tile announces it (`play.announce_last`), on Chicken Foot
(rules/chicken-foot.yaml): a play that leaves one tile may be made with `tap`; made without, the
player draws one tile from the boneyard once the next player plays."""

from __future__ import annotations

import pytest
from engine_helpers import diff_words, house, legal, of_type, play, problem_messages, start

from interpreter.engine.actions import Action, IllegalAction
from interpreter.players import make_player
from interpreter.rulefile.explain import explain

HANDS = ("9-1 9-2", "9-3 3-4 1-1")
BONEYARD = "0-0 0-1 0-2 0-3"


def test_a_tap_spares_the_draw_and_a_silent_last_tile_draws_after_the_next_play() -> None:
    tapped = start("chicken-foot", *HANDS, boneyard=BONEYARD)
    assert legal(tapped)[:2] == ["9-1 on arm 0", "9-1 on arm 0 tap"]
    play(tapped, "9-1 on arm 0 tap", "9-3 on arm 1")
    assert [len(tapped.observation(s).hand) for s in (0, 1)] == [1, 2] and tapped.current_player == 0

    silent = start("chicken-foot", *HANDS, boneyard=BONEYARD)
    assert of_type(play(silent, "9-1 on arm 0"), "unannounced") == []
    events = play(silent, "9-3 on arm 1")
    assert of_type(events, "unannounced") == [{"type": "unannounced", "seat": 0, "tiles": 1}]
    assert silent.observation(0).hand == ((0, 0), (2, 9)) and silent.current_player == 0


def test_a_search_counts_the_tiles_drawn_for_silence() -> None:
    m = start("chicken-foot", "9-1 9-2", "9-3 9-4 9-5", boneyard=BONEYARD)
    play(m, "9-1 on arm 0", "9-3 on arm 1", "9-2 on arm 2 tap")  # seat 0 drew 0-0 for its silence
    chosen = make_player("greedy", 1).choose(m.observation(1), m.legal_actions())  # resamples seat 0's 2 tiles
    assert chosen.arm == 3 and chosen.value == "tap"


def test_only_a_play_leaving_one_tile_taps_and_computer_players_always_tap() -> None:
    m = start("chicken-foot", "9-1 9-2 9-4", "9-3 3-4 1-1", boneyard=BONEYARD)
    assert all(not text.endswith("tap") for text in legal(m))
    with pytest.raises(IllegalAction, match="only a play that leaves one tile in the hand is announced"):
        m.apply(Action.parse("9-1 on arm 0 tap"))
    for name in ("random", "greedy"):
        m = start("chicken-foot", *HANDS, boneyard=BONEYARD)
        assert make_player(name, 1).choose(m.observation(0), m.legal_actions()).value == "tap"


def test_the_key_is_checked_and_explained() -> None:
    assert problem_messages("extends: draw\nplay:\n  announce_last: {drow: 1}\n") == [
        "play.announce_last: missing required key 'draw'",
        "play.announce_last: unknown key 'drow'; did you mean 'draw'?",
    ]
    said = " ".join(explain(house("extends: draw\nplay:\n  announce_last: {draw: 2}\n")).split())
    assert diff_words("extends: chicken-foot\nplay:\n  announce_last: null\n", "chicken-foot") == [
        "The tiles drawn for a last tile not announced (play.announce_last; 0: no announcements) changes from 1 to 0."
    ]
    assert (
        "A player whose play leaves him one tile announces it (tap); if he does not and the next player then lays a "
        "tile, he draws 2 tiles from the boneyard." in said
    )
