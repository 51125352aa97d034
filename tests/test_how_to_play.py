"""`how_to_play:`: a few plain sentences a newcomer reads in a minute, for every bundled game and any
house rule; inherited through `extends:`, refused at its place when it is too long or not text,
shown first by `domino explain`, and outside the rules' digest (words only)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from interpreter.resources import bundled_variants
from interpreter.rulefile.explain import explain
from interpreter.rulefile.loader import check_file, load_ruleset

ROOT = Path(__file__).resolve().parents[1]
BOUND = json.loads((ROOT / "schema" / "rules.schema.json").read_text(encoding="utf-8"))["properties"]["how_to_play"]
# A sentence ends at . ! or ? before a space or the end (the texts use no abbreviations).
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


@pytest.mark.parametrize("variant", sorted(bundled_variants()))
def test_every_bundled_game_has_its_own_short_how_to_play(variant: str) -> None:
    # Read from the file itself (each writes its own, a house variant saying first what it changes):
    # loading all of them again costs seconds, and every bundled file is loaded by the explain tests.
    data = yaml.safe_load(bundled_variants()[variant].read_text(encoding="utf-8"))
    text = data.get("how_to_play")
    assert isinstance(text, str) and text.strip(), f"{variant} has no how_to_play of its own"
    assert len(text) <= BOUND["maxLength"]
    assert 2 <= len(_SENTENCE_END.findall(text.strip())) <= 5, f"{variant}: {text!r} is not 2 to 5 sentences"


def test_the_bound_is_the_schemas() -> None:
    assert BOUND["maxLength"] == 900
    assert BOUND["type"] == ["string", "null"]


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_house_rule_inherits_its_bases_how_to_play_unless_it_writes_its_own(tmp_path: Path) -> None:
    _write(tmp_path, "base.yaml", "name: base\nextends: draw\nhow_to_play: Match halves. Draw when stuck.\n")
    same = _write(tmp_path, "same.yaml", "name: same\nextends: ./base.yaml\nmatch: {target: 50}\n")
    own = _write(tmp_path, "own.yaml", "name: own\nextends: ./base.yaml\nhow_to_play: As the base, to 50. Fast.\n")
    assert load_ruleset(same).how_to_play == "Match halves. Draw when stuck."
    assert load_ruleset(own).how_to_play == "As the base, to 50. Fast."
    gone = _write(tmp_path, "gone.yaml", "name: gone\nextends: ./base.yaml\nhow_to_play: null\n")
    assert load_ruleset(gone).how_to_play == ""


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("x" * 901, "how_to_play: is 901 characters long; the limit is 900"),
        ("[one, two]", "how_to_play: must be a string, not a list"),
        ("42", "how_to_play: must be a string"),
    ],
)
def test_a_long_or_non_text_how_to_play_is_refused_at_its_place(tmp_path: Path, value: str, message: str) -> None:
    path = _write(tmp_path, "house.yaml", f"name: house\nextends: draw\nhow_to_play: {value}\n")
    (diagnostic,) = check_file(path)
    assert (diagnostic.line, diagnostic.column) == (3, 14)
    assert diagnostic.message.startswith(message)


def test_explain_shows_the_how_to_play_first_under_the_title() -> None:
    ruleset = load_ruleset("texas-42")
    lines = explain(ruleset).splitlines()
    assert lines[0] == ruleset.title and set(lines[1]) == {"="}
    first = " ".join(lines[2 : lines.index("", 2)])
    assert first == " ".join(ruleset.how_to_play.split())


def test_how_to_play_is_words_only_outside_the_digest(tmp_path: Path) -> None:
    # A saved game names its rules by digest: rewording the newcomer's text must not orphan it.
    plain = _write(tmp_path, "a.yaml", "name: a\nextends: draw\nhow_to_play: One way. Of saying it.\n")
    worded = _write(tmp_path, "b.yaml", "name: a\nextends: draw\nhow_to_play: Another way. Of saying it.\n")
    assert load_ruleset(plain).digest == load_ruleset(worded).digest
