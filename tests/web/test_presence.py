"""Who is here (docs/web.md, "Who is here"): each person's seat says whether its page is open, has
never been opened, or was left and since when, and the others hear it at once; an absent person's
seat is offered to a computer after the wait, which anyone at the table may accept and which gives
the seat back when its person comes back; an optional turn timer, after which a computer plays the
person's turn, once. Time is a fake clock moved by the test, and a due moment is `tick`ed by hand."""

from __future__ import annotations

import contextlib
import json
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app
from interpreter.frontends.web.presence import RELOAD_GRACE_S
from interpreter.frontends.web.store import tokens_path
from interpreter.frontends.web.tables import Table
from tests.web.test_api import GREEDY, HUMAN, SHORT
from tests.web.test_friends import play_out, url, watch

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


class Clock:
    """The server's clock, as the test moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(client: TestClient) -> Clock:
    fake = Clock()
    client.app.state.tables.clock = fake  # every table made from now on reads it
    return fake


@contextlib.contextmanager
def started(state_dir: Path) -> Iterator[tuple[TestClient, Clock]]:
    """A server of its own on `state_dir` (to restart it), on a fake clock from its first table on."""
    with TestClient(create_app(state_dir, pace_ms=0, heartbeat_s=0.2)) as test_client:
        fake = Clock()
        test_client.app.state.tables.clock = fake
        yield test_client, fake


def make(client: TestClient, seats: list[dict], **body: Any) -> dict:
    body = {"variant": "draw", "players": len(seats), "seats": seats, "seed": 5, "settings": SHORT, **body}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def held(client: TestClient, made: dict) -> Table:
    return client.app.state.tables.get(made["table"])


def seats(client: TestClient, made: dict, seat: int | None = 0) -> list[dict]:
    return state(client, made, seat)["seats"]


def state(client: TestClient, made: dict, seat: int | None = 0) -> dict:
    return client.get(url(made, "state", seat) if seat is not None else watch(made)).json()


def tick(client: TestClient, made: dict) -> None:
    """The table's due moment, now (as its timer would start it when the clock says so)."""
    table = held(client, made)
    client.portal.call(table.who.tick, table)


class Page:
    """A page's live stream, open until `close`: its views read one by one as they come."""

    def __init__(self, client: TestClient, path: str) -> None:
        self.exits = contextlib.ExitStack()
        self.lines = self.exits.enter_context(client.stream("GET", path)).iter_lines()
        self.views: list[dict] = []
        self.next_view()

    def next_view(self, wanted: Callable[[dict], bool] = lambda view: True) -> dict:
        """The next view the stream sends that is `wanted` (a heartbeat every 0.2 s: never stuck)."""
        for _ in range(500):
            line = next(self.lines)
            if line.startswith("data: {"):
                self.views.append(json.loads(line[6:]))
                if wanted(self.views[-1]):
                    return self.views[-1]
        raise AssertionError(f"no such view came: {self.views[-1:]}")

    def close(self) -> None:
        self.exits.close()


def opened(client: TestClient, made: dict, seat: int) -> Page:
    return Page(client, url(made, "events", seat))


def gone(client: TestClient, made: dict, page: Page, seat: int) -> None:
    """The page closed, and the server has seen its stream end."""
    page.close()
    table = held(client, made)
    for _ in range(500):
        if not table.who.streams[seat]:
            return
        time.sleep(0.01)
    raise AssertionError("the server never saw the page close")


def presence(view: dict) -> list[Any]:
    return [info["presence"] for info in view["seats"]]


# --- here, never opened, away -------------------------------------------------------------------


def test_each_seat_says_here_never_or_away_since_and_the_others_hear_it_at_once(state_dir):
    with started(state_dir) as (client, clock):
        made = _presence_said(client, clock)
    # Who has opened the table is kept: after a restart, both are away (since it started), not "never".
    with TestClient(create_app(state_dir, pace_ms=0)) as again:
        assert presence(state(again, made, None)) == ["away", "away", None]
    assert json.loads(tokens_path(state_dir / f"{made['table']}.json").read_text())["opened"] == [0, 1]


