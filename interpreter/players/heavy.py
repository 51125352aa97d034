"""`heavy` ("bota gorda"): lay the heaviest tile first, a double first among equals; a lead that
names its open end leaves open the end the hand backs most.

Shedding weight early limits what an opponent's domino or a blocked round costs. The weight is
the rule file's `tile_value` (what a tile left in a hand counts), not a fixed pip sum; the rules
come with the observation, so this and the other observing players need no variant-specific code.
"""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.engine import Action, Observation, Tile
from interpreter.engine.actions import PLAY, REMOVE
from interpreter.engine.draw_discard import policy as draw_discard_policy
from interpreter.players import splitting
from interpreter.players.announcing import announcing
from interpreter.rulefile.phase_kinds import DRAW_DISCARD, play_kind
from interpreter.rulefile.ruleset import Ruleset


def tile_value(rules: Ruleset, players: int, tile: Tile) -> int:
    low, high = tile
    env = {"players": players, "max_pip": rules.max_pip, "set_size": rules.set_size,
           "high": high, "low": low, "pips": low + high, "is_double": low == high}  # fmt: skip
    return int(rules.tile_value(env))


def end_backing(hand: Sequence[Tile], action: Action) -> int:
    """For a lead naming the end it leaves open (`start.lead_names_end`): how many of the other
    tiles in `hand` show that end, which the leader may lay there later while others may not
    match it; 0 for any other action."""
    if action.arm is not None or action.half is None:
        return 0
    return sum(1 for tile in hand if tile != action.tile and action.half in tile)


class HeavyPlayer:
    name = "heavy"
    observes = True

    def __init__(self, seed: int) -> None:
        del seed  # deterministic: it takes no random choice

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        legal = announcing(legal)
        removals = [a for a in legal if a.kind == REMOVE]
        if removals:  # a patience: the removal that takes the heaviest tile (then the engine's order)
            return max(removals, key=lambda a: max(low + high for low, high in a.tiles))
        if play_kind(observation.rules.phase_kinds) == DRAW_DISCARD:  # the family's own policy (engine)
            return draw_discard_policy.choose(observation, legal, heaviest=True)
        if observation.partition is not None and len(legal) > 1:  # a hand to split: the strongest split
            return splitting.strongest(observation, legal)
        plays = [a for a in legal if a.kind == PLAY and a.tile is not None]
        if len(legal) == 1 or not plays:
            return legal[0]
        rules = observation.rules
        players = len(observation.hand_counts)
        weights = {tile: tile_value(rules, players, tile) for a in plays if (tile := a.tile) is not None}
        # max() keeps the first of equals: among one tile's arms, the engine's legal order decides.
        # Between the two ends a lead may leave open, the end more of the hand's tiles back.
        hand = observation.hand

        def worth(action: Action) -> tuple[int, bool, int]:
            tile = action.tile
            assert tile is not None  # plays only
            return weights[tile], tile[0] == tile[1], end_backing(hand, action)

        return max(plays, key=worth)
