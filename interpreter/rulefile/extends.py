"""`extends:` — finding a rule file's base and merging the file over it (docs/format.md).

Merging works on `Located` trees, so every value of the result still knows which file and line
it came from, and a problem in a base file is reported in the base file.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.resources import bundled_variants, load_schema
from interpreter.rulefile.yaml_source import Located, Origin, Source, parse, read_source
from interpreter.text.diagnostics import Diagnostic, shorten, suggestion
from interpreter.text.untrusted import is_rule_file_name

KeyPath = tuple[str | int, ...]

NOT_INHERITED = ("name", "title", "description")
MAX_CHAIN = 16  # files in one extends chain; real house rules stack two or three


@dataclass
class Merged:
    """What reading a file and its bases found besides the tree: problems, and where nulls removed keys."""

    removed: dict[KeyPath, Origin] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)


def load_merged(
    path: Path,
    name: str,
    text: str | None = None,
    *,
    allow_paths: bool = True,
    siblings: Mapping[str, str] | None = None,
    any_base_name: bool = False,
) -> tuple[Located | None, Merged]:
    """The file at `path` merged over its bases; None when a file cannot be read or a base found.

    `text`, when given, is the file's content and nothing is read at `path` (house rules typed on
    the command line); `path` still locates a relative `extends:`. `siblings` are rule files that
    are in no file, by name and text (an upload's other files, rules read from standard input):
    an `extends:` naming one reads its text. `allow_paths=False` (rules that arrive over the
    network) lets the file extend only a bundled variant or one of `siblings` (docs/security.md).
    `any_base_name`: the
    text's own base may have any file name (the --set text over a variant the user named).
    """
    merged = Merged()
    if siblings and text is not None:  # a base naming the upload's first file is a cycle, and said so
        siblings = {**siblings, path.name: text}
    tree = _load(
        path, name, (), merged, text, allow_paths=allow_paths, siblings=siblings or {}, any_base_name=any_base_name
    )
    return tree, merged


def _load(
    path: Path,
    name: str,
    chain: tuple[Path, ...],
    merged: Merged,
    text: str | None = None,
    *,
    allow_paths: bool = True,
    siblings: Mapping[str, str],
    extended_at: tuple[Source, Located] | None = None,
    any_base_name: bool = False,
) -> Located | None:
    """One file of a chain; `extended_at` is where the file extending this one (a base) names it."""
    if text is None:
        source, problems = read_source(path, name)
        merged.problems += problems
    else:
        source = Source(name, path, text)
    if source is None:
        return None
    # A syntax error quotes its line only in text the user gave, or a file they named that claims to be a rule file.
    tree, problems = parse(source, quote=text is not None or (extended_at is None and is_rule_file_name(path)))
    if extended_at is not None:
        name_value = tree.value.get("name") if tree is not None else None
        if tree is not None and not (name_value is not None and isinstance(name_value.value, str)):
            # Not what it claims to be: say so where it is named, and nothing of what is in it.
            including, extends = extended_at
            line, column = extends.origin.value_position()
            message = f"extends: '{shorten(str(extends.value))}' is not a rule file (a rule file starts with name:)"
            merged.problems.append(including.diagnostic(line, column, message))
            return None
        if text is None:
            problems = [_unquoted(d) for d in problems]
    merged.problems += problems
    if tree is None:
        return None
    extends = tree.value.pop("extends", None)
    if extends is None or extends.value is None:
        return _merge(None, tree, (), merged.removed)
    chain = (*chain, path.resolve())
    bundled_file = path.resolve() in {p.resolve() for p in bundled_variants().values()}
    # The command line's own text (--set) names its variant's file by any name the user gave it.
    command_line = any_base_name and allow_paths
    paths_here = allow_paths or bundled_file
    reachable = {} if bundled_file else siblings  # a bundled file names bundled files only
    # The user's own text (a sibling too) may name an absolute path, as the file on the command line may.
    base_path = _find_base(
        extends, source, chain, merged, allow_paths=paths_here, top=extended_at is None or text is not None,
        any_name=command_line, siblings=reachable,
    )  # fmt: skip
    if base_path is None:
        return None
    # A base that is one of the siblings is read from its text, never from a file.
    named = extends.value.removeprefix("./") if extends.value not in bundled_variants() else None
    sibling_text = reachable.get(named) if named is not None else None
    base_name = base_path.name if sibling_text is not None else _base_name(extends.value, source, base_path)
    base = _load(
        base_path, base_name, chain, merged, sibling_text, allow_paths=allow_paths, siblings=siblings,
        extended_at=(source, extends),
    )  # fmt: skip
    if base is None:
        return None
    for key in NOT_INHERITED:
        base.value.pop(key, None)
    return _merge(base, tree, (), merged.removed)


def _unquoted(diagnostic: Diagnostic) -> Diagnostic:
    """A base's YAML problem without its text: the base may be any YAML file a rule file named."""
    if diagnostic.message.startswith("YAML syntax error"):
        message = "YAML syntax error; this base is not a readable rule file (`domino validate` it to see why)"
        return Diagnostic(diagnostic.file, diagnostic.line, diagnostic.column, message)
    return Diagnostic(diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.message)


def _find_base(
    extends: Located,
    source: Source,
    chain: tuple[Path, ...],
    merged: Merged,
    *,
    allow_paths: bool,
    top: bool,
    any_name: bool = False,
    siblings: Mapping[str, str],
) -> Path | None:
    """The file `extends:` names, by the rules of docs/security.md; None after reporting why not."""
    line, column = extends.origin.value_position()
    value = extends.value

    def refuse(message: str) -> Path | None:
        """Report why the base is refused, and give the None `_find_base` answers then."""
        merged.problems.append(source.diagnostic(line, column, message))
        return None

    if not isinstance(value, str) or not value.strip():
        return refuse("extends: must be a bundled variant name or a path to a rule file")
    bundled = bundled_variants()
    if value in bundled:
        candidate = bundled[value]
    elif value.removeprefix("./") in siblings:
        candidate = source.path.parent / value.removeprefix("./")
    elif not allow_paths:
        close = suggestion(value.removeprefix("./"), [*bundled, *siblings])
        hint = f"; did you mean '{close}'?" if close else "; `domino list` shows them"
        also = " or another file of this upload" if siblings else ""
        return refuse(
            f"extends: only a bundled variant{also} can be extended here, and '{shorten(value)}' is none{hint}"
        )
    elif not is_rule_file_name(value) and not any_name:
        if Path(value).suffix:
            return refuse(
                f"extends: '{shorten(value)}' is not a rule file's name: a base is a bundled variant or a "
                ".yaml/.yml file"
            )
        return refuse(_not_found(value, source, bundled))
    elif os.path.isabs(value) and not top:
        return refuse(
            "extends: an absolute path is allowed only in the file named on the command line; "
            "name this base relative to this file"
        )
    else:
        candidate = source.path.parent / value
        try:
            mode = os.stat(candidate).st_mode
        except (OSError, ValueError):
            return refuse(_not_found(value, source, bundled))
        if not stat.S_ISREG(mode):
            return refuse(f"extends: '{shorten(value)}' is not a regular file; a base is a rule file")
        if not is_rule_file_name(candidate.resolve()) and not any_name:
            return refuse(f"extends: '{shorten(value)}' leads to a file that is not a .yaml/.yml rule file")
    if candidate.resolve() in chain:
        names = [p.name for p in (*chain, candidate.resolve())]
        return refuse("extends: a cycle: " + " → ".join(names))
    if len(chain) >= MAX_CHAIN:
        return refuse(f"extends: more than {MAX_CHAIN} files in one chain of bases")
    return candidate


def _not_found(value: str, source: Source, bundled: dict[str, Path]) -> str:
    message = f"extends: cannot find '{shorten(value)}': no bundled variant has that name and no file by that name"
    message += " lies relative to this file"
    siblings = [p.name for p in source.path.parent.glob("*.y*ml")]
    close = suggestion(value.removeprefix("./"), [*bundled, *siblings])
    return message + (f"; did you mean '{close}'?" if close else "")


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
