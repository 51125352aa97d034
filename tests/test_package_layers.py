"""The package's shape (docs/engine.md, "The package"): folders by role, imports running one way
down the layers, no import cycle, and the documented import paths of the Python API still valid."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

PACKAGE = Path(__file__).parents[1] / "interpreter"

# Lowest first: a module may import its own layer and the layers below, never one above.
LAYERS = [
    {"resources", "version", "text"},
    {"expressions"},
    {"rulefile", "loader"},
    {"engine"},
    {"players"},
    {"records"},
    {"study", "agents"},
    {"frontends", "__main__"},
]


def _modules(package: Path = PACKAGE) -> dict[str, Path]:
    found = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imports(path: Path, name: str, known: set[str]) -> set[str]:
    """The package's modules that `path` imports, at any depth of the file (lazy imports count)."""
    out = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # An import only for type checkers (`if TYPE_CHECKING:`) never runs: it makes no cycle.
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING")
        for inner in ast.walk(node)
    }
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target.startswith("interpreter.") and target != name:
                out.add(target)
    return out


def _layer(module: str) -> int:
    top = module.split(".")[1]
    return next(i for i, layer in enumerate(LAYERS) if top in layer)


def _graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module of `package` (the installed tree by default) and the package's modules it imports."""
    modules = _modules(package)
    known = set(modules)
    return {name: _imports(path, name, known) for name, path in modules.items() if name != "interpreter"}


def test_every_module_sits_in_a_layer_and_imports_only_downward() -> None:
    wrong = []
    for module, targets in _graph().items():
        for target in targets:
            if _layer(target) > _layer(module):
                wrong.append(f"{module} imports {target}")
    assert not wrong, "\n".join(sorted(wrong))


def test_no_import_cycle() -> None:
    graph = _graph()
    seen: dict[str, int] = {}  # 1: on the current path, 2: done
    cycles = []

    def visit(node: str, path: list[str]) -> None:
        seen[node] = 1
        for target in sorted(graph.get(node, ())):
            # A package's __init__ importing its own submodules is how a package re-exports them.
            if target.startswith(node + "."):
                continue
            if seen.get(target) == 1:
                cycles.append(" -> ".join([*path[path.index(target) :], target]))
            elif target not in seen:
                visit(target, [*path, target])
        seen[node] = 2

    for node in sorted(graph):
        if node not in seen:
            visit(node, [node])
    assert not cycles, "\n".join(cycles)


def test_the_documented_import_paths_still_work() -> None:
    engine = importlib.import_module("interpreter.engine")
    for name in ("Match", "Action", "IllegalAction", "ScriptedDeal", "deal"):
        assert hasattr(engine, name)
    assert hasattr(importlib.import_module("interpreter.players"), "make_player")
    loader = importlib.import_module("interpreter.loader")
    assert callable(loader.load_ruleset) and callable(loader.load_ruleset_text)
    assert callable(importlib.import_module("interpreter.resources").bundled_variants)


def test_no_module_sits_flat_beside_the_folders() -> None:
    flat = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert flat == ["__init__.py", "__main__.py", "loader.py", "resources.py", "version.py"]


# The front ends, each its own layer above what they share (presentation/, computers.py, matches.py,
# saves.py): the browser table, the terminal game and the language server never import one another's
# modules nor the command line's; the command line starts each of them (play, serve, lsp), so it may
# import them.
FRONT_ENDS = ("cli", "terminal", "web", "lsp")
MAY_IMPORT = {"cli": {"terminal", "web", "lsp"}}


def _front_end(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "frontends" and parts[2] in FRONT_ENDS else None


def test_the_front_ends_share_a_core_and_never_import_one_another() -> None:
    crossing = []
    for module, targets in _graph().items():
        mine = _front_end(module)
        for target in targets:
            theirs = _front_end(target)
            crosses = mine and theirs and theirs != mine and theirs not in MAY_IMPORT.get(mine, set())
            if crosses:
                crossing.append(f"{module} imports {target}")
    assert not crossing, "\n".join(sorted(crossing))


def test_the_front_ends_picture_draws_every_part_and_no_crossing() -> None:
    from tests.package_picture import picture

    lines = picture(PACKAGE).splitlines()
    drawn = {line.split(" -> ")[0].strip() for line in lines[1:-1]}
    assert drawn == {*FRONT_ENDS, "computers", "matches", "presentation", "saves"}
    assert lines[-1] == "one front end importing another: none"
