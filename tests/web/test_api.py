"""The web API of `domino serve` (docs/web.md), through Starlette's TestClient: every endpoint, the
refusals, a whole match watched for leaks, a restart, and a browser game resumed at the terminal."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import re
import warnings
from collections import Counter

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter import players
from interpreter.engine import Match
from interpreter.frontends.computers import computer_choice
from interpreter.frontends.web.app import create_app
from interpreter.frontends.web.sayings import SAYINGS
from interpreter.frontends.web.store import tokens_path
from interpreter.frontends.web.views import layout_json
from interpreter.records.savegame import read_save
from tests.clirunner import domino
from tests.web.streams import Stream, by_version

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")  # Starlette 1.x prefers httpx2 to httpx

HUMAN = {"kind": "human"}
GREEDY = {"kind": "computer", "strength": "greedy"}
SHORT = {"match.target": "30"}


def new_table(client: TestClient, **body) -> dict:
    body = {"variant": "draw", "players": 2, "seats": [HUMAN, GREEDY], "seed": 5, "settings": SHORT, **body}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def url(table: dict, what: str, seat: int = 0) -> str:
    return f"/api/tables/{table['table']}/{what}?token={table['seats'][seat].get('token')}"


def test_variants_lists_every_bundled_variant_with_its_explain_text(client):
    variants = {v["name"]: v for v in client.get("/api/variants").json()}
    assert {"draw", "straight", "mexican-train"} <= set(variants)
    straight = variants["straight"]
    assert straight["players"] == {"min": 2, "max": 4}
    assert straight["explain"].startswith("Straight dominoes\n")
    shape = {"teams_optional", "team_counts", "partners", "sides", "family", "target"}  # what the start page adapts to
    start = {"how_to_play", "base", "group"}  # what the start page orders and shows first (catalogue.py)
    assert set(straight) == {"name", "title", "description", "tags", "players", "explain"} | shape | start


def test_validate_says_ok_or_prints_what_domino_validate_prints(client, tmp_path):
    sound = client.post("/api/validate", json={"text": "name: x\nextends: draw\n"}).json()
    assert sound["ok"] is True and sound["problems"] == [] and sound["players"] == {"min": 2, "max": 4}
    text = "name: x\nextends: straight\nscoring:\n  in_play:\n    when: ends_sum %% 5 == 0\n"
    answer = client.post("/api/validate", json={"text": text}).json()
    assert answer["ok"] is False
    (tmp_path / "upload.yaml").write_text(text)
    printed = domino("validate", "upload.yaml", cwd=tmp_path).stdout
    assert "".join(p["text"] + "\n" for p in answer["problems"]) == printed
    assert "^" in printed and printed.startswith("upload.yaml:5:")
    first = answer["problems"][0]
    assert (first["line"], first["column"]) == (5, int(printed.split(":")[2]))


def test_a_pasted_file_may_extend_only_bundled_variants(client, tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("name: secret\nextends: draw\n")
    for extends in (str(secret), "./secret.yaml", "../../../etc/passwd"):
        answer = client.post("/api/validate", json={"text": f"name: x\nextends: {extends}\n"}).json()
        assert answer["ok"] is False
        assert "secret" not in json.dumps(answer).replace(extends, "") or extends.endswith("passwd")
        refused = client.post("/api/tables", json={"rules_text": f"name: x\nextends: {extends}\n", "players": 2})
        assert refused.status_code == 422 and "error" in refused.json()


BASE = "name: club\nextends: draw\nmatch: {target: 20}\n"
HOUSE = "name: house\nextends: ./club.yaml\ndeal: {hand_size: 6}\n"


def test_a_pasted_file_may_extend_another_file_of_the_same_upload_and_nothing_else(client, state_dir, tmp_path):
    answer = client.post("/api/validate", json={"text": HOUSE, "files": {"club.yaml": BASE}}).json()
    assert answer["ok"] is True and answer["problems"] == []
    # A problem in the base is reported in the base, with its caret, as `domino validate` prints it.
    broken = {"club.yaml": "name: club\nextends: draw\nmatch: {targt: 20}\n"}
    (tmp_path / "club.yaml").write_text(broken["club.yaml"])
    (tmp_path / "upload.yaml").write_text(HOUSE)
    problems = client.post("/api/validate", json={"text": HOUSE, "files": broken}).json()["problems"]
    printed = domino("validate", "upload.yaml", cwd=tmp_path).stdout
    assert [p["file"] for p in problems] == ["club.yaml"] and problems[0]["text"] + "\n" == printed
    # A file of the upload is no door to the disk: it too extends only bundled variants or the upload.
    (state_dir).mkdir(parents=True, exist_ok=True)
    (state_dir / "secret.yaml").write_text("name: secret\nextends: draw\n")
    for files in ({"club.yaml": "name: club\nextends: secret.yaml\n"}, {"other.yaml": BASE}):
        refused = client.post("/api/validate", json={"text": HOUSE, "files": files}).json()
        assert refused["ok"] is False and "secret" not in json.dumps(refused).replace("secret.yaml", "")
    back = {"club.yaml": "name: c\nextends: upload.yaml\n"}
    cycle = client.post("/api/validate", json={"text": HOUSE, "files": back})
    assert "a cycle: upload.yaml → club.yaml → upload.yaml" in cycle.json()["problems"][0]["message"]
    for files in ({"../x.yaml": BASE}, {"upload.yaml": BASE}, {".hidden.yaml": BASE}, {"a.txt": BASE}, {"a.yaml": 3},
                  [BASE], {f"f{i}.yaml": BASE for i in range(17)}):  # fmt: skip
        refused = client.post("/api/validate", json={"text": HOUSE, "files": files})
        assert refused.status_code == 422 and "files" in refused.json()["error"], files
    assert client.post("/api/tables", json={"variant": "draw", "rules_files": {"club.yaml": BASE}}).status_code == 422


def test_a_table_of_several_uploaded_files_plays_saves_and_resumes_at_the_terminal(client, state_dir):
    table = new_table(client, variant=None, rules_text=HOUSE, rules_files={"club.yaml": BASE}, settings=None)
    view = client.get(url(table, "state")).json()
    assert view["variant"] == "house" and view["target"] == 20 and len(view["hand"]) == 6
    folder = state_dir / f"{table['table']}.rules"
    assert sorted(p.name for p in folder.iterdir()) == ["club.yaml", "upload.yaml"]
    assert read_save(state_dir / f"{table['table']}.json").rules_file == str((folder / "upload.yaml").resolve())
    client.post(url(table, "action"), json={"index": 0, "version": view["version"]})
    client.app.state.tables.close()
    resumed = domino("resume", str(state_dir / f"{table['table']}.json"), stdin="quit\n")
    assert resumed.status == 0, resumed.stderr
    unsound = {"rules_text": HOUSE, "rules_files": {"club.yaml": "name: c\n"}, "players": 2}
    bad = client.post("/api/tables", json=unsound)
    assert bad.status_code == 422 and not list(state_dir.glob("*.rules"))[1:]


def test_bodies_over_256_kib_malformed_json_and_bad_requests_are_refused_with_a_message(client):
    big = client.post("/api/validate", content=b'{"text": "' + b"x" * (257 * 1024) + b'"}')
    assert big.status_code == 413 and "256 KiB" in big.json()["error"]
    for body in (b"{", b"[1]", b"\xff", b'{"a": 1e400}'):
        answer = client.post("/api/tables", content=body)
        assert answer.status_code == 400 and answer.json()["error"], body
    for body in (
        {"players": 2},
        {"variant": "nope", "players": 2},
        {"variant": "draw", "players": 9},
        {"variant": "draw", "players": 2, "seats": [HUMAN, {"kind": "computer", "strength": "genius"}]},
        {"variant": "draw", "players": 2, "settings": {"match.target": "[oops"}},
        {"variant": "draw", "players": 2, "teams": True},
        {"variant": "draw", "rules_text": "name: x", "players": 2},
    ):
        answer = client.post("/api/tables", json=body)
        assert answer.status_code in (400, 422), body
        assert set(answer.json()) >= {"error"} and "Traceback" not in answer.text
    assert client.get("/api/nothing").json() == {"error": "Not Found"}


def test_a_rules_text_table_reports_problems_with_the_caret_and_plays_when_sound(client, state_dir):
    bad = client.post("/api/tables", json={"rules_text": "name: x\nextends: draw\nplay: {match: 'a +'}\n"})
    assert bad.status_code == 422
    assert bad.json()["error"].startswith("upload.yaml:3:") and "^" in bad.json()["error"]
    mine = "name: mine\nextends: draw\nmatch: {target: 20}\n"
    table = new_table(client, variant=None, rules_text=mine, settings=None)
    assert client.get(url(table, "state")).json()["variant"] == "mine"
    save = read_save(state_dir / f"{table['table']}.json")
    assert save.rules_file == str((state_dir / f"{table['table']}.rules.yaml").resolve())


def test_create_gives_each_human_seat_an_unguessable_token_and_a_link(client, state_dir):
    table = new_table(client, seats=[HUMAN, HUMAN])
    seats = table["seats"]
    assert [s["seat"] for s in seats] == [0, 1]
    assert seats[0]["token"] != seats[1]["token"] and len(seats[0]["token"]) >= 32
    assert seats[1]["link"] == f"/table/{table['table']}?seat=1&token={seats[1]['token']}"
    sidecar = tokens_path(state_dir / f"{table['table']}.json")
    assert sidecar.stat().st_mode & 0o777 == 0o600
    assert seats[0]["token"] not in (state_dir / f"{table['table']}.json").read_text()


def test_state_refuses_a_wrong_token_and_shows_only_the_seats_own_hand(client, app_match):
    table = new_table(client, seats=[HUMAN, HUMAN])
    assert client.get(f"/api/tables/{table['table']}/state?token=guess").status_code == 403
    assert client.get(f"/api/tables/{table['table']}/state").status_code == 403
    assert client.get("/api/tables/nope/state?token=x").status_code == 404
    match = app_match(client, table)
    for seat in (0, 1):
        view = client.get(url(table, "state", seat)).json()
        assert view["seat"] == seat and view["hand"] == [list(t) for t in match.hand(seat)]
        assert view["hand_counts"] == [len(match.hand(s)) for s in (0, 1)]
        assert bool(view["legal"]) == (match.current_player == seat)


@pytest.fixture
def app_match():
    def find(client: TestClient, table: dict) -> Match:
        return client.app.state.tables.get(table["table"]).match

    return find


def test_actions_are_refused_when_stale_not_yours_illegal_or_after_the_end(client, app_match):
    table = new_table(client, seats=[HUMAN, HUMAN])
    match = app_match(client, table)
    mover = match.current_player
    other = 1 - mover
    view = client.get(url(table, "state", mover)).json()
    version = view["version"]
    assert client.post(url(table, "action", other), json={"index": 0, "version": version}).status_code == 403
    stale = client.post(url(table, "action", mover), json={"index": 0, "version": version - 1})
    assert stale.status_code == 409 and stale.json()["error"].startswith("stale:")
    not_in_hand = next(t for t in [(a, b) for a in range(7) for b in range(a, 7)] if t not in match.hand(mover))
    illegal = client.post(url(table, "action", mover),
                          json={"action": {"kind": "play", "tile": list(not_in_hand)}, "version": version})  # fmt: skip
    assert illegal.status_code == 422 and illegal.json()["error"]
    assert client.post(url(table, "action", mover), json={"action": "nonsense", "version": version}).status_code == 422
    assert client.post(url(table, "action", mover), json={"index": 99, "version": version}).status_code == 422
    assert app_match(client, table).events == match.events and client.get(url(table, "state", mover)).json() == view
    done = client.post(url(table, "action", mover), json={"action": view["legal"][0], "version": version})
    assert done.status_code == 200 and done.json()["state"]["version"] == version + 1
    twice = client.post(url(table, "action", mover), json={"index": 0, "version": version})  # a second tab
    assert twice.status_code == 409
    match.playout(random.Random(1), until="match")
    over = client.post(url(table, "action", 0), json={"index": 0, "version": version + 1})
    assert over.status_code == 409 and "over" in over.json()["error"]


def test_hint_names_a_legal_move_of_the_strongest_player(client):
    table = new_table(client)
    view = client.get(url(table, "state")).json()
    hint = client.get(url(table, "hint")).json()
    moves = hint["moves"]
    assert moves and moves[0]["text"] == view["legal"][moves[0]["index"]]["text"]
    # The first move is what a computer seat would play here; a searching player adds its estimates.
    live = client.app.state.tables.get(table["table"])
    choice = computer_choice(live.match.clone(), players.STRONGEST, live.game.seed)
    assert moves[0]["index"] == live.match.legal_actions().index(choice) and hint["player"] == players.STRONGEST
    while len(view["legal"]) < 2:  # a turn with a choice: then a searching player adds its estimates
        client.post(url(table, "action"), json={"index": 0, "version": view["version"]})
        view = client.get(url(table, "state")).json()
    hint = client.get(url(table, "hint")).json()
    moves = hint["moves"]
    assert moves[0]["index"] == live.match.legal_actions().index(computer_choice(live.match.clone(), hint["player"],
                                                                                 live.game.seed))  # fmt: skip
    if hasattr(players.make_player(players.STRONGEST, 0), "analyse"):
        assert all(0 <= m["chance"] <= 1 and m["tries"] > 0 and "% of the rounds" in m["words"] for m in moves)
        assert [m["tries"] for m in moves] == sorted((m["tries"] for m in moves), reverse=True)
        assert len(moves) > 1 or len({m["text"] for m in view["legal"]}) == 1
    assert client.get(f"/api/tables/{table['table']}/hint?token=bad").status_code == 403


TILE_TEXT = re.compile(r"\[(\d+)\|(\d+)\]")


def _tiles_in_fields(view: dict) -> set[tuple[int, int]]:
    found = {tuple(sorted(t)) for t in view["hand"]}
    layout = view["layout"]
    for arm in layout["arms"]:
        found |= {tuple(sorted(t)) for t in arm["tiles"]}
        found.add(tuple(sorted(arm["root"])))
    for key in ("lead", "hub"):
        if layout[key]:
            found.add(tuple(sorted(layout[key])))
    found |= {tuple(sorted(t)) for t in layout["spinners"]}
    found |= {tuple(sorted(d["tile"])) for d in layout["open_doubles"]}
    found |= {tuple(sorted(m["tile"])) for m in view["legal"] if m["tile"]}
    return found


def _tiles_in_words(lines: list[str]) -> set[tuple[int, int]]:
    return {tuple(sorted((int(a), int(b)))) for line in lines for a, b in TILE_TEXT.findall(line)}


def _check_view(view: dict, seat: int, truth: Match, log: list[dict]) -> None:
    """Nothing in `view` may show a tile hidden from `seat` in the round it speaks of."""
    others = {t for s in range(truth.players) if s != seat for t in truth.hand(s)}
    hidden = others | set(truth.boneyard) | set(truth.dead)
    if seat in (view["to_continue"] or ()):  # the table as the last round ended, until the seat continues
        assert view["hand"] == [e for e in log if e["type"] == "round_end"][-1]["hands"][seat]
        assert view["layout"] == layout_json(truth.finished_layout) and view["legal"] == []
        hidden = set()  # every tile it shows is in the layout or a hand as that round ended: public
    else:
        assert view["hand"] == [list(t) for t in truth.hand(seat)]
    assert not _tiles_in_fields(view) & hidden
    # The last actions speak of the current round, or of the finished one while its end is shown.
    if view["round_end"] is None:
        assert not _tiles_in_words(view["last_actions"]) & hidden
    else:
        ends = [e for e in log if e["type"] == "round_end"]
        assert view["round_end"]["hands"] == ends[-1]["hands"]  # revealed only once the round ended
        deals = [i for i, e in enumerate(log) if e["type"] == "deal" and e["round"] == ends[-1]["round"]]
        start = deals[-1]
        deal = log[start]
        drawn_by_others = {
            tuple(e["tile"]) for i, e in enumerate(log[start:], start) if e["type"] == "draw" and e["seat"] != seat
        }
        drawn = {tuple(e["tile"]) for e in log[start:] if e["type"] == "draw"}
        played = {tuple(e["action"]["tile"]) for e in log[start:] if e["type"] == "action" and "tile" in e["action"]}
        never_shown = (set(map(tuple, deal["boneyard"])) - drawn) | (drawn_by_others - played)
        revealed = {tuple(t) for hand in ends[-1]["hands"] for t in hand}
        assert not _tiles_in_words(view["last_actions"]) & (never_shown - revealed)
    assert "boneyard" not in view and "hands" not in view
    # What the people said is the catalogue's words alone: no tile, no token, nothing of a request.
    for message in view["said"]:
        assert set(message) == {"id", "seat", "say", "text"} and message["text"] == SAYINGS[message["say"]]


def _no_tile_in_summary(summary: dict) -> None:
    """The start page's line of a table (`GET …/summary`) shows no tile at all: hidden or not."""
    assert not {"hand", "hands", "legal", "layout", "boneyard", "tricks", "last_actions"} & set(summary), summary
    values = [summary]
    while values:
        value = values.pop()
        if isinstance(value, dict):
            values += value.values()
        elif isinstance(value, list):
            assert not (len(value) == 2 and all(type(v) is int for v in value)), summary
            values += value
        elif isinstance(value, str):
            assert not TILE_TEXT.search(value), summary


