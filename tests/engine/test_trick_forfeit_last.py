"""A player who may not take the last trick (docs/format.md, `tricks.forfeit_last`): Tien Gow's
"early death" — when the last trick is of single tiles, a player who has taken no trick lays his
tile face down even if it would beat (rules/tien-gow.yaml), on a scripted deal."""

from __future__ import annotations

import pytest

from interpreter.engine import Match, deal
from interpreter.frontends.presentation.plays import play_move_words
from interpreter.frontends.presentation.tricks import tables
from interpreter.loader import load_ruleset_text
from interpreter.rulefile.explain import differences, explain
from interpreter.rulefile.ruleset import Ruleset
from tests.engine.engine_helpers import RULES, of_type, play, problems, rules

# Play runs counter-clockwise: seats 0, 3, 2, 1. Seat 0 holds the highest civil tiles and takes
# the first seven tricks; it leads the Little Three (1-2) to the last, which seat 3's 2-6 and seat
# 1's 2-3 would beat, but neither of them has taken a trick.
HANDS = (
    "6-6 6-6 1-1 1-1 4-4 4-4 1-3 1-2",
    "3-6 4-5 3-5 2-5 3-4 2-4 1-4 2-3",
    "5-6 5-6 4-6 4-6 1-6 1-6 1-5 1-5",
    "5-5 5-5 3-3 3-3 2-2 2-2 1-3 2-6",
)


def _hand(ruleset: Ruleset, tricks: int = 8) -> tuple[Match, list[dict]]:
    match = Match(ruleset, 4, deals=[deal(*HANDS, starter=0)])
    hands = [HANDS[seat].split() for seat in (0, 3, 2, 1)]  # each seat plays its tiles in order
    events: list[dict] = []
    for trick in range(tricks):
        events += play(match, *(f"play {hand[trick]}" for hand in hands))
    return match, events


@pytest.fixture(scope="module")
def without(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    text = (RULES / "tien-gow.yaml").read_text(encoding="utf-8")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("  forfeit_last:"))
    return load_ruleset_text(text.replace("name: tien-gow", "name: tien-gow-alive"), "alive.yaml", RULES)


def test_a_player_without_a_trick_lays_his_tile_face_down_on_the_last_single_trick() -> None:
    tricks = of_type(_hand(rules("tien-gow"))[1], "trick")
    assert [t["seat"] for t in tricks] == [0] * 8
    assert tricks[-1]["tiles"] == [[0, [1, 2]]] and tricks[-1]["face_down"] == [[3, 1], [2, 1], [1, 1]]


def test_without_the_rule_the_higher_tile_takes_the_last_trick(without: Ruleset) -> None:
    tricks = of_type(_hand(without)[1], "trick")
    assert [t["seat"] for t in tricks] == [0] * 7 + [3]
    assert tricks[-1]["tiles"] == [[0, [1, 2]], [3, [2, 6]]]


def test_the_player_who_may_not_take_it_is_told_his_tile_goes_face_down(without: Ruleset) -> None:
    match, _ = _hand(rules("tien-gow"), 7)
    play(match, "play 1-2")
    view = match.trick_view
    assert view.forfeits and [play_move_words(tables(match), view, a) for a in match.legal_actions()] == [
        "lay [6|2] Eight face down"
    ]
    match, _ = _hand(without, 7)
    play(match, "play 1-2")
    view = match.trick_view
    assert not view.forfeits
    assert [play_move_words(tables(match), view, a) for a in match.legal_actions()] == ["[6|2] Eight: takes the lead"]


def test_explain_and_diff_say_it(without: Ruleset) -> None:
    said = " ".join(explain(rules("tien-gow")).split())
    assert (
        "When the last trick is led with one tile, a player for whom the tricks the player took equals 0 lays "
        "it face down, even one that would beat: he cannot take that trick." in said
    )
    assert differences(rules("tien-gow"), without) == [
        "Who cannot take a last trick of single tiles changes.\n    tien-gow-alive: nobody\n"
        "    tien-gow: a player for whom the tricks the player took equals 0"
    ]


def test_it_needs_tricks_of_plays() -> None:
    found = problems("extends: texas-42\ntricks: {forfeit_last: 'tricks == 0'}\n")
    assert found == [
        "3:24: tricks.forfeit_last: a player barred from the last trick is a rule of tricks of plays, and this "
        "game lays no play face down (tricks.face_down) nor leads tiles together (tricks.combinations); leave it out"
    ]
