"""What a command may touch: its streams, working directory and environment variables.

Standard output may fail under a command (`domino list | head -1` closes the pipe, `> /dev/full`
fills the disk): the process's stdout raises `OutputError` then, whatever the command was doing,
and `cli.main` ends with `output_failed` — silently with status 141 for a closed pipe, as a Unix
tool killed by SIGPIPE reports in a shell; with a one-line message and status 1 otherwise.
"""

from __future__ import annotations

import enum
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO, cast


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

    @classmethod
    def from_process(cls) -> Env:
        stdout = cast(TextIO, _CheckedOutput(sys.stdout))
        return cls(sys.stdin, stdout, sys.stderr, Path.cwd(), dict(os.environ))

    def is_tty(self, stream: TextIO) -> bool:
        isatty = getattr(stream, "isatty", None)
        return bool(isatty and isatty())
