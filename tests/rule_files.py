"""Every rule file the project ships (rules/*.yaml) or keeps as a complete example (tests/examples),
by a short name ("rules/cuban", "examples/valid/house-two-lines.yaml"): the corpus the tests that
play every game go through (test_every_game_every_player.py, test_every_action_reloads.py)."""

from __future__ import annotations

import functools
from pathlib import Path

from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import load_ruleset
from interpreter.rulefile.ruleset import Ruleset, Teams

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "tests" / "examples"
# The complete example files: the valid ones, the Chinese-set trick game, and the two bases that
# are whole games (tests/examples/bases also holds broken-base.yaml, broken on purpose).
BASES = [EXAMPLES / "bases" / "good-base.yaml", EXAMPLES / "bases" / "teams-base.yaml"]
EXAMPLE_FILES = sorted([*EXAMPLES.glob("valid/*.yaml"), *EXAMPLES.glob("*.yaml"), *BASES])
FILES = {**{f"rules/{name}": path for name, path in bundled_variants().items()},
         **{str(path.relative_to(ROOT / "tests")): path for path in EXAMPLE_FILES}}  # fmt: skip


@functools.cache
def ruleset(file: str) -> Ruleset:
    return load_ruleset(FILES[file])


def seatings(rules: Ruleset) -> list[tuple[int, bool | None]]:
    """The fewest and most players; where the file lets a match choose partnerships, both ways
    (None: the file's own choice)."""
    out: list[tuple[int, bool | None]] = []
    for players in sorted({rules.players.min, rules.players.max}):
        out.append((players, None))
        if rules.players.teams_optional and players in rules.players.team_counts:
            default = rules.players.teams is Teams.OPPOSITE
            out.append((players, not default))
    return out
