"""`domino explain`: every variant's rules in English, and the differences between two variants."""

from __future__ import annotations

import pytest

from interpreter.commands.environment import ExitStatus
from interpreter.loader import load_ruleset
from interpreter.resources import bundled_variants
from tests.clirunner import domino


@pytest.mark.parametrize("variant", sorted(bundled_variants()))
def test_every_bundled_variant_is_explained_with_its_key_facts(variant):
    result = domino("explain", variant)
    assert result.status is ExitStatus.OK, result.stderr
    text = " ".join(result.stdout.split())  # as read, whatever the line breaks
    ruleset = load_ruleset(variant)
    assert ruleset.title in text
    for heading in ("The set", "Players and hands", "Starting a round", "The layout", "Playing", "Winning"):
        assert heading in text
    assert f"double-{ruleset.max_pip} set: {ruleset.set_size} tiles" in text
    for size in set(ruleset.deal.hand_sizes.values()):
        assert f"{size} tiles" in text or f"{size} with" in text
    if ruleset.match.target is not None:
        assert f"{ruleset.match.target} points" in text
    if ruleset.match.rounds:
        assert f"{ruleset.match.rounds[ruleset.players.min]} rounds" in text
    assert ("Scoring during play" in text) == (ruleset.in_play is not None)


def test_expressions_are_read_in_words():
    text = " ".join(domino("explain", "straight").stdout.split())
    assert "the sum of the open ends is a multiple of 5" in text
    assert "rounded to the nearest multiple of 5" in text
    assert "end_sum" not in text


def test_diff_says_the_target_changed():
    result = domino("explain", "draw-50", "--diff", "draw")
    assert result.status is ExitStatus.OK
    assert "The target changes from 100 to 50." in result.stdout
    assert len([line for line in result.stdout.splitlines() if line.startswith("- ")]) == 1


def test_diff_of_a_variant_with_itself_and_of_two_games():
    assert "plays exactly like" in domino("explain", "draw", "--diff", "draw").stdout
    changes = domino("explain", "straight", "--diff", "draw").stdout
    assert "Adds scoring during play" in changes
    assert "Drawing changes from draw one (the turn then passes) to draw until a tile fits." in changes


def test_a_house_rule_file_is_explained(tmp_path):
    (tmp_path / "house.yaml").write_text("name: house\nextends: straight\nmatch: {target: 150}\n")
    assert "150 points or more" in domino("explain", "house.yaml", cwd=tmp_path).stdout
    diff = domino("explain", "house.yaml", "--diff", "straight", cwd=tmp_path).stdout
    assert "The target changes from 250 to 150." in diff


def test_an_unknown_variant_is_an_error():
    result = domino("explain", "drawww")
    assert result.status is ExitStatus.FAILURE
    assert "did you mean 'draw'" in result.stderr
