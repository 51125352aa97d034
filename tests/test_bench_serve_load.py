"""bench/serve_load.py runs as bench/README.md says, on a tiny size: its report has every field,
the server answered every request, and every table came back after a restart at the version its
client last saw. The speed figures themselves are never asserted here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FIELDS = {
    "tables", "connections", "seconds", "actions", "actions_per_s", "p50_ms", "p95_ms", "p99_ms", "max_ms",
    "errors", "tables_created", "matches_over", "server_cpu_s", "client_cpu_s",
    "peak_rss_mib", "rss_mib", "restart_s", "checked",
    "mismatches", "unsettled", "loadavg_before", "loadavg_after", "server_exit",
}  # fmt: skip


def test_two_tables_play_answer_every_request_and_survive_a_restart():
    out = subprocess.run([sys.executable, "bench/serve_load.py", "--tables", "2", "--seconds", "2", "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["strength"] == "greedy" and report["variant"] == "straight"
    [run] = report["runs"]
    assert set(run) >= FIELDS, FIELDS - set(run)
    assert run["tables"] == 2 and run["connections"] == "keep-alive"
    assert run["errors"] == {}
    assert run["actions"] > 0 and run["tables_created"] >= 2
    assert run["checked"] == run["tables_created"]
    assert run["mismatches"] == [] and run["unsettled"] == []
    assert run["peak_rss_mib"] >= run["rss_mib"] > 0


@pytest.mark.parametrize("command", [f"{sys.executable} -c pass", "/nonexistent/python -m interpreter"])
def test_a_server_that_does_not_start_is_reported_without_a_traceback(command):
    out = subprocess.run([sys.executable, "bench/serve_load.py", "--tables", "1", "--seconds", "1",
                          "--server-cmd", command], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         check=False)  # fmt: skip
    assert out.returncode == 2
    assert "\nserve_load: the server did not start: " in out.stderr, out.stderr
    assert "Traceback" not in out.stderr


FORGETFUL = """
import json, sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TABLES = {}  # in memory only: a restart forgets every table


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, data):
        body = json.dumps(data).encode()
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def view(self, table):
        version = TABLES[table]
        return {"version": version, "over": version >= 3, "legal": [] if version >= 3 else [{"index": 0}]}

    def do_GET(self):
        table = self.path.split("/")[3]
        self.answer(200, self.view(table)) if table in TABLES else self.answer(404, {"error": "no table"})

    def do_POST(self):
        self.rfile.read(int(self.headers["Content-Length"]))
        if self.path == "/api/tables":
            table = f"t{len(TABLES)}"
            TABLES[table] = 0
            return self.answer(201, {"table": table, "seats": [{"seat": 0, "token": "x"}]})
        table = self.path.split("/")[3]
        TABLES[table] += 1
        self.answer(200, {"state": self.view(table)})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"domino serve: the table is at http://127.0.0.1:{server.server_address[1]}/", flush=True)
try:
    server.serve_forever()
except KeyboardInterrupt:
    pass
"""


def test_a_server_that_forgets_its_tables_on_restart_is_reported(tmp_path):
    fake = tmp_path / "forgetful.py"
    fake.write_text(FORGETFUL)
    out = subprocess.run([sys.executable, "bench/serve_load.py", "--tables", "2", "--seconds", "0.5", "--json",
                          "--server-cmd", f"{sys.executable} {fake}"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, check=False)  # fmt: skip
    assert out.returncode == 0, out.stderr
    [run] = json.loads(out.stdout)["runs"]
    assert run["errors"] == {} and run["actions"] > 0
    assert run["checked"] == run["tables_created"] >= 2
    made = sorted(f"t{n}" for n in range(run["tables_created"]))
    assert sorted((m["table"], m["after_restart"]) for m in run["mismatches"]) == [(t, "answered 404") for t in made]
    assert run["unsettled"] == []
