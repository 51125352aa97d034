"""`pip install .` (not editable) must give a `domino` that finds its rules, schema and manual
anywhere; the sdist must carry what its own tests need."""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from interpreter.resources import doc_topics
from interpreter.text.manpage import render

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    isolation = [] if importlib.util.find_spec("hatchling") is None else ["--no-build-isolation"]
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", *isolation, "-w", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    return next(out.glob("*.whl"))


@pytest.fixture(scope="module")
def sdist(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sdist")
    isolation = [] if importlib.util.find_spec("hatchling") is None else ["--no-isolation"]
    subprocess.run(
        [sys.executable, "-m", "build", "--sdist", *isolation, "--outdir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    return next(out.glob("*.tar.gz"))


def _install(wheel: Path, target: Path) -> Path:
    """`pip install --target`: the wheel installed as a user's pip would, in a folder of its own."""
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    return target


def test_the_wheel_carries_rules_schema_grammar_and_the_command(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    bundled = {p.name for p in (ROOT / "rules").glob("*.yaml")}
    assert {f"interpreter/_data/rules/{n}" for n in bundled} <= names
    assert "interpreter/_data/schema/rules.schema.json" in names
    assert "interpreter/expressions/expression.lark" in names
    assert "interpreter/__main__.py" in names and "interpreter/frontends/cli/main.py" in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "domino = interpreter.frontends.cli.main:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_the_wheel_carries_the_manual(wheel):
    """`domino docs` reads the pages from the package: a pip user has no docs/ folder."""
    names = set(zipfile.ZipFile(wheel).namelist())
    pages = {p.name for p in (ROOT / "docs").glob("*.md")}
    assert pages and {f"interpreter/_data/docs/{n}" for n in pages} <= names


def test_the_wheel_installs_no_top_level_module_but_the_package(wheel):
    """A generic top-level name (it was `cli`) is taken over by any other package that ships one."""
    tops = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist()}
    assert {top for top in tops if not top.endswith(".dist-info")} == {"interpreter"}


def test_the_metadata_has_classifiers(wheel):
    # Project URLs wait for the project's public address: an invented one would be a link that
    # never resolves, the very fault of the old $schema modeline.
    names = zipfile.ZipFile(wheel).namelist()
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "Classifier: Topic :: Games/Entertainment :: Board Games" in metadata
    assert "Classifier: Programming Language :: Python :: 3 :: Only" in metadata
    assert "License: MIT" in metadata or "License-Expression: MIT" in metadata


def test_the_wheel_says_it_is_typed_and_carries_its_license(wheel):
    """A type checker reads the package's annotations only with its py.typed marker (PEP 561); the
    MIT licence's text goes with every copy, as the licence itself asks."""
    names = zipfile.ZipFile(wheel).namelist()
    assert "interpreter/py.typed" in names
    licence = next((n for n in names if n.endswith(".dist-info/licenses/LICENSE") or n.endswith("/LICENSE")), None)
    assert licence is not None, names
    assert "MIT License" in zipfile.ZipFile(wheel).read(licence).decode()


def test_the_installed_command_works_from_another_directory(wheel, tmp_path):
    target = _install(wheel, tmp_path / "site")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = subprocess.run(
        [sys.executable, "-m", "interpreter", "simulate", "straight", "-n", "2", "--json"],
        cwd=elsewhere,
        env={"PYTHONPATH": str(target), "PATH": ""},
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert '"variant": "straight"' in run.stdout
    assert str(target) in subprocess.run(
        [sys.executable, "-c", "from interpreter.resources import rules_dir; print(rules_dir())"],
        cwd=elsewhere, env={"PYTHONPATH": str(target)}, capture_output=True, text=True,
    ).stdout


def test_the_installed_command_is_the_package_s_even_beside_another_cli_module(wheel, tmp_path):
    target = _install(wheel, tmp_path / "site")
    (target / "cli.py").write_text("def main():\n    print('hijacked')\n", encoding="utf-8")  # another package's
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {"PYTHONPATH": str(target), "PATH": "", "XDG_STATE_HOME": str(tmp_path / "state")}

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(argv, cwd=elsewhere, env=env, capture_output=True, text=True, timeout=120)

    script = run(sys.executable, str(target / "bin" / "domino"), "--version")
    assert script.returncode == 0 and script.stdout.startswith("domino "), script.stdout + script.stderr
    module = run(sys.executable, "-m", "interpreter", "--version")
    assert module.stdout == script.stdout, module.stderr
    schema = run(sys.executable, "-m", "interpreter", "schema", "--path").stdout.strip()
    assert schema == str((target / "interpreter" / "_data" / "schema" / "rules.schema.json").resolve())
    assert run(sys.executable, "-m", "interpreter", "new", "house").returncode == 0
    first = (elsewhere / "house.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == f"# yaml-language-server: $schema={schema}"
    assert run(sys.executable, "-m", "interpreter", "validate", "house.yaml").returncode == 0
    page = run(sys.executable, "-m", "interpreter", "docs", "format")
    shown = render((ROOT / "docs" / "format.md").read_text(encoding="utf-8"), 80, doc_topics())  # a pipe's width
    assert page.returncode == 0 and page.stdout == shown


# --- the sdist runs its own tests ------------------------------------------------------------------


def _what_the_tests_need() -> set[str]:
    """The repository's top-level files and folders the tests use: the ones they import from, join
    to the repository's root, or run as scripts ("bench/run.py")."""
    tops = {path.name for path in ROOT.iterdir()} | {path.stem for path in ROOT.glob("*.py")}
    needed = set()
    for path in (ROOT / "tests").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                needed |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                needed.add(node.module.split(".")[0])
        needed |= set(re.findall(r'(?:ROOT|REPO|parents\[1\]|parent\.parent)\s*/\s*"([^"/]+)', text))
        needed |= set(re.findall(r'"(\w+)/[\w/]+\.py"', text))
    return {name if (ROOT / name).exists() else f"{name}.py" for name in needed & tops}


# What .gitignore keeps out of the sdist (hatch honours it): caches, and the browser tests' screenshots.
IGNORED = re.compile(r"(^|/)(__pycache__|\.[\w-]+_cache|\.hypothesis|screenshots)(/|$)|\.pyc$")


def test_the_sdist_carries_what_its_tests_use(sdist):
    needed = _what_the_tests_need()
    assert {"interpreter", "tests", "bench", "docs", "rules", "schema", "cli.py", "README.md"} <= needed
    assert "pyproject.toml" in needed  # the tests of --version read the version there
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    top = names[0].split("/")[0]  # domino_rules-VERSION
    shipped = {name.removeprefix(f"{top}/") for name in names}
    for name in sorted(needed):
        files = [ROOT / name] if (ROOT / name).is_file() else (ROOT / name).rglob("*")
        relative = {path.relative_to(ROOT).as_posix() for path in files if path.is_file()}
        assert sorted(path for path in relative - shipped if not IGNORED.search(path)) == [], name
    assert not [name for name in shipped if IGNORED.search(name)]
