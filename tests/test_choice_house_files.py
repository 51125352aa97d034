"""The house files a bundled file's CHOICE: comments quote, for the source it does not follow
("#   name: moon-named" / "#   extends: moon" / "#   tricks: ..."), load and change what they
say they change: a comment that names a house file cannot rot into one that does not load."""

from __future__ import annotations

import re

import pytest

from interpreter.loader import load_ruleset, load_ruleset_text
from interpreter.rulefile.explain import differences
from tests.engine.engine_helpers import RULES

# A quoted house file, at the indentation of the comment that quotes it.
QUOTED = re.compile(r"^( *)#   name: .*\n(?:\1#   .*\n)+", re.MULTILINE)


def _quoted(variant: str) -> list[str]:
    text = (RULES / f"{variant}.yaml").read_text(encoding="utf-8")
    blocks = QUOTED.finditer(text)
    return ["\n".join(line[len(m[1]) + 4 :] for line in m[0].splitlines()) + "\n" for m in blocks]


@pytest.mark.parametrize(
    ("variant", "changes"),
    [("moon", ["The suit a tile led calls for changes from its higher end to the end the leader names.",
               "The score of a hand changes."]),
     ("latin-american-match", ["When the match is over with nobody winning changes."]),
     ("texas-42-house", ["Who takes a trick among equally ranked tiles changes."]),
     ("dominican", ["Who wins a blocked round changes."])],
)  # fmt: skip
def test_the_quoted_house_files_load_and_change_one_rule_each(variant: str, changes: list[str]) -> None:
    houses = [load_ruleset_text(text, "house.yaml", RULES) for text in _quoted(variant)]
    said = [differences(house, load_ruleset(variant)) for house in houses]
    assert [lines[0].splitlines()[0] for lines in said] == changes
    assert [len(lines) for lines in said] == [1] * len(changes)
