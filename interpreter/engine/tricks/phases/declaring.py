"""The declaration of a trick hand: the auction's winner names trumps, or a special contract
(docs/format.md, `contracts`) whose declarer may then name trumps; then the play begins."""

from __future__ import annotations

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import CLOSE, DOUBLES, NO_TRUMPS, TRUMPS, Action
from interpreter.engine.tricks.phases import CLOSE_WHY, DECLARING, TrickPhase, entry, playing
from interpreter.engine.tricks.table import TrickTable
from interpreter.rulefile.trick_rules import Declarer, FirstLeader, Trump


class Declaring(TrickPhase):
    kind = phases.DECLARATION
    name = DECLARING

    def legal(self, table: TrickTable) -> list[Action]:
        """In suit order, then the contracts."""
        return _declarations(table)

    def apply(self, table: TrickTable, action: Action) -> None:
        table.events.append((ev.ACTION, table.current, action))
        self.finish(declare(table, action.value))  # type: ignore[arg-type]  # a declaration's value

    def why_illegal(self, table: TrickTable, action: Action) -> str:
        if action.kind == CLOSE:
            return CLOSE_WHY
        if action.kind != TRUMPS:
            return "trumps are named now"
        return f"{action.value} is not a choice now"


def _declarations(table: TrickTable) -> list[Action]:
    """What the declarer may declare now (Auction.declarations)."""
    bidder = table.auction.bidder
    assert bidder is not None
    return table.auction.declarations(table.t, table.contract, table.hands[bidder])


@entry("declaration")
def after_turn_up(table: TrickTable) -> TrickPhase:
    """The declaration of the seat that accepted the turned-up suit, once the dealer took the tile."""
    table.current = table.auction.bidder  # type: ignore[assignment]  # the auction was won
    return after_auction(table)


def after_auction(table: TrickTable) -> TrickPhase:
    """The phase after an auction the current seat won: its declaration, or the play when it has
    nothing to choose."""
    if table.t.names_suit is not None:  # the winning bid named the trumps (bidding.names_suit)
        return declare(table, table.auction.suit)
    declarations = _declarations(table)
    if len(declarations) == 1 and declarations[0].value not in table.t.contracts:
        return declare(table, declarations[0].value)  # type: ignore[arg-type]  # trumps: no action of the bidder's
    return Declaring()


def declare(table: TrickTable, value: int | str | None) -> TrickPhase:
    """Trumps (a pip, DOUBLES, NO_TRUMPS) or a special contract's name, from the current seat: the
    phase that follows (the declarer naming trumps under a contract, else the play)."""
    t = table.t
    bidder = table.auction.bidder
    assert bidder is not None
    contract = t.contracts.get(value) if isinstance(value, str) else None
    if contract is not None:
        table.contract = contract
        partner = t.partner(bidder, table.sides)
        if contract.partner_out:
            table.out = partner
        declarer = partner if contract.declarer is Declarer.PARTNER else bidder
        if contract.trumps is None and t.over_turn_up:  # under the suit the auction made
            return playing.start(table, t.suits(table.auction.suit, contract), declarer)  # type: ignore[arg-type]
        if contract.trumps is None:  # the declarer names trumps next
            table.current = declarer
            return Declaring()
        declaration = DOUBLES if contract.trumps is Trump.DOUBLES else NO_TRUMPS
        return playing.start(table, t.suits(declaration, contract), declarer)
    if table.contract is not None:  # the contract's declarer named trumps, and leads
        return playing.start(table, t.suits(value, table.contract), table.current)  # type: ignore[arg-type]
    first = t.rules.first_leader
    return playing.start(table, t.suits(value), bidder if first is FirstLeader.BIDDER else table.starter)  # type: ignore[arg-type]
