"""Places in the words a player uses ("the left end", "above the [6|6]", "your train", "Computer 2's
train", "the left toe of the [3|3]") and why a turn offers only draw, pass or a marker, on scripted
deals of every topology: a line, a spinner lead, a hub with personal and shared trains, a chicken
foot, private trains from one's own double."""

from __future__ import annotations

from pathlib import Path

from interpreter.engine import Action, Match, deal
from interpreter.frontends.presentation.narration import Narrator
from interpreter.frontends.presentation.places import move_words, place_words, why_words
from interpreter.frontends.presentation.seats import seats_for
from interpreter.frontends.presentation.style import Style
from interpreter.rulefile.explain import explain
from interpreter.rulefile.loader import load_ruleset, load_ruleset_text

OWN_DOUBLE = Path(__file__).parent / "examples" / "valid" / "own-double-trains.yaml"
RULES = Path(__file__).resolve().parent.parent / "rules"


def _start(rules: str | Path, *hands: str, boneyard: str = "") -> Match:
    return Match(load_ruleset(rules), players=len(hands), deals=[deal(*hands, boneyard=boneyard, starter=0)])


def _play(match: Match, *moves: str) -> None:
    for move in moves:
        match.apply(Action.parse(move))


def _places(match: Match, viewer: int | None, kinds: tuple[str, ...] = ("human", "greedy", "greedy")) -> list[str]:
    seats = seats_for(kinds[: match.players])
    return [place_words(match.layout, arm.id, seats, viewer) for arm in match.layout.arms]


def _told(match: Match, viewer: int | None, kinds: tuple[str, ...] = ("human", "greedy", "greedy")) -> list[str]:
    seats = seats_for(kinds[: match.players])
    lines = Narrator(match, seats, Style(False)).tell(match.events, viewer)
    return [line for line in lines if " played " in line and not line.startswith("Round ")]


def _why(match: Match) -> str | None:
    return why_words(match, match.legal_actions())


def test_a_line_has_a_left_and_a_right_end() -> None:
    m = _start("block", "6-6 6-3 1-2", "0-1 4-4 6-5")
    _play(m, "lead 6-3")
    assert _places(m, 1) == ["the left end", "the right end"]
    seats = seats_for(["human", "greedy"])
    assert [move_words(a, m.layout, seats, 1) for a in m.legal_actions()] == ["[6|5] on the right end"]
    _play(m, "6-5 on arm 1")
    assert _told(m, 0) == ["Computer played [6|5] on the right end."]


def test_a_spinner_leads_sides_are_above_and_below_it() -> None:
    m = _start("straight", "6-6 6-3 1-2 2-2", "6-2 4-4 5-5 0-0")
    _play(m, "lead 6-6")
    assert _places(m, 0) == ["the left end", "the right end", "above the [6|6]", "below the [6|6]"]
    _play(m, "6-2 on arm 1")
    assert _told(m, 0) == ["Computer played [6|2] on the right end."]


def test_a_double_laid_later_opens_one_side_and_the_other() -> None:
    # Draw: every double is a spinner; [3|3] laid on the left end opens two sides of its own.
    m = _start("draw", "6-3 3-3 1-2", "3-1 4-4 5-5 0-0", boneyard="2-4 5-6")
    _play(m, "lead 6-3")
    _play(m, "3-1 on arm 0")  # the left end now shows 1
    assert _places(m, 0) == ["the left end", "the right end"]
    m2 = _start("draw", "6-3 3-3 1-2", "6-1 4-4 5-5 0-0", boneyard="2-4 5-6")
    _play(m2, "lead 6-3", "6-1 on arm 1", "3-3 on arm 0")
    assert _places(m2, 0) == ["the left end", "the right end", "one side of the [3|3]", "the other side of the [3|3]"]
    assert _told(m2, 0)[-1] == "You played [3|3] on the left end."


