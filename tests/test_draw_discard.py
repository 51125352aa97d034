"""Draw and discard games (family: draw_discard): the signature rules of Three Dozen and K'ap Tái
Shap played on scripted deals, the hand's bound, and what the sampler keeps of what a seat has seen."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import Match, deal
from interpreter.engine.actions import DISCARD, Action
from interpreter.frontends.presentation.moves import Refused, read_move
from interpreter.rulefile.loader import load_ruleset, load_ruleset_text
from tests.engine.engine_helpers import legal, of_type, play

RULES = Path(__file__).resolve().parents[1] / "rules"
THREE_DOZEN = RULES / "three-dozen.yaml"
KAP_TAI_SHAP = RULES / "kap-tai-shap.yaml"
JJAK = RULES / "jjak-mat-chu-gi.yaml"


def three_dozen(*hands: str, boneyard: str = "", text: str | None = None) -> Match:
    rules = load_ruleset_text(text, str(THREE_DOZEN), RULES) if text else load_ruleset(str(THREE_DOZEN))
    return Match(rules, players=len(hands), deals=[deal(*hands, boneyard=boneyard, starter=0)])


def kap(*hands: str, boneyard: str = "") -> Match:
    return Match(
        load_ruleset(str(KAP_TAI_SHAP)), players=len(hands), deals=[deal(*hands, boneyard=boneyard, starter=0)]
    )


def test_a_starter_dealt_three_pairs_goes_out_at_once_and_takes_the_pool() -> None:
    match = three_dozen("6-6 0-0 1-1 2-2 0-4 4-4", "1-2 1-3 1-4 1-5 1-6", boneyard="2-3 2-4")
    out = of_type(match.events, "went_out")
    assert [(e["seat"], e["groups"], e["from_discard"]) for e in out] == [(0, {"doubles": 2, "twelve": 1}, False)]
    first = of_type(match.events, "round_end")[0]
    assert (first["reason"], first["seat"], first["scores"]) == ("out", 0, [1, -1])


OTHERS_PIPS = """name: others-pips
extends: three-dozen
scoring:
  out: {points: "others_pips", from: none}
