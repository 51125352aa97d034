"""`domino serve` under load: K tables played at once, each by its own client thread, over HTTP.

For each K of --tables, a fresh server (`domino serve --port 0 --pace-ms 0`, its own process group,
a new state folder) gets K tables of one person and one computer. Each client thread plays its
table over one keep-alive connection (or a new connection per request: --new-connections): the
state once, then `POST …/action` with a random legal move (seeded) and the state that answer
carries (at a round's end, `POST …/continue`, as a person presses Continue: neither counted nor
timed), until the match is over; then a new table, until --seconds have passed. An action is one
POST answered 200; at pace 0 its answer waits for the computer's reply, so its latency includes it.

At the end: the server's peak and current RSS (/proc/PID/status VmHWM, VmRSS), then SIGINT, and a
new server on the same folder, asked for every table's state with its token: each must answer 200
at the version of the last answer its client got (an answered action is saved).

    python bench/serve_load.py [--tables 1,20,50,100] [--seconds 20] [--new-connections]
        [--variant straight] [--strength greedy] [--seed 1] [--json]
        [--python PYTHON] [--cwd CHECKOUT] [--server-cmd "COMMAND"]

--cwd runs the server from another checkout (its cwd and first on PYTHONPATH), with --python's
`-m interpreter`; --server-cmd replaces `PYTHON -m interpreter` altogether (split like a shell).
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import random
import select
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
URL_LINE = "domino serve: the table is at "
START_TIMEOUT_S = 600.0  # a restart loads every save first; hundreds of tables take a while
STOP_TIMEOUT_S = 60.0
REQUEST_TIMEOUT_S = 300.0  # far beyond any answer under load: a slow answer is measured, not abandoned
MAX_FAILS = 5  # failed requests in a row on one table before its client starts a new one
RETRY_PAUSE_S = 0.1  # after a failure, so that a refusing server is not hammered in a tight loop


class Abort(Exception):
    """The benchmark cannot go on: the server did not start, or refused a table of the first K."""


@dataclass
class ServerCommand:
    argv: list[str]
    cwd: Path
    env: dict[str, str]
    extra: list[str]  # more flags of `domino serve` (--serve-args)

    def code(self) -> str | None:
        """Where the server's `interpreter` package is imported from, when the command is Python's."""
        if self.argv[1:3] != ["-m", "interpreter"]:
            return None
        try:
            found = subprocess.run([self.argv[0], "-c", "import interpreter; print(interpreter.__file__)"],
                                   cwd=self.cwd, env=self.env, capture_output=True, text=True, timeout=60)  # fmt: skip
        except (OSError, subprocess.TimeoutExpired):
            return None
        return found.stdout.strip() or None


class Server:
    """One `domino serve` process on a state folder, in its own process group."""

    def __init__(self, command: ServerCommand, state: Path, log: Path) -> None:
        args = ["serve", "--port", "0", "--pace-ms", "0", "--state-dir", str(state), *command.extra]
        started = time.perf_counter()
        with log.open("a") as errors:
            try:
                self.process = subprocess.Popen([*command.argv, *args], cwd=command.cwd, env=command.env,
                                                stdout=subprocess.PIPE, stderr=errors, text=True,
                                                start_new_session=True)  # fmt: skip
            except OSError as error:
                raise Abort(f"the server did not start: {command.argv[0]}: {error.strerror or error}") from None
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], START_TIMEOUT_S)
        line = self.process.stdout.readline() if ready else ""
        if not line.startswith(URL_LINE):
            code = self.stop()
            said = f"it printed {line.strip()!r}" if line else f"it exited with {code}" if ready else "no URL in time"
            tail = log.read_text(errors="replace").strip().splitlines()[-5:]
            raise Abort("\n".join([f"the server did not start: {said}; its last words:", *tail]))
        self.startup_s = time.perf_counter() - started
        self.port = int(line[len(URL_LINE) :].split()[0].rstrip("/").rsplit(":", 1)[1])
        # Anything it prints later is read and dropped, so a full pipe never blocks the server.
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def memory_mib(self) -> tuple[float, float]:
        """Peak and current resident memory, from /proc/PID/status."""
        fields = {}
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            name, _, value = line.partition(":")
            fields[name] = value.split()
        return int(fields["VmHWM"][0]) / 1024, int(fields["VmRSS"][0]) / 1024

    def cpu_s(self) -> float:
        """User and system CPU seconds it has used so far, from /proc/PID/stat."""
        after_name = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(after_name[11]) + int(after_name[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> str:
        """SIGINT to its process group, as Ctrl-C would; SIGKILL if it has not exited in time."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
                return "killed"
        return str(self.process.returncode)


