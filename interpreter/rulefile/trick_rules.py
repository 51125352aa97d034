"""The compiled rules of the trick family: an auction, a declaration of trumps, tricks, and the
scoring of a hand. A `Ruleset` of family `tricks` carries one `TrickRules` (docs/format.md,
"Trick games"); the layout sections of such a ruleset are unused.

Every structural choice is a named option (an Enum) and every computed value an `Expr`, as in
the layout family; nothing here names a game.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from interpreter.expressions.language import Expr, Type
from interpreter.rulefile.ruleset import COUNT_NAMES


class AllPass(enum.Enum):
    """When every seat passes in the auction: the hand is dealt again by the next dealer, or the
    last seat to speak (the dealer) may not pass and must bid."""

    REDEAL = "redeal"
    FORCED = "forced"


class Rounds(enum.Enum):
    """How long the auction goes on: one round (each seat bids once or passes), or round after round
    until all but the high bidder have passed (a seat that passes is out of the auction)."""

    ONCE = "once"
    UNTIL_PASSES = "until_passes"


class Trump(enum.Enum):
    """What a bidder may declare as trumps: one of the suits (a number), the doubles as a suit of
    their own, or no trumps at all ("follow me")."""

    SUITS = "suits"
    DOUBLES = "doubles"
    NONE = "none"


class DoublePlace(enum.Enum):
    """Where a double ranks in its suit: above every other tile of it, or below; or the doubles
    are a suit of their own (led, a double calls for a double; ranked by pips)."""

    HIGH = "high"
    LOW = "low"
    OWN_SUIT = "own_suit"


class Aim(enum.Enum):
    """What a contract's side must do to make it: take at least what the bid makes (points), take
    every trick, or take none."""

    BID = "bid"
    ALL_TRICKS = "all_tricks"
    NO_TRICKS = "no_tricks"


class Declarer(enum.Enum):
    """Who names the trumps of a contract and leads its first trick: the bidder or the partner."""

    BIDDER = "bidder"
    PARTNER = "partner"


class FirstLeader(enum.Enum):
    """Who leads the first trick of a hand: the winner of the auction, or the hand's starter (the
    seat that bid first, or led first in a game without bidding)."""

    BIDDER = "bidder"
    STARTER = "starter"


# The names a hand's score may read, for one side (`scoring.hand`).
HAND_NAMES: dict[str, Type] = {
    **COUNT_NAMES,
    "round": Type.INT,
    "score": Type.INT,  # the side's score before this hand
    "points": Type.INT,  # tricks × trick points + the count of the captured tiles + the last trick's bonus
    "opp_points": Type.INT,  # the same for every other side together
    "tricks": Type.INT,  # tricks the side took
    "count": Type.INT,  # the count of the tiles it captured alone
    "last_trick": Type.BOOL,  # it took the last trick played
    "bidder": Type.BOOL,  # it won the auction
    "bid": Type.INT,  # the winning bid's value (0 without an auction)
    "bid_marks": Type.INT,  # what the winning bid is worth (its marks)
    "made": Type.BOOL,  # the bidder's side took at least what the bid must make
}


# The names a contract's `requires` may read, of the bidder's hand as dealt.
BIDDER_HAND_NAMES: dict[str, Type] = {
    **COUNT_NAMES,
    "doubles": Type.INT,  # doubles held
    "tiles": Type.INT,  # tiles held
    "count": Type.INT,  # the count (tricks.count) of the tiles held
    "longest": Type.INT,  # the most tiles held of one suit (a pip), doubles included
}


@dataclass(frozen=True)
class Contract:
    """A named declaration beyond trumps (a house rule's special contract), made by the winner of
    the auction in place of trumps.

    - `min_bid`: the winning bid must be at least this.
    - `requires`: a condition over the bidder's hand (BIDDER_HAND_NAMES) to declare it.
    - `bid`: a seat whose hand meets `requires` may bid this value over any lower standing bid,
      whatever the ladder (`SpecialBid.after`) says; a seat that won the auction that way must
      declare this contract.
    - `trumps`: fixed trumps (none, doubles), or None: the declarer names them from trumps.choices.
    - `declarer`: who names trumps and leads the first trick.
    - `doubles`: where doubles rank in this contract.
    - `partner_out`: the bidder's partner lays the hand face down and plays no tile.
    - `aim`: what the bidder's side must do to make it.
    - `rank`: over TILE_NAMES; when given there are no suits: a tile ranks by it, a seat must play
      one of its highest-ranked tiles, and the highest takes the trick (the first of equals).
    """

    name: str
    min_bid: int | None
    requires: Expr | None
    bid: int | None
    trumps: Trump | None
    declarer: Declarer
    doubles: DoublePlace
    partner_out: bool
    aim: Aim
    rank: Expr | None


@dataclass(frozen=True)
class SpecialBid:
    """A named bid beyond the numbers (e.g. "2 marks"). `value` places it among the bids (a bid
    must be higher than the last), `make` is what the bidder's side must then take, `marks` what
    it is worth. With `after`, it may only be bid over a standing bid of exactly that value."""

    name: str
    value: int
    make: int
    marks: int
    after: int | None = None


@dataclass(frozen=True)
class Bidding:
    """Bids from the starter on: each seat in turn bids higher than the standing bid or passes,
    once (`rounds: once`) or until all but the high bidder have passed (`until_passes`). Number
    bids run `min`..`max` by `step`, are worth `marks`, and must make their value."""

    min: int
    max: int
    step: int
    marks: int
    special: tuple[SpecialBid, ...]
    all_pass: AllPass
    kitty: bool = False  # the undealt tiles go to the auction's winner, who discards as many
    rounds: Rounds = Rounds.ONCE

    def values(self) -> tuple[int, ...]:
        """Every bid there is, in order."""
        return (*range(self.min, self.max + 1, self.step), *(s.value for s in self.special))


@dataclass(frozen=True)
class TrickRules:
    bidding: Bidding | None  # None: no auction; trumps as `trumps` fixes them
    trumps: frozenset[Trump]  # what the bidder may declare (one member and no auction: fixed)
    fixed_trump: int | None  # without an auction: the suit that is trumps (None: none)
    doubles: DoublePlace  # a double's place in its suit (and in the suit of doubles, by pips)
    must_follow: bool  # a seat that holds the suit led must play it
    first_leader: FirstLeader
    trick_points: int  # what each trick is worth
    last_trick: int  # a bonus for taking the last trick
    count: Expr  # over TILE_NAMES: what a captured tile counts
    stop_when_decided: bool  # the hand ends once the contract is made or set for certain
    hand: Expr  # over HAND_NAMES: what each side scores at the end of a hand
    contracts: tuple[Contract, ...] = ()  # special contracts the bidder may declare instead of trumps