def test_a_whole_match_never_shows_the_human_seat_a_hidden_tile(client, app_match):
    table = new_table(client, seed=11, settings={"match.target": "40"})
    received: list[dict] = []
    stream = Stream(client, url(table, "events"))
    chooser = random.Random(3)
    now = [0.0]
    client.app.state.tables.clock = lambda: now[0]  # moved on only between moves, for the seat's rate to say
    view = client.get(url(table, "state")).json()
    received.append(view)
    while not view["over"]:
        if chooser.random() < 0.2:  # now and then the person says something, to every view
            now[0] += 10
            answer = client.post(url(table, "say"), json={"say": chooser.choice(list(SAYINGS))})
            assert answer.status_code == 200, answer.text
            view = answer.json()["state"]
            received.append(view)
        if view["to_continue"]:  # a round's end waits for the person to continue
            view = client.post(url(table, "continue"), json={}).json()["state"]
            received.append(view)
            continue
        assert view["current_player"] == 0 and view["legal"]
        move = chooser.randrange(len(view["legal"]))
        answer = client.post(url(table, "action"), json={"index": move, "version": view["version"]})
        assert answer.status_code == 200, answer.text
        view = answer.json()["state"]
        received.append(view)
        received.append(client.get(url(table, "state")).json())
        _no_tile_in_summary(client.get(url(table, "summary")).json())
    _no_tile_in_summary(client.get(url(table, "summary")).json())
    events = stream.events()
    assert stream.content_type.startswith("text/event-stream") and events[-1][0] == "over"
    sse = [json.loads(data) for kind, data in events if kind == "state"]
    assert len(sse) > 2 and sse[-1]["over"] and [v["version"] for v in sse] == sorted(v["version"] for v in sse)
    # A view is sent again at the same version only when it changed: the person continued from a round's
    # end, or said something.
    assert all(a["version"] < b["version"] or a["to_continue"] != b["to_continue"] or a["said"] != b["said"]
               for a, b in itertools.pairwise(sse))  # fmt: skip
    assert any(view["said"] for view in sse)
    received += sse
    final = app_match(client, table)
    log = final.events
    assert len({view["round"] for view in received}) >= 2, "the test should cross a round end"
    ruleset = final.ruleset
    truth = Match(ruleset, players=2, seed=11)
    for view, upto in by_version(received, log, truth):
        _check_view(view, 0, truth, log[:upto])
    assert any(view["round_end"] for view in received)
    told = {message["text"] for view in received for message in view["said"]}
    assert told and not _tiles_in_words(sorted(told))
    assert received[-1]["winners"] == list(final.winners) and received[-1]["history"]


