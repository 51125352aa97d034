"""The table's tags and the places' words say the same (issue 31, a board that uses the screen):
each shared train carries its name in the view, as the moves' `where` says it ("the Mexican
train"; "shared train 2" where there are several), so that the page's tag on the table, the lit
place's label and the places' buttons read alike. The name is the rules' words, public: a seat
and the spectator read the same."""

from __future__ import annotations

from tests.web.test_friends import new_table, url, watch

EIGHT = [{"kind": "human"}] + [{"kind": "computer", "strength": "greedy"}] * 7


def test_the_shared_train_carries_the_name_its_places_are_said_by(client):
    table = new_table(client, variant="mexican-train", players=8, seats=EIGHT, seed=3, settings={"match.rounds": "1"})
    seat, spectator = client.get(url(table, "state")).json(), client.get(watch(table)).json()
    arms = seat["layout"]["arms"]
    shared = [arm for arm in arms if arm["kind"] == "train" and arm["owner"] is None and arm["spinner"] is None]
    assert [arm["name"] for arm in shared] == ["the Mexican train"]
    assert all(arm["name"] is None for arm in arms if arm not in shared)  # an owner's train: its owner names it
    assert [arm["name"] for arm in spectator["layout"]["arms"]] == [arm["name"] for arm in arms]
    plays = [move for move in seat["legal"] if move["kind"] == "play" and move["arm"] is not None]
    places = {move["arm"]: move["where"] for move in plays}
    for arm in shared:
        assert places.get(arm["id"], arm["name"]) == arm["name"]


def test_several_shared_trains_are_told_apart_by_number(client):
    table = new_table(client, variant="train-dominoes", players=4, seats=EIGHT[:4], seed=3,
                      settings={"match.rounds": "1", "layout.shared_trains": "2"})  # fmt: skip
    arms = client.get(url(table, "state")).json()["layout"]["arms"]
    names = [arm["name"] for arm in arms if arm["kind"] == "train" and arm["owner"] is None and arm["spinner"] is None]
    assert names == ["shared train 1", "shared train 2"]