def test_a_hub_names_each_train_by_its_owner_as_the_viewer_says_it() -> None:
    m = _start("mexican-train", "12-3 3-4 1-1", "12-5 0-0 2-2", "12-8 4-4 2-9", boneyard="1-0 1-2 2-4 5-6")
    assert _places(m, 0) == ["your train", "Computer 2's train", "Computer 3's train", "the Mexican train"]
    # Seen from seat 2's screen, where seat 2 is "You" and seat 0 has a name of its own.
    hot = ("human", "human", "human")
    assert _places(m, 2, hot) == ["Player 1's train", "Player 2's train", "your train", "the Mexican train"]
    assert _places(m, None, hot) == ["Player 1's train", "Player 2's train", "Player 3's train", "the Mexican train"]
    seats = seats_for(["human", "greedy", "greedy"])
    assert [move_words(a, m.layout, seats, 0) for a in m.legal_actions()] == [
        "[12|3] on your train", "[12|3] on the Mexican train"
    ]  # fmt: skip
    _play(m, "12-3 on arm 0", "12-5 on arm 1", "12-8 on arm 3")
    assert _told(m, 0) == [
        "You played [12|3] on your train.",
        "Computer 2 played [12|5] on their train.",
        "Computer 3 played [12|8] on the Mexican train.",
    ]
    assert _told(m, 1, hot)[:2] == ["Player 1 played [12|3] on their train.", "Player 2 played [12|5] on your train."]


def test_a_shared_train_the_rules_do_not_name_is_the_shared_train() -> None:
    unnamed = load_ruleset_text(
        "name: house\nextends: mexican-train\nlayout: {shared_train_name: null}\n", "house.yaml", RULES
    )
    m = Match(unnamed, players=2, deals=[deal("12-3 3-4", "12-5 0-0", boneyard="1-0 1-2", starter=0)])
    assert _places(m, 0) == ["your train", "Computer's train", "the shared train"]


def test_the_shared_trains_name_is_words_only_and_leaves_the_rules_digest_alone() -> None:
    # A save names its rules by digest: words alone never stop a saved game from resuming.
    named = load_ruleset(RULES / "mexican-train.yaml")
    text = (RULES / "mexican-train.yaml").read_text()
    assert "shared_train_name: the Mexican train" in text
    unnamed = load_ruleset_text(text.replace("shared_train_name: the Mexican train", ""), "mexican-train.yaml", RULES)
    assert unnamed.layout.shared_train_name is None and named.layout.shared_train_name == "the Mexican train"
    assert unnamed.digest == named.digest
    assert "One shared train (the Mexican train) may be started or extended by anyone." in " ".join(
        explain(named).split()
    )


def test_a_chicken_foot_has_numbered_shared_trains_and_toes() -> None:
    m = _start("chicken-foot", "9-3 3-3 3-4 3-5 3-6 8-8", "9-5 1-1 2-2 0-1 0-2", boneyard="9-2 9-4 1-2 2-4 5-6")
    assert _places(m, 0) == ["shared train 1", "shared train 2", "shared train 3", "shared train 4"]
    _play(m, "9-3 on arm 0", "9-5 on arm 1", "draw", "9-2 on arm 2", "draw")
    _play(m, "9-4 on arm 3", "3-3 on arm 0")  # the [3|3] on shared train 1: a foot of three toes
    assert _places(m, 0) == [
        "the middle toe of the [3|3]", "shared train 2", "shared train 3", "shared train 4",
        "the left toe of the [3|3]", "the right toe of the [3|3]",
    ]  # fmt: skip
    told = _told(m, 0, ("human", "greedy"))
    # The tiles laid before the [3|3] were laid on shared train 1, not on a toe.
    assert told[0] == "You played [9|3] on shared train 1." and told[-1] == "You played [3|3] on shared train 1."
    assert _why(m) == "the [3|3] must be covered first; no tile matches 3 — draw one"
    _play(m, "draw", "pass", "3-4 on arm 4")  # [1|2] drawn does not fit: the foot waits for seat 0
    assert _told(m, 0, ("human", "greedy"))[-1] == "You played [3|4] on the left toe of the [3|3]."


def test_private_trains_run_from_both_ends_of_their_owners_double() -> None:
    m = _start(OWN_DOUBLE, "3-3 3-1 2-5", "1-2 4-4 4-0 0-5", boneyard="2-2 5-5")
    _play(m, "lead 3-3", "lead 4-4")
    assert _places(m, 1, ("human", "human")) == [
        "one end of Player 1's train", "the other end of Player 1's train",
        "one end of your train", "the other end of your train",
    ]  # fmt: skip
    _play(m, "3-1 on arm 1", "4-0 on arm 2")
    assert _told(m, 0, ("human", "greedy"))[-2:] == [
        "You played [3|1] on the other end of your train.",
        "Computer played [4|0] on one end of their train.",
    ]


def test_why_draw_says_what_no_tile_matches() -> None:
    # Bergen draws until a tile fits.
    m = _start("bergen", "6-6 6-3 3-3 1-2", "0-1 4-4 5-5 0-0", boneyard="1-1 2-3 2-4 5-6")
    _play(m, "lead 6-3")
    assert _why(m) == "no tile matches 3 or 6 — draw one"
    _play(m, "draw")  # [1|1] fits nowhere either: draw again
    assert [str(a) for a in m.legal_actions()] == ["draw"]
    assert _why(m) == "no tile matches 3 or 6 — draw again"


