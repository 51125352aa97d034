"""Whose deal it is (docs/web.md, "known_seed"): a seed a person chose — which lets them know every
hand — is shown to everyone at the table as chosen, exactly (as text: a JavaScript number keeps 15
or 16 of its 19 digits); a seed the server drew (a table without one, every "play again") is shown
to nobody while the match goes on: no view, stream or answer carries it."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app
from tests.web.test_friends import new_table, play_out, url, watch

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

LARGEST = 2**63 - 1  # past 2**53: a JavaScript number would show 9223372036854775808
CHOSEN = {"seed": str(LARGEST), "how": "chosen"}


def _views(client: TestClient, table: dict) -> list[dict]:
    """The view of each person's seat and of the spectator's link."""
    seats = [url(table, "state", seat) for seat, s in enumerate(table["seats"]) if s.get("token")]
    return [client.get(path).json() for path in [*seats, watch(table)]]


def _told(client: TestClient, table: dict) -> list[str]:
    """What the table's readers are told now: each one's view (its stream sends the same text), and a
    hint's refusal to the person whose turn it is not. tests/web/test_seat_tokens.py greps every
    route's answers and events for the seed too."""
    texts = [client.get(path).text for path in [url(table, "state", 0), url(table, "state", 1), watch(table)]]
    return texts + [a.text for a in (client.get(url(table, "hint", s)) for s in (0, 1)) if a.status_code != 200]


def test_a_chosen_seed_is_shown_to_everyone_exactly_and_a_drawn_one_to_nobody(state_dir: Path):
    with TestClient(create_app(state_dir, pace_ms=0, heartbeat_s=0.2)) as client:
        chosen = new_table(client, seed=LARGEST, name="Ann")
        assert [view["known_seed"] for view in _views(client, chosen)] == [CHOSEN] * 3
        play_out(client, chosen)
        again = client.post(url(chosen, "again", 1), json={})
        assert again.status_code == 201, again.text
        following = again.json()
        following["seats"][0]["token"] = client.app.state.tables.tables[following["table"]].tokens[0]
        drawn = new_table(client, seed=None)  # the server draws one
        for made, answer in ((following, again.text), (drawn, str(drawn))):
            table = client.app.state.tables.tables[made["table"]]
            assert not table.match.is_over and table.game.seed > 2**40  # drawn, over 63 bits
            assert [view["known_seed"] for view in _views(client, made)] == [None] * 3  # play again: not chosen
            secret = str(table.game.seed)
            told = [answer, *_told(client, made)]
            assert not [text for text in told if secret in text], f"the seed {secret} was told while the match goes on"
        # A save of a 63-bit seed replays (a replay's views carry no seed either).
        save = (state_dir / f"{drawn['table']}.json").read_text(encoding="utf-8")
        replay = client.post("/api/replays", json={"text": save})
        assert replay.status_code == 201, replay.text
        first = client.get(f"/api/replays/{replay.json()['replay']}/step/0")
        dealt = client.app.state.tables.tables[drawn["table"]].match.events_of("deal")
        assert first.json()["hands"] == [[list(t) for t in hand] for hand in next(iter(dealt))["hands"]]
        assert secret not in first.text
        # An opened save's seed is known to whoever had the save: shown as such.
        opened = client.post("/api/tables/open", json={"text": save})
        assert opened.status_code == 201, opened.text
        seed = str(client.app.state.tables.tables[opened.json()["table"]].game.seed)
        assert [view["known_seed"] for view in _views(client, opened.json())] == [{"seed": seed, "how": "save"}] * 3
    with TestClient(create_app(state_dir, pace_ms=0)) as restarted:  # kept in each table's sidecar
        assert [view["known_seed"] for view in _views(restarted, chosen)] == [CHOSEN] * 3
        assert [view["known_seed"] for view in _views(restarted, following)] == [None] * 3
