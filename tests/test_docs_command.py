"""`domino docs [TOPIC]`: the documentation pages, installed with the package (issue 21). A pip
user has no docs/ folder, so what the command line says points at `domino docs X`, never at
docs/X.md: checked here over every help text and every string the package shows."""

from __future__ import annotations

import ast
import io
import locale
import re
import shlex
import sys
from pathlib import Path

import pytest

from cli import run
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.cli.main import build_parser
from interpreter.resources import doc_topics
from interpreter.text.manpage import render
from tests.clirunner import domino

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted(path.stem for path in (ROOT / "docs").glob("*.md"))


def test_every_page_of_docs_is_a_topic():
    assert sorted(doc_topics()) == PAGES and "format" in PAGES


def test_docs_without_a_topic_lists_every_topic_with_its_title():
    result = domino("docs")
    assert result.status is ExitStatus.OK and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "Pages of the manual; `domino docs TOPIC` prints one:"
    assert [line.split()[0] for line in lines[1:]] == PAGES
    assert any(re.fullmatch(r"  format +The rule-file format", line) for line in lines), lines


def test_docs_format_prints_the_page():
    result = domino("docs", "format")
    assert result.status is ExitStatus.OK and result.stderr == ""
    assert result.stdout == render((ROOT / "docs" / "format.md").read_text(encoding="utf-8"), 80, PAGES)


def test_a_topic_may_be_named_as_its_file():
    """What older messages said (docs/format.md) finds the page too."""
    assert domino("docs", "docs/format.md").stdout == domino("docs", "format").stdout
    assert domino("docs", "format.md").stdout == domino("docs", "format").stdout


def test_an_unknown_topic_is_refused_with_the_closest():
    result = domino("docs", "formt")
    assert result.status is ExitStatus.USAGE and result.stdout == ""
    assert result.stderr == "domino docs: no page 'formt'; did you mean 'format'?\n"


def test_an_unknown_topic_with_nothing_close_names_the_list():
    result = domino("docs", "xyzzy")
    assert result.status is ExitStatus.USAGE and result.stdout == ""
    assert result.stderr == "domino docs: no page 'xyzzy'; `domino docs` lists them\n"


def test_a_hostile_topic_is_shown_escaped():
    result = domino("docs", "\x1b]0;owned\x07\u202e")
    assert result.status is ExitStatus.USAGE
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr and "\u202e" not in result.stderr
    assert result.stderr.startswith("domino docs: no page '\\x1b]0;owned\\x07")


# --- what the command line says points at installed pages -------------------------------------------


def _helps() -> str:
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    return parser.format_help() + "".join(sub.format_help() for sub in commands.values())


def _shown_strings() -> list[tuple[str, str]]:
    """Every string constant of the package but docstrings (which only developers read): its help
    texts, messages, templates and the report's HTML, with where it is."""
    found = []
    for path in sorted((ROOT / "interpreter").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        found += [
            (f"{path.relative_to(ROOT)}:{node.lineno}", node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
        ]
    return found


def test_no_help_or_message_points_at_a_docs_file():
    assert not re.findall(r"docs/\w+\.md", _helps())
    assert [where for where, text in _shown_strings() if re.search(r"docs/\w+\.md", text)] == []


def test_no_schema_description_points_at_a_docs_file():
    """Editors show the schema's descriptions on hover, to people who have no docs/ folder."""
    assert not re.findall(r"docs/\w+\.md", (ROOT / "schema" / "rules.schema.json").read_text(encoding="utf-8"))


def test_every_page_the_command_line_names_exists():
    named = re.findall(r"domino docs ([a-z][a-z0-9-]*)", _helps() + "".join(text for _, text in _shown_strings()))
    schema = (ROOT / "schema" / "rules.schema.json").read_text(encoding="utf-8")
    named += re.findall(r"domino docs ([a-z][a-z0-9-]*)", schema)
    assert named, "nothing names a page"
    assert sorted(set(named) - set(PAGES)) == []


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_offers_the_command_and_its_topics(shell):
    script = domino("completion", shell).stdout
    assert re.search(r"\bdocs\b", script)
    assert " ".join(PAGES) in script, shell


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _at_a_terminal(tmp_path: Path, environ: dict[str, str]) -> tuple[ExitStatus, str]:
    out = _Terminal()
    env = Env(io.StringIO(""), out, io.StringIO(), tmp_path, environ)
    return run(["docs", "format"], env), out.getvalue()


def test_at_a_terminal_a_page_goes_through_the_pager(tmp_path: Path):
    # A pager that keeps what it was given, and the LESS options it was run with.
    paged = tmp_path / "paged"
    keep = f"import os, sys; open({str(paged)!r}, 'wb').write(os.environb[b'LESS'] + b'|' + sys.stdin.buffer.read())"
    status, shown = _at_a_terminal(tmp_path, {"PAGER": f"{shlex.quote(sys.executable)} -c {shlex.quote(keep)}"})
    assert status is ExitStatus.OK and shown == ""
    page = render((ROOT / "docs" / "format.md").read_text(encoding="utf-8"), 80, PAGES)  # the terminal's encoding
    assert paged.read_bytes() == b"FRX|" + page.encode(locale.getpreferredencoding(False), "replace")


def test_without_a_pager_or_with_cat_the_page_is_printed(tmp_path: Path):
    page = render((ROOT / "docs" / "format.md").read_text(encoding="utf-8"), 80, PAGES)
    for environ in ({"PAGER": "cat"}, {"PAGER": "no-such-pager-here"}, {"PAGER": ""}, {"PAGER": "'unclosed"}):
        assert _at_a_terminal(tmp_path, {**environ, "PATH": ""}) == (ExitStatus.OK, page), environ
