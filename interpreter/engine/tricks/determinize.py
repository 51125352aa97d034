"""Determinization for the trick family: a full `TrickMatch` consistent with what one seat knows,
for search-based players (the layout family's is interpreter/engine/layout/determinize.py).

A seat knows its own hand, every tile played so far this hand and by whom, the auction, the
declaration, the trick on the table, the turned-up tile and who drew it, the tiles it laid face
down itself, and the scores. The tiles it cannot see are dealt at random to the other hands (each
keeps its size), the stock (its size known) and the tiles out of play, respecting what play
revealed: a seat that did not follow a suit holds none of it. When that constraint cannot be met
in `ATTEMPTS` random tries (a rare, tightly constrained end of a hand), the last try ignores it,
so a sample always exists; the sample is then still consistent with every hand size.

A set that holds a tile twice is dealt by ids like any other: the copies are alike, so which id
a seen tile takes does not matter. A tile another seat laid face down is unseen: in the trick on
the table it is filled from the unseen tiles.

A searching player may also say what the auction told it (`misfit`: how far hands as dealt, one
mask per seat, are from what their bids showed; 0 when they agree). Up to `FIT_ATTEMPTS` deals
are then drawn and the first that agrees is taken, else the one that misses least: a pull towards
what the bids said, never a dead end.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from interpreter.engine import phases
from interpreter.engine.actions import DROP, EXCHANGE
from interpreter.engine.layout.dealing import shuffle
from interpreter.engine.match import Match, register_resampler
from interpreter.engine.observation import Observation, TrickView
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.match import TrickMatch
from interpreter.engine.tricks.passed import PassedKnown
from interpreter.engine.tricks.phases import (
    BIDDING,
    CALLING,
    DECLARING,
    DISCARDING,
    MELDING,
    PASSING,
    PLAYING,
    TrickPhase,
)  # fmt: skip
from interpreter.engine.tricks.phases.bidding import auction
from interpreter.engine.tricks.phases.calls import Calls
from interpreter.engine.tricks.phases.declaring import Declaring
from interpreter.engine.tricks.phases.discarding import Discarding
from interpreter.engine.tricks.phases.melding import Melding
from interpreter.engine.tricks.phases.passing import Passing
from interpreter.engine.tricks.phases.playing import TrickPlaying
from interpreter.engine.tricks.phases.turn_up import TurnUpExchange
from interpreter.engine.tricks.picks import next_picks
from interpreter.engine.tricks.table import Laid, TrickTable
from interpreter.engine.tricks.tables import TrickTables, trick_tables_for
from interpreter.engine.tricks.undealt import UndealtKnown
from interpreter.rulefile.ruleset import Family, Ruleset
from interpreter.rulefile.trick_rules import MeldsWhen

# The phases a seat may be sampled in, besides the play and the discards: nothing of theirs is hidden.
_WAITING: dict[str, Callable[[TrickTables], TrickPhase]] = {
    BIDDING: auction, DECLARING: lambda t: Declaring(), CALLING: lambda t: Calls()
}
ATTEMPTS = 20
FIT_ATTEMPTS = 6  # deals tried for one that fits what the auction said; else the one that misses least


class TrickDeterminizer:
    """Samples full matches consistent with `observation`; built once per decision."""

    def __init__(
        self, rules: Ruleset, observation: Observation, misfit: Callable[[list[int]], float] | None = None
    ) -> None:
        self._misfit = misfit
        view = observation.tricks
        assert view is not None, "a trick determinizer needs a trick game's observation"
        n = len(observation.hand_counts)
        rules = rules.for_players(n)
        t = self._t = trick_tables_for(rules, n)
        self.seat = observation.seat
        own = t.mask_of(observation.hand)
        seen = own
        played = []
        for tiles in view.played:
            mask = t.mask_of(tiles, seen)
            played.append(mask)
            seen |= mask
        discards = t.mask_of(view.discards, seen)  # what this seat laid face down itself
        seen |= discards
        self._discards = bits(discards)
        # The same ids in the order the view lists them: its hand thrown in, its discards, its
        # tiles laid face down to tricks (TrickTable.own_discards).
        unused = discards
        self._own_laid = []
        for tile in view.discards:
            x = next(x for x in t.copies[tile] if (unused >> x) & 1)
            unused &= ~(1 << x)
            self._own_laid.append(x)
        self._laid = _laid(view, observation, t, n)
        # The turned-up tile: where it is, everybody knows (face up, in the stock's bottom, or in
        # the hand of the seat that drew it).
        self._turn_up: int | None = None
        played_up = any(view.turn_up in tiles for tiles in view.played)  # then it is seen already
        if view.turn_up is not None and view.turn_up_holder != self.seat and not played_up:
            taken = t.mask_of((view.turn_up,), seen)
            self._turn_up = bits(taken)[0]
            seen |= taken
        self._turn_up_in_stock = self._turn_up is not None and view.turn_up_holder is None and bool(
            t.rules.stock and t.rules.stock.draw and view.stock
        )
        self._passed = PassedKnown(t, observation, played, seen) if t.rules.passing is not None else None
        if self._passed is not None:
            seen = self._passed.seen
        self._undealt = UndealtKnown(t, view, seen)
        seen = self._undealt.seen
        # Tiles another seat showed in a declaration stay in its hand until played; the observer's own are in `own`.
        self._shown = [0] * n
        for seat, tiles in enumerate(view.shown):
            mask = t.mask_of(tiles, ~own if seat == self.seat else seen)
            self._shown[seat] = mask
            if seat != self.seat:
                seen |= mask
        self._shown_any = bool(view.shown)
        leader = observation.current_player
        self._lead_from = 0  # the declarer about to lead one of his shown tiles: which
        if view.lead_from and leader is not None:
            self._lead_from = t.mask_of(view.lead_from, ~self._shown[leader])
        self._hidden = [x for x in range(len(t.tiles)) if not (seen >> x) & 1]
        self._counts = list(observation.hand_counts)
        if self._passed is not None:
            self._passed.counts(self._counts)
        if self._turn_up is not None and view.turn_up_holder is not None:
            self._counts[view.turn_up_holder] -= 1  # that seat's hand holds it: deal it one fewer
        for seat, mask in enumerate(self._shown):
            if seat != self.seat:
                self._counts[seat] -= mask.bit_count()
        self._turn_up_holder = view.turn_up_holder
        self._stock_size = view.stock - (1 if self._turn_up_in_stock else 0)
        self._own = own
        self._played = played

        def ids_of(seat: int, tile: Any, used: set[int]) -> int:
            """The id a tile played by `seat` has in `played`: one not in `used` (a tile played twice)."""
            x = next(x for x in t.copies[tile] if (played[seat] >> x) & 1 and x not in used)
            used.add(x)
            return x

        contract = t.contract_named(view.contract, view.doubles_place)
        suits = t.suits(view.declaration, contract) if view.declaration is not None else None
        if suits is None and view.bidder is None and t.rules.bidding is None:
            suits = t.suits(t.fixed)
        # Per seat: the tiles it cannot hold, from the suits it showed out of.
        self._forbidden = [0] * n
        if suits is not None:
            for seat, voids in enumerate(view.voids):
                for suit in voids:
                    self._forbidden[seat] |= suits.follows[suit]
        turn_up = self._turn_up if view.turn_up_holder != self.seat else None
        if view.turn_up is not None and view.turn_up_holder == self.seat and not played_up:
            turn_up = next(x for x in t.copies[view.turn_up] if (own >> x) & 1)
        elif played_up:  # the seat that drew it played it: one of the played copies
            turn_up = next(x for x in t.copies[view.turn_up] if any((mask >> x) & 1 for mask in played))  # type: ignore[index]
        self._rules = rules
        # The passing before the declaration, and melds shown before the tricks, come before the
        # suits are declared.
        melds = t.rules.melds
        self._melds_before = view.phase == MELDING and melds is not None and melds.when is MeldsWhen.BEFORE_TRICKS
        before = (view.phase == PASSING and view.declaration is None) or self._melds_before
        self._table = TrickTable.seen_by(t, rules, observation, played, None if before else suits, turn_up)
        # The phase: the trick on the table by its tiles; a play laid face down is only a count
        # to this seat (its own among its discards): `sample` fills it from the unseen tiles.
        self._phase_name = view.phase or _phase_of(view, t.rules.bidding is None, suits is not None, n)
        self._owed = view.to_discard
        self._kind = view.phase_kind
        self._leader = None if view.phase != DISCARDING or view.calls else self._leader_of(view, t)
        # A passing began with the starter, or, where it follows the declaration, the first leader.
        passed_late = view.phase == PASSING and view.declaration is not None
        self._first = self._leader_of(view, t) if passed_late else view.starter
        used: set[int] = set()
        self._trick = [(seat, ids_of(seat, tile, used)) for seat, tile in view.trick]
        in_plays: set[int] = set()
        self._plays = [
            (seat, tuple(ids_of(seat, tile, in_plays) for tile in tiles), down) for seat, tiles, down in view.plays
        ]
        self._best = max((i for i, (_, tiles, _) in enumerate(view.plays) if tiles), default=0)
        self._led = view.led_suit
        # Picks towards a play (tricks/picks.py): the picker's own; another seat knows of none, so
        # in its samples the picker builds its play afresh.
        self._picked: list[int] = []
        if view.picked and observation.current_player == self.seat:
            size = len(view.plays[0][1])
            for tile in view.picked:
                offered = next_picks(own, self._picked, size, t.tiles)
                self._picked.append(next(x for x in offered if t.tiles[x] == tile))

    @staticmethod
    def _leader_of(view: Any, t: Any) -> int:
        """Who leads once the kitty is settled: the declarer (the partner under such a contract)."""
        contract = t.contract_named(view.contract, view.doubles_place)
        if contract is not None and contract.declarer.value == "partner":
            return t.partner(view.bidder, len(view.tricks_won))
        first = t.rules.first_leader.value
        return view.bidder if first == "bidder" or contract is not None else view.starter

    def sample(self, rng: random.Random) -> TrickMatch:
        hands = self._deal(rng)
        later = random.Random(rng.getrandbits(64))  # the sample's own deals after this hand
        table = self._table.copy()
        rest = hands[-1]
        hands = hands[:-1]
        if self._turn_up is not None and self._turn_up_holder is not None and self._turn_up_holder != self.seat:
            hands[self._turn_up_holder] |= 1 << self._turn_up
        for seat, mask in enumerate(self._shown):
            if seat != self.seat:
                hands[seat] |= mask
        stock = rest[: self._stock_size]
        if self._turn_up_in_stock:
            stock = [self._turn_up, *stock]  # drawn last
        rest = rest[self._stock_size :]
        if self._passed is not None:
            rest = self._passed.place(table, hands, rest)
        widow, rest = self._undealt.take(rest)
        own = list(self._discards)
        plays = []
        for seat, ids, down in self._plays:  # the trick's plays: a face-down one takes unseen (or own) tiles
            if down:
                source = own if seat == self.seat else rest
                ids, source[:] = tuple(source[-down:]), source[:-down]
            plays.append((seat, ids, not down))
        in_trick = {x for seat, ids, up in plays if seat == self.seat and not up for x in ids}
        own = [x for x in self._own_laid if x not in in_trick]
        table.redeal(hands, stock, rest, own, self.seat, plays, self._laid)
        self._undealt.place(table, widow)
        if self._shown_any:
            table.declared.shown = self._shown.copy()
            table.declared.lead_from = self._lead_from
        return TrickMatch.resumed(self._rules, table, self._phase(plays), later)

    def _phase(self, plays: list[tuple[int, tuple[int, ...], bool]]) -> TrickPhase:
        """The current phase as this seat has seen it, with the trick's `plays` as sampled."""
        name = self._phase_name
        if name == PLAYING:
            return TrickPlaying.seen(self._led, self._trick, plays, self._best, self._picked.copy())
        if name == DISCARDING and self._kind == phases.UNDEALT:
            return TurnUpExchange()  # the dealer lays a tile away for the turned-up tile he took
        if name == DISCARDING:
            return Discarding(self._owed, self._leader)
        if name == PASSING:
            return Passing(self._first)
        if name == MELDING:
            return Melding(self._melds_before)
        return _WAITING[name](self._t)

    def _deal(self, rng: random.Random) -> list[Any]:
        """Per seat its hand's mask (the observer's own), then the undealt tiles' ids; of a few
        tries, the one closest to what the auction said (`misfit`)."""
        misfit = self._misfit
        if misfit is None:
            return self._deal_once(rng)
        played = self._played
        best, least = None, float("inf")
        for _ in range(FIT_ATTEMPTS):
            found = self._deal_once(rng)
            miss = misfit([h | p for h, p in zip(found[:-1], played, strict=True)])
            if miss < least:
                best, least = found, miss
                if miss <= 0:
                    break
        return best  # type: ignore[return-value]

    def _deal_once(self, rng: random.Random) -> list[Any]:
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
    return match.dealt_hands


