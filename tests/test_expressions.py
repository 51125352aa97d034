"""Tests for the expression language: grammar, typing, evaluation, errors and hostile input."""

from __future__ import annotations

import inspect
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.expressions.language import (
    MAX_DEPTH,
    Expr,
    ExpressionError,
    ExpressionRuntimeError,
    ExprProblem,
    Type,
    compile_expression,
)

NAMES: dict[str, Type] = {
    "a": Type.INT,
    "b": Type.INT,
    "end_sum": Type.INT,
    "score": Type.INT,
    "t": Type.BOOL,
    "f": Type.BOOL,
    "ends": Type.LIST,
    "doubles": Type.LIST,
}
ENV: dict[str, object] = {
    "a": 7,
    "b": 2,
    "end_sum": 15,
    "score": 40,
    "t": True,
    "f": False,
    "ends": (3, 5, 0),
    "doubles": [6, 2],
}


def run(source: str, env: Mapping[str, object] = ENV, names: Mapping[str, Type] = NAMES) -> object:
    return compile_expression(source, names)(env)


def problems(source: str, names: Mapping[str, Type] = NAMES, expected: Type | None = None) -> list[ExprProblem]:
    with pytest.raises(ExpressionError) as caught:
        compile_expression(source, names, expected)
    assert caught.value.source == source
    return caught.value.problems


def only_problem(source: str, names: Mapping[str, Type] = NAMES, expected: Type | None = None) -> ExprProblem:
    found = problems(source, names, expected)
    assert len(found) == 1, found
    return found[0]


# --- evaluation ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("10 - 2 - 3", 5),
        ("100 / 10 / 5", 2),
        ("7 % 4 * 2", 6),
        ("2 * -3", -6),
        ("-2 * 3 + 1", -5),
        ("- - 2", 2),
        ("-a + b", -5),
        ("a - -b", 9),
        ("1 + 2 == 3", True),
        ("not 1 == 2", True),
        ("not t and f", False),
        ("not (t and f)", True),
        ("t or f and f", True),
        ("(t or f) and f", False),
        ("f and f or t", True),
        ("if f then 1 else 2 + 3", 5),
        ("if t then 1 else 2 + 3", 1),
        ("a + b * a - b", 19),
        ("a * b // 3 % 4", 0),
        ("3 in [1, 2, 3] and not 4 in [1, 2, 3]", True),
    ],
)
def test_precedence(source: str, value: object) -> None:
    assert run(source) == value


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("a + b", 9),
        ("a - b", 5),
        ("a * b", 14),
        ("a / b", 3),
        ("a // b", 3),
        ("a % b", 1),
        ("-a", -7),
        ("-a / b", -4),
        ("-a // b", -4),
        ("-a % b", 1),
        ("a % -b", -1),
        ("a / -b", -4),
        ("a == 7", True),
        ("a != 7", False),
        ("a < b", False),
        ("a <= 7", True),
        ("a > b", True),
        ("a >= 8", False),
        ("t == f", False),
        ("t != f", True),
        ("t == true", True),
        ("t and f", False),
        ("t or f", True),
        ("t and t and t", True),
        ("t and t and f", False),
        ("f or f or t", True),
        ("f or f or f", False),
        ("not t", False),
        ("not not t", True),
        ("3 in ends", True),
        ("4 in ends", False),
        ("6 in doubles", True),
        ("a in doubles", False),
        ("b in doubles", True),
        ("b in [a, b + 1]", False),
    ],
)
def test_operators(source: str, value: object) -> None:
    result = run(source)
    assert result == value
    assert type(result) is type(value)


def test_division_is_integer_floor_division() -> None:
    assert run("7 / 2") == 3
    assert run("-7 / 2") == -4
    assert run("7 / -2") == -4
    assert run("-7 % 2") == 1
    assert run("7 % -2") == -1


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("sum(ends)", 8),
        ("sum(doubles)", 8),
        ("sum([])", 0),
        ("count(ends)", 3),
        ("count([])", 0),
        ("min(ends)", 0),
        ("max(ends)", 5),
        ("min(doubles)", 2),
        ("max([4])", 4),
        ("min(a, b)", 2),
        ("max(a, b)", 7),
        ("min(a, b, -1)", -1),
        ("max(1, b, a, 3)", 7),
        ("abs(-a)", 7),
        ("abs(a)", 7),
        ("abs(0)", 0),
    ],
)
def test_functions(source: str, value: int) -> None:
    assert run(source) == value