"""


def test_going_out_can_score_the_pips_left_in_every_other_hand() -> None:
    rules = load_ruleset_text(OTHERS_PIPS, "others-pips.yaml", RULES)
    dealt = deal("6-6 0-0 1-1 2-2 0-4 4-4", "1-2 1-3 1-4 1-5 1-6", "0-1 0-2 0-3 2-3 3-3", boneyard="2-4", starter=0)
    first = of_type(Match(rules, players=3, deals=[dealt]).events, "round_end")[0]
    # 25 pips in seat 1's hand and 17 in seat 2's: 42; his stake of 1 paid, the pool of 3 taken.
    assert (first["seat"], first["pips"][1:], first["scores"]) == (0, [25, 17], [44, -1, -1])


def test_zero_zero_is_next_to_both_one_one_and_six_six_but_not_to_five_five() -> None:
    complete = three_dozen("0-0 6-6 0-1 5-6 0-2 4-6", "1-2 1-3 1-4 1-5 1-6", boneyard="2-3 2-4")
    assert [e["seat"] for e in of_type(complete.events, "went_out")] == [0]
    apart = three_dozen("0-0 5-5 0-1 5-6 0-2 4-6", "1-2 1-3 1-4 1-5 1-6", boneyard="2-3 2-4")
    assert of_type(apart.events, "went_out") == []
    # The starter shows what he must (pairs of 12 pips), never 0-0 with 5-5.
    assert legal(apart) == ["meld 0-1 5-6", "meld 0-2 4-6", "meld 0-2 5-5"]


def test_the_last_discard_is_taken_only_into_a_group_shown_at_once() -> None:
    match = three_dozen("3-3 0-1 0-2 1-3 2-3 1-2", "4-4 0-3 0-4 0-5 1-4", boneyard="2-4 2-5 2-6")
    assert "discard 3-3" in legal(match)
    play(match, "discard 3-3")
    assert legal(match) == ["take 3-3", "draw"]
    play(match, "take 3-3")
    assert legal(match) == ["meld 3-3 4-4"]
    events = play(match, "meld 3-3 4-4")
    assert [(e["seat"], e["name"], e["tiles"]) for e in of_type(events, "melded")] == [(1, "doubles", [[3, 3], [4, 4]])]
    nothing = three_dozen("3-3 0-1 0-2 1-3 2-3 1-2", "0-0 0-3 0-4 0-5 1-4", boneyard="2-4 2-5 2-6")
    play(nothing, "discard 3-3")
    assert legal(nothing) == ["draw"]


def test_an_empty_boneyard_is_refilled_from_the_discards_and_the_sampler_deals_it_from_them() -> None:
    match = three_dozen("0-1 0-2 0-3 1-2 1-3 2-3", "0-4 0-5 1-4 0-6 2-2", boneyard="5-6")
    play(match, "discard 0-1", "draw", "discard 0-4")
    events = play(match, "draw")
    assert [(e["tiles"], e["which"]) for e in of_type(events, "reshuffled")] == [(2, [[0, 1], [0, 4]])]
    assert len(match.boneyard) == 1
    rng = random.Random(5)
    stocks = {match.resample(1, rng).boneyard for _ in range(40)}
    assert stocks == {((0, 1),), ((0, 4),)}


def test_a_hand_with_nobody_out_ends_at_the_turn_limit_and_carries_the_pool() -> None:
    text = THREE_DOZEN.read_text(encoding="utf-8").replace('turn_limit: "40 * players"', 'turn_limit: "2"')
    match = three_dozen("0-1 0-2 0-3 1-2 1-3 2-3", "0-4 0-5 1-4 0-6 2-2", boneyard="5-6 4-6", text=text)
    events = play(match, "discard 0-1", "draw", "discard 0-4")
    assert [e["turns"] for e in of_type(events, "turn_limit")] == [2]
    first = of_type(match.events, "round_end")[0]
    assert (first["reason"], first["seat"], first["scores"]) == ("turn_limit", None, [-1, -1])
    assert match.pool >= 2  # carried into the next hand (and that hand's stakes)


KAP_COMPLETE = "1-6 1-6 2-4 3-4 6-6 4-4 5-6 4-5 1-3 3-3"


def test_the_two_four_counts_three_in_making_up_tens() -> None:
    match = kap(KAP_COMPLETE, "1-1 1-1 1-2 1-2 1-4 1-4 1-5 1-5 2-2", boneyard="2-3 2-5 2-6")
    assert [(e["seat"], e["groups"]) for e in of_type(match.events, "went_out")] == [(0, {"eye": 1, "ten": 4})]
    not_ten = kap(KAP_COMPLETE.replace("3-4", "2-2"), "1-1 1-1 1-2 1-2 1-4 1-4 1-5 1-5 2-3", boneyard="2-5 2-6")
    assert of_type(not_ten.events, "went_out") == []


# Seat 1's nine tiles: 6-6 6-6 (or 4-6 4-6) an identical pair, 4-6 + 4-6 = 20, 1-3 + 3-3 = 10,
# 5-6 + 4-5 = 20, and 1-6 (7) wanting a tile of 3 (1-2, or the 2-4 counted 3).
WANTS_THREE = "6-6 6-6 4-6 4-6 1-3 3-3 5-6 4-5 1-6"


def test_any_discard_may_be_taken_and_a_take_is_followed_by_a_draw() -> None:
    match = kap("5-5 2-2 2-2 1-1 1-1 1-5 1-5 1-4 1-4 2-3", WANTS_THREE, boneyard="2-5 2-6 3-5")
    play(match, "discard 5-5")
    assert legal(match) == ["take 5-5", "draw"]
    events = play(match, "take 5-5")  # 5-5 with 1-6 makes 17: not complete
    assert of_type(events, "went_out") == []
    play(match, "discard 1-6")
    assert legal(match) == ["draw"]
    play(match, "draw", "discard 3-3")
    assert legal(match)[:3] == ["take 1-6", "take 3-3", "draw"]
    assert match.observation(0).draw_discard.known == ((), ((5, 5),))


def test_a_taken_discard_completing_the_hand_goes_out_before_any_draw() -> None:
    match = kap("1-2 1-1 1-1 2-2 2-2 1-4 1-4 1-5 1-5 2-3", WANTS_THREE, boneyard="2-5 2-6")
    events = play(match, "discard 1-2")
    events = play(match, "take 1-2")
    out = of_type(events, "went_out")
    assert [(e["seat"], e["from_discard"], e["fed"]) for e in out] == [(1, True, 0)]
    assert of_type(events, "draw") == []


# Game Cabinet's K'ap Tái Shap: "Draw a tile from the woodpile. If this tile completes his hand, he
# wins; otherwise he discards the drawn tile immediately."
GAME_CABINET = """name: kap-game-cabinet
extends: kap-tai-shap
draw_discard:
  drawn: discard_unless_out
