"""The scripted-deal fixture files in tests/fixtures (format: docs/engine.md, "Fixture files")."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from engine_helpers import legal, rules

from interpreter.engine import Action, Match, ScriptedDeal

FIXTURES = sorted((Path(__file__).parent.parent / "fixtures").glob("*.yaml"))


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture_file(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    m = Match(
        rules(data["rules"]),
        players=data["players"],
        seed=data.get("seed", 0),
        deals=[ScriptedDeal.from_data(d) for d in data.get("deals", [])],
        scores=data.get("scores"),
    )
    for move in data.get("moves", []):
        m.apply(Action.parse(move))
    expect = data.get("expect", {})
    actual = {
        "current_player": m.current_player,
        "legal": legal(m),
        "scores": list(m.scores),
        "ends": list(m.layout.ends),
        "winners": list(m.winners),
        "hands": [" ".join(f"{a}-{b}" for a, b in m.hand(s)) for s in range(m.players)],
    }
    unknown = set(expect) - set(actual)
    assert not unknown, f"unknown expectations: {sorted(unknown)}"
    assert {key: actual[key] for key in expect} == expect


def test_there_are_fixture_files() -> None:
    assert FIXTURES