@pytest.mark.parametrize(
    ("x", "n", "nearest", "down", "up"),
    [
        (25, 5, 25, 25, 25),
        (13, 5, 15, 10, 15),
        (12, 5, 10, 10, 15),
        (11, 5, 10, 10, 15),
        (14, 5, 15, 10, 15),
        (0, 5, 0, 0, 0),
        (15, 10, 20, 10, 20),  # exactly halfway rounds up
        (-13, 5, -15, -15, -10),
        (-12, 5, -10, -15, -10),
        (-15, 10, -10, -20, -10),  # halfway rounds up, towards +infinity
        (-1, 5, 0, -5, 0),
        (7, 1, 7, 7, 7),
    ],
)
def test_rounding(x: int, n: int, nearest: int, down: int, up: int) -> None:
    # with names, so the runtime closures are tested and not only constant folding
    names = {"x": Type.INT, "n": Type.INT}
    env = {"x": x, "n": n}
    assert run("round_nearest(x, n)", env, names) == nearest
    assert run("round_down(x, n)", env, names) == down
    assert run("round_up(x, n)", env, names) == up
    assert compile_expression(f"round_nearest({x}, {n})", {}).constant == nearest
    assert compile_expression(f"round_down({x}, {n})", {}).constant == down
    assert compile_expression(f"round_up({x}, {n})", {}).constant == up


def test_if_then_else_nests() -> None:
    source = "if a > 10 then 3 else if a > 5 then 2 else if a > 0 then 1 else 0"
    names = {"a": Type.INT}
    assert [run(source, {"a": v}, names) for v in (11, 6, 1, 0)] == [3, 2, 1, 0]
    assert run("if t then (if f then 1 else 2) else 3") == 2
    assert run("if (if t then f else t) then 1 else 2") == 2
    assert run("if t then ends else [9]") == (3, 5, 0)
    assert run("if t then t else f") is True


def test_in_works_on_tuples_and_lists() -> None:
    expr = compile_expression("a in ends", NAMES)
    assert expr({"a": 5, "ends": (1, 5)}) is True
    assert expr({"a": 5, "ends": [1, 5]}) is True
    assert expr({"a": 4, "ends": []}) is False


def test_list_literals() -> None:
    assert compile_expression("[]", {}).constant == ()
    assert compile_expression("[1, 2, 3]", {}).constant == (1, 2, 3)
    assert compile_expression("[-1, 2 * 3]", {}).constant == (-1, 6)
    expr = compile_expression("[a, a + 1]", NAMES)
    assert expr.type is Type.LIST
    assert expr.constant is None
    assert expr(ENV) == (7, 8)
    assert run("sum([a, b, 1])") == 10


def test_constant_folding() -> None:
    cases = {
        "1 + 2 * 3": 7,
        "1 > 2": False,
        "not false": True,
        "if 1 < 2 then 10 else 20": 10,
        "max(3, 9, 4)": 9,
        "round_nearest(13, 5)": 15,
        "true and false or true": True,
        "2 in [1, 2]": True,
        "-(3)": -3,
    }
    for source, value in cases.items():
        expr = compile_expression(source, NAMES)
        assert expr.constant == value
        assert type(expr.constant) is type(value)
        assert expr.names == frozenset()
        assert expr({}) == value
    assert compile_expression("false", {}).constant is False
    assert compile_expression("a + 1", NAMES).constant is None


def test_names_lists_what_is_read() -> None:
    expr = compile_expression("if t then a + 1 else sum(ends) + a", NAMES)
    assert expr.names == frozenset({"t", "a", "ends"})
    assert expr.type is Type.INT
    assert compile_expression("score", NAMES).names == frozenset({"score"})


def test_expr_fields_and_expected_type() -> None:
    expr = compile_expression("end_sum > 0 and end_sum % 5 == 0", NAMES, Type.BOOL, origin="rules/x.yaml:3:4")
    assert isinstance(expr, Expr)
    assert expr.source == "end_sum > 0 and end_sum % 5 == 0"
    assert expr.type is Type.BOOL
    assert expr.origin == "rules/x.yaml:3:4"
    assert expr.names == frozenset({"end_sum"})
    assert expr({"end_sum": 15}) is True
    assert expr({"end_sum": 12}) is False
    assert expr({"end_sum": 0}) is False
    assert compile_expression("1", {}).origin == ""


