"""The computer players: legal on every variant, the heuristics' choices, determinization, search."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import Action, Match, deal
from interpreter.engine.determinize import Determinizer, determinize
from interpreter.engine.tiles import set_tiles
from interpreter.ladder import wilson
from interpreter.loader import load_ruleset
from interpreter.players import PLAYERS, STRONGEST, Player, make_player
from interpreter.players.ismcts import IsmctsPlayer
from interpreter.resources import bundled_variants
from interpreter.simulation import play_match

NAMES = ("random", "greedy", "heavy", "ismcts")


def _player(name: str, seed: int, iterations: int = 4) -> Player:
    return IsmctsPlayer(seed, iterations=iterations, ms=None) if name == "ismcts" else make_player(name, seed)


def _choose(player: Player, match: Match) -> Action:
    seat = match.current_player
    assert seat is not None
    observation = match.observation(seat) if player.observes else None
    return player.choose(observation, match.legal_actions())


def _tiles_with(pip: int, hand: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    return [tile for tile in hand if pip in tile]


def test_registry() -> None:
    assert set(NAMES) <= set(PLAYERS)
    assert STRONGEST in PLAYERS


CASES = [(name, load_ruleset(name).players.min) for name in bundled_variants()] + [("mexican-train-18", 8)]


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_every_player_chooses_a_legal_action(variant: str, players: int) -> None:
    rules = load_ruleset(variant)
    for k, name in enumerate(NAMES):
        seats = [_player(name, seed) for seed in range(players)]
        match = Match(rules, players, seed=k)
        for _ in range(40 if players < 8 else 15):
            if match.is_over:
                break
            action = _choose(seats[match.current_player], match)  # type: ignore[index]
            assert action in match.legal_actions(), (name, action)
            match.apply(action)


def _straight_lead() -> Match:
    # Leading 2-3 makes the ends sum to 5 and scores; 6-6 is heavier but its 12 scores nothing.
    first = deal("2-3 6-6 4-5 1-1 0-1 0-2 0-3", "1-2 1-3 1-4 2-2 2-4 3-3 3-4", starter=0)
    return Match(load_ruleset("straight"), 2, deals=[first])


def test_greedy_takes_the_points() -> None:
    assert _choose(make_player("greedy", 0), _straight_lead()) == Action.play((2, 3))


def test_heavy_lays_the_heaviest_tile_and_a_double_among_equals() -> None:
    assert _choose(make_player("heavy", 0), _straight_lead()) == Action.play((6, 6))
    first = deal("2-4 3-3 0-1 0-2 0-3 0-4 0-5", "1-2 1-3 1-4 2-2 2-5 1-5 3-4", starter=0)
    assert _choose(make_player("heavy", 0), Match(load_ruleset("straight"), 2, deals=[first])) == Action.play((3, 3))


def _conserved(sample: Match, truth: Match, seat: int) -> None:
    """Sizes kept, the observer's hand and the table untouched, every tile exactly once."""
    assert sample.hand(seat) == truth.hand(seat)
    assert sample.layout.tiles == truth.layout.tiles
    assert [len(sample.hand(s)) for s in range(truth.players)] == [len(truth.hand(s)) for s in range(truth.players)]
    assert len(sample.boneyard) == len(truth.boneyard) and len(sample.dead) == len(truth.dead)
    every = [t for s in range(truth.players) for t in sample.hand(s)] + [*sample.boneyard, *sample.dead]
    assert sorted(every + list(sample.layout.tiles)) == sorted(set_tiles(6))
    assert sample.legal_actions() == truth.legal_actions()


def test_determinize_honours_a_pass_on_an_open_six() -> None:
    first = deal("6-6 5-6 0-0 0-1 0-2 0-3 0-4", "1-1 1-2 1-3 2-2 2-3 3-3 1-4", starter=0)
    rules = load_ruleset("block")
    match = Match(rules, 2, deals=[first])
    match.apply(Action.play((6, 6)))
    match.apply(Action("pass"))  # seat 1 holds no 6
    sixes = sum(1 << i for i, tile in enumerate(set_tiles(6)) if 6 in tile)
    known = Determinizer(rules, match.observation(0)).constraints
    assert [mask & sixes for mask in known[1]] == [sixes] * 7
    rng = random.Random(1)
    for _ in range(200):
        sample = determinize(match, 0, rng)
        _conserved(sample, match, 0)
        assert not _tiles_with(6, sample.hand(1))


def test_determinize_frees_only_the_tile_drawn_after_a_draw_on_an_open_six() -> None:
    first = deal("6-6 5-6 0-0 0-1 0-2 0-3 0-4", "1-1 1-2 1-3 2-2 2-3 3-3 1-4",
                 boneyard="4-6 2-4 3-4 4-4 4-5 5-5 1-5 2-5 3-5 0-5 0-6 1-6 2-6 3-6", starter=0)  # fmt: skip
    match = Match(load_ruleset("draw"), 2, deals=[first])
    match.apply(Action.play((6, 6)))
    match.apply(Action("draw"))  # seat 1 held no 6 before it drew; the drawn tile may be one
    rng = random.Random(2)
    sixes = [len(_tiles_with(6, determinize(match, 0, rng).hand(1))) for _ in range(300)]
    assert max(sixes) == 1 and 0 in sixes
    _conserved(determinize(match, 0, rng), match, 0)


def test_ismcts_is_deterministic_for_a_seed_and_iteration_budget() -> None:
    rules = load_ruleset("straight")

    def events() -> list[dict]:
        players = [IsmctsPlayer(5, iterations=40, ms=None), make_player("greedy", 6)]
        return play_match(rules, players, seed=3).events

    assert events() == events()


def test_ismcts_beats_random_at_draw() -> None:
    rules = load_ruleset("draw")
    wins = 0.0
    for index in range(12):
        seats = ["ismcts", "random"] if index % 2 == 0 else ["random", "ismcts"]
        players = [_player(name, 10 * index + s, iterations=60) for s, name in enumerate(seats)]
        match = play_match(rules, players, seed=index // 2)
        wins += match.returns()[seats.index("ismcts")]
    # A fixed seed makes this exact; with a fair coin, 10 of 12 happens 2% of the time.
    assert wins >= 10, wins


def test_wilson_interval() -> None:
    low, high = wilson(8, 10)
    assert round(low, 3) == 0.490 and round(high, 3) == 0.943  # the textbook values for 8 of 10
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
