"""What `domino explain` says of a counting game (docs/format.md, "Counting games"): the crib, the
turned-up tile, the play to a running total with go, its pegging, the show and the match's end,
in a rulebook's words."""

from __future__ import annotations

from interpreter.expressions import words as names
from interpreter.expressions.words import words
from interpreter.rulefile.counting_rules import CountingRules
from interpreter.rulefile.explain_common import seating, set_sentence, side_word
from interpreter.rulefile.ruleset import Ruleset, StartCriterion, StartRule, TargetCheck

_PIPS = ("pips", "high + low", "low + high")
# What `explain --diff` calls each counting rule.
LABELS = {
    "counting.crib_from_each": "the tiles each player lays into the crib",
    "counting.crib_from_stock": "the tiles the stock adds to the crib",
    "counting.turn_up": "a starter turned up for the show",
    "counting.value": "what a tile adds to the running total",
    "counting.rank": "a tile's rank for pairs and runs",
    "counting.limit": "the running total no tile may pass",
    "counting.go": "the points for the go",
    "counting.totals": "the totals that score in the play",
    "counting.pairs": "the points for pairs in the play",
    "counting.run_min": "the fewest tiles of a run in the play",
    "counting.show.fifteen_total": "the total a show's combinations score for",
    "counting.show.fifteen_points": "the points for each such combination",
    "counting.show.pair_points": "the points for a pair in a show",
    "counting.show.run_min": "the fewest tiles of a run in a show",
}
_ROWS = {0: "a pair", 1: "three of a rank in a row (a pair royal)", 2: "four (a double pair royal)"}


def _formula(source: str, expr: object, what: str) -> str:
    return what if " ".join(source.split()) in _PIPS else words(expr, names.TILE)  # type: ignore[arg-type]


def sections(ruleset: Ruleset) -> list[tuple[str, list[str]]]:
    """The rulebook of a counting game, section by section."""
    c = ruleset.counting
    assert c is not None
    side = side_word(ruleset.players)
    value = _formula(c.value.source, c.value, "its pips")
    rank = _formula(c.rank.source, c.rank, "its pips")
    out: list[tuple[str, list[str]]] = [("The set", [f"{set_sentence(ruleset)} A tile counts {value}; its rank, "
                                                     f"for pairs and runs, is {rank}."])]  # fmt: skip
    people = seating(ruleset)
    people.append(_crib(c))
    out.append(("Players and hands", people))
    start = ruleset.start
    first, later = starters(start.first_round, ruleset, side), starters(start.later_rounds, ruleset, side)
    out.append(("Dealing", [f"In the first hand the player who lays first is {first}; in later hands, {later}. "
                            "The player before him deals and owns the crib."]))  # fmt: skip
    out.append(("The play", _play(c)))
    out.append(("The show", _show(c)))
    out.append(("Winning", [_winning(ruleset, side)]))
    return out


def _crib(c: CountingRules) -> str:
    laid = f"Each player lays {c.crib_from_each} of his tiles face down into the crib, the dealer's extra hand"
    stock = f", and {c.crib_from_stock} more come from the stock" if c.crib_from_stock else ""
    up = (" Then the dealer turns up one tile of the stock, the starter, which counts in every hand and in "
          "the crib at the show; the other undealt tiles are not used.") if c.turn_up else ""  # fmt: skip
    return f"{laid}{stock}.{up}"


def _play(c: CountingRules) -> list[str]:
    out = [
        f"In turn, each player lays a tile face up in front of himself and calls the running total of the tiles "
        f"laid, which may not pass {c.limit}. A player who cannot lay a tile under it says go; the others lay on "
        f"while they can. When nobody can, the last to lay scores {c.go} for the go ({c.limit} exactly scores only "
        "what it makes), and the count starts again from 0 with the player after him, until every hand is empty."
    ]
    for total, points in c.totals:
        out.append(f"Laying a tile that brings the total to {total} scores {points}.")
    if c.pairs:
        rows = ", ".join(f"{_ROWS.get(i, f'{i + 2} of a rank')} {p}" for i, p in enumerate(c.pairs))
        out.append(f"A tile of the same rank as the one laid before it scores for the tiles of that rank in a row: "
                   f"{rows}.")  # fmt: skip
    if c.run_min:
        out.append(f"A tile that makes the last {c.run_min} or more tiles a run of consecutive ranks, in any order, "
                   "scores one a tile for the longest such run.")  # fmt: skip
    out.append("Pairs and runs never reach back past the count's restart.")
    return out


def _show(c: CountingRules) -> list[str]:
    s = c.show
    out = ["After the play each hand is counted, from the player after the dealer round to the dealer, and then "
           "the crib for the dealer" + (", each with the starter" if c.turn_up else "") + "."]  # fmt: skip
    if s.fifteen_points:
        out.append(f"Every combination of tiles that together count {s.fifteen_total} scores {s.fifteen_points}.")
    if s.pair_points:
        out.append(f"Every two tiles of the same rank score {s.pair_points}.")
    if s.run_min:
        out.append(f"Every run of {s.run_min} or more consecutive ranks scores one a tile, counted again for each "
                   "tile of a rank held twice.")  # fmt: skip
    return out


def _winning(ruleset: Ruleset, side: str) -> str:
    end = ruleset.match
    if end.target is None:
        return "The match is played over a fixed number of hands; the highest score wins."
    now = ", at once, even in the middle of a hand" if end.check is TargetCheck.IMMEDIATE else " at the end of a hand"
    return f"The first {side} to reach {end.target} points wins{now}."


def starters(rules: tuple[StartRule, ...], ruleset: Ruleset, side: str) -> str:
    """Who lays first in a hand, in words."""
    for rule in rules:
        if rule.criterion is StartCriterion.NEXT_SEAT:
            return "the player after the one who laid first in the hand before"
        if rule.criterion is StartCriterion.RANDOM:
            return "chosen by lot"
    return "the first player"
