"""A spectator's link at a trick game (docs/web.md, "With friends"): whole matches watched through
the spectator's token, its state asked at every turn of the person and its event stream heard at
every version, never show a tile of any hand, a tile laid face down (a kitty's discard, an exchanged
hand, a play face down) or a tile of the stock or the widow: only the tiles played face up in the
hand a view speaks of, and the tile turned up for trumps."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from interpreter.engine import Match
from tests.web.streams import Stream, by_version
from tests.web.test_api import TILE_TEXT, _choose, _hand_spans

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

PERSON = {"kind": "human"}
GREEDY = {"kind": "computer", "strength": "greedy"}

# One person among computers, at pace 0: every answer to the person comes once the computers have
# moved, and the spectator's stream hears each of their moves. What each game hides from a watcher:
# Texas 42 the hands; Moon the widow and the bidder's discard; Bingo the stock and its draws (the
# turned-up trump is public); Domino Rounce the dummies, the exchanged hands and their discards, and
# the hands of those who drop out; Tien Gow the plays laid face down (a set with most tiles twice).
MATCHES = {
    "texas-42": {"players": 4, "seed": 8, "settings": {"match.target": "2"}},
    "moon": {"players": 3, "seed": 2, "settings": {"match.target": "14"}},
    "bingo": {"players": 2, "seed": 4, "settings": {"match.target": "3"}},
    "domino-rounce": {"players": 3, "seed": 6, "settings": {"match.target": "5"}},
    "tien-gow": {"players": 4, "seed": 12, "settings": {"match.rounds": "2"}},
}

# The fields of a view that hold tiles ([a, b]); the words anywhere in it are read for "[a|b]".
TILE_FIELDS = ("hand", "hands", "trick", "last_trick", "played", "plays", "turn_up", "layout", "legal", "last_play")


def watch(table: dict, what: str) -> str:
    return f"/api/tables/{table['table']}/{what}?token={table['spectator']['token']}"


def play(table: dict, what: str) -> str:
    return f"/api/tables/{table['table']}/{what}?token={table['seats'][0]['token']}"


@pytest.mark.parametrize("variant", sorted(MATCHES))
def test_a_spectator_watching_a_whole_trick_match_never_sees_a_hidden_tile(client, variant):
    game = MATCHES[variant]
    players = game["players"]
    body = {"variant": variant, "seats": [PERSON] + [GREEDY] * (players - 1), **game}
    table = client.post("/api/tables", json=body).json()
    stream = Stream(client, watch(table, "events"))
    chooser = random.Random(5)
    received: list[dict] = []
    for _ in range(2000):
        received.append(client.get(watch(table, "state")).json())
        view = client.get(play(table, "state")).json()
        assert view["last_play"] is None or view["last_play"]["tiles"] == []  # nor to a seat: face down
        if view["over"]:
            break
        answer = client.post(play(table, "action"), json={"index": _choose(view, chooser), "version": view["version"]})
        assert answer.status_code == 200, answer.text
    events = stream.events()
    assert received[-1]["over"]
    assert events[-1][0] == "over"
    received += [json.loads(data) for kind, data in events if kind == "state"]
    final = client.app.state.tables.get(table["table"]).match
    log = final.events
    public = final.observation(0).history  # the log as every seat may read it, record by record
    actions = [i for i, e in enumerate(log) if e["type"] == "action"]
    # Every version of the match from the first the spectator could see (the computers who move
    # first have moved when the table is made) reached it, by its stream or by asking.
    versions = {v["version"] for v in received}
    assert versions == set(range(received[0]["version"], len(actions) + 1))
    truth = Match(final.ruleset, players=players, seed=game["seed"])
    for view, upto in by_version(received, log, truth):
        _check_spectator_view(view, truth, public, log, upto)
    kinds = {e["action"]["kind"] for e in log if e["type"] == "action"}
    assert len({v["round"] for v in received}) >= 2, "the match should cross a hand's end"
    hidden_plays = [e for e in public if e["type"] == "action" and e["action"]["kind"] == "play" and
                    "tile" not in e["action"]]  # fmt: skip
    assert {
        "moon": lambda: "discard" in kinds,  # the bidder took the widow and laid a tile away
        "bingo": lambda: "close" in kinds and any(v["tricks"]["turn_up"] for v in received),
        "domino-rounce": lambda: {"exchange", "discard"} <= kinds,
        "tien-gow": lambda: len(hidden_plays) > 5,
        "texas-42": lambda: "trumps" in kinds,
    }[variant]()


def _check_spectator_view(view: dict, truth: Match, public: list[dict], log: list[dict], upto: int) -> None:
    """Nothing in `view` shows a tile other than those every seat saw: played face up, or turned up
    for trumps, in the hand the view speaks of (the current one, and the last while its end is shown);
    never more copies of a tile than were shown."""
    version = view["version"]
    assert view["spectator"] is True and view["seat"] is None and view["side"] is None, version
    assert view["hand"] == [] and view["legal"] == [] and "hands" not in view and "boneyard" not in view, version
    assert view["hand_counts"] == [len(truth.hand(s)) for s in range(truth.players)], version
    assert view["layout"]["arms"] == [], version
    # The last turn names its mover only: a trick game's play may lie face down (Tien Gow).
    assert view["last_play"] is None or view["last_play"]["tiles"] == [], version
    spans = _hand_spans(log, upto)
    shown = Counter()  # each tile as many times as it was shown, in the hands the view may speak of
    for start, end in spans[-2:]:
        shown |= sum(_shown_by_seat(public, start, end).values(), Counter())
    # Each list of tiles of a field holds no more copies of a tile than were shown, nor other tiles.
    for tiles in _tile_lists(view):
        assert not _counted(tiles) - shown, (version, tiles)
    # Each seat's face-up plays of this hand, as `played` and the trick's plays say them: its own.
    start, end = spans[-1]
    by_seat = _shown_by_seat(public, start, end)
    tricks = view["tricks"]
    for seat in range(truth.players):
        assert not _counted(tricks["played"][seat]) - by_seat.get(seat, Counter()), (version, seat)
        said = _counted(t for p in tricks["plays"] if p["seat"] == seat for t in p["tiles"])
        assert not said - by_seat.get(seat, Counter()), (version, seat)
    assert not any(p["tiles"] and p["face_down"] for p in tricks["plays"]), version
    # Words: no line names a tile that was not shown; a play face down is told as how many tiles.
    for line in _strings(view):
        assert not set(_counted((int(a), int(b)) for a, b in TILE_TEXT.findall(line))) - set(shown), (version, line)
        if " face down" in line and " laid " in line:
            assert "[" not in line, (version, line)
    for end_ in (view["round_end"], view["last_round_end"]):
        assert end_ is None or all(hand == [] for hand in end_["hands"]), version


def _shown_by_seat(public: list[dict], start: int, end: int) -> dict[int | None, Counter]:
    """The tiles every seat saw in public[start:end]: per seat, those it played face up; under None,
    the tiles turned up for trumps, and those shown in a declaration (Bingo's doubles)."""
    out: dict[int | None, Counter] = {None: Counter()}
    for record in public[start:end]:
        if record["type"] == "turn_up":
            out[None] += _counted([record["tile"]])
        elif record["type"] == "declared":
            out[None] |= _counted(record["tiles"])
        elif record["type"] == "action" and record["action"]["kind"] == "play" and "tile" in record["action"]:
            action = record["action"]
            out.setdefault(record["seat"], Counter()).update(_counted(action.get("tiles") or [action["tile"]]))
    return out


def _counted(tiles) -> Counter:
    return Counter(tuple(sorted(t)) for t in tiles)


def _is_tile(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(type(x) is int for x in value)


def _tile_lists(view: dict) -> Iterator[list[list[int]]]:
    """Every list of tiles under the view's tile fields (a lone tile as a list of one)."""

    def walk(value: Any) -> Iterator[list[list[int]]]:
        if _is_tile(value):
            yield [value]
        elif isinstance(value, list):
            if value and all(map(_is_tile, value)):
                yield value
            else:
                for item in value:
                    yield from walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                yield from walk(item)

    def fields(value: Any) -> Iterator[Any]:
        if isinstance(value, dict):
            for key, item in value.items():
                if key in TILE_FIELDS:
                    yield item
                else:
                    yield from fields(item)
        elif isinstance(value, list):
            for item in value:
                yield from fields(item)

    for found in fields(view):
        yield from walk(found)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
