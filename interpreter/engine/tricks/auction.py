"""One hand's auction in a trick game: the bids in order, the standing bid and who holds it,
what each seat may bid, whose turn it is next, and what the winner may declare.

docs/format.md ("Trick games", `bidding` and `contracts`) states the rules; this object holds
only the auction's own state, and reads hands through the trick tables (`TrickTables.hand_env`)
when a contract asks what a hand holds.
"""

from __future__ import annotations

from interpreter.engine.actions import BID, PASS_ACTION, Action
from interpreter.engine.tricks.tables import TrickTables
from interpreter.rulefile.trick_rules import Contract, NamesSuit


class Auction:
    """The bids of one hand, from its starter on."""

    __slots__ = ("bidder", "bids", "high", "must_declare", "suit")

    def __init__(self) -> None:
        self.bids: list[tuple[int, int | None]] = []  # (seat, bid value), None for a pass
        self.high: int | None = None  # the standing bid's value
        self.bidder: int | None = None  # who holds it
        self.must_declare: Contract | None = None  # the contract whose `bid` its holder's hand bound it to
        self.suit: int | None = None  # the suit the standing bid names (bidding.names_suit)

    def copy(self) -> Auction:
        new = Auction()
        new.bids, new.high, new.bidder, new.must_declare = self.bids.copy(), self.high, self.bidder, self.must_declare
        new.suit = self.suit
        return new

    def legal(self, t: TrickTables, players: int, hand: int, may_pass: bool) -> list[Action]:
        """A pass (unless the seat must bid), then every bid above the standing one that the
        ladder, or a contract the seat's `hand` meets, allows, from the lowest."""
        high = self.high
        out: list[Action] = []
        last = self.passes() == players - 1 if t.until_passes else len(self.bids) == players - 1
        if not (last and high is None and not may_pass):
            out.append(PASS_ACTION)
        jumps = self.jumps(t, hand) if t.rules.contracts else {}
        top = self.raise_limit(t)
        suits = self.suits_to_name(t, hand) if t.names_suit is not None else ()  # once, not once a bid
        for bid in t.bids:
            if high is not None and bid.value <= high:
                continue
            in_ladder = bid.after is None or bid.after == high
            within = top is None or bid.value <= top
            if (in_ladder and within) or bid.value in jumps:  # a contract's bid jumps both limits
                if t.names_suit is None:
                    out.append(t.bid_actions[bid.value])
                else:  # once per suit the seat may name
                    out += [t.suit_bid_actions[bid.value, p] for p in suits]
        return out

    @staticmethod
    def suits_to_name(t: TrickTables, hand: int) -> list[int]:
        """The suits a bid of `hand` may name (bidding.names_suit): any, or those of a tile it holds."""
        if t.names_suit is NamesSuit.ANY:
            return list(range(len(t.showing)))
        return [p for p, showing in enumerate(t.showing) if showing & hand]

    def raise_limit(self, t: TrickTables) -> int | None:
        """The highest bid the ladder allows now under `bidding.max_raise` (None: no limit)."""
        return None if t.max_raise is None else (self.high or 0) + t.max_raise

    @staticmethod
    def jumps(t: TrickTables, hand: int) -> dict[int, Contract]:
        """The bids a hand may make out of the ladder, by the contracts it meets."""
        found: dict[int, Contract] = {}
        for contract in t.rules.contracts:
            if contract.bid is not None and contract.bid not in found and meets(t, contract, hand):
                found[contract.bid] = contract
        return found

    def record(self, t: TrickTables, seat: int, action: Action, hand: int) -> None:
        """`seat` (holding `hand`) bids or passes."""
        value = action.value if action.kind == BID else None
        self.bids.append((seat, value))  # type: ignore[arg-type]
        if value is None:
            return
        # A contract's `bid` binds whoever bids its value with a hand that meets it, whether the bid
        # jumped out of the ladder or is also a bid of the ladder (docs/format.md, `contracts`).
        self.must_declare = self.jumps(t, hand).get(value) if t.rules.contracts else None  # type: ignore[arg-type]
        self.high = value  # type: ignore[assignment]
        self.bidder = seat
        self.suit = action.half

    def make(self, seat: int, value: int, suit: int) -> None:
        """`seat` makes `suit` trumps with the one bid there is (bidding.bids: turn_up), worth `value`."""
        self.bids.append((seat, value))
        self.high, self.bidder, self.suit = value, seat, suit

    def passes(self) -> int:
        """The passes so far."""
        return sum(1 for _, value in self.bids if value is None)

    def next_seat(self, t: TrickTables, players: int, current: int) -> int | None:
        """Who bids next after `current`, or None when the auction is over."""
        if t.until_passes:  # round after round: a seat that passed is out of the auction
            out = {seat for seat, value in self.bids if value is None}
            if len(out) < players - (self.bidder is not None):
                seat = t.next_seat(current)
                while seat in out:
                    seat = t.next_seat(seat)
                return seat
            return None
        return t.next_seat(current) if len(self.bids) < players else None

    def declarations(self, t: TrickTables, contract: Contract | None, hand: int) -> list[Action]:
        """What the declarer may declare: trumps, or a special contract the bid and the bidder's
        `hand` allow (after a contract whose declarer names trumps: the trumps)."""
        if contract is not None:
            return list(t.declare_actions)
        if self.must_declare is not None:
            return [t.contract_actions[self.must_declare.name]]
        # After an auction over the turned-up suit, the suit it made, or a contract under it.
        out = [t.declare_actions[self.suit]] if t.over_turn_up and self.suit is not None else list(t.declare_actions)
        high = self.high or 0
        for c in t.rules.contracts:
            least = c.min_bid if c.min_bid is not None else c.bid
            if (least is None or high >= least) and meets(t, c, hand):
                out.append(t.contract_actions[c.name])
        return out


def meets(t: TrickTables, contract: Contract, hand: int) -> bool:
    """Whether a hand (a mask of tile ids) meets the contract's `requires`."""
    requires = contract.requires
    return requires is None or bool(requires(t.hand_env(hand)))
