"""`Match.playout` is exactly the outside random loop, run inside the engine.

`m.playout(rng)` must take the same actions as
`while <round not over>: legal = m.legal_actions(); k = len(legal);
m.apply(legal[int(rng.random() * k)] if k > 1 else legal[0])`, draw the same numbers from `rng`
(none for a forced decision) and leave the same state and log, on every bundled variant and
player count.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playout_contract import assert_same, outside, rounds_side_by_side

from interpreter.engine import Match
from interpreter.rulefile.loader import load_ruleset, load_ruleset_text
from tests.variant_cases import bundled_cases

RULES = Path(__file__).resolve().parents[2] / "rules"
@pytest.mark.parametrize(("variant", "players"), bundled_cases())
def test_playout_is_the_outside_random_loop(variant, players):
    ruleset = load_ruleset(variant)

    @settings(max_examples=4, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
    def check(seed, choices):
        a, b, rng_a, rng_b = rounds_side_by_side(ruleset, players, seed, choices)
        assert b.playout(rng_b) is None  # and a finished match stays as it is
        if not a.is_over and ruleset.set_size <= 55:
            outside(a, rng_a, "match")
            b.playout(rng_b, until="match")
            assert_same(a, b, rng_a, rng_b)
            assert b.is_over

    check()


@pytest.mark.parametrize(("variant", "players"), bundled_cases())
def test_playout_with_the_heavy_policy_is_its_outside_loop(variant, players):
    """`heavy=0.6`: six decisions in ten lay the heaviest playable tile (the first such play)."""
    ruleset = load_ruleset(variant)
    for seed in range(2):
        a = Match(ruleset, players=players, seed=seed)
        b = Match(ruleset, players=players, seed=seed)
        rng_a, rng_b = random.Random(seed + 50), random.Random(seed + 50)
        for _ in range(2):
            if a.is_over:
                break
            outside(a, rng_a, "round", heavy=0.6)
            b.playout(rng_b, heavy=0.6)
            assert_same(a, b, rng_a, rng_b)


def test_playout_heavy_only_is_deterministic_and_lays_the_heaviest():
    """`heavy=1.0` never plays at random: the lead and every play are the heaviest playable tile."""
    ruleset = load_ruleset("straight")
    a = Match(ruleset, players=2, seed=5)
    b = Match(ruleset, players=2, seed=5)
    a.playout(random.Random(1), heavy=1.0)
    b.playout(random.Random(2), heavy=1.0)
    assert a.events == b.events


@pytest.mark.parametrize("variant", ["block", "draw", "double-six", "mexican-train"])
def test_playout_after_listing_and_partway_through_a_round(variant):
    """A playout may start anywhere: after some moves, with the legal actions already listed (the
    engine's cached list is used as it is), from a clone, or with the events list being watched."""
    ruleset = load_ruleset(variant)
    for seed in range(3):
        a = Match(ruleset, players=4 if variant != "draw" else 3, seed=seed)
        rng_a = random.Random(seed)
        for _ in range(5):
            legal = a.legal_actions()
            a.apply(legal[rng_a.randrange(len(legal))])
        b = a.clone()
        rng_b = random.Random()
        rng_b.setstate(rng_a.getstate())
        watched = b.events  # the live list: playout must keep it up to date too
        b.legal_actions()
        outside(a, rng_a, "round")
        b.playout(rng_b)
        assert watched == a.events
        assert_same(a, b, rng_a, rng_b)


def test_playout_draws_from_the_given_generator_once_per_choice():
    """Each decision with more than one legal action calls `rng.random()` once (a subclass's own
    `random` included); a forced decision (a lone pass, say) calls nothing."""

    class Counting(random.Random):
        calls = 0

        def random(self) -> float:
            Counting.calls += 1
            return super().random()

    ruleset = load_ruleset("block")
    a, b = Match(ruleset, players=4, seed=3), Match(ruleset, players=4, seed=3)
    rng_a, rng_b = random.Random(9), Counting(9)
    choices = 0
    round_no = a.round
    while a.round == round_no:
        legal = a.legal_actions()
        k = len(legal)
        choices += k > 1
        a.apply(legal[int(rng_a.random() * k)] if k > 1 else legal[0])
    b.playout(rng_b)
    assert a.events == b.events
    assert Counting.calls == choices
    assert 0 < choices < sum(1 for e in b.events if e["type"] == "action")


def test_playout_rejects_an_unknown_until():
    match = Match(load_ruleset("block"), players=4, seed=1)
    with pytest.raises(ValueError, match="until"):
        match.playout(random.Random(1), until="turn")


@pytest.mark.parametrize("heavy", [-0.1, 1.5])
def test_playout_rejects_a_heavy_share_outside_0_to_1(heavy):
    match = Match(load_ruleset("block"), players=4, seed=1)
    with pytest.raises(ValueError, match="heavy"):
        match.playout(random.Random(1), heavy=heavy)


@pytest.mark.parametrize("variant", ["draw", "mexican-train"])
def test_after_a_round_playout_the_next_deal_is_the_one_dealt_at_once(variant):
    """`playout()` leaves the next round undealt until something asks about it: the scores and
    the match's end are final at once, a clone taken meanwhile deals the same, and play goes on."""
    ruleset = load_ruleset(variant)
    a = Match(ruleset, players=3, seed=11)
    b = a.clone()
    rng_a, rng_b = random.Random(2), random.Random(2)
    outside(a, rng_a, "round")  # the outside loop: apply deals the next round at once
    b.playout(rng_b)
    assert (b.scores, b.is_over, b.winners, b.returns()) == (a.scores, a.is_over, a.winners, a.returns())
    c = b.clone()
    assert b.round == a.round == 2
    assert b.hand(0) == a.hand(0)
    assert c.events == b.events == a.events
    legal = c.legal_actions()
    assert legal == a.legal_actions()
    assert c.apply(legal[-1]) == a.apply(legal[-1])


MECHANISM_HOUSES = {
    "allowed": "extends: draw\nlayout: {spinners: lead_double}\n"
    'play: {allowed: "lead_arms_started == lead_arms or arm_tiles == 0"}\n',
    "lead-demand": "extends: straight\nlayout: {spinners: lead_double, lead_demand: 4}\n",
    "voluntary": "extends: draw\ndraw: {voluntary: true, policy: until_playable}\n",
    "may-again": "extends: draw\nplay: {again_after_double: may}\n",
    "engine-dealt": "extends: mexican-train\nlayout: {engine_dealt: true, lead_demand: 2}\nmatch: {rounds: 3}\n",
    "side-choice": "extends: straight-partners\nstart: {later_rounds: [winning_side_choice, next_seat]}\n"
    "match: {target: 50}\n",
}


@pytest.mark.parametrize("house", sorted(MECHANISM_HOUSES))
def test_general_playout_is_the_outside_random_loop(house: str) -> None:
    """Rules the inlined round does not know go through `playout.general_round`: the same contract."""
    ruleset = load_ruleset_text(f"name: {house}\n" + MECHANISM_HOUSES[house], f"{house}.yaml", RULES)
    for seed in range(6):
        for heavy in (0.0, 0.5):
            players = min(ruleset.players.max, ruleset.players.min + seed % 2)
            rounds_side_by_side(ruleset, players, seed, seed, heavy)
