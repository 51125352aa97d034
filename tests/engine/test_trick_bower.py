"""A bower (docs/format.md, `trumps.joins`): a tile that leaves its own suit for trumps under a
trump suit the file's condition names, ranked where `trumps.joins_rank` says."""

from __future__ import annotations

import pytest

from interpreter.engine import Action, Match, deal
from interpreter.loader import load_ruleset_text
from interpreter.rulefile.explain import explain
from interpreter.rulefile.ruleset import Ruleset
from tests.engine.engine_helpers import PASSING

# Under fours, the double below (3-3) is a trump, second only to 4-4.
BOWER = 'trumps: {fixed: 4, joins: "is_double and high == (if trump == 0 then max_pip else trump - 1)"}\n'
HANDS = (
    "4-6 4-4 0-1 0-2 2-3 1-1 1-2 1-5 2-2", "3-3 0-0 0-3 1-3 0-5 3-5 3-6 5-5 6-6", "4-5 0-4 1-4 2-4 3-4 5-6 1-6 2-6 0-6",
)  # fmt: skip


@pytest.fixture(scope="module")
def bower(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    text = PASSING.read_text().replace("passing: {count: 3, to: left}\n", BOWER)
    return load_ruleset_text(text, "bower.yaml", tmp_path_factory.mktemp("bower"))


def test_the_bower_follows_trumps_not_its_own_suit_and_ranks_second(bower: Ruleset) -> None:
    match = Match(bower, 3, deals=[deal(*HANDS, starter=0)])
    match.apply(Action.parse("play 4-6"))
    # Seat 1 holds no four but the bower: it must play it to a trump led.
    assert match.legal_actions() == [Action.parse("play 3-3")]
    match.apply(Action.parse("play 3-3"))
    match.apply(Action.parse("play 4-5"))
    assert match.events_of("trick")[-1]["seat"] == 1  # over 4-6 and 4-5


def test_the_bower_does_not_follow_its_own_number(bower: Ruleset) -> None:
    match = Match(bower, 3, deals=[deal(*HANDS, starter=0)])
    match.apply(Action.parse("play 2-3 as 3"))
    assert match.legal_actions() == [Action.parse(f"play {tile}") for tile in ("0-3", "1-3", "3-5", "3-6")]


def test_the_highest_trump_still_beats_the_bower(bower: Ruleset) -> None:
    match = Match(bower, 3, deals=[deal(*HANDS, starter=1)])
    match.apply(Action.parse("play 3-3"))
    assert match.trick_view.led_suit == 7  # trumps (max_pip + 1)
    match.apply(Action.parse("play 4-5"))
    match.apply(Action.parse("play 4-4"))
    assert match.events_of("trick")[-1]["seat"] == 0


def test_explain_says_which_tile_joins_trumps_and_where_it_ranks(bower: Ruleset) -> None:
    said = " ".join(explain(bower).split())
    assert "A tile may leave its own suit for trumps (under fours, 3-3): it is a trump then, ranking just below " \
        "the highest trump." in said  # fmt: skip
