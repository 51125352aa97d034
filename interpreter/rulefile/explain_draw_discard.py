"""A draw-and-discard game in a rulebook's words (`domino explain`): the turn, the groups, the
complete hand, going out and a hand with nobody out."""

from __future__ import annotations

import enum

from interpreter.expressions import words as names
from interpreter.expressions.words import words
from interpreter.rulefile.draw_discard_rules import (
    DrawDiscardRules,
    Drawn,
    GroupKind,
    PaidBy,
    ShowWhen,
    StockOut,
    Take,
    Untaken,
)
from interpreter.rulefile.explain_common import seating, set_sentence
from interpreter.rulefile.ruleset import Ruleset, StartCriterion, StartRule

# What `explain --diff` calls this family's rules, and its option words.
LABELS = {
    "draw_discard.drawn": "what becomes of a drawn tile that does not complete the hand",
    "draw_discard.take_to_out": "when a discard taken may complete a hand",
    "draw_discard.out_from": "who pays the player who goes out",
}
ENUM_WORDS: dict[enum.Enum, str] = {
    Drawn.KEEP: "kept at the player's choice",
    Drawn.DISCARD_UNLESS_OUT: "discarded at once",
    PaidBy.EACH: "every other player",
    PaidBy.DISCARDER: "the discarder (from the stock, every other player)",
    PaidBy.NONE: "nobody",
}

# The names of a pair's condition (PAIR_NAMES).
PAIR = {
    **names.COUNT,
    **{f"{name}_{x}": f"{said} of the {which} tile" for x, which in (("a", "one"), ("b", "other")) for name, said in (
        ("high", "the higher half"), ("low", "the lower half"), ("pips", "the pips"),
        ("value", "the value"))},
    "is_double_a": "the one tile is a double",
    "is_double_b": "the other tile is a double",
    "same": "the two tiles are copies of one tile",
}  # fmt: skip
_COVER = {
    "groups": "the number of groups",
    "loose": "the number of tiles in no group",
    "shown": "the number of groups shown",
    "tiles": "the number of tiles held",
}


def cover(rules: DrawDiscardRules) -> dict[str, str]:
    """The names of `complete`: each kind's groups and the split's totals."""
    return {**names.COUNT, **{kind.name: f"the number of {kind.name} groups" for kind in rules.groups}, **_COVER}


def sections(ruleset: Ruleset, winning: list[str]) -> list[tuple[str, list[str]]]:
    rules = ruleset.draw_discard
    assert rules is not None
    people = seating(ruleset)
    if rules.starter_extra:
        people.append(f"The starter of a hand is dealt {rules.starter_extra} more, and opens it by discarding.")
    people.append("The tiles not dealt form the stock, face down.")
    return [
        ("The set", [set_sentence(ruleset)]),
        ("Players and hands", people),
        ("Starting a hand", [_starting(ruleset)]),
        ("A turn", _turn(rules)),
        ("Groups", [_kind(kind) for kind in rules.groups]),
        ("Going out", _out(ruleset, rules)),
        ("Winning", winning),
    ]


def starters(rules: tuple[StartRule, ...], ruleset: Ruleset, side: str) -> str:
    said = {
        StartCriterion.RANDOM: "a player chosen at random",
        StartCriterion.NEXT_SEAT: "the player after the previous hand's starter",
        StartCriterion.PREVIOUS_WINNER: "the player who went out in the previous hand",
    }
    return "; failing that, ".join(f"by {said[rule.criterion]}" for rule in rules)


def _starting(ruleset: Ruleset) -> str:
    start = ruleset.start
    first = starters(start.first_round, ruleset, "player")
    if start.later_rounds == start.first_round:
        return f"The first hand is started {first}, and so is every later hand."
    return f"The first hand is started {first}; each later hand, {starters(start.later_rounds, ruleset, 'player')}."


