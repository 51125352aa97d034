"""Hostile requests to `domino serve` (docs/web.md): whatever a client sends — a lone surrogate in a
JSON string, a wrong type in any field of any endpoint, odd paths and query strings, a body that is
not a JSON object or not JSON at all, a body cut short — is answered with a 4xx status and
`{"error": reason}`, never a 500, and leaves no traceback in the server's log."""

from __future__ import annotations

import copy
import json
import re
import signal
import socket
import subprocess
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.frontends.web.app import create_app
from interpreter.frontends.web.limits import Limits
from interpreter.frontends.web.sayings import SAYINGS
from interpreter.text.untrusted import JsonProblem, load_json
from tests.clirunner import domino
from tests.web.serving import port_of, serve

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

ROOT = Path(__file__).resolve().parent.parent.parent
HUMAN = {"kind": "human"}
GREEDY = {"kind": "computer", "strength": "greedy"}
HOUSE = "name: house\nextends: ./club.yaml\n"
CLUB = "name: club\nextends: draw\nmatch: {target: 30}\n"
JSON_TYPE = {"content-type": "application/json"}
LONE = "a lone surrogate ({}) in a string; UTF-8 text cannot hold one"
# Reproducible (derandomized, no example database written into the checkout), never timed.
FUZZ = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])  # fmt: skip


# Hundreds of requests from one address: no 429 for them here (tests/web/test_server_limits.py has those).
UNLIMITED = Limits(rate_per_s=10_000, burst=100_000, tables_per_client=100_000)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # A crash is answered 500 here as it would be by the server, instead of raised in the test.
    app = create_app(tmp_path / "state", pace_ms=0, limits=UNLIMITED)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def refused(answer: httpx.Response, status: int | None = None) -> str:
    """The reason of a refusal: a 4xx status (`status`, if given) and the JSON body `{"error": reason}`."""
    assert 400 <= answer.status_code < 500, f"{answer.status_code}: {answer.text[:300]}"
    assert status is None or answer.status_code == status, f"{answer.status_code}: {answer.text[:300]}"
    assert answer.headers["content-type"] == "application/json", answer.headers["content-type"]
    body = answer.json()
    assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"], body
    return body["error"]


def post(client: TestClient, path: str, body: Any) -> httpx.Response:
    """`body` as JSON text: json.dumps writes a lone surrogate as the escape `\\ud800`."""
    return client.post(path, content=json.dumps(body).encode("ascii"), headers=JSON_TYPE)


def two_humans(client: TestClient) -> dict[str, Any]:
    """A table of two human seats, played on until the mover may lay a tile on an arm: its paths, the
    mover's token and version, and that play as the page would send it."""
    body = {"variant": "draw", "players": 2, "seats": [HUMAN, HUMAN], "seed": 5, "settings": {"match.target": "30"}}
    made = client.post("/api/tables", json=body).json()
    tokens = [seat["token"] for seat in made["seats"]]
    base = f"/api/tables/{made['table']}"
    while True:
        mover = client.get(f"{base}/state?token={tokens[0]}").json()["current_player"]
        view = client.get(f"{base}/state?token={tokens[mover]}").json()
        play = view["legal"][0]
        if play["kind"] == "play" and play["arm"] is not None:
            break
        client.post(f"{base}/action?token={tokens[mover]}", json={"index": 0, "version": view["version"]})
    action = {key: play[key] for key in ("kind", "tile", "arm", "half")}
    return {"base": base, "token": tokens[mover], "version": view["version"], "action": action}


@pytest.fixture(scope="module")
def log_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    log = tmp_path_factory.mktemp("log") / "one.jsonl"
    assert domino("simulate", "draw", "-n", "1", "--seed", "1", "--log", str(log)).status == 0
    return log.read_text()


# --- lone surrogates -------------------------------------------------------------------------------


