"""One name, one class (issue 32): no class name of the package is defined in two modules, so a
name read in a traceback, a review or a search means one thing. Private classes and classes nested
in functions or other classes count too."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).parents[1] / "interpreter"


def _class_names() -> dict[str, set[str]]:
    """Each class name, with the modules (paths from the repository's root) that define it."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                found[node.name].add(path.relative_to(PACKAGE.parent).as_posix())
    return found


def test_every_class_name_is_defined_in_one_module_only() -> None:
    twice = {name: paths for name, paths in _class_names().items() if len(paths) > 1}
    assert not twice, "\n".join(f"{name}: {', '.join(sorted(paths))}" for name, paths in sorted(twice.items()))


def test_the_check_sees_the_package() -> None:
    # A wrong PACKAGE path would find nothing, and pass the test above vacuously.
    assert {"Match", "Ruleset", "TrickTable"} <= _class_names().keys()
