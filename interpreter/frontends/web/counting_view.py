"""The web view's part for a counting board (views.py's WEB_BOARDS): the moves in the terminal's
words, and the hand as the viewer may see it — the running total and its limit, the tiles laid
since the count started, each seat's tiles laid this hand, who said go, the crib's size with the
viewer's own crib tiles (never another's), the starter, and this hand's shows so far."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from interpreter.engine import Action, Match
from interpreter.frontends.presentation.counting import called, describe_counting_move
from interpreter.frontends.presentation.seats import Seat


def counting_moves(out: list[dict[str, Any]], legal: Sequence[Action], match: Match, seats: Sequence[Seat]) -> None:
    for move, action in zip(out, legal, strict=True):
        move["text"] = describe_counting_move(action, match, seats)
        move["label"] = "Go" if action.kind == "go" else move["text"]


def counting_hand(
    match: Match, viewer: int | None, seats: Sequence[Seat], hand: Sequence[tuple[int, int]] = ()
) -> dict[str, Any]:
    seen = match.observation(0 if viewer is None else viewer).counting
    assert seen is not None
    view = seen if viewer is not None else dataclasses.replace(seen, crib=())  # a spectator sees no crib tile
    events = match.events
    deal = max((i for i, e in enumerate(events) if e["type"] == "deal"), default=0)
    shows = [{**e, "called": called(e["items"])} for e in events[deal:] if e["type"] == "show"]
    return {
        "phase": view.phase,
        "dealer": view.dealer,
        "starter": view.starter,
        "limit": view.limit,
        "marks": [total for total, _ in (match.ruleset.counting.totals if match.ruleset.counting else ())],
        "total": view.total,
        "count": [[seat, list(tile)] for seat, tile in view.count],
        "laid": [[list(t) for t in tiles] for tiles in view.laid],
        "gone": list(view.gone),
        "crib_size": view.crib_size,
        "crib": [list(t) for t in view.crib],
        "to_crib": view.to_crib,
        "turn_up": None if view.turn_up is None else list(view.turn_up),
        "order": list(range(match.players)),
        "shows": shows,
    }


def counting_round_end(
    match: Match, events: Sequence[dict[str, Any]], first: int, index: int, seats: Sequence[Seat], viewer: int | None
) -> dict[str, Any]:
    """A hand's end's own fields: its shows, each called as a cribbage player calls it."""
    deal = max((i for i in range(index) if events[i]["type"] == "deal"), default=0)
    return {"shows": [{**e, "called": called(e["items"])} for e in events[deal:index] if e["type"] == "show"]}
