"""Properties of random legal play over every bundled variant and every allowed player count.

Each example plays a whole match with seeded random choices and checks, after every action:
the action was legal, every tile is in exactly one place, and the match ends; then that the
same seed and choices give the same event log, and that a clone made midway continues alike.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.engine import Action, CountingMatch, DrawDiscardMatch, IllegalAction, Match, TrickMatch
from interpreter.rulefile.loader import load_ruleset
from tests.engine.engine_helpers import face_down_on_table
from tests.variant_cases import bundled_cases

MAX_STEPS = 200_000


def _examples(name: str, players: int) -> int:
    """Fewer examples where one match is long (big sets, many rounds), so the suite stays quick:
    one whole match (played twice, and from a clone made midway) where a match is longest."""
    ruleset = load_ruleset(name)
    rounds = max(ruleset.match.rounds.values()) if ruleset.match.rounds else 4
    return max(1, min(12, 600 // (rounds * ruleset.set_size // 10 + players)))


def _where_is_everything(match: Match) -> Counter:
    places: Counter = Counter()
    for seat in range(match.players):
        places.update(match.hand(seat))
    places.update(match.boneyard)
    places.update(match.dead)
    places.update(match.layout.tiles)
    if isinstance(match, TrickMatch):  # a trick game's tiles played this hand lie in its tricks
        for tiles in match.trick_view.played:
            places.update(tiles)
    if isinstance(match, CountingMatch):  # a counting game's tiles laid to the count, and its starter
        view = match.counting_view
        for tiles in view.laid:
            places.update(tiles)
        places.update([view.turn_up] if view.turn_up is not None else [])
    if isinstance(match, DrawDiscardMatch):  # a draw and discard game's face-up discards and groups shown
        view = match.draw_discard_view
        places.update(tile for _, tile in view.discards)
        places.update(tile for groups in view.shown for _, tiles in groups for tile in tiles)
    places.update(face_down_on_table(match))
    return places


def _full_set(ruleset) -> Counter:
    """The set as the match plays it (a trick game may leave tiles out: set.without)."""
    return Counter(ruleset.set_tiles())


def _play(match: Match, choices: random.Random, full: Counter | None = None, clone_at: int | None = None):
    steps = 0
    clone = None
    while True:
        if steps == clone_at:  # before the end is checked: a patience may be lost before any move
            clone = (match.clone(), choices.getstate())
        if match.is_over:
            break
        legal = match.legal_actions()
        assert legal, "a match that is not over must offer an action"
        action = legal[choices.randrange(len(legal))]
        match.apply(action)
        steps += 1
        assert steps < MAX_STEPS, "the match does not end"
        if full is not None:
            places = _where_is_everything(match)
            # dict's own equality (in C; neither Counter holds a zero count): Counter's, item by item
            # in Python, was nine tenths of this test's time.
            assert dict.__eq__(places, full), (
                f"tiles not conserved after {action}: {places - full} extra, {full - places} lost"
            )
    return steps, clone


@pytest.mark.parametrize(("variant", "players"), bundled_cases())
def test_random_play_is_legal_conserves_tiles_ends_and_replays(variant, players):
    ruleset = load_ruleset(variant)

    @settings(max_examples=_examples(variant, players), deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32 - 1))
    def check(seed):
        match = Match(ruleset, players=players, seed=seed)
        steps, _ = _play(match, random.Random(seed), full=_full_set(match.ruleset))
        assert len(match.returns()) == players
        if not match.winners and match.ruleset.match.win_requires is not None:  # a game that can be lost
            assert set(match.returns()) == {0.0}
        else:
            assert match.winners, "a finished match names its winners"
            first_seat_of_side = {match.side_of(seat): seat for seat in reversed(range(players))}
            assert sum(match.returns()[seat] for seat in first_seat_of_side.values()) == pytest.approx(1.0)

        again = Match(ruleset, players=players, seed=seed)
        _, clone = _play(again, random.Random(seed), clone_at=steps // 2)
        assert again.events == match.events, "the same seed and choices must give the same game"

        copy, rng_state = clone
        choices = random.Random()
        choices.setstate(rng_state)
        _play(copy, choices)
        assert copy.events == match.events, "a clone must continue exactly as the original"

    check()


def test_an_illegal_action_leaves_the_state_unchanged():
    match = Match(load_ruleset("draw"), players=2, seed=1)
    before = (match.events.copy(), [match.hand(s) for s in range(2)], match.boneyard, match.current_player)
    legal = set(match.legal_actions())
    hand = match.hand(match.current_player)
    other = match.hand(1 - match.current_player)[0]
    bad = Action.from_json({"kind": "play", "tile": list(other), "arm": 0, "half": other[0]})
    assert bad not in legal
    with pytest.raises(IllegalAction) as refused:
        match.apply(bad)
    assert refused.value.reason
    assert (match.events, [match.hand(s) for s in range(2)], match.boneyard, match.current_player) == before
    assert hand == match.hand(match.current_player)
