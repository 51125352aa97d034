"""Help texts laid out as the tools people know lay theirs: within the terminal's width, and never
wider than 80 columns, however wide the terminal (lines that long are hard to read).

A description is a paragraph, filled to the width. An epilog's indented lines are examples, a
command then, after two spaces or more, what it does: the explanations stay in their column,
wrapped under themselves; where the column leaves them too little room, each goes on the lines
under its command. A command longer than the width goes on as a shell would read it, a backslash
at the end of each line but the last, between its words (a quoted one whole); a word longer than
the width is never broken.
"""

from __future__ import annotations

import argparse
import re

from interpreter.frontends.cli.layout import BELOW, wrap

MOST = 80  # the widest help is laid out, whatever the terminal's width
_ROOM = 24  # the narrowest an example's explanation is wrapped beside its command
_EXAMPLE = re.compile(r"(?P<command>\s+\S.*?)(?:(?P<gap>\s{2,})(?P<said>\S.*))?")
_WORD = re.compile(r"(?:'[^']*'|\"[^\"]*\"|\S)+")  # a shell word, quotes and all
_GO_ON = " \\"  # the end of a command's line that goes on


def help_width(columns: int) -> int:
    """The width help is laid out in on a terminal `columns` wide."""
    return min(columns, MOST)


class HelpFormatter(argparse.HelpFormatter):
    """argparse's layout of options, with descriptions filled and examples aligned (see the module)."""

    def __init__(self, prog: str, width: int = MOST) -> None:
        # argparse leaves two columns free at the right edge of what it is given
        super().__init__(prog, width=width, max_help_position=min(24, max(width - 30, 8)))
        self._columns = width

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        lines: list[str] = []
        for line in text.splitlines():
            lines += _example(line, self._columns) if line[:1].isspace() else wrap(line, self._columns, indent)
        return "\n".join(lines)


def _example(line: str, width: int) -> list[str]:
    """An indented line of an epilog within `width`: a command and its explanation (see the module)."""
    found = _EXAMPLE.fullmatch(line.rstrip())
    if len(line) <= width or found is None:
        return [line.rstrip()]
    command = found["command"]
    if found["said"] is None:
        return _command(command, width)
    column = len(command) + len(found["gap"])
    if width - column >= _ROOM:
        said = wrap(found["said"], width - column)
        return [command + found["gap"] + said[0], *(" " * column + rest for rest in said[1:])]
    return [*_command(command, width), *wrap(found["said"], width, " " * BELOW)]


def _command(command: str, width: int) -> list[str]:
    """An example's command (indented) within `width`: its words on as few lines as fit, each line
    but the last ending in a backslash, the lines after the first indented deeper than the
    explanation under them."""
    indent = command[: len(command) - len(command.lstrip())]
    lines = [indent]
    for word in _WORD.findall(command):
        if lines[-1].strip() and len(lines[-1]) + 1 + len(word) + len(_GO_ON) > width:
            lines[-1] += _GO_ON
            lines.append(indent + " " * (2 * BELOW))
        lines[-1] += word if not lines[-1].strip() else " " + word
    return lines
