"""`match.pool` in words (issue 29, M18), for `domino explain` and `explain --diff`, in every family."""

from __future__ import annotations

from collections.abc import Mapping

from interpreter.expressions import words as names
from interpreter.expressions.words import words
from interpreter.rulefile.ruleset import Family, Pool, PoolTie, Ruleset

# The names of `match.pool.ante` (ANTE_NAMES), for each player as a hand starts.
ANTE = {
    **names.COUNT,
    "pool": "what is in the pool before this hand's stakes",
    "dealer": "the player deals this hand",
}


def pool_words(pool: Pool | None, ruleset: Ruleset, hand: Mapping[str, str] | None = None) -> str:
    """The pool in a sentence: "each player stakes 1 into a pool as a hand starts; …". `hand`: the
    names of a trick hand's score (explain_tricks.hand_names), which `take` and `pay_in` read."""
    if pool is None:
        return "no pool"
    tricks = ruleset.family is Family.TRICKS
    hand_word = "hand" if tricks else "round"
    ante = str(pool.ante.constant) if pool.ante.constant is not None else words(pool.ante, ANTE)
    out = f"each player stakes {ante} into a pool as a {hand_word} starts (their score goes down by it)"
    if pool.take is not None or pool.pay_in is not None:
        read = {**(hand or {}), "pool": "what is in the pool as the hand ended"}
        if pool.take is not None:
            out += f"; at its end each side takes {words(pool.take, read)} from it (at most what is left)"
        if pool.pay_in is not None:
            out += f"; then each side puts in {words(pool.pay_in, read)}, for the next hand"
        return out
    winner = (
        "the player or team that scores most for the hand"
        if tricks
        else "the winner of the round (the one the round's scoring picks)"
    )
    tie = (
        "when nobody wins it, or several tie, the pool is carried to the next " + hand_word
        if pool.tie is PoolTie.CARRY
        else "several tied winners share it equally (what does not divide stays in the pool), and when nobody "
        f"wins it, it is carried to the next {hand_word}"
    )
    return f"{out}; at its end {winner} takes the whole pool; {tie}"
