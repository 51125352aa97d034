"""What a person waits for at the browser table: the table page's load (from navigation to the page
saying it is ready, its hand drawn) and a click's update (from a click on a playable tile to the
next paint that shows the answer: the state's new version, or the places it may go lit), median of
N tables per game, on a laptop (1280×720) and a phone (390×844, touch) context of Debian's Chromium.

    python bench/page_times.py [--tables N]

A real `domino serve` on localhost, a human against computers at pace 0; the last line is JSON.
Timings, not tests: the suite checks the work a page does (tests/web/test_browser.py), never its time.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip
CONTEXTS = {
    "laptop": {"viewport": {"width": 1280, "height": 720}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 2,
    },
}
GAMES = (("draw", 2), ("mexican-train", 4), ("texas-42", 4))  # Texas 42 opens on a bid: a load only
# In the page: click the first playable tile, then wait a frame at a time for what answers it.
CLICK = """async () => {
  const version = window.__state.version;
  const tile = document.querySelector('.hand-tile.playable');
  if (!tile) return null;
  const began = performance.now();
  tile.click();
  for (;;) {
    await new Promise((next) => requestAnimationFrame(next));
    const state = window.__state;
    const answered = state.version > version || state.over || document.querySelector('.target.hot');
    if (answered) return performance.now() - began;
  }
}"""


def serve(state: str) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    limits = ["--tables-per-client", "1000", "--rate-per-s", "1000", "--burst", "1000"]
    process = subprocess.Popen([sys.executable, "cli.py", "serve", "--port", str(port), "--state-dir", state, *limits],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):  # 30 s at most for the server to answer
        try:
            urllib.request.urlopen(base + "/api/variants", timeout=2).close()
            return process, base
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not answer within 30 s")


def table(base: str, variant: str, players: int) -> str:
    seats = [{"kind": "human"}] + [{"kind": "computer", "strength": "greedy"}] * (players - 1)
    body = {"variant": variant, "players": players, "seed": 11, "pace_ms": 0, "seats": seats}
    headers = {"Content-Type": "application/json"}
    request = urllib.request.Request(base + "/api/tables", json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request) as answer:
        return base + json.load(answer)["seats"][0]["link"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=7, help="tables per game and context (default 7)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, float | None]] = {}
    with tempfile.TemporaryDirectory() as state, sync_playwright() as p:
        process, base = serve(state)
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
        try:
            for label, context in CONTEXTS.items():
                for variant, players in GAMES:
                    loads, clicks = [], []
                    for _ in range(args.tables):
                        url = table(base, variant, players)
                        page = browser.new_context(**context).new_page()
                        began = time.perf_counter()
                        page.goto(url)
                        page.wait_for_selector("body[data-ready='1']", timeout=30000)
                        loads.append((time.perf_counter() - began) * 1000)
                        page.wait_for_timeout(300)  # the computers' first moves, if the round opens with theirs
                        clicked = page.evaluate(CLICK)
                        if clicked is not None:
                            clicks.append(clicked)
                        page.context.close()
                    click = round(statistics.median(clicks)) if clicks else None
                    results[f"{label} {variant}"] = {"load_ms": round(statistics.median(loads)), "click_ms": click}
                    print(f"{label:7} {variant:14} load {results[f'{label} {variant}']['load_ms']:5} ms   "
                          f"click-to-update {'-' if click is None else click} ms")  # fmt: skip
        finally:
            browser.close()
            process.kill()
    print(json.dumps(results))


if __name__ == "__main__":
    main()
