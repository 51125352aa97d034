"""Matches that cannot end, values without bound, and formulas that fail during a game (issue 11).

Each is refused when the file loads where that can be decided, and otherwise stops the match with
an error that names the rule: never a loop without end, a number too large to print, or a traceback.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest

from interpreter.engine import Match, MatchLimitError, limits
from interpreter.engine.layout.dealing import engine_tile
from interpreter.engine.layout.tables import tables_for
from interpreter.expressions.language import MAX_VALUE, ExpressionRuntimeError, Type, compile_expression
from interpreter.rulefile.loader import check_file, load_ruleset
from tests.clirunner import domino

NEVER = "if opp_pips > 100000 then 1 else 0"  # a formula that never scores, which no load-time check proves


def house(tmp_path: Path, body: str, base: str = "draw", name: str = "house") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"name: {name}\nextends: {base}\n{body}", encoding="utf-8")
    return path


# --- A. matches that cannot end --------------------------------------------------------------------

UNENDING = [
    ("one player, default scoring", "players: {min: 1, max: 4}\ndeal: {hand_size: 5}\n", "match.target", "1 player"),
    (
        "nobody ever scores",
        "scoring: {domino: {scorer: nobody}, blocked: {scorer: nobody}}\n",
        "match.target",
        "2 players",
    ),
    ("zero and negative points", "scoring: {domino: {points: -5}, blocked: {points: 0}}\n", "match.target", ""),
    (
        "penalty game where nobody gains",
        "scoring: {domino: {points: 0}, blocked: {points: '0 - 3'}}\nmatch: {winner: lowest}\n",
        "match.target",
        "",
    ),
    (
        "in-play points that are never positive",
        "scoring: {domino: {scorer: nobody}, blocked: {scorer: nobody}, in_play: {when: 'true', points: '0'}}\n",
        "match.target",
        "",
    ),
    (
        "a tie played on forever",
        "scoring: {domino: {scorer: nobody}, blocked: {scorer: nobody}}\n"
        "match: {target: null, rounds: 3, tie: play_on}\n",
        "match.tie",
        "",
    ),
]


@pytest.mark.parametrize(("what", "body", "key", "detail"), UNENDING, ids=[c[0] for c in UNENDING])
def test_a_match_that_can_never_end_is_refused_when_the_file_loads(
    tmp_path: Path, what: str, body: str, key: str, detail: str
) -> None:
    path = house(tmp_path, body)
    diagnostics = check_file(path)
    found = [d for d in diagnostics if "never end" in d.message]
    assert found, "\n".join(d.format() for d in diagnostics) or "no problem found"
    assert found[0].file == str(path) and found[0].line > 0
    assert found[0].message.startswith(key), found[0].message
    assert detail in found[0].message


@pytest.mark.parametrize(
    "body",
    [
        "players: {min: 1, max: 4}\ndeal: {hand_size: 5}\nscoring: {domino: {points: pips}}\n",  # may score
        "scoring: {domino: {scorer: nobody}, blocked: {scorer: nobody}}\nmatch: {target: null, rounds: 3}\n",
        "players: {min: 1, max: 1}\ndeal: {hand_size: 5}\nmatch: {target: null, rounds: 2, tie: play_on}\n",
        f"scoring: {{domino: {{points: '{NEVER}'}}}}\n",  # not provable: the round limit stops it
    ],
)
def test_a_match_that_may_end_loads(tmp_path: Path, body: str) -> None:
    assert check_file(house(tmp_path, body)) == []


def test_the_round_limit_is_ten_thousand() -> None:
    assert limits.MAX_ROUNDS == 10_000


def test_a_match_that_does_not_end_stops_at_the_round_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_ROUNDS", 30)
    body = f"scoring: {{domino: {{points: '{NEVER}'}}, blocked: {{points: '{NEVER}'}}}}\n"
    ruleset = load_ruleset(house(tmp_path, body))
    match = Match(ruleset, players=2, seed=3)
    with pytest.raises(MatchLimitError, match=r"^match\.target: no side has reached 100 after 30 rounds") as caught:
        match.playout(random.Random(3), until="match")
    assert isinstance(caught.value, ValueError)
    assert len(match.events_of("round_end")) == 30


def test_a_tie_played_on_without_end_stops_at_the_round_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_ROUNDS", 25)
    body = f"scoring: {{domino: {{points: '{NEVER}'}}, blocked: {{points: '{NEVER}'}}}}\n"
    ruleset = load_ruleset(house(tmp_path, body + "match: {target: null, rounds: 2, tie: play_on}\n"))
    match = Match(ruleset, players=3, seed=1)
    with pytest.raises(MatchLimitError, match=r"^match\.tie: .*25 rounds"):
        while not match.is_over:
            legal = match.legal_actions()
            match.apply(legal[0])


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_the_round_limit_is_a_clean_error_in_the_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setattr(limits, "MAX_ROUNDS", 20)
    house(tmp_path, f"scoring: {{domino: {{points: '{NEVER}'}}, blocked: {{points: '{NEVER}'}}}}\n")
    if command == "simulate":
        result = domino("simulate", "house.yaml", "-n", "2", cwd=tmp_path)
    else:
        result = domino("play", "house.yaml", "--players", "random,random", "--save", "g.json", cwd=tmp_path)
    assert result.status == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert "house.yaml: match.target: no side has reached 100 after 20 rounds" in result.stderr


def test_validate_does_not_loop_over_an_absurd_round_count(tmp_path: Path) -> None:
    body = "layout: {engine: 'max_pip + 0 * round'}\nmatch: {rounds: '999999999999999'}\n"
    path = house(tmp_path, body, "mexican-train")
    started = time.process_time()  # CPU time: a loaded machine stretches the wall clock's, not this
    diagnostics = check_file(path)
    assert time.process_time() - started < 2.0
    assert diagnostics and all("a match has 1 to 1000 rounds" in d.message for d in diagnostics)


# --- B. values without bound -----------------------------------------------------------------------


def test_expression_values_are_bounded() -> None:
    expr = compile_expression("x * 1000 + 1", {"x": Type.INT}, origin="h.yaml:3:9 (scoring.in_play.points)")
    assert MAX_VALUE == 10**15
    assert expr({"x": 10**12 - 1}) == 10**15 - 999
    with pytest.raises(ExpressionRuntimeError, match=r"^h\.yaml:3:9 \(scoring\.in_play\.points\): .*10\^15"):
        expr({"x": 10**12})
    huge = compile_expression("((x * x) * (x * x)) * ((x * x) * (x * x))", {"x": Type.INT})
    with pytest.raises(ExpressionRuntimeError, match=r"about 10\^"):  # too long to print: described, not printed
        huge({"x": 10**15})
    assert compile_expression("x * x > 0", {"x": Type.INT})({"x": 10**15})  # conditions are not bounded


def test_a_constant_beyond_the_bound_is_refused_when_the_file_loads(tmp_path: Path) -> None:
    diagnostics = check_file(house(tmp_path, "scoring: {domino: {points: '999999999999 * 999999'}}\n"))
    assert [d.message for d in diagnostics if "10^15" in d.message], diagnostics


def test_growing_in_play_points_stop_with_a_clean_error(tmp_path: Path) -> None:
    body = "scoring: {in_play: {when: 'true', points: 'score * 1000 + 1'}}\nmatch: {target: null, rounds: 20}\n"
    path = house(tmp_path, body)
    match = Match(load_ruleset(path), players=2, seed=0)
    with pytest.raises(ExpressionRuntimeError, match=r"house\.yaml:\d+:\d+ \(scoring\.in_play\.points\): .*10\^15"):
        match.playout(random.Random(0), until="match")
    assert max(map(abs, match.scores)) <= MAX_VALUE
    result = domino("simulate", "house.yaml", "-n", "3", cwd=tmp_path)
    assert result.status == 1 and "Traceback" not in result.stderr
    assert "(scoring.in_play.points)" in result.stderr


def test_scores_are_bounded(tmp_path: Path) -> None:
    body = "scoring: {domino: {points: '0 - 999999999999999'}, blocked: {points: '0 - 999999999999999'}}\n"
    path = house(tmp_path, body + "match: {target: null, rounds: 50}\n")
    match = Match(load_ruleset(path), players=2, seed=0)
    with pytest.raises(ExpressionRuntimeError, match=r"\(scoring\.(domino|blocked)\.points\): .*score .*10\^15"):
        match.playout(random.Random(0), until="match")
    assert max(map(abs, match.scores)) <= MAX_VALUE
    with pytest.raises(ValueError, match="10\\^15"):
        Match(load_ruleset(path), players=2, scores=[10**16, 0])


# --- C. formulas that fail during a game -----------------------------------------------------------

FAILING = [
    ("division by zero", "scoring: {domino: {points: '100 // (opp_pips - opp_pips)'}}\n", "division by zero"),
    ("modulo by zero", "scoring: {domino: {points: 'opp_pips % (tiles - tiles)'}}\n", "modulo by zero"),
    ("rounding step 0", "scoring: {domino: {points: 'round_up(opp_pips, opponents - 1)'}}\n", "needs n > 0"),
    ("min of an empty list", "scoring: {in_play: {when: 'round > 1', points: 'min(ends) - max([])'}}\n", ""),
]


@pytest.mark.parametrize(("what", "body", "cause"), FAILING[:3], ids=[c[0] for c in FAILING[:3]])
@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_formula_failing_during_a_game_is_a_clean_error(
    tmp_path: Path, what: str, body: str, cause: str, command: str
) -> None:
    house(tmp_path, body)
    assert check_file(tmp_path / "house.yaml") == []
    if command == "simulate":
        result = domino("simulate", "house.yaml", "-n", "20", cwd=tmp_path)
    else:
        result = domino("play", "house.yaml", "--players", "random,random", "--save", "g.json", cwd=tmp_path)
    assert result.status == 1, result.stdout[-500:]
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if cause in line]
    # the file as the loader's diagnostics name it (relative to the working directory when inside it)
    assert lines and re.match(r"^\S*house\.yaml:\d+:\d+ \(scoring\.domino\.points\): ", lines[0]), result.stderr


def test_a_constant_empty_minimum_is_refused_when_the_file_loads(tmp_path: Path) -> None:
    diagnostics = check_file(house(tmp_path, FAILING[3][1]))
    assert any("max() of an empty list" in d.message for d in diagnostics)


def test_a_constant_rounding_step_of_zero_is_refused_when_the_file_loads(tmp_path: Path) -> None:
    diagnostics = check_file(house(tmp_path, "scoring: {domino: {points: 'round_up(opp_pips, 2 - 2)'}}\n"))
    assert any("needs n > 0, got 0" in d.message for d in diagnostics)


def test_an_engine_leaving_the_set_in_a_later_round_is_refused_for_a_target_match(tmp_path: Path) -> None:
    body = "layout: {engine: 'max_pip - round * 3'}\nmatch: {rounds: null, target: 500}\n"
    path = house(tmp_path, body, "mexican-train")
    messages = [d.message for d in check_file(path)]
    assert any("round 5 with 2 players gives engine double [-3|-3], not in the set" in m for m in messages), messages


def test_an_engine_past_the_rounds_checked_at_load_fails_cleanly_when_reached(tmp_path: Path) -> None:
    body = "layout: {engine: 'if round > 5000 then 0 - 1 else max_pip'}\nmatch: {rounds: null, target: 500}\n"
    ruleset = load_ruleset(house(tmp_path, body, "mexican-train")).for_players(2)
    tables = tables_for(ruleset, 2)
    assert engine_tile(tables, 5000) == tables.double_of[12]
    with pytest.raises(ExpressionRuntimeError, match=r"\(layout\.engine\): round 5001 gives engine double \[-1\|-1\]"):
        engine_tile(tables, 5001)
