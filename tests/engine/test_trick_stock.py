"""The trick family's stock, trumps turned up, top tiles, claims, calls and named leads, each on
a scripted deal with its exact outcome (docs/format.md, "Trick games": `stock`, `calls`,
`tricks.must_trump`, `must_beat`, `top`, `pip_order`, `led_suit`, `lead_trump`, `stop_when`)."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import Action, IllegalAction, Match, ScriptedDeal, deal
from interpreter.engine.tricks.determinize import TrickDeterminizer
from interpreter.loader import load_ruleset, load_ruleset_text

# Two players, a stock drawn after each trick, trumps turned up, blanks ranking as sevens, the 0-0
# over everything, obligations once the stock is empty or closed, a claim at 70 (Bingo's shape).
STOCK_GAME = """
name: stock-game
family: tricks
set: {max_pip: 6}
players: {min: 2, max: 2}
deal: {hand_size: 7}
start: {first_round: [random], later_rounds: [next_seat]}
stock: {turn_up: true, draw: true, close: true, free_while_open: true}
tricks:
  must_follow: true
  must_trump: true
  must_beat: true
  top: [0-0]
  pip_order: [1, 2, 3, 4, 5, 6, 0]
  points: 0
  last_trick: 10
  count: >-
    if is_double and is_trump then 28 else if is_double then (if low == 0 then 14 else pips)
    else if is_trump then pips + (if low == 0 then 7 else 0)
    else if pips == 10 or (low == 0 and high == 3) then 10 else 0
  stop_when: "points >= 70"
scoring:
  hand: >-
    if claimed then (if closer then (if opp_tricks_at_close == 0 then 3 else if opp_points_at_close < 30 then 2 else 1)
    else if opp_closer then 2 else if opp_tricks == 0 then 3 else if opp_points < 30 then 2 else 1)
    else if opp_closer and not opp_claimed then (if tricks_at_close == 0 then 3 else 2) else 0
