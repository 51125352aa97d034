"""The loader: naming variants, merging `extends`, and pointing every problem at its place."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.resources import bundled_variants, rules_dir
from interpreter.rulefile.loader import check_file, load_ruleset, resolve_variant
from interpreter.rulefile.yaml_source import Source, parse
from interpreter.text.diagnostics import Diagnostic, RuleFileError

BASE = """\
name: base
title: The base
description: A base for merge tests.
set: {max_pip: 6}
players: {min: 2, max: 4}
deal:
  hand_size: {"2": 7, "3-4": 5}
  reserve: 2
start:
  first_round: [highest_double, lots]
layout: {spinners: every_double, spinner_arms: 4}
scoring:
  in_play: {when: "end_sum % 5 == 0", points: end_sum}
match: {target: 100}
"""


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _position(path: Path, needle: str) -> tuple[int, int]:
    """1-based line and column of the first `needle` in the file."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(f"{needle!r} not in {path}")


# --- naming a variant ---------------------------------------------------------------------------


def test_load_by_bundled_name_by_path_string_and_by_path() -> None:
    by_name = load_ruleset("straight")
    by_path = load_ruleset(Path(rules_dir() / "straight.yaml"))
    by_text = load_ruleset(str(rules_dir() / "straight.yaml"))
    assert by_name.name == by_path.name == by_text.name == "straight"
    assert by_name.match.target == 250


def test_resolve_variant_prefers_bundled_names_then_paths_relative_to_cwd(tmp_path: Path) -> None:
    assert resolve_variant("draw") == bundled_variants()["draw"]
    mine = _write(tmp_path, "mine.yaml", "name: mine\nextends: draw\n")
    assert resolve_variant("mine.yaml", cwd=tmp_path) == mine
    assert load_ruleset("mine.yaml", cwd=tmp_path).name == "mine"


def test_unknown_variant_suggests_a_bundled_name(tmp_path: Path) -> None:
    with pytest.raises(RuleFileError) as caught:
        resolve_variant("straigt", cwd=tmp_path)
    (diagnostic,) = caught.value.diagnostics
    assert "did you mean 'straight'?" in diagnostic.message
    assert str(caught.value) == diagnostic.format() == f"straigt: {diagnostic.message}"


def test_load_ruleset_raises_with_every_diagnostic(tmp_path: Path) -> None:
    path = _write(tmp_path, "bad.yaml", "name: bad\nextends: draw\nset: {max_pip: 99}\nplay: {forced: maybe}\n")
    with pytest.raises(RuleFileError) as caught:
        load_ruleset(path)
    assert [(d.line, d.column) for d in caught.value.diagnostics] == [(3, 16), (4, 16)]


def test_check_file_reports_an_unreadable_path_without_raising(tmp_path: Path) -> None:
    (diagnostic,) = check_file(tmp_path / "missing.yaml")
    assert (diagnostic.line, diagnostic.column) == (0, 0)
    assert "cannot read the file" in diagnostic.message
    (diagnostic,) = check_file(tmp_path)
    assert "cannot read the file" in diagnostic.message


# --- diagnostics ----------------------------------------------------------------------------------


def test_diagnostic_format() -> None:
    assert Diagnostic("a.yaml", 3, 7, "bad").format() == "a.yaml:3:7: bad"
    assert Diagnostic("a.yaml", 0, 0, "empty").format() == "a.yaml: empty"
    with_snippet = Diagnostic("a.yaml", 3, 7, "bad", "x + y\n    ^").format()
    assert with_snippet == "a.yaml:3:7: bad\n    x + y\n        ^"


def test_compiled_expressions_know_their_file_line_and_key() -> None:
    straight = rules_dir() / "straight.yaml"
    line, column = _position(straight, '"end_sum > 0')
    when = load_ruleset("straight").in_play.when
    assert when.origin.endswith(f"straight.yaml:{line}:{column} (scoring.in_play.when)")


def test_inherited_expressions_point_into_the_base_file() -> None:
    line, column = _position(rules_dir() / "draw.yaml", '"half == end"')
    assert load_ruleset("draw-50").play.match.origin.endswith(f"draw.yaml:{line}:{column} (play.match)")


def test_a_default_expression_points_at_the_nearest_written_key() -> None:
    line, column = _position(rules_dir() / "block.yaml", "forced: true")
    origin = load_ruleset("block").play.match.origin  # play.match is not written: the default
    assert origin.endswith(f"block.yaml:{line}:{column} (play.match)")


