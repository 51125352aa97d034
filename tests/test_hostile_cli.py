"""Hostile command lines and process trouble: `--set` values that try to write more than their key,
a killed or interrupted worker of `simulate --workers`, and standard output that cannot be written.

Pipes, /dev/full, signals and killed workers need a real process: those tests run `python cli.py`,
and every wait in them has a timeout, so that a regression fails instead of hanging the suite.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from interpreter.frontends.cli.commands.environment import ExitStatus
from tests.clirunner import domino
from tests.processes import is_running, kill_group, run_group

REPO = Path(__file__).resolve().parent.parent
CLI = str(REPO / "cli.py")
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals, pipes and /proc")

# Every character that YAML or str.splitlines counts as the end of a line.
LINE_BREAKS = ["\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


# --- --set: a command-line value sets exactly the key it names ---------------------------------


def test_a_long_key_path_is_refused_with_a_message_not_a_recursion_error():
    key = ".".join(["a"] * 1000)
    result = domino("simulate", "draw", "-n", "1", "--set", f"{key}=1")
    assert result.status is ExitStatus.FAILURE
    assert "at most 8 keys" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("brk", LINE_BREAKS, ids=[f"U+{ord(c):04X}" for c in LINE_BREAKS])
def test_a_value_with_a_line_break_cannot_set_another_key(brk: str):
    result = domino("simulate", "draw", "-n", "1", "--json", "--set", f"title=x{brk}match: {{target: 7}}")
    assert result.status is ExitStatus.FAILURE, result.stdout
    assert "--set title=" in result.stderr and "one line" in result.stderr


def test_an_unclosed_bracket_is_the_fault_of_its_own_option_not_of_the_next():
    result = domino("simulate", "draw", "-n", "1", "--set", "match.target=[1,", "--set", "title=x]")
    assert result.status is ExitStatus.FAILURE
    assert "--set match.target=[1," in result.stderr and "--set title" not in result.stderr


@pytest.mark.parametrize("value", ["*other", "|", ">-", "x: 5", "? x", "[a, b"])
def test_a_value_is_one_value_of_its_own(value: str):
    result = domino("simulate", "draw", "-n", "1", "--set", f"description={value}", "--set", "title=t")
    assert result.status is ExitStatus.FAILURE, result.stdout
    assert f"--set description={value}" in result.stderr and "Traceback" not in result.stderr


def test_settings_still_work_and_errors_still_name_the_option():
    for value in ("20", "{2: 20, '3-4': 30}", "'20'", "20  # a comment"):
        ok = domino("simulate", "draw", "-n", "1", "--json", "--set", f"match.target={value}", "--set", "title='a: b'")
        assert ok.status is ExitStatus.OK, (value, ok.stderr)
    listed = domino("simulate", "draw", "-n", "1", "--set", "tags=[draw, block]", "--set", "title=&a x")
    assert listed.status is ExitStatus.OK, listed.stderr
    octal = domino("simulate", "draw", "-n", "1", "--set", "match.target=017")
    assert octal.status is ExitStatus.FAILURE
    assert "--set match.target=017" in octal.stderr and "octal" in octal.stderr


# --- simulate --workers: a dead worker or Ctrl-C ends the run with what is finished ------------


def _children(pid: int) -> list[int]:
    """The child processes of `pid`, from /proc (psutil is not a dependency)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def _workers(process: subprocess.Popen, count: int, timeout: float = 30.0) -> list[int]:
    """The pids of `count` worker processes of `process` once they run (the pool's own helper
    processes, such as a resource tracker, are told apart by their command line)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        workers = []
        for child in _children(process.pid):
            try:
                command = Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                continue
            if b"resource_tracker" not in command and b"semaphore_tracker" not in command:
                workers.append(child)
        if len(workers) >= count:
            return workers
        time.sleep(0.05)
    process.kill()
    raise AssertionError("the workers did not start")


# Slow enough to be caught while it runs: ismcts matches, 400 of them.
SLOW_RUN = ["simulate", "draw", "-n", "400", "--players", "ismcts,greedy", "--json"]


def _run_and(args: list[str], act: Callable[[subprocess.Popen], None]) -> tuple[int, str, str]:
    """`domino ARGS` with `act` done to it while it runs: its status and output, within a minute."""
    process = subprocess.Popen([sys.executable, CLI, *args], cwd=REPO, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)  # fmt: skip
    try:
        act(process)
        out, err = process.communicate(timeout=60)
    finally:
        kill_group(process)  # a run the test gave up on leaves no worker behind
    return process.returncode, out, err


@POSIX
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
def test_a_killed_worker_ends_the_run_with_a_message_and_the_finished_matches():
    def kill_a_worker(process: subprocess.Popen) -> None:
        workers = _workers(process, 2)
        time.sleep(1.0)
        os.kill(workers[0], signal.SIGKILL)

    status, out, err = _run_and([*SLOW_RUN, "--workers", "2"], kill_a_worker)
    assert status == 1, err
    assert "worker process ended abruptly" in err and "Traceback" not in err
    assert 0 <= json.loads(out)["matches"] < 400  # how many finished depends on the machine's speed


@POSIX
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
def test_ctrl_c_stops_the_workers_and_prints_the_summary_so_far():
    workers: list[int] = []

    def ctrl_c(process: subprocess.Popen) -> None:
        workers.extend(_workers(process, 2))
        time.sleep(1.0)
        # Ctrl-C at a terminal signals the whole foreground process group: the workers too.
        for pid in (process.pid, *workers):
            os.kill(pid, signal.SIGINT)

    status, out, err = _run_and([*SLOW_RUN, "--workers", "2"], ctrl_c)
    assert status == ExitStatus.INTERRUPTED, err
    assert "Traceback" not in err and "interrupted" in err
    assert 0 <= json.loads(out)["matches"] < 400
    deadline = time.monotonic() + 10
    while any(is_running(pid) for pid in workers):
        assert time.monotonic() < deadline, "a worker outlived the run"
        time.sleep(0.05)


_SPAWNS_A_WORKER = """
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
open(PID_FILE, "w").write(str(child.pid))
time.sleep(60)
"""


@POSIX
def test_a_run_the_test_gives_up_on_leaves_no_worker_behind(tmp_path: Path):
    # What the slow runs above are started with: a timeout kills the run's whole process group.
    pid_file = tmp_path / "pid"
    script = f"PID_FILE = {str(pid_file)!r}\n{_SPAWNS_A_WORKER}"
    with pytest.raises(subprocess.TimeoutExpired):
        run_group([sys.executable, "-c", script], timeout=1.5)
    worker = int(pid_file.read_text())
    deadline = time.monotonic() + 10
    while is_running(worker):
        assert time.monotonic() < deadline, "the run's worker outlived it"
        time.sleep(0.05)


# A worker that dies in the last chunk: every other chunk has finished or is running by then.
_DYING_WORKER = """
import os, signal, sys
import interpreter.study.simulation as simulation
real = simulation.run_chunk
def run_chunk(chunk):
    if chunk.start == 14:
        os.kill(os.getpid(), signal.SIGKILL)
    return real(chunk)