"""


def test_a_drawn_tile_is_discarded_at_once_unless_it_completes_the_hand() -> None:
    rules = load_ruleset_text(GAME_CABINET, "kap-game-cabinet.yaml", RULES)
    dealt = deal("5-5 2-2 2-2 1-1 1-1 1-5 1-5 1-4 1-4 2-3", WANTS_THREE, boneyard="2-5 6-6 2-6 1-2 5-5", starter=0)
    match = Match(rules, players=2, deals=[dealt])
    play(match, "discard 5-5")
    events = play(match, "draw")  # 2-5 completes nothing: face up at once, the turn over
    assert [(e["seat"], e["tile"]) for e in of_type(events, "discarded")] == [(1, [2, 5])]
    assert match.hand(1) == tuple(sorted(deal(WANTS_THREE).hands[0]))
    assert (match.current_player, legal(match)) == (0, ["take 2-5", "take 5-5", "draw"])
    play(match, "draw")  # seat 0's 6-6, thrown as well
    play(match, "take 5-5", "discard 1-6")  # a taken tile is kept; the draw after it is not
    events = play(match, "draw")
    assert [(e["seat"], e["tile"]) for e in of_type(events, "discarded")] == [(1, [2, 6])]
    assert [tile for _, tile in match.draw_discard_view.discards] == [(2, 5), (6, 6), (1, 6), (2, 6)]
    play(match, "draw")  # seat 0's 1-2, thrown
    events = play(match, "draw")  # seat 1's 5-5 with the 5-5 taken: twenty, the hand complete
    assert [(e["seat"], e["from_discard"]) for e in of_type(events, "went_out")] == [(1, False)]
    assert of_type(events, "discarded") == []
    kept = Match(load_ruleset(str(KAP_TAI_SHAP)), players=2, deals=[dealt])
    play(kept, "discard 5-5", "draw")
    assert legal(kept)[0] == "discard 1-3"  # the file as it is (pagat): the drawn tile may be kept


def test_a_seat_that_took_a_discard_holds_it_in_every_sample() -> None:
    match = kap("5-5 2-2 2-2 1-1 1-1 1-5 1-5 1-4 1-4 2-3", WANTS_THREE, boneyard="2-5 2-6 3-5")
    play(match, "discard 5-5", "take 5-5", "discard 1-6", "draw", "discard 3-3")
    rng = random.Random(3)
    for _ in range(20):
        sample = match.resample(0, rng)
        assert (5, 5) in sample.hand(1)
        assert sample.hand(0) == match.hand(0)
        assert len(sample.hand(1)) == len(match.hand(1))


def test_no_observation_or_public_event_shows_another_seats_hidden_tiles() -> None:
    match = kap("5-5 2-2 2-2 1-1 1-1 1-5 1-5 1-4 1-4 2-3", WANTS_THREE, boneyard="2-5 2-6 3-5")
    play(match, "discard 5-5", "draw")
    seen = match.observation(0)
    assert seen.hand == match.hand(0)
    public = [e for e in seen.history if e["type"] in ("draw", "deal")]
    assert all("tile" not in e and "hands" not in e for e in public)


def test_the_computer_takes_a_discard_that_makes_a_group_and_discards_the_tile_no_group_holds() -> None:
    from interpreter.players import make_player

    # Seat 1 holds no pair: 4-4 wants 3-3 or 5-5 (or a tile of 4 pips), the others a tile of 7 or 9.
    match = three_dozen("3-3 0-1 0-2 1-3 2-3 1-2", "4-4 0-0 0-5 1-4 0-3", boneyard="2-4 2-5 2-6")
    play(match, "discard 3-3")
    greedy, counter = make_player("greedy", 1), make_player("counter", 1)
    seen = match.observation(1)
    assert str(greedy.choose(seen, seen.legal_actions)) == "take 3-3"
    play(match, "take 3-3", "meld 3-3 4-4")
    seen = match.observation(1)
    # 0-0, 0-3, 0-5, 1-4 are all loose: greedy lets a heaviest one go (0-5 before 1-4, in tile order);
    # counter the one the fewest unseen tiles could join: 0-3 (3-6, 4-5) and 0-0 (1-1, 6-6) two each,
    # 0-5 and 1-4 three (1-6, 2-5, 3-4); of 0-3 and 0-0, the heavier.
    assert str(greedy.choose(seen, seen.legal_actions)) == "discard 0-5"
    assert str(counter.choose(seen, seen.legal_actions)) == "discard 0-3"
    assert str(make_player("heavy", 1).choose(seen, seen.legal_actions)) == "discard 1-4"


def jjak(*hands: str, boneyard: str = "") -> Match:
    return Match(load_ruleset(str(JJAK)), players=len(hands), deals=[deal(*hands, boneyard=boneyard, starter=0)])


def test_military_tiles_pair_only_as_listed_and_the_supreme_pair_completes_a_hand() -> None:
    complete = jjak("1-3 1-3 3-6 4-5 2-4 1-2", "1-1 2-2 5-5 6-6 1-6", boneyard="2-5 2-6 3-5")
    out = of_type(complete.events, "went_out")
    assert [(e["seat"], e["groups"]) for e in out] == [(0, {"civil": 1, "military": 1, "supreme": 1})]
    # 1-3 and 2-2 both have four pips, but only identical civil tiles pair: no group, so no show.
    apart = jjak("1-3 2-2 3-6 2-6 5-5 6-6", "1-1 4-4 5-6 4-6 1-6", boneyard="2-5 3-4 3-5")
    assert of_type(apart.events, "went_out") == []
    assert legal(apart)[0].startswith("discard")


THREE_PAIRS_BUT_ONE = "1-1 1-1 4-4 4-4 6-6"  # two civil pairs shown or held, and a Heaven wanting its twin


def test_the_discarder_alone_pays_a_hand_completed_on_his_discard_and_everyone_a_hand_from_the_stock() -> None:
    # Play goes counterclockwise: seat 2 plays after seat 0.
    fed = jjak("5-5 5-6 3-6 2-6 1-5 2-2", "1-3 1-6 4-6 2-5 3-4", "1-1 1-1 4-4 4-4 5-5", boneyard="3-5 2-3 1-4")
    play(fed, "discard 5-5", "take 5-5")
    first = of_type(fed.events, "round_end")[0]
    assert (first["seat"], first["scores"]) == (2, [-1, 0, 1])
    drawn = jjak("5-6 5-6 3-6 2-6 1-5 2-2", "1-3 1-6 4-6 2-5 3-4", "1-1 1-1 4-4 4-4 5-5", boneyard="5-5 2-3 1-4")
    play(drawn, "discard 2-2", "draw")
    first = of_type(drawn.events, "round_end")[0]
    assert (first["seat"], first["scores"]) == (2, [-1, -1, 2])


def test_with_three_players_a_discarded_heaven_may_not_complete_a_hand() -> None:
    match = jjak("6-6 5-6 3-6 2-6 1-5 2-2", "1-3 1-6 4-6 2-5 3-4", THREE_PAIRS_BUT_ONE, boneyard="3-5 2-3 1-4")
    play(match, "discard 6-6")
    assert legal(match) == ["draw"]
    four = jjak("6-6 5-6 3-6 2-6 1-5 2-2", "1-3 1-6 4-6 2-5 3-4", "1-2 2-4 3-5 2-3 1-4", THREE_PAIRS_BUT_ONE,
                boneyard="5-5 5-5 1-5")  # fmt: skip
    play(four, "discard 6-6")
    assert legal(four) == ["take 6-6", "draw"]


# The Japanese summary of Culin's variant: "The going-out must be by a tile drawn from the pile."
DRAWN_ONLY = """name: jjak-drawn-only
extends: jjak-mat-chu-gi
draw_discard:
  take_to_out: "false"
