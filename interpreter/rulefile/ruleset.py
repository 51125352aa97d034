"""The compiled, immutable form of a rule file.

The loader turns a YAML rule file into one `Ruleset`; the engine reads nothing else. Every
structural choice is a named option (an Enum), every condition or formula a compiled `Expr`.
The meaning of each field is documented for users in docs/format.md.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from interpreter.expressions.language import Expr, Type
from interpreter.rulefile import phase_kinds

if TYPE_CHECKING:
    from interpreter.rulefile.counting_rules import CountingRules
    from interpreter.rulefile.draw_discard_rules import DrawDiscardRules
    from interpreter.rulefile.partition_rules import PartitionRules
    from interpreter.rulefile.tableau_rules import TableauRules
    from interpreter.rulefile.trick_rules import TrickRules


class Family(enum.Enum):
    """What kind of game a rule file describes (docs/format.md has a section for each)."""

    LAYOUT = "layout"  # tiles matched onto a line, trains or a hub
    TRICKS = "tricks"  # tricks won by the highest tile
    COUNTING = "counting"  # a running total to a limit, pegging, and a show of hands and crib
    TABLEAU = "tableau"  # a patience whose tiles are removed from a tableau by their totals
    DRAW_DISCARD = "draw_discard"  # hands completed by drawing and discarding
    PARTITION = "partition"  # a hand split into ranked groups and compared with a banker's


class Direction(enum.Enum):
    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


class Teams(enum.Enum):
    NONE = "none"
    OPPOSITE = "opposite"
    ALTERNATE = "alternate"  # `players.sides` teams in alternate seats: seat i plays for team i mod sides


class Undealt(enum.Enum):
    BONEYARD = "boneyard"
    DEAD = "dead"
    # Layout games: set aside unseen until the round's first tile is laid, then taken by its player.
    STARTER = "starter"
    # Trick games: the undealt tiles wait on the table for the winner of the first or of the last
    # trick, who takes them (and what they count) with it.
    FIRST_TRICK = "first_trick"
    LAST_TRICK = "last_trick"


class Hands(enum.Enum):
    """How a layout game's players hold their tiles (`deal.hands`)."""

    OPEN = "open"  # in the hand, seen by their holder
    BLIND_ROW = "blind_row"  # face down in a row nobody sees: the right end is turned up in turn


class StartCriterion(enum.Enum):
    """How the starter of a round is found; criteria are tried in the rule file's order."""

    HIGHEST_DOUBLE = "highest_double"
    HIGHEST_RANKED = "highest_ranked"
    HOLDER = "holder"
    LOTS = "lots"
    RANDOM = "random"
    PREVIOUS_WINNER = "previous_winner"
    NEXT_SEAT = "next_seat"
    REDEAL = "redeal"
    LAST_PLAYER_IF_WON = "last_player_if_won"
    PREVIOUS_STARTER_AFTER_TIE = "previous_starter_after_tie"
    WINNING_SIDE_NEXT = "winning_side_next"
    PREVIOUS_OUT = "previous_out"
    WINNING_SIDE_CHOICE = "winning_side_choice"
    AFTER_LAST_PLAYER = "after_last_player"
    WINNING_SIDE_LIGHTEST = "winning_side_lightest"
    # The first seat of each side draws a lot; the side with the highest pips chooses its leader,
    # as under winning_side_choice.
    LOTS_PER_SIDE = "lots_per_side"
    LOTS_LOWEST = "lots_lowest"  # lots won by the lowest pip total


# Criteria that read the previous round, so they cannot stand in `first_round`.
PREVIOUS_ROUND_CRITERIA = frozenset(
    {
        StartCriterion.PREVIOUS_WINNER,
        StartCriterion.NEXT_SEAT,
        StartCriterion.LAST_PLAYER_IF_WON,
        StartCriterion.PREVIOUS_STARTER_AFTER_TIE,
        StartCriterion.WINNING_SIDE_NEXT,
        StartCriterion.PREVIOUS_OUT,
        StartCriterion.WINNING_SIDE_CHOICE,
        StartCriterion.AFTER_LAST_PLAYER,
        StartCriterion.WINNING_SIDE_LIGHTEST,
    }
)


