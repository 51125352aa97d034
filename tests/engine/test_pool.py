"""A pool the players stake into, taken by the hand's winner (issue 29, M18: `match.pool`), in
both families, on scripted deals with their exact outcome."""

from __future__ import annotations

import random

from engine_helpers import TIEN_GOW_DEAL, TIEN_GOW_SWEEP, house, line_in, play, problem_messages, rules

from interpreter.engine import Action, Match, deal

# Tiddly-Wink, five players, three tiles each. Hand 1: seat 0 leads 6-6 and nobody holds a six:
# blocked at once, seats 1 and 2 tie for the smallest hand (6 pips), so nobody wins the pool.
BLOCKED = deal("6-6 5-5 4-4", "0-1 0-2 0-3", "0-4 1-1 0-0", "1-3 1-4 2-3", "2-4 3-4 2-5", starter=0)
# Hand 2: seat 3 leads 6-6, plays 6-5 and 5-4 while nobody else holds a six or a five: it dominoes.
DOMINO = deal("1-1 1-2 1-3", "2-2 2-3 0-0", "3-3 1-4 2-4", "6-6 5-6 4-5", "0-1 0-2 0-3", starter=3)


def play_out(match: Match) -> None:
    """The hand's starter leads 6-6; then every seat takes its first legal action (a pass for a
    seat without a tile that fits) until the hand ends."""
    hand = match.round
    match.apply(Action.parse("lead 6-6"))
    while match.round == hand and not match.is_over:
        match.apply(match.legal_actions()[0])


def test_a_pool_nobody_wins_is_carried_and_taken_whole_by_the_next_winner() -> None:
    match = Match(rules("tiddly-wink"), 5, deals=[BLOCKED, DOMINO])
    assert match.scores == (-1, -1, -1, -1, -1) and match.pool == 5
    play_out(match)
    assert [e["reason"] for e in match.events_of("round_end")] == ["blocked"]
    assert match.scores == (-2, -2, -2, -2, -2) and match.pool == 10  # carried, and hand 2's stakes
    play_out(match)
    assert match.scores == (-3, -3, -3, 7, -3) and match.pool == 5  # seat 3 took 10; hand 3's stakes
    assert [(e["side"], e["points"]) for e in match.events_of("score") if e["reason"] == "pool"] == [(3, 10)]


SHARED = "extends: tiddly-wink\nmatch: {pool: {ante: 3, tie: share}}\n"


def test_a_tied_pool_is_shared_and_what_does_not_divide_is_carried() -> None:
    match = Match(house(SHARED), 5, deals=[BLOCKED, DOMINO])
    play_out(match)
    # 15 staked; seats 1 and 2 tie: 7 each, 1 stays; then hand 2's stakes of 3 each.
    assert match.scores == (-6, 1, 1, -6, -6) and match.pool == 16


def test_a_trick_hand_pays_the_pool_to_the_side_that_scored_most() -> None:
    text = "extends: tien-gow\nmatch: {pool: {ante: 2}, rounds: 1}\n"
    match = Match(house(text), 4, seed=1)
    assert match.scores == (-2, -2, -2, -2) and match.pool == 8
    rng = random.Random(3)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    (end,) = match.events_of("round_end")
    (taken,) = [e for e in match.events_of("score") if e["reason"] == "pool"]
    won = max(range(4), key=lambda side: end["scores"][side])
    assert taken["side"] == won and taken["points"] == 8 and match.pool == 0
    resampled = match.resample(0, random.Random(0))
    assert resampled.pool == 0


def test_a_resampled_match_keeps_the_pool() -> None:
    match = Match(rules("tiddly-wink"), 5, deals=[BLOCKED, DOMINO])
    play_out(match)
    assert match.resample(1, random.Random(0)).pool == match.pool == 10


def test_a_pool_needs_one_side_to_win_the_hand() -> None:
    text = "extends: tiddly-wink\nscoring: {blocked: {scorer: each, points: 0}}\n"
    assert problem_messages(text) == [
        "match.pool: the side that won the hand takes the pool, and scoring.blocked.scorer is each: "
        "no one side wins such a hand (match.pool is set in "
        f"rules/tiddly-wink.yaml:{line_in('tiddly-wink', 'pool:')}:9)"
    ]
    assert problem_messages("extends: tiddly-wink\nmatch: {pool: {ante: 1, tie: carri}}\n") == [
        "match.pool.tie: 'carri' is not one of carry, share; did you mean 'carry'?",
    ]
    assert problem_messages("extends: tiddly-wink\nmatch: {pool: {ante: 'pol + 1', take: pool}}\n") == [
        "match.pool.ante: unknown name 'pol'; did you mean 'pool'?",
        "match.pool.take: reads a trick hand's names: it is for trick games",
    ]


def test_domino_pool_divides_a_tie_for_the_lightest_hand() -> None:
    """Domino Pool (rules/domino-pool.yaml; Foster: "If all are blocked, the smallest number of pips
    left in hand wins; ties divide"): seat 0 leads 6-6 and nobody holds a six; seats 1 and 2 hold
    21 pips each."""
    blocked = deal("6-6 5-5 4-4 3-3 2-2 4-5", "0-0 0-1 0-4 1-3 2-3 3-4", "0-2 0-3 1-1 1-2 0-5 2-4", starter=0)
    match = Match(rules("domino-pool"), 3, deals=[blocked])
    play_out(match)
    (end,) = match.events_of("round_end")
    assert end["reason"] == "blocked"
    assert [(e["side"], e["points"]) for e in match.events_of("score") if e["reason"] == "pool"] == [(1, 1), (2, 1)]
    assert match.scores == (-2, -1, -1) and match.pool == 4  # 1 did not divide; hand 2's stakes


