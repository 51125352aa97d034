"""The baseline: uniformly random among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from interpreter.engine import Action
from interpreter.players.announcing import announcing


class RandomPlayer:
    name = "random"
    observes = False  # it never reads the observation, so the simulator need not build one

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: object, legal: Sequence[Action]) -> Action:
        legal = announcing(legal)
        return legal[self._rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