class Transport(Exception):
    """A request that got no HTTP answer (refused, reset, closed, timed out)."""


class Connection:
    """HTTP to the server: one kept-alive connection, or a new one per request."""

    def __init__(self, port: int, keep_alive: bool) -> None:
        self.port = port
        self.keep_alive = keep_alive
        self.kept = self._new()

    def _new(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT_S)

    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        """The status and the parsed JSON answer (None when it is not JSON)."""
        connection = self.kept if self.keep_alive else self._new()
        data = None if body is None else json.dumps(body).encode()
        headers = {} if body is None else {"Content-Type": "application/json"}
        try:
            connection.request(method, path, body=data, headers=headers)
            answer = connection.getresponse()
            raw = answer.read()
        except (OSError, http.client.HTTPException) as error:
            connection.close()  # a kept connection opens again at its next request
            raise Transport(type(error).__name__) from None
        finally:
            if not self.keep_alive:
                connection.close()
        try:
            return answer.status, json.loads(raw)
        except ValueError:
            return answer.status, None

    def close(self) -> None:
        self.kept.close()


@dataclass
class Seat:
    """A table a client made, with the person's token and the version of the last state it was answered."""

    table: str
    token: str
    version: int | None = None
    settled: bool = True  # False while an action's fate is unknown: its request got no answer

    def path(self, what: str) -> str:
        return f"/api/tables/{self.table}/{what}?token={self.token}"


def _view(data: Any) -> dict[str, Any] | None:
    """A seat's view with what a client plays by, or None for an answer of another shape."""
    if not isinstance(data, dict) or not isinstance(data.get("version"), int) or not isinstance(data.get("over"), bool):
        return None
    legal = data.get("legal")
    if not isinstance(legal, list) or not all(isinstance(m, dict) and isinstance(m.get("index"), int) for m in legal):
        return None
    return data


