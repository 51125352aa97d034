"""Where a trick is won: the suits of a declaration, what follows what, and which tile wins.

A declaration of trumps (a suit's pip, the doubles, or none) fixes, for every tile, the suit it
belongs to when led, the tiles that follow each suit, and every tile's rank in each suit it
follows. They are computed once per declaration (`Suits`), as bitmasks over tile ids, so that a
legal move is a mask test and a trick's winner a few lookups.

The rules, as docs/format.md states them for trick files:
- A trump tile (one showing the trump pip; with doubles trumps, a double) belongs to trumps only.
- Any other tile led belongs to the suit of its higher end; a double to its own number.
- A tile follows a suit it belongs to: a non-trump tile showing the suit's pip; a trump, trumps.
- Within a suit a tile ranks by its other end; the double ranks above them all (`doubles: high`)
  or below (`low`). When the doubles are trumps, or a suit of their own (`own_suit`: a double led
  calls for a double), they rank by their pips.
- The highest trump played wins the trick, else the highest tile of the suit led.

`tricks.pip_order` reorders the pips for all of this: with blanks ranked as sevens, a 0-5 belongs
to blanks when led, and a blank is the highest other end in a suit. `tricks.top` tiles take any
trick they are played to, over trumps (the first of them played).

A contract with a `rank` (`ranked_suits`) has no suits at all: every tile follows, a seat must play
one of its highest-ranked tiles, and the highest-ranked tile takes the trick (the first of equals;
with `tricks.ties: bidder_side`, the first of the auction winner's side among them).
With `tricks.led_suit: named` (`named_suits`) each tile belongs to the one suit the set names for
it, ranks by the set's rank, and there are no trumps; the first of equal tiles takes the trick.
"""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.engine.actions import DOUBLES, NO_TRUMPS
from interpreter.expressions.language import MAX_VALUE
from interpreter.rulefile.trick_rules import DoublePlace, JoinsRank

Declaration = int | str  # a suit's pip, DOUBLES or NO_TRUMPS

# A tile's rank in a suit it does not belong to: below every rank a tile can have in one (a contract's
# `rank` formula gives at most ±MAX_VALUE; a pip's rank is -1 .. max_pip + 1), so that no rank a
# rule file gives can be mistaken for it, and a tile off the suit never outranks one in it.
NOT_IN_SUIT = -MAX_VALUE - 1


@dataclass(frozen=True)
class Suits:
    """The suits under one declaration. Suit numbers: 0..max_pip for the pips, `trump` for trumps."""

    declaration: Declaration
    trump: int  # the suit number of trumps (max_pip + 1; no tile has it under NO_TRUMPS)
    trumps: int  # mask of the trump tiles
    led_suit: tuple[int, ...]  # [tile] -> the suit it belongs to when led
    follows: tuple[int, ...]  # [suit] -> mask of the tiles that follow it (trumps: the trump tiles)
    rank: tuple[tuple[int, ...], ...]  # [suit][tile] -> its rank in that suit (NOT_IN_SUIT: not in it)
    best_only: bool = False  # a seat must play one of its highest-ranked tiles (ranked_suits)
    top: int = 0  # mask of the tiles that take any trick they are played to
    names: tuple[str, ...] = ()  # the suits' names under named suits (by suit number)

    def winner(self, tiles: list[int], led: int | None = None, ahead: int = 0) -> int:
        """The index in `tiles` (played in order, the first led) of the tile that takes the trick;
        `led` is the suit led when the leader named it (else the led tile's own suit). `ahead`: the
        mask of the indices whose tile takes the trick over an equal one not among them, played
        before it (`tricks.ties: bidder_side`, TrickTables.tie_places); 0: the first of equals."""
        if self.top:
            for i, tile in enumerate(tiles):
                if (self.top >> tile) & 1:
                    return i
        trumps = self.trumps
        if led is None:
            led = self.led_suit[tiles[0]]
        suit = self.trump if any((trumps >> t) & 1 for t in tiles) else led
        ranks = self.rank[suit]
        # The first tile to beat is the first one played: a tile off the suit ranks NOT_IN_SUIT, below
        # any tile in it, and only a higher rank takes the lead (the first played of equals keeps it,
        # unless an equal one comes from `ahead` and it does not).
        best, best_rank = 0, ranks[tiles[0]]
        for i, tile in enumerate(tiles):
            r = ranks[tile]
            if r > best_rank or (r == best_rank and (ahead >> i) & 1 and not (ahead >> best) & 1 and r != NOT_IN_SUIT):
                best, best_rank = i, r
        return best


