"""`ismcts`: single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse, 2012).

Each iteration deals the tiles this seat cannot see at random, consistently with the public log
(`interpreter.engine.determinize`), walks one tree shared by all those deals — keyed by actions,
choosing with UCB1 over *availability* counts, since an action exists only in the deals where
its tile is held — adds one node, plays the round out with a cheap default policy and credits
every node with the result for the seat that chose it.

Playouts stop at the end of the current round: a 13-round match would otherwise make each one
enormous, and the round is where a decision's effect lies. The value of a playout for a side is
1 or 0 (or its share) if the match ended in it, else 0.5 ± how far the side's score moved ahead
of the others' mean this round, squashed into (0, 1) against a scale of about one hand's worth
of points (`_Valuer`). The rules' `winner` turns that around when the lowest total wins.

Budget: `iterations` per decision and/or `ms` of wall time, whichever ends first. A given seed
and iteration budget (with `ms=None`) gives the same choices on every machine; a time budget
depends on the machine's speed. The default is `DEFAULT_ITERATIONS` with a `DEFAULT_MS` cap: on
a double-6 set with two players the iteration count binds (40–75 ms a decision on the 2-core
machine of docs/ladder.md), while long rounds (big sets, many seats, many draws) hit the cap
first, since one playout there costs many times more.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from interpreter.engine import Action, Match, Observation, Tile
from interpreter.engine.determinize import Determinizer
from interpreter.players.heavy import tile_value
from interpreter.ruleset import Ruleset, Winner

DEFAULT_ITERATIONS = 600
DEFAULT_MS = 200.0
EXPLORATION = 0.7  # UCB1's constant for values in [0, 1]
HEAVY_SHARE = 0.5  # in playouts, how often a player lays its heaviest playable tile instead of a random action


class _Node:
    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action leading here: the node's values are theirs
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


class _Valuer:
    """A finished playout's value per seat, from the match's end or the round's score change."""

    def __init__(self, rules: Ruleset, observation: Observation, values: dict[Tile, int]) -> None:
        self.start = observation.scores
        self.lowest = rules.match.winner is Winner.LOWEST
        players = len(observation.hand_counts)
        mean = sum(values.values()) / len(values)
        # About what one hand left standing is worth: the size of a typical round's swing.
        self.scale = max(1.0, mean * sum(observation.hand_counts) / players)

    def __call__(self, match: Match) -> list[float]:
        if match.is_over:
            return list(match.returns())
        moved = [a - b for a, b in zip(match.scores, self.start, strict=True)]
        sides = len(moved)
        total = sum(moved)
        per_side = []
        for side in range(sides):
            ahead = moved[side] - (total - moved[side]) / (sides - 1) if sides > 1 else moved[side]
            if self.lowest:
                ahead = -ahead
            per_side.append(0.5 + 0.5 * ahead / (abs(ahead) + self.scale))
        return [per_side[match.side_of(seat)] for seat in range(match.players)]


class IsmctsPlayer:
    name = "ismcts"
    observes = True

    def __init__(
        self,
        seed: int,
        iterations: int | None = DEFAULT_ITERATIONS,
        ms: float | None = DEFAULT_MS,
        exploration: float = EXPLORATION,
    ) -> None:
        if iterations is None and ms is None:
            raise ValueError("give ismcts a budget: iterations, ms or both")
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.ms = ms
        self.exploration = exploration
        self._values: dict[tuple[str, str, int], dict[Tile, int]] = {}

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        rules = observation.rules
        values = self._tile_values(rules, len(observation.hand_counts))
        root = self._search(Determinizer(rules, observation), _Valuer(rules, observation, values))
        # The most visited action; the engine's legal order settles ties.
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _tile_values(self, rules: Ruleset, players: int) -> dict[Tile, int]:
        key = (rules.name, rules.digest, players)
        found = self._values.get(key)
        if found is None:
            n = rules.max_pip
            tiles = [(low, high) for low in range(n + 1) for high in range(low, n + 1)]
            found = self._values[key] = {t: tile_value(rules, players, t) for t in tiles}
        return found

    def _search(self, deals: Determinizer, value: _Valuer) -> _Node:
        rng = self._rng
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        root = _Node(-1)
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000
        done = 0
        while self.iterations is None or done < self.iterations:
            match = deals.sample(rng)
            round_no = match.round
            node = root
            path = []
            # Selection and expansion: down the tree while every legal action has a node.
            while not match.is_over and match.round == round_no:
                legal = match.legal_actions()
                children = node.children
                untried = [a for a in legal if a not in children]
                if untried:
                    action = untried[rng.randrange(len(untried))]
                    children[action] = _Node(match.current_player)  # type: ignore[arg-type]
                    for a in legal:
                        if a in children:
                            children[a].avail += 1
                    match.apply(action)
                    path.append(children[action])
                    break
                best, best_ucb = None, -1.0
                for a in legal:
                    child = children[a]
                    child.avail += 1
                    ucb = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if ucb > best_ucb:
                        best, best_ucb = a, ucb
                assert best is not None
                match.apply(best)
                node = children[best]
                path.append(node)
            # The default policy, inside the engine: half the time the heaviest playable tile.
            match.playout(rng, heavy=HEAVY_SHARE)
            result = value(match)
            for node in path:
                node.visits += 1
                node.reward += result[node.seat]
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return root
