"""docs/format.md states every limit schema/rules.schema.json enforces, next to the key it bounds:
a writer learns "at most 400 characters" from the page, not from a refused file."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "schema" / "rules.schema.json").read_text(encoding="utf-8"))
FORMAT = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")

# The bounds a writer can run into. A lower bound of 1 on a string's length or a list's items
# ("not empty") and a mapping's number of keys (a scorer's one `lowest`/`highest`) say what the
# key's own description says; every other bound is a number the page must state.
NUMBERS = ("maxLength", "maxItems", "minimum", "maximum", "minLength", "minItems")

# What a pattern limits, as the page must say it next to the key: any one of these words.
PATTERNS = {
    "^[a-z0-9][a-z0-9-]{0,63}$": ("64 characters",),  # the variant's name
    "^[0-9]{1,2}-[0-9]{1,2}$": ("6-6", "0-0"),  # a tile written as its two halves
    # a player count, or a range of them, as a table's key: an example, or the section that says it
    "^[0-9]{1,2}(-[0-9]{1,2})?$": ('"3-4"', "#numbers-by-player-count"),
    "^[a-z][a-z0-9_]{0,31}$": ("lower-case letters, digits",),  # a score track's name
}

# Every formula's and condition's own limits (the schema's $defs), said once for them all on the
# page; a key that takes a formula is bounded by them under the name "formula".
FORMULA = SCHEMA["$defs"]["formula"]


def _is_formula(node: dict) -> bool:
    about = f"{node.get('title', '')} {node.get('description', '')}".lower()
    return node.get("maxLength") == FORMULA["maxLength"] and ("formula" in about or "condition" in about)


def _bounds(node: object, key: str) -> Iterator[tuple[str, str, object]]:
    """(the key bounded, the bound, its value) for every bound under `node`; a list's items and a
    choice's branches are bounded as their key."""
    if isinstance(node, list):
        for item in node:
            yield from _bounds(item, key)
        return
    if not isinstance(node, dict):
        return
    for bound in NUMBERS:
        value = node.get(bound)
        if value is not None and not (bound in ("minLength", "minItems") and value == 1):
            yield "formula" if _is_formula(node) and value == FORMULA.get(bound) else key, bound, value
    if "pattern" in node:
        yield key, "pattern", node["pattern"]
    for pattern, inner in node.get("patternProperties", {}).items():
        yield key, "pattern", pattern
        yield from _bounds(inner, key)
    for name, inner in node.get("properties", {}).items():
        yield from _bounds(inner, name)
    for name, inner in node.get("$defs", {}).items():
        yield from _bounds(inner, name)
    for part in ("items", "oneOf", "anyOf", "allOf"):
        if part in node:
            yield from _bounds(node[part], key)


def _units(text: str) -> list[str]:
    """The page's table rows, each on its own, and its paragraphs: where a key and its limit sit together."""
    units: list[str] = []
    paragraph: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            units.append(line)
        elif line.strip():
            paragraph.append(line)
            continue
        if paragraph:
            units.append(" ".join(paragraph))
            paragraph = []
    return units


UNITS = _units(FORMAT)


def _number(value: int) -> re.Pattern[str]:
    """`value` as the page may write it: 2000, 2,000 or 2 000; a negative one with − or -, or as ±."""
    written = "[,  ]?".join(f"{abs(value):,}".split(","))  # the groups of three digits
    sign = "(?:[−-]|±)" if value < 0 else "(?<![−\\d,-])"
    return re.compile(f"{sign}{written}(?!\\d|[,  ]\\d)")


def _stated(key: str, bound: str, value: object) -> bool:
    mention = re.compile(rf"`{re.escape(key)}\b|\b{re.escape(key)}s?\b")
    if bound == "pattern":
        assert value in PATTERNS, f"a new pattern for {key}: say in PATTERNS what the page must state of it"
        wanted = PATTERNS[str(value)]
        return any(mention.search(unit) and any(word in unit for word in wanted) for unit in UNITS)
    assert isinstance(value, int)
    number = _number(value)
    return any(mention.search(unit) and number.search(unit) for unit in UNITS)


LIMITS = sorted(set(_bounds(SCHEMA, "")), key=str)


def test_the_schema_has_limits_to_state() -> None:
    found = {(key, bound, value) for key, bound, value in LIMITS}
    assert ("not_expressible", "maxItems", 32) in found
    assert ("not_expressible", "maxLength", 400) in found
    assert ("name", "pattern", "^[a-z0-9][a-z0-9-]{0,63}$") in found


@pytest.mark.parametrize(("key", "bound", "value"), LIMITS, ids=lambda part: str(part))
def test_format_md_states_the_limit_next_to_its_key(key: str, bound: str, value: object) -> None:
    assert _stated(key, bound, value), f"docs/format.md does not state {key}'s {bound} {value} next to `{key}`"


def test_a_number_is_found_as_written_and_never_inside_another() -> None:
    assert _number(2000).search("at most 2,000 characters") and _number(2000).search("at most 2000")
    assert not _number(200).search("at most 2000") and not _number(200).search("at most 2,000")
    assert _number(-1000000).search("from −1,000,000 to") and _number(-1000).search("±1000")
    assert not _number(1000).search("−1000") and not _number(8).search("18")
