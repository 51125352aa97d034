"""Fuzzing: mutated bundled rule files, each played end to end (issue 11).

A mutation changes numbers, option names or expressions, deletes keys or adds hostile scoring to
a bundled variant. Whatever comes out must either be refused when it loads (`RuleFileError`) or
play: to the end of the match, or to a clean stop — a formula failing on the values met
(`ExpressionRuntimeError`, which names the rule) or the round limit (`MatchLimitError`). Never
another exception, and never more work than the bound below.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from interpreter.engine import Match, MatchLimitError, limits
from interpreter.expressions.language import MAX_VALUE, ExpressionRuntimeError
from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import RuleFileError, load_ruleset

ROUNDS = 30  # the round limit while fuzzing: every example stops after this many rounds at most
FIRST_ROUND_ACTIONS = 3000  # the first round goes through legal_actions/apply; later ones through playout

VARIANTS = sorted(bundled_variants().items())
NUMBERS = [-1, 0, 1, 2, 3, 7, 13, 18, 100, 1000, 10**6, 999_999_999_999_999]
OPTIONS = [
    "nobody", "each", "went_out", "lowest_pips", "fewest_tiles", "play_on", "share", "lowest", "highest",
    "hub", "line", "every_double", "first_double", "none", "until_playable", "one_then_play", "dead",
    "immediate", "more_than", "marker", "opposite", "next_seat", "random", "redeal", "after_ends",
]  # fmt: skip
EXPRESSIONS = [
    "score * 1000 + 1", "1 // (pips - pips)", "min(ends)", "max(end_values)", "round_up(pips, round - 1)",
    "0", "0 - 5", "max_pip - round * 3", "if round > 2 then 0 - 1 else max_pip", "opp_pips * opp_pips * opp_pips",
    "end_sum % (round - 1)", "true", "false", "round > 3", "end_sum > 0 and end_sum % 5 == 0", "players - 2",
    "high == low", "half == end or half == 0", "round_nearest(opp_pips, 5)", "score + end_sum",
]  # fmt: skip
ADDITIONS: list[tuple[tuple[str, ...], Any]] = [
    (("scoring", "in_play"), {"when": "true", "points": "score * 1000 + 1"}),
    (("scoring", "in_play"), {"when": "end_sum % 5 == 0", "points": "end_sum"}),
    (("scoring", "domino", "scorer"), "nobody"),
    (("scoring", "blocked", "scorer"), "nobody"),
    (("match", "tie"), "play_on"),
    (("match", "rounds"), 2),
    (("match", "target"), None),
    (("players", "min"), 1),
    (("layout", "engine"), "max_pip - round"),
]


def _leaves(node: Any, path: tuple = ()) -> list[tuple[tuple, Any]]:
    """Every (path, value) under `node`, containers included."""
    found: list[tuple[tuple, Any]] = [(path, node)] if path else []
    if isinstance(node, dict):
        for key, child in node.items():
            found += _leaves(child, (*path, key))
    elif isinstance(node, list):
        for i, child in enumerate(node):
            found += _leaves(child, (*path, i))
    return found


def _set(document: dict, path: tuple, value: Any, delete: bool = False) -> None:
    node: Any = document
    for key in path[:-1]:
        if isinstance(node, dict):
            node = node.setdefault(key, {})
        elif isinstance(node, list) and isinstance(key, int) and key < len(node):
            node = node[key]
        else:
            return
        if not isinstance(node, dict | list):
            return
    last = path[-1]
    if isinstance(node, dict):
        if delete:
            node.pop(last, None)
        else:
            node[last] = value
    elif isinstance(node, list) and isinstance(last, int) and last < len(node):
        if delete:
            del node[last]
        else:
            node[last] = value


@st.composite
def mutated_rules(draw: st.DrawFn) -> tuple[str, dict]:
    name, path = draw(st.sampled_from(VARIANTS))
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    document["name"] = "fuzzed"
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["number", "option", "expression", "delete", "add"]))
        if kind == "add":
            where, value = draw(st.sampled_from(ADDITIONS))
            _set(document, where, value)
            continue
        leaves = [(p, v) for p, v in _leaves(document) if p != ("name",)]
        if kind == "number":
            leaves = [(p, v) for p, v in leaves if type(v) is int] or leaves
        elif kind in ("option", "expression"):
            leaves = [(p, v) for p, v in leaves if isinstance(v, str)] or leaves
        where, _ = draw(st.sampled_from(leaves))
        if kind == "delete":
            _set(document, where, None, delete=True)
        else:
            pool = {"number": NUMBERS, "option": OPTIONS, "expression": EXPRESSIONS}[kind]
            _set(document, where, draw(st.sampled_from(pool)))
    return name, document


def _play(document: dict, players_choice: int, seed: int) -> str:
    """Load and play one mutated document; what happened, or an AssertionError."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzzed.yaml"
        path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
        try:
            ruleset = load_ruleset(path)
        except RuleFileError as error:
            assert error.diagnostics
            return "refused"
    counts = range(ruleset.players.min, ruleset.players.max + 1)
    players = counts[players_choice % len(counts)]
    rng = random.Random(seed)
    try:
        match = Match(ruleset, players=players, seed=seed)
        # The first round action by action, through the public API ...
        actions = 0
        while not match.is_over and match.round == 1:
            legal = match.legal_actions()
            assert legal, "no legal action in a running match"
            match.apply(legal[int(rng.random() * len(legal))])
            actions += 1
            assert actions <= FIRST_ROUND_ACTIONS, "a round that does not end"
        # ... the rest through the engine's own playout, one round at a time, counting them.
        rounds = 1
        while not match.is_over:
            match.playout(rng, until="round")
            rounds += 1
            assert rounds <= ROUNDS + 1, "the round limit did not stop the match"
    except (ExpressionRuntimeError, MatchLimitError) as error:
        assert str(error)
        return type(error).__name__
    assert all(abs(score) <= MAX_VALUE for score in match.scores)
    json.dumps(match.events)  # what a log or a save writes: printable, whatever the scores
    return "finished"


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_rules(), st.integers(0, 9), st.integers(0, 2**32))
def test_mutated_rule_files_load_cleanly_or_play_to_a_clean_end(
    rules: tuple[str, dict], players: int, seed: int
) -> None:
    _, document = rules
    saved = limits.MAX_ROUNDS
    limits.MAX_ROUNDS = ROUNDS
    try:
        event(_play(document, players, seed))  # the outcomes: pytest --hypothesis-show-statistics
    finally:
        limits.MAX_ROUNDS = saved


def test_the_fuzzed_outcomes_are_varied() -> None:
    """The mutations reach every outcome: refused, finished, and both clean stops."""
    outcomes: set[str] = set()
    saved = limits.MAX_ROUNDS
    limits.MAX_ROUNDS = ROUNDS
    try:
        for name, add in [
            ("draw", {}),
            ("draw", {"match": {"target": 100, "tie": "nope"}}),
            ("draw", {"scoring": {"in_play": {"when": "true", "points": "score * 1000 + 1"}}}),
            ("draw", {"scoring": {"domino": {"points": "if opp_pips > 100000 then 1 else 0"},
                                  "blocked": {"points": "if opp_pips > 100000 then 1 else 0"}}}),
        ]:  # fmt: skip
            document = {"name": "fuzzed", "extends": name, **add}
            outcomes.add(_play(document, 0, 1))
    finally:
        limits.MAX_ROUNDS = saved
    assert outcomes == {"refused", "finished", "ExpressionRuntimeError", "MatchLimitError"}
