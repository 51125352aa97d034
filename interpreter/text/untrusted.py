"""Reading files that may come from anyone — saves, logs, rule files — and showing what is in them.

See docs/security.md. A file is read only if it is a regular file: the type is checked before it
is opened (a FIFO would block `open` forever, a device never ends) and again on the open
descriptor, which is opened non-blocking, so that a file swapped for a FIFO in between cannot
block either. JSON from a save or a log is parsed with bounds (size, nesting, digits; no
`Infinity`, `NaN`, decimals or lone surrogates), and text from such a file is shown only through `printable`,
which escapes control characters so that no escape sequence of a file reaches the terminal.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from interpreter.text.diagnostics import shorten

RULE_FILE_SUFFIXES = (".yaml", ".yml")
MAX_SAVE_BYTES = 32 * 1024 * 1024  # a long match's save is under 1 MiB
# Lines of a save or a log: an event a line, about 100 bytes each, and a few events an action; a
# table stopped at its 20,000 actions (`domino serve --table-actions`) writes under 40,000. Checked
# before a save is split into lines, and while a body is read (a save of empty lines is refused
# after 200 KiB, not after 8 MiB and millions of empty strings).
MAX_SAVE_LINES = 100_000
MAX_RECORD_BYTES = 1024 * 1024  # one line of a log; the largest deal record is a few KiB
MAX_JSON_DEPTH = 32  # records nest 4 levels deep
MAX_INT_DIGITS = 100  # seeds and scores; far below Python's 4,300-digit limit of int()


class NotRegularFile(OSError):
    """A path that is a folder, a FIFO, a device or a socket: never opened for reading."""

    def __init__(self, mode: int) -> None:
        super().__init__(f"not a regular file (it is {file_kind(mode)})")


class TooLarge(OSError):
    def __init__(self, limit: int) -> None:
        super().__init__(f"larger than {_size(limit)}")


def file_kind(mode: int) -> str:
    """What a file of `mode` is, in words: "a FIFO", "a folder"."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit // 1024} KiB"


def is_rule_file_name(path: str | Path) -> bool:
    return Path(path).suffix.lower() in RULE_FILE_SUFFIXES


