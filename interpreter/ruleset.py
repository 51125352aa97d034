"""The compiled, immutable form of a rule file.

The loader turns a YAML rule file into one `Ruleset`; the engine reads nothing else. Every
structural choice is a named option (an Enum), every condition or formula a compiled `Expr`.
The meaning of each field is documented for users in docs/format.md.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from interpreter.expressions import Expr, Type


class Direction(enum.Enum):
    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


class Teams(enum.Enum):
    NONE = "none"
    OPPOSITE = "opposite"


class Undealt(enum.Enum):
    BONEYARD = "boneyard"
    DEAD = "dead"


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


# Criteria that pick a tile (the starter leads it unless `lead: any`); the others pick a seat.
TILE_CRITERIA = frozenset(
    {StartCriterion.HIGHEST_DOUBLE, StartCriterion.HIGHEST_RANKED, StartCriterion.HOLDER}
)


class Lead(enum.Enum):
    QUALIFYING = "qualifying"
    ANY = "any"


class Topology(enum.Enum):
    LINE = "line"
    HUB = "hub"


class Spinners(enum.Enum):
    NONE = "none"
    FIRST_DOUBLE = "first_double"
    EVERY_DOUBLE = "every_double"
    LEAD_DOUBLE = "lead_double"


class SidesOpen(enum.Enum):
    IMMEDIATELY = "immediately"
    AFTER_ENDS = "after_ends"


class DemandStarts(enum.Enum):
    IMMEDIATELY = "immediately"
    NEXT_TURN = "next_turn"


class DrawPolicy(enum.Enum):
    NONE = "none"
    ONE_THEN_PASS = "one_then_pass"
    ONE_THEN_PLAY = "one_then_play"
    UNTIL_PLAYABLE = "until_playable"


class WhenUnable(enum.Enum):
    PASS = "pass"
    MARKER = "marker"


class DoubleAtEnd(enum.Enum):
    BOTH_HALVES = "both_halves"
    ONE_HALF = "one_half"


class Scorer(enum.Enum):
    WENT_OUT = "went_out"
    LOWEST_PIPS = "lowest_pips"
    FEWEST_TILES = "fewest_tiles"
    EACH = "each"
    NOBODY = "nobody"


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
IN_PLAY_NAMES: dict[str, Type] = {
    "end_sum": Type.INT,
    "ends": Type.LIST,
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
    "players": Type.INT,
    "max_pip": Type.INT,
    "round": Type.INT,
}


@dataclass(frozen=True)
class StartRule:
    criterion: StartCriterion
    rank: Expr | None = None  # HIGHEST_RANKED: a number per tile, higher wins
    tile: tuple[int, int] | None = None  # HOLDER: (low, high)


@dataclass(frozen=True)
class Players:
    min: int
    max: int
    direction: Direction
    teams: Teams
    team_counts: frozenset[int]  # the player counts at which `teams` applies


@dataclass(frozen=True)
class Deal:
    hand_sizes: dict[int, int]  # player count -> tiles per hand, for every allowed count
    undealt: Undealt
    reserve: int  # boneyard tiles that are never drawn


@dataclass(frozen=True)
class Start:
    first_round: tuple[StartRule, ...]
    later_rounds: tuple[StartRule, ...]
    lead: Lead
    max_redeals: int


@dataclass(frozen=True)
class Layout:
    topology: Topology
    spinners: Spinners
    spinner_arms: int  # arms of a spinner in all, counting the one it was attached by
    sides_open: SidesOpen
    double_demand: int  # tiles a double demands on it before play continues elsewhere
    demand_starts: DemandStarts
    engine: Expr | None  # HUB: pip of the engine double, over ROUND_NAMES
    personal_trains: bool
    shared_trains: int


@dataclass(frozen=True)
class Play:
    forced: bool
    again_after_double: bool
    match: Expr  # condition over MATCH_NAMES


@dataclass(frozen=True)
class Draw:
    policy: DrawPolicy
    when_unable: WhenUnable


@dataclass(frozen=True)
class InPlayScoring:
    when: Expr  # condition over IN_PLAY_NAMES
    points: Expr  # number over IN_PLAY_NAMES
    double_at_end: DoubleAtEnd


@dataclass(frozen=True)
class RoundEndScoring:
    scorer: Scorer
    points: Expr  # number over ROUND_END_NAMES


@dataclass(frozen=True)
class MatchEnd:
    target: int | None
    reach: TargetReach
    check: TargetCheck
    rounds: dict[int, int] | None  # player count -> a fixed number of rounds
    winner: Winner
    tie: Tie


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    description: str
    source: str  # the file it was loaded from ("" when built in memory)
    max_pip: int
    tile_value: Expr  # number over TILE_NAMES: what a tile left in a hand counts
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

    @property
    def set_size(self) -> int:
        return (self.max_pip + 1) * (self.max_pip + 2) // 2
