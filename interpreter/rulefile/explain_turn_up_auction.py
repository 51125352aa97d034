"""What `domino explain` says of an auction over the turned-up suit (`bidding.bids: turn_up`,
`bidding.make`, `bidding.second_round`) and of the dealer taking the turned-up tile once its suit
is accepted (`stock.take_turn_up: dealer_on_accept`), and the words of `explain --diff` for them;
explain_tricks.py takes them from here."""

from __future__ import annotations

import enum
from typing import Any

from interpreter.rulefile.ruleset import Ruleset
from interpreter.rulefile.trick_rules import AllPass, BiddingRules, Bids, SecondRound, TakeTurnUp

LABELS = {
    "tricks.bidding.bids": "what a player bids",
    "tricks.bidding.make": "what the side that makes trumps must take",
    "tricks.bidding.make_marks": "what making trumps is worth",
    "tricks.bidding.second_round": "what follows when everyone passes the turned-up suit",
}
ENUM_WORDS: dict[enum.Enum, str] = {
    Bids.NUMBERS: "numbers",
    Bids.TURN_UP: "the turned-up suit (accepted, or passed)",
    SecondRound.NONE: "nothing more",
    SecondRound.OTHER_SUIT: "a second round naming another suit",
    TakeTurnUp.DEALER_ON_ACCEPT: "the dealer, for a discard, once its suit is accepted",
}


def one_bid(a: Ruleset, b: Ruleset, fields_a: dict[str, Any], fields_b: dict[str, Any]) -> None:
    """Two auctions over the turned-up suit have one bid each, kept as min = max = make: the
    `explain --diff` fields say it once, as `make`, and its marks as what making trumps is worth."""
    if not all(r.tricks is not None and r.tricks.bidding is not None and r.tricks.bidding.over_turn_up for r in (a, b)):
        return
    for fields in (fields_a, fields_b):
        fields["tricks.bidding.make"] = fields.pop("tricks.bidding.min")
        fields["tricks.bidding.make_marks"] = fields.pop("tricks.bidding.marks")
        del fields["tricks.bidding.max"]


def auction(ruleset: Ruleset, bidding: BiddingRules, side: str) -> list[str]:
    """The auction over the turned-up suit, in sentences (`side`: who must make the mark)."""
    direction = ruleset.players.direction.value
    points = f"{bidding.min} point{'' if bidding.min == 1 else 's'}"
    out = [
        f"The starter speaks first, then each player in turn ({direction}), the dealer last: each accepts the suit "
        "of the turned-up tile as trumps, or passes. The first to accept closes the auction and makes trumps; "
        f"{side} must then take at least {points}."
    ]
    again = ""
    if bidding.second_round is SecondRound.OTHER_SUIT:
        out.append(
            "If everyone passes, the turned-up tile is turned down, and each player in turn from the starter may "
            "name another suit as trumps, or pass; the first to name one closes the auction and makes trumps."
        )
        again = " again"
    if bidding.all_pass is AllPass.REDEAL:
        out.append(
            f"If everyone passes{again}, nobody scores: the tiles are shuffled and dealt again, and the next player "
            f"starts the hand (a safety bound: after {ruleset.start.max_redeals} such deals in a row, the dealer may "
            "not pass)."
        )
    else:
        must = "name a suit" if again else "accept"
        out.append(f"If everyone else has passed{again}, the dealer may not pass: he must {must}.")
    return out


def turned_up(higher: str, kept: str, take: TakeTurnUp) -> list[str]:
    """The turned-up tile in an auction over its suit (`higher`: which of its ends is the suit;
    `kept`: where it stays): offered as trumps, and who takes it."""
    out = [
        f"After the deal a tile of the stock is turned up: {higher} (a double: its own number) is the suit offered "
        f"as trumps in the auction; {kept}."
    ]
    if take is TakeTurnUp.DEALER_ON_ACCEPT:
        out.append(
            "When its suit is accepted, the dealer takes the turned-up tile into his hand and lays one tile away "
            "in its place, face down (or the turned-up tile itself, which then stays face up, out of play)."
        )
    return out
