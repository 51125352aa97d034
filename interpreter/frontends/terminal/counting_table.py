"""A counting game's table as text: the running total against its limit and the tiles laid since
the count started, each player's tiles laid this hand, the crib and the turned-up starter, the
players and their scores, one player's hand, and the numbered moves."""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.engine import Action, Match
from interpreter.frontends.presentation.counting import describe_counting_move
from interpreter.frontends.presentation.seats import Seat
from interpreter.frontends.presentation.style import Style, hand_tile
from interpreter.frontends.terminal.table import goal, hand_line, player_lines
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.untrusted import printable

HELP = """Type the number of a move, or name it:
  discard 6-3                   lay the tile [6|3] face down into the crib (a bare 6-3 says it too)
  6-3                           lay the tile [6|3] to the count (also: play 6-3)
  go                            no tile fits under the limit: say go
Commands: help, hint, rules, score, log, quit."""


def counting_help(ruleset: Ruleset) -> str:
    return HELP


def counting_screen(
    match: Match, ruleset: Ruleset, seats: Sequence[Seat], viewer: int, legal: Sequence[Action], style: Style
) -> str:
    """Everything a player of a counting game needs to choose a move, with the moves numbered from 1."""
    seen = match.observation(viewer)
    view = seen.counting
    assert view is not None
    header = f"{printable(ruleset.title)} · hand {match.round} · {goal(ruleset, match.players, None, 'hands')}"
    lines = [style.heading(f"── {header} ──")]
    dealer = "your" if seats[view.dealer].name == "You" else f"{seats[view.dealer].name}'s"
    starter = f"starter {hand_tile(view.turn_up)}" if view.turn_up is not None else "starter not turned up yet"
    crib = f"{dealer} crib: {view.crib_size} tile{'s' if view.crib_size != 1 else ''} face down"
    if view.crib:
        crib += f", yours among them: {' '.join(hand_tile(t) for t in view.crib)}"
    lines.append(f"{starter} · {crib}")
    if view.phase != "crib":
        laid = " ".join(f"{hand_tile(t)}" for _, t in view.count) or "nothing yet"
        lines.append(style.heading(f"Count: {view.total} of {view.limit}") + f"   since it started: {laid}")
        if view.gone:
            lines.append("Said go: " + ", ".join(seats[s].name for s in view.gone))
        for seat, tiles in enumerate(view.laid):
            if tiles:
                lines.append(f"  {seats[seat].name} laid: {' '.join(hand_tile(t) for t in tiles)}")
    lines.append(style.heading("Players"))
    lines += player_lines(match, seats, style, "score", {view.dealer: "deals, owns the crib"})
    lines.append("")
    lines.append(hand_line(match, viewer, seats, legal, style))
    you = seats[viewer].name == "You"
    ask = "lay a tile into the crib" if view.phase == "crib" else "lay a tile to the count"
    lines.append(style.heading(f"Your move: {ask}" if you else f"{seats[viewer].name}'s move: {ask}"))
    lines += [f"  {number:>2}  {describe_counting_move(a, match, seats)}" for number, a in enumerate(legal, start=1)]
    return "\n".join(lines) + "\n"