def test_a_restarted_server_shows_every_table_where_it_was(state_dir):
    with TestClient(create_app(state_dir, pace_ms=0)) as client:
        table = new_table(client)
        for _ in range(3):
            view = client.get(url(table, "state")).json()
            client.post(url(table, "action"), json={"index": 0, "version": view["version"]})
        before = client.get(url(table, "state")).json()
    with TestClient(create_app(state_dir, pace_ms=0)) as client:
        assert client.get(url(table, "state")).json() == before
        assert client.get(f"/api/tables/{table['table']}/state?token=bad").status_code == 403


def test_a_browser_game_resumes_at_the_terminal_and_a_terminal_game_opens_in_the_browser(state_dir):
    with TestClient(create_app(state_dir, pace_ms=0)) as client:
        table = new_table(client)
        view = client.get(url(table, "state")).json()
        client.post(url(table, "action"), json={"index": 0, "version": view["version"]})
    save = state_dir / f"{table['table']}.json"
    resumed = domino("resume", str(save), stdin="quit\n")
    assert resumed.status == 0, resumed.stderr
    assert f"Resuming {save}" in resumed.stdout and "round 1" in resumed.stdout
    # A terminal game: `domino play --save`, opened by path (no token sidecar, so not loaded at start).
    played = domino("play", "draw", "--seed", "4", "--save", str(state_dir / "game-terminal.json"), stdin="quit\n")
    assert played.status == 0, played.stderr
    digest = hashlib.sha256((state_dir / "game-terminal.json").read_bytes()).hexdigest()  # proof it is ours
    with TestClient(create_app(state_dir, pace_ms=0)) as client:
        assert "game-terminal" not in client.app.state.tables.tables
        opened = client.post("/api/tables/open", json={"path": "game-terminal.json", "sha256": digest})
        assert opened.status_code == 201, opened.text
        seat = next(s for s in opened.json()["seats"] if s["kind"] == "human")
        assert client.get(url(opened.json(), "state", seat["seat"])).json()["round"] == 1
        again = client.post("/api/tables/open", json={"path": "game-terminal.json", "sha256": digest})
        assert again.status_code == 409 and "token" not in again.text
        for path in ("../x.json", "/etc/passwd", "game-nothing.json"):
            refused = client.post("/api/tables/open", json={"path": path, "sha256": digest})
            assert refused.status_code in (404, 422) and "root:" not in refused.text
        text = save.read_text()
    with TestClient(create_app(state_dir / "other", pace_ms=0)) as client:
        by_text = client.post("/api/tables/open", json={"text": text})
        assert by_text.status_code == 201, by_text.text
        assert client.post("/api/tables/open", json={"text": "{}"}).status_code == 422