def test_a_problem_in_an_aliased_value_is_reported_once(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "alias.yaml",
        "name: alias\nextends: draw\nscoring:\n  domino: {points: &p 'opp_pipz'}\n  blocked: {points: *p}\n",
    )
    messages = [d.message for d in check_file(path)]
    assert len(messages) == 2  # one per key path, both at the anchor
    assert all("unknown name 'opp_pipz'" in m for m in messages)


# --- extends ---------------------------------------------------------------------------------------


def test_sections_merge_key_by_key_and_values_are_replaced_whole(tmp_path: Path) -> None:
    _write(tmp_path, "base.yaml", BASE)
    house = _write(
        tmp_path,
        "house.yaml",
        "name: house\nextends: ./base.yaml\n"
        "deal: {hand_size: {'2-4': 6}}\n"  # a table is a value: replaced, not merged
        "start: {first_round: [random]}\n"  # a list is replaced whole
        "layout: {spinners: first_double}\n",  # spinner_arms is kept
    )
    ruleset = load_ruleset(house)
    assert ruleset.deal.hand_sizes == {2: 6, 3: 6, 4: 6}
    assert ruleset.deal.reserve == 2
    assert [rule.criterion.value for rule in ruleset.start.first_round] == ["random"]
    assert ruleset.layout.spinners.value == "first_double"
    assert ruleset.layout.spinner_arms == 4


def test_null_removes_a_key_so_the_default_applies(tmp_path: Path) -> None:
    _write(tmp_path, "base.yaml", BASE)
    house = _write(
        tmp_path, "house.yaml", "name: house\nextends: base.yaml\nscoring: {in_play: null}\ndeal: {reserve: null}\n"
    )
    ruleset = load_ruleset(house)
    assert ruleset.in_play is None
    assert ruleset.deal.reserve == 0


def test_name_title_and_description_are_not_inherited(tmp_path: Path) -> None:
    _write(tmp_path, "base.yaml", BASE)
    house = _write(tmp_path, "house.yaml", "name: house\nextends: ./base.yaml\n")
    ruleset = load_ruleset(house)
    assert (ruleset.name, ruleset.title, ruleset.description) == ("house", "house", "")


def test_bases_chain_and_mix_bundled_names_and_paths(tmp_path: Path) -> None:
    _write(tmp_path, "middle.yaml", "name: middle\nextends: draw\nmatch: {target: 60}\n")
    top = _write(tmp_path, "top.yaml", "name: top\nextends: ./middle.yaml\ndraw: {policy: until_playable}\n")
    ruleset = load_ruleset(top)
    assert (ruleset.match.target, ruleset.draw.policy.value, ruleset.max_pip) == (60, "until_playable", 6)


def test_a_missing_base_points_at_the_extends_value(tmp_path: Path) -> None:
    path = _write(tmp_path, "house.yaml", "name: house\nextends: ./nowhere.yaml\n")
    (diagnostic,) = check_file(path)
    assert (diagnostic.line, diagnostic.column) == (2, 10)
    assert "cannot find './nowhere.yaml'" in diagnostic.message


def test_a_file_extending_itself_is_a_cycle(tmp_path: Path) -> None:
    path = _write(tmp_path, "self.yaml", "name: self\nextends: self.yaml\n")
    (diagnostic,) = check_file(path)
    assert diagnostic.message == "extends: a cycle: self.yaml → self.yaml"


def test_extends_must_be_text(tmp_path: Path) -> None:
    path = _write(tmp_path, "house.yaml", "name: house\nextends: [draw]\n")
    (diagnostic,) = check_file(path)
    assert "extends: must be a bundled variant name or a path" in diagnostic.message