def test_load_json_refuses_a_lone_surrogate_where_it_stands_and_keeps_pairs():
    for text, where, code in (
        ('{"a": "\\ud800"}', (1, 8), "\\ud800"),
        ('{"a":\n  "ok", "\\udc00": 1}', (2, 10), "\\udc00"),
        ('["x\\\\\\ud800"]', (1, 6), "\\ud800"),  # an escaped backslash, then the surrogate
        ('["\\ud800\\u0041"]', (1, 3), "\\ud800"),  # a high half whose next character is no low half
        ('["\\ud800", "\\udc00"]', (1, 3), "\\ud800"),  # halves in two strings are no pair
        ('["\\uDBFF\\uDFFF", "\\uDFFF"]', (1, 19), "\\udfff"),
        ('["\ud800"]', (1, 3), "\\ud800"),  # a raw half in the text itself
    ):
        with pytest.raises(JsonProblem) as caught:
            load_json(text, line=1)
        assert (caught.value.line, caught.value.column, caught.value.message) == (*where, LONE.format(code)), text
    assert load_json('{"a": "\\ud83d\\ude00 and \\\\ud800"}') == {"a": "\U0001f600 and \\ud800"}
    with pytest.raises(JsonProblem) as caught:
        load_json('{"a": "\\udc00"}', line=7)
    assert (caught.value.line, caught.value.column) == (7, 8)


SURROGATES = st.integers(0xD800, 0xDFFF).map(chr)
STRINGS = st.text(alphabet=st.characters() | SURROGATES | st.sampled_from('\\"u'), max_size=8)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.dictionaries(STRINGS, st.lists(STRINGS, max_size=3), max_size=3), st.booleans())
def test_load_json_refuses_exactly_the_texts_whose_strings_utf8_cannot_hold(value, ascii_only):
    text = json.dumps(value, ensure_ascii=ascii_only, indent=1)
    parsed = json.loads(text)
    try:
        json.dumps(parsed, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        with pytest.raises(JsonProblem) as caught:
            load_json(text)
        line = text.split("\n")[caught.value.line - 1]
        found = re.match(r"\\u([dD][89a-fA-F][0-9a-fA-F]{2})|[\ud800-\udfff]", line[caught.value.column - 1 :])
        assert found, (line, caught.value.column)  # the place named holds a surrogate, escaped or raw
        code = int(found.group(1), 16) if found.group(1) else ord(found.group())
        assert caught.value.message == LONE.format(f"\\u{code:04x}")
    else:
        assert load_json(text) == parsed


def _every_post(client: TestClient) -> list[str]:
    table = two_humans(client)
    seat = f"?token={table['token']}"
    # Left on a table of its own: a sound body closes it, and the other routes would only meet a closed table.
    left = client.post("/api/tables", json={"variant": "draw", "players": 2, "seats": [HUMAN, HUMAN]}).json()
    return ["/api/validate", "/api/tables", "/api/tables/open", "/api/replays", f"{table['base']}/action{seat}",
            f"{table['base']}/pace{seat}", f"{table['base']}/name{seat}", f"{table['base']}/again{seat}",
            f"{table['base']}/seat{seat}", f"{table['base']}/continue{seat}", f"{table['base']}/say{seat}",
            f"/api/tables/{left['table']}/leave?token={left['seats'][0]['token']}"]  # fmt: skip


def test_a_lone_surrogate_in_any_json_string_of_any_request_is_malformed_json(client):
    for path in _every_post(client):
        for body in ('{"text": "\\ud800"}', '{"variant": "draw", "settings": {"\\udc00": "1"}}',
                     '{"seats": [{"kind": "x\\udbff"}]}', '{"text": "\\ud83d\\ud83d\\ude00"}'):  # fmt: skip
            at = body.index("\\u")
            expected = f"malformed JSON at 1:{at + 1}: {LONE.format(body[at : at + 6])}"
            assert refused(client.post(path, content=body.encode(), headers=JSON_TYPE), 400) == expected, path
    assert post(client, "/api/validate", {"text": CLUB + "# \U0001f600\n"}).json()["ok"] is True  # a pair is fine


def test_a_save_or_log_holding_a_lone_surrogate_is_refused_with_its_place(client, tmp_path, log_text):
    played = domino("play", "draw", "--players", "human,random", "--target", "20", "--seed", "1", "--save", "g.json",
                    cwd=tmp_path, stdin="1\nquit\n")  # fmt: skip
    assert played.status is ExitStatus.OK, played.stderr
    low, high = LONE.format("\\udc00"), LONE.format("\\ud800")
    hostile = (tmp_path / "g.json").read_text().replace('"how"', '"ho\\udc00w"', 1)
    before = hostile[: hostile.index("\\udc00")]
    where = f"{before.count(chr(10)) + 1}:{len(before) - before.rfind(chr(10))}"
    (tmp_path / "g.json").write_text(hostile)
    resumed = domino("resume", "g.json", cwd=tmp_path)
    assert resumed.status is ExitStatus.FAILURE
    assert resumed.stderr == f"domino resume: g.json:{where}: not a domino save ({low}; is it damaged?)\n"
    assert "Traceback" not in resumed.stderr
    lines = log_text.splitlines()
    lines[2] = lines[2].replace('"type"', '"type\\ud800"', 1)
    (tmp_path / "g.jsonl").write_text("\n".join(lines) + "\n")
    replayed = domino("replay", "g.jsonl", cwd=tmp_path)
    assert replayed.status is ExitStatus.FAILURE
    assert replayed.stderr.startswith("g.jsonl:3: ") and high in replayed.stderr, replayed.stderr
    # The same texts sent to the server: refused with the reason and its place.
    for path in ("/api/tables/open", "/api/replays"):
        error = refused(post(client, path, {"text": hostile}), 422)
        assert error == f"the save:{where}: not a domino save ({low}; is it damaged?)", path
    error = refused(post(client, "/api/replays", {"text": "\n".join(lines)}), 422)
    assert error == f"not a save or a game log: 3:{lines[2].index('type') + 5}: {high}"


SURROGATE_RULES = {  # a YAML escape: the JSON of the request is sound, the rule file is not
    "title": ('name: x\nextends: draw\ntitle: "\\ud800"\n', 3),
    "name": ('name: "\\ud800"\nextends: draw\n', 1),
    "extends": ('name: x\nextends: "\\udc00"\n', 2),
}


def test_a_lone_surrogate_that_a_pasted_rule_file_escapes_is_never_a_500(client):
    for what in ("title", "name", "extends"):
        text = SURROGATE_RULES[what][0]
        answer = post(client, "/api/validate", {"text": text})
        assert answer.status_code == 200 and answer.json()["ok"] is False, answer.text
        escape = text[text.index("\\u") : text.index("\\u") + 6]
        assert escape in answer.json()["problems"][0]["message"]
        assert escape in refused(post(client, "/api/tables", {"rules_text": text, "players": 2}), 422)


@pytest.mark.parametrize("what", SURROGATE_RULES)
def test_a_rule_file_escaping_a_lone_surrogate_is_a_problem_of_that_line(client, what):
    text, line = SURROGATE_RULES[what]
    problems = post(client, "/api/validate", {"text": text}).json()["problems"]
    assert {p["line"] for p in problems} == {line} and "surrogate" in problems[0]["message"], problems
    assert "surrogate" in refused(post(client, "/api/tables", {"rules_text": text, "players": 2}), 422)


# --- wrong types in every field of every endpoint ----------------------------------------------------

SCALARS = (st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.text(max_size=12)
           | st.floats(allow_nan=False, allow_infinity=False))  # fmt: skip
VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)  # fmt: skip
KINDS = {"string": (str,), "integer": (int,), "boolean": (bool,), "object": (dict,), "list": (list,)}


