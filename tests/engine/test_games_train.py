"""Games of the train family, each on a scripted deal of its bundled rule file: Chicken Foot
(rules/chicken-foot.yaml) and Train Dominoes (rules/train-dominoes.yaml)."""

from __future__ import annotations

from engine_helpers import legal, of_type, play, scores_in, start


def test_chicken_foot_the_centre_takes_four_tiles_then_every_double_three_toes() -> None:
    """Wikipedia (https://en.wikipedia.org/wiki/Chicken_foot_(game)): "No other plays can be made until
    all four sides of the double are filled" / a later double takes "three more dominoes" before play
    goes elsewhere / "they must draw one domino from the bone pile and either play it if possible or
    pass"; htfbw.com: "The double-blank is worth 50 points"; the lowest total wins."""
    m = start(
        "chicken-foot",
        "9-1 9-2 1-1 1-5 6-6",
        "9-3 9-4 1-7 1-8 3-3 0-0",
        boneyard="2-2 4-1",
        starter=0,
    )
    assert m.layout.hub == (9, 9)  # round 1: the highest double
    play(m, "9-1 on arm 0")
    # 1-7 and 1-8 fit arm 0, but the centre's other three sides come first.
    assert legal(m) == [f"9-{b} on arm {a}" for a in (1, 2, 3) for b in (3, 4)]
    play(m, "9-3 on arm 1", "9-2 on arm 2", "9-4 on arm 3")
    assert legal(m) == ["1-1 on arm 0", "1-5 on arm 0"]
    play(m, "1-1 on arm 0")  # a chicken foot: arm 0 past it and two new arms, 4 and 5
    # 3-3 fits arm 1, but the foot takes its three toes first.
    assert legal(m) == [f"1-{b} on arm {a}" for a in (0, 4, 5) for b in (7, 8)]
    play(m, "1-7 on arm 4")
    # Down to one tile after it, seat 0 may announce it (play.announce_last: test_announce_last.py).
    assert legal(m) == ["1-5 on arm 0", "1-5 on arm 0 tap", "1-5 on arm 5", "1-5 on arm 5 tap"]
    play(m, "1-5 on arm 5 tap")
    assert legal(m) == ["1-8 on arm 0"]
    play(m, "1-8 on arm 0")  # the foot is complete; the ends show 8, 3, 2, 4, 7, 5
    assert legal(m) == ["draw"]  # seat 0's 6-6 fits nothing
    play(m, "draw")
    assert m.current_player == 0 and legal(m) == ["2-2 on arm 2", "2-2 on arm 2 tap"]  # the drawn 2-2 must be played
    play(m, "2-2 on arm 2 tap")
    assert legal(m) == ["draw"]
    play(m, "draw")
    assert m.hand(1) == ((0, 0), (1, 4), (3, 3)) and legal(m) == ["pass"]  # 4-1 does not fit the 2-2's toes
    events = play(m, "pass", "pass")
    assert of_type(events, "round_end")[0]["reason"] == "blocked"
    # Each player scores his own hand: 6-6 = 12; 3-3 + 0-0 (50) + 4-1 = 61.
    assert scores_in(events) == [(0, 12, "blocked"), (1, 61, "blocked")]
    assert m.layout.hub == (8, 8)  # round 2: the next lower double


def test_train_dominoes_a_double_is_followed_by_another_tile_and_binds_the_next_player() -> None:
    """netexl.com (https://netexl.com/games/traindominoes) and its copy on northwestmili.blogg.se:
    "Whenever player plays a double on any train ..., he must play one additional tile with it" / "Once
    a player has played a double and has left the double open, it must be closed by other players before
    any other move can be made" / "If player has no valid tile to play and tile drawn from the boneyard
    can also not be played then player must place a marker on their train"."""
    m = start("train-dominoes", "9-5 5-5 2-3 8-8", "9-6 6-1 5-4 3-3", boneyard="7-7 0-1", starter=0)
    assert m.layout.hub == (9, 9)
    assert legal(m) == ["9-5 on arm 0"]  # the first turn: his own train only (test_layout_entries.py)
    play(m, "9-5 on arm 0", "pass", "9-6 on arm 1", "pass", "5-5 on arm 0")
    assert m.current_player == 0 and legal(m) == ["draw"]  # he must play again: nothing fits, so he draws
    play(m, "draw")
    assert legal(m) == ["marker"]  # the drawn 7-7 does not fit either
    play(m, "marker")
    # The open 5-5 binds seat 1: not 6-1 on his own train.
    assert m.current_player == 1 and legal(m) == ["5-4 on arm 0"]
    play(m, "5-4 on arm 0")
    assert legal(m) == ["draw"]
    play(m, "draw")
    assert legal(m) == ["pass"]  # 0-1 does not fit; his marker is already out
    assert m.scores == (0, 0)


def test_mexican_train_station_the_holder_lays_it_or_the_players_turn_tiles_up_until_it_is_found() -> None:
    """sundulerparents.com (a wikiHow text): "The player who has the double-12 (the train station)
    starts the first round by placing it in the center of the table. If no one has the double, the
    players flip one tile at a time, clockwise, from the field until the double-12 is found."""
    held = start("mexican-train-station", "1-2 3-4", "12-12 12-5", "0-0 0-1", starter=0)
    assert held.current_player == 1 and legal(held) == ["lead 12-12"]
    play(held, "lead 12-12")
    assert held.layout.hub == (12, 12) and held.current_player == 2
    missing = start("mexican-train-station", "1-2", "3-4", "0-1", boneyard="5-5 6-6 12-12 2-2", starter=1)
    assert missing.current_player == 0 and of_type(missing.events, "deal")[0]["how"] == "engine_drawn"
    assert missing.hand(1) == ((3, 4), (5, 5)) and missing.hand(2) == ((0, 1), (6, 6))
