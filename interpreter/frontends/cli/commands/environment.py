"""What a command may touch: its streams, working directory and environment variables.

Standard output may fail under a command (`domino list | head -1` closes the pipe, `> /dev/full`
fills the disk): the process's stdout raises `OutputError` then, whatever the command was doing,
and `cli.main` ends with `output_failed` — silently with status 141 for a closed pipe, as a Unix
tool killed by SIGPIPE reports in a shell; with a one-line message and status 1 otherwise.

Standard output and error may also be a terminal whose encoding is not UTF-8 (a Latin-1 locale):
`terminal_stream` then writes the dashes, arrows and signs the commands print in ASCII ("–" as
"-", "→" as "->") and any other character the encoding lacks as "?", instead of failing.

Whatever a command writes to standard output or error, nothing of a rule file, a save, a log or a
command line reaches the terminal raw (docs/security.md, "Showing"): an `Env`'s streams write
every control character but "\\n" and "\\t", every escape sequence, bidirectional override and line
separator as an escape (`printable`). Only the program's own sequences pass: the colours of the
`Style` that `Env.style` gives, once a command asked for it, a carriage return on a terminal's
standard error (a progress bar redraws its line), and what `write_control` writes.
"""

from __future__ import annotations

import enum
import os
import re
import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO, cast

from interpreter.frontends.presentation.style import CODES as _STYLE_CODES
from interpreter.frontends.presentation.style import Style
from interpreter.text.untrusted import printable


class ExitStatus(enum.IntEnum):
    OK = 0
    FAILURE = 1  # invalid input file, failed check, diverging replay
    USAGE = 2  # the command line itself is wrong
    INTERRUPTED = 130
    BROKEN_PIPE = 141  # 128 + SIGPIPE: the reader of standard output went away (a shell's `| head`)


