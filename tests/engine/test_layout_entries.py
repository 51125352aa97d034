"""Issue 29's small entries of bundled layout files, played on scripted deals."""

from __future__ import annotations

from engine_helpers import legal, play, scores_in, start


def test_fives_and_threes_the_chip_out_point_and_the_last_tile_are_one_score_for_61() -> None:
    """factbrazerzkidai.blogg.se's copy of pagat: "If you play your last tile and this creates a
    scoring total, then for the purposes of ending the game, the point for chipping out is scored at
    the same time as the normal score for the play, and if this takes you over 61, the score is
    disregarded." [5|5] led: 10, two points; [5|0] last: 10 + 0 = 10, two points and the chip-out."""
    over = start("fives-and-threes", "5-5 5-0", "6-1 6-2", starter=0, scores=[57, 0])
    events = play(over, "lead 5-5", "pass", "5-0 on arm 0")
    assert scores_in(events) == [(0, 2, "in_play")]  # 59 + 2 + 1 = 62: the whole is disregarded
    assert over.scores == (59, 0) and not over.is_over
    exact = start("fives-and-threes", "5-5 5-0", "6-1 6-2", starter=0, scores=[56, 0])
    events = play(exact, "lead 5-5", "pass", "5-0 on arm 0")
    assert scores_in(events) == [(0, 2, "in_play"), (0, 3, "in_play")]  # 58 + 2 + 1 = 61
    assert exact.is_over and exact.winners == (0,) and exact.scores == (61, 0)


def test_train_dominoes_the_first_turn_is_a_connected_run_on_ones_own_train() -> None:
    """netexl: "In the first turn players can only play on their personal train. ... Players can play
    as many tiles as possible in the first turn as long as it makes a valid sequence of connected
    tiles. "Doubles Rule" is not applicable in the first turn"."""
    m = start("train-dominoes", "9-4 4-4 4-2 2-7 9-1", "9-3 3-1 9-5 0-0", boneyard="6-6 5-6", starter=0)
    assert legal(m) == ["9-1 on arm 0", "9-4 on arm 0"]  # not on the shared train (arm 2)
    play(m, "9-4 on arm 0", "4-4 on arm 0")
    # The double demands nothing in the first turn: the run goes on, or stops here.
    assert legal(m) == ["4-2 on arm 0", "pass"]
    play(m, "4-2 on arm 0", "2-7 on arm 0")
    assert legal(m) == ["pass"]  # nothing fits the 7: the run ends with its player's stop
    play(m, "pass")
    assert m.current_player == 1 and legal(m) == ["9-3 on arm 1", "9-5 on arm 1"]
    play(m, "9-3 on arm 1", "3-1 on arm 1", "pass")  # nothing fits the 1: seat 1's run stops
    # The second turn is an ordinary one: here the shared train takes 9-1.
    assert m.current_player == 0 and legal(m) == ["9-1 on arm 2"]
    play(m, "9-1 on arm 2")
    assert m.current_player == 1
