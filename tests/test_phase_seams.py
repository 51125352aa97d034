"""The seams per phase kind: the kinds a hand goes through are the rule file's (its default
sequence), every layer above the engine registers its part per kind in one table, and no consumer
tests the game's family instead."""

from __future__ import annotations

import pytest

from interpreter.engine import Match
from interpreter.rulefile import phase_kinds
from interpreter.rulefile.phase_kinds import PhaseParts, UnknownPhaseKind
from tests.rule_files import FILES, ruleset


@pytest.fixture(scope="module")
def sequences() -> dict[str, tuple[str, ...]]:
    """Per rule file of the corpus, the kinds of phase its matches go through (at its fewest players)."""
    out = {}
    for file in FILES:
        rules = ruleset(file)
        out[file] = Match(rules, rules.players.min, seed=1).phase_kinds
    return out


def test_the_kinds_a_match_goes_through_are_its_rule_files_default_sequence(sequences) -> None:
    for file, kinds in sequences.items():
        assert ruleset(file).phase_kinds == kinds, file
        assert phase_kinds.play_kind(kinds) in phase_kinds.PLAY_KINDS, file
    # The two families' default sequences, as they were before the kinds moved to the rule file.
    assert sequences["rules/draw"] == ("deal", "layout", "scoring")
    assert sequences["rules/texas-42"] == ("deal", "auction", "declaration", "tricks", "scoring")


def test_an_unregistered_kind_is_refused_at_the_lookup_naming_the_layer() -> None:
    parts = PhaseParts("the test layer", {phase_kinds.TRICKS: "a trick table"})
    assert parts.part("tricks") == "a trick table"
    with pytest.raises(UnknownPhaseKind, match=r"the test layer has no part registered for the phase kind 'melding'"):
        parts.part("melding")
    with pytest.raises(UnknownPhaseKind, match=r"'tricks'"):
        PhaseParts("the test layer", {}).part("tricks")
    with pytest.raises(UnknownPhaseKind, match=r"the test layer: trix is not a kind of phase"):
        PhaseParts("the test layer", {"trix": 1})
