"""A patience by totals in the agents' environment: one agent, and an observation that is the same
whatever the face-down tiles and the stock hold (it reads none of them)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the agents extra (pip install -e '.[agents]') is not installed")

import numpy as np  # after the skip: numpy comes with the extra

from interpreter.agents.pettingzoo_env import env
from interpreter.rulefile.loader import load_ruleset, load_ruleset_text

RULES = Path(__file__).resolve().parents[1] / "rules"


@pytest.mark.parametrize("text", ["extends: polka-dot\n", "extends: solitario\ntableau: {face: top_up}\n"])
def test_an_observation_is_the_same_whatever_lies_face_down(text: str) -> None:
    rules = load_ruleset_text("name: house\n" + text, "house.yaml", RULES)
    game = env(rules, 1)
    rng = random.Random(5)
    game.reset(seed=9)
    assert game.agents == ["seat_0"]
    match = game.match
    checked = differed = 0
    while not match.is_over:
        seen = game.observe("seat_0")["observation"]
        other = match.resample(0, rng)
        truth, dealt = match._table, other._table  # type: ignore[attr-defined]  # the tiles face down
        differed += (truth.columns, truth.stock) != (dealt.columns, dealt.stock)
        assert np.array_equal(seen, game.encoding.encode(other.observation(0)))
        checked += 1
        observation, *_ = game.last()
        game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert checked >= 2 and differed == checked  # the unseen tiles really were dealt otherwise


def test_the_action_space_lists_every_removal_of_the_set_and_every_move() -> None:
    game = env(load_ruleset("luzon"), 1)
    removals = [a for a in game.encoding.actions if a.kind == "remove"]
    moves = [a for a in game.encoding.actions if a.kind == "move"]
    # Double-six: 34 pairs of distinct tiles make 12; any of the 28 tiles may move to any of 5 columns.
    assert len(removals) == 34 and all(sum(a + b for a, b in r.tiles) == 12 for r in removals)
    assert len(moves) == 28 * 5