match: {target: 7}
"""

# Seat 0 leads; the stock is drawn from its first tile on, and its last (3-5) is turned up: fives.
STOCK_DEAL = deal(
    "0-0 5-5 4-5 1-2 1-3 2-3 0-3",
    "6-6 5-6 4-6 3-6 2-6 1-6 3-3",
    boneyard="0-1 0-2 0-4 0-5 0-6 1-1 1-4 1-5 2-2 2-4 2-5 3-4 4-4 3-5",
    starter=0,
)


def play(text: str) -> Action:
    return Action.parse(text)


def run(match: Match, *moves: str) -> None:
    for move in moves:
        match.apply(play(move))


@pytest.fixture(scope="module", params=["stock-game", "bingo"])
def stock_game(request, tmp_path_factory):
    """The mechanisms in a file of their own, and the bundled game that uses them all."""
    if request.param == "bingo":
        return load_ruleset("bingo")
    return load_ruleset_text(STOCK_GAME, "stock-game.yaml", tmp_path_factory.mktemp("rules"))


def test_the_turned_up_tile_makes_trumps_and_is_drawn_last(stock_game) -> None:
    match = Match(stock_game, 2, deals=[STOCK_DEAL])
    view = match.trick_view
    assert (view.turn_up, view.declaration, view.stock) == ((3, 5), 5, 14)
    assert match.events_of("turn_up") == [{"type": "turn_up", "tile": [3, 5], "trump": 5}]
    # A 6-6 onto a led 1-2 is neither a trump nor a two: the leader takes the trick, then draws first.
    events = match.apply(play("play 1-2"))
    events = match.apply(play("play 6-6"))
    assert [(e["type"], e.get("seat"), e.get("tile")) for e in events[1:]] == [
        ("trick", 0, None), ("draw", 0, [0, 1]), ("draw", 1, [0, 2]),
    ]  # fmt: skip
    # The 0-0 takes a trick a trump is played to.
    run(match, "play 0-0", "play 5-6")
    assert match.events_of("trick")[-1]["seat"] == 0
    assert match.trick_view.points_won == (12 + 14 + 11, 0)


def test_a_turned_up_blank_makes_blanks_trumps_where_blanks_rank_as_sevens(stock_game) -> None:
    turned = deal(
        "0-0 5-5 4-5 1-2 1-3 2-3 0-3",
        "6-6 5-6 4-6 3-6 2-6 1-6 3-3",
        boneyard="0-1 0-2 3-5 0-5 0-6 1-1 1-4 1-5 2-2 2-4 2-5 3-4 4-4 0-4",
        starter=0,
    )
    match = Match(stock_game, 2, deals=[turned])
    assert match.trick_view.declaration == 0  # 0-4: the blank is the higher end


def test_anything_goes_while_the_stock_is_open_and_the_obligations_after_it_is_closed(stock_game) -> None:
    match = Match(stock_game, 2, deals=[STOCK_DEAL])
    run(match, "play 1-2")
    assert len(match.legal_actions()) == 7  # free: seat 1 holds no two but could play any tile anyway
    run(match, "play 6-6")
    assert match.current_player == 0 and play("close") in match.legal_actions()
    run(match, "play 0-0", "play 5-6")
    assert play("close") in match.legal_actions()
    run(match, "close", "play 0-4")
    view = match.trick_view
    assert view.closed_by == 0 and view.stock == 10 and view.at_close == ((2, 0), (37, 0))
    # Blanks led (0 ranks as 7): seat 1 must follow with its blank; 0-5 is a trump, not a blank.
    assert [str(a) for a in match.legal_actions()] == ["lead 0-2"]
    with pytest.raises(IllegalAction, match="you must follow blanks: 4-6 does not"):
        match.apply(play("play 4-6"))
    run(match, "play 0-2")
    assert match.trick_view.stock == 10  # closed: nobody draws


def test_the_first_leader_may_not_close_before_taking_a_trick(stock_game) -> None:
    match = Match(stock_game, 2, deals=[STOCK_DEAL])
    assert play("close") not in match.legal_actions()
    with pytest.raises(IllegalAction, match="once you have taken a trick"):
        match.apply(play("close"))


def test_a_claim_at_seventy_ends_the_hand_and_scores_by_the_closers_rule(stock_game) -> None:
    match = Match(stock_game, 2, deals=[STOCK_DEAL])
    run(match, "play 1-2", "play 6-6", "play 0-0", "play 5-6", "close")
    # 37 points and 2 tricks when seat 0 closed, the opponent none; 5-5 (28) and 0-5 (12) make 77.
    run(match, "play 5-5", "play 0-5")
    (end,) = match.events_of("round_end")
    assert (end["pips"], end["claimed"], end["closed_by"], end["scores"]) == ([77, 0], 0, 0, [3, 0])


def test_the_closers_opponent_who_reaches_seventy_scores_two(stock_game) -> None:
    weak = deal(
        "1-2 0-1 0-2 1-3 1-4 2-3 2-4",
        "6-6 5-5 5-6 4-5 0-5 0-0 4-6",
        boneyard="0-3 0-4 0-6 1-1 1-5 1-6 2-2 2-5 2-6 3-3 3-4 3-6 4-4 3-5",
        starter=0,
    )
    match = Match(stock_game, 2, deals=[weak])
    run(match, "play 1-2", "play 4-6", "close")  # 6-4 counts 10 even when not a trump
    # Blanks led: seat 1 must take it, with 0-0 or 0-4 (both beat 0-1).
    run(match, "play 0-1")
    assert [str(a) for a in match.legal_actions()] == ["lead 0-0", "lead 0-4"]
    run(match, "play 0-4", "play 6-6", "play 0-2", "play 5-6", "play 0-3", "play 5-5", "play 1-3", "play 4-5")
    run(match, "play 1-4")
    (end,) = match.events_of("round_end")
    assert (end["pips"], end["claimed"], end["closed_by"], end["scores"]) == ([10, 70], 1, 0, [0, 2])


def test_a_determinization_knows_where_the_turned_up_tile_is(stock_game) -> None:
    match = Match(stock_game, 2, deals=[STOCK_DEAL])
    sampler = TrickDeterminizer(stock_game.for_players(2), match.observation(1))
    rng = random.Random(3)
    for _ in range(20):
        sample = sampler.sample(rng)
        assert sample.hand(1) == match.hand(1) and len(sample.hand(0)) == 7
        assert sample.boneyard[-1] == (3, 5) and len(sample.boneyard) == 14
        assert sorted(sample.hand(0) + sample.boneyard) == sorted(STOCK_DEAL.hands[0] + STOCK_DEAL.boneyard)


def test_random_play_of_the_stock_game_finishes_and_replays_the_same(stock_game) -> None:
    def play_out(seed: int) -> list:
        match = Match(stock_game, 2, seed=seed)
        rng = random.Random(seed)
        while match.current_player is not None:
            match.apply(rng.choice(match.legal_actions()))
        return match.events

    assert play_out(5) == play_out(5)
    assert play_out(5)[-1]["type"] == "match_end"


# Three to four players, five tiles each, a turned-up trump that stays face up, the leader naming
# the suit, trumps led by a seat with two or more or after it took a trick, trumping when void,
# and calls before the first lead (Domino Loo's shape).
CALLS_GAME = """
name: calls-game
family: tricks
set: {max_pip: 6}
players: {min: 3, max: 4}
deal: {hand_size: 5}
start: {first_round: [random], later_rounds: [next_seat]}
stock: {turn_up: true}
calls: {drop: [3, 4], exchange: {3: 6, 4: 7}}
tricks:
  must_follow: true
  must_trump: true
  led_suit: leader_names
  lead_trump: "trumps >= 2 or won_last"
  points: 1
  last_trick: 0
  count: "0"
