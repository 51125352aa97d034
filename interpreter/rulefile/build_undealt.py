"""What becomes of the undealt tiles in a trick file beyond the stock's own keys (docs/format.md,
"The stock", `deal.undealt`, `deal.undealt_face_up`): the dealer taking the turned-up tile for a
discard (`stock.take_turn_up`); the undealt tiles taken with the first or the last trick, or shown
face up, checked against the other claims on them (a kitty, a stock, the calls' exchanges) and
refused in a layout game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.rulefile.ruleset import Deal, Undealt
from interpreter.rulefile.trick_rules import BiddingRules, Bids, CallRules, TakeTurnUp, TrickStock

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder


def take_turn_up(b: _Builder, turn_up: bool, draw: bool) -> TakeTurnUp:
    """`stock.take_turn_up`: a turned-up tile left face up (not the stock's last tile, drawn), and
    calls in which the dealer keeps his hand."""
    taken = b.option(TakeTurnUp, "stock", "take_turn_up")
    if taken is TakeTurnUp.NONE:
        return taken
    path = ("stock", "take_turn_up")
    on_accept = taken is TakeTurnUp.DEALER_ON_ACCEPT
    if not turn_up:
        b.problem(path, "gives the dealer the turned-up tile, so it needs stock.turn_up: true")
    elif draw:
        b.problem(path, "the turned-up tile is the stock's last tile, drawn in turn (stock.draw): nobody takes it")
    elif on_accept and b.get("bidding", "bids") != Bids.TURN_UP.value:
        message = "the dealer takes the turned-up tile when its suit is accepted, so it needs bidding.bids: turn_up"
        b.problem(path, message)
    elif not on_accept and b.get("calls") is None:
        b.problem(path, "the dealer takes the turned-up tile when he keeps his hand, so it needs calls")
    return taken


WITH_A_TRICK = (Undealt.FIRST_TRICK.value, Undealt.LAST_TRICK.value)


def refuse_in_layout(b: _Builder) -> None:
    """A layout file that gives the undealt tiles to a trick, or shows them: said, never ignored."""
    undealt = b.data.get("deal", {}).get("undealt") if isinstance(b.data.get("deal"), dict) else None
    if undealt in WITH_A_TRICK:
        b.problem(("deal", "undealt"), f"{undealt} is for trick games (family: tricks): a layout game has no tricks")
    if b.get("deal", "undealt_face_up"):
        b.problem(("deal", "undealt_face_up"), "is for trick games (family: tricks); this is a layout game", key=True)


def build_undealt(
    b: _Builder, deal: Deal, bidding: BiddingRules | None, stock: TrickStock | None, calls: CallRules | None
) -> bool:
    """Whether the undealt tiles are shown face up, once the claims on them are checked."""
    face_up = bool(b.get("deal", "undealt_face_up"))
    other = _other_claim(bidding, stock, calls)
    if deal.undealt.value in WITH_A_TRICK and other:
        b.problem(("deal", "undealt"), f"{deal.undealt.value} and {other} both claim the undealt tiles; use one")
    if face_up and other:
        b.problem(("deal", "undealt_face_up"), f"{other} takes the undealt tiles unseen: they cannot be shown")
    return face_up


def _other_claim(bidding: BiddingRules | None, stock: TrickStock | None, calls: CallRules | None) -> str:
    """What else takes the undealt tiles: a kitty, a stock, an exchange's draws ("": nothing)."""
    if bidding is not None and bidding.kitty:
        return "bidding.kitty"
    if stock is not None:
        return "a stock"
    if calls is not None and calls.exchange:
        return "calls.exchange"
    return ""
