"""`--backend ray`: the same matches as Ray tasks give the same totals and log bytes as `--workers`
and as one process; rules from standard input travel in the tasks; a lost task, another version
on a node and Ctrl-C stop the run with the matches that finished.

One private Ray instance (2 CPUs) serves the whole module: the commands run in this process find
it running and use it (and leave it running). Only the Ctrl-C test starts a Ray of its own, in a
`domino` process. Without Ray the tests that need it skip locally and fail in CI, which installs
the `ray` extra.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.study import ray_backend
from interpreter.study.ray_backend import RayBackend
from tests.clirunner import domino
from tests.processes import is_running

REPO = Path(__file__).resolve().parent.parent
HOW = "install it with `pip install -e '.[ray]'`"
TIMING = ("seconds", "matches_per_s", "rounds_per_s")
HOUSE = "name: lunch\nextends: draw\nmatch: {target: 40}\n"


@pytest.fixture(scope="module")
def local_ray():
    if importlib.util.find_spec("ray") is None:
        if os.environ.get("CI"):
            pytest.fail(f"Ray is missing: the Ray backend's tests never skip in CI ({HOW})")
        pytest.skip(f"Ray is missing: {HOW}")
    import ray

    backend = RayBackend(num_cpus=2)
    backend.start()  # as `--backend ray --workers 2` starts it, once for the module
    yield ray
    backend.close()


def _summary(text: str) -> dict:
    return {key: value for key, value in json.loads(text).items() if key not in TIMING}


# --- the same numbers and logs -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("draw", "greedy,random,random"),
        ("straight-partners", "greedy,random,heavy,random"),
        ("texas-42", "counter,random,counter,random"),  # the trick family: Ray's tasks play it the same
        ("moon", "counter,random,random"),
    ],
)
def test_simulate_on_ray_is_the_same_as_workers_and_one_process(local_ray, tmp_path, variant, players):
    args = ("simulate", variant, "-n", "13", "--players", players, "--seed", "5", "--json")
    one = domino(*args, "--log", "one.jsonl", cwd=tmp_path)
    two = domino(*args, "--workers", "2", "--log", "two.jsonl", cwd=tmp_path)
    on_ray = domino(*args, "--backend", "ray", "--workers", "2", "--log", "ray.jsonl", cwd=tmp_path)
    assert one.status is two.status is on_ray.status is ExitStatus.OK, on_ray.stderr
    assert _summary(on_ray.stdout) == _summary(two.stdout) == _summary(one.stdout)
    assert (tmp_path / "ray.jsonl").read_bytes() == (tmp_path / "two.jsonl").read_bytes()
    assert (tmp_path / "ray.jsonl").read_bytes() == (tmp_path / "one.jsonl").read_bytes()
    assert local_ray.is_initialized()  # the module's instance, which the command did not start, is kept


def test_compare_on_ray_is_the_same_as_workers_and_one_process(local_ray, tmp_path):
    args = ("compare", "draw", "draw-50", "-n", "9", "--players", "greedy,random", "--seed", "3", "--json")
    one = domino(*args, "--csv", "one", cwd=tmp_path)
    two = domino(*args, "--workers", "2", cwd=tmp_path)
    on_ray = domino(*args, "--backend", "ray", "--csv", "ray", cwd=tmp_path)
    assert one.status is two.status is on_ray.status is ExitStatus.OK, on_ray.stderr
    assert on_ray.stdout == two.stdout == one.stdout  # compare prints no timing: the same bytes
    assert (tmp_path / "ray" / "matches.csv").read_bytes() == (tmp_path / "one" / "matches.csv").read_bytes()


def test_rules_from_standard_input_travel_in_the_tasks(local_ray, tmp_path):
    args = ("simulate", "-", "-n", "6", "--seed", "2", "--set", "deal.hand_size=6", "--json")
    on_ray = domino(*args, "--backend", "ray", "--log", "ray.jsonl", cwd=tmp_path, stdin=HOUSE)
    here = domino(*args, "--log", "here.jsonl", cwd=tmp_path, stdin=HOUSE)
    assert on_ray.status is here.status is ExitStatus.OK, on_ray.stderr
    assert _summary(on_ray.stdout) == _summary(here.stdout)
    assert (tmp_path / "ray.jsonl").read_bytes() == (tmp_path / "here.jsonl").read_bytes()
    compared = domino("compare", "draw", "-", "-n", "4", "--backend", "ray", "--json", cwd=tmp_path, stdin=HOUSE)
    assert compared.status is ExitStatus.OK, compared.stderr
    assert json.loads(compared.stdout)["files"] == ["draw", "<stdin>"]


def test_a_formula_that_fails_in_a_task_is_reported_as_in_one_process(local_ray, tmp_path, monkeypatch):
    cancelled = _cancels_seen(local_ray, monkeypatch)
    typed = "name: lunch\nextends: draw\nscoring:\n  domino: {points: '10 // (round - 1)'}\n"
    failed = domino("simulate", "-", "-n", "4", "--backend", "ray", cwd=tmp_path, stdin=typed)
    assert failed.status is ExitStatus.FAILURE
    assert failed.stderr == "<stdin>:4:20 (scoring.domino.points): division by zero in '10 // (round - 1)'\n"
    assert cancelled == []


# Ray's cancel races with a task that is finishing: the driver then aborts on a failed check of its
# own ("it != submissible_tasks_.end()", ray-project/ray#54798), here the whole test process, as it
# once did in CI. So a run cancels nothing: it keeps at most two chunks per CPU in flight, and
# a stopped run submits no more.
def _cancels_seen(ray, monkeypatch) -> list:
    cancelled: list = []
    monkeypatch.setattr(ray, "cancel", lambda ref, **how: cancelled.append(ref))
    return cancelled


def test_a_run_keeps_at_most_two_chunks_per_cpu_in_flight(local_ray, tmp_path, monkeypatch):
    wait = local_ray.wait
    in_flight: list[int] = []

    def counting(pending, **how):
        in_flight.append(len(pending))
        return wait(pending, **how)

    monkeypatch.setattr(local_ray, "wait", counting)
    result = domino("simulate", "draw", "-n", "40", "--backend", "ray", "--json", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert json.loads(result.stdout)["matches"] == 40
    assert max(in_flight) == 4  # 2 CPUs; the run is 8 chunks of 5 matches


# --- runs that cannot finish --------------------------------------------------------------------


def test_a_lost_task_stops_the_run_with_the_matches_that_finished(local_ray, tmp_path, monkeypatch):
    play = ray_backend._play

    def dying(chunk, version):  # defined here, so Ray sends it by value to its workers
        if chunk.start == 14:  # the last chunk of 16 matches on 2 CPUs: its worker dies every time
            os._exit(1)
        return play(chunk, version)

    monkeypatch.setattr(ray_backend, "_play", dying)
    cancelled = _cancels_seen(local_ray, monkeypatch)
    result = domino("simulate", "draw", "-n", "16", "--backend", "ray", "--json", "--log", "g.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE and cancelled == []
    assert "a Ray task was lost (WorkerCrashedError" in result.stderr and "Traceback" not in result.stderr
    finished = json.loads(result.stdout)["matches"]
    assert finished in (12, 14)  # the other CPU's last chunk may be cut short too
    assert f"the {finished} of 16 matches that finished" in result.stderr
    headers = [line for line in (tmp_path / "g.jsonl").read_text().splitlines() if '"type":"match"' in line]
    assert len(headers) == finished


def test_a_node_with_another_version_of_domino_rules_is_refused(local_ray, monkeypatch):
    monkeypatch.setattr(ray_backend, "_version", lambda: "0.0.0-elsewhere")  # this machine's, as tasks are sent
    result = domino("simulate", "draw", "-n", "4", "--backend", "ray", "--json")
    assert result.status is ExitStatus.FAILURE and json.loads(result.stdout)["matches"] == 0
    assert "a Ray task failed: a node runs domino-rules" in result.stderr
    assert "and this machine 0.0.0-elsewhere; install the same version on every node" in result.stderr


# 16 matches on 2 CPUs are 8 chunks of 2; the tasks of the last four never finish, so that a Ctrl-C
# after the first four finished finds them running (and waiting): 8 matches finished, exactly.
_STALLING_RUN = """
import sys, time
from interpreter.study import ray_backend, simulation
play = ray_backend._play
def stalling(chunk, version):
    if chunk.start >= 8:
        time.sleep(600)
    return play(chunk, version)
