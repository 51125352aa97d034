"""What the tests read about processes the tool started (Linux /proc)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from pathlib import Path


def is_running(pid: int) -> bool:
    """Whether process `pid` exists and has not exited (a zombie has)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def kill_group(process: subprocess.Popen) -> None:
    """Kill `process` and every process of its group (a run started with start_new_session=True):
    a test that gives up on a run leaves none of its workers behind."""
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group has already gone
        os.killpg(process.pid, signal.SIGKILL)
    process.kill()


def run_group(args: list[str], timeout: float, **kwargs: object) -> subprocess.CompletedProcess:
    """`subprocess.run(args, capture_output=True, text=True)` in a process group of its own, the
    whole group killed if it outlives `timeout` (subprocess.run kills only its child, orphaning
    the child's workers)."""
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, **kwargs)  # type: ignore[call-overload]  # fmt: skip
    try:
        out, err = process.communicate(timeout=timeout)
    finally:
        kill_group(process)
    return subprocess.CompletedProcess(args, process.returncode, out, err)