def test_base_files_are_named_relative_to_the_extending_file(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    _write(tmp_path, "sub/base.yaml", BASE.replace("spinners: every_double", "spinners: evry_double"))
    _write(tmp_path, "house.yaml", "name: house\nextends: sub/base.yaml\n")
    (diagnostic,) = check_file(tmp_path / "house.yaml", name="house.yaml")
    assert diagnostic.file == str(Path("sub/base.yaml"))
    assert (diagnostic.line, diagnostic.column) == (11, 20)


# --- positions inside scalars -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "offset", "expected"),
    [
        ("k: half == end\n", 8, (1, 12)),  # plain
        ("k: 'it''s here'\n", 5, (1, 11)),  # single quotes, with '' for a quote
        ('k: "half == end"\n', 8, (1, 13)),  # double quotes
        ('k: "a\\tb == c"\n', 5, (1, 4)),  # an escape: positions cannot be trusted, so the start
        ("k: |\n  half == end\n    or x\n", 17, (3, 8)),  # literal block
        ("k: >\n  half == end\n  or x\n", 15, (3, 6)),  # folded block
        ("k: half ==\n  end or x\n", 8, (2, 3)),  # plain, over two lines
        ("k: {a: 1, b: 'x + y'}\n", 4, (1, 19)),  # flow mapping
        ("k: abc\n", 3, (1, 7)),  # just past the end
    ],
)
def test_position_inside_a_scalar(text: str, offset: int, expected: tuple[int, int]) -> None:
    tree, problems = parse(Source("t.yaml", Path("t.yaml"), text))
    assert tree is not None and not problems
    value = tree.value["k"]
    if isinstance(value.value, dict):
        value = value.value["b"]
    assert value.origin.position_in_value(offset) == expected


# --- suggestions -------------------------------------------------------------------------------------


def _message(tmp_path: Path, line: str) -> str:
    path = _write(tmp_path, "house.yaml", f"name: house\nextends: draw\n{line}\n")
    (diagnostic,) = check_file(path)
    return diagnostic.message


@pytest.mark.parametrize(
    ("line", "wrong"),
    [
        ("start: {first_round: [lowest_double]}", "'highest_double'"),
        ("match: {winner: most}", "'lowest'"),
        ("players: {direction: anticlockwise}", "did you mean 'clockwise'"),
        ("scoring: {blocked: {scorer: most_tiles}}", "'fewest_tiles'"),
        ("scoring: {blocked: {scorer: highest_pips}}", "'lowest_pips'"),
        ("start: {first_round: [{lowest_ranked: pips}]}", "'highest_ranked'?"),
    ],
)
def test_a_suggestion_never_means_the_opposite(tmp_path: Path, line: str, wrong: str) -> None:
    assert wrong not in _message(tmp_path, line)


@pytest.mark.parametrize(
    ("line", "suggested"),
    [
        ("match: {winner: most}", "did you mean 'highest'?"),
        ("match: {winner: least}", "did you mean 'lowest'?"),
        ("players: {direction: anticlockwise}", "did you mean 'counterclockwise'?"),
        ("draw: {policy: untill_playable}", "did you mean 'until_playable'?"),
    ],
)
def test_a_suggestion_may_be_a_word_of_the_same_meaning(tmp_path: Path, line: str, suggested: str) -> None:
    assert _message(tmp_path, line).endswith(suggested)


def test_the_lowest_double_is_said_with_a_ranking(tmp_path: Path) -> None:
    message = _message(tmp_path, "start: {first_round: [lowest_double, lots]}")
    hint = 'to start with the lowest double, use {highest_ranked: "if is_double then -high else -100"}'
    assert hint in message
    # The hint itself is a valid rule: the holder of the lowest double leads it.
    path = _write(
        tmp_path, "lowest.yaml", "name: lowest\nextends: draw\nstart: {first_round: [" + hint.split("use ")[1] + "]}\n"
    )
    rank = load_ruleset(path).start.first_round[0].rank
    assert rank({"high": 0, "low": 0, "is_double": True}) > rank({"high": 1, "low": 1, "is_double": True})
    assert rank({"high": 1, "low": 1, "is_double": True}) > rank({"high": 6, "low": 0, "is_double": False})


def test_the_lowest_ranked_tile_is_said_with_a_negated_ranking(tmp_path: Path) -> None:
    message = _message(tmp_path, "start: {first_round: [{lowest_ranked: pips}]}")
    assert 'to start with the lowest-ranked tile, use {highest_ranked: "-(pips)"}' in message


def test_a_rule_file_error_survives_a_process_boundary(tmp_path):
    """A worker's RuleFileError is pickled to the parent: it arrived as one character a line."""
    import pickle

    from interpreter.text.diagnostics import RuleFileError

    (tmp_path / "bad.yaml").write_text("name: bad\nset: {max_pip: 99}\n")
    with pytest.raises(RuleFileError) as raised:
        load_ruleset(tmp_path / "bad.yaml")
    again = pickle.loads(pickle.dumps(raised.value))
    assert str(again) == str(raised.value) and again.diagnostics == raised.value.diagnostics
