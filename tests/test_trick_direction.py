"""`counter` reads from the rules whether taking tricks pays (`interpreter.players.direction`): in
a trick game whose lowest total wins, or whose hand score falls as a side takes more, it leaves the
tricks and the count to the others. Checked on scripted deals; its strength against `random` in
such a game is measured in bench/ai_42.py, never here."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.engine import Action, Match, deal
from interpreter.engine.actions import PASS_ACTION
from interpreter.engine.tricks.tables import trick_tables_for
from interpreter.loader import load_ruleset
from interpreter.players.counter import CounterPlayer
from interpreter.players.direction import _took, taking_pays
from interpreter.rulefile.loader import load_ruleset_text
from interpreter.rulefile.ruleset import Ruleset
from interpreter.rulefile.trick_rules import HAND_NAMES

RULES = Path(__file__).resolve().parents[1] / "rules"

# Four players alone, no trumps, every trick a point and every tile of 5 or 10 pips its pips:
# points taken count against, and the lowest total wins.
LOW = """
name: low-tricks
title: Low tricks
description: Every trick and count tile taken is a point against; the lowest total at 100 wins.
family: tricks
set: {max_pip: 6}
players: {min: 4, max: 4}
deal: {hand_size: 7}
start: {first_round: [random], later_rounds: [next_seat]}
tricks: {must_follow: true, points: 1, count: "if pips % 5 == 0 then pips else 0"}
scoring: {hand: points}
match: {target: 100, winner: WINNER}
"""

# Seat 1 leads; counter at seat 0 plays last to each trick.
HANDS = deal(
    "6-6 6-4 6-3 1-1 2-1 3-2 4-1",
    "6-5 5-5 5-4 5-3 5-2 5-1 5-0",
    "6-1 4-4 4-3 4-2 4-0 3-3 3-1",
    "6-0 6-2 3-0 2-2 2-0 1-0 0-0",
    starter=1,
)


def rules(winner: str = "lowest", hand: str = "points") -> Ruleset:
    text = LOW.replace("WINNER", winner).replace("hand: points", f"hand: {hand!r}")
    return load_ruleset_text(text, "low-tricks.yaml", RULES)


def test_the_rules_say_whether_taking_pays() -> None:
    assert not taking_pays(rules(), 4)  # the lowest total wins
    assert not taking_pays(rules("highest", "0 - points"), 4)  # a point taken is a point lost
    assert taking_pays(rules("highest"), 4)
    assert taking_pays(rules("lowest", "0 - points"), 4)  # both turned round
    for name in ("texas-42", "texas-42-house", "moon", "domino-loo", "bingo", "tien-gow"):
        ruleset = load_ruleset(name)
        players = 4 if ruleset.players.min <= 4 <= ruleset.players.max else ruleset.players.min
        assert taking_pays(ruleset.for_players(players), players), name


def _after(ruleset: Ruleset, *tiles: str) -> Match:
    match = Match(ruleset, 4, deals=[HANDS])
    for tile in tiles:
        match.apply(Action.parse(f"play {tile}"))
    return match


def _counter(match: Match) -> str:
    """The tile counter plays, as "6-4"."""
    seat = match.current_player
    assert seat is not None
    tile = CounterPlayer(0).choose(match.observation(seat), match.legal_actions()).tile
    assert tile is not None
    return f"{tile[1]}-{tile[0]}"


@pytest.mark.parametrize(("winner", "expected"), [("lowest", "6-4"), ("highest", "6-6")])
def test_counter_loads_the_others_trick_with_count_where_count_is_bad(winner: str, expected: str) -> None:
    """6-5 led, 6-1 and 6-0 followed: seat 0 may take the trick with its 6-6 or lose it with 6-4
    (10 points of count) or 6-3. Where the lowest total wins it throws the 6-4 onto the others'
    trick; where the highest wins it takes the trick with the 6-6."""
    match = _after(rules(winner), "6-5", "6-1", "6-0")
    assert match.current_player == 0
    assert _counter(match) == expected


def test_counter_leads_low_and_passes_where_taking_hurts() -> None:
    """Seat 0 took the first trick with the 6-6 and leads from 6-4 6-3 1-1 2-1 3-2 4-1: a tile the
    others can still beat, of the lowest rank in its suit (2-1 and 4-1), the one that carries count
    away (4-1: 5 points). In a 42 whose lowest total wins it never bids."""
    match = _after(rules(), "6-5", "6-1", "6-0", "6-6")
    assert match.current_player == 0
    assert _counter(match) == "4-1"
    house = load_ruleset_text(
        "name: low-42\nextends: texas-42\nmatch: {winner: lowest, target: 7}\n", "low-42.yaml", RULES
    )
    auction = Match(house, 4, seed=1)
    seat = auction.current_player
    assert CounterPlayer(0).choose(auction.observation(seat), auction.legal_actions()) == PASS_ACTION


def test_the_hypothetical_hand_gives_every_name_scoring_hand_reads() -> None:
    """direction.py writes the names of `scoring.hand` a second time (of a hand taken whole or not
    at all): it must give exactly the names the engine's own hand gives, or a new name would
    break every trick game's computer player."""
    t = trick_tables_for(load_ruleset("texas-42"), 4)
    assert set(_took(t, True, True)) == set(HAND_NAMES) | set(t.count_env)