def round_over(match: TrickMatch, key: int) -> bool:
    """Whether the hand a determinization started in (`round_key` then) is over, or the match."""
    return match.is_over or match.dealt_hands != key


# The tree path's steps (engine/search.py): the match's own, called as functions of the match.
legal_now = TrickMatch.legal_now
advance = TrickMatch.advance


def _laid(view: TrickView, observation: Observation, t: TrickTables, n: int) -> Laid:
    """Who laid how many tiles face down this hand, as every seat knows it: the hands thrown in or
    exchanged (a hand's size each, in call order), the discards (an exchange's by the seat that
    exchanged, else the kitty's by its taker), and per seat the tiles laid face down to the
    tricks taken so far (the hand's trick events)."""
    size = t.hand_size
    aside = [seat for seat, kind in view.calls if kind in (DROP, EXCHANGE) for _ in range(size)]
    discarded = view.kitty - view.to_discard
    exchanged = [seat for seat, kind in view.calls if kind == EXCHANGE]
    if exchanged:
        calls = t.rules.calls
        per = calls.exchange[n] - size if calls is not None else 0
        seats = [seat for seat in exchanged for _ in range(per)][:discarded]
    elif view.turn_up_taken:  # the dealer's, for the turned-up tile he took (stock.take_turn_up)
        seats = [view.dealer] * discarded
    else:
        seats = [view.bidder] * discarded if view.bidder is not None else []
    face_down = [0] * n
    for event in reversed(observation.history):
        if event["type"] == "deal":
            break
        for seat, count in event.get("face_down", ()) if event["type"] == "trick" else ():
            face_down[seat] += count
    return Laid(aside, seats, face_down)


def _phase_of(view: Any, unbid: bool, declared: bool, players: int) -> str:
    """The phase of a view that does not name it: the play once trumps are known, the
    declaration once every seat has bid, else the auction."""
    if view.declaration is not None or (declared and unbid):
        return PLAYING
    if view.bidder is not None and len(view.bids) == players:
        return DECLARING
    return BIDDING


def resample(match: Match, seat: int, rng: random.Random) -> TrickMatch:
    """A match in which every tile hidden from `seat` is dealt again at random, consistent with what
    `seat` has seen. Built from `match.observation(seat)` only: `match.resample`."""
    return TrickDeterminizer(match.ruleset, match.observation(seat)).sample(rng)


register_resampler(Family.TRICKS, resample)
