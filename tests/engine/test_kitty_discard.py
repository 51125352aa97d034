"""Which tiles the kitty's taker may lay away (docs/format.md, `bidding.kitty_discard`): only tiles
for which the condition holds, worked out under the declared trumps; so a count tile of the kitty
is taken whether the taker likes it or not. Moon's widow, with "no count tile laid away"."""

from __future__ import annotations

from engine_helpers import bid, house, problems, rules, trumps

from interpreter.engine import Action, Match, deal
from interpreter.engine.actions import PASS_ACTION
from interpreter.rulefile.explain import differences, explain

NO_COUNT = 'extends: moon\nbidding: {kitty_discard: "count == 0"}\ntricks: {count: "if pips % 5 == 0 then 1 else 0"}\n'

# The widow (moon's 22nd tile) is 0-0, a count tile here (pips 0); seat 0 bids and takes it.
DEAL = deal(
    "6-6 5-6 4-6 3-6 2-6 1-6 5-5",
    "4-4 4-5 3-5 2-5 1-5 3-4 2-4",
    "1-1 2-2 3-3 1-2 1-3 1-4 2-3",
    starter=1,
)


def test_the_taker_lays_away_no_count_tile() -> None:
    match = Match(house(NO_COUNT), 3, deals=[DEAL])
    assert match.dead == ((0, 0),)
    for action in (PASS_ACTION, PASS_ACTION, bid(4), trumps(6)):
        match.apply(action)
    # Of 0-0 1-6 2-6 3-6 4-6 5-5 5-6 6-6 the count tiles are 0-0, 4-6 and 5-5: the rest may be laid away.
    assert [str(a) for a in match.legal_actions()] == [
        "discard 1-6", "discard 2-6", "discard 3-6", "discard 5-6", "discard 6-6",
    ]  # fmt: skip
    match.apply(Action.parse("discard 1-6"))
    assert match.phase == "playing" and len(match.hand(0)) == 7 and (0, 0) in match.hand(0)


def test_a_hand_of_count_tiles_lays_away_any() -> None:
    every = NO_COUNT.replace('"count == 0"', '"count > 99"')
    match = Match(house(every), 3, deals=[DEAL])
    for action in (PASS_ACTION, PASS_ACTION, bid(4), trumps(6)):
        match.apply(action)
    assert len(match.legal_actions()) == 8  # no tile may be laid away by the rule: any may


def test_kitty_discard_needs_a_kitty() -> None:
    assert problems('extends: texas-42\nbidding: {kitty_discard: "count == 0"}\n') == [
        "3:26: bidding.kitty_discard: names the tiles the kitty's taker may lay away, but there is no kitty "
        "(bidding.kitty)",
    ]


def test_explain_says_which_tiles_may_be_laid_away() -> None:
    text = explain(house(NO_COUNT)).replace("\n", " ")
    assert "may lay away only tiles for which the count equals 0" in text
    assert any(line.startswith("What the kitty's taker may lay away changes") for line in differences(
        house(NO_COUNT), rules("moon")))


# The Big Game (rules/the-big-game.yaml): the widow, 3-7, is a counter (its pips are 10).
BIG_GAME = deal(
    "0-1 0-2 0-3 0-4 0-6 1-4 2-2 3-4 4-5 5-7 5-8",
    "0-8 1-1 1-3 3-3 3-5 3-6 4-6 4-8 6-6 6-7 6-8",
    "0-7 1-6 1-7 1-8 2-4 2-5 4-4 4-7 5-5 5-6 8-8",
    "0-0 0-5 1-2 1-5 2-3 2-6 2-7 2-8 3-8 7-7 7-8",
    starter=1,
)


def test_the_big_game_keeps_a_counter_widow_in_the_bidders_hand() -> None:
    match = Match(rules("the-big-game"), 4, deals=[BIG_GAME])
    for action in (bid(42), PASS_ACTION, PASS_ACTION, PASS_ACTION, trumps(3)):
        match.apply(action)
    # B: "If it is a counter, he must take it into his hand [...] he discards face down any non-counter
    # tile": the counters 3-7 and 4-6 stay.
    assert sorted(a.tile for a in match.legal_actions()) == [
        (0, 8), (1, 1), (1, 3), (3, 3), (3, 5), (3, 6), (4, 8), (6, 6), (6, 7), (6, 8),
    ]  # fmt: skip
    match.apply(Action.parse("discard 0-8"))
    assert match.phase == "playing" and (3, 7) in match.hand(1) and len(match.hand(1)) == 11