def test_replays_of_a_save_and_of_a_simulate_log_step_through_with_every_hand_open(client, state_dir, tmp_path):
    table = new_table(client)
    view = client.get(url(table, "state")).json()
    client.post(url(table, "action"), json={"index": 0, "version": view["version"]})
    save = (state_dir / f"{table['table']}.json").read_text()
    opened = client.post("/api/replays", json={"text": save}).json()
    steps = opened["steps"]
    assert steps == client.get(url(table, "state")).json()["version"]
    first = client.get(f"/api/replays/{opened['replay']}/step/0").json()
    assert first["step"] == 0 and len(first["hands"]) == 2 and all(first["hands"])
    last = client.get(f"/api/replays/{opened['replay']}/step/{steps}").json()
    assert last["step"] == steps
    assert client.get(f"/api/replays/{opened['replay']}/step/{steps + 1}").status_code == 404
    log = tmp_path / "log.jsonl"
    assert domino("simulate", "straight", "-n", "2", "--seed", "1", "--log", str(log)).status == 0
    second = client.post("/api/replays", json={"text": log.read_text(), "game": 1}).json()
    assert second["steps"] > 10
    middle = client.get(f"/api/replays/{second['replay']}/step/10").json()
    assert middle["layout"]["lead"] is not None
    damaged = log.read_text().replace('"seat":1', '"seat":0', 1)
    assert client.post("/api/replays", json={"text": damaged}).status_code == 422
    assert client.post("/api/replays", json={"text": "not json"}).status_code == 422
    assert client.post("/api/replays", json={"text": log.read_text(), "game": 5}).status_code == 422