def _presence_said(client: TestClient, clock: Clock) -> dict:
    made = make(client, [HUMAN, HUMAN, GREEDY], name="Ann")
    assert presence(state(client, made)) == ["never", "never", None]  # a computer has no page
    ann = opened(client, made, 0)
    assert presence(ann.views[0]) == ["here", "never", None]  # her own page says she is here
    bob = opened(client, made, 1)
    assert presence(ann.next_view(lambda v: v["seats"][1]["presence"] == "here")) == ["here", "here", None]
    assert presence(state(client, made, None)) == ["here", "here", None]  # a spectator sees it too
    clock.now += 5
    gone(client, made, bob, 1)
    # Bob may be reloading: for the grace, his seat still says here, to everyone.
    clock.now += RELOAD_GRACE_S - 0.1
    tick(client, made)
    assert presence(state(client, made, None)) == ["here", "here", None]
    clock.now += 0.1
    tick(client, made)  # the grace is over: Ann hears at once that he left, when he left
    view = ann.next_view(lambda v: v["seats"][1]["presence"] == "away")
    assert view["seats"][1]["away_since"] == 1005.0 and view["seats"][0]["away_since"] is None
    # Five minutes after he left a page opens (the view it gets was drawn when Bob's grace ended):
    # the server's clock comes with it, so it says "left 5 minutes ago", not "just now".
    clock.now += 300 - RELOAD_GRACE_S
    watcher = Page(client, watch(made, "events"))
    first = watcher.views[0]
    assert first["seats"][1]["presence"] == "away" and first["now"] - first["seats"][1]["away_since"] == 300
    assert first["stand_in_after_s"] == 60 and first["turn_seconds"] is None
    watcher.close()
    gone(client, made, ann, 0)
    return made


def test_a_reload_within_the_grace_is_no_departure(client, clock):
    """A page closed and opened again within the grace (a reload, a phone back from another app):
    the others never see its person away, and nobody may hand the seat to a computer meanwhile."""
    made = make(client, [HUMAN, HUMAN], name="Ann")
    ann, bob = opened(client, made, 0), opened(client, made, 1)
    ann.next_view(lambda v: v["seats"][1]["presence"] == "here")
    since = len(ann.views) - 1  # Bob's first arrival
    gone(client, made, bob, 1)
    clock.now += RELOAD_GRACE_S / 2
    tick(client, made)
    taken = client.post(url(made, "seat", 0), json={"seat": 1, "computer": "greedy"})  # even by the creator
    assert taken.status_code == 409 and "Player 2 has the table open" in taken.json()["error"]
    bob = opened(client, made, 1)  # the reload's new page
    ann.next_view()  # the arrival, published at once
    clock.now += RELOAD_GRACE_S
    tick(client, made)  # the first page's grace is over: nothing to say
    assert presence(state(client, made, None)) == ["here", "here"]
    assert [v["seats"][1]["presence"] for v in ann.views[since:]] == ["here"] * (len(ann.views) - since)
    bob.close()
    ann.close()


def test_presence_shows_no_token_to_anyone(client, clock):
    """Presence, offers and deadlines name seats by number: no view or stream message carries a
    seat's token (a spectator's has no spectator link either)."""
    made = make(client, [HUMAN, HUMAN, HUMAN], turn_seconds=30)
    pages = {seat: opened(client, made, seat) for seat in (0, 2)}
    clock.now += 61
    tick(client, made)
    client.post(url(made, "seat", 2), json={"seat": 1, "computer": "greedy"})
    texts = [json.dumps(page.next_view()) for page in pages.values()]
    texts += [json.dumps(state(client, made, seat)) for seat in (0, 1, 2, None)]
    tokens = [seat["token"] for seat in made["seats"]]
    assert not [token for token in tokens for text in texts if token in text]
    assert made["spectator"]["token"] not in texts[-1]
    for page in pages.values():
        page.close()


# --- the stand-in offered for an absent person ---------------------------------------------------