# Criteria that pick a tile (the starter leads it unless `lead: any`); the others pick a seat.
TILE_CRITERIA = frozenset(
    {StartCriterion.HIGHEST_DOUBLE, StartCriterion.HIGHEST_RANKED, StartCriterion.HOLDER}
)


class Lead(enum.Enum):
    QUALIFYING = "qualifying"
    ANY = "any"


class LeadFrom(enum.Enum):
    """Where the round's lead comes from: a hand (the starter leads it), or the stock (turned up)."""

    HAND = "hand"
    STOCK = "stock"


class AfterStockLead(enum.Enum):
    """Who plays first onto a lead turned up from the stock."""

    STARTER = "starter"
    NEXT_SEAT = "next_seat"


class TiedWinner(enum.Enum):
    """Whom `previous_winner` picks when several sides tie for the previous round's best score:
    nobody (the next criterion decides), or the tied side that played first in that round."""

    NOBODY = "nobody"
    FIRST_TO_PLAY = "first_to_play"


class Topology(enum.Enum):
    LINE = "line"
    HUB = "hub"


class Spinners(enum.Enum):
    NONE = "none"
    FIRST_DOUBLE = "first_double"
    EVERY_DOUBLE = "every_double"
    LEAD_DOUBLE = "lead_double"
    # The first double laid, as its player chooses: sidewise (a spinner) or endwise (in line).
    FIRST_DOUBLE_OPTIONAL = "first_double_optional"


class SidesOpen(enum.Enum):
    IMMEDIATELY = "immediately"
    AFTER_ENDS = "after_ends"


class DemandStarts(enum.Enum):
    IMMEDIATELY = "immediately"
    NEXT_TURN = "next_turn"


class EngineMissing(enum.Enum):
    """A dealt engine that nobody holds: draw in turn until someone does, every player draws a
    tile until someone does, or deal again."""

    DRAW = "draw"
    DRAW_EACH = "draw_each"
    REDEAL = "redeal"


class DrawPolicy(enum.Enum):
    NONE = "none"
    ONE_THEN_PASS = "one_then_pass"
    ONE_THEN_PLAY = "one_then_play"
    UNTIL_PLAYABLE = "until_playable"


class WhenUnable(enum.Enum):
    PASS = "pass"
    MARKER = "marker"
    DISCARD = "discard"  # lay a tile of one's hand face down, kept and counted at the round's end


class PlayUntil(enum.Enum):
    """When a round ends in play because hands are empty (`play.until`): the first hand empty, every hand,
    or every hand of one side."""

    FIRST_OUT = "first_out"  # the first player to empty his hand ends it
    ALL_OUT = "all_out"  # a seat whose hand is empty is passed over until every hand is
    SIDE_OUT = "side_out"  # every player of one side must have emptied his hand; one who has passes


class DoubleAtEnd(enum.Enum):
    BOTH_HALVES = "both_halves"
    ONE_HALF = "one_half"


class SpinnerCount(enum.Enum):
    """How a spinner counts toward the open ends (`scoring.in_play.spinner_count`)."""

    ENDS = "ends"  # as a double at an end, while one of its end arms is empty
    UNCOVERED = "uncovered"  # both halves while two or fewer of its sides are covered, one half with three


class Scorer(enum.Enum):
    WENT_OUT = "went_out"
    LOWEST_PIPS = "lowest_pips"
    FEWEST_TILES = "fewest_tiles"
    EACH = "each"
    NOBODY = "nobody"
    RANKED = "ranked"  # {lowest: FORMULA} or {highest: FORMULA}: the single best side scores


class DecidedBy(enum.Enum):
    """Who wins a blocked round (`scoring.blocked.decided_by`): `sides`, by the scorer's comparison
    of every side; `blocker_and_left`, the lower pips of two hands, the blocker's (who laid the last
    tile) and the next player's in the order of play, a tie going to the blocker."""

    SIDES = "sides"
    BLOCKER_AND_LEFT = "blocker_and_left"


class TargetReach(enum.Enum):
    AT_LEAST = "at_least"
    MORE_THAN = "more_than"


class TargetCheck(enum.Enum):
    ROUND_END = "round_end"
    IMMEDIATE = "immediate"


class Winner(enum.Enum):
    HIGHEST = "highest"
    LOWEST = "lowest"


