"""The kinds of phase a hand may go through, and the sequence a rule file's hand follows.

A hand is a sequence of phases (interpreter/engine/phases.py); each phase has a kind, and every
layer above the engine — players, `explain`, the terminal, the web view and its renderer, the
agents' encoding — registers its part under the kind instead of testing the game's family. The
kinds and a ruleset's sequence belong to the rule file: the two families are two default
sequences, so the loader, `explain` and the engine all read them from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from interpreter.rulefile.ruleset import Ruleset

PartT = TypeVar("PartT")

# The kinds of phase a hand may go through, in the order a hand usually meets them. A new kind is
# added here, with its part registered in every layer (tests/test_phase_seams.py checks).
DEAL = "deal"  # the tiles are dealt (no decision: the phase passes straight on)
CALLS = "calls"  # seat by seat before the first lead: keep, drop or exchange
AUCTION = "auction"  # bids in turn, or passes
DECLARATION = "declaration"  # the auction's winner names trumps or a contract
UNDEALT = "undealt"  # what happens to the tiles nobody was dealt: a kitty taken, a widow shown, a tile turned up
DISCARD = "discard"  # tiles laid face down from a hand (after a kitty or an exchange)
PASSING = "passing"  # tiles passed to another seat before play
MELDING = "melding"  # combinations shown and scored
LAYOUT = "layout"  # tiles matched onto a line or a hub of trains
TRICKS = "tricks"  # tricks won by the highest tile
DRAW_DISCARD = "draw_discard"  # draw a tile, then discard one
TABLEAU = "tableau"  # tiles removed from a tableau of columns by their totals (a patience)
PARTITION = "partition"  # every seat splits its hand, face down, into the groups the file declares
SCORING = "scoring"  # the hand is scored (no decision)
# Counting games: tiles laid face down into the dealer's crib (its own kind, not DISCARD: a
# kitty's discard is drawn by the trick table's layers, which a counting hand has none of).
CRIB = "crib"
COUNTING = "counting"  # tiles laid in turn to a running total under a limit, with go

KINDS = (
    DEAL, CALLS, AUCTION, DECLARATION, UNDEALT, DISCARD, PASSING, MELDING, LAYOUT, TRICKS, DRAW_DISCARD, CRIB,
    COUNTING, TABLEAU, PARTITION, SCORING,
)  # fmt: skip

# The kinds in which the tiles are played — one per hand: what a front end draws as the board.
PLAY_KINDS = (LAYOUT, TRICKS, DRAW_DISCARD, COUNTING, TABLEAU, PARTITION)


def sequence_of(ruleset: Ruleset) -> tuple[str, ...]:
    """The kinds of phase a hand of `ruleset` goes through, in order: a layout game's default
    sequence, or a trick game's, with the auction, the calls and the discards its rules name, or a
    counting game's, a patience's, a draw and discard game's, a partition game's."""
    if ruleset.counting is not None:  # a counting game: the crib, the play to a total, the show
        return (DEAL, CRIB, COUNTING, SCORING)
    if ruleset.tableau is not None:  # a patience: dealt, played out alone, scored
        return (DEAL, TABLEAU, SCORING)
    if ruleset.draw_discard is not None:  # turns of taking or drawing, then discarding
        return (DEAL, DRAW_DISCARD, SCORING)
    if ruleset.partition is not None:  # a partition game: every hand is dealt, split and shown down
        return (DEAL, PARTITION, SCORING)
    rules = ruleset.tricks
    if rules is None:  # a layout game: the calls only where a player may claim a redeal
        return (DEAL, CALLS, LAYOUT, SCORING) if ruleset.deal.redeal_claim is not None else (DEAL, LAYOUT, SCORING)
    sequence = [DEAL]
    if rules.passing is not None:
        sequence.append(PASSING)
    bidding = rules.bidding
    # The dealer taking the turned-up tile: once its suit is accepted in the auction, or during the calls.
    takes = rules.stock is not None and rules.stock.dealer_takes_turn_up
    if bidding is not None:
        sequence += [AUCTION, UNDEALT, DECLARATION] if takes and bidding.over_turn_up else [AUCTION, DECLARATION]
    if rules.calls is not None:
        sequence.append(CALLS)
    if takes and not (bidding is not None and bidding.over_turn_up):
        sequence.append(UNDEALT)
    if (bidding is not None and bidding.kitty) or rules.calls is not None:
        sequence.append(DISCARD)
    melds = rules.melds
    if melds is not None:  # runs shown and scored: before the first lead, or after the last trick
        before = melds.when.value == "before_tricks"
        return (*sequence, MELDING, TRICKS, SCORING) if before else (*sequence, TRICKS, MELDING, SCORING)
    return (*sequence, TRICKS, SCORING)


class UnknownPhaseKind(ValueError):
    """A layer was asked for its part in a kind of phase nobody registered a part for."""


class PhaseParts(Generic[PartT]):
    """One layer's registration of its part per kind of phase: the table a consumer looks its part
    up in by `Match.phase_kind` (or the play kind of `Match.phase_kinds`), never by the family. An
    unregistered kind is refused at the lookup, naming the layer and what it does know."""

    def __init__(self, layer: str, parts: Mapping[str, PartT]) -> None:
        unknown = sorted(set(parts) - set(KINDS))
        if unknown:
            said = ", ".join(unknown)
            raise UnknownPhaseKind(f"{layer}: {said} is not a kind of phase (the kinds: {', '.join(KINDS)})")
        self.layer = layer
        self.parts = dict(parts)

    def __contains__(self, kind: object) -> bool:
        return kind in self.parts

    def part(self, kind: str) -> PartT:
        """This layer's part in a phase of `kind`."""
        try:
            return self.parts[kind]
        except KeyError:
            known = ", ".join(self.parts)
            raise UnknownPhaseKind(
                f"{self.layer} has no part registered for the phase kind {kind!r} (registered: {known})"
            ) from None


def play_kind(kinds: tuple[str, ...]) -> str:
    """The kind of the phase in which a hand following `kinds` plays its tiles (its board)."""
    for kind in kinds:
        if kind in PLAY_KINDS:
            return kind
    raise UnknownPhaseKind(
        f"a hand of {', '.join(kinds)} has no phase in which tiles are played ({', '.join(PLAY_KINDS)})"
    )
