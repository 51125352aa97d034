"""Lots drawn for who starts (`start` criteria `lots`, `lots_lowest`, `{lots: FORMULA}`), in both
families: each contender draws a tile from a freshly shuffled full set, the highest rank (the pip
total, or the formula) starts, and tied contenders draw again. The deal's record keeps every draw."""

from __future__ import annotations

import itertools

from engine_helpers import house

from interpreter.engine import Match

DOUBLES_FIRST = "if is_double then 100 + high else pips"  # matador: the highest double drawn wins


def _rank(tile: list[int], formula: str | None) -> int:
    low, high = sorted(tile)
    if formula is None:
        return low + high
    return 100 + high if low == high else low + high


def _drawn(match: Match, formula: str | None = None) -> tuple[int, list[list[tuple[int, int]]]]:
    """The first deal's starter, and each draw of lots as (seat, rank)."""
    (deal,) = [e for e in match.events if e["type"] == "deal"][:1]
    assert deal["how"] == "lots"
    return deal["starter"], [[(seat, _rank(tile, formula)) for seat, tile in draw] for draw in deal["lots"]]


def _check(starter: int, draws: list[list[tuple[int, int]]], players: int) -> None:
    assert sorted(seat for seat, _ in draws[0]) == list(range(players))  # everyone draws first
    for draw, after in itertools.pairwise(draws):  # a tie on top draws again, those seats only
        best = max(rank for _, rank in draw)
        assert sorted(seat for seat, _ in after) == sorted(seat for seat, rank in draw if rank == best)
    best = max(rank for _, rank in draws[-1])
    assert [seat for seat, rank in draws[-1] if rank == best] == [starter]


def test_a_trick_game_draws_lots_for_its_first_starter() -> None:
    rules = house("extends: black-tile\nstart: {first_round: [lots], later_rounds: [next_seat]}\n")
    ties = 0
    for seed in range(6):
        starter, draws = _drawn(Match(rules, 4, seed=seed))
        _check(starter, draws, 4)
        ties += len(draws) > 1
    assert ties  # some seed drew again


def test_lots_ranked_by_a_formula_put_the_highest_double_first() -> None:
    rules = house(f"extends: matador\nstart: {{first_round: [{{lots: '{DOUBLES_FIRST}'}}], later_rounds: [lots]}}\n")
    decided_by_a_double = 0
    for seed in range(8):
        match = Match(rules, 2, seed=seed)
        starter, draws = _drawn(match, DOUBLES_FIRST)
        _check(starter, draws, 2)
        _, by_pips = _drawn(match)
        decided_by_a_double += max(by_pips[-1], key=lambda drawn: drawn[1])[0] != starter
    assert decided_by_a_double  # in some seed a double beat a tile of more pips
