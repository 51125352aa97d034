"""This domino's version, read where it is true: a checkout's pyproject.toml, else the installed metadata."""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path

DISTRIBUTION = "domino-rules"


def version() -> str:
    """This domino's version: the checkout's pyproject.toml when run from a checkout (which may be
    newer than an installed copy), else the installed distribution's metadata."""
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        text = pyproject.read_text(encoding="utf-8")
    except OSError:
        text = ""
    if f'name = "{DISTRIBUTION}"' in text:
        found = re.search(r'^version = "([^"]+)"', text, re.MULTILINE)
        if found:
            return found.group(1)
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"