simulation.run_chunk = run_chunk
import cli
sys.exit(cli.main(["simulate", "draw", "-n", "16", "--workers", "2", "--json", "--log", LOG]))
"""


@POSIX
def test_the_matches_finished_before_a_worker_died_are_summed_and_logged(tmp_path: Path):
    log = tmp_path / "g.jsonl"
    script = f"LOG = {str(log)!r}\n{_DYING_WORKER}"
    done = run_group([sys.executable, "-c", script], timeout=120, cwd=REPO)
    assert done.returncode == 1, done.stderr
    assert "worker process ended abruptly" in done.stderr and "Traceback" not in done.stderr
    summary = json.loads(done.stdout)
    assert summary["matches"] in (12, 14)  # chunks of 2; the other worker's chunk may be cut short too
    assert f"the {summary['matches']} of 16 matches that finished" in done.stderr
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert sum(record.get("type") == "match" for record in records) == summary["matches"]


@POSIX
def test_ctrl_c_without_workers_prints_the_summary_so_far():
    status, out, err = _run_and(SLOW_RUN, lambda process: (time.sleep(3.0), process.send_signal(signal.SIGINT)))
    assert status == ExitStatus.INTERRUPTED, err
    assert "interrupted" in err and "Traceback" not in err
    assert 0 <= json.loads(out)["matches"] < 400


# --- standard output that cannot be written -------------------------------------------------


@POSIX
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [["list"], ["explain", "draw"], ["simulate", "draw", "-n", "2"]])
def test_a_full_disk_on_stdout_is_one_line_on_stderr(command: list[str]):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, CLI, *command], cwd=REPO, stdout=full, stderr=subprocess.PIPE, text=True, timeout=60
        )
    assert done.returncode == ExitStatus.FAILURE
    assert done.stderr == "domino: cannot write to standard output: No space left on device\n"


def _closed_pipe(command: list[str], stdin: str = "") -> subprocess.CompletedProcess:
    """`domino COMMAND | head -c 0`: the reader has gone before anything is written."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, CLI, *command], cwd=REPO, stdout=write, stderr=subprocess.PIPE,
            input=stdin, text=True, timeout=60,
        )  # fmt: skip
    finally:
        os.close(write)


@POSIX
@pytest.mark.parametrize("command", [["list"], ["explain", "draw"], ["simulate", "draw", "-n", "2"]])
def test_a_closed_pipe_ends_silently_with_status_141(command: list[str]):
    done = _closed_pipe(command)
    assert done.returncode == ExitStatus.BROKEN_PIPE, done.stderr
    assert done.stderr == ""


@POSIX
def test_a_piped_play_stops_quietly_when_the_reader_goes(tmp_path: Path):
    done = _closed_pipe(["play", "--players", "human,random", "--save", str(tmp_path / "g.json")], "1\n" * 50)
    assert done.returncode == ExitStatus.BROKEN_PIPE, done.stderr
    assert done.stderr == ""


@POSIX
def test_head_reads_one_line_of_list():
    shell = f"'{sys.executable}' '{CLI}' list | head -1; echo \"status=${{PIPESTATUS[0]}}\""
    done = subprocess.run(["bash", "-c", shell], cwd=REPO, capture_output=True, text=True, timeout=60)
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and lines[1] in ("status=0", "status=141"), done.stdout
    assert done.stderr == ""
