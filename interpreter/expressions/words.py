"""Rule-file expressions read aloud: `round_nearest(opp_pips, 5)` becomes "the pips left in the
opponents' hands, rounded to the nearest multiple of 5".

The expression is parsed with the language's own grammar and each construct is put in words;
names become what they mean in the place the expression stands (`pips` is a tile's pips in a
tile formula, a hand's pips in a round-end formula).
"""

from __future__ import annotations

import functools

from lark import Lark, Token, Tree

from interpreter.expressions import language as expressions
from interpreter.expressions.language import Expr

COUNT = {
    "players": "the number of players",
    "max_pip": "the highest pip of the set",
    "set_size": "the number of tiles in the set",
}
ROUND = {**COUNT, "round": "the round number"}
# `deal.redeal_when`: one hand as it was dealt.
DEALT_HAND = {
    **COUNT,
    "doubles": "the number of doubles held",
    "tiles": "the number of tiles held",
    "pips": "the pip total held",
    "longest": "the most tiles held of one suit (its double included)",
}
# A later round's start condition: how the previous round ended, and the scores.
START = {
    "players": COUNT["players"],
    "max_pip": COUNT["max_pip"],
    "round": "the number of the round starting",
    "went_out": "the previous round ended with a player going out",
    "blocked": "the previous round was blocked",
    "tied": "the previous round was a tie (blocked, and no one side scored)",
    "high_score": "the highest score",
    "low_score": "the lowest score",
}
# `play.per_turn` and `play.whole_turn`, read as a turn starts.
TURN = {
    "hand": "the number of tiles in the player's hand",
    "boneyard": "the number of tiles left to draw",
    "players": COUNT["players"],
    "max_pip": COUNT["max_pip"],
    "round": "the round number",
    "turn": "the player's own turn number this round",
}
TILE = {
    **COUNT,
    "high": "the higher half",
    "low": "the lower half",
    "pips": "the tile's pips",
    "is_double": "the tile is a double",
}
MATCH = {
    "half": "the touching half",
    "other": "the tile's other half",
    "end": "the open end",
    "high": "the tile's higher half",
    "low": "the tile's lower half",
    "is_double": "the tile is a double",
    "max_pip": "the highest pip of the set",
    "doubles": "the pips whose double is on the table",
}


def play(root: str = "the lead or the engine") -> dict[str, str]:
    """The names of `play.allowed` (a play that fits, and the layout it would join); `root` is
    what the layout grows from: "the lead" (a line), "the engine" (a hub)."""
    return {
        **{k: MATCH[k] for k in ("half", "other", "high", "low", "is_double", "max_pip", "doubles")},
        "arm": "the number of the arm played on",
        "arm_tiles": "the number of tiles already on that arm",
        "from_lead": f"that arm grows from {root}",
        "is_side": "that arm is a spinner's side arm",
        "is_train": "that arm is a train",
        "own_train": "that arm is the player's own train",
        "shared_train": "that arm is a shared train",
        "marked": "that arm is a train carrying its owner's marker",
        "lead_arms": f"the number of arms of {root}",
        "lead_arms_started": f"the number of arms of {root} that carry a tile",
        "lead_high": f"the higher half of {root}",
        "laid": f"the number of tiles laid after {root}",
        "hand": "the number of tiles in the player's hand",
        "players": "the number of players",
        "round": "the round number",
        "turn_tiles": "the number of tiles the player has laid this turn",
        "arm_turn_tiles": "the number of tiles laid on that arm this turn",
        "train_turn_tiles": "the number of tiles laid on that arm's train this turn",
        "turn": "the player's own turn number this round",
    }


def in_play(side: str) -> dict[str, str]:
    """The in-play names; `side` is who scores: "player", "team", or "side" (either)."""
    return {
        **COUNT,
        "end_sum": "the sum of the open ends",
        "ends": "the open ends",
        "end_values": "the numbers the open ends show",
        "open_ends": "the number of open ends",
        "double_ends": "the number of open ends where a double lies",
        "same_ends": "the largest number of open ends that show the same number",
        "laid_high": "the higher half of the tile just laid",
        "laid_low": "the lower half of the tile just laid",
        "laid_is_double": "the tile just laid is a double",
        "laid_fit_ends": "the number of open ends the tile just laid could have gone on",
        "tiles": "the number of tiles left in the hand of the player who laid it",
        "side_tiles": "the number of tiles left in the hands of the player who laid it and his partners",
        "round": "the round number",
        "score": f"the {side}'s score before the tile",
    }


