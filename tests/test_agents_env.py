"""The PettingZoo environment (interpreter/agents, docs/agents.md): PettingZoo's own API test on
every bundled rule file, observations that hold no hidden tile, rewards, seeding, computer
opponents, the action space, and the example of docs/agents.md."""

from __future__ import annotations

import contextlib
import importlib
import io
import random
import re
import sys
import warnings
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the agents extra (pip install -e '.[agents]') is not installed")

import numpy as np  # after the skip: numpy comes with the extra
from pettingzoo.test import api_test

from interpreter.agents.encoding import Encoding, arms_bound
from interpreter.agents.pettingzoo_env import DominoEnv, env, lead_change, result
from interpreter.engine import Action, Match
from interpreter.engine.search import search_support
from interpreter.loader import load_ruleset
from interpreter.resources import bundled_variants

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = sorted(bundled_variants())
# The warnings api_test gives every Dict observation ({"observation", "action_mask"}, as PettingZoo's
# classic games have): it exempts only its own games by name.
DICT_OBSERVATION = ("Observation is not a NumPy array", "Observation space for each agent probably should be")


def _play(game: DominoEnv, seed: int, steps: int) -> list[int]:
    """Random legal play from `reset(seed)` for at most `steps` moves (dead agents stepped out); the indices chosen."""
    rng = random.Random(seed)
    game.reset(seed=seed)
    chosen = []
    for _ in game.agent_iter(10 * steps):
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        if len(chosen) == steps:
            break
        index = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        chosen.append(index)
        game.step(index)
    return chosen


# Every bundled file at the fewest and the most players it allows (the arms, sides and hands differ).
SEATINGS = [
    (name, count)
    for name in VARIANTS
    for count in sorted({load_ruleset(name).players.min, load_ruleset(name).players.max})
]


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_pettingzoo_api_test_passes(name: str, players: int) -> None:
    game = env(name, players)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(game, num_cycles=60)
    others = [str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION)]
    assert others == []


# ---- no hidden tile ----------------------------------------------------------------------------

# A sample of the families' hidden information: a boneyard drawn from (draw, mexican-train,
# chicken-foot's shared trains), an auction (texas-42), a kitty and calls (domino-rounce), a stock
# with a turned-up tile (bingo), tiles laid face down (tien-gow), a dead hand (moon's kitty), and an
# auction over a turned-up tile the dealer takes for a discard (domino-euchre).
HIDDEN = [
    "draw",
    "mexican-train",
    "chicken-foot",
    "texas-42",
    "domino-rounce",
    "bingo",
    "tien-gow",
    "moon",
    "domino-euchre",
]
# The trick determinizer gives a hand's kitty count from the view's `to_discard`, not the view's
# `kitty` (reported, not changed here): that one public count may differ in a sample, so it is
# left out of the comparison. Every hidden tile is in the other sections.
NOT_RESTORED = ("kitty",)


def _public(game: DominoEnv, vector: np.ndarray) -> np.ndarray:
    keep = np.ones(len(vector), dtype=bool)
    for name in NOT_RESTORED:
        if name in game.encoding.sections:
            keep[game.encoding.sections[name]] = False
    return vector[keep]


@pytest.mark.parametrize("name", HIDDEN)
def test_an_observation_is_the_same_whatever_the_hidden_tiles_are(name: str) -> None:
    """At every step, every seat's observation equals the encoding of the same seat's view in a
    match re-dealt consistently with that view (the search players' determinizer: the others'
    hands and the boneyard shuffled, everything public kept): so it reads no hidden tile. And its
    hand section is exactly the seat's hand."""
    rules = load_ruleset(name)
    game = env(rules, rules.players.max)
    rng = random.Random(5)
    game.reset(seed=3)
    match = game.match
    determinizer = search_support(match.ruleset).determinizer
    hand = game.encoding.sections["hand"]
    checked = differed = 0
    for step in range(40):
        if match.is_over:
            break
        for agent in game.agents:
            seat = int(agent.removeprefix("seat_"))
            seen = game.observe(agent)["observation"]
            view = match.observation(seat)
            other = determinizer(match.ruleset, view).sample(rng)
            hidden_moved = any(other.hand(s) != match.hand(s) for s in range(match.players) if s != seat)
            differed += hidden_moved
            twin = game.encoding.encode(other.observation(seat))
            assert np.array_equal(_public(game, seen), _public(game, twin)), f"{name} step {step} {agent}"
            expected = np.zeros(hand.stop - hand.start, dtype=np.float32)
            for tile in match.hand(seat):
                expected[game.encoding.tiles.index(tile)] += 1
            assert np.array_equal(seen[hand], expected)
            checked += 1
        observation, *_ = game.last()
        game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert checked >= 40 and differed > checked // 2  # the hidden tiles really were dealt otherwise


# ---- rewards ------------------------------------------------------------------------------------


def test_the_match_result_adds_up_to_zero_over_the_sides() -> None:
    assert [result(1.0, 2), result(0.0, 2), result(0.5, 2)] == [1.0, -1.0, 0.0]
    assert [result(1.0, 4), result(0.0, 4) * 3] == [1.0, -1.0]
    assert result(1.0, 1) == 1.0 and result(0.0, 1) == 0.0  # patience: the share


