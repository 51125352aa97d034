"""`--backend ray`: a run's matches as Ray tasks, on a private Ray instance here or on a cluster.

The chunks are those of the process pool (simulation.py), one Ray task each; the results are
summed as they arrive and the logs written in the order of the matches, so totals and log bytes are
the same as with `--workers K` or one process. A chunk carries the rules themselves
(`RulesOrigin.portable`): a node needs domino-rules installed — the same version, which every task
checks — and none of the user's files.

Ray is imported only when this backend runs; `missing()` says whether it can. Ctrl-C stops the run
with the chunks that finished; so does a task that fails (a node lost, a worker killed, after Ray's
own retries). No task is ever cancelled: Ray's cancel races with a task that is finishing, and the
driver then aborts on a failed check of its own ("it != submissible_tasks_.end()",
ray-project/ray#54798) — a notebook's kernel, or this project's test run, as it once did in CI.
Instead a run keeps at most IN_FLIGHT_PER_CPU chunks per CPU in flight, so that a stopped run has
nothing queued: the few chunks still running end with Ray when this backend started it (`close`),
or else finish on their own (each at most simulation.CHUNK_MATCHES matches) and are dropped.
"""

from __future__ import annotations

import itertools
import logging
import socket
from collections.abc import Callable
from functools import cache
from typing import Any

from interpreter.engine.limits import MatchLimitError
from interpreter.expressions.language import ExpressionRuntimeError
from interpreter.study.simulation import Chunk, Parts, SimulationResult, SimulationStopped, run_chunk
from interpreter.text.diagnostics import shorten
from interpreter.version import DISTRIBUTION
from interpreter.version import version as domino_version

INSTALL = f"pip install '{DISTRIBUTION}[ray]'"
# A task whose worker process or node died is run again (its matches depend on their seeds alone,
# so a second run gives the same games); a chunk that raises is not.
RETRIES = 3
REACH_SECONDS = 5  # to wait for a cluster's head to answer at all
# Two: a CPU that finishes a chunk finds the next one queued at its node, not waiting for the
# driver's round trip; more would only be more to drop when a run stops.
IN_FLIGHT_PER_CPU = 2
# What the rules themselves raise to stop a match (the commands' GAME_ERRORS): re-raised as a run in
# one process raises it, for the command to report.
GAME_STOPPERS = (ExpressionRuntimeError, MatchLimitError)


def missing() -> bool:
    """Whether Ray cannot be imported here."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return True
    return False


class BackendError(Exception):
    """Ray could not be started or reached: the message says why."""


class VersionMismatch(Exception):
    """A node runs another version of domino-rules than the machine that started the run."""


@cache
def _version() -> str:
    return domino_version()


def _play(chunk: Chunk, version: str) -> tuple[int, SimulationResult, str | None]:
    """A chunk on a Ray worker: refused on a node whose domino-rules is not the run's."""
    if _version() != version:
        raise VersionMismatch(
            f"a node runs domino-rules {_version()} and this machine {version}; install the same version on every node"
        )
    return run_chunk(chunk)


class RayBackend:
    """Ray, started or joined at the first run and shut down by `close` — only if this backend
    started it: a process that had Ray running already (a notebook, a test) keeps it, and runs
    on it whatever `address` and `num_cpus` say."""

    def __init__(self, address: str | None = None, num_cpus: int | None = None) -> None:
        self.address = address  # a cluster (HOST:PORT, or "auto"); None: a private instance on this machine
        self.num_cpus = num_cpus  # of that private instance (None: every CPU)
        self._started = False

    def __enter__(self) -> RayBackend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._started:
            import ray

            ray.shutdown()
            self._started = False

    def start(self) -> None:
        """Start Ray, or join the cluster `address` names, unless this process has Ray running
        already (`run` does it first). BackendError if it cannot."""
        import ray

        if ray.is_initialized():
            return
        silent = _silent(self.address) if self.address else None
        if silent:
            raise BackendError(f"cannot reach the Ray cluster at {self.address}: {silent}")
        self._started = True  # before init: a Ctrl-C during it leaves processes for `close` to end
        try:
            ray.init(
                # "local": a new private instance, never a cluster found by itself (RAY_ADDRESS, `ray start`).
                address=self.address or "local",
                num_cpus=self.num_cpus if self.address is None else None,
                include_dashboard=False,
                log_to_driver=False,  # the workers' output stays in Ray's log files
                logging_level=logging.ERROR,
            )
        except (ConnectionError, RuntimeError, ValueError) as error:
            where = f"the Ray cluster at {self.address}" if self.address else "a local Ray instance"
            raise BackendError(f"cannot start or reach {where}: {_first_line(error)}") from None

    def run(
        self, chunks_for: Callable[[int], list[Chunk]], parts: Parts, progress: Callable[[int], None] | None
    ) -> None:
        """The chunks `chunks_for(cpus)` gives, as tasks on the instance's CPUs (see `Backend.run`)."""
        import ray

        pending: list[Any] = []
        try:
            self.start()
            task = ray.remote(num_cpus=1, max_retries=RETRIES)(_play)
            cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            chunks, version = iter(chunks_for(cpus)), _version()
            pending = [task.remote(chunk, version) for chunk in itertools.islice(chunks, IN_FLIGHT_PER_CPU * cpus)]
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                parts.add(ray.get(ready[0]))
                pending += [task.remote(chunk, version) for chunk in itertools.islice(chunks, 1)]
                if progress is not None:
                    progress(parts.total.matches)
        except KeyboardInterrupt:
            raise SimulationStopped("interrupted", parts.total, interrupted=True) from None
        except ray.exceptions.RayTaskError as error:  # a chunk raised
            _stop(pending, parts)
            if isinstance(error.cause, GAME_STOPPERS):  # the rules stopped a match: said as one process says it
                raise error.cause from None
            raise SimulationStopped(f"a Ray task failed: {_first_line(error.cause)}", parts.total) from None
        except ray.exceptions.RayError as error:  # a worker or a node lost, beyond the retries
            _stop(pending, parts)
            reason = f"a Ray task was lost ({type(error).__name__}: {_first_line(error)})"
            raise SimulationStopped(reason, parts.total) from None


def _silent(address: str) -> str | None:
    """Why nothing answers at a cluster's HOST:PORT (a mistyped address, a head not started), found in
    seconds: Ray itself retries for minutes, printing as it goes. None when something answers, or
    for an address that is not HOST:PORT ("auto": Ray finds it, or says at once that it cannot)."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not host or not port.isdigit():
        return None
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=REACH_SECONDS):
            return None
    except OSError as error:
        return error.strerror or str(error) or type(error).__name__


def _stop(pending: list[Any], parts: Parts) -> None:
    """After a failed task: the chunks that finished meanwhile count (as with a dead worker
    process); the others are left (see the module's note on cancelling)."""
    import ray

    done, _ = ray.wait(pending, num_returns=len(pending), timeout=0) if pending else ([], [])
    for ref in done:
        try:
            parts.add(ray.get(ref))
        except ray.exceptions.RayError:
            continue  # failed too: its matches are lost


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return shorten(lines[0] if lines else type(error).__name__, 300)
