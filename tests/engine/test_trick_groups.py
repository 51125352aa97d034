"""Tricks of tiles played together, laid face down when they do not beat (rules/tien-gow.yaml:
`set.tiles`, `tricks.combinations`, `tricks.face_down`, `tricks.led_suit: named`), on a scripted
deal with its exact outcome."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from interpreter.engine import Action, IllegalAction, Match, ScriptedDeal, deal
from interpreter.engine.tricks.determinize import TrickDeterminizer
from interpreter.loader import load_ruleset, load_ruleset_text

RULES = Path(__file__).resolve().parents[2] / "rules"

# Counter-clockwise from seat 0: seats 0, 3, 2, 1. Seat 0 holds the Heavens and the nines (a
# quartet) and the Gee Joon (2-4 and 1-2).
HANDS = deal(
    "6-6 6-6 3-6 4-5 1-2 2-4 1-5 1-6",
    "1-3 1-3 5-5 4-6 4-6 1-6 5-6 1-5",
    "4-4 4-4 2-5 3-4 3-3 3-3 5-6 2-3",
    "1-1 1-1 2-6 3-5 2-2 2-2 5-5 1-4",
    starter=0,
)


def run(match: Match, *moves: str) -> None:
    for move in moves:
        match.apply(Action.parse(move))


@pytest.fixture(scope="module")
def tien_gow():
    return load_ruleset("tien-gow")


def test_the_set_holds_two_of_each_civil_tile(tien_gow) -> None:
    match = Match(tien_gow, 4, deals=[HANDS])
    assert match.hand(0).count((6, 6)) == 2 and len(match.hand(0)) == 8
    legal = [str(a) for a in match.legal_actions()]
    # Single tiles, and the groups seat 0 holds: the Gee Joon, the mixed nines, a Heaven and two
    # nines, the quartet, a Heaven and a nine (either), two Heavens and a nine (either), the Heavens.
    assert [a for a in legal if a.count("-") > 1] == [
        "play 1-2 2-4", "play 3-6 4-5", "play 3-6 4-5 6-6", "play 3-6 4-5 6-6 6-6", "play 3-6 6-6",
        "play 3-6 6-6 6-6", "play 4-5 6-6", "play 4-5 6-6 6-6", "play 6-6 6-6",
    ]  # fmt: skip
    with pytest.raises(IllegalAction, match="1-5 1-6 is not a combination you may lead"):
        match.apply(Action.parse("play 1-5 1-6"))


def test_a_single_tile_beats_a_lower_one_of_its_suit_and_the_rest_go_face_down(tien_gow) -> None:
    match = Match(tien_gow, 4, deals=[HANDS])
    run(match, "play 1-6", "play 2-2", "play 3-3")  # Long Leg Seven; Board beats it; Long beats Board
    with pytest.raises(IllegalAction, match="play 1 tile: as many as were led"):
        match.apply(Action.parse("play 4-6 4-6"))
    run(match, "play 4-6")  # a Partition does not beat a Long: face down
    (trick,) = match.events_of("trick")
    assert trick["seat"] == 2 and trick["tiles"] == [[0, [1, 6]], [3, [2, 2]], [2, [3, 3]]]
    assert trick["face_down"] == [[1, 1]]
    public = [e for e in match.observation(0).history if e["type"] == "action"]
    assert public[-1] == {"type": "action", "seat": 1, "action": {"kind": "play"}}
    assert match.observation(1).tricks.discards == ((4, 6),) and match.observation(0).tricks.discards == ()


def test_a_quartet_led_takes_the_trick_and_sixteen_tiles(tien_gow) -> None:
    match = Match(tien_gow, 4, deals=[HANDS])
    run(match, "play 6-6 6-6 3-6 4-5")
    # Seat 3's Earths and eights are a quartet too, but a lower one: they go face down.
    run(match, "play 1-1 1-1 2-6 3-5", "play 4-4 4-4 2-5 3-4", "play 1-3 1-3 4-6 4-6")
    (trick,) = match.events_of("trick")
    assert trick["seat"] == 0 and len(trick["tiles"]) == 4
    assert trick["face_down"] == [[3, 4], [2, 4], [1, 4]]
    assert match.trick_view.captured == (16, 0, 0, 0) and match.current_player == 0


def test_a_pair_beats_a_lower_pair_of_its_kind_only(tien_gow) -> None:
    hands = HANDS.hands
    geese = ScriptedDeal((hands[1], hands[0], hands[2], hands[3]), starter=0)
    match = Match(tien_gow, 4, deals=[geese])
    run(match, "play 1-3 1-3")  # a pair of Geese (civil, 8)
    run(match, "play 1-1 1-1")  # Earths (10) beat it
    run(match, "play 4-4 2-5")  # a Man and a seven: a mixed pair, another kind: face down
    view = match.trick_view
    assert view.plays == ((0, ((1, 3), (1, 3)), 0), (3, ((1, 1), (1, 1)), 0), (2, (), 2))
    run(match, "play 6-6 6-6")  # Heavens (11) beat the Earths
    (trick,) = match.events_of("trick")
    assert (trick["seat"], trick["face_down"]) == (1, [[2, 2]])
    assert match.trick_view.captured == (0, 8, 0, 0)


def test_a_hand_pays_what_the_columns_say_and_adds_up_to_nothing(tien_gow) -> None:
    match = Match(tien_gow, 4, deals=[HANDS], seed=3)
    rng = random.Random(2)
    while match.round == 1:
        match.apply(rng.choice(match.legal_actions()))
    (end,) = match.events_of("round_end")
    tricks = match.events_of("trick")
    last = tricks[-1]["seat"]
    captured = [0, 0, 0, 0]
    won = [0, 0, 0, 0]
    for trick in tricks:
        size = len(trick["tiles"]) + sum(n for _, n in trick.get("face_down", []))
        captured[trick["seat"]] += size
        won[trick["seat"]] += 1
    # The banker (the starter, seat 0) pays and is paid double; this hand has no trick-time payments.
    expected = [
        (c // 4 - 4 if w else -5) * (2 if 0 in (seat, last) else 1)
        for seat, (c, w) in enumerate(zip(captured, won, strict=True))
    ]
    expected[last] = -sum(e for seat, e in enumerate(expected) if seat != last)
    assert not [e for e in match.events_of("score") if e["reason"] == "trick"]
    assert end["scores"] == expected and sum(end["scores"]) == 0


def test_a_determinization_keeps_the_face_down_tiles_hidden(tien_gow) -> None:
    match = Match(tien_gow, 4, deals=[HANDS])
    run(match, "play 1-6", "play 2-2", "play 3-3", "play 4-6")
    run(match, "play 3-3")  # seat 2 leads again
    sampler = TrickDeterminizer(tien_gow.for_players(4), match.observation(0))
    rng = random.Random(1)
    for _ in range(20):
        sample = sampler.sample(rng)
        assert sample.hand(0) == match.hand(0)
        assert [len(sample.hand(s)) for s in range(4)] == [7, 7, 6, 7]
        sample.apply(sample.legal_actions()[0])  # it plays on from the sample


def test_a_tile_of_another_suit_never_beats_the_tile_led_whatever_the_ranks() -> None:
    """Ranks below -2 (the documented range is -1,000,000 .. 1,000,000): the same game with every
    tile's rank 20 lower. A tile off the suit led once ranked -2 there, above such a led tile."""
    text = (RULES / "tien-gow.yaml").read_text(encoding="utf-8")
    lower = re.sub(r"(suit: \w+, rank: )(\d+)", lambda m: f"{m[1]}{int(m[2]) - 20}", text)
    assert lower != text
    match = Match(load_ruleset_text(lower, "tien-gow.yaml", RULES), 4, deals=[HANDS])
    run(match, "play 1-6", "play 2-6", "play 2-5", "play 1-3")  # a civil tile led; military, military, civil
    (trick,) = match.events_of("trick")
    assert trick["seat"] == 1  # Goose (8 - 20) beats Long Leg Seven (2 - 20); the military tiles go face down
    assert trick["face_down"] == [[3, 1], [2, 1]]
