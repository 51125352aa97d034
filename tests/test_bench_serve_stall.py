"""bench/serve_stall.py runs as bench/README.md says, on a tiny size: the oversized saves are
refused, the other client's checks answered, and the endless table stopped by the server's bound
(given a tenth of a second here). The times themselves are never asserted."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_oversized_saves_are_refused_and_the_endless_table_stops():
    out = subprocess.run([sys.executable, "bench/serve_stall.py", "--endless", "1", "--checks", "1", "--saves", "1",
                          "--settle", "0", "--strength", "greedy", "--serve-args", "--computer-run-s 0.1", "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["saves at once to /api/tables/open: statuses, slowest s"][0] == [413]
    assert report["saves at once to /api/replays: statuses, slowest s"][0] == [413]
    assert report["validate statuses"] == [200]
    assert report["endless tables answered"] == 1 and report["endless statuses"] == [201]
