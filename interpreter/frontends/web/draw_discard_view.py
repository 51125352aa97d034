"""The web view's part for a draw-and-discard board (web/views.py WEB_BOARDS): the moves' words and
button labels, and the table every seat may see (sent as the view's "tricks", the board's own
part): the stock, the face-up discards with the last one and who laid it, the groups shown, the
tiles each seat took from the discards and still holds, the turn's step. Nothing hidden is sent."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.engine import Action, Match
from interpreter.engine.actions import DISCARD, DRAW, MELD, TAKE
from interpreter.frontends.presentation.draw_discard import asked_words, move_said, view_of
from interpreter.frontends.presentation.seats import Seat
from interpreter.frontends.presentation.style import hand_tile


def moves(out: list[dict[str, Any]], legal: Sequence[Action], match: Match, seats: Sequence[Seat]) -> None:
    for move, action in zip(out, legal, strict=True):
        move["text"] = move_said(action)
        if action.kind == TAKE and action.tile is not None:
            move["label"] = f"Take {hand_tile(action.tile)}"
        elif action.kind == DRAW:
            move["label"] = "Draw"
        elif action.kind == MELD:
            move["label"] = "Show " + " ".join(hand_tile(t) for t in action.tiles)
            move["tiles"] = [list(t) for t in action.tiles]
        elif action.kind == DISCARD and action.tile is not None:
            move["label"] = hand_tile(action.tile)


def table_json(
    match: Match, viewer: int | None, seats: Sequence[Seat], hand: Sequence[tuple[int, int]] = ()
) -> dict[str, Any]:
    view = view_of(match)
    legal = match.legal_actions() if viewer is not None and viewer == match.current_player else []
    asked = asked_words(view.step, legal)
    return {
        "discards": [[seat, list(tile)] for seat, tile in view.discards],
        "dead": [list(t) for t in view.dead],
        "shown": [[[name, [list(t) for t in tiles]] for name, tiles in groups] for groups in view.shown],
        "known": [[list(t) for t in tiles] for tiles in view.known],
        "stock": view.stock,
        "step": view.step,
        "step_words": asked,
        "choices_head": f"{asked[0].upper()}{asked[1:]}:",
        "turns": view.turns,
        "turn_limit": view.turn_limit,
        "current": match.current_player,
    }


def round_end(
    match: Match, events: Sequence[dict[str, Any]], first: int, index: int, seats: Sequence[Seat], viewer: int | None
) -> dict[str, Any]:
    """A hand's end: who went out with which tiles (the whole hand is shown then), or why nobody did."""
    out = None
    for event in reversed(events[:index]):  # back to the hand's deal
        if event["type"] == "deal":
            break
        if event["type"] == "went_out":
            out = event
            break
    if out is None:
        return {"went_out": None}
    return {
        "went_out": {
            "seat": out["seat"],
            "tiles": out["tiles"],
            "groups": out["groups"],
            "from_discard": out["from_discard"],
        }
    }
