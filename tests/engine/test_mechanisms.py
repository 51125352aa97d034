"""The format's general mechanisms (docs/format.md), each played on a scripted deal through a
house-rule file that the loader compiles: conditions on plays, demands of the lead and the engine,
per-count numbers, in-play names about each end, optional actions, ranked scorers, the start
criteria that read the previous round, a dealt engine, and partnerships chosen per match."""

from __future__ import annotations

import pytest
from engine_helpers import house, legal, of_type, play, scores_in
from engine_helpers import problem_messages as problems

from interpreter.engine import Action, IllegalAction, Match, deal
from interpreter.rulefile.ruleset import Ruleset


def scripted(ruleset: Ruleset, *hands: str, boneyard: str = "", starter: int | None = 0, **kw: object) -> Match:
    first = deal(*hands, boneyard=boneyard, starter=starter)
    return Match(ruleset, players=len(hands), deals=[first], **kw)  # type: ignore[arg-type]


# --- 1. conditions on the layout before a play ---------------------------------------------------

SEBASTOPOL_LIKE = """extends: draw
layout: {spinners: lead_double, spinner_arms: 4}
play: {allowed: "lead_arms_started == lead_arms or (from_lead and arm_tiles == 0)"}
"""


def test_play_allowed_the_lead_spinners_arms_are_started_before_any_end_grows() -> None:
    m = scripted(house(SEBASTOPOL_LIKE), "6-6 1-4 6-3", "6-1 6-2 3-5")
    play(m, "lead 6-6")
    assert legal(m) == [f"6-{b} on arm {a}" for a in range(4) for b in (1, 2)]
    play(m, "6-1 on arm 0")
    # 1-4 fits arm 0 (it shows 1), but arm 0 is started while arms 1–3 are not.
    assert legal(m) == ["6-3 on arm 1", "6-3 on arm 2", "6-3 on arm 3"]
    with pytest.raises(IllegalAction, match=r"do not allow 1-4 on arm 0 now \(play.allowed: "):
        m.apply(Action.parse("1-4 on arm 0"))


def test_play_allowed_until_every_lead_arm_carries_a_tile_the_started_arms_stay_shut() -> None:
    m = scripted(house(SEBASTOPOL_LIKE), "6-6 6-3 1-4 2-0", "6-1 6-2 3-5 0-0")
    play(m, "lead 6-6", "6-1 on arm 0", "6-3 on arm 1", "6-2 on arm 2")
    # 1-4 fits arm 0 and 2-0 arm 2, but arm 3 is still empty and seat 0 holds no 6 for it.
    assert legal(m) == ["pass"]
    play(m, "pass")
    assert legal(m) == ["pass"]  # seat 1: 3-5 fits arm 1, 0-0 fits nothing


def test_lead_demand_the_lead_double_takes_a_tile_on_each_arm_first() -> None:
    r = house("extends: draw\nlayout: {spinners: lead_double, spinner_arms: 4, lead_demand: 4}\n")
    m = scripted(r, "6-6 1-4 6-3", "6-1 6-2 3-5")
    play(m, "lead 6-6", "6-1 on arm 0")
    assert legal(m) == ["6-3 on arm 1", "6-3 on arm 2", "6-3 on arm 3"]
    assert m.layout.open_doubles[0].remaining == 3


def test_lead_demand_of_the_hub_engine_every_train_started_first() -> None:
    r = house(
        "extends: mexican-train\n"
        "layout: {personal_trains: false, shared_trains: 3, lead_demand: 3, double_demand: 0}\n"
        "draw: {when_unable: pass}\n"
    )
    m = scripted(r, "12-1 12-2 1-5", "12-3 1-6 2-7", starter=0)
    assert legal(m) == ["12-1 on arm 0", "12-2 on arm 0", "12-1 on arm 1", "12-2 on arm 1", "12-1 on arm 2",
                        "12-2 on arm 2"]  # fmt: skip
    play(m, "12-1 on arm 0")
    assert legal(m) == ["12-3 on arm 1", "12-3 on arm 2"]  # 1-6 fits arm 0, which is started