ray_backend._play = stalling
add = simulation.Parts.add
def noted(self, done):
    add(self, done)
    with open(MARKS, "a") as marks:
        marks.write("finished\\n")
simulation.Parts.add = noted
import cli
sys.exit(cli.main(["simulate", "draw", "-n", "16", "--backend", "ray", "--workers", "2", "--json", "--log", LOG]))
"""


@pytest.mark.skipif(sys.platform == "win32" or not Path("/proc").exists(), reason="POSIX signals and /proc")
def test_ctrl_c_cancels_the_tasks_prints_the_summary_so_far_and_stops_ray(local_ray, tmp_path):
    marks, log = tmp_path / "marks", tmp_path / "g.jsonl"
    script = f"MARKS = {str(marks)!r}\nLOG = {str(log)!r}\n{_STALLING_RUN}"
    process = subprocess.Popen(
        [sys.executable, "-c", script], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        ray_processes = _descendants_once_ray_runs(process.pid)
        deadline = time.monotonic() + 60
        while not marks.exists() or len(marks.read_text().splitlines()) < 4:
            assert time.monotonic() < deadline and process.poll() is None, "the first chunks did not finish"
            time.sleep(0.05)
        os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C signals its whole process group
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == ExitStatus.INTERRUPTED, err
    assert err == "domino simulate: interrupted; the summary is of the 8 of 16 matches that finished\n"
    assert json.loads(out)["matches"] == 8
    assert sum('"type":"match"' in line for line in log.read_text().splitlines()) == 8
    deadline = time.monotonic() + 20
    while any(is_running(pid) for pid in ray_processes):
        assert time.monotonic() < deadline, "a Ray process outlived the run"
        time.sleep(0.1)


def _descendants_once_ray_runs(pid: int) -> set[int]:
    """The processes under `pid` once its Ray instance runs (its raylet started), within a minute."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = _descendants(pid)
        if any("raylet" in _command(child) for child in found):
            return found
        time.sleep(0.1)
    raise AssertionError("Ray did not start within a minute")


