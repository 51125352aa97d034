"""Playing with friends (docs/web.md): each person's name, said as "You" on their own screen and by
name on the others'; a spectator's link that shows only what is public; "play again" at the same
table with the same seats, links and names."""

from __future__ import annotations

import json
import random
import time
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.engine import Match
from interpreter.frontends.web.app import create_app
from interpreter.frontends.web.limits import Limits
from interpreter.frontends.web.store import tokens_path
from interpreter.frontends.web.views import layout_json
from interpreter.records.savegame import read_save
from tests.web.streams import Stream, by_version, parse_events
from tests.web.test_api import GREEDY, HUMAN, SHORT, _no_tile_in_summary, _tiles_in_fields, _tiles_in_words

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def new_table(client: TestClient, **body) -> dict:
    body = {"variant": "draw", "players": 3, "seats": [HUMAN, HUMAN, GREEDY], "seed": 5, "settings": SHORT, **body}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def url(table: dict, what: str, seat: int = 0) -> str:
    return f"/api/tables/{table['table']}/{what}?token={table['seats'][seat].get('token')}"


def watch(table: dict, what: str = "state") -> str:
    return f"/api/tables/{table['table']}/{what}?token={table['spectator']['token']}"


def names(view: dict) -> list[str]:
    return [seat["name"] for seat in view["seats"]]


def play_out(client: TestClient, table: dict, people: tuple[int, ...] = (0, 1), seed: int = 3) -> dict:
    """The match played to its end by its people's random legal moves; the last view of seat 0."""
    chooser = random.Random(seed)
    views = {seat: client.get(url(table, "state", seat)).json() for seat in people}
    while not views[people[0]]["over"]:
        for seat in people:
            view = client.get(url(table, "state", seat)).json()
            if view["to_continue"] and seat in view["to_continue"]:
                client.post(url(table, "continue", seat), json={})
            elif view["legal"]:
                move = chooser.randrange(len(view["legal"]))
                answer = client.post(url(table, "action", seat), json={"index": move, "version": view["version"]})
                assert answer.status_code == 200, answer.text
            views[seat] = client.get(url(table, "state", seat)).json()
    return views[people[0]]


# --- names ---------------------------------------------------------------------------------------


def test_each_person_is_you_on_their_own_screen_and_their_name_on_the_others(state_dir):
    with TestClient(create_app(state_dir, pace_ms=0)) as client:
        before = _names_said(client)
    with TestClient(create_app(state_dir, pace_ms=0)) as again:  # a restart keeps them (the table's sidecar)
        assert names(again.get(url(before, "state", 1)).json()) == ["Ann", "You", "Computer"]


def _names_said(client: TestClient) -> dict:
    table = new_table(client, name="Ann")
    assert [s.get("name") for s in table["seats"]] == ["Ann", None, None]
    assert names(client.get(url(table, "state", 1)).json()) == ["Ann", "You", "Computer"]
    answer = client.post(url(table, "name", 1), json={"name": "  Bob  "})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"name": "Bob"}
    first, second = (client.get(url(table, "state", seat)).json() for seat in (0, 1))
    assert names(first) == ["You", "Bob", "Computer"]
    assert names(second) == ["Ann", "You", "Computer"]
    assert [s["named"] for s in first["seats"]] == [True, True, False]
    # The narration names the others, and each person is "You" in their own.
    mover = first["current_player"]
    if mover in (0, 1):
        view = client.get(url(table, "state", mover)).json()
        client.post(url(table, "action", mover), json={"index": 0, "version": view["version"]})
    told = {seat: client.get(url(table, "state", seat)).json()["last_actions"] for seat in (0, 1)}
    said = "\n".join(told[0])
    assert "Bob" in said or "You " in said
    assert not any("Player 2" in line or "Ann" in line for line in told[0])
    assert not any("Bob" in line for line in told[1])
    return table


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("", "1 to 24 characters"),
        ("   ", "1 to 24 characters"),
        ("x" * 25, "1 to 24 characters"),
        ("bell\x07", "control character"),
        ("two\nlines", "control character"),
        ("\u202eevil", "control character"),
        (7, "must be text"),
        (None, "must be text"),
        (["Ann"], "must be text"),
        ("you", "is how each person's own screen says them"),
        ("Computer", "another seat's name"),
        ("ann", "another seat's name"),
    ],
)
def test_a_name_that_is_not_a_short_line_of_text_or_is_taken_is_refused(client, name, reason):
    table = new_table(client, name="Ann")
    answer = client.post(url(table, "name", 1), json={"name": name})
    assert answer.status_code == 422 and reason in answer.json()["error"]
    assert names(client.get(url(table, "state", 0)).json()) == ["You", "Player 2", "Computer"]