def _is(value: Any, kind: str) -> bool:
    if kind == "integer":
        return type(value) is int  # a boolean is no number here
    return isinstance(value, KINDS[kind])


def other_than(*kinds: str, null: bool = False) -> st.SearchStrategy[Any]:
    """Any JSON value of none of `kinds`; null too if `null` (a field that has no default)."""
    return VALUES.filter(lambda v: not any(_is(v, k) for k in kinds) and (null or v is not None))


def whole_outside(low: int, high: int) -> st.SearchStrategy[int]:
    return st.integers(-(10**30), low - 1) | st.integers(high + 1, 10**30)


def spelled(number: int) -> st.SearchStrategy[Any]:
    """A number sent as text, as a list, as a boolean: forms a lenient reader would take for it."""
    return st.sampled_from([str(number), [number], {str(number): number}, f" {number}"] + [bool(number)] * (number < 2))


def tile_spelled(tile: list[int]) -> st.SearchStrategy[Any]:
    low, high = tile
    return st.sampled_from([f"{low}{high}", [str(low), str(high)], {str(low): 0, str(high): 0}, [low, str(high)],
                            [float(low), high], [low, high, 0], [low], [[low, high]]]
                           + [[bool(low), high]] * (low < 2))  # fmt: skip


VALIDATE = {"text": HOUSE, "files": {"club.yaml": CLUB}}
CREATE = {"variant": "draw", "players": 2, "seats": [HUMAN, GREEDY], "seed": 5, "settings": {"match.target": "30"},
          "pace_ms": 0}  # fmt: skip
