"""Block games, each on a scripted deal of its bundled rule file: Blind Hughie, Fortress,
Tiddle-a-Wink and Tiddly-Wink (rules/<name>.yaml)."""

from __future__ import annotations

import pytest
from engine_helpers import house, legal, of_type, play, rules, scores_in, start

from interpreter.engine import Match, deal
from interpreter.rulefile.ruleset import PoolTie


def test_blind_hughie_the_lightest_hand_of_a_block_scores_the_others_pips_less_its_own() -> None:
    """gambiter.com's copy of pagat (https://gambiter.com/domino/western/blind_hughie.html): "The lowest
    scoring player is the winner and is credited with the sum of the scores of the losers, minus his own
    total" / "The lead for the next hand passes to the previous leader's left". The blind rows, the
    game's defining rule, are played (tests/engine/test_blind_row.py): each row's right end last."""
    assert not rules("blind-hughie").not_expressible
    m = start("blind-hughie", "2-2 3-1 6-3", "5-5 0-1 3-4", starter=0)
    # No tile left can go on 4 or 6 (no drawing: the undealt tiles are out of play): blocked at once.
    events = play(m, "turn", "lead 6-3", "turn", "3-4 on arm 0")
    end = of_type(events, "round_end")[0]
    assert (end["reason"], end["pips"]) == ("blocked", [8, 11])
    assert scores_in(events) == [(0, 3, "blocked")]  # 11 - 8
    deal_2 = of_type(events, "deal")[0]
    assert (deal_2["starter"], deal_2["how"]) == (1, "next_seat")


def test_blind_hughie_plays_to_100_with_two_players_and_61_with_three_or_four_alone() -> None:
    """gambiter.com: "The game is played for 100 points in a two player or partnership game, and for 61
    points in a three or four handed game"; four players play for themselves unless the match asks for
    partnerships."""
    assert not any("partnership" in rule for rule in rules("blind-hughie").not_expressible)
    assert start("blind-hughie", "6-3", "5-5").ruleset.match.target == 100
    assert start("blind-hughie", "6-3", "5-5", "4-4").ruleset.match.target == 61
    m = start("blind-hughie", "6-3", "5-5", "4-4", "3-3", starter=0)
    assert m.sides == 4 and m.ruleset.match.target == 61


# Seat 0 leads 6-3 and nobody holds a 6 or a 3: blocked with 0, 5, 27 and 3 pips in hand. Partners sit
# opposite: seats 0 and 2 hold 27 between them, seats 1 and 3 hold 8, but the lightest hand is seat 0's.
BLOCKED = ("0-0 6-3", "1-1 1-2", "4-4 5-5 4-5", "0-1 0-2")


@pytest.mark.parametrize(
    ("teams", "sides", "points"),
    [(False, 4, 35), (True, 2, 8)],  # alone: 5 + 27 + 3 - 0; partners: 5 + 3 - 0
)
def test_blind_hughie_four_players_may_play_as_two_partnerships(teams: bool, sides: int, points: int) -> None:
    """gambiter.com: "a two player or partnership game"; "The lowest scoring player is the winner and is
    credited with the sum of the scores of the losers, minus his own total": with partners (sitting
    opposite), the lightest hand's side scores the opponents' pips less that hand's (CHOICE: the
    partner's hand counts for nothing)."""
    m = Match(rules("blind-hughie"), players=4, deals=[deal(*BLOCKED, starter=0)], teams=teams)
    assert m.sides == sides
    events = play(m, "turn", "lead 6-3")  # no tile left in any row can be laid: blocked at once
    assert of_type(events, "round_end")[0]["pips"] == [0, 5, 27, 3]
    assert scores_in(events) == [(0, points, "blocked")]


@pytest.mark.parametrize(
    ("teams", "scores", "over"),
    [(True, [53, 0], False), (True, [84, 0], True), (False, [37, 0, 0, 0], True)],
)
def test_blind_hughie_partnerships_play_to_100_and_players_alone_to_61(
    teams: bool, scores: list[int], over: bool
) -> None:
    """Seat 0 goes out at once, its partner holding 8: alone it scores 10 + 8 + 6 = 24, to 61; with
    partners its side scores the opponents' 10 + 6 = 16, and 61 is not enough: partners play to 100."""
    hands = deal("6-3", "5-5", "4-4", "3-3", starter=0)
    m = Match(rules("blind-hughie"), players=4, deals=[hands], teams=teams, scores=scores)
    assert m.ruleset.match.target == (100 if teams else 61)
    events = play(m, "turn", "lead 6-3")
    assert scores_in(events) == [(0, 16 if teams else 24, "domino")]
    assert m.is_over is over
    assert m.winners == ((0,) if over else ())


def test_tiddle_a_wink_is_played_for_a_pool() -> None:
    """pagat (https://www.pagat.com/domino/line/tiddlywink.html): "Each player puts up a stake in a pool
    for the round" / "The player who dominoes wins the pool": played (match.pool), no longer listed."""
    ruleset = rules("tiddle-a-wink")
    pool = ruleset.match.pool
    assert pool is not None and pool.ante.constant == 1 and pool.tie is PoolTie.CARRY and pool.take is None
    assert not any("pool" in rule for rule in ruleset.not_expressible)


