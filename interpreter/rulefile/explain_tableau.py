"""`explain` for a patience by totals (family: tableau): the rulebook's words for the deal into
columns, what a removal takes, the spares, the moves, and how the deal is won or lost."""

from __future__ import annotations

from interpreter.expressions.words import words
from interpreter.rulefile.explain_common import set_sentence
from interpreter.rulefile.ruleset import Ruleset, StartRule
from interpreter.rulefile.tableau_rules import Face, TableauRules, TableauStock

# What `match.win_requires` reads as a patience ends, in words.
END_WORDS = {
    "cleared": "every tile is removed",
    "left": "the number of tiles not removed",
    "removed": "the number of tiles removed",
}
# `explain --diff`'s names for the tableau's fields.
LABELS = {
    "tableau.columns": "the number of columns",
    "tableau.depth": "the tiles dealt to a column",
    "tableau.face": "how the columns are dealt",
    "tableau.spares": "the number of spares",
    "tableau.spares_together": "spares removed together",
    "tableau.stock": "the stock",
    "tableau.move_to_empty": "moving a tile into an empty column",
    "tableau.size": "the tiles a removal takes",
    "tableau.total": "what a removal's pips make",
}
_NUMBERS = ("no", "one", "two", "three", "four")


def sections(ruleset: Ruleset) -> list[tuple[str, list[str]]]:
    """The rulebook of a patience, section by section."""
    rules = ruleset.tableau
    assert rules is not None, "a patience has tableau rules"
    return [
        ("The set", [set_sentence(ruleset)]),
        ("The deal", [_deal(rules)]),
        ("Play", _play(rules)),
        ("Won or lost", [_end(ruleset)]),
    ]


def starters(rules: tuple[StartRule, ...], ruleset: Ruleset, side: str) -> str:
    return "the lone player plays"


def _deal(rules: TableauRules) -> str:
    if rules.depth == 1:
        laid = f"One player. The tiles are shuffled face down, and {rules.columns} are laid face up in a line"
    else:
        face = "face up" if rules.face is Face.UP else "face down but the last of each, which is face up"
        laid = f"One player. The tiles are shuffled and dealt into {rules.columns} columns of {rules.depth}, {face}"
    if rules.spares:
        laid += f"; the next {rules.spares} are set aside face up as spares"
    if rules.stock is TableauStock.REFILL:
        laid += "; the rest stay face down as the stock"
    return laid + "."


def _play(rules: TableauRules) -> list[str]:
    count = _NUMBERS[rules.size]
    where = "a tile of the line" if rules.depth == 1 else "the last tile of a column"
    spare = " or a spare" if rules.spares else ""
    out = [
        f"On each turn remove {count} tiles whose pips make {rules.total} together: each must be {where}{spare}"
        + ("." if rules.depth == 1 else ", never two from the same column, so never a tile with the one on it.")
    ]
    if rules.spares:
        together = "even with another spare" if rules.spares_together else "but with no other spare"
        out.append(f"A spare may be used at any time, {together}.")
    if rules.face is Face.TOP_UP and rules.depth > 1:
        out.append("A tile freed is turned face up.")
    if rules.stock is TableauStock.REFILL:
        out.append("Each place a removal empties is filled at once from the stock, in the order the places were dealt.")
    if rules.move_to_empty:
        out.append("A column emptied may be filled by moving the last tile of another column (not its only tile).")
    return out


def _end(ruleset: Ruleset) -> str:
    requires = ruleset.match.win_requires
    said = "every tile is removed" if requires is None else words(requires, END_WORDS)
    return f"The game is won when, as it ends, {said}; it ends when nothing can be removed, and is otherwise lost."