UPLOAD = {"rules_text": HOUSE, "rules_files": {"club.yaml": CLUB}, "players": 2, "seats": [HUMAN, GREEDY], "seed": 5}

# (endpoint, base body, path to the field, the values it must refuse); the base body alone is accepted.
FIELDS: dict[str, tuple[str, dict[str, Any], tuple[Any, ...], Any]] = {
    "validate text": ("/api/validate", VALIDATE, ("text",), other_than("string", null=True)),
    "validate files": ("/api/validate", VALIDATE, ("files",), other_than("object")),
    "validate a file's text": ("/api/validate", VALIDATE, ("files", "club.yaml"), other_than("string", null=True)),
    "create variant": ("/api/tables", CREATE, ("variant",), other_than("string", null=True)),
    "create players": ("/api/tables", CREATE, ("players",), other_than("integer") | whole_outside(2, 2)),
    "create seats": ("/api/tables", CREATE, ("seats",), other_than("list")),
    "create a seat": ("/api/tables", CREATE, ("seats", 1), other_than("object", null=True)),
    "create a seat's kind": ("/api/tables", CREATE, ("seats", 1, "kind"), other_than("string", null=True)),
    "create a seat's strength": ("/api/tables", CREATE, ("seats", 1, "strength"), other_than("string", null=True)),
    "create settings": ("/api/tables", CREATE, ("settings",), other_than("object")),
    "create a setting": (
        "/api/tables",
        CREATE,
        ("settings", "match.target"),
        other_than("string", "integer", "boolean", null=True),
    ),
    "create teams": ("/api/tables", CREATE, ("teams",), other_than("boolean")),
    "create seed": ("/api/tables", CREATE, ("seed",), other_than("integer") | whole_outside(0, 2**63 - 1)),
    "create pace_ms": ("/api/tables", CREATE, ("pace_ms",), other_than("integer") | whole_outside(0, 10_000)),
    "create turn_seconds": ("/api/tables", CREATE, ("turn_seconds",), other_than("integer") | whole_outside(10, 600)),
    "create rules_text": ("/api/tables", UPLOAD, ("rules_text",), other_than("string", null=True)),
    "create rules_files": ("/api/tables", UPLOAD, ("rules_files",), other_than("object")),
    "create a rules file's text": (
        "/api/tables",
        UPLOAD,
        ("rules_files", "club.yaml"),
        other_than("string", null=True),
    ),
    "open path": ("/api/tables/open", {"path": "nothing.json"}, ("path",), other_than("string", null=True)),
    "open text": ("/api/tables/open", {"text": "{}"}, ("text",), other_than("string", null=True)),
    "replay text": ("/api/replays", {"text": "LOG", "game": 0}, ("text",), other_than("string", null=True)),
    "replay game": (
        "/api/replays",
        {"text": "LOG", "game": 0},
        ("game",),
        other_than("integer", null=True) | whole_outside(0, 0),
    ),
    "pace pace_ms": ("pace", {"pace_ms": 0}, ("pace_ms",), other_than("integer", null=True) | whole_outside(0, 10_000)),
    "say say": (
        "say",
        {"say": "nice"},
        ("say",),
        other_than("string", null=True) | st.text(max_size=8).filter(lambda said: said not in SAYINGS),
    ),
}
# The action of the table's mover, by index or as an object; the values are made from that action.
ACTION_FIELDS = {
    "action version": ("index", ("version",), lambda a, v: other_than("integer", null=True) | spelled(v)),
    "action index": ("index", ("index",), lambda a, v: other_than("integer", null=True) | spelled(0) | st.just(a)),
    "action action": ("action", ("action",), lambda a, v: other_than("object", null=True)),
    "action kind": ("action", ("action", "kind"), lambda a, v: other_than("string", null=True) | st.just(["play"])),
    "action tile": ("action", ("action", "tile"), lambda a, v: other_than("list") | tile_spelled(a["tile"])),
    "action arm": ("action", ("action", "arm"), lambda a, v: other_than("integer") | spelled(a["arm"])),
    "action half": ("action", ("action", "half"), lambda a, v: other_than("integer") | spelled(a["half"])),
    "action tiles": (
        "action",
        ("action", "tiles"),
        lambda a, v: other_than("list") | tile_spelled(a["tile"]).map(lambda t: [t]),
    ),
    "action value": ("action", ("action", "value"), lambda a, v: other_than("integer", "string")),
}