def test_names_may_be_keywords_prefixes() -> None:
    names = {"iffy": Type.INT, "inner": Type.INT, "not_yet": Type.BOOL, "true_count": Type.INT}
    assert run("iffy + inner + true_count", {"iffy": 1, "inner": 2, "true_count": 3}, names) == 6
    assert run("not not_yet", {"not_yet": False}, names) is True


def test_whitespace_and_newlines_are_allowed() -> None:
    assert run("  a\n  +\tb  ") == 9


# --- compile-time problems ---------------------------------------------------------------------------


def test_every_unknown_name_is_reported() -> None:
    found = problems("scroe + 1 + endsum")
    assert [(p.message, p.offset, p.length) for p in found] == [
        ("unknown name 'scroe'; did you mean 'score'?", 0, 5),
        ("unknown name 'endsum'; did you mean 'end_sum'?", 12, 6),
    ]


def test_unknown_name_without_a_close_match() -> None:
    # No name is close: the message lists the names this place may read instead.
    here = "the names here are a, b, doubles, end_sum, ends, f, score, t"
    assert only_problem("zzz + 1").message == f"unknown name 'zzz'; {here}"


def test_an_unknown_name_is_never_taken_for_its_opposite() -> None:
    # opp_X is the opponents' X, X one's own: a slip of one is never "corrected" into the other.
    assert only_problem("opp_score + 1").message == (
        "unknown name 'opp_score'; the names here are a, b, doubles, end_sum, ends, f, score, t"
    )
    names = {"opp_pips": Type.INT, "own_train": Type.BOOL, "tiles": Type.INT}
    assert only_problem("pips", names).message == "unknown name 'pips'; the names here are opp_pips, own_train, tiles"
    assert only_problem("opp_train", names, Type.BOOL).message.startswith("unknown name 'opp_train'; the names here")
    tiles = {"tiles": Type.INT}
    assert only_problem("opp_tiles", tiles).message == "unknown name 'opp_tiles'; the names here are tiles"
    assert only_problem("opp_pipz", names).message == "unknown name 'opp_pipz'; did you mean 'opp_pips'?"


def test_function_used_as_a_name_and_unknown_functions() -> None:
    assert only_problem("sum + 1").message == "'sum' is a function; call it like sum(...)"
    problem = only_problem("summ(ends)")
    assert problem.message == "unknown function 'summ'; did you mean 'sum'?"
    assert (problem.offset, problem.length) == (0, 4)
    assert only_problem("score(1)").message == "unknown function 'score'"


def test_snippet_exact_text() -> None:
    problem = only_problem("a + scroe * 2")
    assert problem.snippet("a + scroe * 2") == "a + scroe * 2\n    ^^^^^"


def test_snippet_of_a_long_source_is_a_window() -> None:
    source = " + ".join(["a"] * 60) + " + nope + " + " + ".join(["b"] * 60)
    problem = only_problem(source)
    first, second = problem.snippet(source).split("\n")
    assert first.startswith("...") and first.endswith("...")
    assert len(first) == 86
    column = second.index("^")
    assert first[column : column + 4] == "nope"
    assert second.strip() == "^^^^"


def test_snippet_replaces_control_characters() -> None:
    assert ExprProblem("x", 2).snippet("a\n\x00b") == "a ?b\n  ^"


def test_error_message_contains_origin_and_snippet() -> None:
    with pytest.raises(ExpressionError) as caught:
        compile_expression("a + nope", NAMES, origin="rules/x.yaml:1:2 (p)")
    text = str(caught.value)
    assert text.startswith("rules/x.yaml:1:2 (p): unknown name 'nope'")
    assert "a + nope\n" in text and "^^^^" in text


