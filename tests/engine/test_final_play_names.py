"""Scoring that sees the final play (docs/format.md, "Names an expression may read"): the round-end
names of the last tile laid (`last_high`, `last_low`, `last_is_double`, `last_fit_ends`, the
capicúa), the in-play names `tiles` and `laid_fit_ends`, and `scoring.on_pass` (the pase corrido),
each played on a scripted deal through a house-rule file."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import house, legal, of_type, play, scores_in
from engine_helpers import problem_messages as problems

from interpreter.engine import Match, deal
from interpreter.frontends.presentation.narration import Narrator
from interpreter.frontends.presentation.seats import seats_for
from interpreter.frontends.presentation.style import Style
from interpreter.rulefile.explain import differences, explain
from interpreter.rulefile.loader import load_ruleset_text
from interpreter.rulefile.ruleset import Ruleset

RULES = Path(__file__).resolve().parents[2] / "rules"


def scripted(ruleset: Ruleset, *hands: str, starter: int | None = 0) -> Match:
    return Match(ruleset, players=len(hands), deals=[deal(*hands, starter=starter)])


# --- the last tile laid, at the round's end -------------------------------------------------------

CAPICUA = """extends: block
scoring:
  domino: {points: "opp_pips + (if last_fit_ends == 2 and not last_is_double then 25 else 0)"}
"""


@pytest.mark.parametrize(
    ("last", "arm", "points"),
    [("1-3", 0, 20 + 25), ("3-4", 1, 20)],
    ids=["capicua-fits-both-ends", "fits-one-end"],
)
def test_the_winning_tile_that_could_have_gone_on_either_end_scores_a_bonus(last: str, arm: int, points: int) -> None:
    """Capicúa: "the winning bone can play on either open end of the layout. Doesn't apply when the
    winning bone is a double" (Puerto Rican rules, sacitc.blog)."""
    m = scripted(house(CAPICUA), f"1-2 {last}", "2-3 6-6 4-4")
    play(m, "lead 1-2", "2-3 on arm 1")  # the ends show 1 and 3
    assert [a.value for a in m.layout.arms] == [1, 3]
    events = play(m, f"{last} on arm {arm}")
    assert scores_in(events) == [(0, points, "domino")]


def test_a_double_that_fits_both_ends_is_no_capicua() -> None:
    m = scripted(house(CAPICUA), "2-3 4-3 3-3", "2-4 6-6 5-5")
    play(m, "lead 2-3", "2-4 on arm 0", "4-3 on arm 0", "pass")  # the ends show 3 and 3
    assert [a.value for a in m.layout.arms] == [3, 3]
    assert scores_in(play(m, "3-3 on arm 0")) == [(0, 22, "domino")]


def test_the_last_tile_of_a_blocked_round_is_the_one_that_blocked_it() -> None:
    r = house(
        "extends: block\n"
        'scoring:\n  blocked: {points: "100 * last_high + 10 * last_low + (if last_is_double then 1 else 0)"}\n'
    )
    m = scripted(r, "6-5 5-5 1-1", "6-6 2-2")
    events = play(m, "lead 6-5", "6-6 on arm 1", "5-5 on arm 0", "pass", "pass")
    assert of_type(events, "round_end")[0]["reason"] == "blocked"
    # Seat 0 holds 2 pips against 4 and scores; the 5-5 laid last blocked the round.
    assert scores_in(events) == [(0, 551, "blocked")]


def test_last_names_are_refused_where_no_tile_has_been_laid_yet() -> None:
    found = problems('extends: block\nset: {tile_value: "last_high"}\n')
    assert any("unknown name 'last_high'" in p for p in found), found


# --- during play: the tiles a player still holds, and the ends a tile could have gone on ------------


def test_in_play_tiles_left_in_the_hand_of_the_player_who_laid() -> None:
    r = house('extends: block\nscoring:\n  in_play: {when: "tiles == 1", points: 5}\n')
    m = scripted(r, "1-2 1-3 3-4", "2-5 6-6 4-4")
    assert scores_in(play(m, "lead 1-2", "2-5 on arm 1")) == []  # each keeps two tiles
    assert scores_in(play(m, "1-3 on arm 0")) == [(0, 5, "in_play")]  # seat 0 keeps 3-4 alone
    assert scores_in(play(m, "pass", "3-4 on arm 0")) == [(0, 20, "domino")]  # none left: no in-play points