def test_a_computer_is_offered_for_an_absent_person_after_the_wait_and_gives_the_seat_back(state_dir):
    with started(state_dir) as (client, clock):
        made = _offered_and_taken(client, clock)
    # A restart keeps it, as a stand-in for an absence: Bob opens the page and has his seat back.
    with TestClient(create_app(state_dir, pace_ms=0, heartbeat_s=0.2)) as again:
        assert [info["stand_in"] for info in seats(again, made)] == [None, "greedy", None]
        back = opened(again, made, 1)
        assert back.views[0]["seats"][1]["stand_in"] is None and back.views[0]["seats"][1]["presence"] == "here"
        assert seats(again, made, 0)[1]["stand_in"] is None
        # A computer he asked for himself stays when he leaves and comes back.
        assert again.post(url(made, "seat", 1), json={"seat": 1, "computer": "random"}).status_code == 200
        gone(again, made, back, 1)
        back = opened(again, made, 1)
        assert back.views[0]["seats"][1]["stand_in"] == "random"
        back.close()


def _offered_and_taken(client: TestClient, clock: Clock) -> dict:
    made = make(client, [HUMAN, HUMAN, HUMAN], name="Ann")
    ann, cy = opened(client, made, 0), opened(client, made, 2)
    bob = opened(client, made, 1)
    clock.now += 100
    gone(client, made, bob, 1)
    asked = client.post(url(made, "seat", 2), json={"seat": 1, "computer": "greedy"})  # Cy, for Bob
    assert asked.status_code == 409 and "Player 2 has the table open" in asked.json()["error"]  # a reload?
    clock.now += RELOAD_GRACE_S
    tick(client, made)
    asked = client.post(url(made, "seat", 2), json={"seat": 1, "computer": "greedy"})
    assert asked.status_code == 409 and "Player 2 has not been away for 60 s yet" in asked.json()["error"]
    present = client.post(url(made, "seat", 2), json={"seat": 0, "computer": "greedy"})
    assert present.status_code == 409 and "Ann has the table open" in present.json()["error"]
    assert not any(info["offer"] for info in seats(client, made, 2))
    clock.now += 59 - RELOAD_GRACE_S
    tick(client, made)
    assert not any(info["offer"] for info in seats(client, made, 2))
    clock.now += 1
    tick(client, made)  # the wait is over: everyone at the table hears the offer at once
    assert [info["offer"] for info in ann.next_view(lambda v: v["seats"][1]["offer"])["seats"]] == [False, True, False]
    assert [info["offer"] for info in seats(client, made, 2)] == [False, True, False]
    assert not any(info["offer"] for info in seats(client, made, None))  # a spectator only watches
    accepted = client.post(url(made, "seat", 2), json={"seat": 1, "computer": "greedy"})
    assert accepted.status_code == 200, accepted.text
    assert [info["stand_in"] for info in accepted.json()["state"]["seats"]] == [None, "greedy", None]
    assert not any(info["offer"] for info in accepted.json()["state"]["seats"])
    refused = client.post(url(made, "seat", 2), json={"seat": 1, "computer": None})  # only Bob or Ann give it back
    assert refused.status_code == 403
    ann.close()
    cy.close()
    return made


def test_the_creator_may_hand_an_absent_seat_to_a_computer_at_once_but_not_a_present_one(client, clock):
    made = make(client, [HUMAN, HUMAN], name="Ann")
    bob = opened(client, made, 1)
    present = client.post(url(made, "seat", 0), json={"seat": 1, "computer": "greedy"})
    assert present.status_code == 409 and "Player 2 has the table open" in present.json()["error"]
    gone(client, made, bob, 1)
    clock.now += RELOAD_GRACE_S  # past a reload's grace
    assert client.post(url(made, "seat", 0), json={"seat": 1, "computer": "greedy"}).status_code == 200


# --- the turn timer ------------------------------------------------------------------------------


def test_a_turn_whose_time_runs_out_is_played_by_a_computer_once(client, clock):
    made = make(client, [HUMAN, GREEDY], players=2, turn_seconds=30)
    table = held(client, made)
    view = state(client, made)
    assert view["current_player"] == 0 and view["turn_seconds"] == 30
    assert [info["deadline"] for info in view["seats"]] == [1030.0, None]
    clock.now += 29.9
    tick(client, made)  # not yet
    assert state(client, made)["version"] == view["version"] and table.who.playing_for is None
    clock.now += 0.1
    tick(client, made)
    tick(client, made)  # twice is once
    after = _settled(client, made, lambda v: v["current_player"] == 0 and v["legal"])
    played = [e["seat"] for e in table.match.events[_at(table, view["version"]):] if e["type"] == "action"]
    assert played[0] == 0 and 1 in played and 0 not in played[played.index(1):], played  # one turn of seat 0
    assert after["time_ran_out"] == 0  # said until Ann moves herself
    assert after["seats"][0]["deadline"] == clock.now + 30  # her next turn has its own, whole
    moved = client.post(url(made, "action", 0), json={"index": 0, "version": after["version"]})
    assert moved.status_code == 200 and moved.json()["state"]["time_ran_out"] is None