def test_the_pace_can_be_changed_by_a_seat(client, state_dir):
    table = new_table(client)
    assert client.post(url(table, "pace"), json={"pace_ms": 300}).json() == {"pace_ms": 300}
    assert client.get(url(table, "state")).json()["pace_ms"] == 300
    assert client.post(url(table, "pace"), json={"pace_ms": -1}).status_code == 422


def test_the_pages_are_served(client):
    assert client.get("/").status_code == 200
    assert client.get("/table/x?seat=0&token=y").headers["content-type"].startswith("text/html")


# --- a trick game: Texas 42 -------------------------------------------------------------------------

COMPUTER = {"kind": "computer", "strength": "greedy"}
FORTY_TWO = {"variant": "texas-42", "players": 4, "seats": [HUMAN, COMPUTER, HUMAN, COMPUTER], "seed": 3}


def _mover(client: TestClient, table: dict) -> tuple[int, dict]:
    """The human seat to move and its view."""
    for seat in (0, 2):
        view = client.get(url(table, "state", seat)).json()
        if view["legal"]:
            return seat, view
    raise AssertionError("no human seat is to move")


def _post(client: TestClient, table: dict, seat: int, action: dict, version: int):
    return client.post(url(table, "action", seat), json={"action": action, "version": version})


def test_a_texas_42_table_bids_declares_plays_and_says_why_a_tile_is_refused(client):
    variants = {v["name"]: v for v in client.get("/api/variants").json()}
    assert variants["texas-42"]["family"] == "tricks" and variants["texas-42"]["partners"] == [4]
    assert variants["draw"]["family"] == "layout" and variants["draw"]["partners"] == []
    # The counts at which a match may choose partnerships: where the start page offers the choice.
    assert variants["fives-and-threes"]["team_counts"] == [4] and variants["draw"]["team_counts"] == []
    table = client.post("/api/tables", json=FORTY_TWO).json()
    assert [s["kind"] for s in table["seats"]] == ["human", "computer", "human", "computer"]
    assert table["seats"][2]["link"].endswith(table["seats"][2]["token"])
    seat, view = _mover(client, table)
    tricks = view["tricks"]
    assert tricks["phase"] == "bidding" and tricks["order"][0] == seat and len(tricks["order"]) == 4
    assert view["layout"]["arms"] == [] and view["sides"] == 2 and view["seat_sides"] == [0, 1, 0, 1]
    labels = {m["label"]: m for m in view["legal"]}
    assert {"pass", "30", "41", "1 mark (42)", "2 marks (84)"} <= set(labels)
    assert labels["1 mark (42)"]["text"] == "bid 1 mark (42)" and labels["1 mark (42)"]["value"] == 42
    # A bid the rules do not allow now is refused with the engine's reason, and changes nothing.
    refused = _post(client, table, seat, {"kind": "bid", "value": 126}, view["version"])
    assert refused.status_code == 422 and "a bid of 126 is not allowed now" in refused.json()["error"]
    assert _post(client, table, seat, {"kind": "bid", "value": "30"}, view["version"]).status_code == 422
    answer = _post(client, table, seat, {"kind": "bid", "value": 84}, view["version"])
    assert answer.status_code == 200, answer.text
    while True:  # the partner passes; the computers have their say
        seat, view = _mover(client, table)
        if view["tricks"]["phase"] != "bidding":
            break
        assert view["tricks"]["bid"] == 84 and view["tricks"]["bid_text"] == "2 marks (84)"
        assert any(b["text"] == "2 marks (84)" for b in view["tricks"]["bids"])
        client.post(url(table, "action", seat), json={"index": 0, "version": view["version"]})
    # The declaration: every choice in words, with how many trumps the bidder holds.
    assert view["tricks"]["phase"] == "declaring" and view["tricks"]["bidder"] == seat
    choices = {m["label"]: m for m in view["legal"]}
    assert {"sixes", "doubles", "no trumps (follow me)"} <= set(choices)
    hand = {tuple(t) for t in view["hand"]}
    assert choices["sixes"]["held"] == sum(6 in t for t in hand)
    assert _post(client, table, seat, {"kind": "trumps", "value": "spades"}, view["version"]).status_code == 422
    answer = _post(client, table, seat, {"kind": "trumps", "value": 6}, view["version"])
    assert answer.status_code == 200, answer.text
    state = answer.json()["state"]
    after = state["tricks"]
    assert after["declaration"] == 6 and after["trumps"] == "trumps: sixes" and after["phase"] == "playing"
    for tile, notes in zip(state["hand"], after["hand_notes"], strict=True):  # the bidder's own hand only
        assert ("trump" in notes) == (6 in tile)
    # Play until a person must follow a suit and holds a tile that does not: the engine says why.
    refused_once = played_once = False
    for _ in range(40):
        seat, view = _mover(client, table)
        trick = view["tricks"]["trick"]
        legal = {tuple(m["tile"]) for m in view["legal"]}
        other = [t for t in view["hand"] if tuple(t) not in legal]
        if trick and other and not refused_once:
            refused = _post(client, table, seat, {"kind": "play", "tile": other[0]}, view["version"])
            assert refused.status_code == 422 and refused.json()["error"].startswith("you must follow ")
            assert client.get(url(table, "state", seat)).json() == view  # nothing changed
            refused_once = True
        move = view["legal"][0]
        answer = _post(client, table, seat, {"kind": "play", "tile": move["tile"]}, view["version"])
        assert answer.status_code == 200, answer.text
        state = answer.json()["state"]
        played_once = True
        if state["round_end"] or state["last_round_end"]:
            break
        assert move["tile"] in state["tricks"]["played"][seat]
        if refused_once:
            break
    assert refused_once and played_once