def test_double_demand_over_one_without_attached_spinners_is_refused() -> None:
    # A double laid on an arm is a spinner only under first_double / every_double.
    for spinners in ("lead_double", "none"):
        found = problems(f"extends: draw\nlayout: {{spinners: {spinners}, double_demand: 3}}\n")
        assert any("cannot demand 3 tiles" in p for p in found), found


# --- 2. numbers that depend on the player count --------------------------------------------------


def test_target_by_player_count_table() -> None:
    r = house('extends: draw\nmatch: {target: {"2": 15, "3-4": 10}}\n')
    assert r.by_count == {"target": {2: 15, 3: 10, 4: 10}}
    # Seat 0 goes out holding nothing against 12 pips: 12 wins with three players, not with two.
    three = scripted(r, "1-2", "6-6", "0-0", starter=0)
    play(three, "lead 1-2")
    assert three.is_over and three.winners == (0,)
    two = scripted(r, "1-2", "6-6", starter=0)
    play(two, "lead 1-2")
    assert not two.is_over and two.scores == (12, 0) and two.ruleset.match.target == 15


def test_max_pip_and_reserve_by_formula_of_the_player_count() -> None:
    r = house(
        'extends: draw\nset: {max_pip: "if players > 2 then 9 else 6"}\n'
        'deal: {hand_size: 5, reserve: {"2": 2, "3-4": 4}}\n'
    )
    assert len(Match(r, 2, seed=1).boneyard) == 28 - 10
    m = Match(r, 3, seed=1)
    assert m.ruleset.max_pip == 9 and len(m.boneyard) == 55 - 15 and m.ruleset.deal.reserve == 4


def test_a_per_count_number_out_of_range_is_refused() -> None:
    found = problems('extends: draw\nset: {max_pip: "players * 15"}\n')
    assert any("30 for 2 players is outside 0 … 18" in p for p in found), found


# --- 3. in-play names about each open end ---------------------------------------------------------

HEADERS = """extends: draw
scoring:
  in_play: {when: "open_ends == 2 and same_ends == 2", points: "if double_ends > 0 then 3 else 2"}
"""


def test_in_play_both_ends_the_same_number_scores_two_three_with_a_double() -> None:
    m = scripted(house(HEADERS), "3-4 4-4 6-1", "3-5 5-4 2-2 0-1")
    events = play(m, "lead 3-4", "3-5 on arm 0")  # ends 5 and 4: nothing
    assert scores_in(events) == []
    events = play(m, "4-4 on arm 1")  # ends 5 and 4 (a double): nothing
    assert scores_in(events) == []
    events = play(m, "5-4 on arm 0")  # ends 4 and 4, one a double: 3
    assert scores_in(events) == [(1, 3, "in_play")]


def test_in_play_the_halves_of_the_tile_just_laid() -> None:
    r = house('extends: draw\nscoring:\n  in_play: {when: laid_is_double, points: "laid_high + laid_low"}\n')
    m = scripted(r, "3-4 4-4 0-6", "3-5 1-2")
    assert scores_in(play(m, "lead 3-4", "3-5 on arm 0")) == []
    assert scores_in(play(m, "4-4 on arm 1")) == [(0, 8, "in_play")]


# --- 4. optional actions -------------------------------------------------------------------------


def test_voluntary_draw_while_able_to_play_but_never_a_pass() -> None:
    m = scripted(house("extends: draw\ndraw: {voluntary: true}\n"), "6-6 0-1", "6-2 0-2", boneyard="3-3 4-4")
    play(m, "lead 6-6")
    assert legal(m) == ["6-2 on arm 0", "6-2 on arm 1", "6-2 on arm 2", "6-2 on arm 3", "draw"]
    play(m, "draw")  # one_then_pass: the turn passes
    assert m.current_player == 0 and m.hand(1) == ((0, 2), (2, 6), (3, 3))
    with pytest.raises(IllegalAction):
        m.apply(Action.parse("pass"))


