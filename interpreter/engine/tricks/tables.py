"""What a trick match reads of its rules, worked out once per ruleset and player count: the
tiles and their counts, the bids with what each must make and is worth, the declarations a bidder
may make, and the suits of each declaration (suits.py)."""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.engine.actions import BID, DOUBLES, NO_TRUMPS, TRUMPS, Action
from interpreter.engine.cache import PerRuleset
from interpreter.engine.tiles import Tile, bits
from interpreter.engine.tricks.suits import Declaration, Suits, ranked_suits, suits_for
from interpreter.rulefile.ruleset import Direction, Ruleset
from interpreter.rulefile.trick_rules import AllPass, Contract, DoublePlace, Rounds, TrickRules, Trump

_CACHE_SIZE = 64


@dataclass(frozen=True)
class Bid:
    """One bid of the auction: its place (`value`), what it must make, what it is worth."""

    value: int
    make: int
    marks: int
    name: str  # as a player says it: "30", "2 marks"
    after: int | None  # it may only be bid over a standing bid of exactly this value


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
        self.index = {tile: i for i, tile in enumerate(self.tiles)}
        self.count_env = {"players": players, "max_pip": ruleset.max_pip, "set_size": len(self.tiles)}
        env = self.count_env
        self.count = tuple(
            int(rules.count({**env, "high": h, "low": lo, "pips": lo + h, "is_double": lo == h}))
            for lo, h in self.tiles
        )
        self.hand_size = ruleset.deal.hand_sizes[players]
        self.step = 1 if ruleset.players.direction is Direction.CLOCKWISE else -1
        self.plays = tuple(Action.play(tile) for tile in self.tiles)
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
                    int(rank({**env, "high": h, "low": lo, "pips": lo + h, "is_double": lo == h}))  # type: ignore[misc]
                    for lo, h in self.tiles
                )
                found = ranked_suits(ranks, declaration)
            else:
                found = suits_for(self.tiles, self.max_pip, declaration, doubles)
            self._suits[key] = found
        return found

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

    def partner(self, seat: int, sides: int) -> int:
        """The partner of `seat` in a match of `sides` partnerships of two."""
        return (seat + sides) % self.players

    def ids(self, mask: int) -> list[int]:
        return bits(mask)

    def next_seat(self, seat: int) -> int:
        return (seat + self.step) % self.players


trick_tables_for = PerRuleset(TrickTables, _CACHE_SIZE)
"""`trick_tables_for(ruleset, players)`: the shared tables of a ruleset at a player count."""
