"""What every front end asks of the computer players: a computer seat's move, and a hint for a
person's turn with the strongest player's estimates, in words. Shared by the terminal game, the
browser table and the command line, so that each asks them the same way (no front end imports
another's modules: tests/test_package_layers.py)."""

from __future__ import annotations

from interpreter import players
from interpreter.engine import Action, Match
from interpreter.engine.actions import PICK
from interpreter.players.ismcts import Estimate

HINT_MOVES = 3  # the moves a hint shows with their estimates, best first


def estimate_words(chance: float, tries: int, rounds: str = "rounds") -> str:
    """A search's estimate for one move, as a player reads it (a trick game's rounds are "hands")."""
    times = "try" if tries == 1 else "tries"
    return f"wins about {round(100 * chance)}% of the {rounds} I played out ({tries} {times})"


def decision_seed(seed: int, logged: int) -> int:
    """A computer's seed for one decision: fixed by the match seed and the length of the log so far."""
    return seed * 1_000_003 + logged


def computer_choice(match: Match, strategy: str, seed: int) -> Action:
    """A computer seat's action; where it builds a play of several tiles by picks, the whole
    play its picks make, chosen on a copy by one player (a searching one searches once a play),
    which the engine takes as the picks: a table paces a play once, not once a tile."""
    legal = match.legal_actions()
    if len(legal) == 1:
        return legal[0]
    player = _player(match, strategy, seed)
    seat = match.current_player
    assert seat is not None
    action = player.choose(match.observation(seat) if player.observes else None, legal)
    view = match.observation(seat).tricks if action.kind == PICK else None
    if view is None:
        return action
    size, picked, copy = len(view.plays[0][1]), list(view.picked), match.clone()
    while True:
        picked.append(action.tile)  # type: ignore[arg-type]
        if len(picked) == size:
            return Action.group(picked)
        copy.apply(action)
        legal = copy.legal_actions()
        seen = copy.observation(seat) if player.observes else None
        action = legal[0] if len(legal) == 1 else player.choose(seen, legal)


def _player(match: Match, strategy: str, seed: int) -> players.Player:
    # A resumed game must go on as it would have, so no choice may depend on the clock; the
    # iteration budget alone keeps a move under a second.
    return players.make_player(strategy, decision_seed(seed, len(match.events)), reproducible=True)


def hint_moves(match: Match, seed: int) -> tuple[str, list[tuple[Action, Estimate | None]]]:
    """The strongest computer player's view of the current turn: its name, and the moves it would
    play, the one a computer seat would choose first, then (when it searches) the next best with
    how they did in its playouts, at most HINT_MOVES in all. Moves are the engine's legal actions,
    but for a play of several tiles built by picks, whose first move is the whole play (as
    `computer_choice` makes it) and the others the first picks of other plays."""
    strongest = getattr(players, "STRONGEST", "random")
    full = match.legal_actions()
    player = players.make_player(strongest, decision_seed(seed, len(match.events)), reproducible=True)
    analyse = getattr(player, "analyse", None)
    if analyse is None or len(full) == 1:
        return strongest, [(computer_choice(match.clone(), strongest, seed), None)]
    seat = match.current_player
    assert seat is not None
    found = analyse(match.observation(seat))
    # The first is the choice `choose` makes, so the hint is what a computer seat would play.
    # A choice not searched (a call over the turned-up suit: the rule of thumb's) has no odds to tell.
    best = [e for e in found[:HINT_MOVES] if e.visits]
    moves: list[tuple[Action, Estimate | None]] = [(e.action, e) for e in best] or [(found[0].action, None)]
    if moves[0][0].kind == PICK:  # a person is hinted the play its picks make, not one tile of it
        moves[0] = (computer_choice(match.clone(), strongest, seed), moves[0][1])
    return strongest, moves