def test_a_name_is_never_markup_it_is_kept_as_typed_and_sent_as_json_text(client):
    table = new_table(client, name="<b>Ann</b> & co")
    assert names(client.get(url(table, "state", 1)).json())[0] == "<b>Ann</b> & co"
    bad = client.post("/api/tables", json={"variant": "draw", "name": "a\x00b"})
    assert bad.status_code == 422 and "control character" in bad.json()["error"]


def test_only_a_seat_names_itself(client):
    table = new_table(client)
    assert client.post(f"/api/tables/{table['table']}/name?token=guess", json={"name": "Eve"}).status_code == 403
    assert client.post(watch(table, "name"), json={"name": "Eve"}).status_code == 403
    assert client.post(url(table, "name", 1), json=["Eve"]).status_code == 400


# --- the spectator -------------------------------------------------------------------------------


def test_a_spectator_sees_every_count_and_no_hand_and_cannot_act(client, state_dir):
    table = new_table(client, name="Ann")
    spectator = table["spectator"]
    assert len(spectator["token"]) >= 24 and spectator["token"] not in {s.get("token") for s in table["seats"]}
    assert spectator["link"] == f"/table/{table['table']}?token={spectator['token']}"
    match = client.app.state.tables.get(table["table"]).match
    view = client.get(watch(table)).json()
    assert view["spectator"] is True and view["seat"] is None and view["side"] is None
    assert view["hand"] == [] and view["legal"] == [] and view["why"] is None
    assert view["hand_counts"] == [len(match.hand(s)) for s in range(3)]
    assert names(view) == ["Ann", "Player 2", "Computer"]  # nobody is "You" to a spectator
    mover = match.current_player
    for what in ("action", "continue", "hint", "pace"):
        answer = client.post(watch(table, what), json={"index": 0, "version": view["version"]})
        if what == "hint":
            answer = client.get(watch(table, what))
        assert answer.status_code == 403 and "spectator" in answer.json()["error"], what
    assert match.current_player == mover
    seat_view = client.get(url(table, "state", 0)).json()
    assert "spectator" not in seat_view or seat_view["spectator"] is False


def test_a_whole_match_never_shows_a_spectator_a_hidden_tile(client):
    table = new_table(client, seats=[HUMAN, GREEDY], players=2, seed=11, settings={"match.target": "40"})
    received: list[dict] = []
    stream = Stream(client, watch(table, "events"))
    chooser = random.Random(3)
    view = client.get(url(table, "state")).json()
    while not view["over"]:
        if view["to_continue"]:
            received.append(client.get(watch(table)).json())
            view = client.post(url(table, "continue"), json={}).json()["state"]
        else:
            move = chooser.randrange(len(view["legal"]))
            view = client.post(url(table, "action"), json={"index": move, "version": view["version"]}).json()["state"]
        received.append(client.get(watch(table)).json())
        _no_tile_in_summary(client.get(watch(table, "summary")).json())
    events = stream.events()
    assert events[-1][0] == "over"
    received += [json.loads(data) for kind, data in events if kind == "state"]
    final = client.app.state.tables.get(table["table"]).match
    log = final.events
    truth = Match(final.ruleset, players=2, seed=11)
    assert any(v["to_continue"] for v in received) and any(v["round_end"] for v in received)
    for view, upto in by_version(received, log, truth):
        assert view["hand"] == [] and view["legal"] == [] and view["seat"] is None
        assert "hands" not in view and "boneyard" not in view
        if view["to_continue"]:  # the table as the round ended: every hand was laid open then
            assert view["layout"] == layout_json(truth.finished_layout)
            continue
        hidden = {t for s in range(2) for t in truth.hand(s)} | set(truth.boneyard) | set(truth.dead)
        assert view["hand_counts"] == [len(truth.hand(s)) for s in range(2)]
        assert not _tiles_in_fields(view) & hidden
        if view["round_end"] is None:
            # The tile the rules make the first lead ("holding the highest double, and leads [6|6]")
            # is announced to every seat by the deal.
            deal = [e for e in log[:upto] if e["type"] == "deal"][-1]
            announced = {tuple(sorted(deal["lead"]))} if deal.get("lead") else set()
            assert not _tiles_in_words(view["last_actions"]) & (hidden - announced)
            assert not any(" drew [" in line for line in view["last_actions"])