def test_a_lead_change_turns_its_sign_where_the_lowest_total_wins() -> None:
    assert lead_change((10, 10), (30, 10), 0, lowest_wins=False) == 20
    assert lead_change((10, 10), (30, 10), 1, lowest_wins=False) == -20
    assert lead_change((10, 10), (30, 10), 0, lowest_wins=True) == -20
    assert lead_change((0, 0, 0), (9, 3, 0), 0, lowest_wins=False) == 7.5


@pytest.mark.parametrize("name", ["draw", "mexican-train", "texas-42"])
def test_rewards_follow_the_scores_and_the_result(name: str) -> None:
    """Over a whole match each agent's rewards add up to its side's final lead ÷ score_scale
    (lowest wins: turned) plus the result; and every step's rewards add up to 0 over the sides."""
    rules = load_ruleset(name)
    players = 4 if name == "texas-42" else 2
    game = env(rules, players)
    rng = random.Random(2)
    game.reset(seed=11)
    total = dict.fromkeys(game.agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        total[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        assert sum(game.rewards.values()) == pytest.approx(0.0, abs=1e-9)
    match = game.match
    assert match.is_over
    lowest = name == "mexican-train"
    for agent, got in total.items():
        side = match.side_of(int(agent.removeprefix("seat_")))
        lead = lead_change((0,) * match.sides, match.scores, side, lowest) / game.encoding.score_scale
        final = result(match.returns()[int(agent.removeprefix("seat_"))], match.sides)
        assert got == pytest.approx(lead + final)
    if lowest:  # the seat with the fewer points won and was paid for it
        winner = f"seat_{match.winners[0]}"
        assert match.scores[match.winners[0]] <= min(match.scores) and total[winner] > 1.0


def test_without_round_rewards_only_the_result_is_paid() -> None:
    game = env("draw", 2, round_rewards=False)
    paid: list[float] = []
    rng = random.Random(4)
    game.reset(seed=4)
    for _ in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        paid.append(reward)
        if terminated or truncated:
            game.step(None)
            continue
        game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert sorted(paid[-2:]) == [-1.0, 1.0] and set(paid[:-2]) == {0.0}


# ---- seeding ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["draw", "texas-42"])
def test_reset_with_a_seed_plays_the_engines_deal_of_that_seed(name: str) -> None:
    rules = load_ruleset(name)
    players = 4 if name == "texas-42" else 3
    game = env(rules, players)
    game.reset(seed=42)
    same = Match(rules, players, seed=42)
    assert [game.match.hand(s) for s in range(players)] == [same.hand(s) for s in range(players)]
    assert game.match.events == same.events


def test_the_same_seed_and_actions_give_the_same_game_bit_for_bit() -> None:
    def record(seed: int) -> tuple[list[int], list[bytes], list[dict[str, object]]]:
        game = env("mexican-train", 4, opponents={3: "greedy"})
        chosen = _play(game, seed, 150)
        replay = env("mexican-train", 4, opponents={3: "greedy"})
        replay.reset(seed=seed)
        seen = []
        for index in chosen:
            observation, reward, *_ = replay.last()
            seen.append(
                observation["observation"].tobytes()
                + observation["action_mask"].tobytes()
                + np.float64(reward).tobytes()
            )
            replay.step(index)
        assert replay.match.events == game.match.events
        return chosen, seen, list(game.match.events)

    first, again, other = record(9), record(9), record(10)
    assert first == again
    assert first[2] != other[2]  # another seed is another game


def test_a_reset_without_a_seed_follows_on_from_the_last_seed() -> None:
    game, twin = env("draw", 2), env("draw", 2)
    game.reset(seed=1)
    twin.reset(seed=1)
    game.reset()
    twin.reset()
    assert game.match.events == twin.match.events != Match(load_ruleset("draw"), 2, seed=1).events


# ---- opponents, actions, errors ----------------------------------------------------------------


def test_computer_opponents_move_inside_step() -> None:
    game = env("draw", 3, opponents={1: "greedy", 2: "random"})
    assert game.possible_agents == ["seat_0"]
    _play(game, 3, 60)
    movers = {e["seat"] for e in game.match.events if e.get("type") == "action"}
    assert movers == {0, 1, 2}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponents": {5: "greedy"}}, "opponents: seat 5 is not a seat of a 2-player match (0 to 1)"),
        ({"opponents": {1: "smart"}}, "opponents: no player 'smart'"),
        ({"opponents": {0: "greedy", 1: "greedy"}}, "opponents: every seat is a computer"),
        ({"score_scale": 0}, "score_scale must be above 0, not 0"),
        ({"render_mode": "rgb_array"}, "render_mode 'rgb_array'"),
    ],
)
def test_bad_arguments_say_what_is_wrong(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        env("draw", 2, **kwargs)  # type: ignore[arg-type]


def test_an_illegal_index_is_refused() -> None:
    game = env("draw", 2)
    game.reset(seed=0)
    observation, *_ = game.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=f"action {illegal} is not legal for seat_"):
        game.step(illegal)