def test_why_says_nothing_when_a_tile_may_be_laid() -> None:
    m = _start("draw", "6-6 6-3 3-3 1-2", "0-1 4-4 5-5 3-0", boneyard="1-1")
    _play(m, "lead 6-3")
    assert _why(m) is None


def test_why_pass_ends_an_optional_rest_of_a_turn() -> None:
    # Basic Trains: one's own car, then at most one on each other train (`turn_rest: may`).
    hands = ("8-8 8-1 1-2 5-0", "7-7 7-2 3-4 6-0", "6-6 6-3 4-1 0-1", "5-5 5-4 2-3 0-2")
    m = _start("basic-trains", *hands)
    _play(m, "lead 8-8", "lead 7-7", "lead 6-6", "lead 5-5")
    assert _why(m) is None  # the turn's first car: no pass offered
    _play(m, "8-1 on arm 0")
    assert [str(a) for a in m.legal_actions()] == ["5-0 on arm 6", "5-0 on arm 7", "pass"]
    assert _why(m) == "end your turn here: the rest of it is optional"


def test_why_pass_when_the_boneyard_is_empty_or_there_is_none() -> None:
    m = _start("block", "6-6 6-3 1-2", "0-1 4-4 5-5")
    _play(m, "lead 6-3")
    assert _why(m) == "no tile matches 3 or 6: pass"  # a block game has no boneyard to draw from
    m = _start("straight", "6-6 6-3 1-2 2-2", "6-2 4-4 5-5 0-0")
    _play(m, "lead 6-6", "6-2 on arm 1", "2-2 on arm 1")
    assert _why(m) == "the boneyard is empty and no tile matches 2 or 6: pass"


def test_why_marker_after_drawing_opens_ones_train() -> None:
    m = _start(OWN_DOUBLE, "3-3 3-1 2-5", "1-2 4-4 4-0 0-5", boneyard="2-2 5-5")
    _play(m, "lead 3-3", "lead 4-4", "3-1 on arm 1", "4-0 on arm 2")
    assert _why(m) == "no tile matches 1 or 3 — draw one"
    _play(m, "draw")
    assert _why(m) == "nothing fits after drawing: put out your marker, your train is now open to everyone"


def test_why_names_the_double_that_must_be_covered_first() -> None:
    m = _start("chicken-foot", "9-3 3-3 3-4 3-5 3-6 8-8", "9-5 1-1 2-2 0-1 0-2", boneyard="1-2 2-4 5-6 7-7 9-2 9-4")
    _play(m, "9-3 on arm 0", "9-5 on arm 1")
    assert _why(m) == "the [9|9] must be covered first; no tile matches 9 — draw one"
    _play(m, "draw")  # [1|2]: nothing fits after drawing
    assert _why(m) == "the [9|9] must be covered first; nothing fits after drawing: pass"


def test_why_says_fits_where_the_rules_match_otherwise() -> None:
    # Double-six: a blank goes anywhere, and anything goes on a blank.
    m = _start("double-six", "6-6 6-3 3-3 2-2", "1-2 4-4 5-5 1-4", boneyard="1-1 2-3 2-4 5-6")
    _play(m, "lead 6-3")
    assert [str(a) for a in m.legal_actions()] == ["draw"]
    assert _why(m) == "no tile fits 3 or 6 — draw one"


def test_an_older_rounds_plays_are_told_without_a_place_the_last_finished_rounds_with_theirs() -> None:
    # Two rounds of Block go out at once; the third is dealt. Only the last finished round's table
    # is kept: an older round's tiles are told without a place rather than on the wrong one.
    rounds = [deal("6-3 3-2", "6-5 4-4 1-1", starter=0), deal("5-3 3-1", "5-6 4-4 0-0", starter=0)]
    m = Match(load_ruleset("block"), players=2, deals=rounds)
    _play(m, "lead 6-3", "6-5 on arm 1", "3-2 on arm 0", "lead 5-3", "5-6 on arm 1", "3-1 on arm 0")
    assert m.round == 3
    assert _told(m, 0, ("human", "greedy")) == [
        "Computer played [6|5].",
        "You played [3|2].",
        "Computer played [5|6] on the right end.",
        "You played [3|1] on the left end.",
    ]
