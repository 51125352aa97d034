"""The same rounds through the PyPI `dominoes` package (the `bench` extra), by its public API:
`Game.new(starting_domino=...)` deals and leads, `game.valid_moves` lists the legal moves,
`game.make_move(domino, left)` plays one, and `game.result` is set when the round is over.

Its game is ours with one difference that the benchmark never reaches: it scores a round by teams
(seats 0+2 against 1+3), where `rules/block.yaml` scores players. The rest is the same by the
package's own code: four hands of 7 from the 28 tiles, the holder of [6|6] leads it, a line with
two ends, forced play, a player who cannot play passes, the round ends on domino or when nobody
can play, and `valid_moves` counts a tile that fits both ends twice only when the ends differ.

The package deals with the module-level `random`, so the deal is seeded through `random.seed`
(the global state is restored afterwards) and the choices come from a separate generator.
"""

from __future__ import annotations

import random

import dominoes

LEAD = dominoes.Domino(6, 6)


def rounds(n: int, seed: int) -> int:
    """Play n random rounds; the checksum is the total of the pips left in all hands at the ends
    of the rounds, which depends on every move and is comparable across the contenders."""
    saved = random.getstate()
    random.seed(2 * seed)
    rand = random.Random(2 * seed + 1).random
    new_game = dominoes.Game.new
    pips_left = 0
    try:
        for _ in range(n):
            game = new_game(starting_domino=LEAD)  # also lays the lead for its holder: no decision
            while game.result is None:
                moves = game.valid_moves
                k = len(moves)
                move = moves[int(rand() * k)] if k > 1 else moves[0]
                game.make_move(*move)
            # a Domino is a (first, second) namedtuple; Result.points cannot serve, it is 0 on a tie
            pips_left += sum(sum(map(sum, hand)) for hand in game.hands)
    finally:
        random.setstate(saved)
    return pips_left
