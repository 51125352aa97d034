"""The order of the start page's list of games: the most played first, then the others grouped by
family, each plain game followed by its house variants (the bundled files that `extends:` it).

Presentation only: which games a newcomer looks for first is the page's choice, not the rules'; the
groups themselves come from each file's family, tags and players.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from interpreter.rulefile.ruleset import Family, Ruleset

# The games most people come for, in the order the page offers them (each a bundled plain game).
FEATURED = ("texas-42", "mexican-train", "draw", "chicken-foot")

MOST_PLAYED = "Most played"
PATIENCE = "Patience (one player)"
OTHER_LAYOUT = "Other layout games"
# The groups in the order the page shows them.
GROUPS = (
    MOST_PLAYED,
    "Block and draw games",
    "Fives and points",
    "Train games",
    OTHER_LAYOUT,
    "Trick games",
    "Pai Gow and partition games",
    "Draw and discard",
    PATIENCE,
    "Counting games",
)
# A layout game's group by its main (first) tag; other tags and none: OTHER_LAYOUT.
_BY_TAG = {"block": GROUPS[1], "draw": GROUPS[1], "scoring": GROUPS[2], "train": GROUPS[3]}
_BY_FAMILY = {
    Family.TRICKS: GROUPS[5],
    Family.PARTITION: GROUPS[6],
    Family.DRAW_DISCARD: GROUPS[7],
    Family.TABLEAU: PATIENCE,
    Family.COUNTING: GROUPS[9],
}


def base_of(path: Path, bundled: Mapping[str, Path]) -> str | None:
    """The bundled game the bundled file at `path` extends (`extends:` names it, or a file beside
    it), or None for a plain game. The loader merges a base away, so the file itself is read."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    named = data.get("extends") if isinstance(data, dict) else None
    if not isinstance(named, str):
        return None
    if named in bundled:
        return named
    found = (path.parent / named).resolve()
    return next((name for name, other in bundled.items() if other.resolve() == found), None)


def group_of(ruleset: Ruleset, root: str) -> str:
    """The group of a game whose plainest base (itself, for a plain game) is `root`."""
    if root in FEATURED:
        return MOST_PLAYED
    if ruleset.players.max == 1:  # a patience, whatever its family: the game one plays alone
        return PATIENCE
    if ruleset.family is not Family.LAYOUT:
        return _BY_FAMILY[ruleset.family]
    return _BY_TAG.get(ruleset.tags[0], OTHER_LAYOUT) if ruleset.tags else OTHER_LAYOUT


def ordered(entries: list[dict[str, Any]], rulesets: Mapping[str, Ruleset]) -> list[dict[str, Any]]:
    """`entries` (each with its `name` and `base`) with their `group`, in the page's order: by
    group, the featured games in FEATURED's order and the other plain games by title, each
    followed by the games that extend it (and theirs), by title."""
    base = {e["name"]: e["base"] for e in entries}

    def chain(name: str) -> list[str]:  # the game's bases, plainest first, then the game
        names = [name]
        while (up := base.get(names[0])) is not None and up not in names and len(names) <= len(base):
            names.insert(0, up)
        return names

    def key(entry: dict[str, Any]) -> tuple[Any, ...]:
        names = chain(entry["name"])
        first = FEATURED.index(names[0]) if names[0] in FEATURED else len(FEATURED)
        return (GROUPS.index(entry["group"]), first, *[(rulesets[n].title.casefold(), n) for n in names])

    for entry in entries:
        names = [n for n in chain(entry["name"]) if n in rulesets]  # a base that does not load is not listed
        entry["group"] = group_of(rulesets[names[0]], names[0])
    return sorted(entries, key=key)
