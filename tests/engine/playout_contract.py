"""The playout's contract, shared by the engine tests: `Match.playout` plays exactly as random
legal actions applied one by one through the public API (tests/engine/test_playout.py)."""

from __future__ import annotations

import random

from interpreter.engine import CountingMatch, Match, PartitionMatch, TrickMatch
from interpreter.engine.actions import PICK, PLAY, SPLIT
from interpreter.engine.tableau.policy import by_totals
from interpreter.players.heavy import tile_value
from interpreter.rulefile.ruleset import Ruleset

MAX_ROUNDS = 3  # rounds compared per example (the whole match for until="match", if it is short)


def outside(match: Match, rng: random.Random, until: str, heavy: float = 0.0) -> None:
    """The reference: random play driven through the public API, one decision at a time."""
    rules = match.ruleset
    round_no = match.round
    while not match.is_over and (until == "match" or match.round == round_no):
        legal = match.legal_actions()
        k = len(legal)
        tableau = match.observation(0).tableau
        if k == 1:
            action = legal[0]
        elif heavy and tableau is not None and rng.random() < heavy:  # a patience's cheap policy
            action = by_totals(tableau, legal)
        elif heavy and isinstance(match, CountingMatch):  # a counting game's cheap policy, at every decision
            action = match.rule_of_thumb() if rng.random() < heavy else legal[int(rng.random() * k)]
        elif heavy and any(a.kind in (PLAY, PICK, SPLIT) for a in legal) and rng.random() < heavy:
            # (a decision with choices always offers plays in a layout game; a trick game's
            # auction offers none, and its choices stay random; a pick towards a play of several
            # tiles is playing too)
            if isinstance(match, TrickMatch):  # a trick game's cheap policy is its rule of thumb
                action = match.rule_of_thumb()
            elif isinstance(match, PartitionMatch):  # a partition game's is the file's house way
                action = match.house_split()
            else:
                plays = [a for a in legal if a.kind == PLAY]
                action = max(plays, key=lambda a: tile_value(rules, match.players, a.tile))  # the first of equals
        else:
            action = legal[int(rng.random() * k)]
        match.apply(action)


def state_of(match: Match) -> tuple:
    return (
        match.round,
        match.current_player,
        match.is_over,
        match.winners,
        match.scores,
        tuple(match.hand(seat) for seat in range(match.players)),
        match.boneyard,
        match.dead,
        match.layout,
        tuple(match.legal_actions()),
    )


def assert_same(a: Match, b: Match, rng_a: random.Random, rng_b: random.Random) -> None:
    assert a.events == b.events
    assert state_of(a) == state_of(b)
    assert rng_a.getstate() == rng_b.getstate()


def rounds_side_by_side(
    ruleset: Ruleset, players: int, seed: int, choices: int, heavy: float = 0.0
) -> tuple[Match, Match, random.Random, random.Random]:
    """Up to MAX_ROUNDS rounds played by `outside` and by `playout` on the same seeds, checked
    equal after each; both matches and generators, for more checks."""
    a = Match(ruleset, players=players, seed=seed)
    b = Match(ruleset, players=players, seed=seed)
    rng_a, rng_b = random.Random(choices), random.Random(choices)
    for _ in range(MAX_ROUNDS):
        if a.is_over:
            break
        outside(a, rng_a, "round", heavy)
        b.playout(rng_b, heavy=heavy)
        assert_same(a, b, rng_a, rng_b)
    return a, b, rng_a, rng_b


def plays_as_the_legal_loop(ruleset: Ruleset, players: int, seeds: int = 4) -> None:
    """The contract on `seeds` seeds, every other one with the heavy policy mixed in."""
    for seed in range(seeds):
        rounds_side_by_side(ruleset, players, seed, seed, 0.5 * (seed % 2))
