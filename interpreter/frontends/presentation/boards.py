"""The shared words' part per kind of board: how a hand is told, read and scored in words, by the
kind of phase its tiles are played in (the play kind of `Match.phase_kinds`), registered once here
so that the narration, the typed moves, the score sheet and the front ends never test the family.

A board with words of its own (a trick table: bids, trumps, tricks) registers them; a board told
and read in the general words (tiles onto a layout's arms) leaves them None."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from interpreter.engine import Action, Match
from interpreter.engine.tricks.tables import TrickTables
from interpreter.frontends.presentation import counting, draw_discard, partition, tableau, tricks
from interpreter.frontends.presentation.seats import Seat
from interpreter.frontends.presentation.style import Style
from interpreter.rulefile.phase_kinds import (
    COUNTING,
    DRAW_DISCARD,
    LAYOUT,
    PARTITION,
    TABLEAU,
    TRICKS,
    PhaseParts,
    play_kind,
)
from interpreter.rulefile.ruleset import Ruleset


class Teller(Protocol):
    def tell(self, events: Sequence[dict[str, Any]], viewer: int | None, start: int | None = None) -> list[str]: ...


@dataclass(frozen=True)
class Board:
    round_word: str  # what one deal's play is called: "hand" at a trick table, "round" at a layout
    # The board's own storyteller, result line and reader of typed words (None: the general ones).
    teller: Callable[[Match, Sequence[Seat], Style], Teller] | None = None
    result_line: Callable[[Match, Sequence[Seat]], str] | None = None
    read_word: Callable[[str, Sequence[Action], Match], Action | str | None] | None = None
    # The tables a score sheet reads a hand's bid and contract from (None: no contracts).
    contract_tables: Callable[[Match], TrickTables] | None = None


BOARDS: PhaseParts[Board] = PhaseParts(
    "the shared words (presentation/boards.py)",
    {
        LAYOUT: Board("round"),
        TRICKS: Board("hand", tricks.TrickNarrator, tricks.result_line, tricks.read_trick_word, tricks.tables),
        COUNTING: Board("hand", counting.CountingNarrator, counting.result_line),
        TABLEAU: Board("deal", tableau.TableauNarrator, tableau.result_line, tableau.read_word),
        DRAW_DISCARD: Board("hand", draw_discard.DrawDiscardNarrator, None, draw_discard.read_word),
        PARTITION: Board("hand", partition.PartitionNarrator, partition.result_line, partition.read_split),
    },
)


def board_of(game: Match | Ruleset) -> Board:
    """The shared words' part for the board the hands of a match (or of a game of a ruleset) are
    played on."""
    return BOARDS.part(play_kind(game.phase_kinds))