def on_pass(side: str) -> dict[str, str]:
    """The names of `scoring.on_pass`; `side` is who scores: "player", "team", or "side" (either)."""
    return {
        **COUNT,
        "passes": "the number of passes in a row",
        "laid": "the number of tiles laid this round",
        "same_side": (
            f"the player who passed is on the scoring {side}"
            if side != "player"
            else "the player who passed laid the last tile"
        ),
        "last_high": "the higher half of the last tile laid",
        "last_low": "the lower half of the last tile laid",
        "last_is_double": "the last tile laid is a double",
        "round": "the round number",
        "score": f"the {side}'s score before the pass",
    }


def round_end(side: str) -> dict[str, str]:
    """The round-end names, read for the scoring `side` ("player", "team", or "side")."""
    # A team's pips and tiles are those of both partners' hands.
    own = "their own hand" if side == "player" else f"the {side}'s own hands"
    return {
        **COUNT,
        "pips": f"the pips left in {own}",
        "tiles": f"the tiles left in {own}",
        "opp_pips": "the pips left in the opponents' hands",
        "opp_tiles": "the tiles left in the opponents' hands",
        "opponents": "the number of opponents",
        "doubles": f"the number of doubles left in {own}",
        "opp_doubles": "the number of doubles left in the opponents' hands",
        "double_pips": f"the pips on the doubles left in {own}",
        "went_out": f"the {side} went out",
        "score": f"the {side}'s score before this round's points",
        "opp_score": f"the highest score of another {side} before this round's points",
        "hand_pips": f"the pips left in each hand of the {side}",
        "opp_hand_pips": "the pips left in each opponent's hand",
        "lowest_hand": f"the pips left in the {side}'s lightest hand",
        "last_high": "the higher half of the last tile laid",
        "last_low": "the lower half of the last tile laid",
        "last_is_double": "the last tile laid is a double",
        "last_fit_ends": "the number of open ends the last tile laid could have gone on",
        "round": "the round number",
    }


def final(side: str) -> dict[str, str]:
    """The names of `match.win_requires`, read for a would-be winner once the match has ended."""
    return {
        **round_end(side),
        "score": f"the {side}'s final score",
        "opp_score": f"the highest final score of another {side}",
    }


def reset(side: str) -> dict[str, str]:
    """The names of `match.reset_when`, read for a `side` once a round end is scored."""
    return {
        **round_end(side),
        "score": f"the {side}'s score after that round end's points",
        "opp_score": f"the highest score of another {side} after that round end's points",
        "scored": f"the {side} scored at that round end",
        "opp_scored": f"another {side} scored at that round end",
        "points": f"the points the {side} scored at that round end",
    }


_COMPARISONS = {
    "EQ": "equals",
    "NE": "does not equal",
    "LT": "is less than",
    "LE": "is at most",
    "GT": "is more than",
    "GE": "is at least",
    "IN": "is one of",
}
_ARITHMETIC = {"PLUS": "+", "MINUS": "−", "STAR": "×", "SLASH": "÷", "DSLASH": "÷", "PERCENT": "mod"}


@functools.cache
def _parser() -> Lark:
    return Lark.open("expression.lark", rel_to=expressions.__file__, parser="lalr", lexer="basic")


def words(expr: Expr, names: dict[str, str]) -> str:
    """`expr` in words, reading its names through `names` (one of the tables above)."""
    if expr.constant is not None and not isinstance(expr.constant, list):
        return _constant(expr.constant)
    return _Speaker(names).say(_parser().parse(expr.source))


def _is(node: Tree | Token, *kinds: str) -> bool:
    return isinstance(node, Tree) and node.data in kinds


def _constant(value: object) -> str:
    if isinstance(value, bool):
        return "always" if value else "never"
    return str(value)


