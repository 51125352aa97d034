"""Rules that travel: a ruleset sent to a process that cannot read the user's files.

A Ray worker on another machine (`--backend ray`) has none of the user's rule files, and rules read
from standard input (`-`) are in no file at all. Such a run sends the rules themselves: the merged
rule document — the file over its `extends:` chain, with the `--set` options laid over, exactly
what the loader checked and built — as plain data, with the file, line and column each value was
written at. Any process builds the same `Ruleset` from them without reading a file (the run checks
that its digest, the sha256 of that document, is the one it started with), and a formula that
fails there names the place it has in the user's file, as it would on this machine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreter.rulefile.build import build_ruleset
from interpreter.rulefile.extends import KeyPath, display_name, load_merged
from interpreter.rulefile.loader import load_ruleset, load_ruleset_text, resolve_variant
from interpreter.rulefile.overrides import PSEUDO_FILE, apply_settings, house_rules_text
from interpreter.rulefile.ruleset import Ruleset
from interpreter.rulefile.yaml_source import Located
from interpreter.text.diagnostics import dotted

STDIN_NAME = "<stdin>"  # how messages call a rule file read from standard input


@dataclass(frozen=True)
class PortableRules:
    """A ruleset as plain, picklable data: built again anywhere by `load`."""

    document: Mapping[str, Any]  # the merged rule document, as the loader gave it to the builder
    origins: Mapping[KeyPath, str]  # "file:line:col" of each value of it, by key path
    source: str  # the built ruleset's `source`
    digest: str  # the built ruleset's digest

    def load(self) -> Ruleset:
        ruleset, problems = build_ruleset(self.document, source=self.source, origin_of=self._origin_of)
        if ruleset is None:  # they built where they were read: this process's domino-rules differs
            raise RuntimeError(f"the rules do not build here: {problems[0].message}")
        return ruleset

    def _origin_of(self, path: KeyPath) -> str:
        """Where the value at `path` was written, as the loader says it (`loader._Locator.origin_of`)."""
        for length in range(len(path), -1, -1):
            found = self.origins.get(path[:length])
            if found is not None:
                return f"{found} ({dotted(path)})"
        raise AssertionError("the document's root always has an origin")


def portable_rules(variant: str, settings: Sequence[str], cwd: Path) -> PortableRules:
    """The rules `load_with_settings(variant, settings, cwd)` builds, as rules that travel.

    Raises SettingError and RuleFileError as `load_with_settings` does.
    """
    path = resolve_variant(variant, cwd)
    ruleset = load_ruleset(path)
    if not settings:
        tree, _ = load_merged(path, display_name(path))
        return _portable(tree, ruleset)
    # The same text, read the same way, as `load_with_settings` builds the rules from.
    text, _ = house_rules_text(variant, path, ruleset, settings)
    ruleset = apply_settings(variant, path, ruleset, settings, cwd)
    tree, _ = load_merged(cwd / PSEUDO_FILE, PSEUDO_FILE, text)
    return _portable(tree, ruleset)


def stdin_rules(text: str, settings: Sequence[str], cwd: Path) -> PortableRules:
    """The rules of `text`, a rule file read from standard input (called STDIN_NAME; a relative
    `extends:` is found from `cwd`, as `domino validate -` does), with the `--set` options laid over.

    Raises SettingError for a malformed option and RuleFileError for rules the loader refuses.
    """
    base = load_ruleset_text(text, STDIN_NAME, cwd)
    if not settings:
        tree, _ = load_merged(cwd / STDIN_NAME, STDIN_NAME, text)
        return _portable(tree, base)
    # `--set` options are a rule file that extends the variant: here the text, which is in no file,
    # extended by name as a sibling (load_merged), so every message and origin names it <stdin>.
    siblings = {STDIN_NAME: text}
    ruleset = apply_settings(STDIN_NAME, cwd / STDIN_NAME, base, settings, cwd, siblings)
    house, _ = house_rules_text(STDIN_NAME, cwd / STDIN_NAME, base, settings, siblings)
    tree, _ = load_merged(cwd / PSEUDO_FILE, PSEUDO_FILE, house, siblings=siblings)
    return _portable(tree, ruleset)


def _portable(tree: Located | None, ruleset: Ruleset) -> PortableRules:
    # The tree of rules that loaded: the same reading as the loader's, which found no problem.
    assert tree is not None
    origins: dict[KeyPath, str] = {}
    document = _plain(tree, (), origins)
    return PortableRules(document, origins, ruleset.source, ruleset.digest)


def _plain(located: Located, path: KeyPath, origins: dict[KeyPath, str]) -> Any:
    """The plain value of `located` (what the loader builds from), noting where each value was written."""
    line, column = located.origin.value_position()
    origins[path] = f"{located.origin.source.name}:{line}:{column}"
    if isinstance(located.value, dict):
        return {key: _plain(child, (*path, key), origins) for key, child in located.value.items()}
    if isinstance(located.value, list):
        return [_plain(child, (*path, i), origins) for i, child in enumerate(located.value)]
    return located.value
