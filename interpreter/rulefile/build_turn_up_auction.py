"""An auction over the turned-up suit in a trick file (docs/format.md, `bidding.bids: turn_up`):
each player accepts the suit of the tile turned up for trumps, or passes; with `second_round:
other_suit` a suit other than it may be named after everyone passed. Its one bid must make
`bidding.make`. Built beside build_tricks.py's number bids, whose keys it refuses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from interpreter.rulefile.trick_rules import AllPass, BiddingRules, Bids, Contract, SecondRound, TrickStock, Trump

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder

# The number auction's keys, which say nothing of an auction over the turned-up suit.
NUMBER_KEYS = ("min", "max", "step", "special", "rounds", "max_raise", "names_suit", "kitty", "kitty_discard")
# This auction's own keys, which say nothing of number bids.
TURN_UP_KEYS = ("make", "second_round")


def bids_option(b: _Builder) -> Bids:
    return b.option(Bids, "bidding", "bids")


def refuse_turn_up_keys(b: _Builder) -> None:
    """Number bids: `make` and `second_round` belong to an auction over the turned-up suit."""
    for key in TURN_UP_KEYS:
        if _written(b.data, key):
            b.problem(
                ("bidding", key), "is for an auction over the turned-up suit (bidding.bids: turn_up); a number "
                "bid makes its own value", key=True,
            )  # fmt: skip


def turn_up_bidding(b: _Builder, most: Mapping[int, int]) -> BiddingRules:
    """The auction over the turned-up suit: its one bid, to make `make`, worth `marks`."""
    for key in NUMBER_KEYS:
        if _written(b.data, key):
            b.problem(("bidding", key), "is for number bids; an auction over the turned-up suit has none", key=True)
    make = b.get("bidding", "make")
    if make is None:
        b.problem(("bidding", "bids"), "turn_up needs bidding.make: what the side that makes trumps must take")
        make = 0
    fewest = min(most.values(), default=None)
    if fewest is not None and make > fewest:
        b.problem(("bidding", "make"), f"{make} can never be made: a side takes at most {fewest} points in a hand")
    return BiddingRules(
        make, make, 1, b.get("bidding", "marks"), (), b.option(AllPass, "bidding", "all_pass"),
        bids=Bids.TURN_UP, second_round=b.option(SecondRound, "bidding", "second_round"),
    )  # fmt: skip


def check_turn_up_auction(
    b: _Builder, bidding: BiddingRules | None, stock: TrickStock | None, contracts: tuple[Contract, ...] | None
) -> None:
    """The auction is over a tile turned up and left face up; the suit it makes is trumps, so no
    other declaration is made and a contract keeps it."""
    if bidding is None or not bidding.over_turn_up:
        return
    if stock is None or not stock.turn_up:
        message = "turn_up is an auction over the turned-up tile's suit, so it needs stock.turn_up: true"
        b.problem(("bidding", "bids"), message)
    elif stock.draw:
        b.problem(
            ("bidding", "bids"), "turn_up makes the turned-up tile's suit trumps before the play, so the tile is not "
            "the stock's last tile drawn (stock.draw)",
        )  # fmt: skip
    choices = b.get("trumps", "choices")
    if _written(b.data, "choices", "trumps") and set(choices) != {Trump.SUITS.value}:
        b.problem(
            ("trumps", "choices"), "the auction over the turned-up suit makes a suit trumps (bidding.bids: turn_up), "
            "so trumps.choices can only be [suits]",
        )  # fmt: skip
    for i, item in enumerate(b.get("contracts") or ()):
        for key in ("bid", "trumps"):
            if isinstance(item, Mapping) and item.get(key) is not None:
                b.problem(
                    ("contracts", i, key), "the suit made in the auction over the turned-up suit is trumps under "
                    "every contract, and there is one bid; leave it out", key=True,
                )  # fmt: skip


def _written(data: Mapping[str, Any], key: str, section: str = "bidding") -> bool:
    """Whether the file gives `section.key` a value (null is leaving it out)."""
    part = data.get(section)
    return isinstance(part, Mapping) and part.get(key) is not None