scoring:
  out: {from: each}
"""


def test_a_hand_completed_only_by_a_drawn_tile_is_paid_by_every_other_player() -> None:
    rules = load_ruleset_text(DRAWN_ONLY, "jjak-drawn-only.yaml", RULES)
    hands = ("4-5 5-5 2-6 1-5 2-2 1-3", "1-6 4-6 2-5 3-4 5-6", "1-1 1-1 4-4 4-4 3-6")
    fed = Match(rules, players=3, deals=[deal(*hands, boneyard="2-3 1-4 1-2", starter=0)])
    play(fed, "discard 4-5")  # 4-5 with seat 2's 3-6 would complete his hand: not to be taken
    assert (fed.current_player, legal(fed)) == (2, ["draw"])
    base = jjak(*hands, boneyard="2-3 1-4 1-2")
    play(base, "discard 4-5")
    assert legal(base) == ["take 4-5", "draw"]
    stock = ("1-4 5-5 2-6 1-5 2-2 1-3", *hands[1:])
    drawn = Match(rules, players=3, deals=[deal(*stock, boneyard="4-5 2-3 1-2", starter=0)])
    play(drawn, "discard 1-3", "draw")
    first = of_type(drawn.events, "round_end")[0]
    assert (first["seat"], first["scores"]) == (2, [-1, -1, 2])


def test_a_take_whose_draw_finds_the_wall_empty_ends_the_hand_with_nobody_out() -> None:
    match = kap("5-5 2-2 2-2 1-1 1-1 1-5 1-5 1-4 1-4 2-3", WANTS_THREE, boneyard="")
    events = play(match, "discard 5-5", "take 5-5", "discard 1-6")
    # A match of one hand: it ends there, the pool carried (to no later hand).
    assert [e["type"] for e in events] == ["action", "action", "action", "stock_out", "round_end", "match_end"]
    first = of_type(match.events, "round_end")[0]
    assert (first["reason"], first["seat"]) == ("stock_out", None)


RUNS = """name: runs
extends: three-dozen
draw_discard:
  groups:
    - {name: doubles, run: doubles, length: 3}
    - {name: sequence, run: suit, length: 3}
  complete: "groups == 2"
