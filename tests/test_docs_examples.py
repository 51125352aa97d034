"""Every rule-file example in README.md and docs/*.md goes through the loader, so none can go stale.

Each ```yaml block of those pages is a rule-file example unless the line before it says otherwise,
with an HTML comment (not shown on the rendered page; README.md, "Documentation", lists them):

- no marker: a rule file. A block with a top-level `name` is a whole file, loaded as it is (its
  `extends` names a bundled base). A block without `name` is a fragment of one: it is loaded as a
  house rule over `draw`, as if `name:` and `extends: draw` were written above it.
- `<!-- over: BASE -->`: a fragment of a house rule over the bundled variant BASE instead
  (`texas-42` for a bidding example, say).
- `<!-- excerpt of FILE -->`: lines cut from the rule file FILE (a path from the top of the
  repository), too long to show whole: every line of the block is a line of FILE, in its order,
  and FILE loads.
- `<!-- invalid -->`: a whole rule file that must NOT load. The next fenced block of the page shows
  what loading it prints (`domino validate`, `domino play`), and must be exactly that, the file
  called as that output calls it.
- `<!-- not a rule file -->`: YAML of another kind (a pre-commit configuration, a scripted deal).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
import yaml

from interpreter.rulefile.loader import check_file
from interpreter.text.diagnostics import Diagnostic

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
MARKER = re.compile(r"^<!--\s*(?P<marker>.*?)\s*-->$")
OVER = re.compile(r"^over: (?P<base>[a-z0-9-]+)$")
EXCERPT = re.compile(r"^excerpt of (?P<file>[\w./-]+\.ya?ml)$")
KNOWN = ("invalid", "not a rule file")
DEFAULT_BASE = "draw"


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # of the block's first line of YAML
    lang: str
    body: str
    marker: str | None  # the HTML comment on the line before the fence
    after: str | None  # the next fenced block of the page: what an invalid example prints

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def _blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    fences = list(FENCE.finditer(text))
    found = []
    for index, fence in enumerate(fences):
        before = text[: fence.start()].rstrip("\n").rpartition("\n")[2].strip()
        marker = MARKER.match(before)
        after = fences[index + 1]["body"] if index + 1 < len(fences) else None
        line = text.count("\n", 0, fence.start()) + 2
        found.append(Block(page, line, fence["lang"], fence["body"], marker["marker"] if marker else None, after))
    return found


EVERY_BLOCK = [block for page in PAGES for block in _blocks(page)]
YAML_BLOCKS = [block for block in EVERY_BLOCK if block.lang in ("yaml", "yml")]
RULE_FILES = [block for block in YAML_BLOCKS if block.marker != "not a rule file"]
EXCERPTS = [block for block in RULE_FILES if EXCERPT.match(block.marker or "")]
INVALID = [block for block in RULE_FILES if block.marker == "invalid"]
VALID = [block for block in RULE_FILES if block not in EXCERPTS and block not in INVALID]


def _where(block: Block) -> str:
    return block.where


def _render(diagnostics: list[Diagnostic]) -> str:
    return "\n".join(d.format() for d in diagnostics)


def _on_the_page(diagnostics: list[Diagnostic], block: Block, example: Path) -> str:
    """The diagnostics of an example, those in the example itself placed at their line of the page."""
    placed = [
        replace(d, file=str(block.page.relative_to(ROOT)), line=block.line + d.line - 1)
        if Path(d.file) == example and d.line
        else d
        for d in diagnostics
    ]
    return _render(placed)


def _is_whole_file(block: Block) -> bool:
    data = yaml.safe_load(block.body)
    return isinstance(data, dict) and "name" in data


def test_the_pages_have_rule_file_examples_of_every_kind():
    """The search finds the pages' examples (a broken pattern would find none and check nothing)."""
    assert len(VALID) >= 30
    assert {block.page.name for block in VALID} >= {"README.md", "expressions.md", "format.md", "editors.md"}
    assert any(_is_whole_file(block) for block in VALID) and any(not _is_whole_file(block) for block in VALID)
    assert INVALID, "docs/expressions.md's 'Errors' example is marked invalid"


@pytest.mark.parametrize("block", YAML_BLOCKS, ids=_where)
def test_every_marker_is_one_the_test_knows(block: Block):
    """A misspelt marker would silently make an example something else."""
    known = block.marker is None or block.marker in KNOWN or OVER.match(block.marker) or EXCERPT.match(block.marker)
    assert known, f"{block.where}: unknown marker <!-- {block.marker} -->; known: {', '.join(KNOWN)}, over, excerpt of"


@pytest.mark.parametrize("block", VALID, ids=_where)
def test_every_rule_file_example_loads(block: Block, tmp_path: Path):
    base = OVER.match(block.marker or "")
    if _is_whole_file(block):
        assert base is None, f"{block.where}: a whole file (it has a name) names its base with extends, not a marker"
        text = block.body
    else:  # the fragment's lines first, so that they keep their numbers
        text = f"{block.body}name: doc-example\nextends: {base['base'] if base else DEFAULT_BASE}\n"
    path = tmp_path / "example.yaml"
    path.write_text(text, encoding="utf-8")
    diagnostics = check_file(path, name=str(path))
    assert not diagnostics, _on_the_page(diagnostics, block, path)


def _yaml_lines(text: str) -> list[str]:
    """The lines that say something: without comments, blank lines and the indentation."""
    lines = (line.partition(" #")[0].strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


@pytest.mark.parametrize("block", EXCERPTS, ids=_where)
def test_every_excerpt_is_cut_from_its_file_and_the_file_loads(block: Block):
    source = ROOT / EXCERPT.match(block.marker or "")["file"]
    lines = iter(_yaml_lines(source.read_text(encoding="utf-8")))
    missing = [line for line in _yaml_lines(block.body) if line not in lines]  # `in` consumes: in order
    assert not missing, f"{block.where}: not lines of {source.relative_to(ROOT)} in its order: {missing}"
    diagnostics = check_file(source)
    assert not diagnostics, _render(diagnostics)


@pytest.mark.parametrize("block", INVALID, ids=_where)
def test_every_invalid_example_fails_as_the_page_shows(block: Block, tmp_path: Path):
    assert _is_whole_file(block), f"{block.where}: an invalid example is a whole file, so its line numbers are its own"
    assert block.after, f"{block.where}: an invalid example is followed by what loading it prints"
    shown = block.after.rstrip("\n")
    name = shown.partition(":")[0]
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(block.body, encoding="utf-8")
    assert _render(check_file(path, name=name)) == shown