@pytest.mark.parametrize(
    ("source", "message", "offset", "length"),
    [
        ("1 + true", "'+' needs int operands, got bool", 4, 4),
        ("t * 2", "'*' needs int operands, got bool", 0, 1),
        ("a // ends", "'//' needs int operands, got list", 5, 4),
        ("-t", "'-' needs an int operand, got bool", 1, 1),
        ("not a", "'not' needs a bool operand, got int", 4, 1),
        ("a and t", "'and' needs bool operands, got int", 0, 1),
        ("t or (a + 1)", "'or' needs bool operands, got int", 5, 7),
        ("a < t", "'<' needs int operands, got bool", 4, 1),
        ("a == t", "'==' needs operands of the same type, got int and bool", 0, 6),
        ("ends != 3", "'!=' compares two ints or two bools, got list", 0, 4),
        ("t in ends", "'in' needs an int on the left, got bool", 0, 1),
        ("a in b", "'in' needs a list on the right, got int", 5, 1),
        ("if a then 1 else 2", "the condition after 'if' must be a bool, got int", 3, 1),
        ("if t then 1 else f", "'then' and 'else' must give the same type, got int and bool", 17, 1),
        ("[1, t]", "list elements must be ints, got bool", 4, 1),
        ("sum(a)", "sum() needs a list, got int", 4, 1),
        ("count(t)", "count() needs a list, got bool", 6, 1),
        ("abs(ends)", "abs() needs an int, got list", 4, 4),
        ("round_up(a, t)", "round_up() needs int arguments, got bool", 12, 1),
        ("abs(1, 2)", "abs() takes 1 argument, got 2", 0, 9),
        ("round_down(a)", "round_down() takes 2 arguments, got 1", 0, 13),
        ("min()", "min() takes a list or two or more ints, got nothing", 0, 5),
        ("max(a)", "max() takes a list or two or more ints, got a single int", 0, 6),
        ("max(a, ends)", "max() needs int arguments, got list", 7, 4),
        ("1 // 0", "division by zero", 5, 1),
        ("a % (1 - 1)", "modulo by zero", 4, 7),
        ("round_nearest(a, 0)", "round_nearest() needs n > 0, got 0", 17, 1),
        ("round_up(a, -5)", "round_up() needs n > 0, got -5", 12, 2),
        ("min([])", "min() of an empty list", 0, 7),
        ("123456789012345678901", "number is too long (21 digits; the limit is 18)", 0, 21),
    ],
)
def test_type_and_value_errors(source: str, message: str, offset: int, length: int) -> None:
    problem = only_problem(source)
    assert (problem.message, problem.offset, problem.length) == (message, offset, length)


def test_problems_in_different_places_are_all_reported() -> None:
    found = problems("(1 + true) * nope + sum(7) + [t]")
    assert [p.message for p in found] == [
        "'+' needs int operands, got bool",
        "unknown name 'nope'; the names here are a, b, doubles, end_sum, ends, f, score, t",
        "sum() needs a list, got int",
        "list elements must be ints, got bool",
    ]
    assert [p.offset for p in found] == [5, 13, 24, 30]


def test_eighteen_digits_are_fine() -> None:
    assert compile_expression("999999999999999999", {}).constant == 999999999999999999


@pytest.mark.parametrize(
    ("source", "expected", "message"),
    [
        ("a + 1", Type.BOOL, "expected a condition (true/false), got a number"),
        ("a > 1", Type.INT, "expected a number, got a condition"),
        ("ends", Type.INT, "expected a number, got a list"),
        ("1", Type.LIST, "expected a list, got a number"),
    ],
)
def test_expected_type(source: str, expected: Type, message: str) -> None:
    problem = only_problem(source, expected=expected)
    assert (problem.message, problem.offset, problem.length) == (message, 0, len(source))


def test_expected_type_matches() -> None:
    assert compile_expression("a > 1", NAMES, Type.BOOL).type is Type.BOOL