def _descendants(pid: int) -> set[int]:
    found: set[int] = set()
    todo = [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").glob("*"):
            try:
                children = {int(c) for c in (task / "children").read_text().split()}
            except OSError:
                continue
            todo += children - found
            found |= children
    return found


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


def test_the_overhead_benchmark_runs_the_three_ways_to_the_same_totals(local_ray):
    args = ["bench/ray_overhead.py", "--matches", "6", "--repeats", "1", "--json"]
    done = subprocess.run([sys.executable, *args], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr  # it exits otherwise: a way gave other totals
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["ray_start_s"] > 0 and found["ray_first_run_s"] > 0
    assert found["ray_overhead_ms_per_match"] == pytest.approx(
        found["ray_ms_per_match"] - found["workers_ms_per_match"], abs=0.002
    )


# --- what the command line may ask for (no Ray instance needed) ---------------------------------


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_without_ray_the_backend_says_how_to_install_it(command, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as where it is not installed
    files = ["draw"] if command == "simulate" else ["draw", "draw-50"]
    result = domino(command, *files, "--backend", "ray")
    assert result.status is ExitStatus.USAGE and result.stdout == ""
    assert result.stderr == f"domino {command}: --backend ray needs Ray: pip install 'domino-rules[ray]'\n"


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_address_and_workers_are_refused_where_they_mean_nothing(command):
    files = ["draw"] if command == "simulate" else ["draw", "draw-50"]
    alone = domino(command, *files, "--address", "10.0.0.1:6379")
    assert alone.status is ExitStatus.USAGE
    assert alone.stderr == f"domino {command}: --address names a Ray cluster: it needs --backend ray\n"
    both = domino(command, *files, "--backend", "ray", "--address", "10.0.0.1:6379", "--workers", "4")
    assert both.status is ExitStatus.USAGE and "a cluster has its own" in both.stderr


def test_a_cluster_that_does_not_answer_is_said_at_once(local_ray):
    with socket.socket() as unused:  # a port nothing listens on
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    args = ["simulate", "draw", "-n", "2", "--backend", "ray", "--address", f"127.0.0.1:{port}"]
    # A process of its own: this one has the module's Ray running, which a command would use.
    done = subprocess.run([sys.executable, str(REPO / "cli.py"), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == ExitStatus.FAILURE and done.stdout == ""
    assert done.stderr == f"domino simulate: cannot reach the Ray cluster at 127.0.0.1:{port}: Connection refused\n"
