"""The compiled rules of the trick family: an auction, a declaration of trumps, tricks, and the
scoring of a hand. A `Ruleset` of family `tricks` carries one `TrickRules` (docs/format.md,
"Trick games"); the layout sections of such a ruleset are unused.

Every structural choice is a named option (an Enum) and every computed value an `Expr`, as in
the layout family; nothing here names a game.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from interpreter.expressions.language import Expr, Type
from interpreter.rulefile.ruleset import COUNT_NAMES, TILE_NAMES


class AllPass(enum.Enum):
    """When every seat passes in the auction: the hand is dealt again by the next dealer, or the
    last seat to speak (the dealer) may not pass and must bid."""

    REDEAL = "redeal"
    FORCED = "forced"


class NamesSuit(enum.Enum):
    """Whether a number bid names its suit (the winning bid's suit is trumps): no (`none`), in any
    suit (`any`), or only in a suit of a tile the bidder holds (`holder`)."""

    NONE = "none"
    ANY = "any"
    HOLDER = "holder"


class TakeTurnUp(enum.Enum):
    """Who may take the turned-up tile into the hand: nobody (`none`), the dealer when he keeps
    his hand (`dealer_may`), or the dealer once its suit is accepted in a turn-up auction
    (`dealer_on_accept`); he lays one tile away in its place (the turn-up itself: left)."""

    NONE = "none"
    DEALER_MAY = "dealer_may"
    DEALER_ON_ACCEPT = "dealer_on_accept"


class Bids(enum.Enum):
    """What a player bids: a number of points (`numbers`), or the suit of the tile turned up for
    trumps (`turn_up`: accept it or pass; the first to accept closes the auction)."""

    NUMBERS = "numbers"
    TURN_UP = "turn_up"


class SecondRound(enum.Enum):
    """After everyone passed the turned-up suit: nothing more (`none`: bidding.all_pass), or the
    tile is turned down and each may name a suit other than its suit (`other_suit`)."""

    NONE = "none"
    OTHER_SUIT = "other_suit"


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
    are a suit of their own (led, a double calls for a double; ranked by pips, the highest double
    highest, or with `own_suit_low` inverted: the double-blank highest)."""

    HIGH = "high"
    LOW = "low"
    OWN_SUIT = "own_suit"
    OWN_SUIT_LOW = "own_suit_low"

    @property
    def own(self) -> bool:
        """Whether the doubles are a suit of their own."""
        return self in (DoublePlace.OWN_SUIT, DoublePlace.OWN_SUIT_LOW)


# A contract's `doubles: declared`: no place of its own, the declarer announces one (Contract.doubles_declared).
DECLARED_PLACE = "declared"


class LedSuit(enum.Enum):
    """What suit a led tile calls for. `higher_end`: a non-trump tile's higher end (by
    `tricks.pip_order`), a double its own number. `leader_names`: the leader says which end of a
    non-trump, non-double tile is the suit (`play 6-3 as 3`). `named`: every tile belongs to the
    one suit `set.tiles` names for it, ranks by the rank given there, and there are no trumps."""

    HIGHER_END = "higher_end"
    LEADER_NAMES = "leader_names"
    NAMED = "named"


class Ties(enum.Enum):
    """Who takes a trick among equally ranked tiles (`tricks.ties`): `first_played`, the first of
    them; `bidder_side`, a tile of the auction winner's side over an opponent's (a tie does not set
    the bidder), the first played among the same side's."""

    FIRST_PLAYED = "first_played"
    BIDDER_SIDE = "bidder_side"


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
    seat that bid first, or led first in a game without bidding), who may also hand the first lead
    to the next seat (`starter_or_next`)."""

    BIDDER = "bidder"
    STARTER = "starter"
    STARTER_OR_NEXT = "starter_or_next"  # the starter leads, or hands the first lead to the next seat


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


HAND_NAMES.update({
    "opp_tricks": Type.INT,  # tricks every other side took together
    "claimed": Type.BOOL,  # the hand ended because tricks.stop_when held for this side
    "opp_claimed": Type.BOOL,  # the hand ended because tricks.stop_when held for another side
    "closer": Type.BOOL,  # a seat of this side closed the stock
    "opp_closer": Type.BOOL,  # a seat of another side closed the stock
    "tricks_at_close": Type.INT,  # this side's tricks when the stock was closed (0 if it was not)
    "points_at_close": Type.INT,  # this side's points then
    "opp_tricks_at_close": Type.INT,  # the other sides' tricks then
    "opp_points_at_close": Type.INT,  # the other sides' points then
    "captured": Type.INT,  # tiles this side captured in its tricks
    "opp_without_tricks": Type.INT,  # other sides that took no trick
    "dropped": Type.BOOL,  # every seat of this side dropped out of the hand (calls.drop)
    "walkover": Type.BOOL,  # every seat of every other side dropped out: the hand was not played
})


# How the hand was won (issue 29, M16): read by `scoring.hand` and a contract's `score`.
HAND_NAMES.update({
    "all_tricks": Type.BOOL,  # this side took every trick
    "opp_all_tricks": Type.BOOL,  # another side took every trick
    "opp_best": Type.INT,  # the most points any single other side took
    "last_bonus": Type.BOOL,  # the last trick was taken by a play tricks.last_bonus lists
})

# A hand ended by a declaration (declaration.wins_when): Bingo's seven doubles, "invincible".
HAND_NAMES["declared_win"] = Type.BOOL  # this side's declaration ended the hand, won (declaration.wins_when)


# Who holds the deal and what the others called (calls): Loo's dealer playing alone "for the pool".
HAND_NAMES.update({
    "dealer": Type.BOOL,  # this side holds the hand's dealer
    "opp_dropped": Type.INT,  # players of other sides that dropped out of the hand
    "opp_exchanged": Type.BOOL,  # a player of another side exchanged his hand (took the miss)
})


# The names `scoring.pair_factor` reads, of a payment between two sides (issue 29, M18): the side
# that pays or is paid, and the other side of the payment.
PAIR_NAMES: dict[str, Type] = {
    **COUNT_NAMES,
    "started": Type.BOOL,  # this side holds the hand's starter (a banker who leads first)
    "opp_started": Type.BOOL,  # the other side of the payment does
    "settling": Type.BOOL,  # the payment is the hand's settlement (by scoring.collector), not a trick's
}


# The names `tricks.lead_trump` reads, of the seat about to lead a trick.
LEAD_NAMES: dict[str, Type] = {
    **COUNT_NAMES,
    "trumps": Type.INT,  # trumps the leader holds
    "tiles": Type.INT,  # tiles it holds
    "won_last": Type.BOOL,  # it took the last trick (false at a hand's first trick)
    "trick": Type.INT,  # tricks played so far this hand (0: the first)
}


# The names a captured tile's count (`tricks.count`) and a contract's `rank` read, of one tile
# under the hand's trumps: a tile's count may depend on the declaration (Bingo's trump double).
TRICK_TILE_NAMES: dict[str, Type] = {
    **TILE_NAMES,
    "is_trump": Type.BOOL,  # it belongs to trumps (false before trumps are known, and with none)
    "trump": Type.INT,  # the trump pip (-1: no trump pip: none, doubles, or not yet declared)
    "rank": Type.INT,  # its rank as set.tiles gives it (0 when the set gives none)
}


# The names `bidding.kitty_discard` may read, of a tile under the declared trumps: what it counts too.
KITTY_TILE_NAMES: dict[str, Type] = {**TRICK_TILE_NAMES, "count": Type.INT}


class JoinsRank(enum.Enum):
    """Where a tile that joins trumps (`trumps.joins`, a bower) ranks among them."""

    SECOND = "second"  # just below the highest trump
    TOP = "top"
    BOTTOM = "bottom"


# The names `trumps.joins` reads, of one tile under one suit of trumps (`trump`, its pip).
JOINS_NAMES: dict[str, Type] = {**TILE_NAMES, "trump": Type.INT}


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
    - `doubles`: where doubles rank in this contract; with `doubles_declared`, where they rank
      until the declarer announces their place (`doubles: declared`: an action after declaring).
    - `partner_out`: the bidder's partner lays the hand face down and plays no tile.
    - `aim`: what the bidder's side must do to make it.
    - `rank`: over TILE_NAMES; when given there are no suits: a tile ranks by it, a seat must play
      one of its highest-ranked tiles, and the highest takes the trick (the first of equals).
    - `score`: what each side scores when this contract was declared, in place of scoring.hand.
    """

    name: str
    min_bid: int | None
    requires: Expr[bool] | None
    bid: int | None
    trumps: Trump | None
    declarer: Declarer
    doubles: DoublePlace
    partner_out: bool
    aim: Aim
    rank: Expr[int] | None
    score: Expr[int] | None = None  # over HAND_NAMES: each side's score when it is declared, instead of scoring.hand
    doubles_declared: bool = False  # the declarer announces the doubles' place once declaring it (doubles: declared)


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
class BiddingRules:
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
    # The most a bid may exceed the standing bid by (the opening bid: 0); a contract's `bid` that
    # the bidder's hand meets is exempt. None: no limit.
    max_raise: int | None = None
    names_suit: NamesSuit = NamesSuit.NONE  # a bid names its suit, which becomes trumps
    # Over KITTY_TILE_NAMES: the tiles the kitty's taker may lay away (None: any; when none it holds
    # qualifies, any). A kitty tile that may not be laid away is taken for good.
    kitty_discard: Expr[bool] | None = None
    # `turn_up`: the one bid there is accepts the turned-up suit (or, in the second round, names
    # another); it must make `bidding.make`, kept as min = max = make so that the auction's record,
    # `bid`, `bid_marks` and `made` read it as any bid.
    bids: Bids = Bids.NUMBERS
    second_round: SecondRound = SecondRound.NONE

    @property
    def over_turn_up(self) -> bool:
        """Whether the auction is over the turned-up suit (bids: turn_up)."""
        return self.bids is Bids.TURN_UP

    def values(self) -> tuple[int, ...]:
        """Every bid there is, in order."""
        return (*range(self.min, self.max + 1, self.step), *(s.value for s in self.special))