class Tie(enum.Enum):
    SHARE = "share"
    PLAY_ON = "play_on"


# The names each kind of expression may read, with their types. This table is the single
# source of truth: the loader compiles against it and docs/format.md lists it for users.
COUNT_NAMES: dict[str, Type] = {
    "players": Type.INT,
    "max_pip": Type.INT,
    "set_size": Type.INT,
}
ROUND_NAMES: dict[str, Type] = {**COUNT_NAMES, "round": Type.INT}
# `deal.redeal_when`: one hand as it was dealt.
DEALT_HAND_NAMES: dict[str, Type] = {
    **COUNT_NAMES,
    "doubles": Type.INT,  # doubles held
    "tiles": Type.INT,  # tiles held
    "pips": Type.INT,  # pips held
    "longest": Type.INT,  # the most tiles held of one suit (a pip), doubles included
}
# `match.target`: the count names and whether the match is played in partnerships.
TEAM_COUNT_NAMES: dict[str, Type] = {**COUNT_NAMES, "teams": Type.BOOL}
TILE_NAMES: dict[str, Type] = {
    **COUNT_NAMES,
    "high": Type.INT,
    "low": Type.INT,
    "pips": Type.INT,
    "is_double": Type.BOOL,
}
MATCH_NAMES: dict[str, Type] = {
    "half": Type.INT,
    "other": Type.INT,
    "end": Type.INT,
    "high": Type.INT,
    "low": Type.INT,
    "is_double": Type.BOOL,
    "max_pip": Type.INT,
    "doubles": Type.LIST,
}
# `play.allowed`: a candidate play (tile and arm) and the layout it would join.
PLAY_NAMES: dict[str, Type] = {
    **{k: MATCH_NAMES[k] for k in ("half", "other", "high", "low", "is_double", "max_pip", "doubles")},
    "arm": Type.INT,
    "arm_tiles": Type.INT,
    "from_lead": Type.BOOL,
    "is_side": Type.BOOL,
    "is_train": Type.BOOL,
    "own_train": Type.BOOL,
    "shared_train": Type.BOOL,
    "marked": Type.BOOL,
    "lead_arms": Type.INT,
    "lead_arms_started": Type.INT,
    "lead_high": Type.INT,
    "laid": Type.INT,
    "hand": Type.INT,
    "players": Type.INT,
    "round": Type.INT,
    "turn_tiles": Type.INT,
    "arm_turn_tiles": Type.INT,
    "train_turn_tiles": Type.INT,
    "own_started": Type.BOOL,
    "turn": Type.INT,
}
# `play.per_turn` and `play.whole_turn`: read as a turn starts (and again after a draw in it);
# `layout.demand_when`: read as a double is laid on an arm.
TURN_NAMES: dict[str, Type] = {
    "hand": Type.INT,
    "boneyard": Type.INT,
    "players": Type.INT,
    "max_pip": Type.INT,
    "round": Type.INT,
    "turn": Type.INT,
}
IN_PLAY_NAMES: dict[str, Type] = {
    "end_sum": Type.INT,
    "ends": Type.LIST,
    "end_values": Type.LIST,
    "open_ends": Type.INT,
    "double_ends": Type.INT,
    "same_ends": Type.INT,
    "laid_high": Type.INT,
    "laid_low": Type.INT,
    "laid_is_double": Type.BOOL,
    "laid_fit_ends": Type.INT,
    "tiles": Type.INT,
    "side_tiles": Type.INT,
    "players": Type.INT,
    "max_pip": Type.INT,
    "round": Type.INT,
    "score": Type.INT,
}
# `scoring.on_pass`: a pass, credited to the side of the player who laid the last tile.
ON_PASS_NAMES: dict[str, Type] = {
    "passes": Type.INT,
    "laid": Type.INT,
    "same_side": Type.BOOL,
    "last_high": Type.INT,
    "last_low": Type.INT,
    "last_is_double": Type.BOOL,
    "players": Type.INT,
    "max_pip": Type.INT,
    "round": Type.INT,
    "score": Type.INT,
}
ROUND_END_NAMES: dict[str, Type] = {
    "pips": Type.INT,
    "tiles": Type.INT,
    "opp_pips": Type.INT,
    "opp_tiles": Type.INT,
    "opponents": Type.INT,
    "doubles": Type.INT,
    "opp_doubles": Type.INT,
    "double_pips": Type.INT,  # the pips on the doubles left in the side's hands
    "went_out": Type.BOOL,
    "score": Type.INT,
    "opp_score": Type.INT,
    "hand_pips": Type.LIST,
    "opp_hand_pips": Type.LIST,
    "lowest_hand": Type.INT,
    "last_high": Type.INT,
    "last_low": Type.INT,
    "last_is_double": Type.BOOL,
    "last_fit_ends": Type.INT,
    "players": Type.INT,
    "max_pip": Type.INT,
    "round": Type.INT,
}
# The names `match.reset_when` reads, for each side once a round end's points are scored: the
# round-end names (`score` is then the side's score after them) and what that round end gave.
RESET_NAMES: dict[str, Type] = {
    **ROUND_END_NAMES,
    "scored": Type.BOOL,
    "opp_scored": Type.BOOL,
    "points": Type.INT,
}
# The names a later round's start condition (`{when: ..., start: [...]}`) reads: how the previous
# round ended, the scores as they stand, and the round about to start.
START_NAMES: dict[str, Type] = {
    "went_out": Type.BOOL,
    "blocked": Type.BOOL,
    "tied": Type.BOOL,
    "high_score": Type.INT,
    "low_score": Type.INT,
    "players": Type.INT,
    "max_pip": Type.INT,
    "round": Type.INT,
}