def _trick_tiles(view: dict) -> set[tuple[int, int]]:
    tricks = view["tricks"]
    found = {tuple(sorted(t)) for t in view["hand"]}
    found |= {tuple(sorted(p["tile"])) for p in tricks["trick"] + tricks["last_trick"]}
    found |= {tuple(sorted(t)) for tiles in tricks["played"] for t in tiles}
    found |= {tuple(sorted(m["tile"])) for m in view["legal"] if m["tile"]}
    if tricks.get("turn_up"):
        found.add(tuple(sorted(tricks["turn_up"]["tile"])))
    return found


def _trick_words(view: dict) -> list[str]:
    words = list(view["last_actions"]) + [m["text"] for m in view["legal"]]
    words += [m.get("label") or "" for m in view["legal"]] + [m.get("explain") or "" for m in view["legal"]]
    for end in (view["round_end"], view["last_round_end"]):
        if end:
            words += end["words"]
            assert all(hand == [] for hand in end["hands"])  # a hand's unplayed tiles are never laid open
    return words


# Tables whose seats must never see a tile they may not: Texas 42 (two people), Bingo (both seats
# people: the stock's draws and the turned-up tile), Domino Loo for three people (exchanges, whose
# new hands and discards are the exchanger's alone, and drops, whose hands go out face down).
HIDDEN_TILE_TABLES = {
    "texas-42": ({**FORTY_TWO, "seed": 8, "settings": {"match.target": "3"}}, (0, 2), 5),
    "bingo": ({"variant": "bingo", "players": 2, "seats": [HUMAN, HUMAN], "seed": 4, "settings": {"match.target": "5"}},
              (0, 1), 5),
    "domino-loo": ({"variant": "domino-loo", "players": 3, "seats": [HUMAN, HUMAN, HUMAN], "seed": 6,
                    "settings": {"match.target": "8"}}, (0, 1, 2), 19),
}  # fmt: skip


def _choose(view: dict, chooser: random.Random) -> int:
    """A random legal move; one time in two an exchange, a drop or a close where one is offered (so
    that a short match has them)."""
    legal = view["legal"]
    calls = [m["index"] for m in legal if m["kind"] in ("exchange", "drop", "close")]
    if calls and chooser.random() < 0.5:
        return chooser.choice(calls)
    return chooser.randrange(len(legal))


