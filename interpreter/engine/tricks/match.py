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
from interpreter.engine import limits, phases
from interpreter.engine.actions import (
    BID,
    CLOSE,
    DISCARD,
    DOUBLES,
    DROP,
    EXCHANGE,
    KEEP,
    NO_TRUMPS,
    PASS,
    PICK,
    PLAY,
    TRUMPS,
    Action,
    IllegalAction,
)
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.layout.dealing import shuffle
from interpreter.engine.match import Match, register
from interpreter.engine.observation import LayoutView, Observation, TrickView
from interpreter.engine.scoring import goal, score_error, winners
from interpreter.engine.tiles import Tile, bits, normal, tile_text
from interpreter.engine.tricks.auction import Auction
from interpreter.engine.tricks.picks import next_picks, pick_towards, picks_for
from interpreter.engine.tricks.stockpile import StockPile
from interpreter.engine.tricks.suits import Suits, suit_name
from interpreter.engine.tricks.tables import TrickTables, trick_tables_for
from interpreter.expressions.language import MAX_VALUE
from interpreter.rulefile.ruleset import Family, Ruleset, StartCriterion
from interpreter.rulefile.trick_rules import Aim, Contract, Declarer, FirstLeader, LedSuit, Trump

BIDDING, DECLARING, DISCARDING, PLAYING = "bidding", "declaring", "discarding", "playing"
CALLING = "calling"  # keep, drop or exchange, seat by seat, before the first lead (calls)
_CLOSE, _KEEP, _DROP, _EXCHANGE = Action(CLOSE), Action(KEEP), Action(DROP), Action(EXCHANGE)
_KIND_OF = {
    BIDDING: phases.AUCTION, DECLARING: phases.DECLARATION, DISCARDING: phases.DISCARD, CALLING: phases.CALLS,
    PLAYING: phases.TRICKS,
}  # fmt: skip
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
        self._events.append(ev.match_header(ruleset.name, ruleset.digest, seed, players, self._sides, self._scores))
        self._winners: tuple[int, ...] = ()
        self._over = False
        self._round = 0
        self._starter = -1
        self._redeals = 0
        self._dealt_hands = 0  # deals so far, redeals included: what a search's playout stops at
        self._previous_winner: int | None = None  # a seat of the side that gained most last hand
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
        stocked = t.rules.stock is not None or t.rules.calls is not None
        if scripted is not None:
            if len(scripted.hands) != n:
                raise ValueError(f"the scripted deal of round {self._round} does not give {n} hands")
            held = 0
            hands = []
            for hand in scripted.hands:
                try:
                    mask = t.mask_of(hand, held)
                except ValueError as error:
                    raise ValueError(f"the scripted deal of round {self._round}: {error}") from None
                hands.append(mask)
                held |= mask
            try:
                drawn = t.mask_of(scripted.boneyard, held)
            except ValueError as error:
                raise ValueError(f"the scripted deal of round {self._round}: {error}") from None
            stock = [x for tile in scripted.boneyard for x in bits(drawn) if t.tiles[x] == tile]
            stock = list(dict.fromkeys(stock))  # in the order given (copies of a tile are alike)
            held |= drawn
            dead = [x for x in range(len(t.tiles)) if not (held >> x) & 1]
        else:
            pool = list(range(len(t.tiles)))
            shuffle(self._rng, pool)
            hands = [sum(1 << x for x in pool[i * size : (i + 1) * size]) for i in range(n)]
            dead = pool[n * size :]
            stock = dead if stocked else []
            dead = [] if stocked else dead
        self._hands = hands
        self._dead = dead
        # The stock, next tile to draw last (pop()); the turned-up tile is drawn last of all.
        self._stock = StockPile(stock[::-1])
        self._claimed: int | None = None  # the side whose tricks.stop_when ended the hand
        self._absent = 0  # mask of the seats playing no tile this hand (dropped, or a contract's partner_out)
        self._dropped = 0  # mask of the seats that dropped out (calls)
        self._set_aside: list[tuple[int, int]] = []  # (tile, seat) of hands thrown in or exchanged: out of play
        self._calls: list[tuple[int, str]] = []  # (seat, keep/drop/exchange), in order
        self._led: int | None = None  # the suit of the trick on the table
        self._trick_no = 0  # tricks taken so far this hand
        how = self._pick_starter(scripted)
        self._dealer = (self._starter - t.step) % n
        self._auction = Auction()
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
        self._captured = [0] * self._sides  # tiles each side captured
        # Tricks of tiles played together, or laid face down (t.grouped): the trick's plays as
        # (seat, tile ids, shown face up), and which of them leads the trick so far.
        self._plays: list[tuple[int, tuple[int, ...], bool]] = []
        self._best = 0
        self._picked: list[int] = []  # the current seat's picks towards its play (tricks/picks.py)
        self._face_down = [0] * n  # per seat: the tiles it laid face down this hand
        self._contract: Contract | None = None  # a special contract declared in place of trumps
        self._out: int | None = None  # the seat that sits this hand out (a contract's partner_out)
        self._kitty = 0  # tiles of the kitty its taker has still to discard
        self._leader = self._starter  # who leads the first trick once the kitty is settled
        self._discards: list[int] = []  # the tiles laid face down after a kitty or an exchange (hidden from the others)
        self._discard_seats: list[int] = []  # who laid each
        self._then = PLAYING  # what follows the discards: play, or the next seat's call
        self._count = t.count
        dealt = n * size
        rules = t.rules
        self._available = sum(t.count[x] for x in range(len(t.tiles)) if x not in dead)
        self._available += (dealt // n) * rules.trick_points + rules.last_trick
        self._events.append(
            (ev.DEAL, t, self._round, self._starter, how, None, None, hands.copy(), stock.copy(), dead.copy(), [],
             self._redeals)
        )  # fmt: skip
        self._current = self._starter
        self._legal = None
        fixed = t.fixed
        if rules.stock is not None and rules.stock.turn_up and self._stock.tiles:
            # The tile drawn last is turned up; without draws it stays face up out of play.
            up = self._stock.turn(out_of_play=not rules.stock.draw)
            fixed = t.turned_trump(up)
            self._events.append({"type": "turn_up", "tile": [t.low[up], t.high[up]], "trump": fixed})
        if rules.bidding is not None:
            self._phase = BIDDING
        elif rules.calls is not None:
            self._suits = t.suits(fixed)
            self._count = t.count_for(self._suits)
            self._phase = CALLING
            self._call_or_walkover()
        else:
            self._start_play(t.suits(fixed), self._starter)

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
            if rule.criterion is StartCriterion.PREVIOUS_WINNER and self._previous_winner is not None:
                self._starter = self._previous_winner
                return "previous_winner"
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
        may_pass = not (t.forced or self._redeals >= self._rules.start.max_redeals)
        return self._auction.legal(t, self._n, self._hands[self._current], may_pass)

    def _after_bid(self) -> None:
        auction = self._auction
        seat = auction.next_seat(self._t, self._n, self._current)
        if seat is not None:
            self._current = seat
            return
        if auction.bidder is None:  # everyone passed: deal again (bounded by start.max_redeals)
            self._redeals += 1
            self._deal()
            return
        self._redeals = 0
        bid = self._t.bid_of[auction.high]  # type: ignore[index]
        self._events.append(
            {"type": "contract", "seat": auction.bidder, "bid": bid.value, "name": bid.name, "make": bid.make,
             "marks": bid.marks}
        )  # fmt: skip
        self._current = auction.bidder
        declarations = self._declarations()
        if len(declarations) == 1 and declarations[0].value not in self._t.contracts:
            self._declare(declarations[0].value)  # nothing to choose: no action of the bidder's
        else:
            self._phase = DECLARING

    def _declarations(self) -> list[Action]:
        """What the declarer may declare now (Auction.declarations)."""
        bidder = self._auction.bidder
        assert bidder is not None
        return self._auction.declarations(self._t, self._contract, self._hands[bidder])

    def _declare(self, value: int | str | None) -> None:
        """Trumps (a pip, DOUBLES, NO_TRUMPS) or a special contract's name, from the current seat."""
        t = self._t
        bidder = self._auction.bidder
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
        self._count = self._t.count_for(suits)
        self._phase = PLAYING
        if self._out is not None:
            self._absent |= 1 << self._out
        self._current = leader if leader != self._out else self._auction.bidder  # type: ignore[assignment]
        if (self._absent >> self._current) & 1:  # the leader dropped out: the next seat in play leads
            self._current = self._next(self._current)
        bidding = self._t.rules.bidding
        if bidding is not None and bidding.kitty and self._dead and self._auction.bidder is not None:
            # The kitty goes face down to the auction's winner, who discards as many before the lead.
            self._leader = self._current
            bidder = self._current = self._auction.bidder
            tiles = self._t.tiles
            for x in self._dead:
                self._hands[bidder] |= 1 << x
                self._events.append((ev.DRAW, bidder, tiles[x]))
            self._kitty = len(self._dead)
            self._dead = []
            self._phase = DISCARDING
            self._then = PLAYING

    def _discard(self, tile: int) -> None:
        seat = self._current
        self._hands[seat] &= ~(1 << tile)
        self._discards.append(tile)
        self._discard_seats.append(seat)
        self._dead.append(tile)
        self._kitty -= 1
        if self._kitty == 0 and self._then == CALLING:
            self._phase = CALLING
            self._current = self._t.next_seat(seat)
            self._call_or_walkover()
        elif self._kitty == 0:
            t = self._t
            dead = set(self._dead)
            played = sum(h.bit_count() for h in self._hands) // self._n  # the tricks of the hand
            self._available = sum(self._count[x] for x in range(len(t.tiles)) if x not in dead)
            self._available += played * t.rules.trick_points + t.rules.last_trick
            self._phase = PLAYING
            self._current = self._leader

    def _next(self, seat: int) -> int:
        """The next seat to play, past those sitting out."""
        seat = self._t.next_seat(seat)
        while (self._absent >> seat) & 1:
            seat = self._t.next_seat(seat)
        return seat

    # --- calls: keep, drop or exchange, before the first lead -----------------------------------

    def _call_actions(self) -> list[Action]:
        t = self._t
        calls = t.rules.calls
        assert calls is not None
        out = [_KEEP]
        if self._n in calls.drop:
            out.append(_DROP)
        draw = calls.exchange.get(self._n)
        if draw is not None and len(self._stock.tiles) >= draw:
            out.append(_EXCHANGE)
        return out

    def _call(self, kind: str) -> None:
        seat = self._current
        self._calls.append((seat, kind))
        t = self._t
        if kind == DROP:  # the hand goes face down out of play; the seat sits the hand out
            self._set_aside += [(x, seat) for x in bits(self._hands[seat])]
            self._hands[seat] = 0
            self._dropped |= 1 << seat
            self._absent |= 1 << seat
        elif kind == EXCHANGE:  # a fresh hand from the stock, discarded down to a hand's size
            calls = t.rules.calls
            assert calls is not None
            draw = calls.exchange[self._n]
            self._set_aside += [(x, seat) for x in bits(self._hands[seat])]
            self._hands[seat] = 0
            for _ in range(draw):
                self._draw(seat)
            self._kitty = draw - t.hand_size
            if self._kitty:
                self._phase = DISCARDING
                self._then = CALLING
                return
        self._current = t.next_seat(seat)
        self._call_or_walkover()

    def _call_or_walkover(self) -> None:
        """The next seat's call; once every seat has called, the first lead; or, when every other
        side has dropped out, the hand ends unplayed."""
        in_play = {self._seat_side[s] for s in range(self._n) if not (self._dropped >> s) & 1}
        if len(in_play) <= 1:
            self._end_hand()
            return
        if len(self._calls) >= self._n:
            self._start_play(self._suits, self._starter)  # type: ignore[arg-type]
            return
        self._phase = CALLING

    def _draw(self, seat: int) -> None:
        """`seat` draws the stock's next tile."""
        x = self._stock.draw(seat)
        self._hands[seat] |= 1 << x
        self._events.append((ev.DRAW, seat, self._t.tiles[x]))

    # --- tricks ---------------------------------------------------------------------------------

    def _play_mask(self) -> int:
        """The tiles the current seat may play now."""
        hand = self._hands[self._current]
        suits = self._suits
        assert suits is not None
        rules = self._t.rules
        if suits.best_only:  # a ranked contract: one of the highest-ranked tiles held
            ranks = suits.rank[0]
            held = bits(hand)
            best = max(ranks[x] for x in held)
            return sum(1 << x for x in held if ranks[x] == best)
        if not self._trick:
            trumps = hand & suits.trumps
            if trumps and rules.lead_trump is not None and rules.lead_trump(self._lead_env(trumps)):
                return trumps
            return hand
        stock = rules.stock
        if stock is not None and stock.free_while_open and self._stock.open:
            return hand  # no obligations while the stock is open
        allowed = hand
        following = hand & suits.follows[self._led]  # type: ignore[index]
        if following and rules.must_follow:
            allowed = following
        elif not following and rules.must_trump:
            allowed = hand & (suits.trumps | suits.top) or hand
        if rules.must_beat:
            n = len(self._trick)
            trick, led = self._trick, self._led
            winning = sum(1 << x for x in bits(allowed) if suits.winner([*trick, x], led) == n)
            allowed = winning or allowed
        return allowed

    def _lead_env(self, trumps: int) -> dict[str, Any]:
        """The names `tricks.lead_trump` reads (LEAD_NAMES), of the current seat about to lead."""
        seat = self._current
        return {
            **self._t.count_env, "trumps": trumps.bit_count(), "tiles": self._hands[seat].bit_count(),
            "won_last": self._last_winner == seat and self._trick_no > 0, "trick": self._trick_no,
        }  # fmt: skip

    def _lead_actions(self, mask: int) -> list[Action]:
        """The leads of `mask`; where the leader names the suit, a non-trump, non-double tile
        once per end."""
        t = self._t
        suits = self._suits
        assert suits is not None
        if t.rules.led_suit is not LedSuit.LEADER_NAMES:
            return [t.plays[x] for x in bits(mask)]
        out = []
        for x in bits(mask):
            low, high = t.low[x], t.high[x]
            if low == high or (suits.trumps >> x) & 1:
                out.append(t.plays[x])
            else:
                out += [t.named_leads[x][0], t.named_leads[x][1]]
        return out

    def _play(self, tile: int, named: int | None = None) -> None:
        seat = self._current
        suits = self._suits
        assert suits is not None
        self._hands[seat] &= ~(1 << tile)
        self._played[seat] |= 1 << tile
        if self._stock.holder is not None:
            self._stock.played(seat, tile)
        if self._trick:
            led = self._led
            if not (suits.follows[led] >> tile) & 1:  # type: ignore[index]
                self._voids[seat] |= 1 << led  # type: ignore[operator]
        else:
            self._led = suits.led_suit[tile] if named is None else named
        self._trick.append(tile)
        self._trick_seats.append(seat)
        if len(self._trick) < self._n - self._absent.bit_count():
            self._current = self._next(seat)
            return
        self._take_trick()

    def _play_group(self, ids: tuple[int, ...], named: int | None, action: Action) -> None:
        """The current seat plays `ids` (one tile or several together, the play `action`) to a
        trick of plays; laid face down (a DISCARD record: public without its tiles) when it does
        not take the lead of the trick under `tricks.face_down`."""
        t = self._t
        seat = self._current
        suits = self._suits
        assert suits is not None
        mask = sum(1 << x for x in ids)
        self._hands[seat] &= ~mask
        if not self._plays:
            leads = True
            self._led = (suits.led_suit[ids[0]] if named is None else named) if len(ids) == 1 else None
        else:
            leads = self._takes_lead(tuple(sorted(t.tiles[x] for x in ids)))
            if len(ids) == 1 and not (suits.follows[self._led] >> ids[0]) & 1:  # type: ignore[index]
                self._voids[seat] |= 1 << self._led  # type: ignore[operator]
        shown = leads or not t.rules.face_down
        self._events.append((ev.ACTION if shown else ev.DISCARD, seat, action))
        if leads:
            self._best = len(self._plays)
        if shown:
            self._played[seat] |= mask
            self._trick += ids
            self._trick_seats += [seat] * len(ids)
        else:
            self._face_down[seat] |= mask
        self._plays.append((seat, ids, shown))
        if len(self._plays) < self._n - self._absent.bit_count():
            self._current = self._next(seat)
            return
        hidden = [[s, len(x)] for s, x, up in self._plays if not up]
        self._taken(self._plays[self._best][0], [x for _, group, _ in self._plays for x in group], hidden)

    def _takes_lead(self, tiles: tuple[Tile, ...]) -> bool:
        """Whether a play of `tiles` (sorted) would take the lead of the trick of plays on the
        table: one tile that beats the best so far, or a higher combination of its kind."""
        t = self._t
        best = self._plays[self._best][1]
        if len(tiles) == 1:
            return self._suits.winner([best[0], t.index[tiles[0]]], self._led) == 1  # type: ignore[union-attr]
        return t.groups.beats(tiles, tuple(sorted(t.tiles[x] for x in best)))

    def _group_actions(self) -> list[Action]:
        """What the current seat may play to a trick of plays: to lead, a tile (as `_play_mask`
        allows) or a group it holds; to follow, as many tiles as were led."""
        t = self._t
        hand = self._hands[self._current]
        tiles = t.tiles
        if not self._plays:
            out = self._lead_actions(self._play_mask())
            out += [Action.group(g) for g in t.groups.leads(tiles[x] for x in bits(hand))]
            return out
        size = len(self._plays[0][1])
        if size == 1:
            plays = t.plays
            return [plays[x] for x in bits(self._play_mask())]
        # Never every group of `size` tiles (C(hand, size) of them): the tiles to pick next.
        return [Action(PICK, tiles[x]) for x in next_picks(hand, self._picked, size, tiles)]

    def _picking(self) -> int:
        """How many tiles the current seat's play takes when it is built by picks, else 0."""
        if self._phase != PLAYING or not self._t.grouped or not self._plays:
            return 0
        size = len(self._plays[0][1])
        return size if size > 1 else 0

    def _completing(self, action: Action) -> list[int] | None:
        """The ids a whole play `action` still picks, when it is one (the shorthand for its picks)."""
        size = self._picking()
        if not size or not isinstance(action, Action) or action.kind != PLAY or action.tile is None:
            return None
        return picks_for(sorted(action.tiles), self._hands[self._current], self._picked, size, self._t.tiles)

    def _take_trick(self) -> None:
        suits = self._suits
        assert suits is not None
        self._taken(self._trick_seats[suits.winner(self._trick, self._led)], self._trick, [])

    def _taken(self, taker: int, tiles: list[int], face_down: list[list[int]]) -> None:
        """`taker` takes the trick of `tiles` (and of tiles laid face down, [seat, how many])."""
        t = self._t
        side = self._seat_side[taker]
        self._won_tricks[side] += 1
        self._trick_no += 1
        self._captured[side] += len(tiles)
        count = sum(self._count[x] for x in tiles)
        self._won_count[side] += count
        stock = t.rules.stock
        drawing = stock is not None and stock.draw and self._stock.open
        # The last trick: every seat in play is out of tiles (a seat sitting the hand out keeps its own).
        last = not drawing and not any(h for seat, h in enumerate(self._hands) if not (self._absent >> seat) & 1)
        bonus = last and self._stock.closed_by is None  # a closed stock pays no bonus for the last trick
        if bonus:
            self._last_side = side
        shown = [[seat, [t.low[x], t.high[x]]] for seat, x in zip(self._trick_seats, self._trick, strict=True)]
        points = t.rules.trick_points + count + (t.rules.last_trick if bonus else 0)
        trick = {"type": "trick", "seat": taker, "side": side, "tiles": shown, "count": count, "points": points}
        if face_down:
            trick["face_down"] = face_down  # how many tiles each seat laid face down: never which
        self._events.append(trick)
        if drawing:
            seat = taker  # the trick's winner draws first, then the others in turn
            for _ in range(self._n - self._absent.bit_count()):
                if not self._stock.tiles:
                    break
                self._draw(seat)
                seat = self._next(seat)
        self._last_trick = list(zip(self._trick_seats, self._trick, strict=True))
        self._last_winner = taker
        self._trick = []
        self._trick_seats = []
        self._plays = []
        self._best = 0
        self._led = None
        self._current = taker
        if t.rules.stop_when is not None:
            points = [self._side_points(s) for s in range(self._sides)]
            for s in range(self._sides):
                if t.rules.stop_when(self._hand_env(s, points, False)):
                    self._claimed = s
                    self._end_hand()
                    return
        if last or (t.rules.stop_when_decided and self._outcome(False) is not None):
            self._end_hand()

    def _close(self) -> None:
        """The current seat closes the stock: no more draws, and the obligations hold from now."""
        self._stock.close(self._current, self._won_tricks.copy(), [self._side_points(s) for s in range(self._sides)])

    def _hand_env(self, side: int, points: list[int], made: bool) -> dict[str, Any]:
        """The names `scoring.hand` and `tricks.stop_when` read for `side` (HAND_NAMES)."""
        t = self._t
        bid = None if self._auction.high is None else t.bid_of[self._auction.high]
        bidder_side = None if self._auction.bidder is None else self._seat_side[self._auction.bidder]
        closed_by = self._stock.closed_by
        closer = None if closed_by is None else self._seat_side[closed_by]
        at_tricks, at_points = self._stock.at_close
        tricks_at = at_tricks[side] if at_tricks else 0
        points_at = at_points[side] if at_points else 0
        won = self._won_tricks
        if self._dropped:
            seats = [s for s in range(self._n) if self._seat_side[s] == side]
            dropped = all((self._dropped >> s) & 1 for s in seats)
            others = [s for s in range(self._n) if self._seat_side[s] != side]
            walkover = not dropped and all((self._dropped >> s) & 1 for s in others)
            out_sides = {x for x in range(self._sides) if all(
                (self._dropped >> s) & 1 for s in range(self._n) if self._seat_side[s] == x)}  # fmt: skip
        else:
            dropped = walkover = False
            out_sides = set()
        without = sum(1 for x in range(self._sides) if x != side and not won[x] and x not in out_sides)
        return {
            **t.count_env, "round": self._round, "score": self._scores[side], "points": points[side],
            "opp_points": sum(points) - points[side], "tricks": self._won_tricks[side],
            "opp_tricks": sum(self._won_tricks) - self._won_tricks[side],
            "count": self._won_count[side], "last_trick": self._last_side == side,
            "bidder": side == bidder_side, "bid": 0 if bid is None else bid.value,
            "bid_marks": 0 if bid is None else bid.marks, "made": made,
            "claimed": self._claimed == side, "opp_claimed": self._claimed is not None and self._claimed != side,
            "closer": closer == side,
            "opp_closer": closer is not None and closer != side,
            "tricks_at_close": tricks_at, "points_at_close": points_at,
            "opp_tricks_at_close": sum(at_tricks) - tricks_at, "opp_points_at_close": sum(at_points) - points_at,
            "captured": self._captured[side], "opp_without_tricks": without,
            "dropped": dropped, "walkover": walkover,
        }  # fmt: skip

    def _side_points(self, side: int) -> int:
        rules = self._t.rules
        bonus = rules.last_trick if self._last_side == side else 0
        return self._won_tricks[side] * rules.trick_points + self._won_count[side] + bonus

    def _outcome(self, over: bool) -> bool | None:
        """Whether the contract is made (True) or set (False), or None while that is open; with
        `over`, the hand is over and it is one or the other. None without an auction."""
        if self._auction.bidder is None:
            return None
        side = self._seat_side[self._auction.bidder]
        aim = Aim.BID if self._contract is None else self._contract.aim
        if aim is Aim.ALL_TRICKS:
            if any(won for s, won in enumerate(self._won_tricks) if s != side):
                return False
            return True if over else None
        if aim is Aim.NO_TRICKS:
            if self._won_tricks[side]:
                return False
            return True if over else None
        make = self._t.bid_of[self._auction.high].make  # type: ignore[index]
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
        bid = None if self._auction.high is None else t.bid_of[self._auction.high]
        points = [self._side_points(s) for s in range(self._sides)]
        made = self._outcome(True) is True
        hand = rules.hand
        gained = [int(hand(self._hand_env(side, points, made))) for side in range(self._sides)]  # type: ignore[call-overload]
        walkover = self._phase == CALLING
        reason = "made" if made else "set" if bid is not None else "walkover" if walkover else "hand"
        self._previous_winner = self._hand_winner(gained)
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
            {"type": "round_end", "round": self._round, "reason": reason, "seat": self._auction.bidder,
             "hands": [[] for _ in self._hands], "pips": points,
             "scores": self._scores.copy(), "made": made, "bid": None if bid is None else bid.value,
             "claimed": self._claimed, "closed_by": self._stock.closed_by}
        )  # fmt: skip
        done = winners(self._rules.match, self._scores, self._round, self._n, True)
        if done is not None:
            self._over = True
            self._winners = done
            self._events.append(ev.match_end(done, self._scores))
            return
        self._deal()

    def _hand_winner(self, gained: list[int]) -> int | None:
        """The seat a `previous_winner` start picks: of the side that gained the most this hand
        (none when sides tie), the seat that took the hand's last trick if it is one of its own,
        else its first seat in play."""
        best = max(gained)
        if gained.count(best) != 1:
            return None
        side = gained.index(best)
        if self._last_winner is not None and self._seat_side[self._last_winner] == side:
            return self._last_winner
        return next(s for s in range(self._n) if self._seat_side[s] == side)

    # --- the public API -------------------------------------------------------------------------

    @property
    def round(self) -> int:
        return self._round

    @property
    def current_player(self) -> int | None:
        return None if self._over else self._current

    @property
    def phase_kind(self) -> str:
        return _KIND_OF[self._phase]

    @property
    def phase_kinds(self) -> tuple[str, ...]:
        return self._t.phase_kinds

    @property
    def phase(self) -> str:
        """"bidding", "declaring", "calling", "discarding" or "playing"."""
        return self._phase

    def hand(self, seat: int) -> tuple[Tile, ...]:
        tiles = self._t.tiles
        return tuple(tiles[x] for x in bits(self._hands[seat]))

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The stock, next tile to draw first."""
        return tuple(self._t.tiles[x] for x in reversed(self._stock.tiles))

    @property
    def dead(self) -> tuple[Tile, ...]:
        """The tiles out of play this hand: undealt and unused, laid face down (a kitty's discards,
        a hand thrown in or exchanged, tiles played face down), and a turned-up tile left face up."""
        tiles = self._t.tiles
        out = [*self._dead, *(x for x, _ in self._set_aside)]
        for mask in self._face_down:
            out += bits(mask)
        up = self._stock.turn_up
        if up is not None and not self._t.rules.stock.draw:  # type: ignore[union-attr]
            out.append(up)
        return tuple(tiles[x] for x in out)

    @property
    def layout(self) -> LayoutView:
        return _EMPTY_LAYOUT

    @property
    def trick_view(self) -> TrickView:
        t = self._t
        tiles = t.tiles
        bid = None if self._auction.high is None else t.bid_of[self._auction.high]
        suits = self._suits
        pile = self._stock
        return TrickView(
            dealer=self._dealer,
            starter=self._starter,
            bids=tuple(self._auction.bids),
            bidder=self._auction.bidder,
            bid=None if bid is None else bid.value,
            bid_name=None if bid is None else bid.name,
            make=None if bid is None else bid.make,
            declaration=None if suits is None or self._phase in (BIDDING, DECLARING) else suits.declaration,
            trick=tuple((seat, tiles[x]) for seat, x in zip(self._trick_seats, self._trick, strict=True)),
            led_suit=self._led if self._trick else None,
            last_trick=tuple((seat, tiles[x]) for seat, x in self._last_trick),
            last_winner=self._last_winner,
            tricks_won=tuple(self._won_tricks),
            points_won=tuple(self._side_points(s) for s in range(self._sides)),
            played=tuple(tuple(tiles[x] for x in bits(p)) for p in self._played),
            voids=tuple(tuple(bits(v)) for v in self._voids),
            contract=None if self._contract is None else self._contract.name,
            sitting_out=self._out,
            must_declare=None if self._auction.must_declare is None else self._auction.must_declare.name,
            phase=self._phase,
            to_discard=self._kitty,
            kitty=len(self._discards) + self._kitty if self._discards or self._kitty else 0,
            stock=len(pile.tiles),
            turn_up=None if pile.turn_up is None else tiles[pile.turn_up],
            turn_up_holder=pile.holder,
            closed_by=pile.closed_by,
            at_close=tuple(tuple(v) for v in pile.at_close) if pile.at_close[0] else (),
            calls=tuple(self._calls),
            dropped=tuple(s for s in range(self._n) if (self._dropped >> s) & 1),
            suit_names=() if suits is None else suits.names,
            plays=tuple(
                (seat, tuple(tiles[x] for x in ids) if up else (), 0 if up else len(ids))
                for seat, ids, up in self._plays
            ),
            captured=tuple(self._captured),
        )

    def observation(self, seat: int) -> Observation:
        return Observation(
            seat=seat,
            side=self._seat_side[seat],
            round=self._round,
            current_player=self.current_player,
            hand=self.hand(seat),
            hand_counts=tuple(h.bit_count() for h in self._hands),
            boneyard_count=len(self._stock.tiles),
            layout=_EMPTY_LAYOUT,
            scores=self.scores,
            legal_actions=tuple(self.legal_actions()) if seat == self.current_player else (),
            history=self._history(),
            rules=self._rules,
            tricks=self._view_of(seat),
        )

    def _view_of(self, seat: int) -> TrickView:
        """The trick view as `seat` sees it: it also knows the tiles it laid face down itself
        (the kitty's discards, a hand it threw in or exchanged)."""
        view = self.trick_view
        own = [x for x, by in self._set_aside if by == seat]
        own += [x for x, by in zip(self._discards, self._discard_seats, strict=True) if by == seat]
        own += bits(self._face_down[seat])
        tiles = self._t.tiles
        if own:
            view = dataclasses.replace(view, discards=tuple(tiles[x] for x in own))
        if self._picked and seat == self._current:
            view = dataclasses.replace(view, picked=tuple(tiles[x] for x in self._picked))
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
        self._copy_log(new)
        new._auction = self._auction.copy()
        new._trick = self._trick.copy()
        new._trick_seats = self._trick_seats.copy()
        new._won_tricks = self._won_tricks.copy()
        new._won_count = self._won_count.copy()
        new._played = self._played.copy()
        new._voids = self._voids.copy()
        new._discards = self._discards.copy()
        new._plays = self._plays.copy()
        new._picked = self._picked.copy()
        new._captured = self._captured.copy()
        new._face_down = self._face_down.copy()
        new._discard_seats = self._discard_seats.copy()
        new._dead = self._dead.copy()
        new._stock = self._stock.copy()
        new._set_aside = self._set_aside.copy()
        new._calls = self._calls.copy()
        new._rng = rng
        return new

    def legal_actions(self) -> list[Action]:
        """Passes first, then bids from the lowest; declarations in suit order; plays in tile order
        (following a lead of several tiles: the picks, in tile order, never every group)."""
        if self._over:
            return []
        if self._legal is None:
            if self._phase == BIDDING:
                self._legal = self._bid_actions()
            elif self._phase == DECLARING:
                self._legal = self._declarations()
            elif self._phase == DISCARDING:
                tiles = self._t.tiles
                held = dict.fromkeys(tiles[x] for x in bits(self._hands[self._current]))
                self._legal = [Action(DISCARD, tile) for tile in held]
            elif self._phase == CALLING:
                self._legal = self._call_actions()
            elif self._t.grouped:
                self._legal = list(dict.fromkeys(self._group_actions()))
                if not self._plays and self._may_close():
                    self._legal.append(_CLOSE)
            elif self._trick:
                plays = self._t.plays
                legal = [plays[x] for x in bits(self._play_mask())]
                self._legal = list(dict.fromkeys(legal)) if self._t.twins else legal  # a tile twice: once
            else:
                t = self._t
                if t.rules.led_suit is LedSuit.LEADER_NAMES:
                    legal = self._lead_actions(self._play_mask())
                else:
                    plays = t.plays
                    legal = [plays[x] for x in bits(self._play_mask())]
                self._legal = list(dict.fromkeys(legal)) if t.twins else legal
                if self._t.rules.stock is not None and self._may_close():
                    self._legal.append(_CLOSE)
        return self._legal.copy()

    def apply(self, action: Action) -> Sequence[dict[str, Any]]:
        """Do `action` for the current player; the events it produced. IllegalAction leaves all unchanged."""
        legal = self.legal_actions()
        if action not in legal:
            if isinstance(action, Action) and action.kind == PLAY and action.tile is not None:
                action = Action(PLAY, normal(action.tile), value=action.value)
            if action not in legal and self._completing(action) is None:
                raise IllegalAction(self._why_illegal(action))
        start = len(self._events)
        self._legal = None
        self._do(action)
        return self._event_dicts_now()[start:]

    def _may_close(self) -> bool:
        """Whether the seat about to lead may close the stock: it has taken a trick this hand."""
        stock = self._t.rules.stock
        return (
            stock is not None and stock.close and self._stock.open
            and self._won_tricks[self._seat_side[self._current]] > 0
        )  # fmt: skip

    def _held(self, tile: Any) -> int:
        """The id of a copy of `tile` the current seat holds."""
        t = self._t
        if not t.twins:
            return t.index[tile]
        hand = self._hands[self._current]
        return next(x for x in t.copies[tile] if (hand >> x) & 1)

    def _do(self, action: Action) -> None:
        seat = self._current
        if self._phase == DISCARDING:  # face down: the log's public form does not show the tile
            self._events.append((ev.DISCARD, seat, action))
            self._discard(self._held(action.tile))
            return
        self._events.append((ev.ACTION, seat, action))
        if self._phase == CALLING:
            self._call(action.kind)
            return
        if action.kind == CLOSE:
            self._close()
            return
        if self._phase == BIDDING:
            self._auction.record(self._t, seat, action, self._hands[seat])
            self._after_bid()
        elif self._phase == DECLARING:
            self._declare(action.value)
        elif self._t.grouped:
            self._events.pop()  # logged by _play_group (face up, or face down), or as a hidden pick
            if self._picking():
                self._pick(action)
                return
            hand, ids = self._hands[self._current], []
            for tile in action.tiles:
                x = next(i for i in self._t.copies[tile] if (hand >> i) & 1 and i not in ids)
                ids.append(x)
            named = action.value if isinstance(action.value, int) else None
            self._play_group(tuple(ids), named, action)
        else:
            t = self._t
            self._play(self._held(action.tile) if t.twins else t.index[action.tile], action.value)  # type: ignore[arg-type, index]

    def _pick(self, action: Action) -> None:
        """A pick, or a whole play that completes the picks (the shorthand): the play is made once
        the picks hold as many tiles as were led; until then each pick is logged face down (the
        other seats see that a tile was picked, never which)."""
        t = self._t
        if action.kind == PICK:
            offered = next_picks(self._hands[self._current], self._picked, self._picking(), t.tiles)
            self._picked.append(next(x for x in offered if t.tiles[x] == action.tile))
        else:
            self._picked += self._completing(action) or ()
        if len(self._picked) < self._picking():
            self._events.append((ev.DISCARD, self._current, action))
            return
        ids, self._picked = tuple(self._picked), []
        self._play_group(ids, None, Action.group([t.tiles[x] for x in ids]))

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
            return "lay a tile of your hand face down (discard)"
        if phase == CALLING:
            words = " or ".join(a.kind for a in self._legal or ())
            return f"before the first lead, say {words}"
        if action.kind == CLOSE:
            return "you may close the stock only when you lead, once you have taken a trick, while it holds tiles"
        if phase == DECLARING:
            if action.kind != TRUMPS:
                return "trumps are named now"
            return f"{action.value} is not a choice now"
        if action.kind == PICK and self._picking():
            return self._why_pick(action)
        if action.kind != PLAY or action.tile is None:
            return "play a tile to the trick" + (", or pick one towards your play" if self._picking() else "")
        if self._t.grouped:
            return self._why_group(action)
        copies = self._t.copies.get(action.tile, ())
        if not any((self._hands[self._current] >> x) & 1 for x in copies):
            return f"{tile_text(action.tile)} is not in your hand"
        suits = self._suits
        assert suits is not None
        text = tile_text(action.tile)
        if suits.best_only:
            name = "" if self._contract is None else f" ({self._contract.name})"
            return f"you must play one of your highest-ranked tiles{name}: {text} is not one"
        if not self._trick:
            return self._why_lead(action, suits)
        led = self._led
        hand = self._hands[self._current]
        name = suit_name(led, suits.trump, suits.names)  # type: ignore[arg-type]
        if hand & suits.follows[led] and self._t.rules.must_follow and not any(  # type: ignore[index]
            (suits.follows[led] >> x) & 1 for x in copies  # type: ignore[index]
        ):
            return f"you must follow {name}: {text} does not"
        if not hand & suits.follows[led] and self._t.rules.must_trump:  # type: ignore[index]
            return f"you cannot follow {name}, so you must trump: {text} is not a trump"
        return f"you must take the trick if you can: {text} does not"

    def _why_group(self, action: Action) -> str:
        """Why a play to a trick of plays is refused."""
        t = self._t
        held = [t.tiles[x] for x in bits(self._hands[self._current])]
        for tile in action.tiles:
            if action.tiles.count(tile) > held.count(tile):
                return f"{tile_text(tile)} is not in your hand" + (" twice" if held.count(tile) else "")
        text = " ".join(tile_text(tile) for tile in action.tiles)
        if self._plays:
            size = len(self._plays[0][1])
            if len(action.tiles) != size:
                return f"play {size} tile{'s' if size > 1 else ''}: as many as were led"
            if self._picked:
                shown = " ".join(tile_text(t.tiles[x]) for x in self._picked)
                more = size - len(self._picked)
                it = "it" if len(self._picked) == 1 else "them"
                tiles = "one tile" if more == 1 else f"{more} tiles"
                return f"you picked {shown} already: play {it} with {tiles} after {it}"
        elif len(action.tiles) > 1:
            return f"{text} is not a combination you may lead"
        suits = self._suits
        assert suits is not None
        if not self._plays:
            return self._why_lead(action, suits)
        return f"{text} may not be played now"

    def _why_pick(self, action: Action) -> str:
        t = self._t
        text = tile_text(action.tile)  # type: ignore[arg-type]
        held = sum(1 for x in bits(self._hands[self._current]) if t.tiles[x] == action.tile)
        if held <= sum(1 for x in self._picked if t.tiles[x] == action.tile):
            return f"{text} is not in your hand" + (" to pick again" if held else "")
        if self._picked:
            return f"pick a tile after {tile_text(t.tiles[self._picked[-1]])} in your hand: {text} is not"
        return f"{text} leaves too few tiles after it in your hand to finish the play"

    def _why_lead(self, action: Action, suits: Suits) -> str:
        text = tile_text(action.tile)  # type: ignore[arg-type]
        x = self._held(action.tile)
        if (self._play_mask() >> x) & 1:  # the tile may be led: the named suit is wrong or missing
            low, high = action.tile  # type: ignore[misc]
            if self._t.rules.led_suit is not LedSuit.LEADER_NAMES:
                return f"the leader names no suit in this game: play {text} without 'as'"
            if (suits.trumps >> x) & 1 or low == high:
                return f"{text} leads its own suit: play it without 'as'"
            return f"say which end of {text} is the suit led: 'play {text} as {high}' or 'as {low}'"
        return f"you must lead a trump now (you hold {(self._hands[self._current] & suits.trumps).bit_count()})"

    def rule_of_thumb(self) -> Action:
        """The playouts' cheap policy for a tile (`playout`'s `heavy` share): lead the highest trump
        held (the declarers' side; a defender only when no unplayed trump outranks it), else a tile
        no unplayed tile outranks in its suit (the richest count first), else the lowest tile; onto
        a trick the partner is taking, the richest count; against an opponent's, the cheapest tile
        that takes it, else the lowest. Only while playing."""
        suits = self._suits
        assert suits is not None and self._phase == PLAYING
        t = self._t
        if t.grouped:
            return self._group_rule_of_thumb()
        count, trumps = self._count, suits.trumps
        ids = bits(self._play_mask())

        def cheap(x: int) -> tuple[int, int, int]:
            return (count[x], (trumps >> x) & 1, x)

        if not self._trick:
            # A tile on top of its suit takes the trick unless it is trumped: nothing unplayed and
            # outside this hand ranks above it in the suit it leads (what every seat can work out).
            gone = self._hands[self._current]
            for mask in self._played:
                gone |= mask
            unplayed = ~gone & ((1 << len(t.tiles)) - 1)
            rank, follows, led_suit = suits.rank, suits.follows, suits.led_suit

            def on_top(x: int) -> bool:
                suit = led_suit[x]
                return not any(rank[suit][y] > rank[suit][x] for y in bits(unplayed & follows[suit]))

            held = [x for x in ids if (trumps >> x) & 1]
            highest = max(held, key=rank[suits.trump].__getitem__) if held else None
            bidder = self._auction.bidder
            declarers = bidder is not None and self._seat_side[bidder] == self._seat_side[self._current]
            if highest is not None and (declarers or on_top(highest)):
                best = highest  # drawing trumps is the declarers' job; a defender leads only the top one
            else:
                top = [x for x in ids if not (trumps >> x) & 1 and on_top(x)]
                best = max(top, key=lambda x: (count[x], x)) if top else min(ids, key=cheap)
            return self._lead_actions(1 << best)[-1]
        taking = self._trick_seats[suits.winner(self._trick, self._led)]
        if self._seat_side[taking] == self._seat_side[self._current]:
            return t.plays[max(ids, key=lambda x: (count[x], -((trumps >> x) & 1), -x))]
        n = len(self._trick)
        winning = [x for x in ids if suits.winner([*self._trick, x], self._led) == n]
        return t.plays[min(winning, key=lambda x: ((trumps >> x) & 1, x)) if winning else min(ids, key=cheap)]

    def _group_rule_of_thumb(self) -> Action:
        """`rule_of_thumb` for tricks of plays: lead the best group held, else the best tile;
        follow with the cheapest play that takes the lead, else with the lowest tiles."""
        t = self._t
        suits = self._suits
        assert suits is not None
        legal = [a for a in self.legal_actions() if a.kind == PLAY]
        tiles_rank = t.named_rank

        def strength(action: Action) -> tuple[int, int]:
            group = t.groups.of.get(action.tiles)
            if group is not None:
                return (1, group[1])
            x = t.index[action.tile]  # type: ignore[index]
            return (0, max(r[x] for r in suits.rank))

        if not self._plays:
            return max(legal, key=strength)
        size = self._picking()
        if size:  # towards the cheapest group that takes the lead, else the lowest tiles
            held = [t.tiles[x] for x in bits(self._hands[self._current])]
            picked = [t.tiles[x] for x in self._picked]
            return Action(PICK, pick_towards(t.groups, held, picked, size, self._takes_lead,
                                             lambda tile: tiles_rank[t.index[tile]]))  # fmt: skip
        winning = [action for action in legal if self._takes_lead(action.tiles)]
        if winning:
            return min(winning, key=strength)
        return min(legal, key=lambda a: sum(tiles_rank[t.index[tile]] for tile in a.tiles))

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