@dataclass(frozen=True)
class StartRule:
    criterion: StartCriterion
    rank: Expr[int] | None = None  # HIGHEST_RANKED, LOTS ({lots: FORMULA}): a number per tile, higher wins
    tile: tuple[int, int] | None = None  # HOLDER: (low, high)
    # A later round's guard over START_NAMES: the rule is tried only when it holds. The rules of one
    # `{when: ..., start: [...]}` entry share the one Expr object.
    when: Expr[bool] | None = None
    # A lead from the undealt tiles, over the TILE_NAMES of the first tile left undealt: when it holds,
    # that tile is turned up as the lead and the rule picks who plays first onto it. The rules of
    # one `{stock_lead: ..., start: [...]}` entry share the one Expr object.
    stock_lead: Expr[bool] | None = None
    # A lead drawn for, over TILE_NAMES: the player the rule picks draws from the boneyard until he
    # draws a tile that meets it, and leads that tile. Shared as `stock_lead` is.
    draw_until: Expr[bool] | None = None


@dataclass(frozen=True)
class Players:
    min: int
    max: int
    direction: Direction
    teams: Teams
    team_counts: frozenset[int]  # the player counts at which `teams` applies
    teams_optional: bool = False  # a match may choose individual play or partnerships at those counts
    sides: int = 0  # with teams: alternate, how many teams; otherwise 0 (partners in pairs)

    @property
    def partnered(self) -> bool:
        """Whether the file's own choice, where teams apply (team_counts), is to play in teams."""
        return self.teams is not Teams.NONE

    def team_sides(self, players: int) -> int:
        """How many teams `players` seats make when played in teams: `sides`, or pairs."""
        return self.sides or players // 2


@dataclass(frozen=True)
class Deal:
    hand_sizes: dict[int, int]  # player count -> tiles per hand, for every allowed count
    undealt: Undealt
    reserve: int  # boneyard tiles that are never drawn
    refill: bool = False  # a hand that empties draws a new hand from the boneyard while it has tiles
    # A deal thrown in because of a hand (DEALT_HAND_NAMES): when any hand as dealt meets it, the
    # tiles are dealt again, within start.max_redeals.
    redeal_when: Expr[bool] | None = None
    # A deal a player may throw in because of his own hand (DEALT_HAND_NAMES): before the first
    # play, each player whose hand as dealt meets it may keep it or show it and have the tiles
    # dealt again (a `calls` phase), within start.max_redeals.
    redeal_claim: Expr[bool] | None = None
    hands: Hands = Hands.OPEN


