"""A patience by totals in words (the tableau board): the deal, each removal with its sum, a tile
moved, turned up or drawn into the line, how the deal ended, and the moves a player types. Shared
by the terminal, the web page's log and the score sheet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.engine import Action, Match
from interpreter.engine.actions import MOVE, REMOVE
from interpreter.engine.tiles import normal, parse_tiles
from interpreter.frontends.presentation.refused import Refused
from interpreter.frontends.presentation.seats import Seat
from interpreter.frontends.presentation.style import Style, hand_tile


def _tiles(tiles: Sequence[Sequence[int]]) -> str:
    return " ".join(hand_tile((t[0], t[1])) for t in tiles)


def sum_words(tiles: Sequence[Sequence[int]]) -> str:
    """ "5 + 7 = 12": the pips of the tiles of a removal, and what they make."""
    pips = [t[0] + t[1] for t in tiles]
    return f"{' + '.join(map(str, pips))} = {sum(pips)}"


def move_words(action: Action) -> str:
    """A move as a player reads it: "remove [5|0] [6|1] (5 + 7 = 12)", "move [4|4] to column 3"."""
    if action.kind == REMOVE:
        return f"remove {_tiles(action.tiles)}  ({sum_words(action.tiles)})"
    if action.kind == MOVE and action.tile is not None:
        return f"move {hand_tile(action.tile)} to the empty column {action.value}"
    return str(action)


class TableauNarrator:
    """The event log of a patience in words."""

    def __init__(self, match: Match, seats: Sequence[Seat], style: Style) -> None:
        self.match = match
        self.seats = seats
        self.style = style

    def tell(self, events: Sequence[dict[str, Any]], viewer: int | None, start: int | None = None) -> list[str]:
        lines: list[str] = []
        who = self.style.paint(self.seats[0].name, "green" if self.seats[0].human else "cyan") if self.seats else "You"
        for event in events:
            kind = event["type"]
            if kind in ("deal", "tableau_dealt"):
                lines += self._dealt(event)
            elif kind == "action":
                lines.append(f"{who}: {move_words(Action.from_json(event['action']))}.")
            elif kind == "turned":
                lines.append(f"{hand_tile(tuple(event['tile']))} is turned up in column {event['column']}.")
            elif kind == "refilled":
                lines.append(f"{hand_tile(tuple(event['tile']))} is drawn into place {event['column']}.")
            elif kind == "round_end":
                if event["cleared"]:
                    lines.append(self.style.paint("Every tile is removed: the patience is won.", "bold"))
                else:
                    left = len(event["left"])
                    lines.append(f"Nothing more can be removed: {left} tile{'s' if left != 1 else ''} left.")
        return lines

    def _dealt(self, event: dict[str, Any]) -> list[str]:
        """The deal as the player sees it (a "deal" event is told only where its tiles may be seen:
        never, since the public log has "tableau_dealt" instead)."""
        if event["type"] == "deal":
            return []
        rules = self.match.ruleset.tableau
        assert rules is not None
        spares = f", and {len(event['spares'])} spares" if event["spares"] else ""
        stock = f"; {event['stock']} tiles in the stock" if event["stock"] else ""
        shape = f"a line of {rules.columns}" if rules.depth == 1 else f"{rules.columns} columns of {rules.depth}"
        return [f"The tiles are dealt into {shape}{spares}{stock}. Remove tiles that make {rules.total}."]


def result_line(match: Match, seats: Sequence[Seat]) -> str:
    """ "Won: every tile removed." or "Lost: 6 tiles left (22 removed).\""""
    view = match.observation(0).tableau
    assert view is not None
    removed = len(view.removed)
    if match.winners:
        return f"Won: {removed} tiles removed, {'every tile' if view.outcome == 'cleared' else 'enough'}."
    left = match.ruleset.set_size - removed
    return f"Lost: {left} tile{'s' if left != 1 else ''} left ({removed} removed)."


def read_word(words: str, legal: Sequence[Action], match: Match) -> Action | str | None:
    """The move `words` names: "remove 0-5 1-6" or just "0-5 1-6", "move 4-4 to 3". Refused with the
    reason and what may be typed instead when it names no legal move."""
    choose = "type 1" if len(legal) == 1 else f"type a number from 1 to {len(legal)}"
    instead = f"{choose}, tiles that make the total like 0-5 1-6, or help"
    if words.startswith("move "):
        try:
            wanted = Action.parse(words)
        except ValueError as error:
            raise Refused(f"{error}; {instead}") from None
        if wanted not in legal:
            raise Refused(f"{hand_tile(wanted.tile or (0, 0))} cannot go to column {wanted.value} now; {instead}")
        return wanted
    try:
        tiles = [normal(t) for t in parse_tiles(words.removeprefix("remove ").strip())]
    except ValueError:
        tiles = []
    if not tiles:
        raise Refused(f"'{words}' is not a move: {instead}")
    wanted = Action.remove(tiles)
    if wanted in legal:
        return wanted
    view = match.observation(0).tableau
    total = view.total if view is not None else 0
    free = set() if view is None else {*view.spares, *(column[-1] for column in view.columns if column)}
    covered = [t for t in wanted.tiles if t not in free]
    if covered:
        raise Refused(f"{hand_tile(covered[0])} is not free (only a column's last tile or a spare is): {instead}")
    raise Refused(f"{_tiles(wanted.tiles)} make {sum_words(wanted.tiles)}, not {total}: {instead}")
