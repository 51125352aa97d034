"""The lead turned up from the stock (`start.lead_from: stock`): once the hands are dealt, the first
boneyard tile becomes the lead, and the starter (or the seat after, `start.after_stock_lead`) plays
first onto it."""

from __future__ import annotations

import random

from engine_helpers import house, legal, of_type, play, problems, scores_in
from playout_contract import plays_as_the_legal_loop

from interpreter.engine import Match, deal
from interpreter.engine.layout.determinize import LayoutDeterminizer
from interpreter.players.greedy import GreedyPlayer
from interpreter.rulefile.explain import explain

# gambiter.com, "Double draw": "The dealer draws one tile at random and turns it face up on the
# table ... The player to the dealer's left makes the first play of the round."
TURNED_UP = """extends: draw
layout: {spinners: none}
start: {first_round: [random], lead_from: stock, after_stock_lead: next_seat}
"""


def scripted(text: str, *hands: str, boneyard: str, starter: int | None = 0) -> Match:
    return Match(house(text), players=len(hands), deals=[deal(*hands, boneyard=boneyard, starter=starter)])


def test_the_first_boneyard_tile_is_the_lead_and_the_seat_after_the_starter_plays_first() -> None:
    m = scripted(TURNED_UP, "0-1 2-2", "4-4 5-6", boneyard="5-3 0-0 1-1")
    assert m.layout.lead == (3, 5) and [arm.value for arm in m.layout.arms] == [3, 5]
    assert m.boneyard == ((0, 0), (1, 1))
    assert [e["type"] for e in m.events[1:]] == ["deal", "lead_turned_up"]
    assert m.events[2]["tile"] == [3, 5]
    assert m.current_player == 1 and legal(m) == ["5-6 on arm 1"]
    assert m.hand(0) == ((0, 1), (2, 2)) and m.hand(1) == ((4, 4), (5, 6))


def test_the_starter_plays_first_onto_the_turned_up_lead() -> None:
    text = TURNED_UP.replace("after_stock_lead: next_seat", "after_stock_lead: starter")
    m = scripted(text, "0-1 3-2", "4-4 5-6", boneyard="5-3 0-0 1-1")
    assert m.current_player == 0 and legal(m) == ["3-2 on arm 0"]


def test_nobody_scores_the_turned_up_tile_but_the_first_play_onto_it_counts_it() -> None:
    # Fives and threes: a turned-up 5-5 shows 10 on the ends, which nobody laid.
    text = "extends: straight\nplayers: {max: 3}\nstart: {first_round: [random], lead_from: stock}\n"
    m = scripted(text, "5-0 1-2", "4-4 6-6", boneyard="5-5 3-3")
    assert m.scores == (0, 0) and m.current_player == 0
    events = play(m, "5-0 on arm 0")
    assert scores_in(events) == [(0, 10, "in_play")]  # the spinner, both halves while an end arm is empty, and 0


def test_a_search_player_sees_the_turned_up_lead_in_its_determinizations() -> None:
    m = scripted(TURNED_UP, "0-1 2-2", "4-4 5-6", boneyard="5-3 0-0 1-1 2-3 3-3 4-5")
    play(m, "5-6 on arm 1")
    table = LayoutDeterminizer(m.ruleset, m.observation(0)).sample(random.Random(0))
    assert table.layout.lead == (3, 5) and [arm.value for arm in table.layout.arms] == [3, 6]
    assert legal(table) == legal(m)
    assert str(GreedyPlayer(1).choose(m.observation(0), m.legal_actions())) in legal(m)


def test_every_round_turns_its_lead_up_and_the_match_plays_to_its_end() -> None:
    m = Match(house(TURNED_UP), players=3, seed=4)
    m.playout(random.Random(1), until="match")
    assert m.is_over
    deals = of_type(m.events, "deal")
    turned = of_type(m.events, "lead_turned_up")
    assert len(turned) == len(deals) > 1
    leads = [e for e in of_type(m.events, "action") if e["action"]["kind"] == "play" and "arm" not in e["action"]]
    assert leads == []  # nobody led from a hand


def test_a_stock_lead_needs_a_tile_left_to_turn_up() -> None:
    text = "extends: draw\ndeal: {hand_size: 7}\nstart: {lead_from: stock}\n"
    assert problems(text) == [
        "4:20: start.lead_from: a lead from the stock needs a tile left undealt; with 4 players every tile is dealt"
    ]


def test_a_stock_lead_needs_a_boneyard_and_a_line() -> None:
    assert problems("extends: draw\ndeal: {undealt: dead}\ndraw: {policy: none}\nstart: {lead_from: stock}\n") == [
        "5:20: start.lead_from: a lead from the stock needs deal.undealt: boneyard"
    ]
    assert problems("extends: mexican-train\nstart: {lead_from: stock}\n") == [
        "3:20: start.lead_from: a lead from the stock needs layout.topology: line (a hub's engine is its lead)"
    ]


def test_after_stock_lead_without_a_stock_lead_is_refused() -> None:
    assert problems("extends: draw\nstart: {after_stock_lead: next_seat}\n") == [
        "3:27: start.after_stock_lead: says who plays first onto a lead from the stock; it needs start.lead_from: stock"
    ]


def test_a_misspelt_lead_source_is_suggested() -> None:
    assert problems("extends: draw\nstart: {lead_from: stok}\n") == [
        "3:20: start.lead_from: 'stok' is not one of hand, stock; did you mean 'stock'?"
    ]


def test_explain_says_where_the_lead_comes_from_and_who_plays_first() -> None:
    said = " ".join(explain(house(TURNED_UP)).split())
    assert (
        "Once the hands are dealt, the first tile of the boneyard is turned up as the lead (nobody scores for "
        "it), and the player after the starter plays first onto it."
    ) in said


def test_the_playout_plays_it_as_the_legal_action_loop_does() -> None:
    """tests/engine/test_playout.py's contract: the same actions, state and log as applying random
    legal actions one by one."""
    plays_as_the_legal_loop(house(TURNED_UP), 3)
