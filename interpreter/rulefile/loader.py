"""Loading a rule file: read it safely, resolve `extends`, validate against the schema, build.

Every stage reports problems as `Diagnostic`s at the file, line and column they are about,
including positions inside expressions; `check_file` returns them all and never raises for bad
input, `load_ruleset` raises `RuleFileError` carrying them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from interpreter.resources import bundled_variants
from interpreter.rulefile.build import BuildProblem, build_ruleset
from interpreter.rulefile.extends import KeyPath, Merged, display_name, is_file, load_merged
from interpreter.rulefile.ruleset import Ruleset
from interpreter.rulefile.schema_check import SchemaProblem, schema_problems
from interpreter.rulefile.yaml_source import Located, Origin
from interpreter.text.diagnostics import Diagnostic, RuleFileError, dotted, suggestion

__all__ = ["Diagnostic", "RuleFileError", "check_file", "load_ruleset", "load_ruleset_text", "resolve_variant"]


def check_file(path: str | Path, *, name: str | None = None) -> list[Diagnostic]:
    """Every problem in the rule file at `path` (and its bases); empty when it loads.

    `name` is how diagnostics call the file (default: `path` as given).
    """
    return _load(Path(path), name or str(path))[1]


def load_ruleset(variant: str | Path, *, cwd: Path | None = None) -> Ruleset:
    """The compiled rules of a bundled variant name (e.g. "straight") or a rule file path.

    A `str` is resolved by `resolve_variant` (relative to `cwd`); a `Path` is used as it is.
    """
    path = resolve_variant(variant, cwd) if isinstance(variant, str) else variant
    ruleset, diagnostics = _load(path, display_name(path))
    if ruleset is None:
        raise RuleFileError(diagnostics)
    return ruleset


def load_ruleset_text(
    text: str,
    name: str,
    directory: Path,
    *,
    allow_paths: bool = True,
    siblings: Mapping[str, str] | None = None,
    any_base_name: bool = False,
) -> Ruleset:
    """The compiled rules of rule-file text that is in no file (house rules typed on the command
    line): diagnostics call it `name`, and a relative `extends:` is found from `directory`.

    Text from elsewhere — a rule file that arrived over the network — takes `allow_paths=False`:
    then `extends:` may name only a bundled variant or one of `siblings` (the upload's other files,
    plain file names to their text), and no file but the bundled ones is read (docs/security.md).
    `any_base_name`: the text's base may be a file of any name (the --set options' text over the
    rule file the user named); otherwise, as in a file, only a .yaml/.yml file."""
    ruleset, diagnostics = _load(
        directory / name, name, text, allow_paths=allow_paths, siblings=siblings, any_base_name=any_base_name
    )
    if ruleset is None:
        raise RuleFileError(diagnostics)
    return ruleset


def resolve_variant(variant: str, cwd: Path | None = None) -> Path:
    """A bundled variant's file, else `variant` as a path (relative to `cwd`) if it is a file."""
    bundled = bundled_variants()
    if variant in bundled:
        return bundled[variant]
    path = (cwd or Path.cwd()) / variant
    if is_file(path):
        return path
    message = f"no bundled variant or rule file named '{variant}'"
    close = suggestion(variant, bundled)
    message += f"; did you mean '{close}'?" if close else "; `domino list` shows the bundled variants"
    raise RuleFileError([Diagnostic(variant, 0, 0, message)])


def _load(
    path: Path, name: str, text: str | None = None, *, allow_paths: bool = True,
    siblings: Mapping[str, str] | None = None,
    any_base_name: bool = False,
) -> tuple[Ruleset | None, list[Diagnostic]]:
    tree, merged = load_merged(
        path, name, text, allow_paths=allow_paths, siblings=siblings, any_base_name=any_base_name
    )
    diagnostics = merged.problems
    if tree is None:
        return None, _tidy(diagnostics)
    locator = _Locator(tree, merged)
    # One problem per spot: a value the YAML stage already reported is not reported again.
    taken = {(d.file, d.line, d.column) for d in diagnostics}
    found = (locator.schema_diagnostic(p) for p in schema_problems(locator.data))
    diagnostics += [d for d in found if (d.file, d.line, d.column) not in taken]
    if diagnostics:
        return None, _tidy(diagnostics)
    try:
        ruleset, problems = build_ruleset(locator.data, source=str(path), origin_of=locator.origin_of)
    except Exception as error:  # a bug in the builder must still not become a traceback for the user
        ruleset, problems = None, [BuildProblem((), f"internal error ({type(error).__name__}: {error}); please report")]
    diagnostics += [locator.build_diagnostic(p) for p in problems]
    return (ruleset if not diagnostics else None), _tidy(diagnostics)


