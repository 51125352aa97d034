"""`extends:` — finding a rule file's base and merging the file over it (docs/format.md).

Merging works on `Located` trees, so every value of the result still knows which file and line
it came from, and a problem in a base file is reported in the base file.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.diagnostics import Diagnostic, shorten, suggestion
from interpreter.resources import bundled_variants, load_schema
from interpreter.yaml_source import Located, Origin, Source, parse, read_source

KeyPath = tuple[str | int, ...]

NOT_INHERITED = ("name", "title", "description")
MAX_CHAIN = 16  # files in one extends chain; real house rules stack two or three


@dataclass
class Merged:
    """What reading a file and its bases found besides the tree: problems, and where nulls removed keys."""

    removed: dict[KeyPath, Origin] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)


def load_merged(path: Path, name: str, text: str | None = None) -> tuple[Located | None, Merged]:
    """The file at `path` merged over its bases; None when a file cannot be read or a base found.

    `text`, when given, is the file's content and nothing is read at `path` (house rules typed on
    the command line); `path` still locates a relative `extends:`.
    """
    merged = Merged()
    tree = _load(path, name, (), merged, text)
    return tree, merged


def _load(path: Path, name: str, chain: tuple[Path, ...], merged: Merged, text: str | None = None) -> Located | None:
    if text is None:
        source, problems = read_source(path, name)
        merged.problems += problems
    else:
        source = Source(name, path, text)
    if source is None:
        return None
    tree, problems = parse(source)
    merged.problems += problems
    if tree is None:
        return None
    extends = tree.value.pop("extends", None)
    if extends is None or extends.value is None:
        return _merge(None, tree, (), merged.removed)
    chain = (*chain, path.resolve())
    base_path = _find_base(extends, source, chain, merged)
    if base_path is None:
        return None
    base = _load(base_path, _base_name(extends.value, source, base_path), chain, merged)
    if base is None:
        return None
    for key in NOT_INHERITED:
        base.value.pop(key, None)
    return _merge(base, tree, (), merged.removed)


def _find_base(extends: Located, source: Source, chain: tuple[Path, ...], merged: Merged) -> Path | None:
    line, column = extends.origin.value_position()
    value = extends.value
    if not isinstance(value, str) or not value.strip():
        message = "extends: must be a bundled variant name or a path to a rule file"
        merged.problems.append(source.diagnostic(line, column, message))
        return None
    bundled = bundled_variants()
    candidate = bundled.get(value) or source.path.parent / value
    if not is_file(candidate):
        message = f"extends: cannot find '{shorten(value)}': no bundled variant has that name and no file by that name"
        message += " lies relative to this file"
        siblings = [p.name for p in source.path.parent.glob("*.y*ml")]
        close = suggestion(value.removeprefix("./"), [*bundled, *siblings])
        if close:
            message += f"; did you mean '{close}'?"
        merged.problems.append(source.diagnostic(line, column, message))
        return None
    if candidate.resolve() in chain:
        names = [p.name for p in (*chain, candidate.resolve())]
        message = "extends: a cycle: " + " → ".join(names)
        merged.problems.append(source.diagnostic(line, column, message))
        return None
    if len(chain) >= MAX_CHAIN:
        message = f"extends: more than {MAX_CHAIN} files in one chain of bases"
        merged.problems.append(source.diagnostic(line, column, message))
        return None
    return candidate


def is_file(path: Path) -> bool:
    """Path.is_file, but False rather than an error for a name the file system cannot hold."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _base_name(value: str, source: Source, base_path: Path) -> str:
    """How diagnostics name a base: as the user would find it from where they stand."""
    if value in bundled_variants():
        return display_name(base_path)
    return os.path.normpath(os.path.join(os.path.dirname(source.name), value))


def display_name(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _merge(base: Located | None, over: Located, path: KeyPath, removed: dict[KeyPath, Origin]) -> Located:
    """`over` merged over `base`: sections merge key by key, anything else is replaced whole.

    A section is a mapping whose keys the format names (the schema gives it `properties`); a
    mapping that is a value, such as a hand-size table, is replaced whole like a list. A null
    section entry removes the key; `removed` remembers where, for "missing required key".
    """
    if not (isinstance(over.value, dict) and _is_section(path)):
        return over
    out: dict[str, Located] = dict(base.value) if base is not None and isinstance(base.value, dict) else {}
    for key, child in over.value.items():
        if child.value is None:
            out.pop(key, None)
            removed[(*path, key)] = child.origin
        else:
            out[key] = _merge(out.get(key), child, (*path, key), removed)
    return Located(out, over.origin)


def _is_section(path: KeyPath) -> bool:
    schema: Any = load_schema()
    for key in path:
        schema = schema.get("properties", {}).get(key)
        if schema is None:
            return False
    return "properties" in schema