def with_value(body: dict[str, Any], where: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(body)
    inner = changed
    for key in where[:-1]:
        inner = inner[key]
    inner[where[-1]] = value
    return changed


def _fuzz_field(client: TestClient, path: str, base: dict[str, Any], where: tuple[Any, ...], values: Any) -> None:
    @FUZZ
    @given(values)
    def check(value: Any) -> None:
        refused(post(client, path, with_value(base, where, value)))

    check()


@pytest.mark.parametrize("field", FIELDS)
def test_a_wrong_type_in_any_field_is_refused(client, log_text, field):
    path, base, where, values = FIELDS[field]
    base = json.loads(json.dumps(base).replace('"LOG"', json.dumps(log_text)))
    if path in ("pace", "say"):
        table = two_humans(client)
        path = f"{table['base']}/{path}?token={table['token']}"
    else:
        # The base body is sound; so is the base of "open" in that its fields have the right types.
        answer = post(client, path, base)
        assert answer.status_code in (200, 201) or path == "/api/tables/open", answer.text
    _fuzz_field(client, path, base, where, values)


@pytest.mark.parametrize("field", ACTION_FIELDS)
def test_a_wrong_type_in_any_field_of_an_action_is_refused_and_changes_nothing(client, field):
    table = two_humans(client)
    shape, where, values = ACTION_FIELDS[field]
    base = {"version": table["version"], **({"index": 0} if shape == "index" else {"action": table["action"]})}
    path = f"{table['base']}/action?token={table['token']}"
    _fuzz_field(client, path, base, where, values(table["action"], table["version"]))
    after = client.get(f"{table['base']}/state?token={table['token']}").json()
    assert after["version"] == table["version"]


def test_an_action_that_is_not_one_is_refused_with_the_reason_said_once(client):
    table = two_humans(client)
    path = f"{table['base']}/action?token={table['token']}"
    reason = refused(post(client, path, {"version": table["version"], "action": {"kind": "trumps", "value": []}}), 422)
    assert reason.startswith("not an action: ") and reason.count("not an action") == 1, reason


def test_whole_bodies_of_random_fields_are_answered_never_with_a_500(client, log_text):
    paths = _every_post(client)
    keys = st.sampled_from(["text", "files", "variant", "rules_text", "rules_files", "settings", "seats", "players",
                            "teams", "seed", "pace_ms", "path", "game", "action", "index", "version",
                            "name", "seat", "computer", "say", "turn_seconds"])  # fmt: skip

    @FUZZ
    @given(st.sampled_from(paths), st.dictionaries(keys, VALUES, max_size=5))
    def check(path: str, body: dict[str, Any]) -> None:
        answer = post(client, path, body)
        assert answer.status_code < 500, answer.text
        if answer.status_code >= 400:
            refused(answer)

    check()


def test_an_open_path_with_a_nul_an_overlong_name_or_a_folder_is_refused(client):
    for where in ("\x00.json", "a\x00b.json", "a" * 10_000 + ".json", "../x.json", "sub/x.json", "/etc/passwd",
                  ".json", "..", "", " "):  # fmt: skip
        refused(post(client, "/api/tables/open", {"path": where, "sha256": "0" * 64}))


# --- paths and query strings -------------------------------------------------------------------------

ODD_PATHS = [
    "/api/tables/%00/state?token=x", "/api/tables/" + "t" * 10_000 + "/state?token=x", "/api/tables/%ff%fe/state",
    "/api/tables/..%2f..%2fetc/state", "/api/tables/x/nothing", "/api/nothing",
    "/api/replays/%00/step/0", "/api/replays/" + "r" * 10_000 + "/step/0",
    "/api/replays/x/step/99999999999999999999999", "/api/replays/x/step/-1", "/api/replays/x/step/1e3",
    "/api/replays/x/step/" + "9" * 5000,
    "/%00.html", "/" + "p" * 10_000 + ".html", "/%ff.html", "/..%2f..%2fetc%2fpasswd.html", "/.hidden.html",
    "/a%2fb.html", "/table/%00", "/table/" + "t" * 10_000, "/replay/%00", "/replay/..%2f..",
    "/static/..%2f..%2fapp.py", "/static/%00", "/static/" + "s" * 10_000, "/static/../app.py",
]  # fmt: skip


def test_odd_paths_are_refused_with_a_reason(client):
    for path in ODD_PATHS:
        for method in ("GET", "POST"):
            refused(client.request(method, path), None)


def test_odd_step_numbers_of_a_replay_are_unknown_steps(client, log_text):
    opened = post(client, "/api/replays", {"text": log_text}).json()
    steps, base = opened["steps"], f"/api/replays/{opened['replay']}/step"
    assert client.get(f"{base}/{steps}").json()["step"] == steps
    assert client.get(f"{base}/{'0' * 5000}{steps}").json()["step"] == steps
    for step in (steps + 1, 99999999999999999999999, "9" * 5000, "0" * 5000 + "9" * 30, "-1", "1e3", "0x1", "%00",
                 "１", "%201"):  # fmt: skip
        assert refused(client.get(f"{base}/{step}"), 404).startswith("step "), step


def test_odd_tokens_and_query_strings_are_refused_as_a_wrong_token(client):
    table = two_humans(client)
    for query in ("token=%00", "token=" + "k" * 10_000, "token=%ff%fe", "token", "", "%%%%&&==", "token=a&token=b",
                  f"token={table['token']}%00", f"token=%00{table['token']}", f"token={table['token']}x"):  # fmt: skip
        for what in ("state", "hint", "events", "summary"):
            error = refused(client.get(f"{table['base']}/{what}?{query}"), 403)
            assert error == "this link's token is not one of this table's seats"
        for what, body in (("action", {"index": 0, "version": table["version"]}), ("pace", {"pace_ms": 0}),
                           ("name", {"name": "Eve"}), ("again", {}),
                           ("leave", {}), ("seat", {"seat": 1, "computer": "greedy"}),
                           ("say", {"say": "nice"})):  # fmt: skip
            assert refused(post(client, f"{table['base']}/{what}?{query}", body), 403)
    assert client.get(f"{table['base']}/state?token={table['token']}").json()["version"] == table["version"]


# --- bodies that are not JSON objects ------------------------------------------------------------------

NOT_OBJECTS = [
    (b"", "malformed JSON at 1:1: not JSON: Expecting value"),
    (b"  \n ", "malformed JSON at 2:2: not JSON: Expecting value"),
    (b"{", "malformed JSON at 1:2: not JSON: Expecting property name enclosed in double quotes"),
    (b'{"a": 1} x', "malformed JSON at 1:10: not JSON: Extra data"),
    (b'{"a": NaN}', "malformed JSON at 1:7: 'NaN' is not a number a save or a log holds"),
    (b'{"a": 1.5}', "malformed JSON at 1:7: a decimal number ('1.5') where only integers belong"),
    (b'{"a": ' + b"9" * 101 + b"}", "malformed JSON at 1:7: a number with 101 digits; at most 100 belong here"),
    (b"[" * 40 + b"]" * 40, "malformed JSON at 1:33: nested more than 32 levels deep"),
    (b'{"a": "\x00"}', "malformed JSON at 1:8: not JSON: Invalid control character at"),
    (b"\xff{}", "the request is not UTF-8 text"),
    (b'{"a": "\xed\xa0\x80"}', "the request is not UTF-8 text"),  # a surrogate encoded in UTF-8 bytes
    (b"null", "the request must be a JSON object"),
    (b"[]", "the request must be a JSON object"),
    (b'"text"', "the request must be a JSON object"),
    (b"7", "the request must be a JSON object"),
]


def test_a_body_that_is_not_a_json_object_is_malformed(client):
    for path in _every_post(client):
        for body, error in NOT_OBJECTS:
            assert refused(client.post(path, content=body, headers=JSON_TYPE), 400) == error, (path, body)
        assert refused(client.post(path, content=b"\xef\xbb\xbf{}", headers=JSON_TYPE), 400)  # a byte-order mark


def test_a_body_of_another_content_type_is_refused(client):
    for path in _every_post(client):
        for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                     "application/json; charset=latin-1", "application/jsonp", "json"):  # fmt: skip
            answer = client.post(path, content=b'{"text": "x"}', headers={"content-type": kind})
            assert refused(answer, 415) == "the request must be JSON (Content-Type: application/json)", (path, kind)
    for kind in ("application/json", "Application/JSON; charset=UTF-8", "application/json;charset=utf-8"):
        answer = client.post("/api/validate", content=json.dumps({"text": CLUB}), headers={"content-type": kind})
        assert answer.status_code == 200 and answer.json()["ok"] is True, kind
    # Without a Content-Type the body is read as JSON all the same (curl --data-binary, scripts).
    assert client.post("/api/validate", content=json.dumps({"text": CLUB})).json()["ok"] is True


