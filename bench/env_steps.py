"""Steps per second of the PettingZoo environment (interpreter/agents, docs/agents.md), beside the
bare engine playing the same random games.

    python bench/env_steps.py [--steps N] [--repeats R] [--seed S] [--json]

A step is what a training loop pays per move: `env.last()` (the mover's observation array and
action mask) and `env.step(index)` with an index drawn uniformly from the mask. Matches follow
one another (`reset` is part of the cost). The engine row plays the same kind of random game
through `Match.legal_actions()` and `Match.apply()` only, with no observation: the gap between the
two is the environment's own cost. Each row is the best of R runs of N steps. Needs the agents
extra: pip install 'domino-rules[agents]'.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/env_steps.py` puts bench/, not the repository, on the path
    sys.path.insert(0, str(ROOT))

from interpreter.engine import Match  # noqa: E402 - needs the path above
from interpreter.loader import load_ruleset  # noqa: E402

# (rule file, players): draw dominoes for two and four, Mexican Train at its largest table.
TABLES = (("draw", 2), ("draw", 4), ("mexican-train", 8))


def env_steps(name: str, players: int, steps: int, seed: int) -> float:
    """Steps per second of the environment over `steps` random steps."""
    import numpy as np

    from interpreter.agents.pettingzoo_env import env

    game = env(name, players)
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            if not game.agents:
                game.reset()
            continue
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        done += 1
    return steps / (time.perf_counter() - start)


def engine_steps(name: str, players: int, steps: int, seed: int) -> float:
    """Moves per second of the bare engine over `steps` random moves (no observation)."""
    rules = load_ruleset(name)
    rng = random.Random(seed)
    match = Match(rules, players, seed=seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        if match.is_over:
            match = Match(rules, players, seed=rng.getrandbits(32))
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
        done += 1
    return steps / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20_000, help="steps per run (default 20000)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per row, the best kept (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON line instead of the table")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("pettingzoo") is None:
        print("bench/env_steps.py needs pettingzoo: pip install 'domino-rules[agents]'", file=sys.stderr)
        return 2
    rows = []
    for name, players in TABLES:
        env_best = max(env_steps(name, players, args.steps, args.seed + r) for r in range(args.repeats))
        engine_best = max(engine_steps(name, players, args.steps, args.seed + r) for r in range(args.repeats))
        rows.append(
            {
                "rules": name,
                "players": players,
                "env_steps_per_s": round(env_best),
                "engine_moves_per_s": round(engine_best),
            }
        )
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"{'rules':<16}{'players':>8}{'env steps/s':>14}{'engine moves/s':>16}{'env/engine':>12}")
    for row in rows:
        ratio = row["env_steps_per_s"] / row["engine_moves_per_s"]
        print(
            f"{row['rules']:<16}{row['players']:>8}{row['env_steps_per_s']:>14,}{row['engine_moves_per_s']:>16,}{ratio:>12.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
