"""What a command may touch: its streams, working directory and environment variables."""

from __future__ import annotations

import enum
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO


class ExitStatus(enum.IntEnum):
    OK = 0
    FAILURE = 1  # invalid input file, failed check, diverging replay
    USAGE = 2  # the command line itself is wrong
    INTERRUPTED = 130


@dataclass
class Env:
    stdin: TextIO
    stdout: TextIO
    stderr: TextIO
    cwd: Path = field(default_factory=Path.cwd)
    environ: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_process(cls) -> Env:
        return cls(sys.stdin, sys.stdout, sys.stderr, Path.cwd(), dict(os.environ))

    def is_tty(self, stream: TextIO) -> bool:
        isatty = getattr(stream, "isatty", None)
        return bool(isatty and isatty())