# --- play again ----------------------------------------------------------------------------------


def test_play_again_starts_a_new_match_with_the_same_seats_links_and_names(state_dir):
    with TestClient(create_app(state_dir, pace_ms=0, heartbeat_s=0.2)) as client:
        table, made = _played_again(client, state_dir)
    with TestClient(create_app(state_dir, pace_ms=0)) as restarted:  # the old table's sidecar keeps the way
        assert restarted.get(url(table, "state", 0)).json()["next"] == made["table"]
        assert restarted.get(url(table, "state", 1)).json()["next_link"] == made["link"]
        assert restarted.get(watch(table)).json()["next_link"] == made["spectator"]["link"]
        assert names(restarted.get(url(made, "state", 0)).json()) == ["You", "Bob", "Computer"]
        assert restarted.get(url(table, "state", 0).replace(table["table"], made["table"])).status_code == 403
        again = restarted.post(url(table, "again", 0), json={})
        assert again.status_code == 200 and again.json()["seats"][0]["token"] == made["seats"][0]["token"]
    # Tables an earlier server played again kept the same tokens, and said only "next": they lead on.
    old_side, new_side = (tokens_path(state_dir / f"{t['table']}.json") for t in (table, made))
    kept = json.loads(old_side.read_text())
    assert set(kept) >= {"next", "next_tokens", "next_spectator"}
    del kept["next_tokens"], kept["next_spectator"]
    old_side.write_text(json.dumps(kept))
    new_side.write_text(json.dumps({**json.loads(new_side.read_text()), "tokens": kept["tokens"],
                                    "spectator": kept["spectator"]}))  # fmt: skip
    with TestClient(create_app(state_dir, pace_ms=0)) as earlier:
        link = earlier.get(url(table, "state", 1)).json()["next_link"]
        assert link == f"/table/{made['table']}?seat=1&token={table['seats'][1]['token']}"
        assert earlier.get(url(table, "state", 1).replace(table["table"], made["table"])).status_code == 200


def _played_again(client: TestClient, state_dir: Path) -> tuple[dict, dict]:
    table = new_table(client, name="Ann")
    client.post(url(table, "name", 1), json={"name": "Bob"})
    early = client.post(url(table, "again", 1), json={})
    assert early.status_code == 409 and "not over" in early.json()["error"]
    last = play_out(client, table)
    assert last["over"] and last["next"] is None
    old_save = (state_dir / f"{table['table']}.json").read_bytes()
    following = Stream(client, url(table, "events", 0) + "&follow=1")  # a page left open on the finished match
    assert client.post(watch(table, "again"), json={}).status_code == 403
    answer = client.post(url(table, "again", 1), json={})
    assert answer.status_code == 201, answer.text
    made = answer.json()
    assert made["table"] != table["table"]
    # The asker's own new seat, with a new token, and nobody else's; a new spectator's link.
    mine = made["seats"][1]["token"]
    assert mine != table["seats"][1]["token"] and "token" not in made["seats"][0]
    assert made["link"] == made["seats"][1]["link"] == f"/table/{made['table']}?seat=1&token={mine}"
    assert made["spectator"]["token"] != table["spectator"]["token"]
    assert [s.get("name") for s in made["seats"]] == ["Ann", "Bob", None]
    # Each reader of the old table is led to their own place in the new match, by their old token.
    ann = client.get(url(table, "state", 0)).json()["next_link"]
    assert ann.startswith(f"/table/{made['table']}?seat=0&token=") and ann != made["link"]
    assert client.get(url(table, "state", 1)).json()["next_link"] == made["link"]
    assert client.get(watch(table)).json()["next_link"] == made["spectator"]["link"]
    assert following.events(timeout=30)[-1] == ("next", json.dumps({"table": made["table"], "link": ann}))
    # Twice is once: whoever asks second is sent to the same new match, to their own seat.
    second = client.post(url(table, "again", 0), json={})
    assert second.status_code == 200 and second.json()["table"] == made["table"]
    assert second.json()["link"] == ann and "token" not in second.json()["seats"][1]
    made["seats"][0].update(token=second.json()["seats"][0]["token"])
    # The old match's tokens act on nothing in the new one.
    for old in (url(table, "state", 0), url(table, "state", 1), watch(table)):
        assert client.get(old.replace(table["table"], made["table"])).status_code == 403
    new = client.get(url(made, "state", 1)).json()
    assert not new["over"] and new["version"] <= 1 and names(new) == ["Ann", "You", "Computer"]
    assert client.get(url(table, "state", 1)).json()["next"] == made["table"]
    assert client.get(watch(table)).json()["next"] == made["table"]
    # The old save is kept as it was; the new one is a save of its own, with a seed of its own.
    assert (state_dir / f"{table['table']}.json").read_bytes() == old_save
    old, fresh = (read_save(state_dir / f"{t['table']}.json", "save") for t in (table, made))
    assert fresh.seats == old.seats and fresh.variant == old.variant and fresh.settings == old.settings
    assert fresh.seed != old.seed
    return table, made


