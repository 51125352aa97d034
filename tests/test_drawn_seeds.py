"""A deal nobody chose cannot be reconstructed from a hand (docs/security.md, "Seeds"): every way a
match is dealt without a chosen seed — a web table, its "play again", `domino play` without
`--seed`, the PettingZoo environment's default — draws its seed from `secrets` over 63 bits.

The attack (bench/seed_search.py): with seeds from 0 to 999,999, one seat's hand names the seed,
and with it every hand and the draw order. A search in a test is too slow, so the tests assert what
makes it infeasible instead, for each way in:
- the seed does not come from Python's shared `random` (two draws after the same `random.seed(7)`
  differ), nor from a small space: of the two, one is at least 2**40 (a 63-bit draw is below it with
  probability 2**-23; both, 2**-46). Today's `randrange(1_000_000)` fails both, the environment's
  `getrandbits(32)` the second.
- no player learns the seed while the match goes on: the public log an observation carries (and
  so the PettingZoo agent's) keeps the match header without its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from interpreter.engine import Match
from interpreter.frontends.web.registry import Tables
from interpreter.loader import load_ruleset
from interpreter.records.savegame import read_save
from tests.clirunner import domino

COMPUTERS = [{"kind": "computer", "strength": "random"}] * 2
SHORT = {"match.target": "10"}


def _web_table(tmp_path: Path) -> int:
    tables = Tables(tmp_path / "state")
    try:
        return tables.create({"variant": "draw", "players": 2, "seats": COMPUTERS, "settings": SHORT}).game.seed
    finally:
        tables.close()


def _play_again(tmp_path: Path) -> int:
    tables = Tables(tmp_path / "state")
    try:
        table = tables.create({"variant": "draw", "players": 2, "seats": COMPUTERS, "settings": SHORT, "seed": 1})
        while not table.match.is_over:  # played out here: "play again" asks only that the match is over
            table.match.apply(table.match.legal_actions()[0])
        made, now = tables.again(table)
        assert now
        return made.game.seed
    finally:
        tables.close()


def _terminal(tmp_path: Path) -> int:
    tmp_path.mkdir(exist_ok=True)
    played = domino("play", "draw", "--players", "human,random", "--save", "g.json", cwd=tmp_path, stdin="quit\n")
    assert played.status == 0, played.stderr
    return read_save(tmp_path / "g.json", "g.json").seed


def _environment(tmp_path: Path) -> int:
    pytest.importorskip("pettingzoo", reason="the agents extra (pip install -e '.[agents]') is not installed")
    from interpreter.agents.pettingzoo_env import DominoEnv

    game = DominoEnv("draw", 2)
    game.reset()
    return game.match.events[0]["seed"]


WAYS: dict[str, Callable[[Path], int]] = {
    "web table": _web_table,
    "play again": _play_again,
    "domino play": _terminal,
    "pettingzoo": _environment,
}


@pytest.mark.parametrize("way", WAYS)
def test_a_seed_nobody_chose_is_drawn_from_secrets_over_63_bits(way: str, tmp_path: Path):
    drawn = []
    for attempt in range(2):
        random.seed(7)  # what would make a seed from Python's shared generator come out the same
        drawn.append(WAYS[way](tmp_path / str(attempt)))
    assert drawn[0] != drawn[1], f"{way}: seeding `random` gives the same deal again: {drawn}"
    assert max(drawn) >= 2**40, f"{way}: seeds from a small space, which one hand identifies: {drawn}"
    assert all(0 <= seed < 2**63 for seed in drawn)


@pytest.mark.parametrize("variant", ["draw", "texas-42"])
def test_no_seat_reads_the_seed_in_what_it_observes(variant: str):
    ruleset = load_ruleset(variant)
    match = Match(ruleset, players=ruleset.players.min, seed=2**62 + 12345)
    assert match.events[0]["seed"] == 2**62 + 12345  # the log (the save) keeps it: it replays the match
    for seat in range(match.players):
        header = match.observation(seat).history[0]
        assert header["type"] == "match" and "seed" not in header
        assert str(2**62 + 12345) not in repr(list(match.observation(seat).history))
