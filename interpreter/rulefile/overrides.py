"""House rules from the command line: `--set key.path=value` options laid over a variant.

The options become the text of a rule file that extends the variant, one key per line, and that
text goes through the loader like any file: it is checked exactly like a file, and every problem
the loader reports at a line of it is reported against the option that wrote that line.

A value must not write more than its own key: it is one line (no character that YAML or
`str.splitlines` takes for a line break), and it is read as YAML on its own first, where it must be
one complete value (a scalar or a flow collection; no block scalar, no alias of another option's
anchor, no bracket left open for the next line to close).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import load_ruleset, load_ruleset_text, resolve_variant
from interpreter.rulefile.ruleset import Ruleset
from interpreter.rulefile.yaml_source import Source, parse
from interpreter.text.diagnostics import Diagnostic, RuleFileError, shorten

PSEUDO_FILE = "--set"  # how the loader names the generated text; no diagnostic keeps this name
_LINE_NOTE = re.compile(r" \(line \d+\)")
_KEY = re.compile(r"[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*")
# Every character that YAML (\n \r \x85 \u2028 \u2029) or str.splitlines (also \v \f \x1c-\x1e)
# takes for the end of a line: in a value, each would let one option write the next line's key.
_LINE_BREAK = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
MAX_KEY_PARTS = 8  # the format nests three deep (scoring.in_play.points): a longer path is a mistake
# The schema's maxLength of a title and a description: the ones the house rules are given stay
# within them, however long the base's title and the options are.
MAX_TITLE, MAX_DESCRIPTION = 200, 500
_SHOWN = 60  # characters of an option that a message quotes: a long value cannot flood it


class SettingError(ValueError):
    """A `--set` option that is not of the form key.path=value."""


@dataclass(frozen=True)
class Setting:
    option: str  # as typed, for messages: "match.target=150"
    path: tuple[str, ...]
    value: str  # YAML text: a scalar or a flow collection


def parse_setting(option: str) -> Setting:
    key, equals, value = option.partition("=")
    key = key.strip()
    if not equals or not key:
        raise SettingError(f"--set {option}: write it as key.path=value, e.g. --set match.target=150")
    if key.count(".") >= MAX_KEY_PARTS:
        raise SettingError(f"--set {shorten(key)}=…: a key path has at most {MAX_KEY_PARTS} keys, e.g. match.target")
    if not _KEY.fullmatch(key):
        problem = f"'{shorten(key)}' is not a key path; keys are words joined by dots"
        raise SettingError(f"--set {shorten(option)}: {problem}")
    brk = _LINE_BREAK.search(value)
    if brk is not None:
        shown = _LINE_BREAK.sub(lambda m: f"\\u{ord(m.group()):04x}", shorten(option, 60))
        raise SettingError(f"--set {shown}: a value is one line of YAML, and U+{ord(brk.group()):04X} is a line break")
    path = tuple(key.split("."))
    if path[0] == "extends":
        raise SettingError("--set extends: house rules always extend the variant being played")
    return Setting(option, path, value.strip())


def load_with_settings(variant: str, options: Sequence[str], cwd: Path) -> Ruleset:
    """The variant (a bundled name or a path relative to `cwd`) with the `--set` options laid over.

    Raises SettingError for a malformed option and RuleFileError for rules the loader refuses.
    """
    path = resolve_variant(variant, cwd)
    ruleset = load_ruleset(path)
    return apply_settings(variant, path, ruleset, options, cwd) if options else ruleset


def apply_settings(
    variant: str,
    base_file: Path,
    base: Ruleset,
    options: Sequence[str],
    cwd: Path,
    siblings: Mapping[str, str] | None = None,
) -> Ruleset:
    """The rules of `base` (loaded from `base_file`, named `variant` by the user) with `options` laid over.
    `siblings`: rule files in no file, by name and text, the variant may be one of (`load_merged`).

    Raises SettingError for a malformed option and RuleFileError for house rules the loader refuses.
    """
    text, owners = house_rules_text(variant, base_file, base, options, siblings)
    try:
        return load_ruleset_text(text, PSEUDO_FILE, cwd, siblings=siblings, any_base_name=True)
    except RuleFileError as error:
        raise RuleFileError([_attributed(d, owners) for d in error.diagnostics]) from None


def house_rules_text(
    variant: str, base_file: Path, base: Ruleset, options: Sequence[str], siblings: Mapping[str, str] | None = None
) -> tuple[str, list[Setting | None]]:
    """The rule file that `options` make over `base` (loaded from `base_file`, named `variant` by
    the user), which the loader reads as PSEUDO_FILE; and per line of it, the option that wrote it.

    Raises SettingError for a malformed option and RuleFileError for a value that is not one YAML value.
    """
    settings = _last_of_each([parse_setting(option) for option in options])
    for setting in settings:
        _check_alone(setting)
    tree = _tree(settings)
    extends = variant if variant in bundled_variants() or variant in (siblings or {}) else str(base_file.resolve())
    header = {
        "name": f"{base.name}-custom",
        "title": shorten(base.title, MAX_TITLE - len(" (house rules)")) + " (house rules)",
        "description": shorten(f"{base.title} with " + ", ".join(s.option for s in settings), MAX_DESCRIPTION),
        "extends": extends,
    }
    lines: list[str] = []
    owners: list[Setting | None] = []  # per line of the text: the option it came from
    for key, value in header.items():
        if key not in tree:
            lines.append(f"{key}: {json.dumps(value)}")
            owners.append(None)
    _emit(tree, 0, lines, owners)
    return "\n".join(lines) + "\n", owners


_Tree = dict[str, "_Tree | Setting"]


def _check_alone(setting: Setting) -> None:
    """Read the value as YAML on its own: it must be one complete value on its one line, so that in
    the generated text it cannot reach into another option's line (an open bracket, a block
    scalar) or refer to another option's anchor. Problems of the value itself (a wrong number form,
    a duplicate key) are left for the loader, which reports them against this option too."""
    name = _named(setting)
    tree, problems = parse(Source(name, Path(PSEUDO_FILE), f"v: {setting.value}\n"))
    if tree is None:
        # Line numbers and caret lines would point into text the user never wrote.
        raise RuleFileError([Diagnostic(name, 0, 0, _LINE_NOTE.sub("", d.message)) for d in problems])
    value = tree.value.get("v")
    node = value.origin.node if value is not None else None
    block_scalar = getattr(node, "style", None) in ("|", ">")
    if list(tree.value) != ["v"] or node is None or node.end_mark.line != 0 or block_scalar:
        raise SettingError(f"{name}: a value is one YAML value on one line: a scalar, a [list] or a {{mapping: …}}")


def _last_of_each(settings: list[Setting]) -> list[Setting]:
    """One setting per key path, the last given winning, as with repeated command-line options."""
    by_path: dict[tuple[str, ...], Setting] = {}
    for setting in settings:
        by_path.pop(setting.path, None)
        by_path[setting.path] = setting
    return list(by_path.values())


def _tree(settings: list[Setting]) -> _Tree:
    """The settings nested by key, so that options naming one section are written under one key."""
    tree: _Tree = {}
    for setting in settings:
        node = tree
        for key in setting.path[:-1]:
            child = node.setdefault(key, {})
            if isinstance(child, Setting):
                raise _overlap(child, setting)
            node = child
        leaf = setting.path[-1]
        if isinstance(node.get(leaf), dict):
            raise _overlap(setting, _first_leaf(node[leaf]))
        node[leaf] = setting
    return tree


def _overlap(outer: Setting, inner: Setting) -> SettingError:
    return SettingError(f"{_named(outer)} and {_named(inner)} both set {'.'.join(outer.path)}")


def _named(setting: Setting) -> str:
    """How a message names the option that wrote `setting`: `--set match.target=150`."""
    return f"--set {shorten(setting.option, _SHOWN)}"


def _first_leaf(node: _Tree | Setting) -> Setting:
    while isinstance(node, dict):
        node = next(iter(node.values()))
    return node


def _emit(tree: _Tree, depth: int, lines: list[str], owners: list[Setting | None]) -> None:
    indent = "  " * depth
    for key, node in tree.items():
        if isinstance(node, Setting):
            lines.append(f"{indent}{json.dumps(key)}: {node.value}")
        else:
            lines.append(f"{indent}{json.dumps(key)}:")
        # A section's line belongs to the first option under it: a problem there is about that option.
        owners.append(_first_leaf(node))
        if isinstance(node, dict):
            _emit(node, depth + 1, lines, owners)


def _attributed(diagnostic: Diagnostic, owners: list[Setting | None]) -> Diagnostic:
    if diagnostic.file != PSEUDO_FILE:
        return diagnostic  # a problem the house rules cause in the base file: shown where it is
    # YAML reports an unclosed bracket at the end of the text: that is the last option's value.
    line = min(diagnostic.line, len(owners))
    owner = owners[line - 1] if line > 0 else None
    name = _named(owner) if owner is not None else PSEUDO_FILE
    if diagnostic.message.startswith("YAML"):
        # Line numbers and caret lines would point into text the user never wrote.
        return Diagnostic(name, 0, 0, _LINE_NOTE.sub("", diagnostic.message))
    return Diagnostic(name, 0, 0, diagnostic.message, diagnostic.snippet)
