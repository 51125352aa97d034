"""`greedy`: the action that scores the most now, then the heaviest tile, then a double, then (a
lead naming its open end) the end the hand backs most; among actions that lay no tile, the one the
family's named policy picks, where it has one (`Match.policy_choice`: a counting game's crib).

"Scores" is measured by applying the action to a copy of the round (one determinization of the
hidden tiles, since round-end points depend on what others hold) and reading how the side's
score moved against the other sides' mean, signed by the rules' `winner`: in a lowest-total game
points are a cost, and going out there "scores" by making everyone else count their hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from interpreter.engine import Action, Observation
from interpreter.engine.actions import PLAY
from interpreter.engine.draw_discard import policy as draw_discard_policy
from interpreter.engine.match import Match
from interpreter.engine.search import search_support
from interpreter.engine.tableau.policy import by_totals
from interpreter.engine.tricks.tables import trick_tables_for
from interpreter.players import splitting
from interpreter.players.announcing import announcing
from interpreter.players.counter import is_turn_up_call, turn_up_call
from interpreter.players.heavy import end_backing, tile_value
from interpreter.rulefile.phase_kinds import DRAW_DISCARD, play_kind
from interpreter.rulefile.ruleset import Winner


def gain(before: Sequence[int], after: Match, side: int, lowest_wins: bool) -> float:
    """How far `side` moved ahead of the mean of the other sides, in points (lower-is-better flipped)."""
    moved = [a - b for a, b in zip(after.scores, before, strict=True)]
    others = [d for s, d in enumerate(moved) if s != side]
    ahead = moved[side] - (sum(others) / len(others) if others else 0.0)
    return -ahead if lowest_wins else ahead


class GreedyPlayer:
    name = "greedy"
    observes = True

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        legal = announcing(legal)
        if play_kind(observation.rules.phase_kinds) == DRAW_DISCARD:  # the family's own policy (engine)
            return draw_discard_policy.choose(observation, legal)
        if len(legal) == 1:
            return legal[0]
        if observation.tableau is not None:  # a patience scores nothing until it ends: the engine's one-ply policy
            return by_totals(observation.tableau, legal)
        if observation.partition is not None:  # a hand to split: weighed over sampled showdowns
            return splitting.best_on_average(observation, legal, self._rng)
        rules = observation.rules
        players = len(observation.hand_counts)
        if is_turn_up_call(observation, legal):  # nothing scores now: by the hand's strength, as counter
            return turn_up_call(trick_tables_for(rules.for_players(players), players), observation, legal)
        lowest = rules.match.winner is Winner.LOWEST
        table = search_support(rules).determinizer(rules, observation).sample(self._rng)
        table.legal_actions()  # listed once here, the clones below share the list instead of each listing it
        preferred = table.policy_choice()  # the family's policy, where the score now tells nothing (a crib)
        best, best_key = legal[0], None
        for action in legal:
            after = table.clone()
            after.apply(action)
            points = gain(observation.scores, after, observation.side, lowest)
            if action.kind == PLAY and action.tile is not None:
                tile, backing = action.tile, end_backing(observation.hand, action)
                key = (points, float(tile_value(rules, players, tile)), tile[0] == tile[1], backing)
            else:  # a play before a draw or pass that scores no more; the family's policy's choice first
                key = (points, 0.0 if action == preferred else float("-inf"), False, 0)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best
