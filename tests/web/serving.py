"""`domino serve` as a process for the tests: started on a free port, its URL read from its first line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def serve(state: Path, *flags: str) -> tuple[subprocess.Popen[str], str]:
    """The server on `state` with `flags`, at pace 0, in its own session (so a signal reaches it
    alone); and its URL without the trailing slash."""
    process = subprocess.Popen(
        [sys.executable, "cli.py", "serve", "--port", "0", "--state-dir", str(state), "--pace-ms", "0", *flags],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    line = process.stdout.readline() if process.stdout else ""
    if not line.startswith("domino serve: the table is at http://127.0.0.1:"):
        process.kill()
        _, err = process.communicate(timeout=30)
        raise AssertionError(f"the server did not start: {line!r} {err}")
    return process, line.split(" at ", 1)[1].split()[0].rstrip("/")


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1])
