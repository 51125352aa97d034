"""The loader's checks of a patience by totals (family: tableau), each at the key it is about."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.rulefile.loader import RuleFileError, load_ruleset_text

GAMES = Path(__file__).resolve().parents[1] / "rules"


def problems(text: str) -> list[str]:
    with pytest.raises(RuleFileError) as error:
        load_ruleset_text("name: house\n" + text, "house.yaml", GAMES)
    return [f"{d.line}:{d.column}: {d.message}" for d in error.value.diagnostics]


def test_a_patience_is_one_players() -> None:
    assert problems("extends: luzon.yaml\nplayers: {min: 1, max: 2}\n") == [
        "3:24: players.max: a patience is one player's: players.min and players.max must be 1"
    ]


def test_the_tableau_deals_the_whole_set_unless_the_rest_is_a_stock() -> None:
    assert problems("extends: luzon.yaml\ntableau: {spares: 2}\n") == [
        "3:10: tableau: 5 × 5 + 2 = 27 tiles dealt, and the set has 28: 1 tiles would lie nowhere "
        "(tableau.stock: refill makes them a stock)"
    ]
    too_many = problems("extends: luzon.yaml\ntableau: {depth: 6}\n")
    assert too_many == ["3:10: tableau: 5 × 6 + 3 = 33 tiles dealt, and the set has 28"]


def test_a_total_no_tiles_of_the_set_make_is_refused() -> None:
    assert problems("extends: luzon.yaml\ntableau: {remove: {total: 30}}\n") == [
        "3:27: tableau.remove.total: no 2 tiles of the set make 30 together (a tile counts 0 to 12)"
    ]


def test_a_misspelt_option_word_is_refused_with_the_word_meant() -> None:
    (found,) = problems("extends: luzon.yaml\ntableau: {face: top_upp}\n")
    assert found.startswith("3:17:") and "top_up" in found


def test_each_familys_sections_stay_in_its_files() -> None:
    assert problems("extends: luzon.yaml\ndeal: {hand_size: 5}\n") == [
        "3:1: deal: is not a patience's (family: tableau): the tableau section deals the tiles"
    ]
    assert problems("extends: luzon.yaml\nmatch: {target: 100}\n") == [
        "3:9: match.target: a patience is one deal, won as match.win_requires says"
    ]
    found = problems("extends: draw\ntableau: {columns: 5, depth: 5}\n")
    assert found == ["3:1: tableau: belongs to patience games (family: tableau)"]


def test_a_refill_is_one_tile_deep_and_spares_together_needs_two_spares() -> None:
    refill = problems("extends: polka-dot.yaml\ntableau: {depth: 2, columns: 3}\n")
    line = (GAMES / "polka-dot.yaml").read_text().splitlines().index("  stock: refill") + 1
    assert refill == [
        "3:21: tableau.stock: refill fills emptied columns one tile deep: it needs tableau.depth: 1 "
        f"(tableau.stock is set in polka-dot.yaml:{line}:10)"
    ]
    spares = problems("extends: solitario.yaml\ntableau: {spares_together: true}\n")
    assert spares == ["3:28: tableau.spares_together: needs two spares or more, and there are 0"]


def test_explain_says_the_removal_in_a_rulebooks_words_and_the_total_follows_the_set() -> None:
    from interpreter.rulefile.explain import differences, explain
    from interpreter.rulefile.loader import load_ruleset

    luzon = " ".join(explain(load_ruleset(GAMES / "luzon.yaml")).split())
    assert "dealt into 5 columns of 5, face up; the next 3 are set aside face up as spares." in luzon
    assert "remove two tiles whose pips make 12 together: each must be the last tile of a column or a spare" in luzon
    assert "A spare may be used at any time, but with no other spare." in luzon
    bigger = load_ruleset_text("name: house\nextends: polka-dot.yaml\nset: {max_pip: 9}\n", "house.yaml", GAMES)
    assert "remove two tiles whose pips make 18 together" in " ".join(explain(bigger).split())
    assert differences(bigger, load_ruleset(GAMES / "polka-dot.yaml")) == [
        "The set changes from double-6 to double-9.",
        "What a removal's pips make changes from 12 to 18.",
    ]
