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
from interpreter.players.counter import estimate

SLACK = 4.0  # points: how far a bid or a pass may stray from the estimate


def auction_fit(t: TrickTables, observation: Observation) -> Callable[[list[int]], float] | None:
    """`misfit(hands)` for the other seats' bids so far, or None when the auction said nothing."""
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
