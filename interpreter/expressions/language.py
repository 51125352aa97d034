"""The expression language of the rule files: parse once, type-check, compile to closures.

An expression is parsed with the LALR grammar in `expression.lark`, checked against the names
the caller says are available (each with a `Type`), and compiled into nested Python closures
that read `env[name]` directly. Sub-expressions without names are folded to constants at compile
time. Nothing taken from the source text is ever handed to `eval`/`exec`: the source only
selects among the fixed operations below.

Every problem that can be found before running is an `ExpressionError` carrying all of them with
their positions; what can only fail on particular values (division by a name that is 0, `min` of
an empty list, ...) raises `ExpressionRuntimeError` naming the rule file spot and sub-expression.
The language is described for users in docs/expressions.md.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeGuard, TypeVar, overload

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedToken

from interpreter.text.diagnostics import suggestion

__all__ = [
    "BOUND_TEXT",
    "FUNCTION_NAMES",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_LENGTH",
    "MAX_VALUE",
    "Expr",
    "ExprProblem",
    "ExpressionError",
    "ExpressionRuntimeError",
    "Type",
    "Value",
    "compile_expression",
    "describe_value",
]

MAX_LENGTH = 2000
MAX_DEPTH = 64
MAX_DIGITS = 18
# The largest number an expression may give at run time (either sign): far above any score, and far
# below what stops being printable or saveable (a float's 10^308, the 4,300 digits of int <-> str).
MAX_VALUE = 10**15
BOUND_TEXT = "±10^15"  # MAX_VALUE in messages

# Runtime values: lists are tuples once computed, but a list read from `env` may be any sequence.
Value = int | bool | tuple
# What an expression gives: an `Expr[int]` is a number formula, an `Expr[bool]` a condition
# (compile_expression's `expected` says which). Covariant: a condition is also a Value.
V_co = TypeVar("V_co", bound=Value, covariant=True)
Env = Mapping[str, object]
_Fn = Callable[[Env], Any]

_SNIPPET_WIDTH = 80
_FRAGMENT_WIDTH = 60


class Type(enum.Enum):
    INT = "int"
    BOOL = "bool"
    LIST = "list"


_EXPECTED_WORDS = {Type.INT: "a number", Type.BOOL: "a condition (true/false)", Type.LIST: "a list"}
_GOT_WORDS = {Type.INT: "a number", Type.BOOL: "a condition", Type.LIST: "a list"}


@dataclass(frozen=True)
class ExprProblem:
    """One problem in an expression: a one-line message and the span of source it is about."""

    message: str
    offset: int
    length: int = 1

    def snippet(self, source: str) -> str:
        """The source (or a window of it around the problem) and a line of carets under the span."""
        # Tabs, newlines and control characters would break the caret alignment (or the line).
        shown = "".join(ch if ch.isprintable() else " " if ch.isspace() else "?" for ch in source)
        offset = min(max(self.offset, 0), len(shown))
        start, end = 0, len(shown)
        if len(shown) > _SNIPPET_WIDTH:
            start = max(0, min(offset - _SNIPPET_WIDTH // 2, len(shown) - _SNIPPET_WIDTH))
            end = start + _SNIPPET_WIDTH
        prefix = "..." if start > 0 else ""
        suffix = "..." if end < len(shown) else ""
        # At least one caret, even for a problem at the very end of the source.
        carets = max(1, min(self.length, end - offset))
        line = prefix + shown[start:end] + suffix
        return f"{line}\n{' ' * (len(prefix) + offset - start)}{'^' * carets}"


class ExpressionError(Exception):
    """An expression that cannot be compiled; `problems` lists everything found, in source order."""

    def __init__(self, problems: list[ExprProblem], source: str, origin: str = "") -> None:
        self.problems = sorted(problems, key=lambda p: p.offset)
        self.source = source
        self.origin = origin
        lead = f"{origin}: " if origin else ""
        super().__init__("\n".join(f"{lead}{p.message}\n{_indent(p.snippet(source))}" for p in self.problems))


class ExpressionRuntimeError(Exception):
    """An expression failed on particular values (division by zero, `min([])`, ...).

    `cause` says what failed and where, e.g. "division by zero in 'a // b'"; the message puts the
    caller's `origin` in front of it.
    """

    def __init__(self, cause: str, origin: str = "", source: str = "") -> None:
        self.cause = cause
        self.origin = origin
        self.source = source
        super().__init__(f"{origin}: {cause}" if origin else cause)


@dataclass(frozen=True)
class Expr(Generic[V_co]):
    """A compiled expression: call it with a mapping from names to values.

    The mapping must hold every name in `names`; a missing one is a KeyError, a bug in the caller
    rather than in the rule file, so it is not dressed up as an `ExpressionRuntimeError`.
    """

    source: str
    type: Type
    names: frozenset[str]
    origin: str
    constant: V_co | None
    _fn: _Fn = field(repr=False, compare=False)

    def __call__(self, env: Env) -> V_co:
        return self._fn(env)  # type-checked to give a V_co when it was compiled


class _BoundedExpr(Expr[int]):
    """A number expression: its value is checked against ±`MAX_VALUE` (inline, not one more call)."""

    __slots__ = ()

    def __call__(self, env: Env, _low: int = -MAX_VALUE, _high: int = MAX_VALUE) -> int:
        value = self._fn(env)
        if _low <= value <= _high:
            return value
        raise ExpressionRuntimeError(f"{_quote(self.source)} gives {describe_value(value)}", self.origin, self.source)


def describe_value(value: int) -> str:
    """A number beyond the bound, for a message: in full when short, else its size (a number too long
    to turn into text must not become a second error)."""
    if abs(value) < 10**30:
        shown = str(value)
    else:
        shown = f"{'-' if value < 0 else ''}about 10^{int(value.bit_length() * 0.30103)}"
    return f"{shown}, beyond the limit of {BOUND_TEXT} on numbers"


@overload
def compile_expression(
    source: str, names: Mapping[str, Type], expected: Literal[Type.INT], origin: str = ""
) -> Expr[int]: ...
@overload
def compile_expression(
    source: str, names: Mapping[str, Type], expected: Literal[Type.BOOL], origin: str = ""
) -> Expr[bool]: ...
@overload
def compile_expression(
    source: str, names: Mapping[str, Type], expected: Type | None = None, origin: str = ""
) -> Expr[Value]: ...
def compile_expression(
    source: str, names: Mapping[str, Type], expected: Type | None = None, origin: str = ""
) -> Expr[Value]:
    """Compile `source` against `names`; raise `ExpressionError` listing every problem found.

    `expected`, when given, is the type the place of the expression needs; `origin` is opaque
    text (e.g. "rules/x.yaml:12:9 (scoring.in_play.points)") put in front of runtime errors.
    """
    tree = _parse(source, origin)
    compiler = _Compiler(source, names, origin)
    code = compiler.compile(tree)
    problems = compiler.problems
    if code is not None and expected is not None and code.type is not expected:
        problems.append(
            ExprProblem(
                f"expected {_EXPECTED_WORDS[expected]}, got {_GOT_WORDS[code.type]}",
                0,
                max(1, len(source)),
            )
        )
    if problems or code is None:
        raise ExpressionError(problems, source, origin)
    used = frozenset(compiler.used)
    # A bare name or a constant gives what it is given (a constant is checked where a rule file
    # loads, interpreter/rulefile/build.py): only a computed number is checked against the bound.
    if code.type is Type.INT and code.name is None and not code.const:
        return _BoundedExpr(source, code.type, used, origin, None, code.fn)  # computed: never a constant
    return Expr(source, code.type, used, origin, None if used else code.value, code.fn)


# --- parsing -------------------------------------------------------------------------------------

_PARSER = Lark.open("expression.lark", rel_to=__file__, parser="lalr", lexer="basic", propagate_positions=True)


def _parse(source: str, origin: str) -> Tree | Token:
    def fail(problem: ExprProblem) -> ExpressionError:
        return ExpressionError([problem], source, origin)

    if len(source) > MAX_LENGTH:
        raise fail(ExprProblem(f"expression is too long ({len(source)} characters; the limit is {MAX_LENGTH})", 0))
    if not source.strip():
        raise fail(ExprProblem("empty expression", 0))
    try:
        tree = _PARSER.parse(source)
    except UnexpectedCharacters as error:
        # lark types pos_in_stream as its base class's None; UnexpectedCharacters sets it to the int lex_pos
        raise fail(_unexpected_character(source, error.pos_in_stream)) from None  # type: ignore[arg-type]
    except UnexpectedToken as error:
        raise fail(_unexpected_token(source, error)) from None
    # Everything after this walks the tree recursively; this check is iterative and bounds that.
    too_deep = _too_deep(tree)
    if too_deep is not None:
        raise fail(too_deep)
    return tree


def _too_deep(tree: Tree | Token) -> ExprProblem | None:
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if not isinstance(node, Tree):
            continue
        if depth > MAX_DEPTH:
            return ExprProblem(f"expression nests too deeply (more than {MAX_DEPTH} levels)", node.meta.start_pos)
        stack.extend((child, depth + 1) for child in node.children)
    return None


_CHARACTER_HINTS = {
    "=": "; use '==' to compare",
    "!": "; use 'not' to negate or '!=' to compare",
    "&": "; use 'and'",
    "|": "; use 'or'",
    ".": "; numbers are whole numbers",
    '"': "; there are no strings in expressions",
    "'": "; there are no strings in expressions",
}

_OPERAND_STARTS = frozenset({"INT", "NAME", "TRUE", "FALSE", "_LPAR", "_LSQB", "MINUS", "NOT", "_IF"})
_COMPARISONS = frozenset({"EQ", "NE", "LT", "LE", "GT", "GE", "IN"})
_BINARY_OPERATORS = _COMPARISONS | {"PLUS", "STAR", "SLASH", "DSLASH", "PERCENT", "_AND", "_OR"}
_CLOSERS = (
    ("_RPAR", "')'"),
    ("_RSQB", "']'"),
    ("_COMMA", "','"),
    ("_THEN", "'then'"),
    ("_ELSE", "'else'"),
    ("$END", "the end of the expression"),
)


def _unexpected_character(source: str, offset: int) -> ExprProblem:
    char = source[offset]
    hint = _CHARACTER_HINTS.get(char, "")
    if char.isascii() and char.isupper():
        hint = "; names are lowercase"
    return ExprProblem(f"unexpected character {char!r}{hint}", offset)


def _unexpected_token(source: str, error: UnexpectedToken) -> ExprProblem:
    token = error.token
    accepts = error.interactive_parser.accepts()
    if token.type == "$END":
        return ExprProblem(f"unexpected end of expression; {_expected(accepts)}", len(source.rstrip()))
    offset, length = token.start_pos, max(1, len(token))
    if token.type in _COMPARISONS and not accepts & _OPERAND_STARTS and not accepts & _COMPARISONS:
        message = "comparisons cannot be chained: write 'a < b and b < c', not 'a < b < c'"
    elif token.type in ("NOT", "_IF") and "INT" in accepts:
        message = f"unexpected '{token}' here; put the '{token} ...' part in parentheses"
    else:
        message = f"unexpected {_describe_token(token)}; {_expected(accepts)}"
    return ExprProblem(message, offset, length)


def _describe_token(token: Token) -> str:
    if token.type == "INT":
        return f"number '{_shorten(token.value, 20)}'"
    if token.type == "NAME":
        return f"name '{token}'"
    return f"'{token}'"


def _expected(accepts: set[str]) -> str:
    words: list[str] = []
    if "INT" in accepts:
        words.extend(("a number", "name", "'('"))
    if accepts & _BINARY_OPERATORS:
        words.append("an operator")
    words.extend(word for terminal, word in _CLOSERS if terminal in accepts)
    if len(words) > 1:
        return f"expected {', '.join(words[:-1])} or {words[-1]}"
    return f"expected {words[0]}" if words else "syntax error"


# --- compiling -----------------------------------------------------------------------------------


class _EvalFailure(Exception):
    """Raised by the operations below when their arguments are out of their domain."""


@dataclass(frozen=True)
class _Code:
    """A compiled sub-expression: either a constant (`const`) or a closure; `name` for a bare name.

    `fn` is always callable so generic code can ignore the distinction; the specialised builders
    look at `const` and `name` to read values inline instead of calling another closure.
    """

    type: Type
    fn: _Fn
    const: bool = False
    value: Value | None = None
    name: str | None = None


def _constant(type_: Type, value: Value) -> _Code:
    return _Code(type_, lambda env: value, const=True, value=value)


def _unary(op: Callable[[Any], Any], a: _Code) -> _Fn:
    if a.name is not None:
        n = a.name
        return lambda env: op(env[n])
    fa = a.fn
    return lambda env: op(fa(env))


def _binary(op: Callable[[Any, Any], Any], a: _Code, b: _Code) -> _Fn:
    """A closure for `op(a, b)`, specialised so names and constants cost no extra call."""
    fa, fb, ca, cb, na, nb = a.fn, b.fn, a.value, b.value, a.name, b.name
    if na is not None:
        if b.const:
            return lambda env: op(env[na], cb)
        if nb is not None:
            return lambda env: op(env[na], env[nb])
        return lambda env: op(env[na], fb(env))
    if a.const:
        if nb is not None:
            return lambda env: op(ca, env[nb])
        return lambda env: op(ca, fb(env))
    if b.const:
        return lambda env: op(fa(env), cb)
    if nb is not None:
        return lambda env: op(fa(env), env[nb])
    return lambda env: op(fa(env), fb(env))


def _guarded(fn: _Fn, fragment: str, origin: str, source: str, zero_cause: str) -> _Fn:
    # Children are guarded themselves, so anything caught here comes from this node's own operation.
    def guarded(env: Env) -> Any:
        try:
            return fn(env)
        except ZeroDivisionError:
            raise ExpressionRuntimeError(f"{zero_cause} in {fragment}", origin, source) from None
        except _EvalFailure as failure:
            raise ExpressionRuntimeError(f"{failure} in {fragment}", origin, source) from None

    return guarded


def _min_list(values: Sequence[int]) -> int:
    if not values:
        raise _EvalFailure("min() of an empty list")
    return min(values)


def _max_list(values: Sequence[int]) -> int:
    if not values:
        raise _EvalFailure("max() of an empty list")
    return max(values)


def _check_step(function: str, n: int) -> None:
    if n <= 0:
        raise _EvalFailure(f"{function}() needs n > 0, got {n}")


def _round_nearest(x: int, n: int) -> int:
    _check_step("round_nearest", n)
    remainder = x % n  # in [0, n) for n > 0, also for negative x
    return x - remainder + n if 2 * remainder >= n else x - remainder


def _round_down(x: int, n: int) -> int:
    _check_step("round_down", n)
    return x - x % n


def _round_up(x: int, n: int) -> int:
    _check_step("round_up", n)
    return x + -x % n


def _each(function: Callable[[int, int], int]) -> Callable[[Sequence[int], int], tuple[int, ...]]:
    """`function` (a rounding) applied to every element of a list, with one step for all."""

    def each(values: Sequence[int], n: int) -> tuple[int, ...]:
        _check_step(function.__name__.removeprefix("_"), n)  # an empty list still needs a valid step
        return tuple(function(x, n) for x in values)

    return each


# name -> (argument types, implementation, whether it can fail on some values)
_FIXED_FUNCTIONS: dict[str, tuple[tuple[Type, ...], Callable[..., int], bool]] = {
    "sum": ((Type.LIST,), sum, False),
    "count": ((Type.LIST,), len, False),
    "abs": ((Type.INT,), abs, False),
    "round_nearest": ((Type.INT, Type.INT), _round_nearest, True),
    "round_down": ((Type.INT, Type.INT), _round_down, True),
    "round_up": ((Type.INT, Type.INT), _round_up, True),
}
# The rounding functions also take a list as their first argument: each element is rounded.
_ROUNDING = frozenset({"round_nearest", "round_down", "round_up"})
# min/max take either one list or two or more ints: (on a list, on ints)
_EXTREMUM_FUNCTIONS: dict[str, tuple[Callable[[Any], int], Callable[..., int]]] = {
    "min": (_min_list, min),
    "max": (_max_list, max),
}
FUNCTION_NAMES = frozenset(_FIXED_FUNCTIONS) | frozenset(_EXTREMUM_FUNCTIONS)

_ARITHMETIC = {
    "PLUS": operator.add,
    "MINUS": operator.sub,
    "STAR": operator.mul,
    # `/` is floor division too: all arithmetic is integer
    "SLASH": operator.floordiv,
    "DSLASH": operator.floordiv,
    "PERCENT": operator.mod,
}
_ZERO_CAUSES = {"SLASH": "division by zero", "DSLASH": "division by zero", "PERCENT": "modulo by zero"}
_ORDERINGS = {"LT": operator.lt, "LE": operator.le, "GT": operator.gt, "GE": operator.ge}
_EQUALITIES = {"EQ": operator.eq, "NE": operator.ne}
# Longer chains are run by a loop rather than nested closures, so that `x + x + ... + x`
# does not nest one Python call per operator at run time.
_MAX_NESTED_STEPS = 2


def _token(node: Tree | Token) -> Token:
    """An operator among a rule's children: the grammar keeps every operator as a token."""
    assert isinstance(node, Token), node
    return node