"""


def test_runs_of_consecutive_doubles_and_of_one_suit_are_groups() -> None:
    rules = load_ruleset_text(RUNS, "runs.yaml", RULES)
    dealt = deal("1-1 2-2 3-3 0-4 1-4 2-4", "0-0 0-1 0-2 0-3 1-2", boneyard="5-5 5-6", starter=0)
    match = Match(rules, players=2, deals=[dealt])
    assert [e["groups"] for e in of_type(match.events, "went_out")] == [{"doubles": 1, "sequence": 1}]
    gap = deal("1-1 2-2 4-4 0-4 1-4 3-4", "0-0 0-1 0-2 0-3 1-2", boneyard="5-5 5-6", starter=0)
    assert of_type(Match(rules, players=2, deals=[gap]).events, "went_out") == []


def test_a_move_the_step_does_not_allow_is_refused_at_the_terminal_with_the_moves_that_are() -> None:
    match = kap("5-5 2-2 2-2 1-1 1-1 1-5 1-5 1-4 1-4 2-3", WANTS_THREE, boneyard="2-5 2-6")
    with pytest.raises(Refused) as refused:
        read_move("draw", match.legal_actions(), match)
    said = "draw is not one of the moves now; you can lay down [1|1], [4|1], [5|1], [2|2], [3|2], [5|5]"
    assert str(refused.value) == said


def test_a_discard_named_high_end_first_is_the_same_tile_as_in_every_family() -> None:
    match = three_dozen("0-1 0-2 0-3 1-3 2-5 3-4", "1-2 1-4 1-5 1-6 0-5", boneyard="2-3 2-4")
    events = match.apply(Action(DISCARD, (4, 3)))
    assert [(e["seat"], e["action"]) for e in events] == [(0, {"kind": "discard", "tile": [3, 4]})]
    assert match.hand(0) == ((0, 1), (0, 2), (0, 3), (1, 3), (2, 5))
    assert [tile for _, tile in match.draw_discard_view.discards] == [(3, 4)]
