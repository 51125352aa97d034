"""One-player games: a hand refilled from the stock when it empties (`deal.refill`), and a match won
or lost (`match.win_requires`), played by every computer player with its one seat."""

from __future__ import annotations

import random

import pytest
from engine_helpers import house, legal, of_type, play, problems
from playout_contract import plays_as_the_legal_loop

from interpreter.engine import Match, deal
from interpreter.players import make_player
from interpreter.players.ismcts import IsmctsPlayer
from interpreter.rulefile.explain import explain
from interpreter.study.simulation import play_match

# A patience: lay tiles in a line from a hand of three, refilled from the stock whenever it empties;
# the game is won by laying every tile, lost when stuck with the stock used up.
SOLO = """extends: draw
players: {min: 1, max: 1}
deal: {hand_size: 3, refill: true}
layout: {spinners: none}
start: {first_round: [random]}
draw: {policy: one_then_pass}
match: {target: null, rounds: 1, win_requires: went_out}
"""


def solo(hand: str, boneyard: str, text: str = SOLO) -> Match:
    return Match(house(text), players=1, deals=[deal(hand, boneyard=boneyard, starter=0)])


def test_an_empty_hand_draws_a_new_hand_from_the_stock_and_play_goes_on() -> None:
    m = solo("1-2", "2-3 3-4 6-6 0-5")
    events = play(m, "lead 1-2")
    assert of_type(events, "round_end") == []
    assert [e["tile"] for e in of_type(events, "draw")] == [[2, 3], [3, 4], [6, 6]]
    assert m.hand(0) == ((2, 3), (3, 4), (6, 6)) and m.boneyard == ((0, 5),)
    assert m.current_player == 0 and legal(m) == ["2-3 on arm 1"]


def test_the_last_refill_takes_what_is_left_and_laying_every_tile_wins() -> None:
    m = solo("1-2", "2-3 3-4")
    play(m, "lead 1-2", "2-3 on arm 1")
    assert m.hand(0) == ((3, 4),)
    events = play(m, "3-4 on arm 1")
    end = of_type(events, "round_end")[0]
    assert (end["reason"], end["seat"]) == ("domino", 0)
    assert m.is_over and m.winners == (0,) and m.returns() == (1.0,)


def test_stuck_with_the_stock_used_up_the_game_is_lost() -> None:
    m = solo("1-2", "2-3 5-5")
    play(m, "lead 1-2", "2-3 on arm 1")
    assert legal(m) == ["pass"]  # ends 1 and 3, the stock empty: 5-5 cannot go
    events = play(m, "pass")
    assert of_type(events, "round_end")[0]["reason"] == "blocked"
    assert m.is_over and m.winners == () and m.returns() == (0.0,)
    assert of_type(events, "match_end")[0]["winners"] == []


def test_drawing_when_stuck_goes_on_until_the_stock_is_used_up() -> None:
    m = solo("1-2 6-6", "5-5 2-4")
    play(m, "lead 1-2")
    assert legal(m) == ["draw"]
    play(m, "draw")  # 5-5; the turn passes to the same player
    assert legal(m) == ["draw"]
    play(m, "draw", "2-4 on arm 1")
    assert m.hand(0) == ((5, 5), (6, 6)) and not m.is_over


def test_with_several_players_only_the_player_whose_hand_empties_refills() -> None:
    text = SOLO.replace("players: {min: 1, max: 1}", "players: {min: 1, max: 2}")
    m = Match(house(text), players=2, deals=[deal("1-2", "0-0 6-6", boneyard="2-3 3-4 4-5 5-6", starter=0)])
    play(m, "lead 1-2")
    assert m.hand(0) == ((2, 3), (3, 4), (4, 5)) and m.hand(1) == ((0, 0), (6, 6))
    assert m.current_player == 1
    public = of_type(m.observation(1).history, "draw")
    assert [e.get("tile") for e in public] == [None, None, None]  # the other player sees three draws


@pytest.mark.parametrize("kind", ["random", "greedy", "heavy", "ismcts"])
def test_every_player_kind_plays_the_patience_to_a_result(kind: str) -> None:
    player = IsmctsPlayer(1, iterations=4, ms=None) if kind == "ismcts" else make_player(kind, 1)
    for seed in range(3):
        m = play_match(house(SOLO), [player], seed)
        assert m.is_over and m.winners in ((), (0,))
        end = of_type(m.events, "round_end")[-1]
        assert (m.winners == (0,)) == (end["reason"] == "domino")


def test_random_playouts_of_the_patience_are_won_and_lost() -> None:
    results = set()
    for seed in range(40):
        m = Match(house(SOLO), players=1, seed=seed)
        m.playout(random.Random(seed), until="match")
        results.add(m.winners)
    assert results == {(), (0,)}


def test_refill_needs_a_boneyard() -> None:
    text = SOLO.replace("draw: {policy: one_then_pass}", "draw: {policy: none}")
    text = text.replace("refill: true}", "refill: true, undealt: dead}")
    assert problems(text) == ["4:30: deal.refill: a hand refilled from the stock needs deal.undealt: boneyard"]


def test_a_misspelt_name_in_win_requires_is_pointed_at() -> None:
    text = SOLO.replace("win_requires: went_out", "win_requires: wentout")
    assert problems(text) == ["8:48: match.win_requires: unknown name 'wentout'; did you mean 'went_out'?"]


def test_win_requires_is_read_at_a_round_end() -> None:
    text = SOLO.replace("rounds: 1,", "rounds: 1, check: immediate,")
    assert problems(text) == [
        "8:66: match.win_requires: is read at a round's end; a match that may end mid-round "
        "(match.check: immediate) cannot read it"
    ]


def test_explain_tells_the_refill_and_the_result() -> None:
    said = " ".join(explain(house(SOLO)).split())
    assert (
        "A player whose hand empties draws a new hand of 3 tiles from the boneyard (or what is left of it), and "
        "the turn passes; only a player who empties their hand with the boneyard used up goes out."
    ) in said
    assert (
        "A player wins only if, at the end of the last round, the player went out; when no player does, the "
        "match is lost."
    ) in said


def test_the_playout_plays_it_as_the_legal_action_loop_does() -> None:
    """tests/engine/test_playout.py's contract: the same actions, state and log as applying random
    legal actions one by one."""
    plays_as_the_legal_loop(house(SOLO), 1)
