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


def _diff(tmp_path, house: str, base: str) -> list[str]:
    (tmp_path / "house.yaml").write_text(house)
    result = domino("explain", "house.yaml", "--diff", base, cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    return [line for line in result.stdout.splitlines() if line.startswith("- ")]


@pytest.mark.parametrize("base", ["straight", "draw"])
def test_narrowing_the_players_changes_no_hand_size(tmp_path, base):
    # draw deals 7 with 2 players and 5 with 3 or 4: with 2 players only, the hand size is what it was.
    changes = _diff(tmp_path, f"name: house\nextends: {base}\nplayers: {{min: 2, max: 2}}\n", base)
    assert changes == ["- The maximum number of players changes from 4 to 2."]


def test_a_hand_size_diff_names_only_the_counts_that_changed(tmp_path):
    house = 'name: house\nextends: draw\nplayers: {min: 2, max: 3}\ndeal: {hand_size: {"2": 7, "3": 6}}\n'
    changes = _diff(tmp_path, house, "draw")
    assert "- The hand size with 3 players changes from 5 tiles to 6 tiles." in changes
    assert not [line for line in changes if "with 2 players" in line or "with 4" in line]


def test_team_games_are_explained_with_team_scores():
    text = " ".join(domino("explain", "straight-partners").stdout.split())
    assert "the moment a team has 250 points or more" in text
    assert "a player has" not in text
    assert "the team of the player who laid it scores" in text
    assert "the team of the player who went out scores" in text
    assert "player or team" not in text  # partners play in every game of this variant


def test_the_in_play_score_is_the_teams_score_in_a_team_game(tmp_path):
    house = (
        "name: house\nextends: straight-partners\n"
        'scoring: {in_play: {when: "score < 200 and end_sum % 5 == 0", points: end_sum}}\n'
    )
    (tmp_path / "house.yaml").write_text(house)
    text = " ".join(domino("explain", "house.yaml", cwd=tmp_path).stdout.split())
    assert "the team's score before the tile is less than 200" in text
    assert "player's score" not in text


def test_teams_at_some_player_counts_are_called_sides(tmp_path):
    (tmp_path / "house.yaml").write_text(
        'name: house\nextends: straight\nplayers: {teams: opposite, teams_when: "players == 4"}\n'
    )
    text = " ".join(domino("explain", "house.yaml", cwd=tmp_path).stdout.split())
    assert "(with 4 players)" in text and "a side is a team" in text
    assert "the moment a side has 250 points or more" in text
    assert "a player has" not in text