def test_may_play_again_after_a_double_or_stop() -> None:
    r = house("extends: draw\nplay: {again_after_double: may}\n")
    m = scripted(r, "6-6 6-1 0-5", "6-2 3-3 2-5")
    play(m, "lead 6-6")  # a lead double too (the sources' "including the first tile")
    assert m.current_player == 0 and legal(m)[-1] == "pass"
    m2 = scripted(r, "1-2 2-2 2-6 0-0", "1-3 0-4")
    play(m2, "lead 1-2", "1-3 on arm 0", "2-2 on arm 1")
    assert m2.current_player == 0
    assert legal(m2) == ["2-6 on arm 1", "2-6 on arm 2", "2-6 on arm 3", "pass"]
    play(m2, "pass")  # stops: the turn passes, and nobody counts as stuck
    assert m2.current_player == 1 and m2._phase.passes == 0


def test_must_play_again_after_a_double_offers_no_stop() -> None:
    m = scripted(house("extends: draw\nplay: {again_after_double: true}\n"), "1-2 2-2 2-6 0-0", "1-3 0-4")
    play(m, "lead 1-2", "1-3 on arm 0", "2-2 on arm 1")
    assert legal(m) == ["2-6 on arm 1", "2-6 on arm 2", "2-6 on arm 3"]


# --- 5. ranking for blocked rounds ---------------------------------------------------------------


def test_blocked_round_ranked_by_formula_a_hand_without_doubles_beats_one_with() -> None:
    r = house(
        "extends: block\n"
        'scoring:\n  blocked: {scorer: {lowest: "pips + 1000 * min(doubles, 1)"}, points: opp_pips}\n'
    )
    # Seat 0 is left with [1|1] (2 pips), seat 1 with [0|5] (5 pips): no doubles beats fewer pips.
    m = scripted(r, "6-6 1-1", "0-5 2-3")
    events = play(m, "lead 6-6", "pass", "pass")
    end = of_type(events, "round_end")[0]
    assert end["reason"] == "blocked"
    assert scores_in(events) == [(1, 2, "blocked")]


def test_ranked_highest_and_went_out_name() -> None:
    r = house('extends: draw\nscoring:\n  domino: {scorer: {highest: "if went_out then 1 else 0"}, points: "10"}\n')
    m = scripted(r, "1-2", "6-6")
    assert scores_in(play(m, "lead 1-2")) == [(0, 10, "domino")]


# --- 6. starts that read the previous round, and a dealt engine ----------------------------------

BLOCKER = """extends: straight-partners
match: {target: 1000}
scoring:
  in_play: null
  blocked: {scorer: lowest_pips, points: opp_pips}
  domino: {points: opp_pips}
start: {later_rounds: [last_player_if_won, previous_starter_after_tie, next_seat]}
"""


def _two_rounds(text: str, first: list[str], moves: list[str], starter: int = 0) -> Match:
    r = house(text)
    later = deal("0-0 1-1", "0-1 2-2", "0-2 3-3", "0-3 4-4", starter=None)
    m = Match(r, players=4, deals=[deal(*first, starter=starter), later])
    play(m, *moves)
    return m


def test_last_player_if_won_the_blocker_of_the_winning_team_starts() -> None:
    # Seat 1 lays the last tile, the round blocks, and seat 1's team (1 and 3) has fewer pips.
    m = _two_rounds(BLOCKER, ["6-6 5-5", "6-1 0-3", "4-4 3-3", "2-2 0-2"],
                    ["lead 6-6", "6-1 on arm 0", "pass", "pass", "pass", "pass"])  # fmt: skip
    assert of_type(m.events, "round_end")[0]["reason"] == "blocked"
    deal_2 = of_type(m.events, "deal")[1]
    assert (deal_2["starter"], deal_2["how"]) == (1, "last_player_if_won")


