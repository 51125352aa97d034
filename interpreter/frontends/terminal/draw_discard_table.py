"""A draw-and-discard table as text: the stock and the turn count, the face-up discards with the
last one marked, the groups shown and the tiles each player is known to hold, the players, one
player's hand, what the turn's step asks, and the numbered moves."""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.engine import Action, Match
from interpreter.frontends.presentation.draw_discard import asked_words, move_said, table_lines, view_of
from interpreter.frontends.presentation.seats import Seat
from interpreter.frontends.presentation.style import Style
from interpreter.frontends.terminal.help_text import COMMANDS
from interpreter.frontends.terminal.table import goal, hand_line, player_lines
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.untrusted import printable

HELP = (
    """\
Type the number of a move, or name it:
  draw                          draw a tile from the stock
  take 3-3                      take the face-up discard [3|3] instead of drawing
  show 3-3 4-4                  lay a group face up (also: meld 3-3 4-4)
  discard 6-5                   discard [6|5] face up
"""
    + COMMANDS
)


def screen(
    match: Match, ruleset: Ruleset, seats: Sequence[Seat], viewer: int, legal: Sequence[Action], style: Style
) -> str:
    view = view_of(match)
    header = (
        f"{printable(ruleset.title)} · hand {match.round} · {goal(match.ruleset, match.players, rounds_word='hands')}"
    )
    lines = [style.heading(f"── {header} ──"), style.heading("Table")]
    lines += ["  " + line for line in table_lines(view, seats)]
    lines.append(style.heading("Players"))
    lines += player_lines(match, seats, style)
    lines.append("")
    lines.append(hand_line(match, viewer, seats, legal, style))
    whose = "Your moves" if seats[viewer].name == "You" else f"{seats[viewer].name}'s moves"
    lines.append(style.heading(f"{whose} ({asked_words(view.step, legal)})"))
    lines += [f"  {number:>2}  {move_said(a)}" for number, a in enumerate(legal, start=1)]
    return "\n".join(lines) + "\n"


def help_text(ruleset: Ruleset) -> str:
    return HELP


def said(action: Action, match: Match, seats: Sequence[Seat]) -> str:
    return move_said(action)