def _tidy(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Without repeats (an alias repeats its value's problems), in file and line order."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)


class _Locator:
    """Plain data for the schema and the builder, and the way back from a key path to a position."""

    def __init__(self, tree: Located, merged: Merged) -> None:
        self.origins: dict[KeyPath, Origin] = {}
        self.removed = merged.removed
        self.data = self._plain(tree, ())

    def _plain(self, located: Located, path: KeyPath) -> Any:
        self.origins[path] = located.origin
        if isinstance(located.value, dict):
            return {key: self._plain(child, (*path, key)) for key, child in located.value.items()}
        if isinstance(located.value, list):
            return [self._plain(child, (*path, i)) for i, child in enumerate(located.value)]
        return located.value

    def nearest(self, path: KeyPath) -> tuple[Origin, bool]:
        """The origin of `path`, or of its nearest ancestor that the document has; and whether exact."""
        for length in range(len(path), -1, -1):
            origin = self.origins.get(path[:length])
            if origin is not None:
                return origin, length == len(path)
        raise AssertionError("the root always has an origin")

    def origin_of(self, path: KeyPath) -> str:
        origin, _ = self.nearest(path)
        line, column = origin.value_position()
        return f"{origin.source.name}:{line}:{column} ({dotted(path)})"

    def schema_diagnostic(self, problem: SchemaProblem) -> Diagnostic:
        removed = self.removed.get(problem.path)
        if removed is not None:  # a required key that a null removed: point at the null
            line, column = removed.key_position()
            return removed.source.diagnostic(line, column, f"{problem.message} (null removes it here)")
        return self._at(problem.path, problem.key, problem.message)

    def build_diagnostic(self, problem: BuildProblem) -> Diagnostic:
        origin, exact = self.nearest(problem.path)
        message = f"{dotted(problem.path)}: {problem.message}" if problem.path else problem.message
        if problem.expr is not None and exact:
            line, column = origin.position_in_value(problem.expr.offset)
            value = self._value(problem.path)
            source = str(value).lower() if isinstance(value, bool) else str(value)
            return Diagnostic(origin.source.name, line, column, message, problem.expr.snippet(source))
        top = self.origins[()].source
        cause = self._house_cause(problem) if origin.source != top or not exact else None
        if cause is None:
            return self._at(problem.path, problem.key, message)
        if exact:
            line, column = origin.value_position()
            message += f" ({dotted(problem.path)} is set in {origin.source.name}:{line}:{column})"
        line, column = self.origins[cause].key_position()
        return top.diagnostic(line, column, message)

    def _house_cause(self, problem: BuildProblem) -> KeyPath | None:
        """The key the checked file itself set that a problem placed elsewhere is most likely about.

        Bases load on their own, so a problem at a value inherited from a base (or at a default)
        is usually caused by what the house file changed next to it: a key the problem's message
        names, else a key beside it, one that refines it first (`teams_when` for `teams`).
        """
        top = self.origins[()].source
        written = [
            path
            for path, origin in self.origins.items()
            if path and origin.source == top and isinstance(path[-1], str) and not isinstance(self._value(path), dict)
        ]
        named = [path for path in written if re.search(rf"\b{re.escape(str(path[-1]))}\b", problem.message)]
        if named:
            return named[0]
        parent, key = problem.path[:-1], problem.path[-1] if problem.path else None
        beside = [path for path in written if parent and path[:-1] == parent]
        refining = [path for path in beside if isinstance(key, str) and str(path[-1]).startswith(f"{key}_")]
        nearby = refining or beside
        return nearby[0] if nearby else None

    def _at(self, path: KeyPath, key: bool, message: str) -> Diagnostic:
        # A path the document lacks (a missing key, a default) is shown at its nearest ancestor's key.
        origin, exact = self.nearest(path)
        line, column = origin.key_position() if key or not exact else origin.value_position()
        return origin.source.diagnostic(line, column, message)

    def _value(self, path: KeyPath) -> Any:
        value: Any = self.data
        for key in path:
            value = value[key]
        return value