# --- syntax errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "message", "offset"),
    [
        ("a < b < 3", "comparisons cannot be chained: write 'a < b and b < c', not 'a < b < c'", 6),
        ("a == b != t", "comparisons cannot be chained: write 'a < b and b < c', not 'a < b < c'", 7),
        ("a + )", "unexpected ')'; expected a number, name or '('", 4),
        ("(a + 1", "unexpected end of expression; expected ')'", 6),
        ("a +  ", "unexpected end of expression; expected a number, name or '('", 3),
        ("a b", "unexpected name 'b'; expected an operator or the end of the expression", 2),
        ("f(1 2)", "unexpected number '2'; expected an operator, ')' or ','", 4),
        ("if t then 1", "unexpected end of expression; expected 'else'", 11),
        ("[1, 2", "unexpected end of expression; expected ']' or ','", 5),
        ("a == not t", "unexpected 'not' here; put the 'not ...' part in parentheses", 5),
        ("1 + if t then 1 else 2", "unexpected 'if' here; put the 'if ...' part in parentheses", 4),
        ("a = b", "unexpected character '='; use '==' to compare", 2),
        ("a && b", "unexpected character '&'; use 'and'", 2),
        ("Score", "unexpected character 'S'; names are lowercase", 0),
        ("1.5", "unexpected character '.'; numbers are whole numbers", 1),
        ("a + é", "unexpected character 'é'", 4),
        ("a\x00", "unexpected character '\\x00'", 1),
        ("'a'", 'unexpected character "\'"; there are no strings in expressions', 0),
        ("", "empty expression", 0),
        (" \n\t ", "empty expression", 0),
    ],
)
def test_syntax_errors(source: str, message: str, offset: int) -> None:
    problem = only_problem(source)
    assert (problem.message, problem.offset) == (message, offset)
    assert "\n" not in problem.message


def test_keywords_are_not_names() -> None:
    names = {"in": Type.INT, "if": Type.INT}
    assert only_problem("in + 1", names).message.startswith("unexpected 'in'")


# --- runtime errors ----------------------------------------------------------------------------------

ORIGIN = "rules/x.yaml:12:9 (scoring.in_play.points)"


def runtime_error(source: str, env: Mapping[str, object]) -> ExpressionRuntimeError:
    expr = compile_expression(source, NAMES, origin=ORIGIN)
    with pytest.raises(ExpressionRuntimeError) as caught:
        expr(env)
    assert caught.value.origin == ORIGIN
    return caught.value


@pytest.mark.parametrize(
    ("source", "cause"),
    [
        ("a // b", "division by zero in 'a // b'"),
        ("a / b", "division by zero in 'a / b'"),
        ("1 + a % b", "modulo by zero in 'a % b'"),
        ("a * 2 // (b * 3) + 1", "division by zero in 'a * 2 // (b * 3)'"),
        ("a + a + a + a + 1 // b", "division by zero in '1 // b'"),
        ("a // 1 // 2 // 3 // b", "division by zero in 'a // 1 // 2 // 3 // b'"),
        ("min(ends) + 1", "min() of an empty list in 'min(ends)'"),
        ("max(ends)", "max() of an empty list in 'max(ends)'"),
        ("round_nearest(a, b)", "round_nearest() needs n > 0, got 0 in 'round_nearest(a, b)'"),
        ("round_up(a, b - 1)", "round_up() needs n > 0, got -1 in 'round_up(a, b - 1)'"),
        ("round_down(a, b)", "round_down() needs n > 0, got 0 in 'round_down(a, b)'"),
    ],
)
def test_runtime_errors_name_origin_and_sub_expression(source: str, cause: str) -> None:
    error = runtime_error(source, {**ENV, "b": 0, "ends": ()})
    assert error.cause == cause
    assert str(error) == f"{ORIGIN}: {cause}"


def test_runtime_error_without_origin() -> None:
    expr = compile_expression("a % b", NAMES)
    with pytest.raises(ExpressionRuntimeError, match=r"^modulo by zero in 'a % b'$"):
        expr({"a": 1, "b": 0})


def test_missing_name_at_run_time_is_the_callers_bug() -> None:
    with pytest.raises(KeyError):
        compile_expression("a + b", NAMES)({"a": 1})


def test_a_condition_not_taken_is_not_evaluated() -> None:
    assert run("if b == 0 then 0 else a // b", {"a": 7, "b": 0}) == 0
    assert run("b != 0 and a % b == 0", {"a": 7, "b": 0}) is False


# --- limits and hostile input --------------------------------------------------------------------


