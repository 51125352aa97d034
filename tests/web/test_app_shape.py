"""The web app's shape (issue 32): its route handlers are module-level functions that read the
app's state from the request (web/server_state.py), found from the tree by their role (web/routes/), and
`create_app` only builds that state, the routes and the app; no handler is a closure inside it."""

from __future__ import annotations

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "interpreter" / "frontends" / "web"
MOST_LINES = 60  # create_app was 316 lines with 33 functions inside it before issue 32
DECORATORS = {"handled"}  # its wrapper takes the request of the handler it wraps: not a closure over state


def _create_app() -> ast.FunctionDef:
    tree = ast.parse((WEB / "app.py").read_text(encoding="utf-8"))
    return next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "create_app")


def _nested(tree: ast.AST) -> list[str]:
    """The functions defined inside another function, as `outer.inner`."""
    found = []
    for outer in ast.walk(tree):
        if isinstance(outer, ast.FunctionDef | ast.AsyncFunctionDef):
            found += [
                f"{outer.name}.{inner.name}"
                for inner in ast.walk(outer)
                if inner is not outer and isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef)
            ]
    return found


def test_create_app_defines_no_function_inside_it() -> None:
    assert _nested(_create_app()) == []


def test_create_app_only_builds_the_app() -> None:
    create_app = _create_app()
    assert create_app.end_lineno is not None
    assert create_app.end_lineno - create_app.lineno + 1 <= MOST_LINES


def test_no_route_handler_is_a_closure() -> None:
    """A function taking a `request` defined inside another function (a handler made by a closure
    over the app's state) anywhere in the web app's modules."""
    closures = []
    for path in sorted(WEB.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for outer in ast.walk(tree):
            if not isinstance(outer, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for inner in ast.walk(outer):
                if inner is not outer and isinstance(inner, ast.AsyncFunctionDef | ast.FunctionDef):
                    arguments = [a.arg for a in inner.args.args]
                    if "request" in arguments and outer.name not in DECORATORS:
                        closures.append(f"{path.relative_to(WEB)}: {outer.name}.{inner.name}")
    assert closures == []