@dataclass(frozen=True)
class Start:
    first_round: tuple[StartRule, ...]
    later_rounds: tuple[StartRule, ...]
    lead: Lead
    max_redeals: int
    lead_from: LeadFrom = LeadFrom.HAND
    after_stock_lead: AfterStockLead = AfterStockLead.STARTER
    # The line grows from one end of its lead only: the leader of a tile that is no double names
    # which end stays open (the lead action's `half`); a lead double leaves one end open.
    lead_names_end: bool = False
    tied_winner: TiedWinner = TiedWinner.NOBODY


@dataclass(frozen=True)
class Layout:
    topology: Topology
    spinners: Spinners
    spinner_arms: int  # arms of a spinner in all, counting the one it was attached by
    sides_open: SidesOpen
    double_demand: int  # tiles a double demands on it before play continues elsewhere
    lead_demand: int  # tiles the lead double (line) or the engine (hub) demands on its arms first
    demand_starts: DemandStarts
    engine: Expr[int] | None  # HUB: pip of the engine double, over ROUND_NAMES
    personal_trains: bool
    shared_trains: int
    engine_dealt: bool  # HUB: the engine is dealt like any tile; its holder lays it first
    engine_missing: EngineMissing
    own_double_trains: bool = False  # HUB: a personal train starts from its owner's own double, both ends open
    stand_in: tuple[int, int] | None = None  # HUB, engine dealt: (low, high) laid as the engine when nobody holds it
    open_trains: bool = False  # HUB: every personal train is open to everyone, marker or none
    demand_when: Expr[bool] | None = None  # over TURN_NAMES: a double laid when it fails demands nothing
    shared_train_name: str | None = None  # HUB: what the players call it; words only, outside the rules' digest


@dataclass(frozen=True)
class Play:
    forced: bool
    again_after_double: bool
    match: Expr[bool]  # condition over MATCH_NAMES
    again_optional: bool = False  # the play after a double is a "may": the player may stop instead
    allowed: Expr[bool] | None = None  # condition over PLAY_NAMES: may this fitting play be made now?
    per_turn: Expr[int] | None = None  # formula over TURN_NAMES: tiles a turn lays (None: one)
    rest_optional: bool = False  # `turn_rest: may`: after a turn's first tile the player may stop
    whole_turn: Expr[bool] | None = None  # condition over TURN_NAMES: lay the whole turn or none of it (None: false)
    # Read after each tile laid that ends a turn, over IN_PLAY_NAMES: the same player takes another
    # turn (`again_when`), or else the next seat loses its turn (`skip_when`).
    again_when: Expr[bool] | None = None
    skip_when: Expr[bool] | None = None
    until: PlayUntil = PlayUntil.FIRST_OUT  # or all_out (an empty hand is passed over), side_out (a whole side)
    # `announce_last`: tiles drawn by a player whose play left him one tile unannounced, once the
    # next player lays one (0: nobody announces anything)
    announce_draw: int = 0


@dataclass(frozen=True)
class Draw:
    policy: DrawPolicy
    when_unable: WhenUnable
    voluntary: bool = False  # a player able to play may draw instead (never pass)
    stop_when_dead: bool = False  # the round is blocked once no tile held or left to draw fits any end
    discard_any_time: bool = False  # under when_unable: discard, a player able to play may discard instead


@dataclass(frozen=True)
class InPlayScoring:
    when: Expr[bool]  # condition over IN_PLAY_NAMES
    points: Expr[int]  # number over IN_PLAY_NAMES
    double_at_end: DoubleAtEnd
    spinner_count: SpinnerCount = SpinnerCount.ENDS


@dataclass(frozen=True)
class OnPassScoring:
    when: Expr[bool]  # condition over ON_PASS_NAMES
    points: Expr[int]  # number over ON_PASS_NAMES, credited to the side of the last player who laid a tile


@dataclass(frozen=True)
class RoundEndScoring:
    scorer: Scorer
    points: Expr[int]  # number over ROUND_END_NAMES
    rank: Expr[int] | None = None  # RANKED: number over ROUND_END_NAMES per side
    rank_lowest: bool = True  # RANKED: the lowest rank scores (else the highest)
    decided_by: DecidedBy = DecidedBy.SIDES  # blocked: between which hands the winner is found


class PoolTie(enum.Enum):
    """A hand nobody wins, or several sides tie for: the pool is carried to the next hand, or
    shared equally among the tied sides (what does not divide is carried)."""

    CARRY = "carry"
    SHARE = "share"


