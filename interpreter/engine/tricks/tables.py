"""What a trick match reads of its rules, worked out once per ruleset and player count: the
tiles and their counts, the bids with what each must make and is worth, the declarations a bidder
may make, and the suits of each declaration (suits.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from interpreter.engine.actions import BID, DOUBLES, NO_TRUMPS, PLAY, TRUMPS, Action
from interpreter.engine.cache import PerRuleset
from interpreter.engine.tiles import Tile, bits
from interpreter.engine.tricks.groups import Groups
from interpreter.engine.tricks.suits import Declaration, Suits, named_suits, ranked_suits, suits_for
from interpreter.expressions.language import Value
from interpreter.rulefile.ruleset import Direction, Ruleset, Undealt
from interpreter.rulefile.trick_rules import (
    AllPass,
    Contract,
    DoublePlace,
    LedSuit,
    NamesSuit,
    PassTo,
    Rounds,
    Ties,
    TrickRules,
    Trump,
)

_CACHE_SIZE = 64


@dataclass(frozen=True)
class Bid:
    """One bid of the auction: its place (`value`), what it must make, what it is worth."""

    value: int
    make: int
    marks: int
    name: str  # as a player says it: "30", "2 marks"
    after: int | None  # it may only be bid over a standing bid of exactly this value


def number(value: Value) -> int:
    """A number expression's value as an int (a condition's True as 1): the loader checked its type."""
    assert not isinstance(value, tuple), "a number expression gives a number"
    return int(value)


class TrickTables:
    def __init__(self, ruleset: Ruleset, players: int) -> None:
        rules = ruleset.tricks
        assert rules is not None, "a trick match needs a ruleset of the trick family"
        self.ruleset = ruleset
        self.rules: TrickRules = rules
        self.players = players
        self.max_pip = ruleset.max_pip
        self.tiles: tuple[Tile, ...] = ruleset.set_tiles()
        self.low = tuple(t[0] for t in self.tiles)
        self.high = tuple(t[1] for t in self.tiles)
        # A set may hold a tile twice (set.tiles): `index` gives its first id, `copies` all of them.
        copies: dict[Tile, tuple[int, ...]] = {}
        for i, tile in enumerate(self.tiles):
            copies[tile] = (*copies.get(tile, ()), i)
        self.copies = copies
        self.index = {tile: ids[0] for tile, ids in copies.items()}
        self.twins = len(copies) < len(self.tiles)  # the set holds some tile twice
        # tricks.ties: bidder_side: the auction winner's side takes a trick among equal tiles.
        self.ties_to_bidder = rules.ties is Ties.BIDDER_SIDE
        self.count_env = {"players": players, "max_pip": ruleset.max_pip, "set_size": len(self.tiles)}
        # The pips' ranks (tricks.pip_order): order[pip] -> its rank.
        order = [0] * (ruleset.max_pip + 1)
        for place, pip in enumerate(rules.pip_order or range(ruleset.max_pip + 1)):
            order[pip] = place
        self.order = tuple(order)
        self.top = sum(1 << i for tile in rules.top for i in copies.get(tile, ()))
        self.named_rank = tuple(named.rank for named in rules.named) or (0,) * len(self.tiles)
        self._counts: dict[tuple[int, int], tuple[int, ...]] = {}
        self._layable: dict[tuple[int, int], int] = {}  # per trumps: the tiles a kitty's taker may lay away
        # Tiles played together, or laid face down: tricks are of plays (match.py, _play_group).
        self.groups = Groups(rules.combinations, {tile: len(ids) for tile, ids in copies.items()})
        self.grouped = bool(rules.combinations) or rules.face_down
        self.count = self._count_of(0, -1)  # what a tile counts before trumps are known
        self.hand_size = ruleset.deal.hand_sizes[players]
        self.step = 1 if ruleset.players.direction is Direction.CLOCKWISE else -1
        self.plays = tuple(Action.play(tile) for tile in self.tiles)
        # A lead whose suit the leader names (tricks.led_suit: leader_names): per tile, as its low
        # end and as its high end.
        self.named_leads = tuple(
            (Action(PLAY, tile, value=tile[0]), Action(PLAY, tile, value=tile[1])) for tile in self.tiles
        )
        # A double led calling the doubles as a suit (tricks.doubles_callable), per tile id.
        self.doubles_leads = tuple(Action(PLAY, tile, value=DOUBLES) for tile in self.tiles)
        bidding = rules.bidding
        bids: list[Bid] = []
        if bidding is not None:
            bids += [Bid(v, v, bidding.marks, str(v), None) for v in range(bidding.min, bidding.max + 1, bidding.step)]
            bids += [Bid(s.value, s.make, s.marks, s.name, s.after) for s in bidding.special]
        self.bids = tuple(bids)
        self.bid_of = {bid.value: bid for bid in bids}
        self.bid_actions = {bid.value: Action(BID, value=bid.value) for bid in bids}
        self.forced = bidding is not None and bidding.all_pass is AllPass.FORCED
        self.until_passes = bidding is not None and bidding.rounds is Rounds.UNTIL_PASSES
        self.over_turn_up = bidding is not None and bidding.over_turn_up  # bidding.bids: turn_up
        self.phase_kinds = ruleset.phase_kinds  # the kinds of phase a hand goes through (Match.phase_kinds)
        # Per kind of phase, how a hand enters each kind after it (tricks/phases hand_over fills it).
        self.entries_after: dict[str, tuple[Callable[..., object], ...]] = {}
        self.max_raise = None if bidding is None else bidding.max_raise
        # A bid that names its suit (bidding.names_suit): the bids per (value, suit), and per suit
        # the tiles showing it (a holder of one may bid in that suit under `holder`).
        self.names_suit = None if bidding is None or bidding.names_suit is NamesSuit.NONE else bidding.names_suit
        pips = range(ruleset.max_pip + 1) if self.names_suit is not None else range(0)
        self.suit_bid_actions = {(b.value, p): Action(BID, value=b.value, half=p) for b in bids for p in pips}
        self.showing = tuple(
            sum(1 << x for x, (low, high) in enumerate(self.tiles) if p in (low, high)) for p in pips
        )
        # The trick whose winner takes the undealt tiles: 1 the first, -1 the last, 0 none.
        # Tiles shown stay known in the hand until played (a declaration, a meld): `Declared.shown`.
        self.shows = rules.declaration is not None or rules.melds is not None
        self.widow_trick = {Undealt.FIRST_TRICK: 1, Undealt.LAST_TRICK: -1}.get(ruleset.deal.undealt, 0)
        declarations: list[Declaration] = []
        if Trump.SUITS in rules.trumps:
            declarations += range(ruleset.max_pip + 1)
        if Trump.DOUBLES in rules.trumps:
            declarations.append(DOUBLES)
        if Trump.NONE in rules.trumps:
            declarations.append(NO_TRUMPS)
        self.declarations = tuple(declarations)
        self.declare_actions = tuple(Action(TRUMPS, value=d) for d in declarations)
        self.fixed: Declaration = NO_TRUMPS if rules.fixed_trump is None else rules.fixed_trump
        self.contracts = {c.name: c for c in rules.contracts}
        self.contract_actions = {c.name: Action(TRUMPS, value=c.name) for c in rules.contracts}
        self._suits: dict[tuple[Declaration, DoublePlace, str | None], Suits] = {}

    def _count_of(self, trumps: int, trump: int) -> tuple[int, ...]:
        """What each tile counts when captured (tricks.count), under a mask of trump tiles."""
        key = (trumps, trump)
        found = self._counts.get(key)
        if found is None:
            count, env, rank = self.rules.count, self.count_env, self.named_rank
            found = tuple(
                number(count({**env, "high": h, "low": lo, "pips": lo + h, "is_double": lo == h,
                              "is_trump": bool((trumps >> x) & 1), "trump": trump, "rank": rank[x]}))
                for x, (lo, h) in enumerate(self.tiles)
            )  # fmt: skip
            self._counts[key] = found
        return found

    def layable(self, suits: Suits, hand: int) -> int:
        """The tiles of `hand` the kitty's taker may lay away under `suits` (bidding.kitty_discard):
        those the condition allows, or every tile when it allows none of them."""
        condition = self.rules.bidding.kitty_discard if self.rules.bidding is not None else None
        if condition is None:
            return hand
        declaration = suits.declaration
        key = (suits.trumps, declaration if isinstance(declaration, int) else -1)
        mask = self._layable.get(key)
        if mask is None:
            count, env, rank = self._count_of(*key), self.count_env, self.named_rank
            mask = sum(
                1 << x for x, (lo, h) in enumerate(self.tiles)
                if condition({**env, "high": h, "low": lo, "pips": lo + h, "is_double": lo == h, "count": count[x],
                              "is_trump": bool((key[0] >> x) & 1), "trump": key[1], "rank": rank[x]})
            )  # fmt: skip
            self._layable[key] = mask
        return (hand & mask) or hand

    def count_for(self, suits: Suits) -> tuple[int, ...]:
        """What each tile counts when captured under the hand's declaration."""
        declaration = suits.declaration
        return self._count_of(suits.trumps, declaration if isinstance(declaration, int) else -1)

    def turned_trump(self, tile: int) -> int:
        """The trump a turned-up tile makes: its higher end (by pip_order); a double, its number."""
        low, high = self.tiles[tile]
        return high if self.order[high] >= self.order[low] else low

    def mask_of(self, tiles: Sequence[Tile], taken: int = 0) -> int:
        """The mask of `tiles` (a tile named twice: two of its copies), using no id in `taken`."""
        mask = 0
        for tile in tiles:
            ids = self.copies.get(tile)
            if ids is None:
                raise ValueError(f"{tile[0]}-{tile[1]} is not a tile of this set")
            free = next((i for i in ids if not ((taken | mask) >> i) & 1), None)
            if free is None:
                raise ValueError(f"{tile[0]}-{tile[1]} is named more times than the set holds it")
            mask |= 1 << free
        return mask

    def contract_named(self, name: str | None, place: str | None = None) -> Contract | None:
        """The contract `name` (None: none) as declared, the doubles where its declarer announced
        them (`place`, a DoublePlace's word; contracts[].doubles: declared)."""
        if name is None:
            return None
        contract = self.contracts.get(name)
        if contract is None or place is None:
            return contract
        return replace(contract, doubles=DoublePlace(place), doubles_declared=False)

    def suits(self, declaration: Declaration, contract: Contract | None = None) -> Suits:
        """The suits of a declaration, under a contract's own doubles or ranks where it has them."""
        doubles = self.rules.doubles if contract is None else contract.doubles
        ranked = contract is not None and contract.rank is not None
        key = (declaration, doubles, contract.name if ranked else None)  # type: ignore[union-attr]
        found = self._suits.get(key)
        if found is None:
            if ranked:
                rank = contract.rank  # type: ignore[union-attr]
                env = self.count_env
                ranks = tuple(
                    number(rank({**env, "high": h, "low": lo, "pips": lo + h, "is_double": lo == h,  # type: ignore[misc]
                                 "is_trump": False, "trump": -1, "rank": self.named_rank[x]}))
                    for x, (lo, h) in enumerate(self.tiles)
                )  # fmt: skip
                found = ranked_suits(ranks, declaration)
            elif self.rules.led_suit is LedSuit.NAMED:
                found = named_suits(tuple(named.suit for named in self.rules.named), self.named_rank, self.top)
            else:
                called, joined = self.rules.doubles_callable, self._joined(declaration)
                found = suits_for(
                    self.tiles, self.max_pip, declaration, doubles, self.order, self.top, called, joined,
                    self.rules.joins_rank,
                )  # fmt: skip
            self._suits[key] = found
        return found

    def _joined(self, declaration: Declaration) -> int:
        """The mask of the tiles that join trumps under a suit of trumps (trumps.joins, a bower)."""
        joins = self.rules.joins
        if joins is None or not isinstance(declaration, int):
            return 0
        env = self.count_env
        return sum(
            1 << x for x, (lo, h) in enumerate(self.tiles)
            if joins({**env, "high": h, "low": lo, "pips": lo + h, "is_double": lo == h, "trump": declaration})
        )  # fmt: skip

    def hand_env(self, mask: int) -> dict[str, int]:
        """The names a contract's `requires` reads of a hand (BIDDER_HAND_NAMES)."""
        ids = bits(mask)
        longest = max((sum(1 for x in ids if pip in self.tiles[x]) for pip in range(self.max_pip + 1)), default=0)
        return {
            **self.count_env,
            "doubles": sum(1 for x in ids if self.low[x] == self.high[x]),
            "tiles": len(ids),
            "count": sum(self.count[x] for x in ids),
            "longest": longest,
        }

    def tie_places(self, seats: list[int], bidder: int | None, sides: int) -> int:
        """Suits.winner's `ahead` for a trick played by `seats` (in order), in a match of `sides`
        sides (a seat's side: seat % sides): under `tricks.ties: bidder_side` the places of the
        auction winner's side, whose tiles take ties; else none, the first of equals."""
        if bidder is None or not self.ties_to_bidder:
            return 0
        side = bidder % sides
        return sum(1 << i for i, seat in enumerate(seats) if seat % sides == side)

    def partner(self, seat: int, sides: int) -> int:
        """The partner of `seat` in a match of `sides` partnerships of two."""
        return (seat + sides) % self.players

    def ids(self, mask: int) -> list[int]:
        return bits(mask)

    def next_seat(self, seat: int) -> int:
        return (seat + self.step) % self.players

    def passes_to(self, seat: int) -> int:
        """The seat `seat` passes its tiles to before play (passing.to)."""
        passing, n = self.rules.passing, self.players
        if passing is not None and passing.to is PassTo.ACROSS:
            return (seat + n // 2) % n
        step = self.step if passing is None or passing.to is PassTo.LEFT else -self.step
        return (seat + step) % n


trick_tables_for = PerRuleset(TrickTables, _CACHE_SIZE)
"""`trick_tables_for(ruleset, players)`: the shared tables of a ruleset at a player count."""