def test_a_person_who_moves_in_time_keeps_their_turn_and_a_late_tick_does_nothing(client, clock):
    made = make(client, [HUMAN, GREEDY], players=2, turn_seconds=30)
    view = state(client, made)
    clock.now += 29
    moved = client.post(url(made, "action", 0), json={"index": 0, "version": view["version"]}).json()["state"]
    clock.now += 2  # past the first turn's deadline: the person had moved
    tick(client, made)
    now = state(client, made)
    assert now["version"] == moved["version"] and now["time_ran_out"] is None
    assert now["seats"][0]["deadline"] == 1059.0 or now["current_player"] != 0


def test_once_the_time_ran_out_the_person_cannot_move_in_the_computers_turn(client, clock):
    made = make(client, [HUMAN, GREEDY], players=2, turn_seconds=10, pace_ms=10_000)  # the computer takes its time
    view = state(client, made)
    clock.now += 10
    tick(client, made)
    late = client.post(url(made, "action", 0), json={"index": 0, "version": view["version"]})
    assert late.status_code == 409 and "your time ran out" in late.json()["error"]
    now = state(client, made)
    assert now["legal"] == [] and now["version"] == view["version"] and now["time_ran_out"] == 0


def test_a_rounds_end_with_a_timer_goes_on_for_who_did_not_continue_and_play_again_keeps_it(client, clock):
    made = make(client, [HUMAN, HUMAN], players=2, turn_seconds=20, settings={"match.target": "60"})
    view = state(client, made)
    for _ in range(200):  # each person's first legal move, until the first round ends
        if view["to_continue"]:
            break
        mover = view["current_player"]
        view = client.post(url(made, "action", mover), json={"index": 0, "version": view["version"]}).json()["state"]
    assert view["to_continue"] == [0, 1]
    assert [info["deadline"] for info in view["seats"]] == [clock.now + 20] * 2
    client.post(url(made, "continue", 1), json={})
    assert [info["deadline"] for info in seats(client, made)] == [clock.now + 20, None]
    clock.now += 20
    tick(client, made)
    assert state(client, made)["to_continue"] == []  # Ann is continued: the next deal is played
    last = play_out(client, made)
    answer = client.post(url(made, "again", 0), json={})
    assert last["over"] and answer.status_code == 201
    assert state(client, answer.json(), 0)["turn_seconds"] == 20


def test_the_timer_is_kept_across_a_restart_with_a_fresh_deadline(state_dir):
    with TestClient(create_app(state_dir, pace_ms=0)) as client:
        made = make(client, [HUMAN, GREEDY], players=2, turn_seconds=600)
        assert client.post("/api/tables", json={"variant": "draw", "turn_seconds": 601}).status_code == 422
    with TestClient(create_app(state_dir, pace_ms=0, heartbeat_s=0.2)) as again:
        page = opened(again, made, 0)
        first = page.views[0]
        assert first["turn_seconds"] == 600 and 0 < first["seats"][0]["deadline"] - first["now"] <= 600
        page.close()


def _at(table: Table, version: int) -> int:
    """The index in the table's log of its action number `version` (0: its first)."""
    actions = [i for i, e in enumerate(table.match.events) if e["type"] == "action"]
    return actions[version] if version < len(actions) else len(table.match.events)


def _settled(client: TestClient, made: dict, wanted: Callable[[dict], bool]) -> dict:
    """Seat 0's view once the computers have moved to where `wanted` holds."""
    for _ in range(500):
        view = state(client, made)
        if wanted(view):
            return view
        time.sleep(0.01)
    raise AssertionError(f"the table never came to that: {view}")
