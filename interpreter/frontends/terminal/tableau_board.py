"""A patience by totals at the terminal: the columns side by side, each from its top down to its free
tile, face-down tiles as [??], the spares and the stock beside them, and the moves numbered."""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.engine import Action, Match
from interpreter.frontends.presentation.seats import Seat
from interpreter.frontends.presentation.style import Style, hand_tile
from interpreter.frontends.presentation.tableau import move_words
from interpreter.frontends.terminal.help_text import COMMANDS
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.untrusted import printable

_CELL = 7  # "[6|3]" and two spaces


def tableau_screen(
    match: Match, ruleset: Ruleset, seats: Sequence[Seat], viewer: int, legal: Sequence[Action], style: Style
) -> str:
    view = match.observation(viewer).tableau
    assert view is not None, "a patience's observation has its tableau"
    usable = {t for action in legal for t in action.tiles}
    goal = f"remove tiles that make {view.total}, {view.size} at a time"
    lines = [style.heading(f"── {printable(ruleset.title)} · {goal} ──")]

    def cell(tile: tuple[int, int] | None, free: bool) -> str:
        if tile is None:
            return style.quiet("[??]".ljust(_CELL))
        text = hand_tile(tile).ljust(_CELL)
        if tile in usable:
            return style.paint(text, "bold", "green")
        return style.paint(text, "bold") if free else text

    columns = view.columns
    lines.append("  " + "".join(f"{n:<{_CELL}}" for n in range(1, len(columns) + 1)))
    for row in range(max((len(c) for c in columns), default=0)):
        cells = []
        for column in columns:
            if row < len(column):
                cells.append(cell(column[row], row == len(column) - 1))
            else:
                cells.append(" " * _CELL if row else style.quiet("(empty)".ljust(_CELL)))
        lines.append("  " + "".join(cells).rstrip())
    lines.append(style.quiet("  The last tile of each column is free; only free tiles may be removed."))
    if view.spares:
        lines.append("Spares (free at any time): " + " ".join(cell(t, True).rstrip() for t in view.spares))
    if view.stock:
        lines.append(f"Stock: {view.stock} tiles face down")
    lines.append(f"Removed: {len(view.removed)} of {ruleset.set_size}")
    lines.append(style.heading("Your moves" if seats[viewer].name == "You" else f"{seats[viewer].name}'s moves"))
    lines += [f"  {number:>2}  {move_words(a)}" for number, a in enumerate(legal, start=1)]
    return "\n".join(lines) + "\n"


def tableau_help(ruleset: Ruleset) -> str:
    """The moves a patience may be typed as: a move into an empty column only where the rules have one."""
    lines = [
        "Type the number of a move, or name it:",
        "  0-5 1-6      remove the free tiles [5|0] and [6|1] (also: remove 0-5 1-6)",
    ]
    if ruleset.tableau is not None and ruleset.tableau.move_to_empty:
        lines.append("  move 4-4 to 3")
        lines.append("               move the free tile [4|4] into the empty column 3")
    return "\n".join(lines) + "\n" + COMMANDS


def describe(action: Action, match: Match, seats: Sequence[Seat]) -> str:
    return move_words(action)
