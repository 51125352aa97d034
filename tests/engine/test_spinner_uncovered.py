"""A spinner that counts its uncovered sides (docs/format.md, `scoring.in_play.spinner_count:
uncovered`): Sniff's first double counts both its halves while two or fewer of its four sides
are covered, one half with three covered, nothing with all four."""

from __future__ import annotations

from engine_helpers import rules

from interpreter.rulefile.explain import explain


def test_explain_says_how_the_spinner_counts() -> None:
    said = " ".join(explain(rules("sniff")).split())
    assert "A spinner counts both halves while two or fewer of its sides carry a tile" in said
