"""The example rule files: every bundled and valid example loads; every invalid example produces
exactly the diagnostics its `# expect:` header lines name.

An expect line is `# expect: [FILE:]LINE:COL: MESSAGE-PART`: FILE (relative to the example)
defaults to the example itself, and MESSAGE-PART must occur in the diagnostic's message. Adding
a file to tests/examples/valid or tests/examples/invalid adds a test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from interpreter.resources import bundled_variants, load_schema
from interpreter.rulefile.loader import check_file, load_ruleset
from interpreter.text.diagnostics import Diagnostic

EXAMPLES = Path(__file__).parent / "examples"
EXPECT = re.compile(r"^# expect: (?:(?P<file>[^:\s]+):)?(?P<line>\d+):(?P<column>\d+): (?P<message>.+)$")


def _names(folder: str) -> list[Path]:
    return sorted((EXAMPLES / folder).glob("*.yaml"))


def _render(diagnostics: list[Diagnostic]) -> str:
    return "\n".join(d.format() for d in diagnostics) or "(no diagnostics)"


@pytest.mark.parametrize("variant", sorted(bundled_variants()))
def test_bundled_rule_file_validates(variant: str) -> None:
    path = bundled_variants()[variant]
    diagnostics = check_file(path)
    assert not diagnostics, _render(diagnostics)
    assert load_ruleset(variant).name == variant  # `domino play NAME` finds the file by its name


@pytest.mark.parametrize("path", _names("valid"), ids=lambda p: p.stem)
def test_valid_example(path: Path) -> None:
    diagnostics = check_file(path)
    assert not diagnostics, _render(diagnostics)


@pytest.mark.parametrize("path", _names("invalid"), ids=lambda p: p.stem)
def test_invalid_example(path: Path) -> None:
    expected = [m for m in map(EXPECT.match, path.read_text(encoding="utf-8").splitlines()) if m]
    assert expected, f"{path.name} has no '# expect:' lines"
    diagnostics = check_file(path)
    unmatched = list(diagnostics)
    for want in expected:
        file = (path.parent / want["file"]).resolve() if want["file"] else path.resolve()
        hit = next(
            (
                d
                for d in unmatched
                if Path(d.file).resolve() == file
                and (d.line, d.column) == (int(want["line"]), int(want["column"]))
                and want["message"] in d.message
            ),
            None,
        )
        assert hit is not None, f"no diagnostic like '{want.group(0)}' in:\n{_render(diagnostics)}"
        unmatched.remove(hit)
    assert not unmatched, f"unexpected diagnostics:\n{_render(unmatched)}"


def _properties(schema: dict, path: str = "") -> list[tuple[str, dict, bool]]:
    """Every property of the schema's own tree: (dotted path, its schema, whether it is required)."""
    required = set(schema.get("required", []))
    if path == "":  # the top level's conditional requirements (files without `extends:`)
        required |= set(schema["else"]["required"])
    found = []
    for name, sub in schema.get("properties", {}).items():
        where = f"{path}.{name}" if path else name
        found.append((where, sub, name in required))
        found += _properties(sub, where)
    return found


