"""`domino validate` and `domino list`, run as commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.frontends.cli.commands import list_variants
from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.resources import bundled_variants, load_schema, rules_dir
from interpreter.rulefile.loader import load_ruleset
from interpreter.rulefile.ruleset import IN_PLAY_NAMES
from tests.clirunner import domino

GOOD = "name: good\nextends: draw\nmatch: {target: 50}\n"
BAD = "name: bad\nextends: draw\nlayout: {spinnner: none}\nplay: {match: 'hafl == end'}\n"


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "bad.yaml").write_text(BAD, encoding="utf-8")
    (tmp_path / "worse.yaml").write_text(
        "name: worse\nset: {max_pip: 40}\nplayers: {min: 0, max: 4}\n", encoding="utf-8"
    )
    return tmp_path


def test_every_bundled_file_is_valid() -> None:
    paths = sorted(str(p) for p in rules_dir().glob("*.yaml"))
    result = domino("validate", *paths)
    assert result.status is ExitStatus.OK, result.stdout
    assert result.stdout == ""
    assert result.stderr == f"{len(paths)} files checked, all valid\n"


def test_valid_file_prints_nothing_but_the_summary(files: Path) -> None:
    result = domino("validate", "good.yaml", cwd=files)
    assert (result.status, result.stdout, result.stderr) == (ExitStatus.OK, "", "1 file checked, all valid\n")


def test_problems_are_printed_with_the_path_as_given_and_summed_up(files: Path) -> None:
    result = domino("validate", "good.yaml", "bad.yaml", cwd=files)
    assert result.status is ExitStatus.FAILURE
    lines = result.stdout.splitlines()
    assert lines[0] == "bad.yaml:3:10: layout: unknown key 'spinnner'; did you mean 'spinners'?"
    assert result.stderr == "2 files checked, 1 invalid, 1 problem\n"


def test_expression_problems_carry_a_caret_snippet(tmp_path: Path) -> None:
    (tmp_path / "expr.yaml").write_text("name: expr\nextends: draw\nplay: {match: 'hafl == end'}\n", encoding="utf-8")
    result = domino("validate", "expr.yaml", cwd=tmp_path)
    assert result.stdout == (
        "expr.yaml:3:16: play.match: unknown name 'hafl'; did you mean 'half'?\n    hafl == end\n    ^^^^\n"
    )


def test_an_unknown_name_lists_the_names_of_its_place_and_never_suggests_the_opposite(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(
        'name: a\nextends: straight\nscoring: {in_play: {when: "end_sum > 0", points: "opp_score"}}\n', encoding="utf-8"
    )
    (tmp_path / "b.yaml").write_text('name: b\nextends: mexican-train\nplay: {allowed: "not opp_train"}\n')
    result = domino("validate", "a.yaml", "b.yaml", cwd=tmp_path)
    lines = result.stdout.splitlines()
    in_play = ", ".join(sorted(IN_PLAY_NAMES))  # double_ends, end_sum, … score, set_size
    assert lines[0] == f"a.yaml:3:51: scoring.in_play.points: unknown name 'opp_score'; the names here are {in_play}"
    assert lines[3].startswith("b.yaml:3:22: play.allowed: unknown name 'opp_train'; the names here are arm, ")
    assert "own_train" in lines[3] and "did you mean" not in result.stdout


def test_every_problem_of_every_file_is_counted(files: Path) -> None:
    result = domino("validate", "bad.yaml", "worse.yaml", "missing.yaml", cwd=files)
    assert result.status is ExitStatus.FAILURE
    assert "missing.yaml: cannot read the file" in result.stdout
    assert "worse.yaml:2:16: set.max_pip: 40 is more than the maximum, 18" in result.stdout
    assert "worse.yaml:3:16: players.min: 0 is less than the minimum, 1" in result.stdout
    assert "worse.yaml:1:1: missing required key 'deal'" in result.stdout
    assert result.stderr == "3 files checked, 3 invalid, 5 problems\n"


def test_json_format(files: Path) -> None:
    result = domino("validate", "--format", "json", "bad.yaml", "good.yaml", cwd=files)
    assert result.status is ExitStatus.FAILURE
    rows = json.loads(result.stdout)
    assert rows[0] == {
        "file": "bad.yaml",
        "line": 3,
        "column": 10,
        "message": "layout: unknown key 'spinnner'; did you mean 'spinners'?",
    }
    assert [set(row) for row in rows] == [{"file", "line", "column", "message"}] * len(rows)


def test_json_format_of_valid_files_is_an_empty_list(files: Path) -> None:
    result = domino("validate", "--format", "json", "good.yaml", cwd=files)
    assert (result.status, json.loads(result.stdout)) == (ExitStatus.OK, [])


def test_no_paths_is_a_usage_error() -> None:
    result = domino("validate")
    assert result.status is ExitStatus.USAGE
    assert "PATH" in result.stderr


def _listed(stdout: str) -> list[tuple[str, list[str]]]:
    """`domino list`'s output after its header: (family heading, its variant rows) in order, a row's
    lines (its description wrapped under it) joined."""
    groups: list[tuple[str, list[str]]] = []
    for line in stdout.split("\n\n", 1)[1].splitlines():
        if line.startswith("   "):  # deeper than a row: the rest of the row above
            groups[-1][1][-1] += " " + line.strip()
        elif line.startswith("  "):
            groups[-1][1].append(line)
        elif line:
            groups.append((line, []))
    return groups


def test_list_shows_every_bundled_variant_with_its_players() -> None:
    result = domino("list")
    assert result.status is ExitStatus.OK, result.stdout
    assert result.stdout.split("\n\n")[0].split() == ["VARIANT", "PLAYERS", "TAGS", "DESCRIPTION"]
    rows = {row.split()[0]: row for _, group in _listed(result.stdout) for row in group}
    assert set(rows) == set(bundled_variants())
    assert rows["straight-partners"].split()[1] == "4"
    assert rows["mexican-train"].split()[1] == "2–8"


def test_list_groups_the_variants_by_their_first_tag_in_a_fixed_order() -> None:
    groups = _listed(domino("list").stdout)
    headings = [heading for heading, _ in groups]
    order = [*list_variants.FAMILIES, list_variants.OTHER]
    assert headings == sorted(headings, key=order.index)  # the fixed order, each family once
    assert {"block", "draw", "scoring", "train", "matching"} <= set(headings)
    for heading, group in groups:
        names = [row.split()[0] for row in group]
        assert names == sorted(names)
        for name in names:
            tags = load_ruleset(name).tags
            assert (tags[0] if tags else "other") == heading, name
    rows = {row.split()[0]: row for _, group in groups for row in group}
    assert "  scoring, cross, partnership " in rows["straight-partners"]  # every tag, main one first
    assert "  matching, cross, draw " in rows["doubles"]
    assert rows["block"].split()[2] == "block"


def test_list_families_are_the_schemas_tags() -> None:
    assert set(list_variants.FAMILIES) == set(load_schema()["properties"]["tags"]["items"]["enum"])


def test_list_puts_an_untagged_variant_under_other_last(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    untagged = tmp_path / "untagged.yaml"
    untagged.write_text("name: untagged\nextends: draw\ntags: null\n", encoding="utf-8")
    monkeypatch.setattr(list_variants, "bundled_variants", lambda: {**bundled_variants(), "untagged": untagged})
    groups = _listed(domino("list").stdout)
    heading, group = groups[-1]
    assert heading == "other" and [row.split()[0] for row in group] == ["untagged"]


def test_list_shows_a_broken_bundled_file_instead_of_failing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: broken\nset: {max_pip: 6\n", encoding="utf-8")
    monkeypatch.setattr(list_variants, "bundled_variants", lambda: {**bundled_variants(), "broken": broken})
    result = domino("list")
    assert result.status is ExitStatus.FAILURE
    row = next(row for _, group in _listed(result.stdout) for row in group if row.startswith("  broken "))
    assert "BROKEN:" in row and "YAML syntax error" in row
    assert any(line.startswith("  straight ") for line in result.stdout.splitlines())
