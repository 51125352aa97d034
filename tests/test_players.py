"""The computer players: legal on every variant, the heuristics' choices, determinization, search."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import Action, Match, deal
from interpreter.engine.layout.determinize import LayoutDeterminizer, determinize
from interpreter.engine.tiles import set_tiles
from interpreter.frontends.presentation.moves import numbered
from interpreter.players import PLAYERS, STRONGEST, Player, make_player
from interpreter.players.distinct import distinct_plays, play_key
from interpreter.players.ismcts import IsmctsPlayer
from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import load_ruleset
from interpreter.study.simulation import play_match
from interpreter.study.stats import wilson
from tests.engine.engine_helpers import play, start

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
    known = LayoutDeterminizer(rules, match.observation(0)).constraints
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



# --- distinct plays: one entry per class of equivalent plays ------------------------------------


def _block(first: str, second: str, *moves: str) -> Match:
    match = start("block", first, second)
    play(match, *moves)
    return match


def test_distinct_plays_merges_the_two_ends_of_a_lone_double_lead() -> None:
    match = _block("6-6 3-3 2-3 0-0 0-1 0-4 0-5", "6-3 6-2 3-4 1-1 1-4 1-5 4-4", "lead 6-6")
    legal = match.legal_actions()
    assert [str(a) for a in legal] == ["6-2 on arm 0", "6-3 on arm 0", "6-2 on arm 1", "6-3 on arm 1"]
    assert [str(a) for a in distinct_plays(match, legal)] == ["6-2 on arm 0", "6-3 on arm 0"]
    assert distinct_plays(match.observation(1), legal) == distinct_plays(match, legal)
    assert match.legal_actions() == legal  # the engine's list is untouched


def test_distinct_plays_merges_ends_showing_one_value_over_different_tiles_for_a_search_only() -> None:
    match = _block("6-6 6-2 3-4 0-0 0-1 0-4 0-5", "6-3 2-3 1-1 1-4 1-5 4-4 5-5",
                   "lead 6-6", "6-3 on arm 0", "6-2 on arm 1", "2-3 on arm 1")  # fmt: skip
    legal = match.legal_actions()
    assert [str(a) for a in legal] == ["3-4 on arm 0", "3-4 on arm 1"]  # both ends show 3, no double
    assert [str(a) for a in distinct_plays(match, legal)] == ["3-4 on arm 0"]
    # A person sees two different tables: the screen lists both (interpreter/frontends/presentation/moves.py).
    assert len(numbered(legal, match.layout, match.ruleset)) == 2
    assert play_key(legal[0], match.layout) == play_key(legal[1], match.layout)
    assert play_key(legal[0], match.layout, same_table=True) != play_key(legal[1], match.layout, same_table=True)


def test_distinct_plays_never_merges_an_end_with_a_double_and_one_without() -> None:
    match = _block("6-6 3-3 2-3 0-0 0-1 0-4 0-5", "6-3 6-2 3-4 1-1 1-4 1-5 4-4",
                   "lead 6-6", "6-3 on arm 0", "3-3 on arm 0", "6-2 on arm 1", "2-3 on arm 1")  # fmt: skip
    legal = match.legal_actions()
    assert [str(a) for a in legal] == ["3-4 on arm 0", "3-4 on arm 1"]  # both ends show 3
    assert distinct_plays(match, legal) == legal  # but arm 0 ends in the double 3-3: it counts double


def test_distinct_plays_keeps_a_spinners_ends_apart_from_its_sides() -> None:
    # draw: every double is a spinner; the lead 6-6 has two ends (arms 0, 1) and two sides (2, 3).
    match = start("draw", "6-6 6-2 0-0 0-1 0-3 0-4 0-5", "6-3 1-1 1-2 1-3 1-4 1-5 2-2", boneyard="2-3 2-4")
    play(match, "lead 6-6")
    legal = [a for a in match.legal_actions() if a.tile == (3, 6)]
    assert sorted(a.arm for a in legal) == [0, 1, 2, 3]
    kept = distinct_plays(match, legal)
    assert sorted(match.layout.arms[a.arm].kind for a in kept) == ["end", "side"]


def test_distinct_plays_never_merges_personal_trains_of_different_seats() -> None:
    match = Match(load_ruleset("mexican-train"), 4, seed=3)
    for _ in range(12):
        legal = match.legal_actions()
        kept = distinct_plays(match, legal)
        layout = match.layout
        for a in legal:
            twins = [b for b in kept if play_key(a, layout, match.ruleset) == play_key(b, layout, match.ruleset)]
            assert len(twins) == 1
            if a.arm is not None and twins[0] != a:
                mine, theirs = layout.arms[a.arm], layout.arms[twins[0].arm]
                assert mine.owner == theirs.owner and mine.value == theirs.value and not mine.tiles
        match.apply(legal[0])


def test_distinct_plays_merges_nothing_when_the_rules_read_the_arm_played_on(tmp_path) -> None:
    (tmp_path / "armed.yaml").write_text(
        "name: armed\nextends: block\nplay: {allowed: \"arm >= 0\"}\n"
    )
    match = Match(load_ruleset(tmp_path / "armed.yaml"), 2, deals=[deal("6-6 6-2 3-4 0-0 0-1 0-4 0-5",
                                                                   "6-3 2-3 1-1 1-4 1-5 4-4 5-5", starter=0)])
    match.apply(Action.play((6, 6)))
    legal = match.legal_actions()
    assert distinct_plays(match, legal) == legal == [Action.play((3, 6), 0, 6), Action.play((3, 6), 1, 6)]


# --- analyse: what a search found ------------------------------------------------------------


def test_analyse_lists_every_distinct_move_with_the_visits_of_the_budget() -> None:
    match = _block("6-6 3-3 2-3 0-0 0-1 0-4 0-5", "6-3 6-2 3-4 1-1 1-4 1-5 4-4", "lead 6-6")
    observation = match.observation(1)
    found = IsmctsPlayer(4, iterations=90, ms=None).analyse(observation)
    assert sorted(e.action for e in found) == [Action.play((2, 6), 0, 6), Action.play((3, 6), 0, 6)]
    assert sum(e.visits for e in found) == 90
    assert all(0.0 <= e.chance <= 1.0 for e in found)
    assert found == IsmctsPlayer(4, iterations=90, ms=None).analyse(observation)  # the same for a seed
    assert [e.visits for e in found] == sorted((e.visits for e in found), reverse=True)
    # The first is what `choose` takes with the same seed and budget.
    assert found[0].action == IsmctsPlayer(4, iterations=90, ms=None).choose(observation, observation.legal_actions)


@pytest.mark.parametrize(("variant", "players"), [("draw", 2), ("mexican-train", 4), ("fives-and-threes", 2)])
def test_analyse_covers_the_distinct_legal_moves_in_play(variant: str, players: int) -> None:
    match = Match(load_ruleset(variant), players, seed=2)
    for step in range(30):
        if match.is_over:
            break
        seat = match.current_player
        observation = match.observation(seat)
        legal = match.legal_actions()
        if len(legal) > 1 and step % 3 == 0:
            found = IsmctsPlayer(step, iterations=40, ms=None).analyse(observation)
            assert sorted(e.action for e in found) == sorted(distinct_plays(match, legal))
            assert sum(e.visits for e in found) == 40
        match.apply(legal[-1])


def _position(match: Match) -> tuple:
    """What a rule can read of a position, arms unordered: scores, hands, whose turn, the ends and
    each arm's kind, owner, root, spinner, value, emptiness, double at the end, open, marker."""
    layout = match.layout
    arms = sorted(
        (a.kind, a.owner, a.root, a.spinner, a.value, bool(a.tiles), bool(a.tiles) and a.tiles[-1][0] == a.tiles[-1][1],
         a.open, a.marker)
        for a in layout.arms
    )  # fmt: skip
    hands = tuple(match.hand(s) for s in range(match.players))
    turn = None if match.is_over else match.current_player
    return match.scores, match.is_over, turn, sorted(layout.ends), arms, hands