# The optional keys whose default is "none" (None to the loader): the schema gives them no default.
NO_DEFAULT = {"title", "extends", "start.later_rounds", "scoring.in_play", "match.target", "match.rounds"}
NO_DEFAULT |= {"scoring.on_pass"}  # no scoring of passes unless a file asks for it
NO_DEFAULT |= {"layout.stand_in"}  # no tile stands in for the engine unless a file names one
NO_DEFAULT |= {"layout.shared_train_name"}  # the shared train is "the shared train" unless a file names it
NO_DEFAULT |= {"match.pool", "scoring.collector", "scoring.pair_factor"}  # no pool, no payments unless asked for
NO_DEFAULT |= {"match.pool.take", "match.pool.pay_in"}  # the winner takes the pool; nobody pays in
# A trick game's sections with no default: no auction, no fixed trumps; `tricks` and `scoring.hand`
# are required in a trick game (the loader says so) and unused elsewhere.
NO_DEFAULT |= {"bidding", "trumps.fixed", "tricks", "scoring.hand", "set.without"}
# The set as a list (trick games), the order of the numbers, the conditions of leading a trump and
# of stopping a hand, a stock, the calls and an exchange: none unless a file gives them.
NO_DEFAULT |= {"set.tiles", "tricks.pip_order", "tricks.lead_trump", "tricks.stop_when", "stock", "calls"}
NO_DEFAULT |= {"tricks.forfeit_last"}  # nobody is barred from the last trick unless a file says who
NO_DEFAULT |= {"bidding.make"}  # an auction over the turned-up suit must say its mark; number bids have none
NO_DEFAULT |= {"calls.exchange"}
NO_DEFAULT |= {"bidding.max_raise"}  # any higher bid unless a file limits the raise
NO_DEFAULT |= {"bidding.kitty_discard"}  # the kitty's taker lays away any tile unless a file says which
NO_DEFAULT |= {"deal.redeal_when"}  # every deal stands unless a file names the hand that throws it in
NO_DEFAULT |= {"deal.redeal_claim"}  # nobody may claim a redeal unless a file names the hand that may
NO_DEFAULT |= {"play.again_when", "play.skip_when"}  # no tile earns another turn or skips a seat unless a file says so
NO_DEFAULT |= {"play.announce_last"}  # nobody announces a last tile unless a file says what silence costs
NO_DEFAULT |= {"match.stake", "match.stake.pay", "match.stake.settle"}  # nothing settled at a match's end unless asked
NO_DEFAULT |= {"passing"}  # no tiles passed before play unless a file asks for it
NO_DEFAULT |= {"declaration"}  # no declarations that score unless a file has them
NO_DEFAULT |= {"melds"}  # no melds unless a file has them
NO_DEFAULT |= {"declaration.wins_when"}  # a declaration only scores unless a file says which wins the hand
NO_DEFAULT |= {"trumps.joins"}  # no tile joins trumps from its own suit unless a file names it
NO_DEFAULT |= {"layout.demand_when"}  # a double demands whenever laid unless a file says when
NO_DEFAULT |= {"phases"}  # the family's order of the phases the file's sections make, unless a file orders them
NO_DEFAULT |= {"scoring.tracks"}  # no score kept beside the score unless a file names one
NO_DEFAULT |= {"tableau", "tableau.columns", "tableau.depth"}  # a patience's tableau: required there, nowhere else
# A counting game's sections: required there, nowhere else; a tile counts set.tile_value, and no runs or
# fifteens score, unless a file says.
NO_DEFAULT |= {"crib", "counting", "show", "counting.value", "counting.runs", "show.fifteens", "show.runs"}
# A draw and discard game's own section, required in that family (its groups and complete hand with
# it), refused elsewhere; going out and a hand with nobody out score nothing unless a file says so.
NO_DEFAULT |= {"draw_discard", "draw_discard.groups", "draw_discard.complete", "scoring.out", "scoring.stock_out"}
# A partition game's sections and its groups: required there (the loader says so, so that a house
# file may change one key), refused elsewhere; the bank stays only when a file says when.
NO_DEFAULT |= {"partition", "partition.groups", "ranking", "showdown", "showdown.bank_stays_when"}


def test_schema_documents_every_property_closes_every_object_and_gives_defaults() -> None:
    schema = load_schema()
    Draft202012Validator.check_schema(schema)
    conditional = {
        "set.max_pip",
        "players.min",
        "players.max",
        "deal",  # required but in a patience (family: tableau), whose tableau section deals
        "deal.hand_size",
        "scoring.in_play.when",
        "scoring.in_play.points",
        "scoring.on_pass.when",
        "scoring.on_pass.points",
        "bidding.min",
        "bidding.max",
    }
    for where, sub, required in _properties(schema):
        assert sub.get("description"), f"{where} has no description"
        if "properties" in sub:
            assert sub.get("additionalProperties") is False, f"{where} is not closed"
        if not required and where not in conditional:
            # A default of null is left out (the loader's default for a missing one is None):
            # `"default": null` breaks yaml-language-server's completion (tests/test_lsp.py).
            assert "default" in sub or where in NO_DEFAULT, f"optional {where} has no default"
            assert sub.get("default", ...) is not None, f"{where}: leave out a null default"