@pytest.mark.parametrize("variant", sorted(HIDDEN_TILE_TABLES))
def test_a_whole_trick_match_never_shows_a_seat_a_tile_it_may_not_see(client, app_match, variant):
    body, humans, chooser_seed = HIDDEN_TILE_TABLES[variant]
    table = client.post("/api/tables", json=body).json()
    listening = humans[-1]
    stream = Stream(client, url(table, "events", listening))
    chooser = random.Random(chooser_seed)
    received: list[tuple[int, dict]] = []
    for _ in range(3000):
        views = {seat: client.get(url(table, "state", seat)).json() for seat in humans}
        received += list(views.items())
        if views[humans[0]]["over"]:
            break
        seat = next(s for s, v in views.items() if v["legal"])
        view = views[seat]
        move = {"index": _choose(view, chooser), "version": view["version"]}
        answer = client.post(url(table, "action", seat), json=move)
        assert answer.status_code == 200, answer.text
        received.append((seat, answer.json()["state"]))
    events = stream.events()
    assert received[-1][1]["over"]
    received += [(listening, json.loads(data)) for kind, data in events if kind == "state"]
    final = app_match(client, table)
    log = final.events
    assert len({v["round"] for _, v in received}) >= 2, "the test should cross a hand's end"
    players_ = body["players"]
    truth = Match(final.ruleset, players=players_, seed=body["seed"])
    every_tile = set(final.ruleset.set_tiles())
    for (seat, view), upto in by_version(received, log, truth, version=lambda sv: sv[1]["version"]):
        # What the seat may have seen: the tiles it was dealt or drew itself, the tiles turned up
        # for trumps, and every tile played so far; nothing else, whoever holds it.
        seen = {tuple(t) for e in log[:upto] if e["type"] == "deal" for t in e["hands"][seat]}
        seen |= {tuple(sorted(e["tile"])) for e in log[:upto] if e["type"] == "draw" and e["seat"] == seat}
        turned_up = {tuple(sorted(e["tile"])) for e in log[:upto] if e["type"] == "turn_up"}  # public
        seen |= turned_up
        plays = [e["action"] for e in log[:upto] if e["type"] == "action" and e["action"]["kind"] == "play"]
        seen |= {tuple(sorted(action["tile"])) for action in plays}
        hidden = {t for s in range(players_) if s != seat for t in truth.hand(s)} | set(truth.dead)
        hidden |= every_tile - seen  # the stock, hands thrown in or exchanged, others' discards
        hidden -= turned_up  # face up, out of play (Loo), or drawn last (Bingo): everyone saw it
        # Tiles shown in a declaration (Bingo's doubles) are public while their holder keeps them.
        shown = {tuple(sorted(t)) for e in log[:upto] if e["type"] == "declared" for t in e["tiles"]}
        seen |= shown
        hidden -= shown
        assert view["hand"] == [list(t) for t in truth.hand(seat)]
        assert not _trick_tiles(view) & hidden, view["version"]
        assert _tiles_in_words(_trick_words(view)) <= seen, view["version"]
        assert "hands" not in view and "boneyard" not in view
    kinds = {e["action"]["kind"] for e in log if e["type"] == "action"}
    if variant == "bingo":
        assert {"close"} <= kinds and any(e["type"] == "draw" for e in log)
        assert any(v["tricks"]["turn_up"] for _, v in received)
    if variant == "domino-loo":
        assert {"exchange", "drop", "discard", "keep"} <= kinds
        assert any(e["type"] == "round_end" and e["reason"] == "walkover" for e in log)
        assert any(v["tricks"]["dropped"] for _, v in received) and any(v["tricks"]["calls"] for _, v in received)
        assert any(e["type"] == "take_turn_up" for e in log)  # the dealer took the turned-up tile
    ends = [v for _, v in received if v["round_end"]]
    assert ends and all(v["round_end"]["tricks"]["made"] in (True, False) for v in ends)
    if variant != "texas-42":
        return
    first = next(v["round_end"] for v in ends if v["round_end"]["round"] == 1)
    assert first["reason"] in ("made", "set") and len(first["tricks"]["points"]) == 2
    assert first["scores"] == first["tricks"]["gained"] and sum(first["scores"]) > 0  # the marks of hand 1


def _hand_spans(log: list[dict], upto: int) -> list[tuple[int, int]]:
    """(start, end) of each hand in `log[:upto]`, from its deal to the next deal (or `upto`)."""
    deals = [i for i, e in enumerate(log[:upto]) if e["type"] == "deal"]
    return [(start, (deals[k + 1] if k + 1 < len(deals) else upto)) for k, start in enumerate(deals)]


def _counted(tiles) -> Counter:
    return Counter(tuple(sorted(t)) for t in tiles)


def _face_up(log: list[dict], public, start: int, end: int) -> dict[int, Counter]:
    """Per seat, the tiles it played face up in log[start:end] (their public records show them)."""
    out: dict[int, Counter] = {}
    for i in range(start, end):
        if log[i]["type"] == "action" and log[i]["action"]["kind"] == "play" and "tile" in public[i]["action"]:
            action = public[i]["action"]
            out.setdefault(log[i]["seat"], Counter()).update(_counted(action.get("tiles") or [action["tile"]]))
    return out