def test_a_page_following_a_finished_table_hears_of_play_again_past_the_finished_tables_in_memory(state_dir):
    """Pages left open on finished matches follow them (`follow=1`) while other tables finish: a
    table a page follows is not let go of (a copy read again from disk would take the play again, and
    the page, listening to the first copy, would never hear of it); it is once nobody follows it."""
    limits = Limits(finished_in_memory=1)
    computers = [{"kind": "computer", "strength": "random"}] * 2
    with TestClient(create_app(state_dir, pace_ms=0, heartbeat_s=0.2, limits=limits)) as client:
        loaded = client.app.state.tables.tables
        table = new_table(client, seats=[HUMAN, HUMAN], players=2, settings={"match.target": "20"})
        play_out(client, table)
        first = _following(client, url(table, "events", 0), table["table"])
        followed = loaded[table["table"]]
        # Another match ends, and a spectator's page follows it too: both are kept past the limit.
        other = client.post("/api/tables", json={"variant": "draw", "players": 2, "seats": computers, "seed": 1}).json()
        second = _following(client, watch(other, "events"), other["table"])
        assert loaded[other["table"]].match.is_over and loaded.get(table["table"]) is followed
        assert client.get(url(table, "state", 1)).json()["over"]  # another person's page asks again
        assert loaded.get(table["table"]) is followed  # the same copy, not one read from disk
        answer = client.post(url(table, "again", 1), json={})
        assert answer.status_code == 201, answer.text
        assert first.ended(timeout=30), "the page following the finished table never heard of the next match"
        heard, said = first.events()[-1]
        assert heard == "next" and json.loads(said)["table"] == answer.json()["table"]
        assert json.loads(said)["link"].startswith(f"/table/{answer.json()['table']}?seat=0&token=")
        # Nobody follows the first table now: let go of, past the limit; the followed one stays.
        assert table["table"] not in loaded and other["table"] in loaded
        # The server starts to stop: the stream ends (read to its end before the client is closed,
        # which would cut it off mid-read).
        client.app.state.stop()
        assert second.events(timeout=30)[-1] == ("over", "{}")


def test_a_stream_never_listens_to_a_copy_of_a_table_that_was_let_go_of(state_dir):
    computers = {"variant": "draw", "players": 2, "seats": [{"kind": "computer", "strength": "random"}] * 2}
    with TestClient(create_app(state_dir, pace_ms=0, limits=Limits(finished_in_memory=1))) as client:
        tables = client.app.state.tables
        made = client.post("/api/tables", json={**computers, "seed": 1}).json()
        copy = tables.tables[made["table"]]
        client.post("/api/tables", json={**computers, "seed": 2})
        assert made["table"] not in tables.tables and copy.lock is None  # let go of
        # A stream that found this copy just before: it ends, and its page connects again.
        assert tables.listen(copy, None) is None and not copy.listeners
        with client.stream("GET", watch(made, "events")) as answer:  # the page's next try: read from disk
            assert parse_events("".join(answer.iter_text()))[-1] == ("over", "{}")


def _following(client: TestClient, path: str, table_id: str) -> Stream:
    """An event stream opened with `follow=1`, once it listens to the table."""
    stream = Stream(client, path + "&follow=1")
    tables = client.app.state.tables.tables
    for _ in range(500):
        if table_id in tables and tables[table_id].listeners:
            return stream
        time.sleep(0.01)
    raise AssertionError(f"no stream listens to {table_id}")


# --- a computer in an empty seat -----------------------------------------------------------------


