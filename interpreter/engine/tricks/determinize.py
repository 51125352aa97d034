"""Determinization for the trick family: a full `TrickMatch` consistent with what one seat knows,
for search-based players (the layout family's is interpreter/engine/layout/determinize.py).

A seat knows its own hand, every tile played so far this hand and by whom, the auction, the
declaration, the trick on the table and the scores. The tiles it cannot see are dealt at random
to the other hands (each keeps its size) and to the undealt tiles, respecting what play revealed:
a seat that did not follow a suit holds none of it. When that constraint cannot be met in
`ATTEMPTS` random tries (a rare, tightly constrained end of a hand), the last try ignores it, so
a sample always exists; the sample is then still consistent with every hand size.
"""

from __future__ import annotations

import random
from typing import Any

from interpreter.engine.actions import Action
from interpreter.engine.layout.dealing import shuffle
from interpreter.engine.observation import Observation
from interpreter.engine.tricks.match import BIDDING, DECLARING, DISCARDING, PLAYING, TrickMatch
from interpreter.engine.tricks.tables import trick_tables_for
from interpreter.rulefile.ruleset import Ruleset

ATTEMPTS = 20


class TrickDeterminizer:
    """Samples full matches consistent with `observation`; built once per decision."""

    def __init__(self, rules: Ruleset, observation: Observation) -> None:
        view = observation.tricks
        assert view is not None, "a trick determinizer needs a trick game's observation"
        n = len(observation.hand_counts)
        rules = rules.for_players(n)
        t = self._t = trick_tables_for(rules, n)
        self.seat = observation.seat
        index = t.index
        own = sum(1 << index[tile] for tile in observation.hand)
        played = [sum(1 << index[tile] for tile in tiles) for tiles in view.played]
        discards = sum(1 << index[tile] for tile in view.discards)  # known to the kitty's taker only
        self._discards = [index[tile] for tile in view.discards]
        seen = own | discards
        for mask in played:
            seen |= mask
        self._hidden = [x for x in range(len(t.tiles)) if not (seen >> x) & 1]
        self._counts = list(observation.hand_counts)
        self._own = own
        self._played = played
        contract = None if view.contract is None else t.contracts[view.contract]
        suits = t.suits(view.declaration, contract) if view.declaration is not None else None
        if suits is None and view.bidder is None and t.rules.bidding is None:
            suits = t.suits(t.fixed)
        self._suits = suits
        # Per seat: the tiles it cannot hold, from the suits it showed out of.
        self._forbidden = [0] * n
        if suits is not None:
            for seat, voids in enumerate(view.voids):
                for suit in voids:
                    self._forbidden[seat] |= suits.follows[suit]
        sides = len(observation.scores)
        self._template = template = object.__new__(TrickMatch)
        template._t = t
        template._rules = rules
        template._n = n
        template._sides = sides
        template._seat_side = [seat % sides for seat in range(n)]
        template._scores = list(observation.scores)
        template._deals = ()
        template._hands = [0] * n  # each sample deals its own (`sample`)
        template._dead = []
        template._rng = random.Random(0)  # each sample seeds its own
        template._events = []
        template._dicts = []
        template._public = []
        template._winners = ()
        template._over = False
        template._round = observation.round
        template._starter = view.starter
        template._dealer = view.dealer
        template._redeals = 0
        template._dealt_hands = 0
        template._legal = None
        template._bids = list(view.bids)
        template._bidder = view.bidder
        template._high = view.bid
        template._suits = suits
        template._trick = [index[tile] for _, tile in view.trick]
        template._trick_seats = [seat for seat, _ in view.trick]
        template._last_trick = [(seat, index[tile]) for seat, tile in view.last_trick]
        template._last_winner = view.last_winner
        template._won_tricks = list(view.tricks_won)
        tp = t.rules.trick_points
        template._won_count = [p - w * tp for p, w in zip(view.points_won, view.tricks_won, strict=True)]
        template._last_side = None
        template._played = played
        template._voids = [sum(1 << s for s in voids) for voids in view.voids]
        template._contract = None if view.contract is None else t.contracts[view.contract]
        template._out = view.sitting_out
        template._must_declare = None if view.must_declare is None else t.contracts[view.must_declare]
        template._current = observation.current_player if observation.current_player is not None else view.starter
        template._kitty = view.to_discard
        template._leader = view.starter if view.phase != DISCARDING else self._leader_of(view, t)
        template._discards = list(self._discards)
        if view.phase:
            template._phase = view.phase
        elif view.declaration is not None or (suits is not None and t.rules.bidding is None):
            template._phase = PLAYING
        elif view.bidder is not None and len(view.bids) == n:
            template._phase = DECLARING
        else:
            template._phase = BIDDING

    @staticmethod
    def _leader_of(view: Any, t: Any) -> int:
        """Who leads once the kitty is settled: the declarer (the partner under such a contract)."""
        contract = None if view.contract is None else t.contracts[view.contract]
        if contract is not None and contract.declarer.value == "partner":
            return t.partner(view.bidder, len(view.tricks_won))
        first = t.rules.first_leader.value
        return view.bidder if first == "bidder" or contract is not None else view.starter

    def sample(self, rng: random.Random) -> TrickMatch:
        hands = self._deal(rng)
        m = self._template
        new = m._copy(random.Random(rng.getrandbits(64)))  # not clone(): no random state to copy
        new._hands = hands[:-1]
        new._dead = self._discards + hands[-1]
        t = self._t
        rules = t.rules
        dealt = sum(h.bit_count() for h in new._hands) + sum(p.bit_count() for p in new._played)
        dead = set(new._dead)
        new._available = sum(t.count[x] for x in range(len(t.tiles)) if x not in dead)
        new._available += (dealt // m._n) * rules.trick_points
        new._available += rules.last_trick
        return new

    def _deal(self, rng: random.Random) -> list[Any]:
        """Per seat its hand's mask (the observer's own), then the undealt tiles' ids."""
        n = len(self._counts)
        order = sorted((s for s in range(n) if s != self.seat), key=lambda s: -self._forbidden[s].bit_count())
        for attempt in range(ATTEMPTS + 1):
            strict = attempt < ATTEMPTS
            pool = self._hidden.copy()
            shuffle(rng, pool)
            hands = [0] * n
            hands[self.seat] = self._own
            ok = True
            for seat in order:
                need = self._counts[seat]
                forbidden = self._forbidden[seat] if strict else 0
                took = [x for x in pool if not (forbidden >> x) & 1][:need]
                if len(took) < need:
                    ok = False
                    break
                for x in took:
                    hands[seat] |= 1 << x
                taken = set(took)
                pool = [x for x in pool if x not in taken]
            if ok:
                return [*hands, pool]
        raise AssertionError("the hidden tiles do not fill the hands")  # unreachable: the last try is free


def round_key(match: TrickMatch) -> int:
    """What `round_over` compares: the deals so far, so that a hand passed out and dealt again
    ends a playout as a hand played out does."""
    return match._dealt_hands


def round_over(match: TrickMatch, key: int) -> bool:
    """Whether the hand a determinization started in (`round_key` then) is over, or the match."""
    return match._over or match._dealt_hands != key


def legal_now(match: TrickMatch) -> list[Action]:
    """The legal actions without the copy (the match's own list: read it, never change it)."""
    if match._legal is None:
        match.legal_actions()
    return match._legal  # type: ignore[return-value]


def advance(match: TrickMatch, action: Action) -> None:
    """`apply` for an action taken from `legal_now(match)`, without checking it again."""
    match._legal = None
    match._do(action)
