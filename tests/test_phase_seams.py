"""The seams per phase kind: the kinds a hand goes through are the rule file's (its default
sequence), every layer above the engine registers its part per kind in one table, and no consumer
tests the game's family instead."""

from __future__ import annotations

import re
from pathlib import Path

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


STATIC = Path(__file__).resolve().parents[1] / "interpreter" / "frontends" / "web" / "static"
# The kinds of phase a match stops in: the deal and the scoring take no decision.
NO_DECISION = {phase_kinds.DEAL, phase_kinds.SCORING}


def _script_keys(script: str, table: str) -> set[str]:
    """The keys of one of the page's registries (`const TABLE = {` … `};` in static/SCRIPT)."""
    text = (STATIC / script).read_text()
    registered = text[text.index(f"const {table} = {{") :]
    return set(re.findall(r"^  (\w+): ", registered[: registered.index("\n};\n")], re.MULTILINE))


def _layers() -> dict[str, tuple[PhaseParts | set[str], str]]:
    """Each layer's registry (a PhaseParts, or the page's table's keys), and what it is looked up by:
    the current phase's kind ("phase") or the board's, the play kind of the sequence ("board"); a
    trick table's own panels, by the phase kinds of a hand played to tricks ("trick phase")."""
    from interpreter.agents.encoding import ENCODED_BOARDS
    from interpreter.frontends.presentation.boards import BOARDS
    from interpreter.frontends.terminal.asked import ASKED
    from interpreter.frontends.terminal.boards import BOARDS as TERMINAL_BOARDS
    from interpreter.frontends.terminal.trick_table import PANELS
    from interpreter.frontends.web.views import WEB_BOARDS
    from interpreter.players.counter import COUNTER_BOARDS
    from interpreter.players.ismcts import SEARCH_BOARDS
    from interpreter.rulefile.explain import EXPLAINED

    return {
        "presentation": (BOARDS, "board"),
        "terminal board": (TERMINAL_BOARDS, "board"),
        "terminal prompt": (ASKED, "phase"),
        "terminal trick panels": (PANELS, "trick phase"),
        "web view": (WEB_BOARDS, "board"),
        "page's board": (_script_keys("boards.js", "BOARDS"), "board"),
        "page's words": (_script_keys("status.js", "ASKED"), "phase"),
        "searching player": (SEARCH_BOARDS, "board"),
        "counter player": (COUNTER_BOARDS, "board"),
        "agents": (ENCODED_BOARDS, "board"),
        "explain": (EXPLAINED, "board"),
    }


def test_every_kind_a_rule_files_match_goes_through_has_its_part_in_every_layer(sequences) -> None:
    missing = []
    for file, kinds in sequences.items():
        board = phase_kinds.play_kind(kinds)
        for layer, (parts, by) in _layers().items():
            if by == "board":
                needed = [board]
            elif by == "phase" or board == phase_kinds.TRICKS:
                needed = [kind for kind in kinds if kind not in NO_DECISION]
            else:
                needed = []
            missing += [f"{file}: {layer} has no part for {kind}" for kind in needed if kind not in parts]
    assert missing == []


# The family is the rule file's and the engine's business: a consumer above them asks its layer's
# registry by kind. The few places that may still name it, and why.
FAMILY_TEST = re.compile(r"Family\.|\.family\b|isTrickGame|is_trick_game|isinstance\([^)]*TrickMatch")
ALLOWED = {
    "interpreter/frontends/web/routes/variants.py": "reports the rule file's family to the start page (docs/web.md)",
    "interpreter/frontends/web/static/start.js": "reads that family (no match yet) to offer a hand size and a target",
    "interpreter/frontends/web/catalogue.py": "groups the start page's list of games by family (no match: a catalogue)",
}


def test_no_consumer_above_the_engine_tests_the_family() -> None:
    root = Path(__file__).resolve().parents[1] / "interpreter"
    found = []
    for folder in (root / "frontends", root / "players", root / "agents"):
        for path in sorted([*folder.rglob("*.py"), *folder.rglob("*.js")]):
            name = str(path.relative_to(root.parent))
            lines = path.read_text().splitlines()
            if name not in ALLOWED:
                found += [f"{name}: {line.strip()}" for line in lines if FAMILY_TEST.search(line)]
    assert found == []


def test_the_page_has_a_renderer_for_every_board_the_view_names() -> None:
    from interpreter.frontends.web.views import WEB_BOARDS

    assert _script_keys("boards.js", "BOARDS") == {board.renderer for board in WEB_BOARDS.parts.values()}


def test_a_board_no_layer_registered_is_refused_at_each_layers_lookup(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand whose tiles are played in a kind of phase no layer has a board for (the melding, as if
    it were a kind of play) is refused at the lookup, naming the layer; a hand with no kind of play
    at all, by the play kind."""
    from types import SimpleNamespace

    from interpreter.frontends.presentation.boards import board_of
    from interpreter.frontends.web.views import web_board

    monkeypatch.setattr(phase_kinds, "PLAY_KINDS", (*phase_kinds.PLAY_KINDS, phase_kinds.MELDING))
    melding = SimpleNamespace(phase_kinds=("deal", "melding", "scoring"))
    refused = r"^the shared words .* no part registered for the phase kind 'melding'"
    with pytest.raises(UnknownPhaseKind, match=refused):
        board_of(melding)  # type: ignore[arg-type]
    with pytest.raises(UnknownPhaseKind, match=r"^the web view .* 'melding'"):
        web_board(melding)  # type: ignore[arg-type]
    with pytest.raises(UnknownPhaseKind, match=r"deal, scoring has no phase in which tiles are played"):
        phase_kinds.play_kind(("deal", "scoring"))