@dataclass
class Client:
    """One thread's player: its connection, its seeded choices, what it made and measured."""

    connection: Connection
    number: int
    variant: str
    strength: str
    seed: int
    seats: list[Seat] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    samples: dict[str, str] = field(default_factory=dict)  # the first message of each kind of error
    over: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(f"{self.seed}-{self.number}")

    def _failed(self, what: str, status: int | str, data: Any = None) -> None:
        key = f"{what} {status}"
        self.errors[key] += 1
        if key not in self.samples:
            self.samples[key] = str(data.get("error") if isinstance(data, dict) else data)[:300]

    def _ask(self, what: str, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any] | None:
        try:
            return self.connection.request(method, path, body)
        except Transport as error:
            self._failed(what, str(error))
            return None

    def create(self) -> Seat | None:
        """A new table, the person in seat 0; None (the error counted) if it is refused."""
        seats = [{"kind": "human"}, {"kind": "computer", "strength": self.strength}]
        body = {"variant": self.variant, "players": 2, "seats": seats,
                "seed": self.seed * 1_000_000 + self.number * 10_000 + len(self.seats)}  # fmt: skip
        answered = self._ask("create", "POST", "/api/tables", body)
        if answered is None:
            return None
        status, data = answered
        try:
            seat = Seat(data["table"], data["seats"][0]["token"])
        except (TypeError, KeyError, IndexError):
            self._failed("create", status if status != 201 else "bad-answer", data)
            return None
        self.seats.append(seat)
        return seat

    def state(self, seat: Seat) -> dict[str, Any] | None:
        answered = self._ask("state", "GET", seat.path("state"))
        if answered is None:
            return None
        status, data = answered
        view = _view(data)
        if status != 200 or view is None:
            self._failed("state", status if status != 200 else "bad-answer", data)
            return None
        seat.version, seat.settled = view["version"], True
        return view

    def act(self, seat: Seat, view: dict[str, Any]) -> dict[str, Any] | None:
        """One random legal move; the state it is answered with, or None (the error counted)."""
        body = {"index": self.rng.choice(view["legal"])["index"], "version": view["version"]}
        start = time.perf_counter()
        answered = self._ask("action", "POST", seat.path("action"), body)
        elapsed = time.perf_counter() - start
        if answered is None:
            seat.settled = False
            return None
        status, data = answered
        after = _view(data.get("state")) if isinstance(data, dict) else None
        if status != 200 or after is None:
            self._failed("action", status if status != 200 else "bad-answer", data)
            return None
        self.latencies.append(elapsed)
        seat.version = after["version"]
        return after

    def proceed(self, seat: Seat) -> dict[str, Any] | None:
        """Continue from a round's end, as a person presses Continue (the next deal waits for it):
        not an action, so neither counted nor timed as one."""
        answered = self._ask("continue", "POST", seat.path("continue"), {})
        if answered is None:
            return None
        status, data = answered
        after = _view(data.get("state")) if isinstance(data, dict) else None
        if status != 200 or after is None:
            self._failed("continue", status if status != 200 else "bad-answer", data)
            return None
        seat.version = after["version"]
        return after

    def play(self, deadline: float) -> None:
        """Table after table until the deadline; the seat of the first one is made before the clock starts."""
        seat: Seat | None = self.seats[-1] if self.seats else None
        view = None
        fails = 0
        while time.monotonic() < deadline:
            if fails >= MAX_FAILS:
                seat, fails = None, 0
            if fails:
                time.sleep(RETRY_PAUSE_S)
            if seat is None:
                seat, view = self.create(), None
                if seat is None:
                    fails += 1
                    continue
            if view is None:
                view = self.state(seat)
                if view is None:
                    fails += 1
                    continue
            if view["over"]:
                self.over += 1
                seat, view = None, None
                continue
            if view.get("to_continue"):  # a round's end, kept until the person continues
                view = self.proceed(seat)
                fails = 0 if view is not None else fails + 1
                continue
            if not view["legal"]:  # at pace 0 a state is answered only once the computer has moved
                self._failed("state", "no-legal-move", view.get("current_player"))
                view, fails = None, fails + 1
                continue
            view = self.act(seat, view)
            fails = 0 if view is not None else fails + 1
        if seat is not None and seat.version is None:  # made just before the deadline: its version, to check
            self.state(seat)


def _percentile(ordered: list[float], share: float) -> float | None:
    """Nearest rank: the smallest value with at least `share` of the values at or below it."""
    if not ordered:
        return None
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def _loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 2)


def check_restart(command: ServerCommand, state: Path, log: Path, seats: list[Seat]) -> dict[str, Any]:
    """A new server on the same folder; every table's state, against the last version its client was answered."""
    server = Server(command, state, log)
    connection = Connection(server.port, keep_alive=True)
    mismatches, unsettled = [], []
    try:
        for seat in seats:
            try:
                status, data = connection.request("GET", seat.path("state"))
            except Transport as error:
                status, data = str(error), None
            view = _view(data) if status == 200 else None
            found = view["version"] if view is not None else f"answered {status}"
            if found == seat.version:
                continue
            record = {"table": seat.table, "answered": seat.version, "after_restart": found}
            (unsettled if not seat.settled or seat.version is None else mismatches).append(record)
    finally:
        connection.close()
        code = server.stop()
    return {"restart_s": round(server.startup_s, 2), "checked": len(seats), "mismatches": mismatches,
            "unsettled": unsettled, "restarted_exit": code}  # fmt: skip