@dataclass(frozen=True)
class NamedTile:
    """What `set.tiles` says of one tile (per tile id): its name, the suit it belongs to under
    `tricks.led_suit: named`, and its rank there. Empty strings and 0 where the file says none.
    `value`: what it counts in a draw-and-discard pair's formula (None: its pips)."""

    name: str = ""
    suit: str = ""
    rank: int = 0
    value: int | None = None


@dataclass(frozen=True)
class TrickStock:
    """The undealt tiles as a stock (`stock` section).

    - `turn_up`: after the deal one stock tile is turned face up; its higher end (by
      `tricks.pip_order`; a double: its number) is trumps for the hand. With `draw` it is the
      stock's last tile; without, it stays face up out of play.
    - `draw`: after each trick its winner, then each other seat in turn, draws a tile while the
      stock lasts.
    - `close`: a seat about to lead, that has taken a trick this hand, may close the stock (`close`):
      nobody draws again, and the last trick's bonus is not paid.
    - `free_while_open`: while the stock is open (neither empty nor closed) a seat may play any
      tile: must_follow, must_trump and must_beat hold only once it is empty or closed.
    """

    turn_up: bool = False
    draw: bool = False
    close: bool = False
    free_while_open: bool = False
    take_turn_up: TakeTurnUp = TakeTurnUp.NONE  # the dealer, keeping, may take the turn-up for a discard

    @property
    def dealer_takes_turn_up(self) -> bool:
        """Whether the dealer may take the turned-up tile (a hand's phase of kind undealt)."""
        return self.take_turn_up is not TakeTurnUp.NONE