@contextmanager
def shallow_stack(headroom: int) -> Iterator[None]:
    """Allow only `headroom` more frames: proves a check does not recurse per nesting level."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack(0)) + headroom)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


NESTS_TOO_DEEPLY = f"expression nests too deeply (more than {MAX_DEPTH} levels)"


@pytest.mark.parametrize(
    "source",
    [
        "(" * 900 + "1" + ")" * 900,
        "- " * 999 + "1",
        "-" * 1999 + "1",
        "not " * 499 + "t",
        "if t then 1 else " * 110 + "1",
        "[" * 900 + "]" * 900,
        "abs(" * 390 + "1" + ")" * 390,
        "(" * (MAX_DEPTH + 1) + "1" + ")" * (MAX_DEPTH + 1),
    ],
)
def test_deep_nesting_is_an_error_not_a_crash(source: str) -> None:
    with shallow_stack(120), pytest.raises(ExpressionError) as caught:
        compile_expression(source, NAMES)
    assert [p.message for p in caught.value.problems] == [NESTS_TOO_DEEPLY]


def test_nesting_up_to_the_limit_is_fine() -> None:
    assert compile_expression("(" * MAX_DEPTH + "1" + ")" * MAX_DEPTH, {}).constant == 1
    source = "-(" * (MAX_DEPTH // 2 - 1) + "a" + ")" * (MAX_DEPTH // 2 - 1)
    assert compile_expression(source, NAMES)({"a": 3}) == -3


def test_long_flat_expressions_do_not_recurse_at_run_time() -> None:
    adds = compile_expression(" + ".join(["a"] * 500), NAMES)
    ands = compile_expression(" and ".join(["t"] * 300), NAMES)
    ors = compile_expression(" or ".join(["f"] * 300), NAMES)
    listed = compile_expression("[" + ", ".join(["a"] * 600) + "]", NAMES)
    with shallow_stack(40):
        assert adds({"a": 2}) == 1000
        assert ands({"t": True}) is True
        assert ors({"f": False}) is False
        assert listed({"a": 1}) == (1,) * 600


def test_too_long() -> None:
    problem = only_problem("(" * 5000 + "1" + ")" * 5000)
    assert problem.message == "expression is too long (10001 characters; the limit is 2000)"
    problem = only_problem(" + ".join(["a"] * 750))
    assert problem.message == "expression is too long (2997 characters; the limit is 2000)"


def test_huge_literal() -> None:
    assert only_problem(str(10**30)).message == "number is too long (31 digits; the limit is 18)"


def test_no_eval_of_python() -> None:
    assert only_problem("__import__('os')").message.startswith("unexpected character")
    assert only_problem("a.__class__").message.startswith("unexpected character '.'")


# --- property: anything in, only ExpressionError out ---------------------------------------------

VALID = [
    "end_sum > 0 and end_sum % 5 == 0",
    "round_nearest(score, 5) + -a * (b - 1)",
    "if t then min(ends) else max(a, b, 3)",
    "a in [1, 2, 3] or not f",
    "sum(doubles) // count(ends) != abs(b)",
    "round_up(a, b) - round_down(a, 3) >= 0",
]
ALPHABET = st.sampled_from(
    [
        *"()[],+-*/%<>=! _0123456789abtfé\x00\n",
        "//",
        "==",
        "<=",
        " and ",
        " or ",
        " not ",
        " in ",
        "if ",
        " then ",
        " else ",
        "true",
        "false",
        "sum(",
        "min(",
        "round_up(",
        "ends",
        "999999999999999999999",
    ]
)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    source = draw(st.sampled_from(VALID))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(source)))
        j = draw(st.integers(i, min(len(source), i + 6)))
        insert = "".join(draw(st.lists(ALPHABET, max_size=3)))
        source = source[:i] + insert + source[j:]
    return source


def check_never_crashes(source: str) -> None:
    try:
        expr = compile_expression(source, NAMES)
    except ExpressionError as error:
        assert error.problems
        for problem in error.problems:
            assert problem.length >= 1
            assert 0 <= problem.offset <= len(source)
            assert "\n" not in problem.message
            assert len(problem.snippet(source).split("\n")) == 2
        return
    for env in (ENV, {**ENV, "a": 0, "b": 0, "ends": [], "doubles": ()}):
        try:
            value = expr(env)
        except ExpressionRuntimeError:
            continue
        if expr.type is Type.LIST:
            assert isinstance(value, (tuple, list))
        else:
            assert type(value) is (int if expr.type is Type.INT else bool)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_random_text_never_crashes(source: str) -> None:
    check_never_crashes(source)


@settings(max_examples=400, deadline=None)
@given(mutated())
def test_mutated_expressions_never_crash(source: str) -> None:
    check_never_crashes(source)