def run(command: ServerCommand, tables: int, args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="serve-load-") as folder:
        state, log = Path(folder) / "state", Path(folder) / "server.log"
        loadavg_before = _loadavg()
        server = Server(command, state, log)
        clients = [Client(Connection(server.port, not args.new_connections), n, args.variant, args.strength,
                          args.seed) for n in range(tables)]  # fmt: skip
        try:
            for client in clients:  # the K tables, one after another, before the clock starts
                if client.create() is None:
                    raise Abort(f"the server refused a table: {next(iter(client.samples.items()), '?')}")
            start, server_cpu, client_cpu = time.monotonic(), server.cpu_s(), time.process_time()
            deadline = start + args.seconds
            threads = [threading.Thread(target=c.play, args=(deadline,)) for c in clients]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            elapsed = time.monotonic() - start
            server_cpu, client_cpu = server.cpu_s() - server_cpu, time.process_time() - client_cpu
            peak, rss = server.memory_mib()
        finally:
            for client in clients:
                client.connection.close()
            exit_code = server.stop()
        seats = [seat for client in clients for seat in client.seats]
        checked = check_restart(command, state, log, seats)
        tracebacks = log.read_text(errors="replace").count("Traceback (most recent call last)")
    latencies = sorted(t for c in clients for t in c.latencies)
    errors: Counter[str] = sum((c.errors for c in clients), Counter())
    samples = {k: v for c in clients for k, v in c.samples.items()}
    return {
        "tables": tables, "connections": "new per request" if args.new_connections else "keep-alive",
        "seconds": round(elapsed, 2), "actions": len(latencies),
        "actions_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": _ms(_percentile(latencies, 0.50)), "p95_ms": _ms(_percentile(latencies, 0.95)),
        "p99_ms": _ms(_percentile(latencies, 0.99)), "max_ms": _ms(latencies[-1] if latencies else None),
        "errors": dict(sorted(errors.items())), "error_samples": dict(sorted(samples.items())),
        "server_tracebacks": tracebacks, "tables_created": len(seats), "matches_over": sum(c.over for c in clients),
        "server_cpu_s": round(server_cpu, 1), "client_cpu_s": round(client_cpu, 1),
        "peak_rss_mib": round(peak, 1), "rss_mib": round(rss, 1), "server_exit": exit_code, **checked,
        "loadavg_before": loadavg_before, "loadavg_after": _loadavg(),
    }  # fmt: skip


COLUMNS = [  # the markdown table's headers and what each shows of a run
    ("tables", lambda r: r["tables"]), ("connections", lambda r: r["connections"]), ("s", lambda r: r["seconds"]),
    ("actions", lambda r: r["actions"]), ("actions/s", lambda r: r["actions_per_s"]),
    ("p50 ms", lambda r: r["p50_ms"]), ("p95 ms", lambda r: r["p95_ms"]), ("p99 ms", lambda r: r["p99_ms"]),
    ("max ms", lambda r: r["max_ms"]), ("errors", lambda r: ", ".join(f"{k}: {v}" for k, v in r["errors"].items())),
    ("tables made", lambda r: r["tables_created"]), ("matches over", lambda r: r["matches_over"]),
    ("server CPU s", lambda r: r["server_cpu_s"]), ("client CPU s", lambda r: r["client_cpu_s"]),
    ("peak RSS MiB", lambda r: r["peak_rss_mib"]), ("RSS MiB", lambda r: r["rss_mib"]),
    ("restart s", lambda r: r["restart_s"]), ("checked", lambda r: r["checked"]),
    ("mismatches", lambda r: len(r["mismatches"])), ("unsettled", lambda r: len(r["unsettled"])),
    ("loadavg before", lambda r: r["loadavg_before"]), ("loadavg after", lambda r: r["loadavg_after"]),
]  # fmt: skip


