"""`pip install .` (not editable) must give a `domino` that finds its rules and schema anywhere."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

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


def test_the_wheel_carries_rules_schema_grammar_and_the_command(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    bundled = {p.name for p in (ROOT / "rules").glob("*.yaml")}
    assert {f"interpreter/_data/rules/{n}" for n in bundled} <= names
    assert "interpreter/_data/schema/rules.schema.json" in names
    assert "interpreter/expression.lark" in names
    assert "cli.py" in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "domino = cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_the_installed_command_works_from_another_directory(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = subprocess.run(
        [sys.executable, "-c", "import sys, cli; sys.exit(cli.main(['simulate', 'straight', '-n', '2', '--json']))"],
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