def suits_for(
    halves: tuple[tuple[int, int], ...],
    max_pip: int,
    declaration: Declaration,
    doubles: DoublePlace,
    order: tuple[int, ...] = (),
    top: int = 0,
    callable_doubles: bool = False,
    joined: int = 0,
    joins_rank: JoinsRank = JoinsRank.SECOND,
) -> Suits:
    """The suits of the tiles `halves` ((low, high) per tile id) under `declaration`; `order` ranks
    the pips (order[pip] -> its rank; empty: the pip itself), `top` is the mask of the top tiles.
    `callable_doubles`: a double that is no trump also follows the doubles' suit (trump + 1), which
    a leader may call (tricks.doubles_callable), ranked by its pips. `joined`: the mask of the tiles
    that join trumps from their own suits (trumps.joins, a bower), ranked as `joins_rank` says."""
    n = len(halves)
    prank = order or tuple(range(max_pip + 1))
    trump = max_pip + 1
    own = doubles.own and declaration != DOUBLES
    inverted = doubles is DoublePlace.OWN_SUIT_LOW  # the doubles' own suit ranks the double-blank highest
    high_double = max_pip + 1 if doubles is not DoublePlace.LOW else -1

    def is_trump(tile: int) -> bool:
        low, high = halves[tile]
        if declaration == DOUBLES:
            return low == high
        if declaration == NO_TRUMPS:
            return False
        return declaration in (low, high)

    trump_mask = 0
    for t in range(n):
        if is_trump(t):
            trump_mask |= 1 << t
    joined &= ~trump_mask  # a tile that is a trump already keeps its own place
    trump_mask |= joined
    led = []
    for t in range(n):
        low, high = halves[t]
        higher = high if prank[high] >= prank[low] else low
        led.append(trump if (trump_mask >> t) & 1 else trump + 1 if own and low == high else higher)
    follows = [0] * (max_pip + 3)  # the pips, trumps, and the doubles as a suit of their own
    rank = [[NOT_IN_SUIT] * n for _ in range(max_pip + 3)]  # -1 is a low double's place
    for t in range(n):
        low, high = halves[t]
        if (trump_mask >> t) & 1:
            follows[trump] |= 1 << t
            if (joined >> t) & 1:
                continue  # ranked below, once every trump's rank is known
            if declaration == DOUBLES:
                rank[trump][t] = prank[low]
            else:
                other = high if low == declaration else low
                rank[trump][t] = high_double if low == high else prank[other]
            continue
        if own and low == high:
            follows[trump + 1] |= 1 << t
            rank[trump + 1][t] = -prank[low] if inverted else prank[low]
            continue
        for pip in {low, high}:
            follows[pip] |= 1 << t
            rank[pip][t] = high_double if low == high else prank[high if pip == low else low]
        if callable_doubles and low == high:
            follows[trump + 1] |= 1 << t
            rank[trump + 1][t] = prank[low]
    if joined:
        _join(rank[trump], joined, joins_rank)
    return Suits(
        declaration=declaration,
        trump=trump,
        trumps=trump_mask,
        led_suit=tuple(led),
        follows=tuple(follows),
        rank=tuple(tuple(r) for r in rank),
        top=top,
    )


def _join(ranks: list[int], joined: int, where: JoinsRank) -> None:
    """Rank the `joined` tiles among the trumps (`ranks`, per tile; the joined tiles' not set yet):
    every rank is doubled, so that a joined tile fits between two trumps (`second`: just below the
    highest), above them all (`top`) or below them all (`bottom`)."""
    natural = [r for t, r in enumerate(ranks) if r != NOT_IN_SUIT and not (joined >> t) & 1]
    high, low = max(natural, default=0), min(natural, default=0)
    place = {JoinsRank.SECOND: 2 * high - 1, JoinsRank.TOP: 2 * high + 1, JoinsRank.BOTTOM: 2 * low - 1}[where]
    for t, r in enumerate(ranks):
        if (joined >> t) & 1:
            ranks[t] = place
        elif r != NOT_IN_SUIT:
            ranks[t] = 2 * r


def named_suits(suits: tuple[str, ...], ranks: tuple[int, ...], top: int = 0) -> Suits:
    """Each tile in the suit the set names for it (`suits`, per tile id), ranked by `ranks`; no trumps."""
    names = tuple(dict.fromkeys(suits))
    number = {name: i for i, name in enumerate(names)}
    n = len(suits)
    follows = [0] * (len(names) + 1)
    rank = [[NOT_IN_SUIT] * n for _ in range(len(names) + 1)]
    for t, name in enumerate(suits):
        follows[number[name]] |= 1 << t
        rank[number[name]][t] = ranks[t]
    return Suits(
        declaration=NO_TRUMPS,
        trump=len(names),
        trumps=0,
        led_suit=tuple(number[name] for name in suits),
        follows=tuple(follows),
        rank=tuple(tuple(r) for r in rank),
        top=top,
        names=names,
    )


def ranked_suits(ranks: tuple[int, ...], declaration: Declaration = NO_TRUMPS) -> Suits:
    """No suits: every tile follows the one suit 0 and ranks by `ranks`; one must play a best tile."""
    n = len(ranks)
    return Suits(
        declaration=declaration,
        trump=1,
        trumps=0,
        led_suit=(0,) * n,
        follows=((1 << n) - 1, 0),
        rank=(tuple(ranks), (NOT_IN_SUIT,) * n),
        best_only=True,
    )


def suit_name(suit: int, trump: int, names: tuple[str, ...] = ()) -> str:
    """A suit as a player says it: "fives", "trumps", "doubles" (or the set's name for it)."""
    if names:
        return names[suit] if suit < len(names) else "trumps"
    if suit == trump:
        return "trumps"
    if suit == trump + 1:
        return "doubles"
    return PIP_NAMES[suit] if suit < len(PIP_NAMES) else f"{suit}s"


PIP_NAMES = (
    "blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "elevens", "twelves", "thirteens", "fourteens", "fifteens", "sixteens", "seventeens", "eighteens",
)  # fmt: skip
