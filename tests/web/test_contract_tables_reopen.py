"""A table of a trick game where a special contract was declared reopens after a restart.

Every bundled trick file with special contracts (today rules/texas-42-house.yaml and
rules/domino-euchre.yaml), every contract it has: four people at a table, driven through the HTTP
API as the browser drives it, one bids what the contract needs (or accepts the turned-up suit) and
declares it, and the server is restarted (a new app over the same state folder). Each seat finds
the table where it was, with the same view; and it plays on.
"""

from __future__ import annotations

import warnings
from pathlib import Path

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.engine import Match
from interpreter.engine.tricks.auction import meets
from interpreter.engine.tricks.tables import trick_tables_for
from interpreter.frontends.web.app import create_app
from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import load_ruleset
from interpreter.rulefile.ruleset import Ruleset
from tests.clirunner import domino

PEOPLE = [{"kind": "human"}] * 4


def _contract_files() -> dict[str, Ruleset]:
    found = {name: load_ruleset(path) for name, path in bundled_variants().items()}
    return {name: rules for name, rules in found.items() if rules.tricks is not None and rules.tricks.contracts}


def _holder(rules: Ruleset) -> tuple[int, int]:
    """A seed, and a seat dealt a hand that meets what every contract of `rules` requires (plunge's
    four doubles), as the engine judges it."""
    players = rules.players.min
    t = trick_tables_for(rules, players)
    for seed in range(500):
        match = Match(rules, players=players, seed=seed)
        for seat in range(players):
            hand = sum(1 << t.index[tile] for tile in match.hand(seat))
            if all(meets(t, contract, hand) for contract in t.contracts.values()):
                return seed, seat
    raise AssertionError("no seed deals a hand for every contract")


def _url(table: dict, what: str, seat: int) -> str:
    return f"/api/tables/{table['table']}/{what}?token={table['seats'][seat]['token']}"


def _views(client: TestClient, table: dict) -> list[dict]:
    return [client.get(_url(table, "state", seat)).json() for seat in range(len(table["seats"]))]


def _act(client: TestClient, table: dict, seat: int, action: dict, version: int) -> dict:
    answer = client.post(_url(table, "action", seat), json={"action": action, "version": version})
    assert answer.status_code == 200, answer.text
    return answer.json()["state"]


def _declare(client: TestClient, table: dict, bidder: int, bid: int, name: str, by_index: bool) -> dict:
    """Drive the table's first auction: `bidder` bids `bid` (or, in an auction over the turned-up
    suit, accepts it), everyone else passes, and a dealer who then takes the turned-up tile lays the
    first tile offered away; `bidder` declares `name`, by its index in the legal moves as the browser
    does, or as an action's JSON."""
    view = client.get(_url(table, "state", bidder)).json()
    while view["tricks"]["phase"] in ("bidding", "discarding"):
        seat = view["current_player"]
        if view["tricks"]["phase"] == "discarding":  # stock.take_turn_up: dealer_on_accept
            move = {"kind": "discard", "tile": client.get(_url(table, "state", seat)).json()["legal"][0]["tile"]}
        elif seat != bidder:
            move = {"kind": "pass"}
        else:
            move = {"kind": "accept"} if view["tricks"].get("turn_up_auction") else {"kind": "bid", "value": bid}
        view = _act(client, table, seat, move, view["version"])
    view = client.get(_url(table, "state", bidder)).json()
    assert view["tricks"]["phase"] == "declaring" and view["current_player"] == bidder, view["tricks"]
    offered = [move["index"] for move in view["legal"] if move["kind"] == "trumps" and move["value"] == name]
    assert len(offered) == 1, view["legal"]
    if by_index:
        answer = client.post(_url(table, "action", bidder), json={"index": offered[0], "version": view["version"]})
        assert answer.status_code == 200, answer.text
        return answer.json()["state"]
    return _act(client, table, bidder, {"kind": "trumps", "value": name}, view["version"])


def test_every_bundled_trick_file_with_contracts_is_found():
    assert "texas-42-house" in _contract_files()


def test_a_table_with_each_contract_declared_reopens_after_a_restart_with_the_same_views(tmp_path: Path):
    state = tmp_path / "state"
    before: list[tuple[dict, list[dict]]] = []
    with TestClient(create_app(state, pace_ms=0)) as client:
        for variant, rules in _contract_files().items():
            seed, holder = _holder(rules)
            for number, contract in enumerate(rules.tricks.contracts):
                body = {"variant": variant, "players": rules.players.min, "seats": PEOPLE, "seed": seed}
                made = client.post("/api/tables", json=body)
                assert made.status_code == 201, made.text
                table = made.json()
                bid = contract.bid if contract.bid is not None else max(contract.min_bid or 0, rules.tricks.bidding.min)
                _declare(client, table, holder, bid, contract.name, by_index=number % 2 == 0)
                saved = (state / f"{table['table']}.json").read_text()
                assert f'"kind":"trumps","value":"{contract.name}"' in saved
                before.append((table, _views(client, table)))
    assert len(before) == 5  # nel-o, plunge, splash and sevens; Domino Euchre's alone
    with TestClient(create_app(state, pace_ms=0)) as client:
        for table, views in before:
            assert _views(client, table) == views
            seat = views[0]["current_player"]
            moved = client.post(_url(table, "action", seat), json={"index": 0, "version": views[0]["version"]})
            assert moved.status_code == 200, moved.text  # and the table plays on


def test_the_replay_viewer_steps_through_a_saved_table_and_a_log_with_contracts_declared(client, state_dir, tmp_path):
    rules = _contract_files()["texas-42-house"]
    seed, holder = _holder(rules)
    made = client.post("/api/tables", json={"variant": "texas-42-house", "players": 4, "seats": PEOPLE, "seed": seed})
    table = made.json()
    _declare(client, table, holder, 168, "plunge", by_index=True)
    save = (state_dir / f"{table['table']}.json").read_text()
    opened = client.post("/api/replays", json={"text": save})
    assert opened.status_code == 201, opened.text
    steps = opened.json()["steps"]
    assert client.get(f"/api/replays/{opened.json()['replay']}/step/{steps}").status_code == 200
    log = tmp_path / "house.jsonl"
    assert domino("simulate", "texas-42-house", "-n", "3", "--seed", "1", "--log", str(log)).status == 0
    games = log.read_text().split('{"type":"match"')[1:]
    names = [f'"kind":"trumps","value":"{contract.name}"' for contract in rules.tricks.contracts]
    game = next(n for n, text in enumerate(games) if any(name in text for name in names))
    logged = client.post("/api/replays", json={"text": log.read_text(), "game": game})
    assert logged.status_code == 201, logged.text
    steps = logged.json()["steps"]
    assert client.get(f"/api/replays/{logged.json()['replay']}/step/{steps}").status_code == 200