def test_in_play_laid_fit_ends_counts_the_ends_the_tile_could_have_gone_on() -> None:
    r = house('extends: block\nscoring:\n  in_play: {when: "laid_fit_ends == 2", points: "10 + tiles"}\n')
    m = scripted(r, "1-2 1-3 5-5", "2-3 6-6 4-4")
    play(m, "lead 1-2", "2-3 on arm 1")
    assert scores_in(play(m, "1-3 on arm 0")) == [(0, 11, "in_play")]


# --- passes: the pase corrido ----------------------------------------------------------------------

PASE = """extends: partnership-block
scoring:
  on_pass: {when: "passes == players - 1", points: 25}
"""


def test_pase_corrido_a_tile_that_makes_every_other_player_pass_scores() -> None:
    """"skip 3 people earns 25 points" (Dominican rules, dominoesonline.com "capicua"): the pass of
    the last player before the one who laid the tile completes the pase corrido."""
    m = scripted(house(PASE), "6-6 6-5 0-0", "1-1", "2-2", "3-3")
    assert scores_in(play(m, "lead 6-6", "pass", "pass")) == []
    assert scores_in(play(m, "pass")) == [(0, 25, "pass")]
    assert m.current_player == 0 and legal(m) == ["6-5 on arm 0", "6-5 on arm 1"]
    assert scores_in(play(m, "6-5 on arm 0", "pass", "pass", "pass")) == [(0, 25, "pass")]
    # Seat 0's own pass blocks the round: four passes in a row, no pase corrido.
    events = play(m, "pass")
    assert scores_in(events) == [(0, 12, "blocked")]
    assert m.scores == (62, 0)


def test_on_pass_names_tiles_laid_and_whether_the_passer_is_on_the_credited_side() -> None:
    r = house(
        "extends: partnership-block\n"
        'scoring:\n  on_pass: {when: "laid == 1 and not same_side", points: "10 + score"}\n'
    )
    m = scripted(r, "6-6 6-5 0-0", "1-1", "2-2", "3-3")
    events = play(m, "lead 6-6", "pass", "pass", "pass")
    assert scores_in(events) == [(0, 10, "pass"), (0, 20, "pass")]  # seats 1 and 3; seat 2 is a partner
    assert scores_in(play(m, "6-5 on arm 0", "pass")) == []  # two tiles laid now


def test_on_pass_names_are_checked_with_did_you_mean() -> None:
    found = problems("extends: block\nscoring:\n  on_pass: {when: \"pases == 3\", points: 25}\n")
    assert any("unknown name 'pases'; did you mean 'passes'?" in p for p in found), found


def test_explain_says_the_pass_scoring_and_the_last_tile_names() -> None:
    r = house(PASE + '  domino: {points: "opp_pips + (if last_fit_ends >= 2 then 25 else 0)"}\n')
    text = " ".join(explain(r).split())
    assert (
        "After every pass, when the number of passes in a row equals the number of players − 1, the team of "
        "the player who laid the last tile scores 25." in text
    )
    assert "(25 if the number of open ends the last tile laid could have gone on is at least 2, otherwise 0)" in text
    base = load_ruleset_text("name: base\nextends: partnership-block\n", "base.yaml", RULES)
    assert differences(r, base)[0] == (
        "Adds scoring for passes: after every pass, when the number of passes in a row equals the number of "
        "players − 1, the team of the player who laid the last tile scores 25."
    )
    assert "Drops scoring for passes." in differences(base, r)


def test_a_pass_score_is_told_where_it_happens_not_with_the_rounds_end() -> None:
    m = scripted(house(PASE), "6-6 6-5 0-0", "1-1", "2-2", "3-3")
    events = play(m, "lead 6-6", "pass", "pass", "pass")
    told = Narrator(m, seats_for(["greedy"] * 4), Style(False)).tell(events, None)
    assert told[-2:] == ["Computer 4 passed.", "Computer 1 & Computer 3 score 25 for the pass (total 25)."]