def open_regular(path: str | Path) -> BinaryIO:
    """`path` opened for reading in binary, if it is a regular file; NotRegularFile (an OSError) if not."""
    mode = os.stat(path).st_mode  # follows links: a link is judged by what it leads to
    if not stat.S_ISREG(mode):
        raise NotRegularFile(mode)
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):  # swapped for something else since the first look
            raise NotRegularFile(mode)
        if hasattr(os, "set_blocking"):
            os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def read_regular(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; NotRegularFile or TooLarge otherwise."""
    with open_regular(path) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(limit)
    return data


class LineProblem(Exception):
    """A line of a log that cannot be a record (too long, not UTF-8); `bounded_lines` stops there."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def bounded_lines(handle: BinaryIO, limit: int = MAX_RECORD_BYTES) -> Iterator[str]:
    """The lines of a binary file as text; LineProblem at the first over `limit` bytes or not UTF-8."""
    while True:
        line = handle.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            raise LineProblem(f"a line longer than {_size(limit)}; a record is a few KiB")
        try:
            yield line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise LineProblem(f"not UTF-8 text (byte 0x{line[error.start]:02x} at column {error.start + 1})") from None


class JsonProblem(ValueError):
    """JSON that a save or a log must not hold; `line` and `column` are 1-based (column 0: unknown)."""

    def __init__(self, message: str, line: int = 1, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column

    def where(self) -> str:
        return f"{self.line}:{self.column}" if self.column else str(self.line)


class _Refused(Exception):
    def __init__(self, message: str, token: str) -> None:
        super().__init__(message)
        self.message = message
        self.token = token


def _constant(name: str) -> Any:
    raise _Refused(f"'{name}' is not a number a save or a log holds", name)


def _decimal(text: str) -> Any:
    raise _Refused(f"a decimal number ('{shorten(text, 20)}') where only integers belong", text)


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(f"a number with {len(text.lstrip('-'))} digits; at most {MAX_INT_DIGITS} belong here", text)
    return int(text)


_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _too_deep_at(text: str, limit: int) -> int | None:
    """The index of the first bracket that opens more than `limit` levels, if any."""
    depth = 0
    for token in _STRING_OR_BRACKET.finditer(text):
        char = token.group()
        if char in "[{":
            depth += 1
            if depth > limit:
                return token.start()
        elif char in "]}":
            depth -= 1
    return None


def _depth_exceeds(value: Any, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


# A surrogate is half of a UTF-16 pair: JSON may escape a pair (\ud83d\ude00, one character), but
# Python's json also takes a lone half, which no UTF-8 text can hold: writing it to a save or a rule
# file, hashing it or sending it back would fail later, far from the text that holds it.
_SURROGATE_ESCAPED = re.compile(r"\\u[dD][89a-fA-F]")  # apart from the raw: as one pattern, 40 times slower
_SURROGATE_RAW = re.compile("[\ud800-\udfff]")
# In JSON a backslash occurs only in strings, so the escapes read left to right are aligned (an
# escaped backslash is consumed whole: `\\ud800` is text, no surrogate).
_SURROGATE_ESCAPE = re.compile(r"\\\\|\\u([dD][89a-fA-F][0-9a-fA-F]{2})|[\ud800-\udfff]")


def _lone_surrogate_at(text: str) -> tuple[int, int] | None:
    """The index in `text` (parsed JSON) of the first lone surrogate in a string, and its code."""
    if not _SURROGATE_ESCAPED.search(text) and (text.isascii() or not _SURROGATE_RAW.search(text)):
        return None
    high: tuple[int, int, int] | None = None  # a high half waiting for its low: index, code, end
    for found in _SURROGATE_ESCAPE.finditer(text):
        if found.group() == "\\\\":
            continue
        code = int(found.group(1), 16) if found.group(1) else ord(found.group())
        if high is not None:
            if found.start() == high[2] and found.group(1) and code >= 0xDC00:
                high = None  # a pair: one character
                continue
            return high[0], high[1]
        if found.group(1) and code < 0xDC00:
            high = (found.start(), code, found.end())
        else:
            return found.start(), code  # a low half with no high before it, or a raw half
    return None if high is None else (high[0], high[1])


def load_json(text: str, *, line: int = 1, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """`text` parsed as JSON within the bounds above; JsonProblem naming the line (offset by `line` - 1)."""
    try:
        value = json.loads(text, parse_constant=_constant, parse_float=_decimal, parse_int=_integer)
        too_deep = _depth_exceeds(value, max_depth)
    except json.JSONDecodeError as error:
        raise JsonProblem(f"not JSON: {error.msg}", line + error.lineno - 1, error.colno) from None
    except _Refused as refused:
        found = text.find(refused.token)
        at, column = _position(text, found) if found >= 0 else (1, 0)
        raise JsonProblem(refused.message, line + at - 1, column) from None
    except RecursionError:
        too_deep = True
    if too_deep:
        index = _too_deep_at(text, max_depth)
        at, column = _position(text, index) if index is not None else (1, 0)
        raise JsonProblem(f"nested more than {max_depth} levels deep", line + at - 1, column)
    lone = _lone_surrogate_at(text)
    if lone is not None:
        at, column = _position(text, lone[0])
        message = f"a lone surrogate (\\u{lone[1]:04x}) in a string; UTF-8 text cannot hold one"
        raise JsonProblem(message, line + at - 1, column)
    return value


def printable(text: str, keep: str = "\n") -> str:
    """`text` with every character that is not printable (control characters, escape sequences'
    ESC, NUL, bidirectional overrides, line separators) written as an escape, but those of `keep`:
    a line break, unless told otherwise (the output streams of the commands keep \\t too)."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() or char in keep else _escape(char) for char in text)


def _escape(char: str) -> str:
    """A C0 control as \\x1b; any other character as a JSON string escapes it (\\u202e, \\u009b, a
    surrogate pair beyond U+FFFF). JSON writes no C0 control raw, so a JSON document passed through
    `printable` still parses, to the same values: the commands' output escapes all it writes."""
    code = ord(char)
    if code < 0x20:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    high, low = divmod(code - 0x10000, 0x400)
    return f"\\u{0xD800 + high:04x}\\u{0xDC00 + low:04x}"
