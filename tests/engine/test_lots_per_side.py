"""Lots (docs/format.md, start criteria): `lots_per_side`, where the first seat of each side draws
and the side with the higher tile chooses its leader (its first seat leads, or passes and its
partner must); `lots_lowest`, where the lowest tile wins."""

from __future__ import annotations

from itertools import pairwise

from engine_helpers import legal, of_type, play, rules

from interpreter.engine import Match, deal

HANDS = (  # nobody holds five doubles: nobody may claim a redeal
    "0-0 0-1 0-2 0-3 0-4 0-5 0-6 0-7 0-8 0-9",
    "1-1 1-2 1-3 1-4 1-5 1-6 1-7 1-8 1-9 2-3",
    "2-2 2-4 2-5 2-6 2-7 2-8 2-9 3-4 3-5 3-6",
    "3-3 3-7 3-8 3-9 4-5 4-6 4-7 4-8 4-9 5-6",
)


def _won_by(side: int) -> Match:
    """A cuban match whose lots side `side` won (the first seed that gives it)."""
    for seed in range(40):
        m = Match(rules("cuban"), players=4, seed=seed, deals=[deal(*HANDS, starter=None)])
        if m.current_player == side:
            return m
    raise AssertionError(f"no seed gives side {side} the lots")


def test_one_lot_a_side_and_the_winning_side_chooses_its_leader() -> None:
    m = _won_by(1)
    record = of_type(m.events, "deal")[0]
    assert record["how"] == "lots_per_side"
    # Only seats 0 and 1 drew, once each or again on a tie; seat 1 drew the higher tile last.
    assert all(sorted(seat for seat, _ in draw) == [0, 1] for draw in record["lots"])
    (_, mine), (_, theirs) = sorted(record["lots"][-1], key=lambda d: d[0] == 1)
    assert sum(theirs) > sum(mine)
    assert "pass" in legal(m) and len(legal(m)) == 11  # any of his ten tiles, or pass the lead on
    play(m, "pass")
    # Seat 3, his partner (counter-clockwise: 1, 0, 3), must lead: any tile, no pass.
    assert m.current_player == 3 and "pass" not in legal(m) and len(legal(m)) == 10


def test_lots_lowest_gives_the_first_lead_to_the_lowest_lot() -> None:
    m = Match(rules("domino-pool"), players=3, seed=2)
    record = of_type(m.events, "deal")[0]
    assert record["how"] == "lots_lowest"
    totals = [[(seat, sum(tile)) for seat, tile in draw] for draw in record["lots"]]
    for draw, after in pairwise(totals):  # each draw again is of those tied lowest
        low = min(total for _, total in draw)
        assert sorted(seat for seat, _ in after) == sorted(seat for seat, total in draw if total == low)
    low = min(total for _, total in totals[-1])
    assert [seat for seat, total in totals[-1] if total == low] == [m.current_player]
