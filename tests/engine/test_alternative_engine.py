"""An alternative engine (`layout.stand_in`): a tile that stands in for a dealt engine double nobody
holds, on scripted deals of the example rule file tests/examples/valid/engine-stand-in.yaml."""

from __future__ import annotations

import random
from pathlib import Path

from engine_helpers import legal, play

from interpreter.engine import Match, deal
from interpreter.engine.layout.determinize import determinize
from interpreter.rulefile.explain import explain
from interpreter.rulefile.loader import load_ruleset

EXAMPLE = Path(__file__).parent.parent / "examples" / "valid" / "engine-stand-in.yaml"


def _start(*hands: str, boneyard: str = "") -> Match:
    return Match(load_ruleset(EXAMPLE), players=len(hands), deals=[deal(*hands, boneyard=boneyard)])


def test_the_stand_in_is_laid_at_the_hub_when_nobody_holds_the_engine_and_counts_as_it() -> None:
    m = _start("6-1 1-2 2-3", "0-0 6-3 3-4", boneyard="6-6 5-5")
    assert m.current_player == 1 and legal(m) == ["lead 0-0"]  # nobody holds 6-6: its stand-in's holder leads
    assert m.events_of("deal")[0]["how"] == "engine_stand_in"
    play(m, "lead 0-0")
    assert m.layout.hub == (0, 0)
    # Every train starts with a 6, the engine's number, not the stand-in's 0.
    assert [(a.owner, a.value) for a in m.layout.arms] == [(0, 6), (1, 6), (None, 6)]
    assert legal(m) == ["6-1 on arm 0", "6-1 on arm 2"]
    play(m, "6-1 on arm 0")
    assert legal(m) == ["6-3 on arm 1", "6-3 on arm 2"]
    copy = determinize(m, 1, random.Random(1))  # a search's copy sees the same table
    assert copy.layout.tiles == m.layout.tiles and legal(copy) == legal(m)


def test_the_engine_itself_is_laid_when_someone_holds_it() -> None:
    m = _start("6-1 1-2 6-6", "0-0 6-3 3-4", boneyard="2-2 5-5")
    assert m.current_player == 0 and legal(m) == ["lead 6-6"]


def test_with_neither_held_the_players_draw_for_the_engine() -> None:
    m = _start("6-1 1-2 2-3", "5-0 6-3 3-4", boneyard="4-4 6-6 0-0")
    # From the starter the criteria chose (the highest double: none held; lots), the players draw in turn.
    assert legal(m) == ["lead 6-6"] and m.layout.hub is None


def test_explain_says_what_stands_in_for_the_engine() -> None:
    text = " ".join(explain(load_ruleset(EXAMPLE)).split())
    assert (
        "When nobody holds the engine, the holder of [0|0] lays it at the hub instead, where it counts as the "
        "engine: every train starts with the engine's number."
    ) in text


def test_random_play_with_a_stand_in_is_the_same_game_from_the_same_seed() -> None:
    rules = load_ruleset(EXAMPLE)
    hows = set()
    for seed in range(12):
        logs = []
        for _ in range(2):
            m = Match(rules, players=4, seed=seed)
            m.playout(random.Random(seed), until="match")
            logs.append(m.events)
        assert logs[0] == logs[1] and m.is_over
        hows.add(m.events_of("deal")[0]["how"])
    assert "engine_stand_in" in hows  # some of these deals left the engine undealt and the stand-in held
