"""A number that depends on whether a match is played in partnerships (docs/format.md, "Numbers by
player count"): `match.target` may read the condition `teams`, and a file with optional
partnerships plays each match by the target of its own choice."""

from __future__ import annotations

import pytest
from engine_helpers import house, play, scores_in
from engine_helpers import problem_messages as problems

from interpreter.engine import Match, deal
from interpreter.rulefile.explain import explain
from interpreter.rulefile.ruleset import Ruleset


def optional(default: str) -> Ruleset:
    return house(
        "extends: block\n"
        f"players: {{min: 2, max: 4, teams: {default}, teams_optional: true, teams_when: \"players == 4\"}}\n"
        'match: {target: "if teams then 100 else 61"}\n'
    )


@pytest.mark.parametrize("default", ["none", "opposite"])
def test_the_target_follows_the_partnership_choice_of_the_match(default: str) -> None:
    r = optional(default)
    assert r.for_players(4, teams=True).match.target == 100
    assert r.for_players(4, teams=False).match.target == 61
    assert r.for_players(3).match.target == 61  # no partnerships with three
    assert r.for_players(4).match.target == (100 if default == "opposite" else 61)  # the file's default


# Seat 0 goes out at once: seats 1 and 3 hold 39 + 34 = 73 pips, seat 2 holds 1.
HANDS = ("6-6", "6-5 5-5 4-6 3-5", "0-0 0-1", "4-5 4-4 3-6 2-6")


@pytest.mark.parametrize(("teams", "points", "over"), [(True, 73, False), (False, 74, True)])
def test_a_match_plays_to_the_target_of_its_choice(teams: bool, points: int, over: bool) -> None:
    m = Match(optional("none"), players=4, deals=[deal(*HANDS, starter=0)], teams=teams)
    assert m.ruleset.match.target == (100 if teams else 61)
    assert scores_in(play(m, "lead 6-6")) == [(0, points, "domino")]
    assert m.is_over is over
    assert m.winners == ((0,) if over else ())


def test_teams_is_a_name_of_the_target_only() -> None:
    found = problems('extends: block\nset: {max_pip: "if teams then 6 else 9"}\n')
    assert any("unknown name 'teams'" in p for p in found), found
    found = problems('extends: block\ndeal: {hand_size: "if teams then 6 else 5"}\n')
    assert any("unknown name 'teams'" in p for p in found), found


def test_teams_without_a_choice_is_the_files_own_partnership() -> None:
    r = house(
        'extends: block\nplayers: {min: 2, max: 4, teams: opposite, teams_when: "players == 4"}\n'
        'match: {target: "if teams then 100 else 61"}\n'
    )
    assert r.by_count == {"target": {2: 61, 3: 61, 4: 100}}
    assert r.for_players(4).match.target == 100


def test_explain_says_the_target_with_and_without_partners() -> None:
    text = " ".join(explain(optional("none")).split())
    assert "61 points or more; with partnerships (4 players), 100 points or more;" in text
