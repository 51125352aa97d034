"""The (variant, player count) pairs of every bundled rule file, for tests that run them all."""

from __future__ import annotations

from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import load_ruleset


def bundled_cases() -> list[tuple[str, int]]:
    cases = []
    for name in sorted(bundled_variants()):
        players = load_ruleset(name).players
        cases += [(name, n) for n in range(players.min, players.max + 1)]
    return cases
