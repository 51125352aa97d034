"""The declaration of a trick hand: the auction's winner names trumps, or a special contract
(docs/format.md, `contracts`) whose declarer may then announce the doubles' place (`doubles:
declared`) and name trumps; then the hand goes on (the play, after a kitty's discards or a passing
where the file's sequence puts them). Which of these the phase asks is read from the
table (a contract still to place its doubles, a contract still to name trumps), so a phase rebuilt
from what a seat has seen (tricks/determinize.py) asks the same."""

from __future__ import annotations

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import CLOSE, DOUBLES, NO_TRUMPS, PLACE, PLACES, TRUMPS, Action
from interpreter.engine.tricks.phases import CLOSE_WHY, DECLARING, TrickPhase, entry, hand_over, playing
from interpreter.engine.tricks.suits import Suits
from interpreter.engine.tricks.table import TrickTable
from interpreter.rulefile.trick_rules import Contract, Declarer, FirstLeader, Trump

# What a contract's declarer may announce of the doubles (contracts[].doubles: declared), in DoublePlace's order.
_PLACES = [Action(PLACE, value=place) for place in PLACES]


class Declaring(TrickPhase):
    kind = phases.DECLARATION
    name = DECLARING

    def legal(self, table: TrickTable) -> list[Action]:
        """The doubles' places while a contract's declarer is to announce one; else the
        declarations, in suit order, then the contracts."""
        if _placing(table):
            return list(_PLACES)
        return _declarations(table)

    def apply(self, table: TrickTable, action: Action) -> None:
        table.events.append((ev.ACTION, table.current, action))
        if action.kind == PLACE:
            contract = table.t.contract_named(table.contract.name, action.value)  # type: ignore[union-attr, arg-type]
            assert contract is not None
            table.contract = contract
            self.finish(_contract_play(table, contract, table.current))
            return
        self.finish(declare(table, action.value))  # type: ignore[arg-type]  # a declaration's value

    def why_illegal(self, table: TrickTable, action: Action) -> str:
        if action.kind == CLOSE:
            return CLOSE_WHY
        if _placing(table):
            return f"the doubles' place is announced now: {', '.join(str(a) for a in _PLACES)}"
        if action.kind != TRUMPS:
            return "trumps are named now"
        return f"{action.value} is not a choice now"


def _placing(table: TrickTable) -> bool:
    """Whether the declared contract's declarer is to announce the doubles' place now."""
    return table.contract is not None and table.contract.doubles_declared


def _declarations(table: TrickTable) -> list[Action]:
    """What the declarer may declare now (Auction.declarations)."""
    bidder = table.auction.bidder
    assert bidder is not None
    return table.auction.declarations(table.t, table.contract, table.hands[bidder])


@entry(phases.DECLARATION)
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
        if contract.doubles_declared:  # the declarer announces the doubles' place next
            table.current = declarer
            return Declaring()
        return _contract_play(table, contract, declarer)
    if table.contract is not None:  # the contract's declarer named trumps, and leads
        return _declared(table, t.suits(value, table.contract), table.current)  # type: ignore[arg-type]
    first = t.rules.first_leader
    return _declared(table, t.suits(value), bidder if first is FirstLeader.BIDDER else table.starter)  # type: ignore[arg-type]


def _contract_play(table: TrickTable, contract: Contract, declarer: int) -> TrickPhase:
    """What follows a contract declared (its doubles placed): the declarer naming trumps, or the play."""
    t = table.t
    if contract.trumps is None and t.over_turn_up:  # under the suit the auction made
        return _declared(table, t.suits(table.auction.suit, contract), declarer)  # type: ignore[arg-type]
    if contract.trumps is None:  # the declarer names trumps next
        table.current = declarer
        return Declaring()
    declaration = DOUBLES if contract.trumps is Trump.DOUBLES else NO_TRUMPS
    return _declared(table, t.suits(declaration, contract), declarer)


def _declared(table: TrickTable, suits: Suits, leader: int) -> TrickPhase:
    """The hand is played under `suits`, `leader` leading: the phase after the declaration."""
    playing.settle(table, suits, leader)
    return hand_over(table, phases.DECLARATION)
