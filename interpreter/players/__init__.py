"""Players: adapters that choose an action for one seat from what that seat may see.

A player never touches the match itself: it gets the seat's observation and the legal actions
(both public to that seat) and returns one of those actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from interpreter.engine import Action, Observation
from interpreter.players.counter import CounterPlayer
from interpreter.players.distinct import distinct_plays
from interpreter.players.greedy import GreedyPlayer
from interpreter.players.heavy import HeavyPlayer
from interpreter.players.ismcts import Estimate, IsmctsPlayer
from interpreter.players.random_player import RandomPlayer


class Player(Protocol):
    name: str
    observes: bool  # False: choose() ignores the observation and may be given None

    # Any: an Observation for a player that observes, and None may be given to one that does not;
    # each player's own `choose` says which it takes (a Protocol's argument cannot say "either").
    def choose(self, observation: Any, legal: Sequence[Action]) -> Action: ...


class Analyst(Player, Protocol):
    """A player that can say what it found (docs/players.md): `ismcts`."""

    def analyse(self, observation: Observation) -> list[Estimate]: ...


__all__ = ["PLAYERS", "STRONGEST", "Analyst", "Estimate", "Player", "distinct_plays", "make_player"]


PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "heavy": HeavyPlayer,
    "ismcts": IsmctsPlayer,
    "counter": CounterPlayer,  # trick games' rule of thumb; `heavy` on a layout game
}

# Players whose default budget includes wall-clock time, built without it: their choices then
# depend only on the seed, not on the machine's load.
_WITHOUT_CLOCK: dict[str, Callable[[int], Player]] = {
    "ismcts": lambda seed: IsmctsPlayer(seed, ms=None),
}

STRONGEST = "ismcts"  # what `hint` asks: the top of the measured ladder (docs/ladder.md)


def make_player(name: str, seed: int, *, reproducible: bool = False) -> Player:
    """A computer player by strategy name, seeded. With `reproducible`, a searching player uses
    its iteration budget only, so a game resumed on another machine goes on exactly as it would have."""
    if reproducible and name in _WITHOUT_CLOCK:
        return _WITHOUT_CLOCK[name](seed)
    return PLAYERS[name](seed)
