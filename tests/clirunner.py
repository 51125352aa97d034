"""Running the `domino` command in-process with captured streams, as a user would run it."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from cli import run
from interpreter.frontends.cli.commands.environment import Env, ExitStatus


@dataclass
class Result:
    status: ExitStatus
    stdout: str
    stderr: str


def domino(*argv: str, cwd: Path | None = None, stdin: str = "") -> Result:
    out, err = io.StringIO(), io.StringIO()
    env = Env(io.StringIO(stdin), out, err, cwd or Path.cwd(), {})
    status = run(list(argv), env)
    return Result(status, out.getvalue(), err.getvalue())
