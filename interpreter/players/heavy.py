"""`heavy` ("bota gorda"): lay the heaviest tile first, a double first among equals.

Shedding weight early limits what an opponent's domino or a blocked round costs. The weight is
the rule file's `tile_value` (what a tile left in a hand counts), not a fixed pip sum; the rules
come from the observation's log header, so this and the other observing players need no
variant-specific code.
"""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.engine import Action, Observation, Tile
from interpreter.engine.actions import PLAY
from interpreter.engine.determinize import ruleset_of
from interpreter.loader import load_ruleset
from interpreter.ruleset import Ruleset


def rules_for(observation: Observation) -> Ruleset:
    """The rules the observed match is played by: the in-process match's own, else the bundled
    file of that name (accepted only with the same digest, so a look-alike never stands in)."""
    rules = ruleset_of(observation)
    if rules is not None:
        return rules
    header = observation.history[0]
    rules = load_ruleset(header["rules"])
    if rules.digest != header["digest"]:
        raise ValueError(f"the rules '{header['rules']}' of this match are not loaded here")
    return rules


def tile_value(rules: Ruleset, players: int, tile: Tile) -> int:
    low, high = tile
    env = {"players": players, "max_pip": rules.max_pip, "set_size": rules.set_size,
           "high": high, "low": low, "pips": low + high, "is_double": low == high}  # fmt: skip
    return int(rules.tile_value(env))


class HeavyPlayer:
    name = "heavy"
    observes = True

    def __init__(self, seed: int) -> None:
        del seed  # deterministic: it takes no random choice

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if a.kind == PLAY and a.tile is not None]
        if len(legal) == 1 or not plays:
            return legal[0]
        rules = rules_for(observation)
        players = len(observation.hand_counts)
        weights = {a.tile: tile_value(rules, players, a.tile) for a in plays}
        # max() keeps the first of equals: among one tile's arms, the engine's legal order decides.
        return max(plays, key=lambda a: (weights[a.tile], a.tile[0] == a.tile[1]))
