"""How long the server of `domino serve` takes to answer an action, excluding computer thinking.

Two human seats at one table (so no computer moves inside the measured call), through Starlette's
TestClient: each POST /api/tables/ID/action is timed from request to parsed answer, which covers
reading the body, the engine's apply, the save (written and fsynced) and the seat's view as JSON.

    python bench/web.py [--actions N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app


def measure(actions: int, variant: str, seed: int) -> list[float]:
    times: list[float] = []
    chooser = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder, TestClient(create_app(Path(folder), pace_ms=0)) as client:
        while len(times) < actions:
            body = {"variant": variant, "players": 2, "seed": seed, "seats": [{"kind": "human"}] * 2}
            made = client.post("/api/tables", json=body).json()
            tokens = {s["seat"]: s["token"] for s in made["seats"]}
            base = f"/api/tables/{made['table']}"
            view = client.get(f"{base}/state?token={tokens[0]}").json()
            seat = view["current_player"]
            view = client.get(f"{base}/state?token={tokens[seat]}").json()
            while not view["over"] and len(times) < actions:
                if view["to_continue"]:  # a round's end waits for both people to continue (not timed)
                    for person in view["to_continue"]:
                        client.post(f"{base}/continue?token={tokens[person]}", json={})
                    view = client.get(f"{base}/state?token={tokens[seat]}").json()
                move = chooser.randrange(len(view["legal"]))
                start = time.perf_counter()
                body = {"index": move, "version": view["version"]}
                answer = client.post(f"{base}/action?token={tokens[seat]}", json=body)
                state = answer.json()["state"]
                times.append(time.perf_counter() - start)
                seat = state["current_player"]
                if seat is None:
                    break
                view = state if seat == state["seat"] else client.get(f"{base}/state?token={tokens[seat]}").json()
            seed += 1
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--variant", default="straight")
    args = parser.parse_args()
    times = sorted(measure(args.actions, args.variant, 1))
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"{args.variant}: {len(times)} actions answered; median {statistics.median(times) * 1000:.2f} ms, "
          f"p95 {p95 * 1000:.2f} ms (request to parsed answer, save included, no computer thinking)")  # fmt: skip


if __name__ == "__main__":
    main()
