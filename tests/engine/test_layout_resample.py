"""`Match.resample` for the layout family, field by field against the match dealt normally at the
same point: what the seat sees is the same, what it cannot see is dealt again with every size kept
and every tile of the set in exactly one place."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from interpreter.engine import Match
from interpreter.loader import load_ruleset
from interpreter.resources import bundled_variants

# Drawing (one tile, until playable), markers and trains, a hub engine dealt like any tile, a
# lead turned up from the stock, spinners, partnerships, several tiles a turn, in-play scoring, the
# undealt tiles taken by the leader, blind rows.
GAMES = ("draw", "mexican-train", "chicken-foot", "fives-and-threes", "partnership-block", "basic-trains",
         "double-draw", "cuban", "sebastopol", "bergen", "train-dominoes", "fortress", "blind-hughie")  # fmt: skip


def _public(m: Match, seat: int) -> tuple[object, ...]:
    o = m.observation(seat)
    return (o.round, o.current_player, o.hand, o.hand_counts, o.boneyard_count, o.layout, o.scores,
            o.legal_actions, m.phase_kind, m.finished_layout, len(m.dead))  # fmt: skip


@pytest.mark.parametrize("name", GAMES)
def test_a_resampled_match_equals_the_dealt_one_in_all_its_seat_sees(name: str) -> None:
    rules = load_ruleset(bundled_variants()[name])
    rng = random.Random(name)
    m = Match(rules, rules.players.min, seed=len(name))
    checked = 0
    while not m.is_over and checked < 12:
        for _ in range(rng.randrange(1, 6)):  # on to a random point of the match, rounds after the first too
            if m.is_over:
                break
            legal = m.legal_actions()
            m.apply(legal[int(rng.random() * len(legal))])
        if m.is_over:
            break
        seat = m.current_player
        assert seat is not None
        sample = m.resample(seat, rng)
        checked += 1
        assert _public(sample, seat) == _public(m, seat), name
        assert sample.scores == m.scores and sample.sides == m.sides and sample.players == m.players
        for other in range(m.players):
            assert len(sample.hand(other)) == len(m.hand(other)), (name, other)
        assert len(sample.boneyard) == len(m.boneyard), name

        # Every tile of the set is in exactly one place: a hand, the boneyard, the dead, the layout.
        def places(x: Match) -> Counter[tuple[int, int]]:
            tiles = [t for s in range(x.players) for t in x.hand(s)]
            return Counter(tiles + list(x.boneyard) + list(x.dead) + list(x.layout.tiles))

        assert places(sample) == places(m), name
        assert max(places(sample).values()) == 1, name
        # The sample plays on like a match: the seat's choice is legal in both and both take it.
        action = m.legal_actions()[0]
        sample.apply(action)
        assert sample.round >= m.round and sample.scores is not None
    assert checked, name