@dataclass(frozen=True)
class CallRules:
    """Before the first lead, each seat in turn from the starter says `keep`, `drop` (throw the
    hand in and sit the hand out; at the player counts in `drop`) or `exchange` (lay the hand aside
    face down, draw `exchange[players]` tiles from the stock, and discard down to a hand; only while
    the stock holds that many)."""

    drop: frozenset[int] = frozenset()  # the player counts at which a seat may drop
    exchange: dict[int, int] = field(default_factory=dict)  # per player count: tiles drawn; empty: no exchange


class PassTo(enum.Enum):
    """Whom a seat passes its tiles to before play (`passing.to`): the next seat in the direction
    of play, the seat before it, or the seat opposite."""

    LEFT = "left"

    RIGHT = "right"
    ACROSS = "across"


@dataclass(frozen=True)
class PassingRules:
    """Before the auction or the first lead, each seat from the starter gives `count` tiles, one a
    move, to the seat `to` names; they change hands once every seat has given (`passing`)."""

    count: int
    to: PassTo = PassTo.LEFT


class Shows(enum.Enum):
    """Which tiles a declaration shows to every seat (`declaration.shows`)."""

    DOUBLES = "doubles"  # the doubles in the declarer's hand
    HAND = "hand"  # the whole hand


# The names a declaration's `requires` and `points` read, of the hand about to lead as it stands,
# less the tiles it showed before (a tile is declared once).
DECLARE_NAMES: dict[str, Type] = {
    **COUNT_NAMES,
    "doubles": Type.INT,  # doubles held
    "tiles": Type.INT,  # tiles held
    "trumps": Type.INT,  # trumps held (0 before trumps are known)
    "shown": Type.INT,  # the tiles the declaration would show
    "top_shown": Type.BOOL,  # a tricks.top tile is among them
}