# The names `match.pool.ante` reads, for each player as a hand starts.
ANTE_NAMES: dict[str, Type] = {
    **COUNT_NAMES,
    "pool": Type.INT,  # what is in the pool before this hand's stakes
    "dealer": Type.BOOL,  # the player deals this hand (the seat before the starter)
}


@dataclass(frozen=True)
class Pool:
    """`match.pool`: each player stakes `ante` (over ANTE_NAMES) into a pool as a hand starts (its
    side's score goes down by it); at the hand's end the side that won the hand takes the whole
    pool, or (trick games) each side takes what `take` says and then puts in what `pay_in` says
    (both over the hand names and `pool`, the pool as the hand ended)."""

    ante: Expr[int]
    tie: PoolTie = PoolTie.CARRY
    take: Expr[int] | None = None
    pay_in: Expr[int] | None = None


@dataclass(frozen=True)
class Track:
    """`scoring.tracks`: a counter kept beside each side's score, from 0; at each round end, once
    it is scored, its new value is `each_hand` (over TRACK_NAMES and every track's name)."""

    name: str
    each_hand: Expr[int]


# The names a track's `each_hand` reads, and `match.eliminate_when`: the round-end names (`score`
# being the side's score after this round end's points) and what the side scored at it; the
# tracks' own names are added by the file (their values before this round end).
TRACK_NAMES: dict[str, Type] = {**ROUND_END_NAMES, "points": Type.INT}


@dataclass(frozen=True)
class MatchEnd:
    target: int | None
    reach: TargetReach
    check: TargetCheck
    rounds: dict[int, int] | None  # player count -> a fixed number of rounds
    winner: Winner
    tie: Tie
    # Over ROUND_END_NAMES, at the last round's end: only the would-be winners it holds for win.
    win_requires: Expr[bool] | None = None
    # Over RESET_NAMES, for each side at every round end once it is scored: its score goes back to 0.
    reset_when: Expr[bool] | None = None
    pool: Pool | None = None  # None: no pool (match.pool)
    # Over the round-end names, `points` and the tracks, for each side still in at every round end
    # once it is scored: that side is eliminated (it sits out every later round).
    eliminate_when: Expr[bool] | None = None
    # Over the round-end names and the tracks, for each side still in at every round end once it
    # is scored (and its players out): when it holds for any side the match ends and nobody wins.
    void_when: Expr[bool] | None = None
    stake: Stake | None = None  # None: nothing is settled at the match's end (match.stake)


@dataclass(frozen=True)
class Stake:
    """`match.stake` (layout games): what is settled as a match ends, after its winners are known.
    Each side that did not win pays every winning side `pay` (over COUNT_NAMES); then every pair
    of sides settles the difference of their `settle` (over STAKE_NAMES and the tracks: each
    side's standing at the end). A void match (nobody wins) pays no stake but still settles."""

    pay: Expr[int] | None = None
    settle: Expr[int] | None = None