def markdown(report: dict[str, Any]) -> str:
    server = report["server"]
    lines = [
        f"server: `{server['command']}` in {server['cwd']} (interpreter from {server['code']}); "
        f"{report['variant']}, a person against {report['strength']}, pace 0, seed {report['seed']}",
        "",
        "| " + " | ".join(header for header, _ in COLUMNS) + " |",
        "|" + " ---: |" * len(COLUMNS),
    ]
    for r in report["runs"]:
        cells = [shown(r) for _, shown in COLUMNS]
        lines.append("| " + " | ".join("—" if c is None else str(c or 0) for c in cells) + " |")
    for r in report["runs"]:
        for record in r["mismatches"]:
            lines.append(f"- {r['tables']} tables, mismatch: {record}")
        for record in r["unsettled"]:
            lines.append(f"- {r['tables']} tables, unsettled (its last action got no answer): {record}")
        for key, message in r["error_samples"].items():
            lines.append(f"- {r['tables']} tables, {key}: {message}")
        if r["server_tracebacks"]:
            lines.append(f"- {r['tables']} tables: {r['server_tracebacks']} tracebacks in the server's log")
    return "\n".join(lines)


def _table_counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        counts = []
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a list of table counts such as 1,20,50")
    return counts


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"'{text}' is not a positive number of seconds")
    return value


ONE_ADDRESS = "--tables-per-client 1000 --rate-per-s 1000 --burst 1000"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=_table_counts, default=[1, 20, 50, 100], help="table counts, run in turn")
    parser.add_argument("--seconds", type=_seconds, default=20.0, help="how long each count plays (default 20)")
    parser.add_argument("--new-connections", action="store_true", help="a new connection per request")
    parser.add_argument("--variant", default="straight")
    parser.add_argument("--strength", default="greedy", help="the computer seat's player (default greedy)")
    parser.add_argument("--seed", type=int, default=1, help="the tables' deals and the clients' choices")
    parser.add_argument("--json", action="store_true", help="print the report as JSON instead of a table")
    parser.add_argument("--python", default=sys.executable, help="the Python that runs the server")
    parser.add_argument("--cwd", type=Path, default=ROOT, help="the checkout the server runs from")
    parser.add_argument("--server-cmd", help="the command instead of `PYTHON -m interpreter` (split like a shell)")
    parser.add_argument("--serve-args", default=ONE_ADDRESS, help="more flags of `domino serve` (split like a "
                        f"shell); default '{ONE_ADDRESS}': every table here comes from one address, which the "
                        "per-client limits would otherwise stop at 20 tables")  # fmt: skip
    args = parser.parse_args()
    argv = shlex.split(args.server_cmd) if args.server_cmd else [args.python, "-m", "interpreter"]
    if not argv:
        parser.error("--server-cmd is empty")
    cwd = args.cwd.resolve()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(cwd), os.environ.get("PYTHONPATH")]))}
    command = ServerCommand(argv, cwd, env, shlex.split(args.serve_args))
    report: dict[str, Any] = {
        "server": {"command": shlex.join([*argv, *command.extra]), "cwd": str(cwd), "code": command.code()},
        "variant": args.variant, "strength": args.strength, "seed": args.seed, "runs": [],
    }  # fmt: skip
    for tables in args.tables:
        mode = "a new connection per request" if args.new_connections else "keep-alive"
        print(f"serve_load: {tables} tables, {mode}, {args.seconds:g} s …", file=sys.stderr, flush=True)
        try:
            report["runs"].append(run(command, tables, args))
        except Abort as problem:
            print(f"serve_load: {problem}", file=sys.stderr)
            return 2
    print(json.dumps(report, indent=1) if args.json else markdown(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
