"""The start page's list of games (GET /api/variants): the most played first, then the rest grouped
by family, each plain game followed by its house variants, every bundled game once with its how-to-play."""

from __future__ import annotations

import yaml

from interpreter.frontends.web.catalogue import FEATURED, GROUPS
from interpreter.resources import bundled_variants


def _own(name: str) -> dict:
    """The bundled file's own keys, as written (every one writes its how_to_play)."""
    return yaml.safe_load(bundled_variants()[name].read_text(encoding="utf-8"))


def test_every_featured_game_is_a_bundled_plain_game() -> None:
    assert FEATURED == ("texas-42", "mexican-train", "draw", "chicken-foot")
    for name in FEATURED:
        assert name in bundled_variants()


def test_every_bundled_game_is_listed_once_with_its_how_to_play(client) -> None:
    listed = client.get("/api/variants").json()
    assert sorted(v["name"] for v in listed) == sorted(bundled_variants())
    for v in listed:
        assert v["how_to_play"] == _own(v["name"])["how_to_play"]
        assert v["group"] in GROUPS


def test_the_featured_games_come_first_each_before_its_house_variants(client) -> None:
    listed = client.get("/api/variants").json()
    plain = [v["name"] for v in listed if v["base"] is None]
    assert tuple(plain[: len(FEATURED)]) == FEATURED
    first = [v for v in listed if v["group"] == GROUPS[0]]
    assert {v["base"] or v["name"] for v in first} == set(FEATURED)
    assert first[0]["name"] == "texas-42" and first[1]["base"] == "texas-42"


def test_groups_are_contiguous_in_their_order_and_a_variant_follows_its_base(client) -> None:
    listed = client.get("/api/variants").json()
    seen = [v["group"] for v in listed]
    runs = [g for i, g in enumerate(seen) if i == 0 or seen[i - 1] != g]
    assert runs == sorted(set(seen), key=GROUPS.index)  # each group once, in GROUPS' order
    names = [v["name"] for v in listed]
    for at, v in enumerate(listed):
        if v["base"] is not None:
            base = names.index(v["base"])
            assert base < at and all(w["base"] == v["base"] for w in listed[base + 1 : at]), v["name"]
            assert listed[base]["group"] == v["group"]
    bases = {v["name"]: v["base"] for v in listed}
    assert bases["mexican-train-15"] == "mexican-train" and bases["make-nine"] == "pai-gow"


def test_families_go_to_their_groups(client) -> None:
    group = {v["name"]: v["group"] for v in client.get("/api/variants").json()}
    assert group["texas-88"] == group["domino-loo"] == "Trick games"
    assert group["block"] == group["double-draw"] == "Block and draw games" and group["straight"] == "Fives and points"
    assert group["basic-trains"] == "Train games" and group["three-dozen"] == "Draw and discard"
    assert group["luzon"] == group["domino-patience"] == "Patience (one player)"
    assert group["pai-gow"] == "Pai Gow and partition games" and group["domino-cribbage"] == "Counting games"
