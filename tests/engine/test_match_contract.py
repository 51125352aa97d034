"""The match's contract (docs/engine.md "The match's contract"): `Match` declares the members every
family implements, every match comes from the one factory, and the event log lives in the base."""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest
from engine_helpers import rules

from interpreter.engine import Match
from interpreter.engine.match import _FAMILIES, _RESAMPLERS, match_class, new_match
from interpreter.loader import load_ruleset
from interpreter.resources import bundled_variants
from interpreter.rulefile.ruleset import Family

# Every member a player or front end calls on a match of either family, that the family implements.
DECLARED = {
    "legal_actions", "apply", "clone", "observation", "current_player", "round", "hand", "boneyard", "dead",
    "layout", "playout", "phase_kind", "phase_kinds", "pool",
}  # fmt: skip
# What the base keeps for every family.
SHARED = {
    "ruleset", "players", "sides", "side_of", "is_over", "winners", "scores", "returns", "finished_layout",
    "events", "events_of", "resample",
}  # fmt: skip


def test_the_base_declares_the_contract_and_keeps_the_rest() -> None:
    assert Match.__abstractmethods__ == DECLARED
    for name in DECLARED | SHARED:
        assert (inspect.getdoc(getattr(Match, name)) or "").strip(), f"Match.{name} says nothing of its contract"


def test_every_family_implements_every_declared_member_and_resamples() -> None:
    assert set(_FAMILIES) == set(Family) == set(_RESAMPLERS)
    for cls in _FAMILIES.values():
        assert issubclass(cls, Match) and not inspect.isabstract(cls), cls.__name__
        for name in DECLARED:
            assert getattr(cls, name) is not getattr(Match, name), f"{cls.__name__} lacks {name}"


@pytest.mark.parametrize("missing", sorted(DECLARED))
def test_a_family_missing_a_member_cannot_be_instantiated(missing: str) -> None:
    members: dict[str, Any] = {name: getattr(_FAMILIES[Family.LAYOUT], name) for name in DECLARED - {missing}}
    partial = type("Partial", (Match,), members)
    with pytest.raises(TypeError, match=missing):
        partial(rules("block"), 2)


def test_every_bundled_rule_file_gives_its_family_through_the_one_factory() -> None:
    for name, path in sorted(bundled_variants().items()):
        ruleset = load_ruleset(path)
        players = ruleset.players.min
        m = Match(ruleset, players, seed=3)
        assert type(m) is match_class(ruleset) is _FAMILIES[ruleset.family], name
        assert type(new_match(ruleset, players, seed=3)) is type(m), name
        # A patience dealt with nothing to remove is lost before any move (no seat to play then).
        lost_at_once = m.is_over and not m.winners and ruleset.tableau is not None
        assert lost_at_once or (m.current_player is not None and m.legal_actions()), name


def test_the_factory_takes_its_table_of_families_and_refuses_what_is_not_a_ruleset() -> None:
    class Other(_FAMILIES[Family.LAYOUT]):  # type: ignore[misc,valid-type]
        pass

    assert type(new_match(rules("block"), 2, families={Family.LAYOUT: Other})) is Other
    with pytest.raises(TypeError, match="from a Ruleset, not str"):
        Match("block", 2)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["draw", "texas-42"])
def test_the_event_log_lives_in_the_base_the_same_in_every_family(name: str) -> None:
    m = Match(rules(name), 4 if name == "texas-42" else 2, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        m.apply(m.legal_actions()[int(rng.random() * len(m.legal_actions()))])
    # Before `events` is read, events_of builds only the records of its type; after, it reads the list.
    kinds = ("match", "deal", "action", "draw", "contract", "trick", "score")
    before = {kind: m.events_of(kind) for kind in kinds}
    copy = m.clone()
    log = m.events
    assert {kind: m.events_of(kind) for kind in kinds} == before
    assert before == {kind: [e for e in log if e["type"] == kind] for kind in kinds}
    assert before["action"] and before["deal"]
    # The list is live, and a clone's log is its own: equal so far, apart from then on.
    size = len(log)
    applied = m.apply(m.legal_actions()[0])
    assert len(m.events) == len(log) == size + len(applied) and log[size:] == list(applied)
    assert copy.events == log[:size]
    # An observation's history is the public log: no seed in the header, no hidden hand.
    history = m.observation(0).history
    assert len(history) == len(log) and "seed" not in history[0] and "seed" in log[0]


@pytest.mark.parametrize("name", ["draw", "texas-42"])
def test_resample_keeps_what_the_seat_knows(name: str) -> None:
    m = Match(rules(name), 4 if name == "texas-42" else 2, seed=8)
    rng = random.Random(8)
    for _ in range(6):
        m.apply(m.legal_actions()[int(rng.random() * len(m.legal_actions()))])
    seat = m.current_player
    assert seat is not None
    sample = m.resample(seat, random.Random(1))
    assert type(sample) is type(m)
    assert sample.hand(seat) == m.hand(seat) and sample.current_player == seat
    assert sample.legal_actions() == m.legal_actions() and sample.scores == m.scores and sample.round == m.round
    assert [len(sample.hand(s)) for s in range(m.players)] == [len(m.hand(s)) for s in range(m.players)]
    assert sorted(sample.layout.tiles) == sorted(m.layout.tiles)


def test_every_phase_kind_a_match_names_is_a_known_kind_and_the_current_one_is_in_its_sequence() -> None:
    from interpreter.engine import phases

    for name, path in sorted(bundled_variants().items()):
        ruleset = load_ruleset(path)
        m = Match(ruleset, ruleset.players.min, seed=5)
        rng = random.Random(5)
        assert set(m.phase_kinds) <= set(phases.KINDS), name
        for _ in range(40):
            if m.is_over:
                break
            assert m.phase_kind in m.phase_kinds, (name, m.phase_kind)
            m.apply(rng.choice(m.legal_actions()))
