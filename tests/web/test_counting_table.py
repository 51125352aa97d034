"""A counting game at the web table (Domino Cribbage): a whole match played by a person against a
computer, every view of the person's seat and of a spectator read at every version, never shows a
tile the viewer has not seen: another seat's hand, another seat's crib tiles, the dead tiles. Only
the viewer's own tiles (its hand, its crib tiles), the tiles laid to the count, the starter, and the
hands and crib shown after the play."""

from __future__ import annotations

import random
from typing import Any

import pytest

from interpreter.engine import Match
from tests.web.streams import by_version
from tests.web.test_api import TILE_TEXT

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

GAME = {"variant": "domino-cribbage", "players": 2, "seed": 7, "settings": {"match.target": "61"},
        "seats": [{"kind": "human"}, {"kind": "computer", "strength": "greedy"}]}  # fmt: skip


def _tiles(value: Any) -> set[tuple[int, int]]:
    """Every tile a view holds: as [a, b] lists anywhere in it, and as "[a|b]" in its words."""
    out: set[tuple[int, int]] = set()
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        out.add((min(value), max(value)))
    elif isinstance(value, list):
        for item in value:
            out |= _tiles(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in ("scores", "history", "hand_counts", "seat_sides", "marks", "order", "gone", "score_sheet",
                           "points", "pips"):
                out |= _tiles(item)
    elif isinstance(value, str):
        out |= {(min(int(a), int(b)), max(int(a), int(b))) for a, b in TILE_TEXT.findall(value)}
    return out


def _seen(log: list[dict[str, Any]], upto: int, seat: int | None) -> set[tuple[int, int]]:
    """The tiles `seat` (None: a spectator) has seen by record `upto`: every tile laid face up, turned
    up or shown, and its own dealt tiles (which include its crib tiles)."""
    out: set[tuple[int, int]] = set()
    for event in log[:upto]:
        if event["type"] == "deal" and seat is not None:
            out |= {(a, b) for a, b in event["hands"][seat]}
        elif event["type"] == "action" and event["action"]["kind"] == "play":
            out.add(tuple(event["action"]["tile"]))  # type: ignore[arg-type]
        elif event["type"] == "starter":
            out.add(tuple(event["tile"]))  # type: ignore[arg-type]
        elif event["type"] == "show":
            out |= {(a, b) for a, b in event["tiles"]}
    return out


def test_a_whole_counting_match_never_shows_a_seat_or_a_spectator_a_tile_it_has_not_seen(client) -> None:
    table = client.post("/api/tables", json=GAME).json()
    seat_url = f"/api/tables/{table['table']}/state?token={table['seats'][0]['token']}"
    watch_url = f"/api/tables/{table['table']}/state?token={table['spectator']['token']}"
    chooser = random.Random(2)
    seat_views: list[dict] = []
    watched: list[dict] = []
    for _ in range(3000):
        view = client.get(seat_url).json()
        seat_views.append(view)
        watched.append(client.get(watch_url).json())
        if view["over"]:
            break
        move = chooser.randrange(len(view["legal"]))
        answer = client.post(f"/api/tables/{table['table']}/action?token={table['seats'][0]['token']}",
                             json={"index": move, "version": view["version"]})  # fmt: skip
        assert answer.status_code == 200, answer.text
    assert seat_views[-1]["over"]
    final = client.app.state.tables.get(table["table"]).match
    log = final.events
    assert any(e["type"] == "show" and e["crib"] for e in log), "the match should show a crib"
    for views, seat in ((seat_views, 0), (watched, None)):
        truth = Match(final.ruleset, players=2, seed=GAME["seed"])
        for view, upto in by_version(views, log, truth):
            leaked = _tiles(view) - _seen(log, upto, seat)
            assert not leaked, (seat, view["version"], leaked)
            assert view["board"] == "counting"
