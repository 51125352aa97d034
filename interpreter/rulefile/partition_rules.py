"""The partition family's compiled rules (`family: partition`, docs/format.md "Partition games"):
each seat splits its hand, face down, into the groups the file declares; at the showdown the
groups are ranked by the file's table and compared with the banker's, and every player settles
with the banker by the file's formula.

Frozen data only: the loader (build_partition.py) builds it, the engine (engine/partition/) reads it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from interpreter.expressions.language import Expr, Type

Tile = tuple[int, int]

# What a group's `must`, a ranking entry's `when` and `value` read: one group of a split, its wild
# tiles read one way (a condition holds if it holds for some reading; a value is the best).
GROUP_NAMES: dict[str, Type] = {
    "total": Type.INT,  # the pips, each wild tile as read
    "pips": Type.INT,  # the pips as printed
    "size": Type.INT,  # tiles in the group
    "doubles": Type.INT,  # doubles in the group
    "top_rank": Type.INT,  # the set rank (set.tiles[].rank) of its highest-ranked tile
    "low_rank": Type.INT,  # ... of its lowest-ranked tile
}
# A ranking entry's `tiebreak_when` also reads the group's `value` under that entry.
TIEBREAK_NAMES: dict[str, Type] = {**GROUP_NAMES, "value": Type.INT}
# What `showdown.settle` reads, for one player against the banker.
SETTLE_NAMES: dict[str, Type] = {
    "won": Type.INT,  # compared groups the player's beat the banker's
    "lost": Type.INT,  # ... lost to the banker's (a tie the bank takes counts here)
    "tied": Type.INT,  # ... equal, pushed
    "groups": Type.INT,  # compared groups in a split
    "stuck": Type.BOOL,  # the player had no legal split
    "banker_stuck": Type.BOOL,  # the banker had none
    "players": Type.INT,
}
# What `showdown.settle` reads with `against: each`, for one player against one other: what the
# player collects from him (the other collects the same way from the player).
EACH_SETTLE_NAMES: dict[str, Type] = {
    **{name: kind for name, kind in SETTLE_NAMES.items() if name != "banker_stuck"},
    "opp_stuck": Type.BOOL,  # the other player had no legal split
}
# What `showdown.bank_stays_when` reads after a hand: whether the banker keeps the bank.
BANK_NAMES: dict[str, Type] = {"banker_stuck": Type.BOOL, "round": Type.INT, "players": Type.INT}
# The most splits one hand may have (the bound of every loop over them: the legal actions, the
# house way, a player's choice); the loader refuses a file whose groups allow more.
MAX_SPLITS = 5000
MAX_WILD_TILES = 4  # wild tiles a file may name: a group is read 2^wild ways at most


def split_names(compared: tuple[str, ...]) -> dict[str, Type]:
    """What a house way's step reads of a whole split: each compared group's `value`, `class` and
    `top_rank`, prefixed by the group's name (`high_value`, `low_class`, ...)."""
    return {f"{name}_{part}": Type.INT for name in compared for part in ("value", "class", "top_rank")}


class BankerSplits(enum.Enum):
    FREE = "free"  # the banker splits as he likes, a decision like anyone's
    HOUSE_WAY = "house_way"  # no decision: the house way splits for him


class Bank(enum.Enum):
    FIXED = "fixed"  # the same seat banks every hand (the house)
    NEXT_SEAT = "next_seat"  # the bank passes to the next seat after each hand


class Against(enum.Enum):
    BANKER = "banker"  # each player's groups against the banker's
    EACH = "each"  # nobody banks: every player's groups against every other player's


class ShowdownTie(enum.Enum):
    BANKER = "banker"  # a copy: equal groups go to the bank
    PUSH = "push"  # equal groups are a push


@dataclass(frozen=True)
class Group:
    name: str
    size: int
    must: Expr[bool] | None  # over GROUP_NAMES: the split is legal only if it holds (for some reading)
    compared: bool  # ranked and compared at the showdown (False: only laid aside)


@dataclass(frozen=True)
class Wild:
    tiles: frozenset[Tile]
    counts: tuple[int, ...]  # what each of them may count for (1 or 2 values)


@dataclass(frozen=True)
class RankEntry:
    name: str
    # A named combination: per place, the tiles that may stand there (an inner list: any one of);
    # None for a formula entry.
    tiles: tuple[frozenset[Tile], ...] | None
    when: Expr[bool] | None  # over GROUP_NAMES: a formula entry ranks a group only where it holds
    rank_class: int  # an entry of a higher class beats any of a lower
    value: Expr[int] | None  # over GROUP_NAMES: ranks within the class (None: 0)
    tiebreak: bool  # equal class and value: the higher top tile (top_rank) wins
    tiebreak_when: Expr[bool] | None  # over TIEBREAK_NAMES: the tiebreak is used only when it holds


@dataclass(frozen=True)
class HouseStep:
    when: Expr[bool] | None  # over split_names: the step applies only if it holds for some legal split
    maximize: Expr[int]  # over split_names: the splits the step keeps are those maximizing it


@dataclass(frozen=True)
class PartitionRules:
    groups: tuple[Group, ...]
    wild: tuple[Wild, ...]
    banker: BankerSplits
    house_way: tuple[HouseStep, ...]  # the banker's way (and the `house` choice of the computer players)
    house_way_name: str  # the bundled way's name, or "steps" for a file's own
    show_all: bool  # the showdown shows every group (False: the compared ones only)
    ranking: tuple[RankEntry, ...]
    tie: ShowdownTie
    # over SETTLE_NAMES: what a player scores against the banker; with against: each, over
    # EACH_SETTLE_NAMES: what he collects from each other player (who collects from him alike)
    settle: Expr[int]
    bank: Bank
    bank_stays_when: Expr[bool] | None  # over BANK_NAMES: the banker keeps the bank after this hand
    first_banker_random: bool  # the first banker is drawn at random (else seat 0)
    ranks: dict[Tile, int]  # per tile, its set rank (set.tiles[].rank; 0 where none is given)
    # Hands dealt from one shuffle: each later hand of it deals from the tiles no earlier one dealt.
    deals_per_shuffle: int = 1
    against: Against = Against.BANKER

    @property
    def hand_size(self) -> int:
        return sum(group.size for group in self.groups)

    @property
    def compared(self) -> tuple[str, ...]:
        return tuple(group.name for group in self.groups if group.compared)
