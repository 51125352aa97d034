"""`match.void_when` and `match.stake` in words, for `domino explain` ("Winning") and `explain
--diff`."""

from __future__ import annotations

from interpreter.expressions.language import Expr
from interpreter.expressions.words import words
from interpreter.rulefile.explain_standing import track_names
from interpreter.rulefile.ruleset import Ruleset, Stake

# How a difference names the two keys, and says them left out.
LABELS = {
    "match.void_when": "when the match is over with nobody winning",
    "match.stake": "what is settled as the match ends",
}
NONE_WORDS = {"match.void_when": "never", "match.stake": "none (nothing is settled)"}


def void_words(when: Expr[bool], ruleset: Ruleset, side: str) -> str:
    """A match.void_when condition in words, for a `side`."""
    return words(when, track_names(side, ruleset.tracks))


def stake_words(stake: Stake | None, ruleset: Ruleset, side: str) -> str:
    """What is settled as the match ends, in a phrase ("none (nothing is settled)" without a stake)."""
    if stake is None:
        return NONE_WORDS["match.stake"]
    said = []
    if stake.pay is not None:
        pay = words(stake.pay, {})
        said.append(f"each {side} that did not win pays every winning {side} {pay} (nobody pays when nobody wins)")
    if stake.settle is not None:
        settle = words(stake.settle, track_names(side, ruleset.tracks))
        said.append(
            f"every two {side}s settle up: reading {settle} for each, the one with less pays the other the difference"
        )
    return "; then ".join(said)


def stake_sentences(ruleset: Ruleset, side: str) -> list[str]:
    """The sentences under "Winning"."""
    end = ruleset.match
    out = []
    if end.void_when is not None:
        said = void_words(end.void_when, ruleset, side)
        out.append(
            f"At every round's end, once its points are scored, when for a {side} {said}, "
            "the match is over at once and nobody wins it."
        )
    if end.stake is not None:
        said = stake_words(end.stake, ruleset, side)
        out.append(f"As the match ends, {said}. Stakes are kept apart from the scores.")
    return out


def same_stake(a: Stake, b: Stake) -> bool:
    """Two stakes the same, their formulas compared as written."""
    return all(
        (x is None and y is None)
        or (x is not None and y is not None and " ".join(x.source.split()) == " ".join(y.source.split()))
        for x, y in ((a.pay, b.pay), (a.settle, b.settle))
    )