@dataclass(frozen=True)
class Declaration:
    """A declaration that scores (`declaration`): a seat about to lead whose hand (less the tiles it
    showed before) meets `requires` may show the tiles `shows` names among them; its side scores
    `points`, at once or (with `after_trick`) once it has taken a trick, as points taken in the
    hand; with `lead_shown` the declarer then leads one of the tiles shown. A declaration that
    meets `wins_when` ends the hand at once, won by the declarer's side (hand name `declared_win`)."""

    requires: Expr[bool]
    shows: Shows
    points: Expr[int]
    after_trick: bool = False
    lead_shown: bool = True
    wins_when: Expr[bool] | None = None


# The groups of tiles all of a file's combinations stand for together (each way of filling a
# combination's places is one): the engine lists them once per ruleset, searches every hand for
# them and offers those a hand holds as leads, so a file may not ask for millions. The loader
# refuses more (build_groups.py), and the engine again (tricks/groups.py) for a ruleset built
# another way. docs/format.md, "Tiles played together".
MAX_GROUPS = 2000
# The number bids of an auction (bidding.min … max in steps of step): every bid above the
# standing one is a legal move, so a file may not offer thousands (Texas 42 has 12; the named
# bids, at most 32 by the schema, come on top). docs/format.md, "Trick games".
MAX_BIDS = 1000


@dataclass(frozen=True)
class Combination:
    """Tiles led together (`tricks.combinations`): each other seat then plays as many tiles. A
    play of as many tiles takes the lead of the trick when they make a combination of the same
    `kind` with a higher `rank` (the first of equals keeps it). `tiles` has one entry per tile:
    the tiles that may stand there (a pair of Heavens: [6-6], [6-6]; Heaven and a nine: [6-6],
    [3-6, 4-5])."""

    name: str
    tiles: tuple[tuple[tuple[int, int], ...], ...]
    kind: str
    rank: int


@dataclass(frozen=True)
class TrickRules:
    bidding: BiddingRules | None  # None: no auction; trumps as `trumps` fixes them
    trumps: frozenset[Trump]  # what the bidder may declare (one member and no auction: fixed)
    fixed_trump: int | None  # without an auction: the suit that is trumps (None: none)
    doubles: DoublePlace  # a double's place in its suit (and in the suit of doubles, by pips)
    must_follow: bool  # a seat that holds the suit led must play it
    first_leader: FirstLeader
    trick_points: int  # what each trick is worth
    last_trick: int  # a bonus for taking the last trick
    count: Expr[int]  # over TRICK_TILE_NAMES: what a captured tile counts
    stop_when_decided: bool  # the hand ends once the contract is made or set for certain
    hand: Expr[int]  # over HAND_NAMES: what each side scores at the end of a hand
    contracts: tuple[Contract, ...] = ()  # special contracts the bidder may declare instead of trumps
    stock: TrickStock | None = None  # None: the undealt tiles are out of play (or the kitty)
    must_trump: bool = False  # a seat that cannot follow must play a trump (or a `top` tile) if it holds one
    must_beat: bool = False  # of the tiles it may play, a seat must play one that takes the trick if it can
    top: tuple[tuple[int, int], ...] = ()  # tiles that take any trick they are played to (the first played)
    pip_order: tuple[int, ...] = ()  # the pips from lowest to highest rank; empty: 0, 1, ..., max_pip
    led_suit: LedSuit = LedSuit.HIGHER_END
    ties: Ties = Ties.FIRST_PLAYED  # who takes a trick among equally ranked tiles
    lead_trump: Expr[bool] | None = None  # over LEAD_NAMES: when true, a leader holding a trump must lead one
    stop_when: Expr[bool] | None = None  # over HAND_NAMES, per side after each trick: the hand ends (a claim)
    calls: CallRules | None = None  # keep, drop or exchange before the first lead
    named: tuple[NamedTile, ...] = ()  # per tile id, when the file gives set.tiles; else empty
    combinations: tuple[Combination, ...] = ()  # tiles that may be led together
    face_down: bool = False  # a play that does not take the lead of its trick is laid face down
    # over HAND_NAMES, per side: a player for whom it holds cannot take a last trick led with one tile
    forfeit_last: Expr[bool] | None = None
    last_bonus: tuple[TrickPlay, ...] = ()  # the plays that, taking the last trick, make `last_bonus` hold
    trick_scores: tuple[TrickScore, ...] = ()  # points scored as a trick is taken (tricks.trick_scores)
    collector: Expr[bool] | None = None  # over HAND_NAMES: the one side every other side settles with
    pair_factor: Expr[int] | None = None  # over PAIR_NAMES: what a payment between two sides is multiplied by
    passing: PassingRules | None = None  # tiles passed to a neighbour before play
    declaration: Declaration | None = None  # tiles shown before a lead, for points (declaration)
    undealt_face_up: bool = False  # the undealt tiles are shown to all after the deal (deal.undealt_face_up)
    doubles_callable: bool = False  # a double led may call the doubles as a suit (tricks.doubles_callable)
    joins: Expr[bool] | None = None  # over JOINS_NAMES: the tiles that are trumps under a suit (a bower)
    joins_rank: JoinsRank = JoinsRank.SECOND  # where such a tile ranks in trumps
    melds: Melds | None = None  # runs shown face up and scored, before or after the tricks (melds)