def test_a_chunked_body_past_the_limit_is_too_large(client):
    def chunks(size_kib: int) -> Iterator[bytes]:
        yield b'{"text": "'
        for _ in range(size_kib):
            yield b"x" * 1024
        yield b'"}'

    for path, limit in (("/api/validate", "256 KiB"), ("/api/tables", "256 KiB"), ("/api/replays", "8192 KiB")):
        size = 257 if limit == "256 KiB" else 8193
        answer = client.post(path, content=chunks(size), headers=JSON_TYPE)
        assert refused(answer, 413) == f"the request is larger than {limit}", path


# --- a real server: bodies cut short, and its log ---------------------------------------------------------


def _serve(state: Path) -> tuple[subprocess.Popen[str], str, int]:
    process, url = serve(state)
    return process, url, port_of(url)


def _hang_up(port: int, head: str, body: bytes) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(head.encode("latin-1") + b"\r\n" + body)


def _ask(port: int, raw: bytes) -> bytes:
    """The server's whole answer to `raw`, a request that closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(raw)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def test_a_client_that_hangs_up_mid_body_leaves_no_traceback_in_the_log(tmp_path):
    process, url, port = _serve(tmp_path / "state")
    try:
        made = httpx.post(f"{url}/api/tables", json={"variant": "draw", "players": 2, "seats": [HUMAN, HUMAN],
                                                     "seed": 5}, timeout=30).json()  # fmt: skip
        token = made["seats"][0]["token"]
        paths = [
            "/api/validate",
            "/api/tables",
            "/api/tables/open",
            "/api/replays",
            f"/api/tables/{made['table']}/action?token={token}",
            f"/api/tables/{made['table']}/pace?token={token}",
            f"/api/tables/{made['table']}/leave?token={token}",
        ]
        for path in paths:
            start = f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            _hang_up(port, start + "Content-Length: 1000\r\n", b'{"text": "')
            _hang_up(port, start + "Content-Length: 1000\r\n", b"")
            _hang_up(port, start + "Transfer-Encoding: chunked\r\n", b'20\r\n{"text": "')
        # A body past the limit in chunks, and a request line of a 5,000-digit step: refused, not crashed.
        chunked = b"".join(b"400\r\n" + b"x" * 1024 + b"\r\n" for _ in range(300)) + b"0\r\n\r\n"
        head = b"POST /api/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
        answer = _ask(port, head + b"Transfer-Encoding: chunked\r\n\r\n" + chunked)
        assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
        assert answer.endswith(b'{"error":"the request is larger than 256 KiB"}'), answer[-200:]
        step = b"GET /api/replays/x/step/" + b"9" * 5000 + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        answer = _ask(port, step)
        assert answer.startswith(b"HTTP/1.1 404 "), answer[:200]
        after = httpx.get(f"{url}/api/tables/{made['table']}/state?token={token}", timeout=30).json()
        assert after["version"] == 0 and "stopped" not in after  # no leave read from a body cut short
    finally:
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
    assert "Traceback" not in stderr, stderr[-3000:]
    assert len(stderr.splitlines()) <= 3 * len(paths), stderr[-3000:]  # a one-line note per hang-up at most
