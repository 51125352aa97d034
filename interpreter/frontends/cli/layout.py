"""Text laid out within a terminal's width (`Env.columns`): paragraphs and tables wrapped at word
boundaries, never inside a word, for the commands that print tables (`list`, `compare`).

A word longer than the width (a long file path) is kept whole on a line of its own, longer than
the width, rather than broken.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

GAP = "  "  # between two columns of `columns`
BELOW = 6  # the indent of the cells that go under their row when they cannot go beside it
ROOM = 30  # the narrowest a wrapped last column may be beside the others
_NARROWEST = 10  # the narrowest text `wrap` lays out, whatever the width says


def wrap(text: str, width: int, indent: str = "", hanging: str | None = None) -> list[str]:
    """`text` in lines of at most `width` characters, broken at spaces only: the first line starts
    with `indent`, the others with `hanging` (the same as `indent` unless given)."""
    hanging = indent if hanging is None else hanging
    room = max(width, len(max(indent, hanging, key=len)) + _NARROWEST)
    lines = textwrap.wrap(
        text, room, initial_indent=indent, subsequent_indent=hanging, break_long_words=False, break_on_hyphens=False
    )
    return lines or [indent.rstrip()]


def columns(rows: Sequence[Sequence[str]], width: int, indent: str = "  ") -> Callable[[Sequence[str]], list[str]]:
    """How to print one row of `rows` (all as long) within `width`: the columns aligned, the last
    one (a description) wrapped beside the others while it has `ROOM`; else on lines of its own
    under the row, with as many of the first columns on the row's line as fit and the rest under it."""
    widths = [max(len(row[col]) for row in rows) for col in range(len(rows[0]) - 1)]
    last = max(len(row[-1]) for row in rows)

    def lead(kept: int) -> int:  # the width of the first `kept` columns, each with its gap
        return len(indent) + sum(widths[:kept]) + len(GAP) * kept

    def aligned(row: Sequence[str], kept: int) -> str:
        return indent + GAP.join(cell.ljust(size) for cell, size in zip(row[:kept], widths, strict=False))

    if width - lead(len(widths)) >= min(ROOM, last):

        def beside(row: Sequence[str]) -> list[str]:
            start = lead(len(widths))
            text = wrap(row[-1], width - start) if row[-1] else [""]
            first = (aligned(row, len(widths)) + GAP + text[0]).rstrip()
            return [first, *(" " * start + line for line in text[1:])]

        return beside
    # As many of the first columns on the row's line as fit (the first always), the others under it.
    kept = max([1] + [k for k in range(1, len(widths) + 1) if lead(k) - len(GAP) <= width])

    def under(row: Sequence[str]) -> list[str]:
        lines = [aligned(row, kept).rstrip()]
        for cell in row[kept:]:
            if cell:
                lines += wrap(cell, width, " " * BELOW)
        return lines

    return under


def grid(table: Sequence[Sequence[str]], width: int, indent: str = "  ", gap: str = "   ") -> list[str]:
    """A table of numbers — `table[0]` the column headings, each other row a label then its cells —
    within `width`: whole if it fits; else its columns in blocks, each beside the labels, that fit;
    else each row's label, then under it a line (wrapped) per column, its heading then its cell."""
    widths = [max(len(row[col]) for row in table) for col in range(len(table[0]))]

    def lines_of(cols: Sequence[int]) -> list[str]:
        return [
            (indent + row[0].ljust(widths[0]) + "".join(gap + row[c].ljust(widths[c]) for c in cols)).rstrip()
            for row in table
        ]

    label = len(indent) + widths[0]
    data = range(1, len(widths))
    if label + sum(len(gap) + widths[c] for c in data) <= width:
        return lines_of(data)
    if all(label + len(gap) + widths[c] <= width for c in data):
        blocks: list[list[int]] = [[]]
        for col in data:  # the columns in order, a new block when the next one would not fit
            used = label + sum(len(gap) + widths[c] for c in blocks[-1])
            if blocks[-1] and used + len(gap) + widths[col] > width:
                blocks.append([])
            blocks[-1].append(col)
        out: list[str] = []
        for block in blocks:
            out += ([""] if out else []) + lines_of(block)
        return out
    heading = max((len(table[0][c]) for c in data), default=0)
    stacked: list[str] = []
    for row in table[1:]:
        stacked += wrap(row[0], width, indent)
        for col in data:
            pair = table[0][col].ljust(heading) + gap + row[col]
            stacked += wrap(pair, width, indent * 2, indent * 3)
    return stacked
