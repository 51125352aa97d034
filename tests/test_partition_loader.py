"""The loader's positioned refusals of a partition file (docs/format.md, "Partition games")."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.loader import RuleFileError, load_ruleset_text

HERE = Path(__file__).resolve().parents[1] / "rules"
PAI_GOW = (HERE / "pai-gow.yaml").read_text()
DRAW = (Path(__file__).resolve().parents[1] / "rules" / "draw.yaml").read_text()


def _refused(text: str) -> str:
    with pytest.raises(RuleFileError) as error:
        load_ruleset_text(text, "x.yaml", HERE)
    return str(error.value)


def _line(text: str, part: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if part in line)


def test_groups_that_do_not_make_the_hand_are_refused_at_the_groups() -> None:
    text = PAI_GOW.replace("    - {name: low, size: 2}", "    - {name: low, size: 3}")
    at = _line(text, "  groups:") + 1
    assert f"x.yaml:{at}:5: partition.groups: the groups hold 5 tiles, but a hand has 4" in _refused(text)


def test_a_combination_no_group_can_be_is_refused_at_its_tiles() -> None:
    text = PAI_GOW.replace("tiles: [6-6, 6-6], class: 99", "tiles: [6-6, 6-6, 6-6], class: 99")
    said = _refused(text)
    at = _line(text, "pair of Teens")
    assert f"x.yaml:{at}:34: ranking[1].tiles: a combination of 3 tiles, and the compared groups hold 2" in said


def test_a_wild_tile_the_set_lacks_and_a_misspelt_house_way_are_refused() -> None:
    assert "partition.wild[0].tiles[0]: 0-0 is not a tile of the set" in _refused(
        PAI_GOW.replace("wild: [{tiles: [1-2, 2-4]", "wild: [{tiles: [0-0, 2-4]")
    )
    text = PAI_GOW[: PAI_GOW.index("  house_way:")] + "  house_way: max_totl\n" + PAI_GOW[PAI_GOW.index("ranking:") :]
    assert "partition.house_way: 'max_totl' is not one of max_total; did you mean 'max_total'?" in _refused(text)


def test_a_partition_file_without_its_groups_is_refused() -> None:
    text = PAI_GOW.replace("  groups:\n    - {name: high, size: 2}\n    - {name: low, size: 2}\n", "")
    assert "partition: a partition game needs partition.groups" in _refused(text)


def test_a_hand_that_splits_too_many_ways_is_refused() -> None:
    text = (
        PAI_GOW.replace("deal: {hand_size: 4", "deal: {hand_size: 12")
        .replace("players: {min: 2, max: 8,", "players: {min: 2, max: 2,")
        .replace(
            "    - {name: high, size: 2}\n    - {name: low, size: 2}",
            "    - {name: a, size: 3}\n    - {name: b, size: 3}\n    - {name: c, size: 3}\n    - {name: d, size: 3}",
        )
    )
    assert "partition.groups: a hand splits 15,400 ways into these groups; the most allowed is 5,000" in _refused(text)


def test_the_partition_sections_are_refused_in_another_family_and_the_others_in_a_partition_file() -> None:
    assert "partition: belongs to partition games (family: partition); this is a layout game" in _refused(
        DRAW + "partition: {groups: [{name: a, size: 1}, {name: b, size: 1}]}\n"
    )
    assert "layout: a partition game has no layout" in _refused(PAI_GOW + "layout: {topology: line}\n")


EACH = (HERE / "pai-gow-each.yaml").read_text()


def test_a_showdown_with_no_bank_refuses_what_needs_a_banker_where_it_is_written() -> None:
    text = EACH.replace("  against: each", "  against: eahc")
    assert f"x.yaml:{_line(text, 'eahc')}:12: showdown.against: 'eahc' is not one of" in _refused(text)
    assert "did you mean 'each'?" in _refused(text)
    text = EACH.replace("partition: {banker: free}", "partition: {banker: house_way}")
    said = f"x.yaml:{_line(text, 'banker: house_way')}:21: partition.banker: with showdown.against: each nobody banks"
    assert said in _refused(text)
    text = EACH.replace("  tie: push", "  tie: banker")
    said = f"x.yaml:{_line(text, 'tie: banker')}:8: showdown.tie: with showdown.against: each there is no bank"
    assert said in _refused(text)
    text = EACH.replace('settle: "won"', 'settle: "if banker_stuck then 0 else won"')
    said = "showdown.settle: unknown name 'banker_stuck'; the names here are groups, lost, opp_stuck, players"
    assert said in _refused(text)
