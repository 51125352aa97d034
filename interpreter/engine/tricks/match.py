"""A match of the trick family: hands of an auction, a declaration of trumps and tricks, scored
by the rule file's expression, until the match ends.

A hand goes through three phases. BIDDING: from the starter on, each seat bids once, higher
than the standing bid, or passes (docs/format.md, "Trick games"). DECLARING: the auction's winner
names trumps. PLAYING: tricks of one tile a seat, the bidder (or the starter) leading the first
and each trick's winner the next; a seat must follow the suit led when it can. Without an
auction a hand starts PLAYING under the file's fixed trumps.

The state is small and flat (hands are bitmasks over tile ids), `clone` copies a few lists, and
`apply` changes it in place. Every rule comes from the `Ruleset`; nothing here names a game.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine import limits
from interpreter.engine.actions import (
    BID,
    DISCARD,
    DOUBLES,
    NO_TRUMPS,
    PASS,
    PASS_ACTION,
    PLAY,
    TRUMPS,
    Action,
    IllegalAction,
)
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.layout.dealing import shuffle
from interpreter.engine.match import Match, register
from interpreter.engine.observation import History, LayoutView, Observation, TrickView
from interpreter.engine.scoring import goal, score_error, winners
from interpreter.engine.tiles import Tile, bits, tile_text
from interpreter.engine.tricks.suits import Suits, suit_name
from interpreter.engine.tricks.tables import TrickTables, trick_tables_for
from interpreter.expressions.language import MAX_VALUE
from interpreter.rulefile.ruleset import Family, Ruleset, StartCriterion
from interpreter.rulefile.trick_rules import Aim, Contract, Declarer, FirstLeader, Trump

BIDDING, DECLARING, DISCARDING, PLAYING = "bidding", "declaring", "discarding", "playing"
_EMPTY_LAYOUT = LayoutView(arms=(), lead=None, hub=None, spinners=(), open_doubles=(), tiles=(), ends=(), end_sum=0)


class TrickMatch(Match):
    """A match of the trick family. Public API: as every Match (docs/engine.md)."""

    def __init__(
        self,
        ruleset: Ruleset,
        players: int,
        seed: int = 0,
        deals: Sequence[ScriptedDeal] | None = None,
        scores: Sequence[int] | None = None,
        teams: bool | None = None,
    ) -> None:
        ruleset = self._seat(ruleset, players, teams, scores)
        self._t: TrickTables = trick_tables_for(ruleset, players)
        self._rng = random.Random(seed)
        self._deals = tuple(deals or ())
        self._events: list[ev.Record] = [
            ev.match_header(ruleset.name, ruleset.digest, seed, players, self._sides, self._scores)
        ]
        self._dicts: list[dict[str, Any]] = []
        self._public: list[dict[str, Any]] = []
        self._winners: tuple[int, ...] = ()
        self._over = False
        self._round = 0
        self._starter = -1
        self._redeals = 0
        self._dealt_hands = 0  # deals so far, redeals included: what a search's playout stops at
        self._legal: list[Action] | None = None
        self._deal()

    # --- a hand: the deal, the auction, the declaration ---------------------------------------

    def _deal(self) -> None:
        """Deal the next hand (or the same round again after everyone passed) and open its auction."""
        t = self._t
        self._dealt_hands += 1
        if self._redeals == 0:
            self._round += 1
            if self._round > limits.MAX_ROUNDS:  # a safety bound (limits.py)
                least = goal(self._rules.match) if self._rules.match.target is not None else None
                raise limits.round_limit_error(self._rules.match, self._scores, least, self._round - 1)
        scripted = self._deals[self._round - 1] if self._round <= len(self._deals) else None
        n, size = self._n, t.hand_size
        if scripted is not None:
            hands = [sum(1 << t.index[tile] for tile in hand) for hand in scripted.hands]
            if len(hands) != n or any(h.bit_count() != len(s) for h, s in zip(hands, scripted.hands, strict=True)):
                raise ValueError(f"the scripted deal of round {self._round} does not give {n} hands of distinct tiles")
            held = 0
            for h in hands:
                if held & h:
                    raise ValueError(f"the scripted deal of round {self._round} gives a tile twice")
                held |= h
            dead = [x for x in range(len(t.tiles)) if not (held >> x) & 1]
        else:
            pool = list(range(len(t.tiles)))
            shuffle(self._rng, pool)
            hands = [sum(1 << x for x in pool[i * size : (i + 1) * size]) for i in range(n)]
            dead = pool[n * size :]
        self._hands = hands
        self._dead = dead
        how = self._pick_starter(scripted)
        self._dealer = (self._starter - t.step) % n
        self._bids: list[tuple[int, int | None]] = []
        self._high: int | None = None
        self._bidder: int | None = None
        self._suits: Suits | None = None
        self._trick: list[int] = []
        self._trick_seats: list[int] = []
        self._last_trick: list[tuple[int, int]] = []
        self._last_winner: int | None = None
        self._won_tricks = [0] * self._sides
        self._won_count = [0] * self._sides
        self._last_side: int | None = None
        self._played = [0] * n
        self._voids = [0] * n  # per seat: mask of the suits (1 << suit) it has shown out of
        self._contract: Contract | None = None  # a special contract declared in place of trumps
        self._out: int | None = None  # the seat that sits this hand out (a contract's partner_out)
        self._must_declare: Contract | None = None  # the bidder bid out of the ladder by this contract
        self._kitty = 0  # tiles of the kitty its taker has still to discard
        self._leader = self._starter  # who leads the first trick once the kitty is settled
        self._discards: list[int] = []  # the tiles the kitty's taker laid face down (hidden from the others)
        dealt = n * size
        rules = t.rules
        self._available = sum(t.count[x] for x in range(len(t.tiles)) if x not in dead)
        self._available += (dealt // n) * rules.trick_points + rules.last_trick
        self._events.append(
            (ev.DEAL, t, self._round, self._starter, how, None, None, hands.copy(), [], dead.copy(), [], self._redeals)
        )
        self._current = self._starter
        self._legal = None
        if rules.bidding is not None:
            self._phase = BIDDING
        else:
            self._start_play(t.suits(t.fixed), self._starter)

    def _pick_starter(self, scripted: ScriptedDeal | None) -> str:
        """Who bids (or leads) first this hand, by the file's start criteria; how it was decided."""
        t = self._t
        if self._redeals:  # everyone passed: the next dealer deals again
            self._starter = t.next_seat(self._starter)
            return "redeal"
        if scripted is not None and scripted.starter is not None:
            if not 0 <= scripted.starter < self._n:
                raise ValueError(f"the scripted deal names starter {scripted.starter} of {self._n} seats")
            self._starter = scripted.starter
            return "scripted"
        start = self._rules.start
        for rule in start.first_round if self._round == 1 else start.later_rounds:
            if rule.criterion is StartCriterion.NEXT_SEAT and self._starter >= 0:
                self._starter = t.next_seat(self._starter)
                return "next_seat"
            if rule.criterion is StartCriterion.HOLDER and rule.tile is not None:
                tile = t.index.get(rule.tile)
                holder = next((s for s, h in enumerate(self._hands) if tile is not None and (h >> tile) & 1), None)
                if holder is not None:
                    self._starter = holder
                    return "holder"
            if rule.criterion is StartCriterion.RANDOM:
                self._starter = self._rng.randrange(self._n)
                return "random"
        self._starter = self._rng.randrange(self._n)  # no criterion applied: the loader's checks make this rare
        return "random"

    def _bid_actions(self) -> list[Action]:
        t = self._t
        high = self._high
        out: list[Action] = []
        passed = sum(1 for _, value in self._bids if value is None)
        last = passed == self._n - 1 if t.until_passes else len(self._bids) == self._n - 1
        forced = last and high is None and (t.forced or self._redeals >= self._rules.start.max_redeals)
        if not forced:
            out.append(PASS_ACTION)
        jumps = self._jumps() if t.rules.contracts else {}
        for bid in t.bids:
            if (high is None or bid.value > high) and (bid.after is None or bid.after == high or bid.value in jumps):
                out.append(t.bid_actions[bid.value])
        return out

    def _jumps(self) -> dict[int, Contract]:
        """The bids the current seat may make out of the ladder, by the contracts its hand meets."""
        found: dict[int, Contract] = {}
        for contract in self._t.rules.contracts:
            if contract.bid is not None and contract.bid not in found and self._meets(contract, self._current):
                found[contract.bid] = contract
        return found

    def _meets(self, contract: Contract, seat: int) -> bool:
        """Whether `seat`'s hand meets the contract's `requires`."""
        requires = contract.requires
        return requires is None or bool(requires(self._t.hand_env(self._hands[seat])))

    def _declarations(self) -> list[Action]:
        """What the declarer may declare now: trumps, or a special contract the bid and hand allow."""
        t = self._t
        if self._contract is not None:  # a contract whose declarer names the trumps
            return list(t.declare_actions)
        if self._must_declare is not None:
            return [t.contract_actions[self._must_declare.name]]
        out = list(t.declare_actions)
        high = self._high or 0
        for contract in t.rules.contracts:
            least = contract.min_bid if contract.min_bid is not None else contract.bid
            if (least is None or high >= least) and self._meets(contract, self._bidder):  # type: ignore[arg-type]
                out.append(t.contract_actions[contract.name])
        return out

    def _after_bid(self) -> None:
        t = self._t
        if t.until_passes:  # round after round: a seat that passed is out of the auction
            out = {seat for seat, value in self._bids if value is None}
            if len(out) < self._n - (self._bidder is not None):
                seat = t.next_seat(self._current)
                while seat in out:
                    seat = t.next_seat(seat)
                self._current = seat
                return
        elif len(self._bids) < self._n:
            self._current = t.next_seat(self._current)
            return
        if self._bidder is None:  # everyone passed: deal again (bounded by start.max_redeals)
            self._redeals += 1
            self._deal()
            return
        self._redeals = 0
        bid = self._t.bid_of[self._high]  # type: ignore[index]
        self._events.append(
            {"type": "contract", "seat": self._bidder, "bid": bid.value, "name": bid.name, "make": bid.make,
             "marks": bid.marks}
        )  # fmt: skip
        self._current = self._bidder
        declarations = self._declarations()
        if len(declarations) == 1 and declarations[0].value not in self._t.contracts:
            self._declare(declarations[0].value)  # nothing to choose: no action of the bidder's
        else:
            self._phase = DECLARING

    def _declare(self, value: int | str | None) -> None:
        """Trumps (a pip, DOUBLES, NO_TRUMPS) or a special contract's name, from the current seat."""
        t = self._t
        bidder = self._bidder
        assert bidder is not None
        contract = t.contracts.get(value) if isinstance(value, str) else None
        if contract is not None:
            self._contract = contract
            partner = t.partner(bidder, self._sides)
            if contract.partner_out:
                self._out = partner
            declarer = partner if contract.declarer is Declarer.PARTNER else bidder
            if contract.trumps is None:  # the declarer names trumps next
                self._phase = DECLARING
                self._current = declarer
                return
            declaration = DOUBLES if contract.trumps is Trump.DOUBLES else NO_TRUMPS
            self._start_play(t.suits(declaration, contract), declarer)
            return
        if self._contract is not None:  # the contract's declarer named trumps, and leads
            self._start_play(t.suits(value, self._contract), self._current)  # type: ignore[arg-type]
            return
        first = t.rules.first_leader
        self._start_play(t.suits(value), bidder if first is FirstLeader.BIDDER else self._starter)  # type: ignore[arg-type]

    def _start_play(self, suits: Suits, leader: int) -> None:
        self._suits = suits
        self._phase = PLAYING
        self._current = leader if leader != self._out else self._bidder  # type: ignore[assignment]
        bidding = self._t.rules.bidding
        if bidding is not None and bidding.kitty and self._dead and self._bidder is not None:
            # The kitty goes face down to the auction's winner, who discards as many before the lead.
            self._leader = self._current
            bidder = self._current = self._bidder
            tiles = self._t.tiles
            for x in self._dead:
                self._hands[bidder] |= 1 << x
                self._events.append((ev.DRAW, bidder, tiles[x]))
            self._kitty = len(self._dead)
            self._dead = []
            self._phase = DISCARDING

    def _discard(self, tile: int) -> None:
        seat = self._current
        self._hands[seat] &= ~(1 << tile)
        self._discards.append(tile)
        self._dead.append(tile)
        self._kitty -= 1
        if self._kitty == 0:
            t = self._t
            dead = set(self._dead)
            played = sum(h.bit_count() for h in self._hands) // self._n  # the tricks of the hand
            self._available = sum(t.count[x] for x in range(len(t.tiles)) if x not in dead)
            self._available += played * t.rules.trick_points + t.rules.last_trick
            self._phase = PLAYING
            self._current = self._leader

    def _next(self, seat: int) -> int:
        """The next seat to play, past the one sitting out."""
        seat = self._t.next_seat(seat)
        return self._t.next_seat(seat) if seat == self._out else seat

    # --- tricks ---------------------------------------------------------------------------------

    def _play_mask(self) -> int:
        """The tiles the current seat may play now."""
        hand = self._hands[self._current]
        suits = self._suits
        assert suits is not None
        if suits.best_only:  # a ranked contract: one of the highest-ranked tiles held
            ranks = suits.rank[0]
            held = bits(hand)
            best = max(ranks[x] for x in held)
            return sum(1 << x for x in held if ranks[x] == best)
        if not self._trick or not self._t.rules.must_follow:
            return hand
        following = hand & suits.follows[suits.led_suit[self._trick[0]]]
        return following or hand

    def _play(self, tile: int) -> None:
        seat = self._current
        suits = self._suits
        assert suits is not None
        self._hands[seat] &= ~(1 << tile)
        self._played[seat] |= 1 << tile
        if self._trick:
            led = suits.led_suit[self._trick[0]]
            if not (suits.follows[led] >> tile) & 1:
                self._voids[seat] |= 1 << led
        self._trick.append(tile)
        self._trick_seats.append(seat)
        if len(self._trick) < self._n - (self._out is not None):
            self._current = self._next(seat)
            return
        self._take_trick()

    def _take_trick(self) -> None:
        t = self._t
        suits = self._suits
        assert suits is not None
        taker = self._trick_seats[suits.winner(self._trick)]
        side = self._seat_side[taker]
        self._won_tricks[side] += 1
        count = sum(t.count[x] for x in self._trick)
        self._won_count[side] += count
        last = not any(h for seat, h in enumerate(self._hands) if seat != self._out)
        if last:
            self._last_side = side
        self._events.append(
            {"type": "trick", "seat": taker, "side": side,
             "tiles": [[seat, [t.low[x], t.high[x]]] for seat, x in zip(self._trick_seats, self._trick, strict=True)],
             "count": count, "points": t.rules.trick_points + count + (t.rules.last_trick if last else 0)}
        )  # fmt: skip
        self._last_trick = list(zip(self._trick_seats, self._trick, strict=True))
        self._last_winner = taker
        self._trick = []
        self._trick_seats = []
        self._current = taker
        if last or (t.rules.stop_when_decided and self._outcome(False) is not None):
            self._end_hand()

    def _side_points(self, side: int) -> int:
        rules = self._t.rules
        bonus = rules.last_trick if self._last_side == side else 0
        return self._won_tricks[side] * rules.trick_points + self._won_count[side] + bonus

    def _outcome(self, over: bool) -> bool | None:
        """Whether the contract is made (True) or set (False), or None while that is open; with
        `over`, the hand is over and it is one or the other. None without an auction."""
        if self._bidder is None:
            return None
        side = self._seat_side[self._bidder]
        aim = Aim.BID if self._contract is None else self._contract.aim
        if aim is Aim.ALL_TRICKS:
            if any(won for s, won in enumerate(self._won_tricks) if s != side):
                return False
            return True if over else None
        if aim is Aim.NO_TRICKS:
            if self._won_tricks[side]:
                return False
            return True if over else None
        make = self._t.bid_of[self._high].make  # type: ignore[index]
        have = self._side_points(side)
        if have >= make:
            return True
        taken = sum(self._side_points(s) for s in range(self._sides))
        if over or have + (self._available - taken) < make:
            return False
        return None

    def _end_hand(self) -> None:
        t = self._t
        rules = t.rules
        bid = None if self._high is None else t.bid_of[self._high]
        bidder_side = None if self._bidder is None else self._seat_side[self._bidder]
        points = [self._side_points(s) for s in range(self._sides)]
        made = self._outcome(True) is True
        before = self._scores.copy()
        gained = []
        hand = rules.hand
        for side in range(self._sides):
            env = {
                **t.count_env, "round": self._round, "score": before[side], "points": points[side],
                "opp_points": sum(points) - points[side], "tricks": self._won_tricks[side],
                "count": self._won_count[side], "last_trick": self._last_side == side,
                "bidder": side == bidder_side, "bid": 0 if bid is None else bid.value,
                "bid_marks": 0 if bid is None else bid.marks, "made": made,
            }  # fmt: skip
            gained.append(int(hand(env)))  # type: ignore[call-overload]
        reason = "made" if made else "set" if bid is not None else "hand"
        for side, got in enumerate(gained):
            if not got:
                continue
            total = self._scores[side] + got
            if not -MAX_VALUE <= total <= MAX_VALUE:
                raise score_error(hand, side, total)
            self._scores[side] = total
            self._events.append((ev.SCORE, side, None, got, total, reason))
        # A hand that stops once its contract is decided leaves tiles unplayed: they stay hidden
        # ("hands" is empty), and "pips" holds each side's points taken.
        self._events.append(
            {"type": "round_end", "round": self._round, "reason": reason, "seat": self._bidder,
             "hands": [[] for _ in self._hands], "pips": points,
             "scores": self._scores.copy(), "made": made, "bid": None if bid is None else bid.value}
        )  # fmt: skip
        done = winners(self._rules.match, self._scores, self._round, self._n, True)
        if done is not None:
            self._over = True
            self._winners = done
            self._events.append(ev.match_end(done, self._scores))
            return
        self._deal()

    # --- the public API -------------------------------------------------------------------------

    @property
    def round(self) -> int:
        return self._round

    @property
    def current_player(self) -> int | None:
        return None if self._over else self._current

    @property
    def phase(self) -> str:
        """"bidding", "declaring" or "playing"."""
        return self._phase

    @property
    def events(self) -> list[dict[str, Any]]:
        """The whole log so far (the list itself, kept up to date: read it, do not change it)."""
        out = self._dicts
        if len(out) < len(self._events):
            out += [ev.materialise(r) for r in self._events[len(out) :]]
        return out

    def events_of(self, kind: str) -> list[dict[str, Any]]:
        return [event for event in self.events if event["type"] == kind]

    def _history(self) -> History:
        events = self.events
        out = self._public
        for i in range(len(out), len(events)):
            out.append(ev.public(self._events[i], events[i]))
        return History(out, len(out))

    def hand(self, seat: int) -> tuple[Tile, ...]:
        tiles = self._t.tiles
        return tuple(tiles[x] for x in bits(self._hands[seat]))

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        return ()

    @property
    def dead(self) -> tuple[Tile, ...]:
        return tuple(self._t.tiles[x] for x in self._dead)

    @property
    def layout(self) -> LayoutView:
        return _EMPTY_LAYOUT

    @property
    def trick_view(self) -> TrickView:
        t = self._t
        tiles = t.tiles
        bid = None if self._high is None else t.bid_of[self._high]
        suits = self._suits
        return TrickView(
            dealer=self._dealer,
            starter=self._starter,
            bids=tuple(self._bids),
            bidder=self._bidder,
            bid=None if bid is None else bid.value,
            bid_name=None if bid is None else bid.name,
            make=None if bid is None else bid.make,
            declaration=None if suits is None or self._phase not in (PLAYING, DISCARDING) else suits.declaration,
            trick=tuple((seat, tiles[x]) for seat, x in zip(self._trick_seats, self._trick, strict=True)),
            led_suit=None if not self._trick or suits is None else suits.led_suit[self._trick[0]],
            last_trick=tuple((seat, tiles[x]) for seat, x in self._last_trick),
            last_winner=self._last_winner,
            tricks_won=tuple(self._won_tricks),
            points_won=tuple(self._side_points(s) for s in range(self._sides)),
            played=tuple(tuple(tiles[x] for x in bits(p)) for p in self._played),
            voids=tuple(tuple(bits(v)) for v in self._voids),
            contract=None if self._contract is None else self._contract.name,
            sitting_out=self._out,
            must_declare=None if self._must_declare is None else self._must_declare.name,
            phase=self._phase,
            to_discard=self._kitty,
            kitty=len(self._discards) + self._kitty if self._discards or self._kitty else 0,
        )

    def observation(self, seat: int) -> Observation:
        return Observation(
            seat=seat,
            side=self._seat_side[seat],
            round=self._round,
            current_player=self.current_player,
            hand=self.hand(seat),
            hand_counts=tuple(h.bit_count() for h in self._hands),
            boneyard_count=0,
            layout=_EMPTY_LAYOUT,
            scores=self.scores,
            legal_actions=tuple(self.legal_actions()) if seat == self.current_player else (),
            history=self._history(),
            rules=self._rules,
            tricks=self._view_of(seat),
        )

    def _view_of(self, seat: int) -> TrickView:
        """The trick view as `seat` sees it: the kitty's taker also knows what it discarded."""
        view = self.trick_view
        if seat == self._bidder and self._discards:
            tiles = self._t.tiles
            view = dataclasses.replace(view, discards=tuple(tiles[x] for x in self._discards))
        return view

    def clone(self) -> TrickMatch:
        """An independent copy with the same future (its random stream included)."""
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        return self._copy(rng)

    def _copy(self, rng: random.Random) -> TrickMatch:
        """A copy whose future deals come from `rng` (a determinization brings its own)."""
        new = object.__new__(TrickMatch)
        new.__dict__.update(self.__dict__)
        new._hands = self._hands.copy()
        new._scores = self._scores.copy()
        new._events = self._events.copy()
        new._dicts = []
        new._public = []
        new._bids = self._bids.copy()
        new._trick = self._trick.copy()
        new._trick_seats = self._trick_seats.copy()
        new._won_tricks = self._won_tricks.copy()
        new._won_count = self._won_count.copy()
        new._played = self._played.copy()
        new._voids = self._voids.copy()
        new._discards = self._discards.copy()
        new._dead = self._dead.copy()
        new._rng = rng
        return new

    def legal_actions(self) -> list[Action]:
        """Passes first, then bids from the lowest; declarations in suit order; plays in tile order."""
        if self._over:
            return []
        if self._legal is None:
            if self._phase == BIDDING:
                self._legal = self._bid_actions()
            elif self._phase == DECLARING:
                self._legal = self._declarations()
            elif self._phase == DISCARDING:
                tiles = self._t.tiles
                self._legal = [Action(DISCARD, tiles[x]) for x in bits(self._hands[self._current])]
            else:
                plays = self._t.plays
                self._legal = [plays[x] for x in bits(self._play_mask())]
        return self._legal.copy()

    def apply(self, action: Action) -> Sequence[dict[str, Any]]:
        """Do `action` for the current player; the events it produced. IllegalAction leaves all unchanged."""
        legal = self.legal_actions()
        if action not in legal:
            if isinstance(action, Action) and action.kind == PLAY and action.tile is not None:
                action = Action.play(action.tile)
            if action not in legal:
                raise IllegalAction(self._why_illegal(action))
        start = len(self._events)
        self._legal = None
        self._do(action)
        events = self.events
        return events[start:]

    def _do(self, action: Action) -> None:
        seat = self._current
        if self._phase == DISCARDING:  # face down: the log's public form does not show the tile
            self._events.append((ev.DISCARD, seat, action))
            self._discard(self._t.index[action.tile])  # type: ignore[index]
            return
        self._events.append((ev.ACTION, seat, action))
        if self._phase == BIDDING:
            value = action.value if action.kind == BID else None
            self._bids.append((seat, value))  # type: ignore[arg-type]
            if value is not None:
                bid = self._t.bid_of[value]  # type: ignore[index]
                by_ladder = bid.after is None or bid.after == self._high
                self._must_declare = None if by_ladder else self._jumps()[value]  # type: ignore[index]
                self._high = value  # type: ignore[assignment]
                self._bidder = seat
            self._after_bid()
        elif self._phase == DECLARING:
            self._declare(action.value)
        else:
            self._play(self._t.index[action.tile])  # type: ignore[index]

    def _why_illegal(self, action: object) -> str:
        if self._over:
            return "the match is over"
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        phase = self._phase
        if phase == BIDDING:
            if action.kind == PASS:
                return "everyone else passed: you must bid"
            if action.kind != BID:
                return "it is the auction: bid or pass"
            low = min((a.value for a in self._legal or () if a.kind == BID), default=None)  # type: ignore[type-var]
            return f"a bid of {action.value} is not allowed now" + (f"; the lowest bid now is {low}" if low else "")
        if phase == DISCARDING:
            return "lay a tile of your hand face down (discard): the kitty is yours"
        if phase == DECLARING:
            if action.kind != TRUMPS:
                return "trumps are named now"
            return f"{action.value} is not a choice now"
        if action.kind != PLAY or action.tile is None:
            return "play a tile to the trick"
        tile = self._t.index.get(action.tile)
        if tile is None or not (self._hands[self._current] >> tile) & 1:
            return f"{tile_text(action.tile)} is not in your hand"
        suits = self._suits
        assert suits is not None
        if suits.best_only:
            name = "" if self._contract is None else f" ({self._contract.name})"
            return f"you must play one of your highest-ranked tiles{name}: {tile_text(action.tile)} is not one"
        led = suits.led_suit[self._trick[0]]
        return f"you must follow {suit_name(led, suits.trump)}: {tile_text(action.tile)} does not"

    def rule_of_thumb(self) -> Action:
        """The playouts' cheap policy for a tile (`playout`'s `heavy` share): lead the highest trump
        held, else the lowest tile; onto a trick the partner is taking, the richest count; against
        an opponent's, the cheapest tile that takes it, else the lowest. Only while playing."""
        suits = self._suits
        assert suits is not None and self._phase == PLAYING
        t = self._t
        count, trumps = t.count, suits.trumps
        ids = bits(self._play_mask())

        def cheap(x: int) -> tuple[int, int, int]:
            return (count[x], (trumps >> x) & 1, x)

        if not self._trick:
            held = [x for x in ids if (trumps >> x) & 1]
            best = max(held, key=suits.rank[suits.trump].__getitem__) if held else min(ids, key=cheap)
            return t.plays[best]
        taking = self._trick_seats[suits.winner(self._trick)]
        if self._seat_side[taking] == self._seat_side[self._current]:
            return t.plays[max(ids, key=lambda x: (count[x], -((trumps >> x) & 1), -x))]
        n = len(self._trick)
        winning = [x for x in ids if suits.winner([*self._trick, x]) == n]
        return t.plays[min(winning, key=lambda x: ((trumps >> x) & 1, x)) if winning else min(ids, key=cheap)]

    def playout(self, rng: random.Random, *, until: str = "round", heavy: float = 0.0) -> None:
        """Play random legal actions until the round (`until="round"`) or the match ends.

        A decision with one legal action takes it and draws nothing. One with k > 1 takes
        `legal[int(rng.random() * k)]`; while tiles are played, with `heavy` > 0, it first draws
        `rng.random()`, and below `heavy` plays `rule_of_thumb()` instead. Bids and declarations are
        always random. That is exactly the loop over `legal_actions` and `apply` of
        tests/engine/test_playout.py."""
        if until not in ("round", "match"):
            raise ValueError(f"until must be 'round' or 'match', not {until!r}")
        if not 0.0 <= heavy <= 1.0:
            raise ValueError(f"heavy is a share between 0 and 1, not {heavy!r}")
        rand = rng.random
        round_no = self._round
        while not self._over and (until == "match" or self._round == round_no):
            legal = self.legal_actions()
            k = len(legal)
            if k == 1:
                action = legal[0]
            elif heavy and self._phase == PLAYING and rand() < heavy:
                action = self.rule_of_thumb()
            else:
                action = legal[int(rand() * k)]
            self._legal = None
            self._do(action)

register(Family.TRICKS, TrickMatch)