def test_fortress_every_double_is_a_four_way_spinner() -> None:
    """domino-games.com (http://www.domino-games.com/domino-rules/fortress-rules.html): "All doubles are
    spinners, and can be played off onto all four edges" / the lightest hand "wins the number of sum
    total of points in all of his opponents hands, minus the points in his own hand"."""
    # The deal names a few tiles only: the rest, left undealt, would go to the leader (deal.undealt:
    # starter, tests/engine/test_undealt_to_starter.py); here they stay out of play.
    aside = house("extends: fortress\ndeal: {undealt: dead}")
    m = Match(aside, 3, deals=[deal("6-6 4-4 3-1 5-5", "6-4 1-2 0-2", "4-3 4-0 4-2")])
    assert of_type(m.events, "deal")[0]["how"] == "highest_double" and legal(m) == ["lead 6-6"]
    play(m, "lead 6-6")
    assert legal(m) == ["6-4 on arm 0", "6-4 on arm 1", "6-4 on arm 2", "6-4 on arm 3"]
    play(m, "6-4 on arm 0", "4-3 on arm 0", "3-1 on arm 0", "1-2 on arm 0", "2-4 on arm 0", "4-4 on arm 0")
    # The second double branches too: arm 0 goes on past it, and arms 4 and 5 open at once.
    assert [(a.id, a.kind, a.value, a.open) for a in m.layout.arms][4:] == [(4, "side", 4, True), (5, "side", 4, True)]
    assert legal(m) == ["pass"]  # seat 1's 0-2
    play(m, "pass")
    assert legal(m) == ["4-0 on arm 0", "4-0 on arm 4", "4-0 on arm 5"]
    events = play(m, "4-0 on arm 4")
    assert of_type(events, "round_end")[0]["reason"] == "domino"
    assert scores_in(events) == [(2, 12, "domino")]  # 5-5 (10) + 0-2 (2) - 0
    assert m.scores == (0, 0, 12)


def test_tiddle_a_wink_after_a_double_the_player_may_play_again_or_stop() -> None:
    """pagat (https://www.pagat.com/domino/line/tiddlywink.html, British game): "When a double is played,
    it is placed in line and the player has the option of playing a second tile in his turn"; the
    hw3500003 rule leaflet: "either when starting or during the game"."""
    m = start("tiddle-a-wink", "6-6 6-5 1-0", "5-5 5-4 2-0", "4-4 4-3 3-0", starter=None)
    assert legal(m) == ["lead 6-6"]
    play(m, "lead 6-6")
    assert m.current_player == 0 and legal(m) == ["6-5 on arm 0", "6-5 on arm 1", "pass"]
    play(m, "6-5 on arm 0")
    assert m.current_player == 1 and legal(m) == ["5-4 on arm 0", "5-5 on arm 0"]  # no pass: forced
    play(m, "5-5 on arm 0")
    assert m.current_player == 1 and legal(m) == ["5-4 on arm 0", "pass"]
    play(m, "pass")  # seat 1 declines the extra play and keeps 5-4
    assert legal(m) == ["pass"]
    play(m, "pass", "pass")  # seats 2 and 0 are stuck
    # Three passes in a row, but seat 1 still holds a play: the round is not blocked.
    assert not of_type(m.events, "round_end")
    assert m.current_player == 1 and legal(m) == ["5-4 on arm 0"]
    assert m.scores == (-1, -1, -1) and m.pool == 3  # the stakes are in; nobody has won them yet


def test_tiddly_wink_after_the_first_tile_only_that_end_grows() -> None:
    """pagat (https://www.pagat.com/domino/line/tiddlywink.html, American game): "After the first tile,
    all subsequent plays must be on the same end of the line" / "The player with the largest double
    always leads" / "The player who dominoes wins the pool" (the five players' stakes of 1)."""
    m = start("tiddly-wink", "5-5 5-1 3-2", "5-2 6-0 0-3", "2-4 1-6 3-4", "4-1 0-1 3-6", "1-2 2-6 0-4",
              starter=None)  # fmt: skip
    assert legal(m) == ["lead 5-5"]
    play(m, "lead 5-5")
    assert legal(m) == ["5-1 on arm 0", "5-1 on arm 1", "pass"]  # the lead double earns an optional play
    play(m, "5-1 on arm 1")
    assert m.current_player == 1 and legal(m) == ["pass"]  # 5-2 fits arm 0's 5, but arm 0 is closed now
    play(m, "pass", "1-6 on arm 1", "6-3 on arm 1")
    assert legal(m) == ["pass"]  # seat 4: nothing shows 3 but arm 1
    events = play(m, "pass", "3-2 on arm 1")
    end = of_type(events, "round_end")[0]
    assert (end["reason"], end["seat"]) == ("domino", 0)
    assert scores_in(events)[:2] == [(0, 0, "domino"), (0, 5, "pool")]
    assert m.scores == (3, -2, -2, -2, -2) and m.pool == 5  # and the stakes of hand 2
