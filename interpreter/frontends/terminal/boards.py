"""The terminal's part per kind of phase, registered once: what the person is asked for in each
kind of phase (`Match.phase_kind`), and per board (the play kind of `Match.phase_kinds`) the screen
drawn, the help, and how a move is said — so that the prompt loop never tests the family."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from interpreter.engine import Action, Match
from interpreter.frontends.presentation.counting import describe_counting_move
from interpreter.frontends.presentation.partition import describe_split
from interpreter.frontends.presentation.places import move_words
from interpreter.frontends.presentation.plays import grouped, order_plays
from interpreter.frontends.presentation.seats import Seat
from interpreter.frontends.presentation.style import Style
from interpreter.frontends.presentation.tricks import describe_trick_move, tables
from interpreter.frontends.terminal import draw_discard_table
from interpreter.frontends.terminal.counting_table import counting_help, counting_screen
from interpreter.frontends.terminal.help_text import layout_help, trick_help
from interpreter.frontends.terminal.partition_board import partition_help, partition_screen
from interpreter.frontends.terminal.table import describe_move, screen
from interpreter.frontends.terminal.tableau_board import describe, tableau_help, tableau_screen
from interpreter.frontends.terminal.trick_table import trick_screen
from interpreter.rulefile import phase_kinds as kinds
from interpreter.rulefile.phase_kinds import PhaseParts, play_kind
from interpreter.rulefile.ruleset import Ruleset

Screen = Callable[[Match, Ruleset, Sequence[Seat], int, Sequence[Action], Style], str]


@dataclass(frozen=True)
class TerminalBoard:
    screen: Screen  # everything a person needs to choose a move, the moves numbered from 1
    help: Callable[[Ruleset], str]  # the moves the game may be typed as, and the commands
    describe: Callable[[Action, Match, Sequence[Seat]], str]  # a move as the hint names it
    said: Callable[[Action, Match, Sequence[Seat]], str]  # a move among the hint's best few
    order: Callable[[Match, Sequence[Action]], list[Action]]  # the moves as they are numbered


def _trick_move(action: Action, match: Match, seats: Sequence[Seat]) -> str:
    return describe_trick_move(action, match)


def _layout_said(action: Action, match: Match, seats: Sequence[Seat]) -> str:
    return move_words(action, match.layout, seats, match.current_player)


def _as_listed(match: Match, legal: Sequence[Action]) -> list[Action]:
    return list(legal)


def _trick_order(match: Match, legal: Sequence[Action]) -> list[Action]:
    return order_plays(match, legal) if grouped(tables(match)) else list(legal)  # the plays that take the lead first


BOARDS: PhaseParts[TerminalBoard] = PhaseParts(
    "the terminal (terminal/boards.py)",
    {
        kinds.LAYOUT: TerminalBoard(screen, layout_help, describe_move, _layout_said, lambda match, legal: list(legal)),
        kinds.TRICKS: TerminalBoard(trick_screen, trick_help, _trick_move, _trick_move, _trick_order),
        kinds.COUNTING: TerminalBoard(
            counting_screen, counting_help, describe_counting_move, describe_counting_move, lambda m, legal: list(legal)
        ),
        kinds.TABLEAU: TerminalBoard(
            tableau_screen, tableau_help, describe, describe, lambda match, legal: list(legal)
        ),
        kinds.DRAW_DISCARD: TerminalBoard(
            draw_discard_table.screen, draw_discard_table.help_text, draw_discard_table.said, draw_discard_table.said,
            lambda match, legal: list(legal),
        ),
        kinds.PARTITION: TerminalBoard(partition_screen, partition_help, describe_split, describe_split, _as_listed),
    },
)

def board_of(match: Match) -> TerminalBoard:
    """The terminal's part for the board `match`'s hands are played on."""
    return BOARDS.part(play_kind(match.phase_kinds))
