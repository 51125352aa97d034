"""`ismcts`'s bid in a trick game: each candidate bid weighed by playing the hand out after it.

A tree over fourteen bids, each valued by the round's score squashed into (0, 1), left the bids
almost alike: with every other seat passing in the model, 30 won the auction as surely as 84, and
600 iterations spread over the ladder could not tell them apart (a lay-down bid 31, and four
computers threw three deals in four in). So the auction is searched apart from the tree:

- Samples: deals of the unseen tiles consistent with the observation and with what the auction
  said (the sampler of the search, `auction.py`). Every candidate is weighed on the same samples.
- Candidates: a pass; of the number ladder, the lowest legal bid and the bids around what
  `counter` says the hand takes (`counter.worth`, give or take `AROUND` points); of the bids out
  of the ladder, the lowest (the first that allows marks-only contracts), and the others whose
  `make` is within `MARKS_REACH` of the worth or that equal a contract's own `bid`.
- After a candidate, the other seats bid as `counter` would on their sampled hands
  (`counter.bid_for`): an opponent with a better hand outbids a low bid, which is why a strong hand
  bids up (they bid only hands worth their bid: counter's last-seat rule would make a pass look
  better than it is). A bidder other than this seat declares what `counter` would; this seat's
  declaration is branched over: the plain declaration its hand is worth most under (`PLAIN`),
  and every special contract legal then. Then the hand is played out by the engine's rule of thumb
  (`TrickMatch.playout`, as the tree's playouts).
- Value: what the match counts, the side's score move this hand against the mean of the other
  sides' (marks where a hand scores the bid's marks, else points), turned round where the
  lowest total wins; linear, so a two-mark bid made is worth twice a one-mark bid, and a set costs
  what the bid was worth. A bid is worth its best declaration's mean over the samples; a hand
  thrown in is worth 0.
- The choice: `counter`'s own bid on the hand (`counter.bid`) is where the search starts. Where
  counter bids, a pass and the bids below its bid are not weighed: the rule-of-thumb playouts
  make a contract less often than the players do (hands counter counts at 28–32 take 27.7 points
  in them, 29.4 in counter's own play), so the search alone passed hands a player bids, and four
  searchers threw one deal in four in. The search then bids its best-valued candidate instead of
  counter's choice only when that is better beyond doubt: by more than the standard error of
  the difference, sample by sample on the same deals. So a lay-down bids two marks, a weak hand a
  contract to take no trick where one is offered, and noise between two bids worth about the same does not move the bid.

Budget: the samples run until the hands played out (candidates × declarations) reach the
iteration budget, or the time budget ends, after a whole sample: the same seed and iteration
budget give the same bid on any machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from statistics import mean, stdev
from typing import Any

from interpreter.engine import Action, Observation
from interpreter.engine.actions import BID, PASS, TRUMPS
from interpreter.engine.search import SearchSupport
from interpreter.engine.tricks.match import BIDDING, DECLARING, PLAYING
from interpreter.engine.tricks.tables import TrickTables
from interpreter.players.counter import bid, bid_for, estimate, worth
from interpreter.rulefile.ruleset import Winner

AROUND = (-4, -2, 0, 2, 4)  # points around the hand's worth: the ladder bids weighed
MARKS_REACH = 4.0  # points: a bid out of the ladder is weighed when its make is this close to the worth
# The plain declarations weighed: the one the hand is worth most under (the best of several noisy
# means would favour every bid over a pass).
PLAIN = 1


class BidResult:
    """Per candidate bid: the mean value of its best declaration, the share of samples in which
    the side came out ahead after it (a tie counts half), the samples weighed, and whether it is
    the one to bid."""

    def __init__(self, action: Action, value: float, ahead: float, samples: int) -> None:
        self.action = action
        self.value = value
        self.ahead = ahead
        self.samples = samples
        self.chosen = False


def _values(rows: list[dict[Action | None, float]]) -> list[float]:
    """A candidate's value on each sample, under the declaration best on average over them all:
    this seat declares later knowing its own hand alone, so one declaration for every deal."""
    sums: dict[Action | None, float] = {}
    for row in rows:
        for declaration, value in row.items():
            if declaration is not None:
                sums[declaration] = sums.get(declaration, 0.0) + value
    choice = max(sums, key=lambda d: sums[d]) if sums else None
    return [row[choice] if choice in row else row[None] if None in row else max(row.values()) for row in rows]


def candidates(t: TrickTables, legal: Sequence[Action], best: float, floor: Action) -> list[Action]:
    """The bids worth weighing (in the engine's order), from the hand's worth `best` and the bid
    `counter` makes on it (`floor`): where that is a bid, neither a pass nor a lower bid is weighed."""
    bidding = t.rules.bidding
    assert bidding is not None
    ladder = [a for a in legal if a.kind == BID and bidding.min <= a.value <= bidding.max]  # type: ignore[operator]
    special = [a for a in legal if a.kind == BID and a not in ladder]
    chosen: set[Action] = {a for a in legal if a.kind == PASS}
    if floor.kind == BID:
        # The playouts' rule of thumb makes a contract less often than the players do (measured:
        # bench/ai_42.py), so the search alone would pass hands that `counter`, calibrated on its
        # own play, bids: four searchers threw one deal in four in. Where counter bids, the
        # search chooses how high, not whether.
        chosen = {floor}
        ladder = [a for a in ladder if a.value >= floor.value]  # type: ignore[operator]
        special = [a for a in special if a.value >= floor.value]  # type: ignore[operator]
    if ladder:
        chosen.add(min(ladder, key=lambda a: a.value))  # type: ignore[arg-type, return-value]
        for offset in AROUND:
            near = [a for a in ladder if t.bid_of[a.value].make <= best + offset]  # type: ignore[index]
            if near:
                chosen.add(max(near, key=lambda a: a.value))  # type: ignore[arg-type, return-value]
    if special:
        chosen.add(min(special, key=lambda a: a.value))  # type: ignore[arg-type, return-value]
        contract_bids = {c.bid for c in t.rules.contracts if c.bid is not None}
        for a in special:
            if t.bid_of[a.value].make <= best + MARKS_REACH or a.value in contract_bids:  # type: ignore[index]
                chosen.add(a)
    return [a for a in legal if a in chosen]


class BidSearch:
    def __init__(
        self, rules: Any, observation: Observation, legal: Sequence[Action], t: TrickTables, support: SearchSupport
    ) -> None:
        self.t = t
        self.me = observation.seat
        self.side = observation.side
        self.n = len(observation.hand_counts)
        self.sides = len(observation.scores)
        self.partners = self.sides < self.n
        self.lowest = rules.match.winner is Winner.LOWEST
        self.support = support
        self.hand = t.mask_of(observation.hand)
        self.best = worth(t, self.hand, self.partners)
        plain = sorted(t.declarations, key=lambda d: -estimate(t, self.hand, d, self.partners))
        self.plain = {Action(TRUMPS, value=d) for d in plain[:PLAIN]}
        self.contracts = set(t.contract_actions.values())
        view = observation.tricks
        assert view is not None
        self.bids = list(view.bids)
        self.legal = legal
        self.floor = bid(t, observation, legal)

    def run(self, deals: Any, rng: random.Random, iterations: int | None, ms: float | None) -> list[BidResult]:
        """Every candidate weighed, in the engine's order; `chosen` marks the one to bid."""
        weighed = candidates(self.t, self.legal, self.best, self.floor)
        if len(weighed) == 1:  # nothing to weigh (counter's bid is the highest it may make)
            only = BidResult(weighed[0], 0.0, 0.0, 0)
            only.chosen = True
            return [only]
        # Per candidate, per sample: the value after each declaration branched over (None: the
        # one value of a sample in which this seat did not declare).
        rows: dict[Action, list[dict[Action | None, float]]] = {a: [] for a in weighed}
        deadline = None if ms is None else time.perf_counter() + ms / 1000
        played = 0
        while True:
            match = deals.sample(rng)
            key = self.support.round_key(match)
            worths = {seat: worth(self.t, self.t.mask_of(match.hand(seat)), self.partners)
                      for seat in range(self.n) if seat != self.me}  # fmt: skip
            for action in weighed:
                row = dict(self._after(match.clone(), key, action, worths, rng))
                rows[action].append(row)
                played += len(row)
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if iterations is not None and played >= iterations:
                break
        values = {a: _values(found) for a, found in rows.items()}
        results = [BidResult(a, mean(v), sum(1.0 if x > 0 else 0.5 if x == 0 else 0.0 for x in v) / len(v), len(v))
                   for a, v in values.items()]  # fmt: skip
        best = max(results, key=lambda r: r.value)  # the first of equals
        if self.floor in values and best.action != self.floor:
            # counter's bid stands unless the search finds another better beyond doubt: by more
            # than the standard error of the difference, sample by sample (the same deals).
            differences = [a - b for a, b in zip(values[best.action], values[self.floor], strict=True)]
            error = stdev(differences) / math.sqrt(len(differences)) if len(differences) > 1 else math.inf
            if mean(differences) <= error:
                best = next(r for r in results if r.action == self.floor)
        best.chosen = True
        return results

    def _after(
        self, match: Any, key: int, action: Action, worths: dict[int, float], rng: random.Random
    ) -> list[tuple[Action | None, float]]:
        """The values after bidding `action`: one per declaration of this seat's branched over,
        or one for None when another seat won the auction or the deal was thrown in."""
        support = self.support
        advance, legal_now, round_over = support.advance, support.legal_now, support.round_over
        bids = [*self.bids, (self.me, action.value if action.kind == BID else None)]
        advance(match, action)
        while not round_over(match, key) and match.phase == BIDDING:
            seat = match.current_player
            standing = next((s for s, v in reversed(bids) if v is not None), None)
            partner_holds = standing is not None and match.side_of(standing) == match.side_of(seat)
            # A seat bids a hand worth its bid: not counter's last-seat rule, which bids some hands
            # worth less rather than throw the deal in (a model seat doing so would make a pass
            # look better than it is: the deal would not be thrown in, and the bid often set).
            chosen = bid_for(self.t, legal_now(match), worths.get(seat, 0.0), partner_holds, False)
            bids.append((seat, chosen.value if chosen.kind == BID else None))
            advance(match, chosen)
        if round_over(match, key) or match.phase != DECLARING or match.current_player != self.me:
            return [(None, self._play_out(match, key, rng))]
        legal = legal_now(match)
        branches = [a for a in legal if a in self.plain or a in self.contracts] or list(legal[:1])
        out: list[tuple[Action | None, float]] = []
        for declaration in branches:
            branch = match.clone()
            advance(branch, declaration)
            out.append((declaration, self._play_out(branch, key, rng)))
        return out

    def _play_out(self, match: Any, key: int, rng: random.Random) -> float:
        """Declarations not branched over as counter makes them, then the rule of thumb; the side's
        score move against the others' mean."""
        support = self.support
        start = list(match.scores)
        while not support.round_over(match, key) and match.phase != PLAYING:
            legal = support.legal_now(match)
            seat = match.current_player
            plain = [a for a in legal if a.kind == TRUMPS and a.value not in self.t.contracts]
            named = {a: a.value for a in plain if isinstance(a.value, int | str)}  # each names a suit
            if plain and len(named) == len(legal):
                hand = self.t.mask_of(match.hand(seat))
                chosen = max(named, key=lambda a: estimate(self.t, hand, named[a], self.partners))
            else:
                chosen = legal[0]
            support.advance(match, chosen)
        if not support.round_over(match, key):
            match.playout(rng, heavy=1.0)
        return self._value(start, match)

    def _value(self, start: list[int], match: Any) -> float:
        moved = [a - b for a, b in zip(match.scores, start, strict=True)]
        others = [m for s, m in enumerate(moved) if s != self.side]
        ahead = moved[self.side] - (sum(others) / len(others) if others else 0.0)
        return -ahead if self.lowest else ahead
