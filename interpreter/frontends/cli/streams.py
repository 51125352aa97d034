"""The standard streams of `domino` when its caller closed some (`>&-`, `<&-`, as under cron): the
descriptors go to the null device, and reading or writing the closed ones fails with one line,
never a traceback (main.py)."""

from __future__ import annotations

import errno
import io
import os
import sys
from typing import IO


class InputError(Exception):
    """Standard input could not be read (the caller closed it). Not an OSError, for the reason
    OutputError is not one: a command's handling of its own files never takes it for theirs."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


def _bad_descriptor() -> OSError:
    return OSError(errno.EBADF, os.strerror(errno.EBADF))


class _ClosedInput(io.TextIOBase):
    """Standard input the caller closed (`<&-`): reading it is an InputError; a command that never
    reads it runs as usual."""

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        raise InputError(_bad_descriptor())

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]  # TextIOBase's: text
        raise InputError(_bad_descriptor())

    @property
    def buffer(self) -> IO[bytes]:  # what Env.read_stdin and `domino lsp` read bytes from
        raise InputError(_bad_descriptor())


class _ClosedOutput(io.TextIOBase):
    """Standard output the caller closed (`>&-`): writing to it fails as writing to a closed
    descriptor does, so a command that prints ends as on a full disk; one that prints nothing runs."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if text:
            raise _bad_descriptor()
        return 0


class _DroppedOutput(io.TextIOBase):
    """Standard error the caller closed (`2>&-`): what is written to it goes nowhere."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return len(text)


def stand_in_for_closed_streams() -> None:
    """Give the process standard streams where the caller closed them (cron, a service manager).

    The descriptor goes to the null device first: else the next file opened (a --log) would take
    its number, and whatever writes to "standard output" (a child process, the C library) would
    write into it. Python has left sys.stdin/stdout/stderr None for such a stream: reading stdin
    then fails with one line, writing stdout too (`_ClosedOutput`), and what goes to stderr is
    dropped — nobody asked to see it, and nothing else may receive it (`print(file=None)` would
    write it to standard output)."""
    for descriptor, name in enumerate(("stdin", "stdout", "stderr")):
        if getattr(sys, name) is not None:
            continue
        try:
            os.fstat(descriptor)
        except OSError:
            opened = os.open(os.devnull, os.O_RDWR)
            if opened != descriptor:
                os.dup2(opened, descriptor)
                os.close(opened)
            os.set_inheritable(descriptor, True)
        if name == "stdin":
            sys.stdin = _ClosedInput()
        elif name == "stdout":
            sys.stdout = _ClosedOutput()
        else:
            sys.stderr = _DroppedOutput()