def test_a_computer_takes_over_an_empty_seat_for_the_creator_and_hands_it_back(state_dir):
    with TestClient(create_app(state_dir, pace_ms=0)) as client:
        table = new_table(client, name="Ann", seats=[HUMAN, HUMAN], players=2)
        seat_url = url(table, "seat", 0)
        # Bob never came: the creator lets a computer play his seat; the match goes on without him.
        answer = client.post(seat_url, json={"seat": 1, "computer": "greedy"})
        assert answer.status_code == 200, answer.text
        view = answer.json()["state"]
        assert [s["stand_in"] for s in view["seats"]] == [None, "greedy"] and view["creator"] == 0
        assert view["current_player"] == 0 and view["legal"]  # the computer moved at once (pace 0)
        moved = client.post(url(table, "action", 0), json={"index": 0, "version": view["version"]}).json()["state"]
        assert moved["current_player"] == 0 or moved["to_continue"] or moved["over"]
        refused = client.post(url(table, "action", 1), json={"index": 0, "version": moved["version"]})
        assert refused.status_code == 409 and "a computer plays your seat" in refused.json()["error"]
        # Bob arrives and takes his seat back.
        back = client.post(url(table, "seat", 1), json={"seat": 1, "computer": None})
        assert back.status_code == 200 and back.json()["state"]["seats"][1]["stand_in"] is None
        version = client.get(url(table, "state", 1)).json()["version"]
        client.post(url(table, "seat", 1), json={"seat": 1, "computer": "random"})  # the seat's own person may too
    with TestClient(create_app(state_dir, pace_ms=0)) as restarted:  # kept in the sidecar
        view = restarted.get(url(table, "state", 0)).json()
        assert view["seats"][1]["stand_in"] == "random" and view["version"] >= version


@pytest.mark.parametrize(
    ("who", "body", "status", "reason"),
    [
        (1, {"seat": 0, "computer": "greedy"}, 409, "Ann has not been away for 60 s yet"),
        (1, {"seat": 0, "computer": None}, 403, "the seat's own person or the table's creator"),
        (0, {"seat": 2, "computer": "greedy"}, 422, "seat must be the number of a person's seat"),
        (0, {"seat": "1", "computer": "greedy"}, 422, "seat must be the number of a person's seat"),
        (0, {"seat": True, "computer": "greedy"}, 422, "seat must be the number of a person's seat"),
        (0, {"seat": 1, "computer": "genius"}, 422, "unknown strength"),
        (0, {"seat": 1, "computer": 3}, 422, "unknown strength"),
        (0, {"seat": 1}, 422, "computer must be a strength"),
        ("spectator", {"seat": 1, "computer": "greedy"}, 403, "spectator"),
    ],
)
def test_only_a_seats_person_or_the_creator_hands_a_persons_seat_to_a_computer(client, who, body, status, reason):
    table = new_table(client, name="Ann")
    path = watch(table, "seat") if who == "spectator" else url(table, "seat", who)
    answer = client.post(path, json=body)
    assert answer.status_code == status and reason in answer.json()["error"], answer.text
    assert [s["stand_in"] for s in client.get(url(table, "state", 0)).json()["seats"]] == [None, None, None]


def test_a_seat_a_computer_plays_offers_its_person_no_move(client):
    table = new_table(client, seats=[HUMAN, HUMAN], players=2, pace_ms=10_000)  # the computer takes its time
    mover = client.app.state.tables.get(table["table"]).match.current_player
    assert client.get(url(table, "state", mover)).json()["legal"]
    client.post(url(table, "seat", mover), json={"seat": mover, "computer": "greedy"})
    view = client.get(url(table, "state", mover)).json()
    assert view["current_player"] == mover and view["legal"] == [] and view["why"] is None
    client.post(url(table, "seat", mover), json={"seat": mover, "computer": None})
    assert client.get(url(table, "state", mover)).json()["legal"]


def test_a_change_the_disk_refuses_to_keep_is_refused_507_and_put_back(client, monkeypatch):
    table = new_table(client, name="Ann")
    kept = client.app.state.tables.get(table["table"])

    def full_disk() -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(kept, "write_sidecar", full_disk)
    for path, body, what in [
        (url(table, "name", 1), {"name": "Bob"}, "cannot save the name: No space left on device"),
        (url(table, "seat", 1), {"seat": 1, "computer": "greedy"}, "cannot save who plays the seat: No space"),
    ]:
        answer = client.post(path, json=body)
        assert answer.status_code == 507 and what in answer.json()["error"], answer.text
    seats = client.get(url(table, "state", 0)).json()["seats"]
    assert [(s.get("name"), s["stand_in"]) for s in seats] == [("You", None), ("Player 2", None), ("Computer", None)]