@dataclass(frozen=True)
class TrickPlay:
    """A play that took a trick, as `tricks.last_bonus` names it: a combination by its `name`,
    any combination of a `kind`, or exactly `tiles` (one tile: a single tile's trick). One of
    the three is given."""

    name: str = ""
    kind: str = ""
    tiles: tuple[tuple[int, int], ...] = ()

    def took(self, play: tuple[tuple[int, int], ...], combination: tuple[str, int, str] | None) -> bool:
        """Whether the play of `play` (its tiles, sorted), making `combination` ((kind, rank, name)
        or None), is this one."""
        if self.tiles:
            return play == self.tiles
        if combination is None:
            return False
        return combination[2] == self.name if self.name else combination[0] == self.kind


@dataclass(frozen=True)
class TrickScore:
    """Points scored the moment a trick is taken (`tricks.trick_scores`): when every tile of
    `played` was played to it (None stands for the double of trumps; a list naming one tile twice,
    as 0-0 and the trump double under blanks, never holds), or when `play` took it. The taker's
    side gains `points`; with `from_each`, every other side pays it `points`."""

    points: int
    played: tuple[tuple[int, int] | None, ...] = ()
    play: TrickPlay | None = None
    from_each: bool = False


# --- Melds (docs/format.md, "Melds") --------------------------------------------------------------


class MeldsWhen(enum.Enum):
    """When the melds are shown (`melds.when`)."""

    BEFORE_TRICKS = "before_tricks"  # before the first lead, scored at once
    AFTER_TRICKS = "after_tricks"  # after the last trick, from the hand as dealt, scored with the hand


class MeldWidow(enum.Enum):
    """Whether the widow shown face up may stand in a meld (`melds.widow`)."""

    NONE = "none"
    SHARED = "shared"  # in anyone's meld, without leaving the table


class Run(enum.Enum):
    """What makes a meld's run (`melds.kinds[].run`)."""

    SUIT = "suit"  # tiles sharing one number, their other numbers consecutive (a double's is its own)
    DOUBLES = "doubles"  # doubles of consecutive numbers


@dataclass(frozen=True)
class MeldKind:
    name: str
    run: Run
    length: int  # the least number of tiles; a longer run is one meld too


# What a meld's `points` formula reads.
MELD_NAMES: dict[str, Type] = {
    **COUNT_NAMES,
    "from_hand": Type.INT,  # its tiles from the player's hand
    "length": Type.INT,  # all its tiles
    "widow_used": Type.INT,  # its tiles of the widow
    "widow_suit": Type.BOOL,  # the widow shows the run's number (a run of doubles: the widow is a double)
    "high": Type.INT,  # the run's ends: the highest and lowest of its consecutive numbers
    "low": Type.INT,
}
# The groups of tiles a file's meld kinds stand for over the whole set (each run of each kind): the
# engine looks for every one in a hand at each decision, so a file may not ask for thousands.
MAX_MELDS = 2000


@dataclass(frozen=True)
class Melds:
    """Melds shown and scored (`melds`): each seat in turn from the starter shows runs of `kinds`
    (the widow standing in where `widow` says), one at a time, then passes; each scores `points`."""

    kinds: tuple[MeldKind, ...]
    points: Expr[int]
    when: MeldsWhen = MeldsWhen.BEFORE_TRICKS
    optional: bool = True
    widow: MeldWidow = MeldWidow.NONE
