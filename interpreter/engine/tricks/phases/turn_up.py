"""The dealer taking the turned-up tile for a discard (docs/format.md, `stock.take_turn_up`): once
the dealer keeps his hand (or its suit is accepted in the auction), the turned-up tile joins it
(everybody sees that) and he lays one tile away: a tile of his own, face down (the others never
see which), or the turned-up tile itself, which then lies face up again, out of play, for all to
see. Then the calls go on (or the maker declares)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import DISCARD, Action
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.phases import DISCARDING, TrickPhase, enter, entry, hand_over
from interpreter.engine.tricks.phases.turn_up_auction import turned_down
from interpreter.engine.tricks.table import TrickTable
from interpreter.rulefile.trick_rules import TakeTurnUp


def offered(table: TrickTable, seat: int) -> bool:
    """Whether `seat`, keeping its hand, is offered the turned-up tile: it deals, and the file says so."""
    stock = table.t.rules.stock
    return (
        stock is not None
        and stock.take_turn_up.value == "dealer_may"
        and seat == table.dealer
        and table.stock.turn_up is not None
        and not table.stock.taken
    )


def take(table: TrickTable, seat: int) -> TrickPhase:
    """`seat` takes the turned-up tile into its hand: the phase in which it lays one away."""
    up = table.stock.turn_up
    assert up is not None
    table.hands[seat] |= 1 << up
    table.stock.taken, table.stock.holder = True, seat
    low, high = table.t.tiles[up]
    table.events.append({"type": "take_turn_up", "seat": seat, "tile": [low, high]})
    return TurnUpExchange()


class TurnUpExchange(TrickPhase):
    kind = phases.UNDEALT
    name = DISCARDING  # what a player does in it is a discard: the front ends show it as one

    def legal(self, table: TrickTable) -> list[Action]:
        """A tile of the hand, each once, in tile order (the turned-up tile among them)."""
        tiles = table.t.tiles
        return [Action(DISCARD, tile) for tile in dict.fromkeys(tiles[x] for x in bits(table.hands[table.current]))]

    def apply(self, table: TrickTable, action: Action) -> None:
        seat = table.current
        tile = table.held(action.tile)
        table.hands[seat] &= ~(1 << tile)
        if tile == table.stock.turn_up:  # left: face up again, out of play, seen by everybody
            table.events.append((ev.ACTION, seat, action))
            table.stock.taken, table.stock.holder = False, None
        else:  # face down: only the dealer knows it
            table.events.append((ev.DISCARD, seat, action))
            table.discards.append(tile)
            table.discard_seats.append(seat)
            table.dead.append(tile)
        if _on_accept(table):  # its suit was accepted in the auction: the maker's declaration next
            table.current = table.auction.bidder  # type: ignore[assignment]  # the auction was won
            self.finish(hand_over(table, self.kind))
            return
        table.current = table.t.next_seat(seat)
        self.finish(enter(phases.CALLS, table))  # a cycle: back to the calls

    def why_illegal(self, table: TrickTable, action: Action) -> str:
        return "lay a tile of your hand away (discard): the turned-up tile to leave it, or one of yours"

    def describe(self, table: TrickTable, seat: int) -> Mapping[str, Any]:
        # The tiles laid face down so far (an exchange before him) and the one he owes, as a
        # discard phase counts them: the same view whichever of the two phases a seat is in.
        return {"phase": self.name, "phase_kind": self.kind, "to_discard": 1, "kitty": len(table.discards) + 1}


def _on_accept(table: TrickTable) -> bool:
    """Whether the dealer takes the turned-up tile once its suit is accepted in the auction
    (`dealer_on_accept`), rather than by his own call when he keeps his hand (`dealer_may`)."""
    stock = table.t.rules.stock
    return stock is not None and stock.take_turn_up is TakeTurnUp.DEALER_ON_ACCEPT


@entry(phases.UNDEALT)
def in_turn(table: TrickTable) -> TrickPhase | None:
    """In the sequence's turn, after the auction: the dealer's exchange when the turned-up suit
    was accepted (not turned down for another suit named). Else nothing: with `dealer_may` the
    dealer's exchange is entered by his own call (`take`, from calls.py), during the calls."""
    if not (_on_accept(table) and table.auction.bidder is not None and not turned_down(table)):
        return None
    table.current = table.dealer
    return take(table, table.dealer)