scoring:
  hand: "if dropped then 0 else if walkover then 5 else if tricks == 0 then -5 else tricks"
match: {target: 15}
"""

# Three players, seat 0 first to call and lead; 4-4 turned up makes fours trumps.
CALLS_DEAL = deal(
    "6-3 6-2 1-2 4-0 4-1",
    "3-3 3-2 5-5 0-0 1-1",
    "6-6 5-0 3-1 2-0 4-2",
    boneyard="6-5 6-4 6-1 6-0 5-4 5-3 5-2 5-1 4-3 3-0 2-2 1-0 4-4",
    starter=0,
)


@pytest.fixture(scope="module", params=["calls-game", "domino-loo"])
def calls_game(request, tmp_path_factory):
    """The mechanisms in a file of their own, and the bundled game that uses them all."""
    if request.param == "domino-loo":
        return load_ruleset("domino-loo")
    return load_ruleset_text(CALLS_GAME, "calls-game.yaml", tmp_path_factory.mktemp("rules"))


def test_calls_come_before_the_lead_and_the_turned_up_tile_stays_out(calls_game) -> None:
    match = Match(calls_game, 3, deals=[CALLS_DEAL])
    view = match.trick_view
    assert (view.phase, view.turn_up, view.declaration, view.stock) == ("calling", (4, 4), 4, 12)
    assert [str(a) for a in match.legal_actions()] == ["keep", "drop", "exchange"]
    run(match, "keep", "drop")
    # Seat 2 exchanges: its hand goes face down, it draws six and lays one down.
    events = match.apply(play("exchange"))
    assert [e["tile"] for e in events if e["type"] == "draw"] == [[5, 6], [4, 6], [1, 6], [0, 6], [4, 5], [3, 5]]
    assert match.phase == "discarding" and match.trick_view.to_discard == 1
    public = [e for e in match.observation(0).history if e["type"] == "draw"]
    assert public and all("tile" not in e for e in public)
    run(match, "discard 6-1")
    assert match.phase == "playing" and match.current_player == 0 and match.trick_view.dropped == (1,)
    assert match.observation(2).tricks.discards == ((0, 2), (0, 5), (1, 3), (2, 4), (6, 6), (1, 6))


def test_a_leader_names_which_end_is_the_suit_and_must_lead_trumps_with_two(calls_game) -> None:
    match = Match(calls_game, 3, deals=[CALLS_DEAL])
    run(match, "keep", "keep", "keep")
    if match.phase == "discarding":  # Loo's dealer, keeping, may take the turn-up: he leaves it
        run(match, "discard 4-4")
    # Seat 0 holds 4-0 and 4-1: two trumps, so it must lead one; a trump leads without naming.
    assert [str(a) for a in match.legal_actions()] == ["lead 0-4", "lead 1-4"]
    with pytest.raises(IllegalAction, match="you must lead a trump now"):
        match.apply(play("play 6-3 as 3"))
    run(match, "play 1-4")
    # Seat 1 has no trump and cannot follow: anything; seat 2 must play its trump 4-2.
    assert len(match.legal_actions()) == 5
    run(match, "play 1-1")
    assert [str(a) for a in match.legal_actions()] == ["lead 2-4"]
    with pytest.raises(IllegalAction, match="you must follow trumps: 6-6 does not"):
        match.apply(play("play 6-6"))
    run(match, "play 4-2")
    assert match.events_of("trick")[-1]["seat"] == 2
    # Seat 2 took the last trick and holds no trump: it leads what it likes, naming the suit.
    legal = [str(a) for a in match.legal_actions()]
    assert "play 1-3 as 1" in legal and "play 1-3 as 3" in legal and "lead 6-6" in legal
    run(match, "play 3-1 as 1")
    assert match.trick_view.led_suit == 1
    # Ones led: seat 0 holds 1-2 and must follow with it, though 6-3 shows a three.
    assert [str(a) for a in match.legal_actions()] == ["lead 1-2"]


def test_everybody_else_dropping_hands_the_last_seat_a_walkover(calls_game) -> None:
    match = Match(calls_game, 3, deals=[CALLS_DEAL])
    run(match, "drop", "drop")
    (end,) = match.events_of("round_end")
    assert (end["reason"], end["scores"]) == ("walkover", [0, 0, 5])
    assert match.round == 2


def test_a_seat_that_stays_in_and_takes_no_trick_is_looed(calls_game) -> None:
    match = Match(calls_game, 3, seed=13)
    rng = random.Random(4)
    while match.round == 1:
        match.apply(rng.choice(match.legal_actions()))
    (end,) = match.events_of("round_end")
    dropped = {e["seat"] for e in match.events_of("action") if e["action"]["kind"] == "drop"}
    tricks = [0, 0, 0]
    for trick in match.events_of("trick"):
        tricks[trick["seat"]] += 1
    expected = [0 if seat in dropped else won or -5 for seat, won in enumerate(tricks)]
    assert end["reason"] == "hand" and end["scores"] == expected and -5 in expected


def test_the_winner_of_a_bingo_deal_starts_the_next() -> None:


    bingo = load_ruleset("bingo")
    again = ScriptedDeal(STOCK_DEAL.hands, STOCK_DEAL.boneyard, None)  # the starter by the rules
    match = Match(bingo, 2, deals=[STOCK_DEAL, again])
    run(match, "play 1-2", "play 6-6", "play 0-0", "play 5-6", "close", "play 5-5", "play 0-5")
    (end,) = match.events_of("round_end")
    assert (end["claimed"], end["scores"]) == (0, [3, 0])
    # Seat 0 scored the deal: it starts the next (next_seat would have given seat 1).
    assert match.round == 2 and match.trick_view.starter == 0 and match.current_player == 0


def test_a_named_suit_is_refused_where_the_leader_names_none(stock_game) -> None:
    match = Match(stock_game, 2, deals=[STOCK_DEAL])
    with pytest.raises(IllegalAction, match="the leader names no suit in this game: play 1-2 without 'as'"):
        match.apply(play("play 1-2 as 1"))
