"""The front ends' picture, drawn from the package's own imports: which part of `frontends/` imports
which other part, and which layers below it reads. The package-layers test checks the rules; this
prints what is there, to look at before and after moving code (issue 32's front-end core):

    python -m tests.package_picture            # this checkout
    python -m tests.package_picture OTHER/interpreter   # another checkout's package, to compare

Each line is a part and what it imports, `name n`: n of the part's modules import that part or layer
(beside it in frontends/, then below). The command line starts the others (play, serve, lsp): its
arrows to them are not counted as crossings."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from tests.test_package_layers import FRONT_ENDS, PACKAGE, _graph


def part(module: str) -> str:
    """A front end (`web`), a shared front-end module or folder (`presentation`, `computers`), or a
    layer below (`engine`, `players`...)."""
    parts = module.split(".")
    if parts[1] != "frontends":
        return parts[1]
    return parts[2] if len(parts) > 2 else "frontends"


def edges(package: Path) -> Counter[tuple[str, str]]:
    counted: Counter[tuple[str, str]] = Counter()
    for module, targets in _graph(package).items():
        if not module.startswith("interpreter.frontends."):
            continue
        source = part(module)
        for target in {part(t) for t in targets} - {source}:
            counted[source, target] += 1
    return counted


def picture(package: Path) -> str:
    counted = edges(package)
    inside = _frontend_parts(package)
    shared = sorted(inside - set(FRONT_ENDS))
    lines = [f"front ends: {', '.join(FRONT_ENDS)}; shared by them: {', '.join(shared) or '(nothing)'}"]
    for source in [*FRONT_ENDS, *shared]:
        mine = {t: n for (s, t), n in counted.items() if s == source}
        beside = ", ".join(f"{t} {n}" for t, n in sorted(mine.items()) if t in inside)
        below = ", ".join(f"{t} {n}" for t, n in sorted(mine.items()) if t not in inside)
        lines.append(f"{source:>12} -> {beside or '-'}  |  below: {below or '-'}")
    crossings = sorted(
        f"{s} -> {t} ({n})" for (s, t), n in counted.items() if s in FRONT_ENDS and t in FRONT_ENDS and s != "cli"
    )
    lines.append(f"one front end importing another: {', '.join(crossings) or 'none'}")
    return "\n".join(lines)


def _frontend_parts(package: Path) -> set[str]:
    return {p.stem for p in (package / "frontends").iterdir() if p.name != "__init__.py" and p.name != "__pycache__"}


if __name__ == "__main__":
    print(picture(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else PACKAGE))
