"""`domino serve` as a process: it prints its URL, binds to 127.0.0.1, and a table survives SIGKILL.
Also: the benchmark script runs, and the wheel carries the page's files."""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import zipfile
from pathlib import Path

import httpx
import pytest

from tests.web.serving import serve

ROOT = Path(__file__).resolve().parent.parent.parent


def test_serve_prints_its_url_and_a_table_survives_sigkill(tmp_path):
    state = tmp_path / "state"
    process, url = serve(state)
    try:
        seats = [{"kind": "human"}, {"kind": "computer", "strength": "greedy"}]
        made = httpx.post(f"{url}/api/tables", json={"variant": "draw", "players": 2, "seed": 2, "seats": seats})
        assert made.status_code == 201, made.text
        seat = made.json()["seats"][0]
        state_url = f"{url}/api/tables/{made.json()['table']}/state?token={seat['token']}"
        view = httpx.get(state_url, timeout=30).json()
        action = f"{url}/api/tables/{made.json()['table']}/action?token={seat['token']}"
        httpx.post(action, json={"index": 0, "version": view["version"]}, timeout=30)
        before = httpx.get(state_url, timeout=30).json()
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
    process, url = serve(state)
    try:
        after = httpx.get(state_url.replace(state_url.split("/api")[0], url), timeout=30).json()
        assert after == before
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_benchmark_prints_its_figures():
    out = subprocess.run([sys.executable, "bench/web.py", "--actions", "20"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, check=False)  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "median" in out.stdout and "p95" in out.stdout


@pytest.mark.skipif(not (ROOT / "interpreter/frontends/web/static/index.html").exists(), reason="no page yet")
def test_the_wheel_carries_the_pages_files(tmp_path):
    isolation = [] if importlib.util.find_spec("hatchling") is None else ["--no-build-isolation"]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", *isolation, "-w", str(tmp_path),
                    str(ROOT)], check=True, capture_output=True)  # fmt: skip
    names = set(zipfile.ZipFile(next(tmp_path.glob("*.whl"))).namelist())
    static = "interpreter/frontends/web/static"
    shipped = {f"{static}/{p.name}" for p in (ROOT / static).iterdir() if p.is_file()}
    assert f"{static}/index.html" in shipped and shipped <= names
