"""Who starts after a blocked hand under penalty scoring (docs/format.md, `start`): with
`scorer: each` and `match.winner: lowest`, the side that won a blocked round is the one side
that scored least, and `previous_winner` picks its lightest hand."""

from __future__ import annotations

from engine_helpers import RULES, of_type, play

from interpreter.engine import Match, deal
from interpreter.rulefile.loader import load_ruleset_text

HOUSE = """\
extends: draw
name: penalty
deal: {undealt: dead}
draw: {policy: none, when_unable: pass}
start: {first_round: [lots], later_rounds: [previous_winner, {holder: [6, 6]}]}
scoring:
  blocked: {scorer: each, points: pips}
  domino: {scorer: each, points: pips}
match: {target: 100, winner: lowest}
"""


def _blocked(seat1: str) -> Match:
    rules = load_ruleset_text(HOUSE, "house.yaml", RULES)
    later = deal("6-6 1-2", "3-3 1-3", starter=None)
    m = Match(rules, players=2, seed=1, deals=[deal("0-0 5-6", seat1, starter=0), later])
    play(m, "lead 0-0", "pass", "pass")  # nobody can lay on 0: the round is blocked
    return m


def test_the_one_side_that_scored_least_in_a_blocked_round_starts_the_next() -> None:
    m = _blocked("1-1 2-2")  # 6 pips left against seat 0's 11
    assert [(e["side"], e["points"]) for e in of_type(m.events, "score")] == [(0, 11), (1, 6)]
    record = of_type(m.events, "deal")[-1]
    assert (record["round"], record["starter"], record["how"]) == (2, 1, "previous_winner")


def test_a_tie_for_least_won_nothing_and_the_list_goes_on() -> None:
    m = _blocked("1-1 4-5")  # 11 pips each: nobody won the round
    record = of_type(m.events, "deal")[-1]
    assert (record["round"], record["starter"], record["how"]) == (2, 0, "holder")
