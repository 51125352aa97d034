"""Standard streams the caller closed (`>&-`, `2>&-`, `<&-`, as cron or a service manager may start
the command) and help that cannot be written (`domino --help > /dev/full`).

A closed stream is a property of the process: these tests run `python cli.py` from a shell that
closes it, each with a timeout. With standard output closed a command that prints fails as it does
on a full disk (one line, status 1); with standard input closed, one that reads it says so (status 1);
with standard error closed, the command does its job and ends with its own status, quietly.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.frontends.cli.commands.environment import ExitStatus

REPO = Path(__file__).resolve().parent.parent
CLI = str(REPO / "cli.py")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX shells and /dev/full")

CLOSED_STDOUT = "domino: cannot write to standard output: Bad file descriptor\n"
CLOSED_STDIN = "domino: cannot read standard input: Bad file descriptor\n"
FULL_DISK = "domino: cannot write to standard output: No space left on device\n"
HOUSE = "name: house\nextends: draw\nmatch: {target: 50}\n"


def _shell(argv: list[str], redirections: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess:
    """`domino ARGV REDIRECTIONS` run by bash in `cwd`, with its own save folder there."""
    command = f"exec {shlex.join([sys.executable, CLI, *argv])} {redirections}"
    environ = {**os.environ, "XDG_STATE_HOME": str(cwd / "state")}
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=environ, input=stdin, capture_output=True, text=True, timeout=120
    )


# --- standard output closed ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [["list"], ["explain", "draw"], ["simulate", "straight", "-n", "2"], ["--help"], ["--version"], ["list", "--help"]],
)
def test_a_closed_stdout_is_one_line_and_status_1(argv: list[str], tmp_path: Path):
    done = _shell(argv, ">&-", tmp_path)
    assert (done.returncode, done.stderr) == (ExitStatus.FAILURE, CLOSED_STDOUT)


def test_a_command_that_prints_nothing_runs_with_stdout_closed(tmp_path: Path):
    (tmp_path / "house.yaml").write_text(HOUSE)
    done = _shell(["validate", "house.yaml"], ">&-", tmp_path)
    assert (done.returncode, done.stderr) == (ExitStatus.OK, "1 file checked, all valid\n")


def test_the_log_survives_a_closed_stdout_and_takes_none_of_its_output(tmp_path: Path):
    done = _shell(["simulate", "draw", "-n", "3", "--workers", "2", "--log", "g.jsonl"], ">&-", tmp_path)
    assert (done.returncode, done.stderr) == (ExitStatus.FAILURE, CLOSED_STDOUT)
    replayed = _shell(["replay", "g.jsonl"], "", tmp_path)
    assert replayed.returncode == ExitStatus.OK, replayed.stderr
    assert replayed.stdout.startswith("g.jsonl: 3 matches, ") and "unfinished" not in replayed.stdout


def test_no_file_the_command_opens_takes_the_number_of_a_closed_standard_stream(tmp_path: Path):
    # Else a log opened while descriptor 1 is closed becomes "standard output" for whatever writes there.
    (tmp_path / "house.yaml").write_text(HOUSE)
    script = (
        "import os, sys, cli\n"
        "status = cli.main(['validate', 'house.yaml'])\n"
        "with open('opened.txt', 'w') as f:\n"
        "    print(status, f.fileno(), os.readlink('/proc/self/fd/0'), os.readlink('/proc/self/fd/1'), file=f)\n"
    )
    done = subprocess.run(
        ["bash", "-c", f"exec {shlex.join([sys.executable, '-c', script])} <&- >&- 2>&-"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0
    status, descriptor, stdin, stdout = (tmp_path / "opened.txt").read_text().split()
    assert status == "0" and int(descriptor) > 2 and stdin == stdout == os.devnull


# --- standard error closed ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (["validate", "house.yaml"], ExitStatus.OK),  # its summary line is lost, its verdict is not
        (["simulate", "draw", "--players", "random,genius"], ExitStatus.USAGE),
        (["replay", "no-such.jsonl"], ExitStatus.FAILURE),
    ],
)
def test_a_closed_stderr_leaves_the_command_its_own_status(argv: list[str], status: ExitStatus, tmp_path: Path):
    (tmp_path / "house.yaml").write_text(HOUSE)
    done = _shell(argv, "2>&-", tmp_path)
    assert (done.returncode, done.stdout) == (status, "")  # what was meant for stderr goes nowhere, not to stdout


def test_closed_stdout_and_stderr_end_quietly_with_status_1(tmp_path: Path):
    done = _shell(["list"], ">&- 2>&-", tmp_path)
    assert done.returncode == ExitStatus.FAILURE


# --- standard input closed ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv", [["play", "straight"], ["simulate", "-", "-n", "1"], ["validate", "-"], ["explain", "-"]]
)
def test_a_closed_stdin_is_one_line_and_status_1_for_a_command_that_reads_it(argv: list[str], tmp_path: Path):
    done = _shell(argv, "<&-", tmp_path)
    assert (done.returncode, done.stderr) == (ExitStatus.FAILURE, CLOSED_STDIN)


def test_a_command_that_does_not_read_stdin_runs_with_it_closed(tmp_path: Path):
    done = _shell(["play", "straight", "--players", "random,random", "--seed", "3"], "<&-", tmp_path)
    assert done.returncode == ExitStatus.OK, done.stderr
    assert "Match over after" in done.stdout


# --- help and version on a full disk ------------------------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("unbuffered", [True, False], ids=["unbuffered", "buffered"])
@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["list", "--help"], ["simulate", "-h"]])
def test_help_and_version_on_a_full_disk_are_one_line_and_status_1(argv: list[str], unbuffered: bool, tmp_path: Path):
    environ = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    if unbuffered:
        environ["PYTHONUNBUFFERED"] = "1"
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, CLI, *argv], cwd=tmp_path, env=environ, stdout=full, stderr=subprocess.PIPE,
            text=True, timeout=60,
        )  # fmt: skip
    assert (done.returncode, done.stderr) == (ExitStatus.FAILURE, FULL_DISK)