def test_every_index_is_one_action_and_twins_are_one_index() -> None:
    rules = load_ruleset("tien-gow")  # its set holds eleven tiles twice
    match = Match(rules, 4, seed=0)
    encoding = Encoding(match.ruleset, 4, match.sides, 1.0)
    assert len(set(encoding.actions)) == len(encoding.actions)
    twin = next(t for t in rules.set_tiles() if rules.set_tiles().count(t) == 2)
    assert encoding.index(Action.play(twin)) == encoding.index(Action.play(twin[::-1]))
    assert encoding.mask([Action.play(twin), Action.play(twin)]).sum() == 1


@pytest.mark.parametrize(
    ("name", "players", "bound"),
    [
        ("draw", 4, 16),
        ("mexican-train", 8, 9),
        ("chicken-foot", 7, 24),
        ("basic-trains", 10, 20),
        ("maltese-cross", 4, 4),
    ],
)
def test_the_arms_bound_holds_through_whole_matches(name: str, players: int, bound: int) -> None:
    rules = load_ruleset(name)
    assert arms_bound(Match(rules, players, seed=0).ruleset, players) == bound
    game = env(rules, players)
    most = 0
    rng = random.Random(1)
    game.reset(seed=1)
    for _ in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        most = max(most, len(game.match.layout.arms))
        game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert game.match.is_over and 2 <= most <= bound


def test_render_ansi_names_the_mover_and_its_actions() -> None:
    game = env("texas-42", 4, render_mode="ansi")
    game.reset(seed=0)
    text = game.render()
    assert text is not None and text.splitlines()[0] == "texas-42: round 1, scores [0, 0]"
    bids = ", ".join(f"{56 + k}=bid {30 + k}" for k in range(13))
    assert text.splitlines()[1] == f"seat_2 to move: {bids}, 69=bid 84, 83=pass"


def test_render_says_a_play_that_follows_a_trick_as_a_play_not_a_lead() -> None:
    game = env("texas-42", 4, render_mode="ansi")
    game.reset(seed=3)
    seen = []
    while len(seen) < 8 and not game.terminations[game.agent_selection]:
        following = bool(game.match.observation(game.match.current_player).tricks.trick)
        said = game.render().splitlines()[1]
        if any(a.kind == "play" for a in game.match.legal_actions()):
            seen.append((following, said))
        observation, *_ = game.last()
        game.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert {following for following, _ in seen} == {False, True}, seen
    for following, said in seen:
        words = {part.split("=")[1].split()[0] for part in said.split(": ", 1)[1].split(", ")}
        assert words == ({"play"} if following else {"lead"}), (following, said)


def test_env_is_the_raw_environment_in_pettingzoo_s_standard_wrappers() -> None:
    from pettingzoo.utils.wrappers import AssertOutOfBoundsWrapper, OrderEnforcingWrapper

    from interpreter.agents.pettingzoo_env import raw_env

    game = env("draw", 2)
    assert isinstance(game, OrderEnforcingWrapper) and isinstance(game.env, AssertOutOfBoundsWrapper)
    assert type(game.unwrapped) is raw_env is DominoEnv
    with pytest.raises(AssertionError, match=re.escape("reset() needs to be called before step")):
        game.step(0)
    game.reset(seed=0)
    with pytest.raises(AssertionError):  # outside the action space: the bounds wrapper's refusal
        game.step(len(game.encoding.actions))


@pytest.mark.parametrize("name", ["draw", "texas-42", "luzon", "pai-gow"])
def test_both_render_modes_pass_pettingzoo_s_render_test(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: env(name, render_mode=render_mode))
    printed = capsys.readouterr().out  # human mode: the same text, printed, and None returned
    assert f"{name}: round 1" in printed


def test_without_pettingzoo_the_import_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # an import of it now fails
    monkeypatch.delitem(sys.modules, "interpreter.agents.pettingzoo_env")
    with pytest.raises(ImportError, match=re.escape("needs pettingzoo: pip install 'domino-rules[agents]'")):
        importlib.import_module("interpreter.agents.pettingzoo_env")


# ---- docs/agents.md -----------------------------------------------------------------------------

FENCE = re.compile(r"^```(?P<lang>\w*)\n(?P<body>.*?)^```$", re.MULTILINE | re.DOTALL)


def test_the_python_examples_of_the_docs_run_and_print_what_they_show() -> None:
    """Every ```python block of docs/agents.md runs; one followed by a ```text block prints exactly that."""
    blocks = [(m["lang"], m["body"]) for m in FENCE.finditer((ROOT / "docs" / "agents.md").read_text(encoding="utf-8"))]
    examples = [
        (body, blocks[i + 1][1] if i + 1 < len(blocks) and blocks[i + 1][0] == "text" else None)
        for i, (lang, body) in enumerate(blocks)
        if lang == "python"
    ]
    assert len(examples) == 2 and examples[1][1] is not None
    for code, shown in examples:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, "docs/agents.md", "exec"), {"__name__": "docs_example"})  # our own docs' code
        if shown is not None:
            assert printed.getvalue() == shown
