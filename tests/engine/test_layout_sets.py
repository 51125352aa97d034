"""The set keys in layout games (docs/format.md, `set`): a duplicated set (`set.copies`), a listed
set with copies (`set.tiles`: a Chinese set), a set with tiles left out (`set.without`). A copy is a
tile of its own: dealt, held, laid and resampled as one, and played by its pips on either end."""

from __future__ import annotations

import random
from collections import Counter

from engine_helpers import house, legal, of_type, play, problems, scores_in

from interpreter.engine import Match, deal

# pagat, Jie Long: "There are two of each of the 11 'civil' tiles [...] and one each of the other
# 10 'military' tiles (there are no blanks)."
CHINESE = """
set:
  max_pip: null
  tiles:
    - {tile: 6-6, copies: 2}
    - {tile: 1-1, copies: 2}
    - {tile: 4-4, copies: 2}
    - {tile: 1-3, copies: 2}
    - {tile: 5-5, copies: 2}
    - {tile: 3-3, copies: 2}
    - {tile: 2-2, copies: 2}
    - {tile: 5-6, copies: 2}
    - {tile: 4-6, copies: 2}
    - {tile: 1-6, copies: 2}
    - {tile: 1-5, copies: 2}
    - {tile: 3-6}
    - {tile: 4-5}
    - {tile: 2-6}
    - {tile: 3-5}
    - {tile: 2-5}
    - {tile: 3-4}
    - {tile: 2-4}
    - {tile: 1-4}
    - {tile: 2-3}
    - {tile: 1-2}
"""


def _match(text: str, *hands: str, starter: int = 0) -> Match:
    return Match(house("extends: block\n" + text), players=len(hands), seed=0, deals=[deal(*hands, starter=starter)])


def test_a_duplicated_set_plays_both_copies_of_a_tile_by_their_pips_on_either_end() -> None:
    rules = house("extends: block\nset: {copies: 2}\n")
    assert rules.set_size == 56
    # Seat 1 holds both copies of [5|2]: each is listed once per end, not once per copy.
    m = _match("set: {copies: 2}\n", "5-5 1-1", "5-2 5-2")
    play(m, "lead 5-5")
    assert legal(m) == ["5-2 on arm 0", "5-2 on arm 1"]
    play(m, "5-2 on arm 0", "pass")
    assert legal(m) == ["2-5 on arm 0", "5-2 on arm 1"]  # the second copy, on either end
    events = play(m, "5-2 on arm 1")
    assert [e["reason"] for e in of_type(events, "round_end")] == ["domino"]
    assert scores_in(events) == [(1, 2, "domino")]


def test_a_chinese_set_deals_its_32_tiles_and_plays_a_listed_tile() -> None:
    rules = house("extends: block\n" + CHINESE)
    assert (rules.set_size, rules.max_pip) == (32, 6)
    assert Counter(rules.set_tiles())[(6, 6)] == 2 and (0, 0) not in rules.set_tiles()
    m = _match(CHINESE, "6-6 2-4", "6-6 3-6 1-1")
    play(m, "lead 6-6", "6-6 on arm 0")  # the second [6|6]
    assert legal(m) == ["pass"]
    play(m, "pass")
    assert legal(m) == ["6-3 on arm 0", "6-3 on arm 1"]
    events = play(m, "6-3 on arm 1", "pass", "pass")
    assert [e["reason"] for e in of_type(events, "round_end")] == ["blocked"]
    assert scores_in(events) == [(1, 6, "blocked")]


def test_a_tile_outside_a_listed_set_is_refused_in_a_scripted_deal() -> None:
    try:
        _match(CHINESE, "0-0 6-6", "6-6 4-5")
    except ValueError as error:
        assert "0-0" in str(error) or "(0, 0)" in str(error)
    else:
        raise AssertionError("a [0|0] was dealt from a Chinese set")


def test_a_set_without_some_tiles_plays_a_layout_game() -> None:
    rules = house("extends: block\nset: {without: is_double and high < 3}\nplayers: {max: 3}\n")
    assert rules.set_size == 25 and (0, 0) not in rules.set_tiles()
    m = Match(rules, players=2, seed=3)
    while not m.is_over:
        m.apply(m.legal_actions()[0])
    dealt = {tuple(e["action"]["tile"]) for e in m.events if e["type"] == "action" and e["action"]["kind"] == "play"}
    assert dealt and not dealt & {(0, 0), (1, 1), (2, 2)}


def test_a_resampled_hand_keeps_both_copies_of_a_duplicated_tile() -> None:
    rules = house("extends: block\nset: {copies: 2}\n")
    m = Match(rules, players=2, seed=5)
    play_on = random.Random(1)
    for _ in range(3):
        m.apply(m.legal_actions()[int(play_on.random() * len(m.legal_actions()))])
    seat = m.current_player
    assert seat is not None

    def places(x: Match) -> Counter[tuple[int, int]]:
        tiles = [t for s in range(x.players) for t in x.hand(s)]
        return Counter(tiles + list(x.boneyard) + list(x.dead) + list(x.layout.tiles))

    for n in range(4):
        sample = m.resample(seat, random.Random(n))
        assert places(sample) == places(m) and set(places(sample).values()) == {2}
        assert sorted(sample.hand(seat)) == sorted(m.hand(seat))
        assert [len(sample.hand(s)) for s in range(2)] == [len(m.hand(s)) for s in range(2)]


def test_the_set_keys_and_a_hub_without_an_engine_are_checked_where_they_are_written() -> None:
    assert problems("extends: block\nset: {copeis: 2}\n") == ["3:7: set: unknown key 'copeis'; did you mean 'copies'?"]
    assert problems("extends: block\nset: {copies: 9}\n") == ["3:15: set.copies: 9 is more than the maximum, 8"]
    (said,) = problems("extends: block\nset: {without: is_double and high == 6}\nplayers: {max: 3}\n")
    assert said.startswith("3:7: start.first_round[0].holder: [6|6] is not in the set")
    assert problems("extends: mexican-train\nlayout: {engine: none}\n") == [
        "3:18: layout.engine: a hub without an engine starts every train from its owner's double: needs "
        "personal_trains with train_start: own_double"
    ]
