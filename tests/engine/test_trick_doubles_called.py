"""The doubles as a suit a leader may call (docs/format.md, `tricks.doubles_callable`): a double
led may name the doubles (every double follows, the highest takes the trick) or its own number."""

from __future__ import annotations

import pytest

from interpreter.engine import Action, Match, deal
from interpreter.engine.actions import IllegalAction
from interpreter.loader import load_ruleset_text
from interpreter.rulefile.explain import differences, explain
from interpreter.rulefile.ruleset import Ruleset
from tests.engine.engine_helpers import PASSING

HANDS = (
    "0-0 6-5 1-1 1-2 1-3 1-4 1-5 0-5 2-2", "6-6 6-3 6-2 2-3 2-4 2-5 0-6 0-1 0-2", "6-1 6-4 5-5 3-4 3-5 4-4 4-5 0-3 0-4",
)  # fmt: skip


def _moves(*texts: str) -> list[Action]:
    return [Action.parse(text) for text in texts]


@pytest.fixture(scope="module")
def called(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    text = PASSING.read_text().replace("passing: {count: 3, to: left}\n", "")
    text = text.replace("  first_leader: starter_or_next\n", "")
    return load_ruleset_text(text, "called.yaml", tmp_path_factory.mktemp("called"))


def test_a_double_led_as_doubles_calls_for_a_double_and_the_highest_takes_it(called: Ruleset) -> None:
    match = Match(called, 3, deals=[deal(*HANDS, starter=0)])
    leads = [a for a in match.legal_actions() if a.tile == (0, 0)]
    assert leads == _moves("play 0-0", "play 0-0 as doubles")
    match.apply(Action.parse("play 0-0 as doubles"))
    # Seat 1 holds blanks (0-6, 0-1, 0-2) but the doubles were called: its one double must go.
    assert match.legal_actions() == _moves("play 6-6")
    match.apply(Action.parse("play 6-6"))
    assert match.legal_actions() == _moves("play 4-4", "play 5-5")
    match.apply(Action.parse("play 4-4"))
    (trick,) = match.events_of("trick")
    assert (trick["seat"], trick["count"]) == (1, 4)


def test_a_double_led_as_its_number_calls_for_that_number(called: Ruleset) -> None:
    match = Match(called, 3, deals=[deal(*HANDS, starter=0)])
    match.apply(Action.parse("play 0-0"))
    assert match.legal_actions() == _moves("play 0-1", "play 0-2", "play 0-6")
    with pytest.raises(IllegalAction, match="you must follow blanks"):
        match.apply(Action.parse("play 6-6"))


def test_a_tile_that_is_not_a_double_cannot_call_the_doubles(called: Ruleset) -> None:
    match = Match(called, 3, deals=[deal(*HANDS, starter=0)])
    with pytest.raises(IllegalAction, match="only a double"):
        match.apply(Action.parse("play 6-5 as doubles"))
    assert Action.from_json(Action.parse("play 0-0 as doubles").to_json()) == Action.parse("play 0-0 as doubles")


def test_explain_says_the_doubles_may_be_called(called: Ruleset) -> None:
    said = " ".join(explain(called).split())
    assert "a double led may be called its own number or the doubles, which every double follows" in said


# --- the first lead handed on (tricks.first_leader: starter_or_next) ------------------------------


@pytest.fixture(scope="module")
def handed(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    text = PASSING.read_text().replace("passing: {count: 3, to: left}\n", "")
    return load_ruleset_text(text, "handed.yaml", tmp_path_factory.mktemp("handed"))


def test_the_starter_may_hand_the_first_lead_to_the_next_player_who_must_lead(handed: Ruleset) -> None:
    match = Match(handed, 3, deals=[deal(*HANDS, starter=0)])
    assert match.legal_actions()[-1] == Action.parse("pass") and match.current_player == 0
    events = match.apply(Action.parse("pass"))
    assert [(e["seat"], e["action"]) for e in events] == [(0, {"kind": "pass"})]
    assert match.current_player == 1 and Action.parse("pass") not in match.legal_actions()
    match.apply(Action.parse("play 6-6 as doubles"))
    match.apply(Action.parse("play 4-4"))
    assert Action.parse("pass") not in match.legal_actions()  # the starter, to follow: no hand-on
    with pytest.raises(IllegalAction, match="only the starter, about to lead the first trick"):
        match.apply(Action.parse("pass"))
    match.apply(Action.parse("play 0-0"))  # the starter plays last to the trick he handed on
    assert match.events_of("trick")[0]["seat"] == 1
    assert Action.parse("pass") not in match.legal_actions()  # only the first lead of a hand


def test_explain_says_the_starter_may_hand_the_lead_on(handed: Ruleset, called: Ruleset) -> None:
    said = " ".join(explain(handed).split())
    assert "The starter may instead hand the first lead to the next player (pass), who must then lead" in said
    (change,) = differences(handed, called)
    assert change.startswith("Who leads the first trick changes.") and change.endswith(
        "the hand's starter, or the next player if the starter hands it on"
    )