@pytest.mark.parametrize(("variant", "players"), [("straight", 3), ("draw", 2), ("sebastopol", 4), ("chicken-foot", 3)])
def test_merged_plays_lead_to_the_same_position_up_to_the_arms_order(variant: str, players: int) -> None:
    rules = load_ruleset(variant)
    merges = 0
    for seed in range(6):
        match, rng = Match(rules, players, seed=seed), random.Random(seed)
        while not match.is_over and match.round == 1:
            legal = match.legal_actions()
            kept = distinct_plays(match, legal)
            layout = match.layout
            for action in legal:
                if action not in kept:
                    twin = next(k for k in kept if play_key(k, layout, rules) == play_key(action, layout, rules))
                    one, other = match.clone(), match.clone()
                    one.apply(action)
                    other.apply(twin)
                    assert _position(one) == _position(other), (variant, seed, action, twin)
                    merges += 1
            match.apply(legal[rng.randrange(len(legal))])
    assert merges > 0


def test_the_search_benchmark_prints_its_figures(capsys) -> None:
    import json
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench import ismcts as bench

    assert bench.main(["--case", "draw-2", "--iterations", "5", "--positions", "2", "--repeats", "1", "--json"]) == 0
    [result] = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["case"] == "draw-2" and result["its_per_s"] > 0 and result["decisions"] == 2