def _compiled(codes: list[_Code | None]) -> TypeGuard[list[_Code]]:
    """Whether every sub-expression compiled (a None's problem is recorded already)."""
    return all(code is not None for code in codes)


def _span(node: Tree | Token) -> tuple[int, int]:
    if isinstance(node, Token):
        start, end = node.start_pos, node.end_pos
        assert start is not None and end is not None  # the lexer places every token it makes
        return start, end
    return node.meta.start_pos, node.meta.end_pos


class _Compiler:
    """Type-checks and compiles a parse tree, collecting every problem instead of stopping.

    Each method returns the compiled `_Code`, or None when the sub-expression has a problem that
    is already recorded (its parent then skips the checks that need the child's type).
    """

    def __init__(self, source: str, names: Mapping[str, Type], origin: str) -> None:
        self.source = source
        self.names = names
        self.origin = origin
        self.problems: list[ExprProblem] = []
        self.used: set[str] = set()

    def problem(self, message: str, node: Tree | Token) -> None:
        start, end = _span(node)
        self.problems.append(ExprProblem(message, start, max(1, end - start)))

    def fragment(self, start: int, end: int) -> str:
        return _quote(self.source[start:end])

    def guard(self, fn: _Fn, start: int, end: int, zero_cause: str = "division by zero") -> _Fn:
        return _guarded(fn, self.fragment(start, end), self.origin, self.source, zero_cause)

    def compile(self, node: Tree | Token) -> _Code | None:
        if isinstance(node, Token):
            return self.token(node)
        return getattr(self, f"rule_{node.data}")(node)

    def compile_all(self, nodes: Iterable[Tree | Token]) -> list[_Code | None]:
        return [self.compile(node) for node in nodes]

    # --- leaves

    def token(self, token: Token) -> _Code | None:
        if token.type == "INT":
            if len(token) > MAX_DIGITS:
                self.problem(f"number is too long ({len(token)} digits; the limit is {MAX_DIGITS})", token)
                return None
            return _constant(Type.INT, int(token))
        if token.type in ("TRUE", "FALSE"):
            return _constant(Type.BOOL, token.type == "TRUE")
        name = str(token)
        if name in self.names:
            self.used.add(name)
            return _Code(self.names[name], operator.itemgetter(name), name=name)
        if name in FUNCTION_NAMES:
            self.problem(f"'{name}' is a function; call it like {name}(...)", token)
        else:
            hint = _did_you_mean(name, [*self.names, *FUNCTION_NAMES]) or _names_here(self.names)
            self.problem(f"unknown name '{name}'{hint}", token)
        return None

    # --- operators

    def rule_paren(self, node: Tree) -> _Code | None:
        return self.compile(node.children[0])

    def rule_neg(self, node: Tree) -> _Code | None:
        operand = node.children[1]
        code = self.compile(operand)
        if code is None:
            return None
        if code.type is not Type.INT:
            self.problem(f"'-' needs an int operand, got {code.type.value}", operand)
            return None
        if isinstance(code.value, int):  # a constant (an int: the operand is type-checked)
            return _constant(Type.INT, -code.value)
        return _Code(Type.INT, _unary(operator.neg, code))

    def rule_not_expr(self, node: Tree) -> _Code | None:
        operand = node.children[1]
        code = self.compile(operand)
        if code is None:
            return None
        if code.type is not Type.BOOL:
            self.problem(f"'not' needs a bool operand, got {code.type.value}", operand)
            return None
        if code.const:
            return _constant(Type.BOOL, not code.value)
        return _Code(Type.BOOL, _unary(operator.not_, code))

    def rule_sum(self, node: Tree) -> _Code | None:
        return self.arithmetic_chain(node)

    def rule_product(self, node: Tree) -> _Code | None:
        return self.arithmetic_chain(node)

    def arithmetic_chain(self, node: Tree) -> _Code | None:
        operands, ops = node.children[0::2], [_token(op) for op in node.children[1::2]]
        codes = self.compile_all(operands)
        ok = True
        for i, (operand, code) in enumerate(zip(operands, codes, strict=True)):
            if code is not None and code.type is not Type.INT:
                self.problem(f"'{ops[max(i - 1, 0)]}' needs int operands, got {code.type.value}", operand)
                ok = False
            elif code is None:
                ok = False
            elif i and code.const and code.value == 0 and ops[i - 1].type in _ZERO_CAUSES:
                self.problem(_ZERO_CAUSES[ops[i - 1].type], operand)
                ok = False
        if not ok or not _compiled(codes):
            return None
        start = node.meta.start_pos
        acc = codes[0]
        # (operation, right operand, runtime cause if it can fail, fragment end)
        steps: list[tuple[Callable[[int, int], int], _Code, str | None, int]] = []
        for op, operand, code in zip(ops, operands[1:], codes[1:], strict=True):
            function = _ARITHMETIC[op.type]
            # a constant divisor is known not to be 0 here
            cause = _ZERO_CAUSES.get(op.type) if not code.const else None
            end = _span(operand)[1]
            if not steps and isinstance(acc.value, int) and isinstance(code.value, int):  # two constants
                acc = _constant(Type.INT, function(acc.value, code.value))
            else:
                steps.append((function, code, cause, end))
        if len(steps) <= _MAX_NESTED_STEPS:
            for function, code, cause, end in steps:
                fn = _binary(function, acc, code)
                acc = _Code(Type.INT, fn if cause is None else self.guard(fn, start, end, cause))
            return acc
        return _Code(Type.INT, self.loop_chain(acc, steps, start))

    def loop_chain(
        self, first: _Code, steps: list[tuple[Callable[[int, int], int], _Code, str | None, int]], start: int
    ) -> _Fn:
        head = first.fn
        runs = tuple((function, code.fn, cause, self.fragment(start, end)) for function, code, cause, end in steps)
        origin, source = self.origin, self.source

        def chain(env: Env) -> int:
            value = head(env)
            for function, fn, cause, fragment in runs:
                try:
                    value = function(value, fn(env))
                except ZeroDivisionError:
                    raise ExpressionRuntimeError(f"{cause} in {fragment}", origin, source) from None
            return value

        return chain

    def rule_comparison(self, node: Tree) -> _Code | None:
        left, op, right = node.children[0], _token(node.children[1]), node.children[2]
        a, b = self.compile(left), self.compile(right)
        if a is None or b is None:
            return None
        kind = op.type
        if kind == "IN":
            ok = True
            if a.type is not Type.INT:
                self.problem(f"'in' needs an int on the left, got {a.type.value}", left)
                ok = False
            if b.type is not Type.LIST:
                self.problem(f"'in' needs a list on the right, got {b.type.value}", right)
                ok = False
            if not ok:
                return None
            # operator.contains takes (container, item); operands have no side effects to reorder
            fn = _binary(operator.contains, b, a)
        elif kind in _ORDERINGS:
            ok = True
            for operand, code in ((left, a), (right, b)):
                if code.type is not Type.INT:
                    self.problem(f"'{op}' needs int operands, got {code.type.value}", operand)
                    ok = False
            if not ok:
                return None
            fn = _binary(_ORDERINGS[kind], a, b)
        else:
            ok = True
            for operand, code in ((left, a), (right, b)):
                if code.type is Type.LIST:
                    self.problem(f"'{op}' compares two ints or two bools, got list", operand)
                    ok = False
            if not ok:
                return None
            if a.type is not b.type:
                self.problem(f"'{op}' needs operands of the same type, got {a.type.value} and {b.type.value}", node)
                return None
            fn = _binary(_EQUALITIES[kind], a, b)
        if a.const and b.const:
            return _constant(Type.BOOL, fn({}))
        return _Code(Type.BOOL, fn)

    def rule_and_expr(self, node: Tree) -> _Code | None:
        return self.logical_chain(node, "and")

    def rule_or_expr(self, node: Tree) -> _Code | None:
        return self.logical_chain(node, "or")

    def logical_chain(self, node: Tree, word: str) -> _Code | None:
        operands = node.children
        codes = self.compile_all(operands)
        ok = True
        for operand, code in zip(operands, codes, strict=True):
            if code is None:
                ok = False
            elif code.type is not Type.BOOL:
                self.problem(f"'{word}' needs bool operands, got {code.type.value}", operand)
                ok = False
        if not ok or not _compiled(codes):
            return None
        if all(code.const for code in codes):
            values = [code.value for code in codes]
            return _constant(Type.BOOL, all(values) if word == "and" else any(values))
        fns = tuple(code.fn for code in codes)
        if len(fns) == 2:
            fa, fb = fns
            if word == "and":
                return _Code(Type.BOOL, lambda env: fa(env) and fb(env))
            return _Code(Type.BOOL, lambda env: fa(env) or fb(env))
        if word == "and":

            def every(env: Env) -> bool:
                return all(fn(env) for fn in fns)

            return _Code(Type.BOOL, every)

        def some(env: Env) -> bool:
            return any(fn(env) for fn in fns)

        return _Code(Type.BOOL, some)

    def rule_if_expr(self, node: Tree) -> _Code | None:
        condition, _, else_ = node.children
        c, x, y = self.compile_all(node.children)
        ok = True
        if c is not None and c.type is not Type.BOOL:
            self.problem(f"the condition after 'if' must be a bool, got {c.type.value}", condition)
            ok = False
        if x is not None and y is not None and x.type is not y.type:
            self.problem(f"'then' and 'else' must give the same type, got {x.type.value} and {y.type.value}", else_)
            ok = False
        if not ok or c is None or x is None or y is None:
            return None
        if c.const and x.const and y.const:
            return x if c.value else y
        fc, fx, fy = c.fn, x.fn, y.fn
        return _Code(x.type, lambda env: fx(env) if fc(env) else fy(env))

    # --- lists and calls

    def rule_list(self, node: Tree) -> _Code | None:
        codes = self.compile_all(node.children)
        ok = True
        for element, code in zip(node.children, codes, strict=True):
            if code is None:
                ok = False
            elif code.type is not Type.INT:
                self.problem(f"list elements must be ints, got {code.type.value}", element)
                ok = False
        if not ok or not _compiled(codes):
            return None
        if all(code.const for code in codes):
            return _constant(Type.LIST, tuple(code.value for code in codes))
        fns = tuple(code.fn for code in codes)
        return _Code(Type.LIST, lambda env: tuple([fn(env) for fn in fns]))

    def rule_call(self, node: Tree) -> _Code | None:
        name_token, *args = node.children
        name = str(name_token)
        codes = self.compile_all(args)
        if name not in FUNCTION_NAMES:
            self.problem(f"unknown function '{name}'{_did_you_mean(name, FUNCTION_NAMES)}", name_token)
            return None
        if not _compiled(codes):
            return None
        if name in _EXTREMUM_FUNCTIONS:
            return self.extremum(node, name, args, codes)
        function: Callable[..., Value]  # a number, or a list of them when each element is rounded
        types, function, can_fail = _FIXED_FUNCTIONS[name]
        result = Type.INT
        if name in _ROUNDING and codes and codes[0].type is Type.LIST:  # each element rounded
            types, result, function = (Type.LIST, Type.INT), Type.LIST, _each(function)
        if len(codes) != len(types):
            self.problem(f"{name}() takes {_count(len(types), 'argument')}, got {len(codes)}", node)
            return None
        ok = True
        for arg, code, wanted in zip(args, codes, types, strict=True):
            if code.type is not wanted:
                wanted_words = (
                    "a list" if wanted is Type.LIST and len(types) == 1
                    else "a list and an int" if result is Type.LIST
                    else "int arguments" if len(types) > 1 else "an int"
                )  # fmt: skip
                self.problem(f"{name}() needs {wanted_words}, got {code.type.value}", arg)
                ok = False
        if not ok:
            return None
        if can_fail and isinstance(step := codes[1].value, int):  # a constant step: checked now
            try:
                _check_step(name, step)
            except _EvalFailure as failure:
                self.problem(str(failure), args[1])
                return None
            can_fail = False
        return self.call(node, function, codes, can_fail, result)

    def extremum(self, node: Tree, name: str, args: list[Tree | Token], codes: list[_Code]) -> _Code | None:
        on_list, on_ints = _EXTREMUM_FUNCTIONS[name]
        if len(codes) == 1 and codes[0].type is Type.LIST:
            return self.call(node, on_list, codes, True)
        if len(codes) < 2:
            got = "nothing" if not codes else f"a single {codes[0].type.value}"
            self.problem(f"{name}() takes a list or two or more ints, got {got}", node)
            return None
        ok = True
        for arg, code in zip(args, codes, strict=True):
            if code.type is not Type.INT:
                self.problem(f"{name}() needs int arguments, got {code.type.value}", arg)
                ok = False
        return self.call(node, on_ints, codes, False) if ok else None

    def call(
        self, node: Tree, function: Callable[..., Any], codes: list[_Code], can_fail: bool, result: Type = Type.INT
    ) -> _Code | None:
        if len(codes) == 1:
            fn = _unary(function, codes[0])
        elif len(codes) == 2:
            fn = _binary(function, *codes)
        else:
            fns = tuple(code.fn for code in codes)

            def fn(env: Env) -> int:
                return function(*[f(env) for f in fns])

        if all(code.const for code in codes):
            # folded now, so a failure such as min([]) is reported when the rule file loads
            try:
                return _constant(result, fn({}))
            except _EvalFailure as failure:
                self.problem(str(failure), node)
                return None
        return _Code(result, self.guard(fn, *_span(node)) if can_fail else fn)


# --- messages ------------------------------------------------------------------------------------


def _did_you_mean(word: str, candidates: Iterable[str]) -> str:
    close = suggestion(word, sorted(candidates))
    return f"; did you mean '{close}'?" if close else ""


def _names_here(names: Iterable[str]) -> str:
    """The names a place may read, for a name with no close match: what may stand there instead."""
    listed = ", ".join(sorted(names))
    return f"; the names here are {listed}" if listed else "; no names may be read here"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _quote(text: str) -> str:
    """Source text for a one-line message: whitespace runs collapsed, long text shortened."""
    return f"'{_shorten(' '.join(text.split()), _FRAGMENT_WIDTH)}'"


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())