class OutputError(Exception):
    """Standard output could not be written: the reader closed the pipe, or the disk is full.

    Not an OSError, so that a command's own handling of its files never takes it for theirs.
    """

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class _CheckedOutput:
    """A text stream whose write errors are `OutputError`s; everything else is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as error:
            raise OutputError(error) from error

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as error:
            raise OutputError(error) from error

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


# What the commands print that a legacy encoding (ASCII, Latin-1, a Windows code page) may lack.
ASCII_FALLBACKS = {
    "\u2013": "-",  # – en dash
    "\u2014": "--",  # — em dash
    "\u2212": "-",  # − minus sign
    "\u2010": "-",  # ‐ hyphen
    "\u2011": "-",  # non-breaking hyphen
    "\u2192": "->",  # →
    "\u2190": "<-",  # ←
    "\u2194": "<->",  # ↔
    "\u21d2": "=>",  # ⇒
    "\u2026": "...",  # …
    "\u00b1": "+/-",  # ±
    "\u00d7": "x",  # ×
    "\u00f7": "/",  # ÷
    "\u00b7": ".",  # ·
    "\u2022": "*",  # •
    "\u2264": "<=",  # ≤
    "\u2265": ">=",  # ≥
    "\u2260": "!=",  # ≠
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u00a7": "#",  # § (a rule of the spec: "S4 #8")
    "\u2500": "-",  # ─ box drawing
    "\u2550": "=",  # ═
    "\u2502": "|",  # │
    "\u2551": "|",  # ║
    "\u25b6": ">",  # ▶
    "\u2691": "*",  # ⚑
    "\u00a0": " ",  # no-break space
}


def degrade(text: str, encoding: str) -> str:
    """`text` with every character that `encoding` cannot write replaced: by its ASCII fallback,
    else by its letters without accents (é as e), else by "?"."""

    def one(char: str) -> str:
        try:
            char.encode(encoding)
            return char
        except UnicodeEncodeError:
            pass
        if char in ASCII_FALLBACKS:
            return ASCII_FALLBACKS[char]
        plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
        return plain or "?"

    return "".join(one(char) for char in text)


class _EncodingFallback:
    """A text stream that never fails for a character its encoding lacks (see `degrade`)."""

    def __init__(self, stream: TextIO, encoding: str) -> None:
        self._stream = stream
        self._encoding = encoding

    def write(self, text: str) -> int:
        # Degraded before the stream sees it: standard error's own "backslashreplace" would print \u2013.
        return self._stream.write(self.as_written(text))

    def as_written(self, text: str) -> str:
        """`text` as `write` writes it."""
        return text if text.isascii() else degrade(text, self._encoding)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def terminal_stream(stream: TextIO, *, checked: bool = False) -> TextIO:
    """`stream` (the process's stdout or stderr) as a command writes to it: characters its encoding
    lacks degrade to ASCII; `checked`: a write error is an `OutputError` (standard output)."""
    encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("_", "-")
    wrapped = stream if encoding in ("utf-8", "utf8") else cast(TextIO, _EncodingFallback(stream, encoding))
    return cast(TextIO, _CheckedOutput(wrapped)) if checked else wrapped


# Exactly the SGR sequences `Style.paint` writes: its codes, one or several, and the reset (0); read
# from Style's own table, so that a colour added there passes and nothing else does (no 8, hidden text).
_STYLE_SEQUENCE = "\x1b\\[(?:{0})(?:;(?:{0}))*m".format("|".join(sorted({*_STYLE_CODES.values(), "0"})))


class _NeutralOutput:
    """A text stream that shows what a terminal would obey as an escape (`printable`, keeping "\\n"
    and "\\t"): a file's ESC, NUL, BEL, C1 controls, bidirectional overrides. The sequences `admit`
    names pass as they are, and so does what `write_control` writes: the program's own."""

    def __init__(self, stream: TextIO, admitted: tuple[str, ...] = ()) -> None:
        self._stream = stream
        self._admitted: re.Pattern[str] | None = None
        for pattern in admitted:
            self.admit(pattern)

    def admit(self, pattern: str) -> None:
        """Let the sequences `pattern` (a regular expression) matches pass unescaped from now on."""
        joined = pattern if self._admitted is None else f"{self._admitted.pattern}|{pattern}"
        self._admitted = re.compile(joined)

    def write(self, text: str) -> int:
        self._stream.write(text if text.isprintable() else self._neutral(text))
        return len(text)

    def as_written(self, text: str) -> str:
        """`text` as `write` puts it on the terminal: what another hand writes there (readline's
        prompt) is escaped and degraded as all output is."""
        shown = text if text.isprintable() else self._neutral(text)
        inner = getattr(self._stream, "as_written", None)  # a legacy encoding's fallback, below
        return inner(shown) if inner is not None else shown

    def _neutral(self, text: str) -> str:
        if self._admitted is None:
            return printable(text, keep="\n\t")
        shown: list[str] = []
        start = 0
        for found in self._admitted.finditer(text):
            shown += [printable(text[start : found.start()], keep="\n\t"), found.group()]
            start = found.end()
        shown.append(printable(text[start:], keep="\n\t"))
        return "".join(shown)

    def write_control(self, sequence: str) -> None:
        """Write one of the program's own control sequences (clearing the screen) as it is."""
        self._stream.write(sequence)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def neutral_stream(stream: TextIO, admitted: tuple[str, ...] = ()) -> TextIO:
    """`stream` writing no control character, escape sequence or bidirectional override raw but
    those `admitted` matches (see `_NeutralOutput`); a stream that is one already, as it is."""
    if isinstance(stream, _NeutralOutput):
        return cast(TextIO, stream)
    return cast(TextIO, _NeutralOutput(stream, admitted))


def output_failed(error: OutputError, env: Env) -> ExitStatus:
    """The end of a process whose standard output failed: what it says (nothing, for a closed
    pipe) and its exit status. Standard output is pointed at the null device first, so that what
    is still buffered goes there at exit instead of failing again with a traceback-like notice
    (what the Python documentation recommends for SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, sys.stdout.fileno())
        finally:
            os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no file descriptor behind sys.stdout
        pass
    if isinstance(error.error, BrokenPipeError):
        return ExitStatus.BROKEN_PIPE
    reason = error.error.strerror or str(error.error)
    try:
        env.stderr.write(f"domino: cannot write to standard output: {reason}\n")
        env.stderr.flush()
    except OSError:
        pass  # nowhere left to say it
    return ExitStatus.FAILURE


@dataclass
class Env:
    stdin: TextIO
    stdout: TextIO
    stderr: TextIO
    cwd: Path = field(default_factory=Path.cwd)
    environ: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Every command's output is neutral, whoever formats it; a terminal's standard error keeps
        # its carriage returns, with which a progress bar redraws its line (simulate, compare).
        self.stdout = neutral_stream(self.stdout)
        self.stderr = neutral_stream(self.stderr, (r"\r",) if self.is_tty(self.stderr) else ())

    @classmethod
    def from_process(cls) -> Env:
        stdout = terminal_stream(sys.stdout, checked=True)
        # A UTF-8 locale's standard input is read strictly (en_US.UTF-8; the C locale's is not):
        # bytes of another encoding, typed or pasted, would end the command with a traceback. They
        # are read as lone surrogates instead, which every stream then shows escaped ("\udcff").
        stdin = sys.stdin
        if stdin is not None and getattr(stdin, "errors", None) == "strict" and hasattr(stdin, "reconfigure"):
            stdin.reconfigure(errors="surrogateescape")
        return cls(stdin, stdout, terminal_stream(sys.stderr), Path.cwd(), dict(os.environ))

    def read_stdin(self, limit: int) -> bytes:
        """At most `limit` bytes of standard input, as bytes: a rule file read from it (`-`) is
        UTF-8 whatever the locale says."""
        binary = getattr(self.stdin, "buffer", None)
        if binary is not None:
            return binary.read(limit)
        return self.stdin.read(limit).encode("utf-8", errors="surrogateescape")

    def is_tty(self, stream: TextIO) -> bool:
        isatty = getattr(stream, "isatty", None)
        return bool(isatty and isatty())

    def columns(self) -> int:
        """The width tables are laid out in: the terminal's when standard output is one (its COLUMNS
        first, as `shutil.get_terminal_size` reads it), else 80, so that what goes to a file or a
        pipe does not depend on the terminal that ran the command."""
        if not self.is_tty(self.stdout):
            return 80
        said = self.environ.get("COLUMNS", "")
        if said.isdigit() and int(said) > 0:
            return int(said)
        try:
            return os.get_terminal_size(self.stdout.fileno()).columns or 80
        except (AttributeError, OSError, ValueError):  # no descriptor (a test's stream), or not a terminal after all
            return 80

    def style(self) -> Style:
        """The style of what is written to standard output: colour only at a terminal without NO_COLOR
        (`Style.for_output`); its colours, and no other escape sequence, then pass standard output."""
        style = Style.for_output(self.is_tty(self.stdout), self.environ)
        if style.colour and isinstance(self.stdout, _NeutralOutput):
            self.stdout.admit(_STYLE_SEQUENCE)
        return style