def test_last_player_if_won_else_next_seat_when_the_other_team_won() -> None:
    # Seat 1 blocks the round, but team 0–2 holds fewer pips: the next seat after the starter.
    m = _two_rounds(BLOCKER, ["6-6 0-0", "6-1 5-5", "4-4 0-2", "2-2 0-3"],
                    ["lead 6-6", "6-1 on arm 0", "pass", "pass", "pass", "pass"])  # fmt: skip
    deal_2 = of_type(m.events, "deal")[1]
    assert (deal_2["starter"], deal_2["how"]) == (1, "next_seat")


def test_previous_starter_after_a_tie() -> None:
    m = _two_rounds(BLOCKER, ["6-6 0-1", "6-4 0-2", "1-2 0-3", "2-3"],
                    ["lead 6-6", "6-4 on arm 0", "pass", "pass", "pass", "pass"], starter=0)  # fmt: skip
    assert scores_in(m.events) == []  # both teams hold 7 pips: nobody scores
    deal_2 = of_type(m.events, "deal")[1]
    assert (deal_2["starter"], deal_2["how"]) == (0, "previous_starter_after_tie")


def test_winning_side_next_the_next_player_of_the_winning_team() -> None:
    text = BLOCKER.replace("[last_player_if_won, previous_starter_after_tie, next_seat]", "[winning_side_next]")
    # Seat 0 starts and goes out: team 0–2 won, and its next player after seat 0 is seat 2.
    m = _two_rounds(text, ["6-6", "6-1 0-0", "4-4 3-3", "2-2 0-2"], ["lead 6-6"])
    deal_2 = of_type(m.events, "deal")[1]
    assert (deal_2["starter"], deal_2["how"]) == (2, "winning_side_next")


DEALT_ENGINE = """extends: mexican-train
layout: {engine_dealt: true, engine: max_pip}
match: {rounds: 1}
"""


def test_dealt_engine_its_holder_lays_it_at_the_hub() -> None:
    m = scripted(house(DEALT_ENGINE), "1-2 3-4", "12-12 12-5", "0-0 0-1", starter=0)
    deal_1 = of_type(m.events, "deal")[0]
    assert m.current_player == 1 and deal_1["how"] == "engine_holder"
    assert legal(m) == ["lead 12-12"]
    play(m, "lead 12-12")
    assert m.layout.hub == (12, 12) and len(m.layout.arms) == 4 and m.current_player == 2


def test_dealt_engine_nobody_holds_it_the_players_draw_in_turn() -> None:
    m = scripted(house(DEALT_ENGINE), "1-2", "3-4", "0-1", boneyard="5-5 6-6 12-12 2-2", starter=1)
    # Seat 1 draws 5-5, seat 2 draws 6-6, seat 0 draws the engine and lays it.
    deal_1 = of_type(m.events, "deal")[0]
    assert (m.current_player, deal_1["how"]) == (0, "engine_drawn")
    assert m.hand(1) == ((3, 4), (5, 5)) and m.hand(2) == ((0, 1), (6, 6))
    assert m.boneyard == ((2, 2),)


# --- 7. partnerships as a choice -----------------------------------------------------------------


def test_teams_optional_the_match_chooses() -> None:
    r = house("extends: straight\nplayers: {teams: opposite, teams_optional: true, teams_when: players == 4}\n")
    assert Match(r, 4).sides == 2
    assert Match(r, 4, teams=False).sides == 4
    assert Match(r, 3).sides == 3
    with pytest.raises(ValueError, match="no partnerships with 3 players"):
        Match(r, 3, teams=True)


def test_teams_not_optional_refuses_a_choice() -> None:
    with pytest.raises(ValueError, match="does not let a match choose"):
        Match(house("extends: straight-partners\n"), 4, teams=False)


