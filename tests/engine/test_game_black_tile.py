"""Eleven Point Black Tile (rules/black-tile.yaml, pagat's rules) on scripted deals: three tiles
passed to the left, the starter handing the first lead on, a double led as the doubles, the tile
left over taken with the first trick, and the moon: a player who takes all 11 points scores 0 and
each other player 22."""

from __future__ import annotations

from interpreter.engine import Match
from interpreter.players import make_player
from tests.engine.engine_helpers import of_type, play, start

HANDS = (
    "6-6 5-5 4-4 3-3 2-2 1-1 0-1 0-2 1-2", "0-3 0-4 0-5 0-6 1-3 1-4 1-5 1-6 2-3", "0-0 6-5 6-4 2-4 2-5 2-6 3-4 3-5 3-6",
)  # fmt: skip
# The three hands leave out the 4-5: it waits face down for the winner of the first trick.


def _first_legal(match: Match, moves: int = 10**3) -> list[dict]:
    """Each player in turn plays its first legal action, `moves` times or until the hand is scored."""
    events: list[dict] = []
    while moves and not of_type(events, "score"):
        events += match.apply(match.legal_actions()[0])
        moves -= 1
    return events


def _passed(*gives: str) -> Match:
    match = start("black-tile", *HANDS)
    play(match, *(f"give {tile}" for tile in gives))
    return match


def test_the_moon_shooter_scores_nothing_and_every_other_player_22() -> None:
    # Seat 2 passes seat 0 the 0-0 and its two high sixes: seat 0 then holds every double.
    match = _passed("0-1", "0-2", "1-2", "0-3", "0-4", "0-5", "0-0", "6-5", "6-4")
    assert sorted(match.hand(0)) == [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (4, 6), (5, 5), (5, 6), (6, 6)]
    # The starter hands the first lead to seat 1, who must lead; seat 0 plays last to it.
    events = play(match, "pass")
    assert (match.current_player, "pass" in [str(a) for a in match.legal_actions()]) == (1, False)
    events += play(match, "play 1-6 as 6", "play 2-6", "play 6-6")
    (taken,) = of_type(events, "widow_taken")
    assert (taken["seat"], taken["tiles"], taken["count"]) == (0, [[4, 5]], 0)
    # Every double led as the doubles: nobody else holds one, so seat 0 takes them all.
    for double in ("5-5", "4-4", "3-3", "2-2", "1-1", "0-0"):
        events += play(match, f"play {double} as doubles")
        assert match.legal_actions() and all(a.tile[0] != a.tile[1] for a in match.legal_actions())
        events += _first_legal(match, 2)
    # Then the two sixes, each higher than any six the others hold.
    events += play(match, "play 6-5 as 6") + _first_legal(match, 2)
    events += play(match, "play 6-4 as 6") + _first_legal(match, 2)
    assert [t["seat"] for t in of_type(events, "trick")] == [0] * 9
    assert sum(t["count"] for t in of_type(events, "trick")) == 11
    assert [(e["side"], e["points"]) for e in of_type(events, "score")] == [(1, 22), (2, 22)]
    assert list(match.scores) == [0, 22, 22]


def test_without_the_moon_each_player_scores_the_count_taken() -> None:
    # Seat 2 keeps the 0-0 and passes the 2-4 instead; every player then plays its first legal tile.
    match = _passed("0-1", "0-2", "1-2", "0-3", "0-4", "0-5", "2-4", "6-5", "6-4")
    events = _first_legal(match)
    tricks = of_type(events, "trick")
    counts = [sum(t["count"] for t in tricks if t["seat"] == seat) for seat in range(3)]
    # Seat 0's 1-1 takes the 0-0 seat 2 discards (4); seat 2 leads 0-3 as blanks, seat 0 cannot
    # follow and discards the 3-3, which cannot win: seat 1's 0-6 takes both threes, and the four
    # tricks after it with their three threes (7); seat 2 takes one trick and nothing in it.
    assert [t["seat"] for t in tricks] == [0, 0, 2, 1, 1, 1, 1, 1, 1]
    assert counts == [4, 7, 0]
    assert list(match.scores) == counts


def test_the_counting_player_chooses_among_a_double_led_as_its_number_or_the_doubles() -> None:
    # The leader may lead each double two ways ("lead 5-5", "play 5-5 as doubles"): the counting
    # player ranks both without taking the first for a named suit.
    match = _passed("0-1", "0-2", "1-2", "0-3", "0-4", "0-5", "0-0", "6-5", "6-4")
    legal = match.legal_actions()
    assert {"lead 5-5", "play 5-5 as doubles"} <= {str(a) for a in legal}
    assert make_player("counter", 0).choose(match.observation(0), legal) in legal
