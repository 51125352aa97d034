"""Where the bundled rules, schema and documentation pages are: beside the package when installed
from a wheel, at the top of the repository when run from a checkout (or an editable install)."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

_PACKAGE = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    installed = _PACKAGE / "_data" / name
    return installed if installed.is_dir() else _PACKAGE.parent / name


def rules_dir() -> Path:
    return _data_dir("rules")


def schema_file() -> Path:
    return _data_dir("schema") / "rules.schema.json"


@functools.cache
def load_schema() -> dict[str, Any]:
    return json.loads(schema_file().read_text(encoding="utf-8"))


def bundled_variants() -> dict[str, Path]:
    """Every bundled rule file by its variant name (the file stem)."""
    return {path.stem: path for path in sorted(rules_dir().glob("*.yaml"))}


def doc_topics() -> dict[str, Path]:
    """Every page of the manual (`domino docs TOPIC`) by its topic (the file stem)."""
    return {path.stem: path for path in sorted(_data_dir("docs").glob("*.md"))}