# Tien Gow's banker (the hand's starter, seat 0 here) pays and is paid double (pagat): a hand the
# banker wins with every trick and a quartet last (engine_helpers.TIEN_GOW_SWEEP).


def test_tien_gow_the_banker_pays_and_is_paid_double_and_the_winner_collects_from_each() -> None:
    match = Match(rules("tien-gow"), 4, deals=[TIEN_GOW_DEAL])
    play(match, *TIEN_GOW_SWEEP)
    # During the hand: the Gee Joon 2 × 2 from each, the quartet 4 × 2 from each. At its end each
    # other player pays 5 (no trick) × 2 (a quartet's last trick) × 2 (every trick) × 2 (banker).
    (end,) = match.events_of("round_end")
    assert end["scores"] == [12 + 24 + 120, -4 - 8 - 40, -4 - 8 - 40, -4 - 8 - 40]


def test_a_pair_factor_reads_which_side_of_the_payment_started() -> None:
    payer_started = "extends: tien-gow\nscoring: {pair_factor: 'if started then 3 else 1'}\n"
    match = Match(house(payer_started), 4, deals=[TIEN_GOW_DEAL])
    play(match, *TIEN_GOW_SWEEP)
    (end,) = match.events_of("round_end")
    assert end["scores"] == [6 + 12 + 60, -2 - 4 - 20, -2 - 4 - 20, -2 - 4 - 20]  # the payers did not start
    assert problem_messages("extends: bingo\nscoring: {pair_factor: '2'}\n") == [
        "scoring.pair_factor: multiplies the payments between two sides, and there are none: it needs "
        "scoring.collector or a tricks.trick_scores entry with from: each"
    ]


def test_explain_diff_says_who_collects_and_the_pair_factor() -> None:
    from interpreter.rulefile.explain import differences

    text = "extends: tien-gow\nscoring: {collector: null, pair_factor: null}\n"
    said = [" ".join(line.split()) for line in differences(house(text), rules("tien-gow"))]
    assert said == [
        "Who collects from every other side at a hand's end changes from the player took the last trick to "
        "nobody: each side scores by scoring.hand.",
        "What a payment between two sides is multiplied by changes. tien-gow: (2 if the player paying or being "
        "paid holds the hand's starter or the other player of the payment holds the hand's starter, otherwise 1) "
        "× (the other player's streak + 1 if the payment is the hand's settlement (not a trick's) and the other "
        "player of the payment holds the hand's starter, otherwise 1) house: 1",
    ]


def loo_hand(seed: int, *calls: str) -> Match:
    """Domino Loo for a pool, three players (tests/engine/test_trick_stock.py's deal: seat 0 calls
    and leads first, seat 2 deals), the calls given, then random legal moves to the hand's end."""
    from test_trick_stock import CALLS_DEAL

    match = Match(rules("domino-loo-pool"), 3, deals=[CALLS_DEAL])
    for call in calls:
        match.apply(Action.parse(call))
    rng = random.Random(seed)
    while match.round == 1:
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_domino_loo_a_trick_takes_a_fifth_of_the_pool_and_the_looed_pay_its_worth() -> None:
    match = loo_hand(5, "keep", "keep", "keep")
    assert len(match.events_of("take_turn_up")) == 1  # the dealer, keeping, took the turned-up tile (M2)
    assert [e["seat"] for e in match.events_of("trick")].count(1) == 0  # seat 1 took no trick
    took = [(e["side"], e["points"], e["reason"]) for e in match.events_of("score")]
    assert took == [
        (0, -5, "ante"), (1, -5, "ante"), (2, -10, "ante"),  # an empty pool: 5 each, 5 more from the dealer
        (0, 12, "pool"), (2, 8, "pool"),  # 3 and 2 tricks of 5: a fifth of 20 each
        (1, -20, "ante"),  # looed: the pool's worth into the next one
        (0, -5, "ante"),  # hand 2's dealer: the pool is not empty, so only the dealer adds 5
    ]  # fmt: skip
    assert match.pool == 25 and match.scores == (2, -25, -2)


def test_domino_loo_a_dealer_left_alone_takes_the_whole_pool() -> None:
    match = loo_hand(0, "drop", "drop")
    assert [(e["side"], e["points"]) for e in match.events_of("score") if e["reason"] == "pool"] == [(2, 20)]
    assert match.scores == (-15, -10, 5) and match.pool == 20  # and hand 2's stakes: its dealer is seat 0


def test_domino_loo_the_dealer_alone_against_the_miss_plays_for_the_pool() -> None:
    # Four players: seat 0 takes the miss, seats 1 and 2 drop, the dealer (seat 3) stays in alone
    # "for the pool": he wins nothing for his tricks and cannot be looed; the miss takes its fifths.
    match = Match(rules("domino-loo-pool"), 4, seed=1)
    dealer = match.trick_view.dealer
    assert dealer == 3 and match.current_player == 0
    match.apply(Action.parse("exchange"))  # seven fresh tiles, two laid face down
    rng = random.Random(1)
    while match.current_player == 0:
        match.apply(rng.choice(match.legal_actions()))
    for call in ("drop", "drop", "keep"):
        match.apply(Action.parse(call))
    while match.round == 1:
        match.apply(rng.choice(match.legal_actions()))
    tricks = [e["seat"] for e in match.events_of("trick")]
    assert (tricks.count(0), tricks.count(3)) == (3, 2)
    took = [(e["side"], e["points"], e["reason"]) for e in match.events_of("score") if e["reason"] != "ante"]
    assert took == [(0, 15, "pool")]  # 3 fifths of 25; the dealer's 2 tricks leave their chips in the pool
    assert match.pool == 15  # those 10, and the next dealer's 5
