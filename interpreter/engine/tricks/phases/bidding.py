"""The auction of a trick hand: from the starter on, each seat bids higher than the standing bid
or passes (tricks/auction.py keeps the bids, on the table: the hand's later phases read them).
When everyone passed the hand is dealt again; else the hand goes on (the winner declares)."""

from __future__ import annotations

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import BID, PASS, Action
from interpreter.engine.tricks.phases import BIDDING, TrickPhase, enter, entry, hand_over
from interpreter.engine.tricks.phases.turn_up_auction import TurnUpAuction
from interpreter.engine.tricks.suits import suit_name
from interpreter.engine.tricks.table import TrickTable
from interpreter.engine.tricks.tables import TrickTables


def auction(t: TrickTables) -> TrickPhase:
    """The auction of a hand of these rules: of number bids, or over the turned-up suit."""
    return TurnUpAuction() if t.over_turn_up else Bidding()


class Bidding(TrickPhase):
    kind = phases.AUCTION
    name = BIDDING

    def legal(self, table: TrickTable) -> list[Action]:
        """Passes first, then bids from the lowest."""
        t = table.t
        may_pass = not (t.forced or table.redeals >= table.ruleset.start.max_redeals)
        return table.auction.legal(t, table.n, table.hands[table.current], may_pass)

    def apply(self, table: TrickTable, action: Action) -> None:
        seat = table.current
        table.events.append((ev.ACTION, seat, action))
        auction = table.auction
        auction.record(table.t, seat, action, table.hands[seat])
        following = auction.next_seat(table.t, table.n, seat)
        if following is not None:
            table.current = following
            return
        if auction.bidder is None:  # everyone passed: deal again (bounded by start.max_redeals)
            table.redeals += 1
            self.finish(enter(phases.DEAL, table))  # a cycle: the sequence goes back to the deal
            return
        table.redeals = 0
        bid = table.t.bid_of[auction.high]  # type: ignore[index]
        contract = {"type": "contract", "seat": auction.bidder, "bid": bid.value, "name": bid.name, "make": bid.make,
                    "marks": bid.marks}  # fmt: skip
        if auction.suit is not None:  # the suit the bid named: trumps (bidding.names_suit)
            contract["suit"] = auction.suit
        table.events.append(contract)
        table.current = auction.bidder
        self.finish(hand_over(table, self.kind))

    def why_illegal(self, table: TrickTable, action: Action) -> str:
        if action.kind == PASS:
            return "everyone else passed: you must bid"
        if action.kind != BID:
            return "it is the auction: bid or pass"
        t = table.t
        if t.names_suit is not None:
            suit = action.half
            if suit is None:
                return "a bid names its suit here, as in 'bid 30 in 5'"
            if suit not in table.auction.suits_to_name(t, table.hands[table.current]):
                name = suit_name(suit, t.max_pip + 1) if suit <= t.max_pip else f"{suit}s"
                return f"you hold no tile of the {name}: a bid in {name} is not yours to make"
        high, top = table.auction.high or 0, table.auction.raise_limit(table.t)
        if top is not None and isinstance(action.value, int) and action.value > max(top, high):
            return f"a bid of {action.value} raises the standing bid of {high} by more than {table.t.max_raise}"
        low = min((a.value for a in self.legal(table) if a.kind == BID), default=None)  # type: ignore[type-var]
        return f"a bid of {action.value} is not allowed now" + (f"; the lowest bid now is {low}" if low else "")


@entry(phases.AUCTION)
def start(table: TrickTable) -> TrickPhase | None:
    """The auction from the starter on, in a hand with one."""
    return auction(table.t) if table.t.rules.bidding is not None else None
