"""What an auction says about the hands that bid in it, for a searching player's sampler.

A seat that bid showed a hand worth its bid; a seat that passed when it could have bid showed a
hand worth less than the lowest bid open to it. "Worth" is the rule-of-thumb estimate of
`counter` (the points a hand should take as declarer, `counter.estimate`), with `SLACK` points
either way, since people bid by feel and a partner's hand adds to theirs. A pass says nothing
when the seat's own side held the standing bid, or when the seat had to bid; a bid out of the
number ladder (a special bid, or one a contract allows) says only that the hand is strong.

`auction_fit` turns the auction of one observation into `misfit(hands)`: how many points hands
as dealt (one mask of tile ids per seat) fall outside what every other seat's bids showed, 0 when
they agree. The trick determinizer takes the deal that misses least of a few
(interpreter/engine/tricks/determinize.py).
"""

from __future__ import annotations

from collections.abc import Callable

from interpreter.engine import Observation
from interpreter.engine.tricks.tables import TrickTables
from interpreter.players.counter import PARTNER_TAKES, estimate

SLACK = 4.0  # points: how far a bid or a pass may stray from the estimate
# In an auction over the turned-up suit (bidding.bids: turn_up, counter's `turn_up_call`), a pass
# in the first round says the hand was short of the mark under the turned-up suit, in the second
# under every suit it could name; making trumps says it reached the mark under that suit. Its
# mark is a few points in all (Euchre: 3 of 5), so its slack is small.
CALL_SLACK = 0.5


def auction_fit(t: TrickTables, observation: Observation) -> Callable[[list[int]], float] | None:
    """`misfit(hands)` for the other seats' bids so far, or None when the auction said nothing."""
    if t.over_turn_up:
        return turn_up_fit(t, observation)
    view = observation.tricks
    bidding = t.rules.bidding
    if view is None or bidding is None or not view.bids:
        return None
    sides = len(observation.scores)
    numbers = set(range(bidding.min, bidding.max + 1, bidding.step))
    low: dict[int, float] = {}
    high: dict[int, float] = {}
    holder: int | None = None
    standing: int | None = None
    for seat, value in view.bids:
        if value is None:
            open_bids = [b for b in t.bids if (standing is None or b.value > standing) and b.value in numbers]
            held_by_side = holder is not None and holder % sides == seat % sides
            if seat != observation.seat and open_bids and not held_by_side:
                ceiling = min(b.make for b in open_bids) + SLACK
                high[seat] = min(high.get(seat, ceiling), ceiling)
            continue
        if seat != observation.seat:
            bid = t.bid_of[value]
            floor = (bid.make if value in numbers else max(t.bid_of[v].make for v in numbers)) - SLACK
            low[seat] = max(low.get(seat, floor), floor)
        holder, standing = seat, value
    seats = sorted(set(low) | set(high))
    if not seats:
        return None
    partners = sides < len(observation.hand_counts)
    declarations = t.declarations
    inf = float("inf")

    trumps = [t.suits(d).trumps for d in declarations]

    def worth(hand: int) -> float:
        # A hand is worth most under the trumps it holds most of: only those (and one fewer) are
        # estimated, which spares most of the work.
        held = [(hand & mask).bit_count() for mask in trumps]
        most = max(held) - 1
        return max(estimate(t, hand, d, partners) for d, h in zip(declarations, held, strict=True) if h >= most)

    def misfit(hands: list[int]) -> float:
        miss = 0.0
        for seat in seats:
            best = worth(hands[seat])
            miss += max(0.0, low.get(seat, -inf) - best) + max(0.0, best - high.get(seat, inf))
        return miss

    return misfit


def turn_up_fit(t: TrickTables, observation: Observation) -> Callable[[list[int]], float] | None:
    """`misfit(hands)` for the other seats' calls so far, or None when they said nothing."""
    view = observation.tricks
    if view is None or view.turn_up is None or not view.bids:
        return None
    turned = t.turned_trump(t.index[view.turn_up])
    others = [s for s in range(t.max_pip + 1) if s != turned]
    mark = t.bids[0].make - PARTNER_TAKES
    below: dict[int, list[int]] = {}  # per seat: the suits it passed, short of the mark under each
    above: dict[int, int] = {}  # the seat that made trumps: the suit
    for i, (seat, value) in enumerate(view.bids):
        if seat == observation.seat:
            continue
        second = i >= len(observation.hand_counts)
        if value is None:
            below.setdefault(seat, []).extend(others if second else [turned])
        else:
            above[seat] = view.bid_suit if view.bid_suit is not None else turned
    if not below and not above:
        return None

    def misfit(hands: list[int]) -> float:
        miss = 0.0
        for seat, suits in below.items():
            best = max(estimate(t, hands[seat], s, False) for s in set(suits))
            miss += max(0.0, best - (mark + CALL_SLACK))
        for seat, suit in above.items():
            miss += max(0.0, mark - CALL_SLACK - estimate(t, hands[seat], suit, False))
        return miss

    return misfit
