"""The tableau family (a patience by totals), on scripted deals: what may be removed, what frees a
tile, the spares, moves into an empty column, the stock's refill, a face-down tile turned up, and
how the deal ends (docs/format.md, "Patience by totals")."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.engine import IllegalAction, Match, deal
from interpreter.rulefile.loader import load_ruleset, load_ruleset_text
from interpreter.rulefile.ruleset import Ruleset
from tests.engine.engine_helpers import legal, of_type, play

GAMES = Path(__file__).resolve().parents[2] / "rules"

# Luzon: 5 columns of 5 (column 1 top to bottom first), then the 3 spares.
WINNABLE = (
    "0-3 2-3 1-4 2-6 0-5  0-0 1-1 3-6 3-4 3-3  4-5 5-5 0-4 0-2 4-4  0-6 1-5 3-5 1-3 5-6  2-4 2-5 1-2 0-1 2-2"
    "  4-6 1-6 6-6"
)


def luzon(order: str, text: str = "") -> Match:
    rules = load_ruleset(GAMES / "luzon.yaml") if not text else house(text)
    return Match(rules, 1, deals=[deal("", boneyard=order)])


def house(text: str) -> Ruleset:
    return load_ruleset_text("name: house\n" + text, "house.yaml", GAMES)


def solve(match: Match) -> list[str] | None:
    """A line of actions that clears a tableau dealt face up (depth first, each position once), or None."""
    seen: set[str] = set()

    def search(position: Match) -> list[str] | None:
        if position.is_over:
            return [] if position.winners else None
        key = str(position.observation(0).tableau)
        if key in seen:
            return None
        seen.add(key)
        for action in position.legal_actions():
            after = position.clone()
            after.apply(action)
            rest = search(after)
            if rest is not None:
                return [str(action), *rest]
        return None

    return search(match)


def test_a_removal_takes_free_tiles_of_the_columns_or_a_spare_making_the_total() -> None:
    match = luzon(WINNABLE)
    # Free: 0-5, 3-3, 4-4, 5-6, 2-2 and the spares 4-6, 1-6, 6-6. 5 + 7 (a spare) and 8 + 4 make 12.
    assert legal(match) == ["remove 0-5 1-6", "remove 2-2 4-4"]


def test_never_two_tiles_of_one_column_and_a_covered_tile_is_refused_with_the_tile_on_it() -> None:
    # Column 3 ends 0-2 4-4 0-4: 4-4 lies under 0-4, and 0-4 with 4-4 would make 12.
    match = luzon(WINNABLE.replace("0-4 0-2 4-4", "0-2 4-4 0-4"))
    assert legal(match) == ["remove 0-5 1-6"]
    with pytest.raises(IllegalAction, match="4-4 is not free: 0-4 lies on it"):
        play(match, "remove 0-4 4-4")


def test_spares_go_with_a_column_tile_only_unless_the_file_lets_them_go_together() -> None:
    # Spares 5-5 and 0-2 make 12 together; no free column tile makes 12 with anything.
    order = (
        "0-0 0-1 0-3 0-4 0-5  0-6 1-1 1-2 1-3 1-4  1-5 1-6 2-2 2-3 2-4  "
        "2-5 2-6 3-3 3-4 3-5  3-6 4-4 4-5 4-6 5-6  5-5 0-2 6-6"
    )
    assert legal(luzon(order)) == []
    together = luzon(order, "extends: luzon.yaml\ntableau: {spares_together: true}\n")
    assert legal(together) == ["remove 0-2 5-5"]


def test_a_removal_frees_the_tile_under_each_tile_taken() -> None:
    match = luzon(WINNABLE)
    play(match, "remove 2-2 4-4")
    view = match.observation(0).tableau
    assert [column[-1] for column in view.columns] == [(0, 5), (3, 3), (0, 2), (5, 6), (0, 1)]
    assert view.removed == ((2, 2), (4, 4))


def test_the_solvers_line_clears_the_tableau_and_wins() -> None:
    match = luzon(WINNABLE)
    line = solve(match)
    assert line is not None
    events = play(match, *line)
    assert match.is_over and match.winners == (0,) and match.returns() == (1.0,)
    end = of_type(events, "round_end")[0]
    assert (end["reason"], end["cleared"], end["left"]) == ("cleared", True, [])
    assert match.scores == (28,)


def test_a_deal_no_line_clears_is_lost_once_nothing_is_legal() -> None:
    order = (
        "0-4 4-6 2-2 0-2 1-4  1-3 6-6 5-5 1-6 2-6  5-6 0-6 2-4 3-3 3-6  "
        "0-3 0-5 0-1 1-1 2-3  0-0 2-5 3-5 4-4 1-5  4-5 1-2 3-4"
    )
    match = luzon(order)
    assert solve(match) is None
    while not match.is_over:
        match.apply(match.legal_actions()[0])
    assert match.winners == () and match.returns() == (0.0,)
    end = match.events_of("round_end")[0]
    assert end["reason"] == "stuck" and not end["cleared"] and end["left"]
    assert match.scores == (28 - len(end["left"]),)


# A small tableau: double-2, 3 columns of 2, pairs making 4, an emptied column filled by a move.
SMALL = "extends: luzon.yaml\nset: {max_pip: 2}\ntableau: {columns: 3, depth: 2, spares: 0, remove: {total: 4}}\n"


def test_a_free_tile_of_a_longer_column_may_fill_an_empty_column_never_a_columns_only_tile() -> None:
    match = luzon("0-1 2-2  1-2 0-0  0-2 1-1", SMALL)
    assert legal(match) == ["remove 0-0 2-2"]
    play(match, "remove 0-0 2-2", "remove 0-1 1-2")  # columns 1 and 2 are empty; 0-2 1-1 is column 3
    assert legal(match) == ["move 1-1 to 1", "move 1-1 to 2"]
    play(match, "move 1-1 to 1")
    assert legal(match) == ["remove 0-2 1-1"]  # 1-1 is now column 1's only tile: it moves no more
    play(match, "remove 0-2 1-1")
    assert match.winners == (0,)


def test_no_move_is_offered_where_the_file_keeps_empty_columns_empty() -> None:
    match = luzon("0-1 2-2  1-2 0-0  0-2 1-1", SMALL.replace("total: 4}", "total: 4}, empty_column: none"))
    play(match, "remove 0-0 2-2", "remove 0-1 1-2")
    assert match.is_over and match.winners == ()
    with pytest.raises(IllegalAction, match="the match is over"):
        play(match, "move 1-1 to 1")


UNSEEN = r"1-3 is not free: it is not in sight \(face down, or still in the stock\)"


def polka(line: str, stock: str = "") -> Match:
    return Match(load_ruleset(GAMES / "polka-dot.yaml"), 1, deals=[deal("", boneyard=f"{line} {stock}")])


def test_a_line_is_refilled_from_the_stock_in_the_order_its_places_were_dealt() -> None:
    match = polka("6-6 0-0 1-2 3-4 2-5 4-4", "2-3 4-5")
    assert legal(match) == ["remove 0-0 6-6"]
    with pytest.raises(IllegalAction, match=UNSEEN):
        play(match, "remove 1-3 5-6")  # the refusal says nothing of where an unseen tile lies
    events = play(match, "remove 0-0 6-6")
    assert [(e["column"], e["tile"]) for e in of_type(events, "refilled")] == [(1, [2, 3]), (2, [4, 5])]
    view = match.observation(0).tableau
    assert [column[-1] for column in view.columns] == [(2, 3), (4, 5), (1, 2), (3, 4), (2, 5), (4, 4)]
    assert legal(match) == ["remove 2-3 3-4", "remove 2-3 2-5", "remove 1-2 4-5"]
    assert view.stock == 28 - 8


def test_a_deal_with_nothing_to_remove_is_lost_before_any_action() -> None:
    match = polka("0-1 0-2 0-3 1-1 1-2 0-0")
    assert match.is_over and match.winners == () and match.legal_actions() == []
    end = match.events_of("round_end")[0]
    assert end["reason"] == "stuck" and len(end["left"]) == 28


def test_a_larger_set_doubles_its_highest_double_for_the_total() -> None:
    rules = house("extends: polka-dot.yaml\nset: {max_pip: 9}\n")
    assert rules.tableau is not None and rules.tableau.total == 18


# Solitario dealt as the Fair Lucy app does: only each column's free tile face up. 7 columns of 4.
FACE_DOWN = "extends: solitario.yaml\ntableau: {face: top_up}\n"
SOLITARIO = (
    "1-1 1-2 1-3 6-6  0-3 0-4 0-5 0-0  0-6 0-2 0-1 1-4  "
    "1-5 1-6 2-2 2-3  2-4 2-5 2-6 3-3  3-4 3-5 3-6 4-4  4-5 4-6 5-5 5-6"
)


def test_face_down_tiles_are_hidden_and_turned_up_once_freed() -> None:
    match = luzon(SOLITARIO, FACE_DOWN)
    seen = match.observation(0)
    assert seen.tableau.columns[0] == (None, None, None, (6, 6))
    assert [t for column in seen.tableau.columns for t in column if t is not None] == [
        (6, 6), (0, 0), (1, 4), (2, 3), (3, 3), (4, 4), (5, 6)
    ]  # fmt: skip
    assert "[1, 1]" not in str(list(seen.history))  # the deal's public form names no face-down tile
    assert legal(match) == ["remove 0-0 6-6"]
    with pytest.raises(IllegalAction, match=UNSEEN):
        play(match, "remove 1-3 5-6")  # the refusal says nothing of where an unseen tile lies
    events = play(match, "remove 0-0 6-6")
    assert [(e["column"], e["tile"]) for e in of_type(events, "turned")] == [(1, [1, 3]), (2, [0, 5])]
    assert match.observation(0).tableau.columns[:2] == ((None, None, (1, 3)), (None, None, (0, 5)))


def test_a_resample_deals_the_unseen_tiles_again_among_the_face_down_places_only() -> None:
    import random

    match = luzon(SOLITARIO, FACE_DOWN)
    play(match, "remove 0-0 6-6")
    view = match.observation(0).tableau
    rng = random.Random(7)
    hidden = set()
    for _ in range(30):
        sample = match.resample(0, rng)
        shown = sample.observation(0).tableau
        assert shown == view  # what the player sees is kept: face-up tiles, removed tiles, sizes
        truth = sample._table.columns  # type: ignore[attr-defined]  # the sample's own deal
        assert sorted(t for column in truth for t in column) == sorted(
            t for t in sample.ruleset.set_tiles() if t not in ((0, 0), (6, 6))
        )
        hidden.add(truth[0][0])
    assert len(hidden) > 5  # the top of column 1 is dealt again, not read from the match
