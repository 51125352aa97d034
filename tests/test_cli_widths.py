"""Text that fits the terminal: `explain` (and the rules `play` shows), `docs` and every command's
help wrap at the terminal's width (COLUMNS, when standard output is one), as `list` and `compare` do."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from cli import run
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.resources import bundled_variants


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def at(width: int | None, *argv: str, stdin: str = "", cwd: Path | None = None) -> str:
    """What a command prints on a terminal `width` columns wide (None: standard output is a pipe)."""
    out = Terminal() if width is not None else io.StringIO()
    environ = {"COLUMNS": str(width or 200), "PAGER": "cat"}  # a pipe's width is 80, whatever COLUMNS says
    status = run(list(argv), Env(io.StringIO(stdin), out, io.StringIO(), cwd or Path.cwd(), environ))
    assert status is ExitStatus.OK
    return out.getvalue()


def over(text: str, width: int) -> list[str]:
    return [line for line in text.splitlines() if len(line) > width]


# --- explain ------------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [60, 80, None])
def test_explain_fits_the_terminal(width):
    text = at(width, "explain", "texas-42")
    assert over(text, width or 80) == []
    assert "Texas 42" in text and "Starting a hand" in text


def test_explain_uses_a_wide_terminal():
    text = at(120, "explain", "texas-42")
    assert over(text, 120) == []
    assert max(map(len, text.splitlines())) > 100  # paragraphs run to the width, not a fixed 92


def test_every_variant_s_explanation_and_description_fit_80_columns():
    for name in sorted(bundled_variants()):
        assert over(at(80, "explain", name), 80) == [], name


def test_explain_diff_fits_the_terminal():
    text = at(60, "explain", "texas-42-house", "--diff", "texas-42")
    assert text.startswith("What texas-42-house") and over(text, 60) == []


def test_the_rules_play_shows_fit_the_terminal(tmp_path):
    argv = ("play", "texas-42", "--players", "human,random,random,random", "--seed", "1", "--save", "g.json")
    text = at(60, *argv, stdin="rules\nquit\n", cwd=tmp_path)
    rules = text[text.index("Texas 42\n========") :]
    assert "Starting a hand" in rules and over(rules[: rules.index("\nWinning")], 60) == []


# --- help ---------------------------------------------------------------------------------------

COMMANDS = ["play", "resume", "serve", "list", "explain", "docs", "simulate", "compare", "validate", "replay", "new",
            "schema", "completion", "lsp"]  # fmt: skip


def help_at(width: int, *argv: str, capsys: pytest.CaptureFixture[str]) -> str:
    """`domino ARGV --help` on a terminal `width` columns wide (argparse prints help to the process's stdout)."""
    run([*argv, "--help"], Env(io.StringIO(), Terminal(), io.StringIO(), Path.cwd(), {"COLUMNS": str(width)}))
    return capsys.readouterr().out


@pytest.mark.parametrize("width", [60, 80, 200])
def test_every_help_wraps_within_the_terminal_and_80_columns(width, capsys):
    for command in ["", *COMMANDS]:
        text = help_at(width, *([command] if command else []), capsys=capsys)
        assert "usage: domino" in text
        assert over(text, min(width, 80)) == [], command or "domino"


def test_help_examples_stay_aligned_when_wrapped(capsys):
    lines = help_at(74, "play", capsys=capsys).splitlines()
    first = next(line for line in lines if line.startswith("  domino play ") and "strongest" in line)
    column = first.index("you against")
    follows = lines[lines.index(first) + 1]
    assert follows.strip() and follows.index(follows.strip()) == column  # the explanation goes on under itself
    assert "  domino play --players human,human" in lines[lines.index(first) + 3]
    narrow = help_at(60, "play", capsys=capsys).splitlines()  # no room beside: under the command
    assert narrow[narrow.index("  domino play") + 1] == "      you against the strongest computer player"


def test_a_long_example_goes_on_as_a_shell_reads_it(capsys):
    lines = help_at(60, capsys=capsys).splitlines()
    start = lines.index("  domino play draw --target 50 --set \\")
    assert lines[start + 1] == "              'start.first_round=[random]'"
    assert lines[start + 2] == "      house rules, no file needed"
    install = help_at(60, "completion", capsys=capsys)
    assert "'source <(domino completion bash)'" in install  # a quoted word is kept whole


# --- docs ---------------------------------------------------------------------------------------

PAGES = ["agents", "cluster", "compare", "editors", "engine", "expressions", "format", "ladder", "players",
         "security", "web"]  # fmt: skip
CODE = "    "  # a code block's lines, kept as they are


@pytest.mark.parametrize("width", [60, 80, 120])
def test_docs_pages_read_like_man_pages_at_any_width(width):
    for page in PAGES:
        text = at(width, "docs", page)
        prose = [line for line in text.splitlines() if not line.startswith(CODE)]
        assert [line for line in prose if len(line) > width and " " in line.strip()] == [], page  # one long word may
        assert not re.search(r"\]\(|\bdocs/\w+\.md|\(\w+\.md", text), page  # links read as `domino docs PAGE`
        assert "<!--" not in text
    fitted = at(width, "docs", "format")
    assert "Top level\n---------" in fitted and "domino docs expressions" in fitted


def test_docs_keeps_code_blocks_and_fits_or_stacks_tables():
    text = at(80, "docs", "format")
    assert "\n    # yaml-language-server: $schema=../schema/rules.schema.json\n" in text  # a code line as it is
    assert "  `name`\n      meaning: the variant's name" in text  # a table too wide: a row as "column: value"
    wide = at(200, "docs", "compare")  # room enough: the table whole, its columns aligned
    assert re.search(r"\n  `-n N` {30,}matches under each file", wide)
