"""JSON Schema validation of a merged rule document, with messages written for people.

Every schema error becomes a `SchemaProblem` at a key path: the loader maps the path to a file
position. A failed `oneOf` is reported through the one branch whose type matches the value
(the schema's alternatives have distinct types), so a user sees "unknown value", not a list of
every alternative's complaint.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator, ValidationError, validators

from interpreter.resources import load_schema
from interpreter.text.diagnostics import dotted, meaning, shorten, suggestion

KeyPath = tuple[str | int, ...]

_TYPE_WORDS = {
    "integer": "an integer",
    "string": "a string",
    "boolean": "true or false",
    "object": "a mapping",
    "array": "a list",
}
_PATTERN_WORDS = {
    "^[a-z0-9][a-z0-9-]{0,63}$": "a valid name: lower-case letters, digits and '-', starting with a letter or digit, "
    "at most 64 characters",
    "^[0-9]{1,2}(-[0-9]{1,2})?$": 'a player count or a range of counts such as "2" or "3-4"',
    "^[0-9]{1,2}-[0-9]{1,2}$": 'a tile: its two numbers joined by "-", such as "6-3"',
}


@dataclass(frozen=True)
class SchemaProblem:
    path: KeyPath
    message: str
    key: bool = False  # the problem is the key at `path` (unknown, missing), not its value
    wrong_type: bool = False


def schema_problems(data: dict[str, Any]) -> list[SchemaProblem]:
    found: dict[SchemaProblem, None] = {}
    for error in _validator().iter_errors(data):
        found.update(dict.fromkeys(_explain(error)))
    # A value of the wrong type is one problem: not also "more than the maximum" (.inf) and the like.
    mistyped = {p.path for p in found if p.wrong_type}
    return [p for p in found if p.wrong_type or p.path not in mistyped]


@functools.cache
def _validator() -> Draft202012Validator:
    # JSON Schema counts 7.0 as an integer; a rule file that says 7.0 has made a mistake.
    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    strict = validators.extend(Draft202012Validator, type_checker=checker)
    return strict(load_schema())


def _explain(error: ValidationError) -> Iterator[SchemaProblem]:
    path = tuple(error.absolute_path)
    where = f"{dotted(path)}: " if path else ""
    kind, schema, value = error.validator, error.schema, error.instance
    # iter_errors names, on every error it yields, the keyword that failed and the (sub)schema it
    # stands in; the rules' schema has no true/false subschemas, so that is a mapping.
    assert isinstance(kind, str) and isinstance(schema, Mapping), error
    bound = schema[kind]  # the keyword's value: what jsonschema also gives as error.validator_value
    if kind in ("oneOf", "anyOf"):
        branch = _matching_branch(error)
        if branch is None:
            titles = " or ".join(alternative.get("title", "?") for alternative in bound)
            yield SchemaProblem(path, f"{where}must be {titles}, not {_describe(value)}", wrong_type=True)
        else:
            for sub in branch:
                yield from _explain(sub)
    elif kind == "additionalProperties" and isinstance(value, dict):  # a keyword only a mapping can fail
        yield from _unknown_keys(path, value, schema)
    elif kind == "required" and isinstance(value, dict):
        for name in bound:
            if name not in value:
                yield SchemaProblem((*path, name), f"{where}missing required key '{name}'", key=True)
    elif kind == "type":
        types = [bound] if isinstance(bound, str) else [t for t in bound if t != "null"]
        expected = schema.get("title") or " or ".join(_TYPE_WORDS.get(t, t) for t in types)
        yield SchemaProblem(path, f"{where}must be {expected}, not {_describe(value)}", wrong_type=True)
    elif kind == "enum":
        yield SchemaProblem(path, where + _unknown_value(value, [v for v in bound if v is not None], path))
    else:
        yield SchemaProblem(path, where + _limit_message(kind, bound, value, schema, error.message))


def _matching_branch(error: ValidationError) -> list[ValidationError] | None:
    """The errors of the alternative whose type fits the value, or None if no type fits."""
    branches: dict[str | int, list[ValidationError]] = {}  # by the branch's index in the oneOf/anyOf
    for sub in error.context or []:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    fitting = [
        errors
        for errors in branches.values()
        if not any(e.validator == "type" and not e.relative_path and len(e.relative_schema_path) == 2 for e in errors)
    ]
    return min(fitting, key=len) if fitting else None


def _unknown_keys(path: KeyPath, value: dict[str, Any], schema: Mapping[str, Any]) -> Iterator[SchemaProblem]:
    known = list(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    where = f"{dotted(path)}: " if path else ""
    for key in value:
        if key in known or any(re.search(pattern, key) for pattern in patterns):
            continue
        if patterns:
            message = f"'{shorten(key)}' is not " + " or ".join(_PATTERN_WORDS.get(p, f"like {p}") for p in patterns)
        else:
            close = suggestion(key, known)
            takes = f"{dotted(path) or 'the top level'} takes {', '.join(known)}"
            hint = _criterion_hint(path, key, value[key]) or (f"did you mean '{close}'?" if close else takes)
            message = f"unknown key '{shorten(key)}'; {hint}"
        yield SchemaProblem((*path, key), where + message, key=True)


def _unknown_value(value: Any, allowed: list[Any], path: KeyPath) -> str:
    options = ", ".join(str(a) for a in allowed)
    message = f"{_describe(value)} is not one of {options}"
    if isinstance(value, str):
        hint = _criterion_hint(path, value, None)
        close = suggestion(value, [str(a) for a in allowed])
        if hint:
            message += f"; {hint}"
        elif close:
            message += f"; did you mean '{close}'?"
    return message


def _criterion_hint(path: KeyPath, word: str, formula: Any) -> str | None:
    """For a start criterion that no name says but a ranking does, how to write it.

    `highest_ranked` picks the highest rank, so the lowest of anything is the highest of its
    negation; a tie for the top rank falls through, so tiles that must not count rank below all.
    """
    if not (len(path) == 3 and path[0] == "start" and isinstance(path[2], int)):
        return None
    said = meaning(word)
    if said == ("less", "double"):
        return 'to start with the lowest double, use {highest_ranked: "if is_double then -high else -100"}'
    if said == ("less", "ranked"):
        negated = f"-({shorten(str(formula))})" if isinstance(formula, str | int) else "-(FORMULA)"
        return f'to start with the lowest-ranked tile, use {{highest_ranked: "{negated}"}}'
    if said == ("more", "tile"):
        return "to start with the heaviest tile, use {highest_ranked: pips}"
    if said == ("less", "tile"):
        return 'to start with the lightest tile, use {highest_ranked: "-pips"}'
    return None


def _limit_message(kind: str, bound: Any, value: Any, schema: Mapping[str, Any], fallback: str) -> str:
    if kind == "minimum":
        return f"{_number(value)} is less than the minimum, {bound}"
    if kind == "maximum":
        return f"{_number(value)} is more than the maximum, {bound}"
    if kind == "minLength":
        return "must not be empty"
    if kind == "maxLength":
        return f"is {len(value)} characters long; the limit is {bound}"
    if kind == "pattern":
        return f"'{shorten(value)}' is not " + _PATTERN_WORDS.get(bound, f"like {bound}")
    if kind in ("minItems", "maxItems", "minProperties", "maxProperties"):
        return _count_message(kind, schema)
    return fallback


def _count_message(kind: str, schema: Mapping[str, Any]) -> str:
    noun, keyword = ("item", "Items") if kind.endswith("Items") else ("key", "Properties")
    low, high = schema.get(f"min{keyword}"), schema.get(f"max{keyword}")
    if low == high:
        return f"must have exactly {low} {noun}{'' if low == 1 else 's'}"
    if kind.startswith("min"):
        return "must not be empty" if low == 1 else f"must have at least {low} {noun}s"
    return f"must have at most {high} {noun}s"


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"the number {_number(value)}"
    if isinstance(value, float):
        return "a decimal number" + ("" if math.isfinite(value) and abs(value) < 1e15 else " out of range")
    if isinstance(value, str):
        return f"'{shorten(value)}'"
    return "a list" if isinstance(value, list) else "a mapping"


def _number(value: int | float) -> str:
    text = str(value)
    return text if len(text) <= 20 else f"a number with {len(text.lstrip('-'))} digits"
