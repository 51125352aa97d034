"""The counting family's named computer policy, which the players call (players/counter.py): keep
the hand worth most at the show, and peg greedily in the play. It reads one seat's observation
only, so it plays fair.

Crib: of every way to lay the tiles still owed to the crib (at most C(12, 11) = 12 … C(6, 2) = 15
ways), the one whose kept hand shows most on average over every tile it cannot see turned up (at
most 28), with the laid tiles' own show added when the crib is its own and taken off when not.
Play: the tile that pegs most now; among equals, the one after which the fewest unseen tiles
would peg at once for the next player, then the heaviest."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from interpreter.engine.actions import DISCARD, PLAY, Action
from interpreter.engine.counting import tally
from interpreter.engine.observation import Observation
from interpreter.engine.tiles import Tile
from interpreter.rulefile.counting_rules import CountingRules
from interpreter.rulefile.ruleset import Ruleset


def choose(observation: Observation, legal: Sequence[Action]) -> Action:
    """The policy's action among `legal` (the seat's legal actions in `observation`)."""
    if len(legal) == 1:
        return legal[0]
    view = observation.counting
    rules = observation.rules
    c = rules.counting
    assert view is not None and c is not None
    n = len(observation.hand_counts)
    worth = _Worth(rules, n)
    unseen = _unseen(rules, observation)
    if legal[0].kind == DISCARD:
        return _lay_away(worth, c, observation, legal, unseen)
    plays = [a for a in legal if a.kind == PLAY and a.tile is not None]
    ranks = [worth.rank[t] for _, t in view.count]

    def key(action: Action) -> tuple[int, int, int]:
        tile = action.tile
        assert tile is not None
        total = view.total + worth.value[tile]
        now = sum(p for _, p in tally.peg(c, [*ranks, worth.rank[tile]], total))
        after = [*ranks, worth.rank[tile]]
        threats = sum(1 for t in unseen if _pegs(c, after, total, worth.value[t], worth.rank[t]))
        return (now, -threats, worth.value[tile])

    return max(plays, key=key) if plays else legal[0]


def _pegs(c: CountingRules, ranks: list[int], total: int, value: int, rank: int) -> bool:
    """Whether a tile of `value` and `rank` laid next would fit and peg."""
    return total + value <= c.limit and bool(tally.peg(c, [*ranks, rank], total + value))


class _Worth:
    """Each tile's value and rank under the rules."""

    def __init__(self, rules: Ruleset, n: int) -> None:
        c = rules.counting
        assert c is not None
        env = {"players": n, "max_pip": rules.max_pip, "set_size": rules.set_size}
        self.value: dict[Tile, int] = {}
        self.rank: dict[Tile, int] = {}
        for low, high in set(rules.set_tiles()):
            tile_env = {**env, "high": high, "low": low, "pips": low + high, "is_double": low == high}
            self.value[(low, high)] = c.value(tile_env)
            self.rank[(low, high)] = c.rank(tile_env)
        self.c = c
        self._shown: dict[tuple[tuple[int, int], ...], int] = {}

    def show(self, tiles: Sequence[Tile]) -> int:
        """What `tiles` show; remembered by their sorted (value, rank) pairs, which alone decide
        it: the same few hands recur over the turn-ups (at most 15 × 28 asked per crib tile)."""
        key = tuple(sorted((self.value[t], self.rank[t]) for t in tiles))
        found = self._shown.get(key)
        if found is None:
            items = tally.show_items(self.c, [v for v, _ in key], [r for _, r in key])
            found = self._shown[key] = sum(item[2] for item in items)
        return found


def _unseen(rules: Ruleset, observation: Observation) -> list[Tile]:
    view = observation.counting
    assert view is not None
    left = list(rules.for_players(len(observation.hand_counts)).set_tiles())
    seen = [*observation.hand, *view.crib, *(t for tiles in view.laid for t in tiles)]
    if view.turn_up is not None:
        seen.append(view.turn_up)
    for tile in seen:
        left.remove(tile)
    return left


def _lay_away(
    worth: _Worth, c: CountingRules, observation: Observation, legal: Sequence[Action], unseen: list[Tile]
) -> Action:
    view = observation.counting
    assert view is not None
    hand = observation.hand
    owed = c.crib_from_each - len(view.crib)
    own = view.dealer == observation.seat
    best: tuple[float, tuple[Tile, ...]] | None = None
    for laid in combinations(hand, max(owed, 1)):
        kept = [t for t in hand if t not in laid]
        mean = sum(worth.show([*kept, up]) for up in unseen) / len(unseen) if unseen else worth.show(kept)
        crib = worth.show([*view.crib, *laid])
        score = mean + (crib if own else -crib)
        if best is None or score > best[0]:
            best = (score, laid)
    assert best is not None
    return next(a for a in legal if a.tile == best[1][0])