def test_previous_out_the_player_who_went_out_starts_else_the_next_criterion() -> None:
    text = BLOCKER.replace("[last_player_if_won, previous_starter_after_tie, next_seat]", "[previous_out, next_seat]")
    went_out = _two_rounds(text, ["6-6 0-1", "6-1", "4-4 0-2", "2-2 0-3"], ["lead 6-6", "6-1 on arm 0"])
    second = of_type(went_out.events, "deal")[1]
    assert (second["starter"], second["how"]) == (1, "previous_out")
    # A blocked round (seat 1 laid last, its team won): nobody went out, so the next seat starts.
    blocked = _two_rounds(text, ["6-6 5-5", "6-1 0-3", "4-4 3-3", "2-2 0-2"],
                          ["lead 6-6", "6-1 on arm 0", "pass", "pass", "pass", "pass"])  # fmt: skip
    assert of_type(blocked.events, "deal")[1]["how"] == "next_seat"


def test_round_end_score_the_points_for_going_out_are_void_past_the_target() -> None:
    r = house(
        "extends: draw\nmatch: {target: 61}\n"
        'scoring:\n  domino: {points: "if score + opp_pips > 61 then 0 else opp_pips"}\n'
    )
    m = scripted(r, "1-2", "6-6 5-5", starter=0, scores=[55, 0])
    assert scores_in(play(m, "lead 1-2")) == [(0, 0, "domino")]
    m = scripted(r, "1-2", "0-1 2-3", starter=0, scores=[55, 0])
    assert scores_in(play(m, "lead 1-2")) == [(0, 6, "domino")] and m.is_over


def test_winning_side_choice_the_winner_leads_or_hands_the_lead_to_a_partner() -> None:
    text = BLOCKER.replace("[last_player_if_won, previous_starter_after_tie, next_seat]", "[winning_side_choice]")
    m = _two_rounds(text, ["6-6 0-1", "6-1", "4-4 0-2", "2-2 0-3"], ["lead 6-6", "6-1 on arm 0"])
    second = of_type(m.events, "deal")[1]
    assert (second["starter"], second["how"]) == (1, "winning_side_choice")
    assert legal(m) == ["lead 0-1", "lead 2-2", "pass"]  # seat 1 (who went out) leads, or lets seat 3
    play(m, "pass")
    assert m.current_player == 3 and legal(m) == ["lead 0-3", "lead 4-4"]  # the partner must lead
    play(m, "lead 0-3")
    assert m.current_player == 0


def test_every_round_end_name_is_read_off_a_tally() -> None:
    from interpreter.engine.scoring import _READ
    from interpreter.rulefile.ruleset import ROUND_END_NAMES

    assert set(_READ) == set(ROUND_END_NAMES)


def test_dealt_engine_nobody_holds_it_every_player_draws_until_one_does() -> None:
    r = house(DEALT_ENGINE.replace("engine_dealt: true", "engine_dealt: true, engine_missing: draw_each"))
    m = scripted(r, "1-2", "3-4", "0-1", boneyard="5-5 12-12 6-6 2-2 3-3", starter=0)
    # Seat 0 draws 5-5, seat 1 the engine, seat 2 still draws its tile this time round (6-6).
    deal_1 = of_type(m.events, "deal")[0]
    assert (m.current_player, deal_1["how"]) == (1, "engine_drawn")
    assert m.hand(0) == ((1, 2), (5, 5)) and m.hand(2) == ((0, 1), (6, 6))
    assert m.boneyard == ((2, 2), (3, 3))


def test_after_last_player_the_seat_after_the_blocker_starts() -> None:
    text = BLOCKER.replace("[last_player_if_won, previous_starter_after_tie, next_seat]", "[after_last_player]")
    # Seat 1 lays the last tile and the round blocks: seat 2 starts the next round.
    m = _two_rounds(text, ["6-6 0-0", "6-1 5-5", "4-4 0-2", "2-2 0-3"],
                    ["lead 6-6", "6-1 on arm 0", "pass", "pass", "pass", "pass"])  # fmt: skip
    second = of_type(m.events, "deal")[1]
    assert (second["starter"], second["how"]) == (2, "after_last_player")