def _turn(rules: DrawDiscardRules) -> list[str]:
    take = {
        Take.NONE: "You draw a tile from the stock",
        Take.LAST: "You take the last discard or draw a tile from the stock",
        Take.LAST_TO_GROUP: "You take the last discard, only to lay it face up at once in a group with tiles of "
        "your hand, or draw a tile from the stock",
        Take.ANY: "You may take any face-up discard, or draw a tile from the stock",
    }[rules.take]
    out = [f"{take}; then you discard one tile face up."]
    if rules.take_to_out is not None and rules.take_to_out.constant is False:
        out.append("Only a tile you draw may complete your hand: a discard that would complete it may not be taken.")
    elif rules.take_to_out is not None:
        taken = {**names.COUNT, "high": "its higher half", "low": "its lower half", "pips": "its pips",
                 "is_double": "it is a double", "value": "its value"}  # fmt: skip
        out.append(
            f"A discard may complete your hand only when {words(rules.take_to_out, taken)}; one that would "
            "complete it otherwise may not be taken."
        )
    if rules.then_draw:
        again = "" if rules.drawn is Drawn.DISCARD_UNLESS_OUT else " and discard again"
        out.append(f"If you took a discard, after your discard you also draw a tile from the stock{again}.")
    if rules.drawn is Drawn.DISCARD_UNLESS_OUT:
        out.append("A tile you draw that does not complete your hand is discarded face up at once, and your turn "
                   "ends: you keep only the discards you take.")  # fmt: skip
    if rules.show is ShowWhen.WHEN_MADE:
        duty = "you must lay every group you hold" if rules.must_show else "you may lay groups you hold"
        out.append(f"Before discarding, {duty} face up in front of you; they stay there and count in your hand.")
    else:
        out.append("Your groups stay in your hand, unseen, until you go out.")
    if rules.untaken is Untaken.DEAD:
        out.append("When you draw instead of taking, the face-up discards are turned down, out of play this hand.")
    if rules.stock_out is StockOut.RESHUFFLE:
        out.append("When the stock is used up, the discards are shuffled face down into a new stock.")
    else:
        out.append("When a tile must be drawn and the stock is used up, the hand ends with nobody out.")
    limit = rules.turn_limit.constant
    said = str(limit) if limit is not None else words(rules.turn_limit, names.COUNT)
    out.append(f"A hand with nobody out after {said} turns ends there, with nobody out (a safety bound).")
    return out


def _kind(kind: GroupKind) -> str:
    if kind.when is not None:
        return f"{kind.name}: two tiles such that {words(kind.when, PAIR)}."
    groups = [" with ".join(" or ".join(f"{a}-{b}" for a, b in place) for place in group) for group in kind.tiles]
    if len(groups) > 12:  # a run's many sequences: the first few say what they are
        return f"{kind.name}: {'; '.join(groups[:4])}; … ({len(groups)} groups in all)."
    return f"{kind.name}: {'; '.join(groups)}."


def _out(ruleset: Ruleset, rules: DrawDiscardRules) -> list[str]:
    complete = words(rules.complete, cover(rules))
    out = [
        f"Your hand is complete when its tiles, after you take or draw, split into groups such that {complete}. "
        "You then go out at once, showing your hand, and the hand ends."
    ]
    points = rules.out_points.constant
    if points != 0:
        read = {**cover(rules), "from_discard": "the last tile came from the discards",
                "first_turn": "no turn had ended", "others_pips": "the pips left in the other hands",
                "pool": "the pool"}  # fmt: skip
        said = words(rules.out_points, read)
        paid = {
            PaidBy.EACH: f"every other player pays you {said}",
            PaidBy.DISCARDER: f"the player whose discard completed your hand pays you {said} (completed from the "
            "stock, every other player pays you that)",
            PaidBy.NONE: f"you score {said}",
        }[rules.out_from]
        out.append(f"Going out, {paid}.")
    if rules.stock_out_points.constant != 0:
        read = {**cover(rules), "pips": "the pips in the hand"}
        out.append(f"When a hand ends with nobody out, each player scores {words(rules.stock_out_points, read)}.")
    if ruleset.match.pool is not None:
        out.append("The player who goes out takes the pool.")
    return out
