"""`domino serve` against a client that tries to stall the others (issue 28): how long an oversized
save takes to refuse, and how long another client's three-line validate takes while one client's
endless all-computer tables play.

A fresh `domino serve --port 0 --pace-ms 0` on a new state folder. First, --saves clients at once
send `POST /api/tables/open` (then `POST /api/replays`) a body just under 8 MiB: a save's header and then
empty lines (JSON-escaped `\\n`, so about 4 million lines), each answer's status and seconds, and
the server's peak memory after them. Then a client at 127.0.0.1 makes --endless all-computer tables
of rules whose match never ends (draw to 1,000,000 points), each from its own thread (at pace 0 a
creation answers once the table has played out), and a client at 127.0.0.2 (another address: the
per-client shares tell them apart) sends --checks three-line validates one after another, each
timed; then the time until the endless tables have all answered (stopped by the server's bounds),
up to --wait seconds.

    python bench/serve_stall.py [--endless 20] [--checks 10] [--wait 120] [--saves 6] [--strength NAME]
        [--settle 2] [--cwd CHECKOUT] [--serve-args "..."] [--json]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import select
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
URL_LINE = "domino serve: the table is at "
BODY_BYTES = 8 * 1024 * 1024 - 1024  # under the server's 8 MiB body limit: read, not refused at its length
HEADER = {"format": "domino-save", "version": 2, "variant": "draw", "settings": [], "digest": "0" * 64, "seed": 1,
          "seats": ["human", "greedy"]}  # fmt: skip
ENDLESS = "name: endless\nextends: draw\nmatch: {target: 1000000}\n"
CHECK = "name: quick\nextends: draw\ndescription: a three-line check\n"


REFUSALS: set[str] = set()  # the reasons of the answers that were not 2xx


def post(port: int, path: str, body: bytes, source: str = "127.0.0.1", timeout: float = 600) -> tuple[int, float]:
    """The status of one POST and its seconds; status 0 if it got no answer."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    started = time.perf_counter()
    try:
        connection.request("POST", path, body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = response.read()
        status = response.status
        if status >= 300:
            REFUSALS.add(f"{status} {path}: {answer[:120].decode(errors='replace')}")
    except (OSError, http.client.HTTPException):
        status = 0
    finally:
        connection.close()
    return status, time.perf_counter() - started


def memory_mib(pid: int) -> tuple[float, float]:
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmHWM"].split()[0]) / 1024, int(fields["VmRSS"].split()[0]) / 1024


def oversized_save() -> bytes:
    text = json.dumps(HEADER)
    lines = (BODY_BYTES - len(text) - 40) // 2  # each empty line is `\n`, two bytes in JSON
    return json.dumps({"text": text + "\n" * lines}).encode()


def run(port: int, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    report: dict[str, Any] = {}
    body = oversized_save()
    for path in ("/api/tables/open", "/api/replays") if args.saves else ():
        got: list[tuple[int, float]] = []
        senders = [threading.Thread(target=lambda to=path, into=got: into.append(post(port, to, body)))
                   for _ in range(args.saves)]  # fmt: skip
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join()
        report[f"saves at once to {path}: statuses, slowest s"] = [sorted({s for s, _ in got}),
                                                                     round(max(t for _, t in got), 2)]  # fmt: skip
    report["peak RSS MiB after the saves"] = round(memory_mib(pid)[0], 1)
    seats = [{"kind": "computer", **({"strength": args.strength} if args.strength else {})}] * 2
    endless = json.dumps({"rules_text": ENDLESS, "players": 2, "seats": seats, "pace_ms": 0}).encode()
    answers: list[tuple[int, float]] = []
    threads = [threading.Thread(target=lambda: answers.append(post(port, "/api/tables", endless, timeout=args.wait)))
               for _ in range(args.endless)]  # fmt: skip
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    time.sleep(args.settle)  # the tables are made and playing
    check = json.dumps({"text": CHECK}).encode()
    checks = [post(port, "/api/validate", check, source="127.0.0.2") for _ in range(args.checks)]
    for thread in threads:
        thread.join()
    report["validate s (median, max)"] = [round(statistics.median(s for _, s in checks), 3),
                                          round(max(s for _, s in checks), 3)]  # fmt: skip
    report["validate statuses"] = sorted({status for status, _ in checks})
    report["endless tables answered"] = sum(1 for status, _ in answers if status)
    report["endless statuses"] = sorted({status for status, _ in answers})
    report["endless all answered after s"] = round(time.perf_counter() - started, 1)
    report["peak RSS MiB"] = round(memory_mib(pid)[0], 1)
    report["refusals"] = sorted(REFUSALS)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--endless", type=int, default=20, help="endless tables from one client (default 20)")
    parser.add_argument("--checks", type=int, default=10, help="validates timed from another client (default 10)")
    parser.add_argument("--strength", help="the endless tables' computer players (default: the strongest)")
    parser.add_argument("--wait", type=float, default=120.0, help="seconds an endless table's answer is waited for")
    parser.add_argument("--settle", type=float, default=2.0, help="seconds from the first endless table to the checks")
    parser.add_argument("--saves", type=int, default=6, help="oversized saves at once to each (default 6)")
    parser.add_argument("--cwd", type=Path, default=ROOT, help="the checkout the server runs from")
    parser.add_argument("--serve-args", default="", help="more flags of `domino serve` (split like a shell)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(args.cwd)}
    with tempfile.TemporaryDirectory() as state:
        command = [sys.executable, "-m", "interpreter", "serve", "--port", "0", "--pace-ms", "0", "--state-dir",
                   state, *shlex.split(args.serve_args)]  # fmt: skip
        process = subprocess.Popen(command, cwd=args.cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                   text=True, start_new_session=True)  # fmt: skip
        try:
            assert process.stdout is not None
            ready, _, _ = select.select([process.stdout], [], [], 60)
            line = process.stdout.readline() if ready else ""
            if not line.startswith(URL_LINE):
                print(f"serve_stall: the server did not start: {line!r}", file=sys.stderr)
                return 1
            port = int(line[len(URL_LINE) :].split()[0].rstrip("/").rsplit(":", 1)[1])
            report = run(port, process.pid, args)
        finally:
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
