"""Double Draw (rules/double-draw.yaml): a first tile turned up from the boneyard, and a turn that
lays two tiles, one on each end of the line, or none: a player who cannot lay both draws one tile
and passes; once the boneyard is empty only a player's last tile is laid alone."""

from __future__ import annotations

import pytest
from engine_helpers import legal, of_type, play, rules, scores_in, start

from interpreter.engine import IllegalAction, Match, deal
from interpreter.engine.actions import Action
from interpreter.rulefile.explain import explain


def test_the_first_tile_is_turned_up_and_a_turn_lays_one_tile_on_each_end() -> None:
    m = start("double-draw", "0-1 0-2 6-6 4-4 1-1 2-2", "3-1 5-2 3-4 1-4 6-5 2-6", boneyard="3-5 0-3 0-4")
    # The dealer (seat 0) turns up the boneyard's first tile; the player at his left plays first.
    assert m.layout.lead == (3, 5) and m.boneyard == ((0, 3), (0, 4))
    assert m.current_player == 1
    assert legal(m) == ["3-1 on arm 0", "3-4 on arm 0", "5-2 on arm 1", "5-6 on arm 1"]
    play(m, "3-1 on arm 0")
    # The second tile goes on the other end: 1-4 fits the end just played on, but not now.
    assert m.current_player == 1 and legal(m) == ["5-2 on arm 1", "5-6 on arm 1"]
    with pytest.raises(IllegalAction, match=r"play\.allowed"):
        m.apply(Action.parse("1-4 on arm 0"))
    play(m, "5-2 on arm 1")
    # Two tiles laid: the turn passes.
    assert m.current_player == 0 and [arm.value for arm in m.layout.arms] == [1, 2]
    assert legal(m) == ["1-0 on arm 0", "1-1 on arm 0", "2-0 on arm 1", "2-2 on arm 1"]


def test_a_player_who_can_play_on_one_end_only_lays_nothing_draws_one_tile_and_passes() -> None:
    m = start("double-draw", "0-1 0-2 6-6 4-4 1-1 2-2", "3-1 3-4 0-0 6-4 1-2 2-4", boneyard="3-5 5-0 0-4")
    # Four tiles fit the 3, none the 5: no turn of two tiles can be laid.
    assert legal(m) == ["draw"]
    events = play(m, "draw")
    # The drawn 5-0 would now complete a turn, but a draw ends it.
    assert [e["type"] for e in events] == ["action", "draw"] and (0, 5) in m.hand(1)
    assert m.current_player == 0 and len(m.boneyard) == 1


def test_with_the_boneyard_empty_a_player_who_cannot_lay_two_tiles_passes() -> None:
    m = start("double-draw", "0-1 0-2", "3-1 3-4", boneyard="3-5")
    assert m.boneyard == () and legal(m) == ["pass"]


def test_once_the_boneyard_is_empty_the_last_tile_is_laid_alone_and_the_winner_scores_the_others_pips() -> None:
    m = start("double-draw", "1-1 2-2 6-6", "5-0", boneyard="3-5")
    assert legal(m) == ["5-0 on arm 1"]
    events = play(m, "5-0 on arm 1")
    assert scores_in(events) == [(1, 2 + 4 + 12, "domino")]


def test_a_single_tile_is_not_laid_alone_while_the_boneyard_lasts_the_player_draws() -> None:
    # "If the boneyard is not empty and he cannot play [two tiles], he draws one tile": a whole turn
    # of two tiles is more than a hand of one holds.
    m = start("double-draw", "1-1 2-2 6-6", "5-0", boneyard="3-5 4-4")
    assert legal(m) == ["draw"]
    with pytest.raises(IllegalAction, match="this turn must lay 2 tiles whole, and the hand holds 1"):
        m.apply(Action.parse("5-0 on arm 1"))
    play(m, "draw")
    assert m.current_player == 0 and m.hand(1) == ((0, 5), (4, 4))


def test_a_blocked_round_pays_the_lightest_hand_the_losers_pips_less_its_own() -> None:
    m = start("double-draw", "3-0 1-0", "3-1 6-0", "3-2 4-4", boneyard="3-5")
    events = play(m, "pass", "pass", "pass")
    assert scores_in(events) == [(0, (10 + 13) - 4, "blocked")]


def test_a_tie_for_the_lightest_hand_scores_nobody() -> None:
    m = start("double-draw", "3-0 4-4", "3-2 6-0", boneyard="3-5")
    events = play(m, "pass", "pass")
    assert scores_in(events) == [] and len(of_type(events, "round_end")) == 1


def test_partners_score_by_their_lightest_hand() -> None:
    hands = ("3-0 1-0", "3-1 2-0", "6-6 4-4", "4-0 2-1")
    m = Match(rules("double-draw"), players=4, teams=True, deals=[deal(*hands, boneyard="3-5", starter=0)])
    events = play(m, "pass", "pass", "pass", "pass")
    # Seats 0 and 2 hold 4 and 20 pips, seats 1 and 3 hold 6 and 7: the lightest hand is seat 0's,
    # though his side holds more pips; it scores the opponents' pips less its own.
    assert scores_in(events) == [(0, (6 + 7) - 4, "blocked")]


def test_the_first_player_deals_the_next_round() -> None:
    # Each round, the player at the dealer's left plays first and goes out with his two tiles.
    round_2 = deal("0-0 1-1", "0-1 0-2", "3-1 5-2", boneyard="3-5 0-3", starter=None)
    round_3 = deal("3-1 5-2", "0-0 1-1", "0-1 0-2", boneyard="3-5 0-3", starter=None)
    m = start("double-draw", "0-0 1-1 2-2 4-4 6-6", "3-1 5-2", "0-1 0-2 0-4 0-6 1-2", boneyard="3-5 0-3",
              later=[round_2, round_3])  # fmt: skip
    events = play(m, "3-1 on arm 0", "5-2 on arm 1")
    assert scores_in(events) == [(1, 26 + 16, "domino")]
    # Seat 1 made the first play, so deals round 2; seat 2, at his left, plays first.
    assert of_type(events, "deal")[0]["starter"] == 1 and m.current_player == 2
    events = play(m, "3-1 on arm 0", "5-2 on arm 1")
    assert of_type(events, "deal")[0]["starter"] == 2 and m.current_player == 0


def test_the_game_is_100_for_two_players_or_partners_and_61_for_three_or_four_alone() -> None:
    r = rules("double-draw")
    targets = [r.for_players(2).match.target, r.for_players(3).match.target, r.for_players(4).match.target]
    assert targets == [100, 61, 61] and r.for_players(4, teams=True).match.target == 100
    assert r.deal.hand_sizes == {2: 6, 3: 5, 4: 4}


def test_explain_says_two_tiles_a_turn_laid_whole_onto_a_turned_up_lead() -> None:
    text = " ".join(explain(rules("double-draw")).split())
    assert "the first tile of the boneyard is turned up as the lead" in text
    assert "A turn lays 2 tiles, one after the other" in text
    assert (
        "When the number of tiles left to draw is more than 0 or the number of tiles in the player's hand is at "
        "least 2, the turn must be laid whole: a player who cannot lay all of its tiles (or holds fewer) lays none"
    ) in text
    assert "(never more than the player holds, unless it must be laid whole; a lead is a turn of its own)" in text
    assert "A play is allowed only when: there are no tiles laid on that arm this turn." in text
    assert "A player who cannot play draws one tile from the boneyard, and the turn passes." in text
