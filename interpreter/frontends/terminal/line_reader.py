"""How the terminal game reads what a person types.

At a terminal (the process's own standard input and output), a line is read with Python's
`readline` (GNU readline or libedit) through `input()`: the arrow keys recall this game's earlier
lines and move in the line, Ctrl-A/Ctrl-E go to its start and end, Tab completes a command word.
Anywhere else (a pipe, a test's streams), or where there is no `readline` module (Windows without
pyreadline3) or one without what is needed here, a line is read as from a file.

The history lives in memory for one game and is kept in no file: the lines of a game are its
moves, which mean nothing in the next game.
"""

from __future__ import annotations

import re
import sys
from types import ModuleType
from typing import Protocol, TextIO

from interpreter.text.untrusted import printable

# A control sequence left in a prompt once the output has shown everything else escaped: one of the
# program's own colours, which readline must not count in the prompt's width.
_SEQUENCE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")


# What EditedLines calls of the readline module.
_NEEDED = ("set_auto_history", "clear_history", "add_history", "set_completer", "parse_and_bind")


class LineReader(Protocol):
    def read(self, prompt: str) -> str:
        """The next line typed after `prompt`, with its "\\n"; "" at the end of input."""
        ...

    def remember(self, line: str) -> None:
        """Keep `line` for the Up arrow to recall."""
        ...


class StreamLines:
    """Lines read from a stream, the prompt written to `out` as all other output."""

    def __init__(self, stdin: TextIO, out: TextIO) -> None:
        self.stdin = stdin
        self.out = out

    def read(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        return self.stdin.readline()

    def remember(self, line: str) -> None:
        pass  # a stream has no history


class EditedLines:
    """Lines typed at the terminal with readline's editing and this game's history."""

    def __init__(self, readline: ModuleType, out: TextIO, words: list[str]) -> None:
        self.readline = readline
        self.out = out
        self.words = words
        self.last = ""
        # Only the lines `remember` is given are kept: not the "press Enter" answers.
        readline.set_auto_history(False)
        readline.clear_history()
        readline.set_completer(self._complete)
        libedit = "libedit" in (readline.__doc__ or "")  # macOS's Python; its key bindings are spelled otherwise
        readline.parse_and_bind("bind ^I rl_complete" if libedit else "tab: complete")

    def read(self, prompt: str) -> str:
        # input() writes the prompt itself, straight to the terminal: what the output streams
        # buffered goes first, and the prompt is escaped as they would escape it.
        self.out.flush()
        try:
            return input(readline_prompt(prompt, self.out)) + "\n"
        except EOFError:
            return ""

    def remember(self, line: str) -> None:
        line = line.rstrip("\n")
        if line.strip() and line != self.last:  # no empty line, no line twice in a row
            self.readline.add_history(line)
            self.last = line

    def _complete(self, text: str, state: int) -> str | None:
        found = [word for word in self.words if word.startswith(text.lower())]
        return found[state] if state < len(found) else None


def readline_prompt(prompt: str, out: TextIO) -> str:
    """`prompt` as readline is to write it: escaped as `out` escapes what it writes (its
    `as_written`, else everything escaped), each control sequence left (a colour) between \\001 and
    \\002, which tell readline it takes no room on the line."""
    as_written = getattr(out, "as_written", None)
    shown = as_written(prompt) if as_written is not None else printable(prompt, keep="")
    return _SEQUENCE.sub(lambda found: f"\x01{found.group()}\x02", shown)


def typed_words(help_text: str) -> list[str]:
    """The words a help text lists as typed commands, to complete: each item's first word ("bid" of
    "bid 31, bid 1 mark, pass") and the items of one word ("pass"). Items are listed two spaces in,
    their explanations two spaces or more after them."""
    words: dict[str, None] = {}
    for line in help_text.splitlines():
        if not line.startswith("  ") or line.startswith("   "):
            continue
        items = re.split(r"\s{2,}", line.strip())[0].split(", ")
        for index, item in enumerate(items):
            first = item.split()[0] if item.split() else ""
            if first.isalpha() and (index == 0 or first == item):
                words[first] = None
    return list(words)


def line_reader(stdin: TextIO, out: TextIO, words: list[str]) -> LineReader:
    """Edited lines when `stdin` and `out` are the process's standard input and output and both a
    terminal, as input() needs to use readline; else lines read from `stdin`. `words`: what Tab completes."""
    if not _process_terminal(stdin, out):
        return StreamLines(stdin, out)
    try:
        import readline
    except ImportError:
        return StreamLines(stdin, out)
    if not all(hasattr(readline, name) for name in _NEEDED):  # a stand-in (pyreadline3) that lacks some
        return StreamLines(stdin, out)
    return EditedLines(readline, out, words)


def _process_terminal(stdin: TextIO, out: TextIO) -> bool:
    if stdin is not sys.stdin:
        return False
    try:
        # input() edits a line only where sys.stdin and sys.stdout are C's stdin and stdout, terminals.
        return (
            sys.stdin.fileno() == 0
            and sys.stdout.fileno() == 1
            and out.fileno() == 1
            and sys.stdin.isatty()
            and sys.stdout.isatty()
        )
    except (AttributeError, OSError, ValueError):  # a stream with no descriptor, or a closed one
        return False
