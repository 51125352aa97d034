"""Hostile and broken input: always diagnostics with a position, never a traceback, and fast (in the
CPU time the check spends, never the wall clock's time, which a loaded machine stretches)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import check_file
from interpreter.rulefile.yaml_source import MAX_BYTES
from interpreter.text.diagnostics import Diagnostic

LAUGHS = "\n".join(
    ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    + [f"{this}: &{this} [{', '.join(['*' + prev] * 9)}]" for prev, this in zip("abcdefgh", "bcdefghi", strict=True)]
).encode()
HOUSE = b"name: house\nextends: draw\n"

# (what, file bytes, expected line, column, message part)
CASES = [
    ("empty file", b"", 0, 0, "the file is empty"),
    ("only comments", b"# nothing here\n\n", 0, 0, "the file is empty"),
    ("list at top level", b"- a\n- b\n", 1, 1, "top level must be a mapping of keys (name:, set:, …), not a list"),
    ("scalar at top level", b"hello\n", 1, 1, "not a string"),
    ("invalid UTF-8", b"name: x\ntitle: caf\xe9\n", 2, 11, "invalid UTF-8 (byte 0xe9 at byte offset 18)"),
    ("UTF-16", "name: x\n".encode("utf-16"), 0, 0, "UTF-16 or UTF-32 encoded"),
    ("NUL byte", b"name: x\nset: \x00\x01", 2, 6, "binary data (a NUL byte)"),
    ("control character", b"name: x\x07\n", 1, 8, "character U+0007 is not allowed"),
    ("over the size limit", b"#" * (MAX_BYTES + 1), 0, 0, "larger than 256 KiB"),
    ("billion laughs", LAUGHS, 1, 20, "more than 2000 values once aliases are expanded"),
    ("alias of itself", b"a: &a [*a]\n", 1, 4, "nested more than 32 levels deep (through aliases)"),
    ("deep flow nesting", b"a: " + b"[" * 50_000 + b"]" * 50_000, 1, 35, "nested more than 32 levels deep"),
    ("deep block nesting", b"".join(b"  " * i + b"k:\n" for i in range(100)), 32, 63, "nested more than 32"),
    ("many values", b"a: [" + b"1," * 50_000 + b"1]\n", 1, 3999, "more than 2000 keys and values"),
    ("10**100 as an int", HOUSE + b"set: {max_pip: 1" + b"0" * 100 + b"}\n", 3, 16, "a number with 101 digits is more"),
    ("int too long to read", HOUSE + b"set: {max_pip: 1" + b"0" * 5000 + b"}\n", 3, 16, "is not a valid int"),
    # Found by the fuzzer: a hub's engine check and the hand sizes read the set a broken max_pip has not.
    ("no set for a hub", b"name: x\nextends: mexican-train\nset: {max_pip: ;}\n", 3, 16, "unexpected character ';'"),
    ("1e400", HOUSE + b"start: {max_redeals: 1e400}\n", 3, 22, "must be an integer, not '1e400'"),
    (".inf", HOUSE + b"start: {max_redeals: .inf}\n", 3, 22, "must be an integer, not a decimal number out of range"),
    (".nan", HOUSE + b"start: {max_redeals: .nan}\n", 3, 22, "must be an integer, not a decimal number out of range"),
    (
        "duplicate key",
        HOUSE + b"match: {target: 5, target: 6}\n",
        3,
        20,
        "duplicate key 'target' (first written on line 3)",
    ),
    ("float key", HOUSE + b"1.5: x\n", 3, 1, "a key must be a string, not a number"),
    ("null key", HOUSE + b"~: x\n", 3, 1, "a key must be a string, not null"),
    ("list key", HOUSE + b"? [a]\n: x\n", 3, 3, "a key must be a string, not a list"),
    ("merge key", HOUSE + b"play: {<<: {forced: true}}\n", 3, 8, "merge keys ('<<') are not supported"),
    ("python tag", HOUSE + b"title: !!python/object/apply:os.system [ls]\n", 3, 8, "unsupported YAML tag"),
    ("custom tag", HOUSE + b"title: !secret x\n", 3, 8, "unsupported YAML tag '!secret'"),
    ("YAML syntax error", HOUSE + b"match: {target: 5\nplay: {}\n", 4, 5, "YAML syntax error"),
    ("tab indentation", HOUSE + b"match:\n\ttarget: 5\n", 4, 1, "indent with spaces"),
    ("two documents", HOUSE + b"---\nname: other\n", 3, 1, "expected a single document"),
    ("huge expression", HOUSE + b"play: {match: '" + b"x or " * 1000 + b"x'}\n", 3, 15, "the limit is 2000"),
    ("deep expression", HOUSE + b"play: {match: '" + b"(" * 300 + b"true" + b")" * 300 + b"'}\n", 3, 80, "too deeply"),
    ("long extends", b"name: x\nextends: '" + b"a" * 5000 + b"'\n", 2, 10, "extends: cannot find 'aaaa"),
]


@pytest.mark.parametrize(("what", "data", "line", "column", "message"), CASES, ids=[c[0] for c in CASES])
def test_hostile_file(tmp_path: Path, what: str, data: bytes, line: int, column: int, message: str) -> None:
    path = tmp_path / "hostile.yaml"
    path.write_bytes(data)
    started = time.process_time()  # this process's CPU time: what a busy machine's other work does not inflate
    diagnostics = check_file(path)
    assert time.process_time() - started < 1.0, f"{what} took too long"
    found = [d for d in diagnostics if message in d.message]
    assert found, "\n".join(d.format() for d in diagnostics)
    assert (found[0].line, found[0].column) == (line, column)
    assert not [d for d in diagnostics if "internal error" in d.message], [d.format() for d in diagnostics]


def _check_never_raises(folder: Path, data: bytes) -> None:
    path = folder / "case.yaml"
    path.write_bytes(data)
    diagnostics = check_file(path)
    assert all(isinstance(d, Diagnostic) for d in diagnostics)
    assert not [d for d in diagnostics if "internal error" in d.message], [d.format() for d in diagnostics]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hostile")


_FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@_FAST
@given(data=st.binary(max_size=3000))
def test_random_bytes_never_raise(scratch: Path, data: bytes) -> None:
    _check_never_raises(scratch, data)


_BUNDLED = [path.read_text(encoding="utf-8") for path in bundled_variants().values()]
_SCALAR_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)


@st.composite
def mutated_rule_file(draw: st.DrawFn) -> str:
    lines = draw(st.sampled_from(_BUNDLED)).splitlines()
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        mutation = draw(st.sampled_from(["delete", "duplicate", "swap", "scalar", "insert", "indent"]))
        if mutation == "delete":
            del lines[i]
        elif mutation == "duplicate":
            lines.insert(j, lines[i])
        elif mutation == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif mutation == "scalar" and ": " in lines[i]:
            key = lines[i].split(": ", 1)[0]
            lines[i] = f"{key}: {draw(_SCALAR_TEXT)}"
        elif mutation == "insert":
            lines.insert(i, draw(_SCALAR_TEXT))
        else:
            lines[i] = " " * draw(st.integers(0, 6)) + lines[i].lstrip()
    return "\n".join(lines) + "\n"


@_FAST
@given(text=mutated_rule_file())
def test_mutated_bundled_files_never_raise(scratch: Path, text: str) -> None:
    _check_never_raises(scratch, text.encode("utf-8"))