class _Speaker:
    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def say(self, node: Tree | Token) -> str:
        if isinstance(node, Token):
            return self._token(node)
        method = getattr(self, f"_{node.data}")
        return method(node.children)

    def _token(self, token: Token) -> str:
        if token.type == "NAME":
            return self.names.get(str(token), str(token))
        return {"TRUE": "true", "FALSE": "false"}.get(token.type, str(token))

    def _or_expr(self, children: list) -> str:
        return " or ".join(self.say(c) for c in children)

    def _and_expr(self, children: list) -> str:
        return " and ".join(self.say(c) for c in children)

    def _not_expr(self, children: list) -> str:
        operand = children[-1]
        said = self.names.get(str(operand), "") if isinstance(operand, Token) and operand.type == "NAME" else ""
        for verb in (" is ", " was "):  # "the tile is a double" becomes "the tile is not a double"
            if verb in said:
                return said.replace(verb, f"{verb}not ", 1)
        return f"not ({self.say(operand)})"

    def _comparison(self, children: list) -> str:
        left, operator, right = children
        if operator.type == "IN" and isinstance(right, Token) and right == "doubles":
            return f"the double of {self.say(left)} is on the table"
        is_remainder = isinstance(left, Tree) and left.data == "product" and len(left.children) == 3
        if is_remainder and left.children[1].type == "PERCENT" and right == "0" and operator.type in ("EQ", "NE"):
            multiple = "is a multiple of" if operator.type == "EQ" else "is not a multiple of"
            return f"{self.say(left.children[0])} {multiple} {self.say(left.children[2])}"
        if operator.type == "EQ" and right == "0" and isinstance(left, Token):  # a count of none
            counted = self.say(left).removeprefix("the number of ")
            if counted != self.say(left) and not counted.startswith("the "):  # not "the number of the round"
                return f"there are no {counted}"
        return f"{self._compared(left)} {_COMPARISONS[operator.type]} {self._compared(right)}"

    def _compared(self, node: Tree | Token) -> str:
        """A side of a comparison: a rounding ("x, rounded to …") in brackets, so that what follows
        the comma is not read as part of it."""
        said = self.say(node)
        return f"({said})" if _is(node, "call") and ", " in said else said

    def _sum(self, children: list) -> str:
        return self._operators(children)

    def _product(self, children: list) -> str:
        return self._operators(children)

    def _operators(self, children: list) -> str:
        parts = [self._operand(children[0])]
        for operator, operand in zip(children[1::2], children[2::2], strict=True):
            parts += [_ARITHMETIC[operator.type], self._operand(operand)]
        return " ".join(parts)

    def _operand(self, node: Tree | Token) -> str:
        """An operand of + − × ÷: a call in brackets, as "the smaller of a and b + 1" or "x, rounded
        to the nearest multiple of 5 ÷ 5" would read two ways."""
        said = self.say(node)
        return f"({said})" if _is(node, "call") else said

    def _neg(self, children: list) -> str:
        return f"−{self.say(children[-1])}"

    def _paren(self, children: list) -> str:
        return f"({self.say(children[0])})"

    def _list(self, children: list) -> str:
        return "[" + ", ".join(self.say(c) for c in children) + "]"

    def _if_expr(self, children: list) -> str:
        condition, then, otherwise = (self.say(c) for c in children)
        return f"{then} if {condition}, otherwise {otherwise}"

    def _call(self, children: list) -> str:
        function = str(children[0])
        # An argument that is a choice, or a rounded sum, in brackets: "the smaller of (2 if c,
        # otherwise 3) and 1", "(a − b), rounded to …" each read one way only.
        rounding = function in ("round_nearest", "round_down", "round_up")
        args = [
            f"({self.say(c)})" if _is(c, "if_expr") or (rounding and _is(c, "sum", "product", "neg")) else self.say(c)
            for c in children[1:]
        ]
        if rounding:
            how = {"round_nearest": "to the nearest", "round_down": "down to a", "round_up": "up to a"}[function]
            # A list is rounded number by number: "the pips left in each hand, each rounded to …".
            each = "each " if _is(children[1], "list") or " each " in args[0] else ""
            return f"{args[0]}, {each}rounded {how} multiple of {args[1]}"
        if function == "abs":
            return f"the absolute value of {args[0]}"
        if function == "sum":
            return f"the sum of {args[0]}"
        if function == "count":  # "the number of numbers the open ends show", not "of the numbers"
            return f"the number of {args[0].removeprefix('the ')}"
        if len(args) == 1:  # min or max of a list
            return f"the {'smallest' if function == 'min' else 'largest'} of {args[0]}"
        which = ("smaller" if function == "min" else "larger") if len(args) == 2 else f"{function}imum"
        listed = ", ".join(args[:-1]) + f" and {args[-1]}"
        return f"the {which} of {listed}"
