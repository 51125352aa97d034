"""A page of the manual (docs/*.md, Markdown) as a terminal shows a man page: within a width.

Only what those pages use: headings (underlined), paragraphs and list items reflowed (an item's
lines after its first under its text), fenced code blocks kept line for line, indented, tables
aligned when they fit, else each row as "column: value" lines. A link to another page reads
`domino docs PAGE`, a link inside the page its text, a web link its text then its address; a
page's own file name (docs/format.md) reads `domino docs format` too. HTML comments are dropped.
Our own code rather than a Markdown library: the pages use this little, and the base install
stays lean. A word longer than the width (a URL, a long path) and a code line are not broken.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Collection, Iterator

_ITEM = re.compile(r"(\s*)([-*]|\d+\.)\s+")
_FENCE = re.compile(r"\s*(```|~~~)")
_CODE_INDENT = "    "


def render(text: str, width: int, pages: Collection[str]) -> str:
    """`text`, a Markdown page, as lines of at most `width` characters (see the module); `pages`:
    the names `domino docs` knows, which links to other pages are written as."""
    return "\n".join(_blocks(_without_comments(text).splitlines(), max(width, 20), pages)).rstrip("\n") + "\n"


def _without_comments(text: str) -> str:
    return re.sub(r"<!--.*?-->\n?", "", text, flags=re.DOTALL)


def _inline(text: str, pages: Collection[str]) -> str:
    """Links and file names of pages as a reader at a terminal follows them; emphasis marks dropped."""

    def link(found: re.Match[str]) -> str:
        said, target = found[1], found[2]
        if target.startswith(("http://", "https://")):
            return f"{said} <{target}>"
        page = target.split("#")[0].removeprefix("docs/").removesuffix(".md")
        if not page:
            return said  # a section of this page
        shown = f"`domino docs {page}`" if page in pages else said
        return shown if re.fullmatch(r"`?(docs/)?[\w-]+\.md`?", said) else f"{said} ({shown})"

    text = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", link, text)
    text = re.sub(r"\bdocs/([\w-]+)\.md\b", lambda m: f"domino docs {m[1]}" if m[1] in pages else m[0], text)
    return re.sub(r"\*\*(.+?)\*\*", r"\1", text)


def _wrap(text: str, width: int, first: str, rest: str) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest,
                         break_long_words=False, break_on_hyphens=False) or [first.rstrip()]  # fmt: skip


def _blocks(lines: list[str], width: int, pages: Collection[str]) -> Iterator[str]:
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        opening = _FENCE.match(line)
        if opening:
            i += 1
            while i < len(lines) and not lines[i].lstrip().startswith(opening[1]):
                yield (_CODE_INDENT + lines[i]).rstrip()
                i += 1
            i += 1
            yield ""
            continue
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            title = _inline(line.lstrip("#").strip(), pages).replace("`", "")
            yield from _wrap(title, width, "", "")
            if level <= 2:
                yield ("=" if level == 1 else "-") * min(len(title), width)
            yield ""
            i += 1
            continue
        if line.lstrip().startswith("|"):
            rows = []
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", lines[i].strip())[1:-1]]
                if not all(re.fullmatch(r":?-+:?", cell) for cell in cells):
                    rows.append([_inline(cell.replace("\\|", "|"), pages) for cell in cells])
                i += 1
            yield from _table(rows, width)
            yield ""
            continue
        item = _ITEM.match(line)
        start = i
        i += 1
        while i < len(lines) and lines[i].strip() and not _FENCE.match(lines[i]) and not lines[i].startswith("#") \
                and not lines[i].lstrip().startswith("|") and not _ITEM.match(lines[i]):  # fmt: skip
            i += 1
        joined = " ".join(part.strip() for part in lines[start:i])
        if item is None:
            yield from _wrap(_inline(joined, pages), width, "", "")
            yield ""
            continue
        indent = " " * (len(item[1]) + 2)
        marker = indent + item[2].replace("*", "-") + " "
        body = _inline(joined[len(item[0].strip()) + 1 :].strip(), pages)
        yield from _wrap(body, width, marker, " " * len(marker))
        if i >= len(lines) or not _ITEM.match(lines[i]):
            yield ""


def _table(rows: list[list[str]], width: int) -> list[str]:
    """A table whole when its columns fit `width`; else each row (after the headings) as lines of
    "heading: cell", wrapped under the cell, a blank line between rows."""
    if not rows:
        return []
    count = max(len(row) for row in rows)
    rows = [row + [""] * (count - len(row)) for row in rows]
    sizes = [max(len(row[col]) for row in rows) for col in range(count)]
    if 2 + sum(sizes) + 2 * (count - 1) <= width:
        lines = ["  " + "  ".join(cell.ljust(size) for cell, size in zip(row, sizes, strict=True)) for row in rows]
        lines.insert(1, "  " + "  ".join("-" * size for size in sizes))
        return [line.rstrip() for line in lines]
    heads, out = rows[0], []
    for row in rows[1:]:
        for col, (head, cell) in enumerate(zip(heads, row, strict=True)):
            if cell:
                shown = cell if col == 0 else f"{head}: {cell}" if head else cell
                out += _wrap(shown, width, "  " if col == 0 else "      ", "      " if col == 0 else "        ")
        out.append("")
    return out[:-1]