def test_a_tien_gow_match_never_shows_a_seat_a_tile_laid_face_down_by_another(client, app_match):
    """Four people play two hands of Tien Gow, moving at random (a combination led one time in two
    where one is held): a play that does not take the lead is laid face down, and no state or
    server-sent message of any seat shows another seat's face-down tiles. The set holds most tiles
    twice, so tiles are counted: a view may show a tile as many times as the seat may know of it
    (the copies it was dealt, and those played face up), and says another's face-down play only
    as how many tiles."""
    body = {"variant": "tien-gow", "players": 4, "seats": [HUMAN] * 4, "seed": 12, "settings": {"match.rounds": "2"}}
    table = client.post("/api/tables", json=body).json()
    stream = Stream(client, url(table, "events", 1))
    chooser = random.Random(7)
    received: list[tuple[int, dict]] = []
    for _ in range(400):
        views = {seat: client.get(url(table, "state", seat)).json() for seat in range(4)}
        received += list(views.items())
        if views[0]["over"]:
            break
        seat = next(s for s, v in views.items() if v["legal"])
        legal = views[seat]["legal"]
        groups = [m["index"] for m in legal if m.get("lead") and len(m["tiles"]) > 1]
        # Following several tiles: the engine's picks, one at a time (the plays listed beside
        # them, with no index, are sent as actions by the page).
        indexed = [m["index"] for m in legal if m["index"] is not None]
        move = chooser.choice(groups) if groups and chooser.random() < 0.5 else chooser.choice(indexed)
        answer = client.post(url(table, "action", seat), json={"index": move, "version": views[seat]["version"]})
        assert answer.status_code == 200, answer.text
        received.append((seat, answer.json()["state"]))
    events = stream.events()
    assert received[-1][1]["over"]
    received += [(1, json.loads(data)) for kind, data in events if kind == "state"]
    final = app_match(client, table)
    log = final.events
    public = final.observation(0).history  # the log as every seat may read it, record by record
    hidden_plays = [i for i, e in enumerate(log) if e["type"] == "action" and "tile" not in public[i]["action"]]
    assert len(hidden_plays) > 10 and any(len(log[i]["action"].get("tiles", ())) > 1 for i in hidden_plays)
    assert any(len(e["action"].get("tiles", ())) > 1 for i, e in enumerate(log) if e["type"] == "action"
               and i not in hidden_plays)  # fmt: skip
    truth = Match(final.ruleset, players=4, seed=body["seed"])
    for (seat, view), upto in by_version(received, log, truth, version=lambda sv: sv[1]["version"]):
        spans = _hand_spans(log, upto)
        # What the seat may know, per hand the view may speak of (the current one, and the last
        # while its end is shown): the copies of each tile dealt to it, and those others played face up.
        allowed = Counter()
        for start, end in spans[-2:]:
            dealt = _counted(log[start]["hands"][seat])
            shown = _face_up(log, public, start, end)
            known = dealt + sum((c for s, c in shown.items() if s != seat), Counter())
            allowed |= known
        start, end = spans[-1]
        shown = _face_up(log, public, start, end)
        assert view["hand"] == [list(t) for t in truth.hand(seat)]
        tricks = view["tricks"]
        # The fields: another seat's tiles only as it played them face up; its face-down plays as counts.
        for other in range(4):
            if other == seat:
                continue
            up = shown.get(other, Counter())
            said = _counted(tricks["played"][other])
            said += _counted(t for p in tricks["plays"] if p["seat"] == other for t in p["tiles"])
            for key in ("trick", "last_trick"):
                said |= _counted(p["tile"] for p in tricks[key] if p["seat"] == other)
            assert not said - up - up, (view["version"], other)  # `played` and the trick both list them
            assert _counted(tricks["played"][other]) <= up
        for play in tricks["plays"]:
            assert not (play["tiles"] and play["face_down"]), play
        assert all(m["tiles"] and _counted(m["tiles"]) <= _counted(view["hand"]) for m in view["legal"])
        # The words: no more copies of a tile in one line than the seat may know of; another's
        # face-down play told as how many tiles.
        for line in _trick_words(view):
            assert not _counted((int(a), int(b)) for a, b in TILE_TEXT.findall(line)) - allowed, (view["version"], line)
            if " face down" in line and not line.startswith(("You ", "lay ")) and " laid " in line:
                assert "[" not in line, line
        assert "hands" not in view and "boneyard" not in view
    ends = [v["round_end"] for _, v in received if v["round_end"]]
    assert ends and sum(ends[0]["tricks"]["captured"]) == 32


def test_the_open_ends_are_said_only_where_the_rules_score_them(client):
    for variant, scored in (("fives-and-threes", True), ("draw", False)):
        table = new_table(client, variant=variant, seats=[{"kind": "human"}, {"kind": "human"}], seed=2)
        view = client.get(url(table, "state")).json()
        seat = view["current_player"]
        answer = client.post(url(table, "action", seat), json={"index": 0, "version": view["version"]})
        said = answer.json()["state"]["ends_said"]
        if scored:
            assert said == f"The sum of the open ends is {answer.json()['state']['layout']['end_sum']}."
        else:
            assert said is None


def test_a_hint_to_follow_several_tiles_names_the_whole_play(client):
    """Following a lead of several tiles is built by picks, but a hint is for a person: its first
    move is the whole play the strongest player would build (the one a computer seat would make),
    with its tiles, so the page picks them all and Enter plays them; the terminal's hint says it too."""
    body = {"variant": "tien-gow", "players": 4, "seats": [HUMAN] * 4, "seed": 7, "settings": {"match.rounds": "2"}}
    table = client.post("/api/tables", json=body).json()
    live = client.app.state.tables.get(table["table"])
    lead = next(i for i, a in enumerate(live.match.legal_actions()) if a.tiles and len(a.tiles) > 1)
    seat = live.match.current_player
    assert client.post(url(table, "action", seat), json={"index": lead, "version": 0}).status_code == 200
    follower = live.match.current_player
    size = client.get(url(table, "state", follower)).json()["tricks"]["lead_size"]
    hint = client.get(url(table, "hint", follower)).json()
    first = hint["moves"][0]
    whole = computer_choice(live.match.clone(), hint["player"], live.game.seed)
    assert first["tiles"] == [list(tile) for tile in whole.tiles] and len(first["tiles"]) == size > 1
    assert first["text"].startswith("play ") or "face down" in first["text"] or "lead" in first["text"], first
    copy = live.match.clone()
    copy.apply(whole)  # the engine takes it as the picks
    assert copy.current_player != follower