# The names `match.stake.settle` reads, for each side as the match ends (the tracks are added by
# the file): its final score.
STAKE_NAMES: dict[str, Type] = {"score": Type.INT}


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    description: str
    source: str  # the file it was loaded from ("" when built in memory)
    max_pip: int
    tile_value: Expr[int]  # number over TILE_NAMES: what a tile left in a hand counts
    players: Players
    deal: Deal
    start: Start
    layout: Layout
    play: Play
    draw: Draw
    in_play: InPlayScoring | None
    domino: RoundEndScoring
    blocked: RoundEndScoring
    match: MatchEnd
    digest: str = ""  # sha256 of the merged rule document: a game log names the exact rules it was played by
    tags: tuple[str, ...] = ()  # the families the game belongs to, main one first
    not_expressible: tuple[str, ...] = ()  # rules of the game's source this file does not play
    how_to_play: str = ""  # a newcomer's few sentences (words only, outside the digest)
    family: Family = Family.LAYOUT
    # The trick family's own rules (interpreter/rulefile/trick_rules.py); None for a layout game,
    # and a trick game leaves the layout sections (layout, play, draw, scoring's domino and blocked)
    # at their defaults, unused.
    tricks: TrickRules | None = None
    counting: CountingRules | None = None  # the counting family's own rules (rulefile/counting_rules.py)
    # The tableau family's own rules (a patience by totals, rulefile/tableau_rules.py); None in
    # the other families. A tableau game leaves the layout sections at their defaults, unused.
    tableau: TableauRules | None = None
    # The draw-and-discard family's own rules (rulefile/draw_discard_rules.py); None in other families.
    draw_discard: DrawDiscardRules | None = None
    # The partition family's own rules (rulefile/partition_rules.py); None in the other families.
    partition: PartitionRules | None = None
    tracks: tuple[Track, ...] = ()  # scoring.tracks (a layout game's), in the file's order
    # The tiles played, in id order, where the file leaves some of the double-max_pip set out
    # (`set.without`, trick games) or lists them (`set.tiles`: the entries in order, each as many
    # times as its copies, so a tile may appear more than once; max_pip is then the largest pip
    # listed); empty: the complete set.
    tiles: tuple[tuple[int, int], ...] = ()
    # The numbers that differ by player count (COUNT_VALUE_FIELDS), per count; the fields above
    # hold their values at `players.min`, and `for_players` gives the ruleset of one count.
    by_count: dict[str, dict[int, int]] = field(default_factory=dict)
    on_pass: OnPassScoring | None = None  # scores after a pass (layout games)
    # The numbers (of COUNT_VALUE_FIELDS) for a match that makes the other partnership choice than
    # the file's default (players.teams_optional), per count where they differ from `by_count`'s.
    by_choice: dict[str, dict[int, int]] = field(default_factory=dict)
    # The kinds of phase a hand goes through as the file writes them (`phases`, in an order the
    # engine plays: rulefile/build_phases.py checks it); empty: the default sequence.
    phases: tuple[str, ...] = ()
    _specialised: dict[tuple[int, bool], Ruleset] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def phase_kinds(self) -> tuple[str, ...]:
        """The kinds of phase a hand goes through, in order: the file's own (`phases`), else the
        family's default sequence of the phases its keys make (rulefile/phase_kinds.py). Worked
        out once: every phase that finishes reads it to hand over to the next."""
        return self.phases or phase_kinds.sequence_of(self)

    @property
    def set_size(self) -> int:
        return len(self.tiles) if self.tiles else (self.max_pip + 1) * (self.max_pip + 2) // 2

    def set_tiles(self) -> tuple[tuple[int, int], ...]:
        """Every tile of the set as played, (low, high) in id order."""
        return self.tiles or double_set(self.max_pip)

    def for_players(self, players: int, teams: bool | None = None) -> Ruleset:
        """The rules as a match of `players` plays them: every per-count number at its value for
        that count, and for the match's partnership choice `teams` (None: the file's default). The
        same object each time, so per-ruleset caches keep working."""
        rules = self.players
        chosen = (
            teams is not None and players in rules.team_counts and teams != rules.partnered
        )  # the match makes the other choice than the file's
        if not self.by_count and not (chosen and self.by_choice):
            return self
        found = self._specialised.get((players, chosen))
        if found is None:
            values = {key: table[players] for key, table in self.by_count.items() if players in table}
            if chosen:
                values.update({key: table[players] for key, table in self.by_choice.items() if players in table})
            found = dataclasses.replace(
                self,
                max_pip=values.get("max_pip", self.max_pip),
                deal=dataclasses.replace(self.deal, reserve=values.get("reserve", self.deal.reserve)),
                layout=dataclasses.replace(
                    self.layout, shared_trains=values.get("shared_trains", self.layout.shared_trains)
                ),
                match=dataclasses.replace(self.match, target=values.get("target", self.match.target)),
                by_count={},
                by_choice={},
                _specialised={},
            )
            self._specialised[players, chosen] = found
        return found


def double_set(max_pip: int) -> tuple[tuple[int, int], ...]:
    """Every tile of the complete double-`max_pip` set, in (low, high) order: the tile ids."""
    return tuple((low, high) for low in range(max_pip + 1) for high in range(low, max_pip + 1))


# The rule-file keys whose number may depend on the player count, by their `by_count` name.
COUNT_VALUE_FIELDS = {
    "max_pip": ("set", "max_pip"),
    "reserve": ("deal", "reserve"),
    "shared_trains": ("layout", "shared_trains"),
    "target": ("match", "target"),
}
