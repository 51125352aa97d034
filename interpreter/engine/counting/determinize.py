"""Determinizing a counting hand for one seat: a full match in which every tile hidden from the
seat (the other hands, the other seats' crib tiles, the crib's and the turn-up's stock, the dead
tiles) is dealt again at random, consistent with what the seat has seen. Built from the seat's
observation only.

What it keeps: its own hand and crib tiles, the turned-up tile, every tile laid to the count, each
hand's and crib's size, and every go: a seat that said go at total T held no tile counting
`limit − T` or less then, so none of the tiles it holds now may (the part a shown void plays in
the trick family's sampler). The seats with such a floor are dealt first, the highest floor
first, from the unseen tiles above it: the floors are nested, so the true deal's existence means
this always succeeds."""

from __future__ import annotations

import random
from typing import Any

from interpreter.engine.counting.match import CountingMatch
from interpreter.engine.counting.phases import Counting, CountingPhase, Crib
from interpreter.engine.counting.table import CountingTable
from interpreter.engine.match import Match, register_resampler
from interpreter.engine.observation import Observation
from interpreter.engine.tiles import Tile
from interpreter.rulefile.ruleset import Family, Ruleset


class CountingDeterminizer:
    """Samples full matches consistent with `observation`; built once per decision."""

    def __init__(self, rules: Ruleset, observation: Observation, misfit: Any = None) -> None:
        view = observation.counting
        assert view is not None, "a counting determinizer needs a counting game's observation"
        self.rules = rules
        self.observation = observation
        self.view = view
        n = len(observation.hand_counts)
        seen: list[Tile] = [*observation.hand, *view.crib, *(t for tiles in view.laid for t in tiles)]
        if view.turn_up is not None:
            seen.append(view.turn_up)
        unseen = list(rules.for_players(n).set_tiles())
        for tile in seen:
            unseen.remove(tile)
        self.unseen = unseen
        counting = rules.counting
        assert counting is not None
        floors: dict[int, int] = {}
        for seat, total in view.goes:
            floors[seat] = max(floors.get(seat, -1), counting.limit - total)
        self.floors = floors

    def sample(self, rng: random.Random) -> CountingMatch:
        obs, view = self.observation, self.view
        me = obs.seat
        n = len(obs.hand_counts)
        left = self.unseen.copy()
        rng.shuffle(left)
        table = _blank_table(self.rules, obs, rng)
        value = table.value
        hands: list[tuple[Tile, ...]] = [()] * n
        hands[me] = obs.hand
        others = sorted((s for s in range(n) if s != me), key=lambda s: -self.floors.get(s, -1))
        for seat in others:
            floor = self.floors.get(seat, -1)
            need = obs.hand_counts[seat]
            chosen = [t for t in left if value[t] > floor][:need]
            for tile in chosen:
                left.remove(tile)
            hands[seat] = tuple(sorted(chosen))
        crib: list[tuple[Tile, ...]] = [()] * n
        for seat in range(n):
            if seat == me:
                crib[seat] = view.crib
            else:
                crib[seat], left = tuple(left[: view.crib_counts[seat]]), left[view.crib_counts[seat] :]
        from_stock = view.crib_size - sum(view.crib_counts)
        table.crib_stock, left = tuple(left[:from_stock]), left[from_stock:]
        table.stock, left = left[: obs.boneyard_count], left[obs.boneyard_count :]
        table.dead = tuple(sorted(left))
        table.hands, table.crib = hands, crib
        phase: CountingPhase = object.__new__(Crib if view.phase == "crib" else Counting)
        phase._done, phase._next = False, None
        return CountingMatch.resumed(self.rules.for_players(n), table, phase)


def _blank_table(rules: Ruleset, obs: Observation, rng: random.Random) -> CountingTable:
    """A table holding everything public of the observed hand (the hidden tiles come after)."""
    view = obs.counting
    assert view is not None
    n = len(obs.hand_counts)
    rules = rules.for_players(n)
    sides = len(obs.scores)
    table = CountingTable(rules, [s % sides for s in range(n)], sides, list(obs.scores), [],
                          random.Random(rng.getrandbits(64)), ())  # fmt: skip
    table.round = obs.round
    table.starter, table.dealer = view.starter, view.dealer
    table.current = obs.current_player if obs.current_player is not None else view.starter
    table.laid = list(view.laid)
    table.turn_up = view.turn_up
    table.count = list(view.count)
    table.total = view.total
    table.gone = list(view.gone)
    table.goes = list(view.goes)
    table.last = view.count[-1][0] if view.count else None
    return table


def resample(match: Match, seat: int, rng: random.Random) -> Match:
    return CountingDeterminizer(match.ruleset, match.observation(seat)).sample(rng)


def round_key(match: CountingMatch) -> int:
    return match.round


def round_over(match: CountingMatch, key: int) -> bool:
    """Whether the hand a determinization started in is over, or the match."""
    return match.is_over or match.round != key


# The tree path's steps (engine/search.py): the match's own, called as functions of the match.
legal_now = CountingMatch.legal_now
advance = CountingMatch.advance

register_resampler(Family.COUNTING, resample)
