"""A draw-and-discard hand in words, for every front end: a move said ("take [3|3] from the
discards", "show [4|4] [3|3]"), the hand's story as a seat may know it (its own drawn tiles only),
and the table's public state in lines: the discards, the groups shown, the tiles known held."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.engine import Action, Match
from interpreter.engine.actions import DISCARD, DRAW, MELD, TAKE
from interpreter.engine.observation import DrawDiscardView
from interpreter.frontends.presentation.pool import pool_words
from interpreter.frontends.presentation.seats import Seat, plural
from interpreter.frontends.presentation.style import Style, hand_tile

# What the player to act is asked at each step of a turn (its moves may say more: asked_words).
STEP_WORDS = {
    "start": "take a discard or draw",
    "meld": "show a group, or discard",
    "discard": "discard a tile",
    "draw": "draw (after taking a discard)",
}


def asked_words(step: str, legal: Sequence[Action]) -> str:
    """What the player to act is asked, from the moves offered (STEP_WORDS where none are known)."""
    kinds = {action.kind for action in legal}
    if not kinds:
        return STEP_WORDS[step]
    if TAKE in kinds:
        return "take a discard or draw"
    if kinds == {DRAW}:
        return "draw" if step == "start" else STEP_WORDS["draw"]
    if kinds == {MELD}:
        return "show your groups (each one you can make must be shown)"
    if MELD in kinds:
        return "show a group, or discard"
    return "discard a tile"


def tiles_said(tiles: Sequence[Sequence[int]]) -> str:
    return " ".join(hand_tile((t[0], t[1])) for t in tiles)


def move_said(action: Action, match: Match | None = None, seats: Sequence[Seat] = ()) -> str:
    """A move in words, as the list of moves and the hint say it."""
    if action.kind == TAKE and action.tile is not None:
        return f"take {hand_tile(action.tile)} from the discards"
    if action.kind == DRAW:
        return "draw from the stock"
    if action.kind == MELD:
        return f"show {tiles_said(action.tiles)} as a group"
    if action.kind == DISCARD and action.tile is not None:
        return f"discard {hand_tile(action.tile)}"
    return str(action)


def view_of(match: Match) -> DrawDiscardView:
    view = match.observation(0).draw_discard
    assert view is not None, "a draw-and-discard match"
    return view


def table_lines(view: DrawDiscardView, seats: Sequence[Seat]) -> list[str]:
    """The public table: the stock, the discards (the last one marked), dead tiles, shown groups and known tiles."""
    lines = [f"Stock: {view.stock} to draw · turn {view.turns + 1} of at most {view.turn_limit}"]
    if view.discards:
        row = [hand_tile(tile) for _, tile in view.discards]
        row[-1] = f"{row[-1]} ← last, by {seats[view.discards[-1][0]].name}"
        lines.append("Discards: " + " ".join(row))
    else:
        lines.append("Discards: (none)")
    if view.dead:
        lines.append("Turned down: " + " ".join(hand_tile(t) for t in view.dead))
    for seat, groups in enumerate(view.shown):
        if groups:
            said = "  ".join(f"{name}: {' '.join(hand_tile(t) for t in tiles)}" for name, tiles in groups)
            lines.append(f"{seats[seat].name} shows {said}")
    for seat, tiles in enumerate(view.known):
        if tiles:
            lines.append(f"{seats[seat].name} took from the discards and holds {' '.join(hand_tile(t) for t in tiles)}")
    return lines


class DrawDiscardNarrator:
    """A draw-and-discard match's story: the board's own teller (presentation/boards.py)."""

    def __init__(self, match: Match, seats: Sequence[Seat], style: Style) -> None:
        self.match = match
        self.seats = seats
        self.style = style

    def name(self, seat: int) -> str:
        return self.style.paint(self.seats[seat].name, "green" if self.seats[seat].human else "cyan")

    def tell(self, events: Sequence[dict[str, Any]], viewer: int | None, start: int | None = None) -> list[str]:
        lines: list[str] = []
        for index, event in enumerate(events):
            kind = event["type"]
            following = events[index + 1] if index + 1 < len(events) else None
            if kind == "deal":
                starter = event["starter"]
                verb = "start" if plural([self.seats[starter].name]) else "starts"
                lines += ["", self.style.heading(f"Hand {event['round']}: {self.name(starter)} {verb}.")]
            elif kind == "action":
                lines.append(self._action(event, following, viewer))
            elif kind == "reshuffled":
                lines.append(
                    f"The stock is used up: {event['tiles']} discards are shuffled face down into a new stock."
                )
            elif kind == "discarded":  # a drawn tile thrown at once (drawn: discard_unless_out)
                verb = "discard" if plural([self.seats[event["seat"]].name]) else "discards"
                lines.append(f"{self.name(event['seat'])} {verb} the drawn {tiles_said([event['tile']])} at once.")
            elif kind == "dead":
                lines.append(f"The discards {tiles_said(event['tiles'])} are turned down, out of play.")
            elif kind == "went_out":
                groups = ", ".join(f"{k} {name}" for name, k in event["groups"].items() if k)
                how = " on a discard" if event["from_discard"] else ""
                verb = "go" if plural([self.seats[event["seat"]].name]) else "goes"
                lines.append(f"{self.name(event['seat'])} {verb} out{how}: {tiles_said(event['tiles'])} ({groups}).")
            elif kind == "turn_limit":
                lines.append(f"{event['turns']} turns played with nobody out: the hand ends (the turn limit).")
            elif kind == "stock_out":
                lines.append("Nothing left to draw and nothing to take: the hand ends with nobody out.")
            elif kind == "score":
                lines.append(self._score(event))
            elif kind == "round_end":
                said = ", ".join(
                    f"{seat.name} {event['scores'][self.match.side_of(n)]}" for n, seat in enumerate(self.seats)
                )
                lines.append(f"Hand {event['round']} over. Scores: {said}.")
            elif kind == "match_end":
                best = ", ".join(
                    self.seats[s].name for s in range(len(self.seats)) if self.match.side_of(s) in event["winners"]
                )
                lines.append(
                    self.style.heading(
                        f"Match over: {best or 'nobody'} {'win' if plural(best.split(', ')) else 'wins'}."
                    )
                )
        return lines

    def _action(self, event: dict[str, Any], following: dict[str, Any] | None, viewer: int | None) -> str:
        seat = event["seat"]
        who = self.name(seat)
        action = Action.from_json(event["action"])
        if action.kind == DRAW:
            drawn = following.get("tile") if following and following["type"] == "draw" else None
            return (
                f"{who} drew {hand_tile((drawn[0], drawn[1]))}." if seat == viewer and drawn else f"{who} drew a tile."
            )
        if action.kind == TAKE and action.tile is not None:
            return f"{who} took {hand_tile(action.tile)} from the discards."
        if action.kind == MELD:
            return f"{who} showed {tiles_said(action.tiles)}."
        return f"{who} discarded {hand_tile(action.tile)}." if action.tile is not None else f"{who}: {action}."

    def _score(self, event: dict[str, Any]) -> str:
        names = [self.seats[s].name for s in range(len(self.seats)) if self.match.side_of(s) == event["side"]]
        who = self.style.paint(" and ".join(names), "bold")
        staked = pool_words(event, who, plural(names))
        if staked is not None:
            return staked
        return f"{who} {'score' if plural(names) else 'scores'} {event['points']} (total {event['total']})."


def read_word(word: str, legal: Sequence[Action], match: Match) -> Action | str | None:
    """A typed move: "draw", "take 3-3", "discard 5-6", "show 3-3 4-4" (as the engine writes them)."""
    text = word.strip().lower().replace("show ", "meld ", 1)
    try:
        action = Action.parse(text)
    except ValueError:
        return None
    return action if action in legal else f"{word.strip()} is not one of the moves now"
