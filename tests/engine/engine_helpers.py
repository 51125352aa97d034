"""Shared helpers for the engine tests: bundled rules, scripted matches, moves by their text."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

import pytest

from interpreter.engine import Action, Match, PartitionMatch, ScriptedDeal, deal
from interpreter.engine.actions import BID, TRUMPS
from interpreter.engine.tiles import Tile, bits
from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import RuleFileError, load_ruleset, load_ruleset_text
from interpreter.rulefile.ruleset import Ruleset

RULES = Path(__file__).resolve().parents[2] / "rules"

# A trick game whose players pass three tiles to the left before play (passing), for the tests of
# the passing and of a search's resampling through it.
PASSING = Path(__file__).resolve().parents[1] / "examples" / "passing.yaml"


@functools.cache
def rules(name: str) -> Ruleset:
    return load_ruleset(name)


def start(
    name: str,
    *hands: str,
    boneyard: str = "",
    starter: int | None = 0,
    scores: Sequence[int] | None = None,
    seed: int = 0,
    later: Sequence[ScriptedDeal] = (),
) -> Match:
    """A match of the bundled variant `name` whose first round is dealt `hands` (one string per seat)."""
    first = deal(*hands, boneyard=boneyard, starter=starter)
    return Match(rules(name), players=len(hands), seed=seed, deals=[first, *later], scores=scores)


def play(match: Match, *moves: str) -> list[dict]:
    """Apply moves written as str(Action) ("lead 6-6", "6-3 on arm 2", "draw"); all their events."""
    events: list[dict] = []
    for move in moves:
        events += match.apply(Action.parse(move))
    return events


def legal(match: Match) -> list[str]:
    return [str(action) for action in match.legal_actions()]


def open_values(match: Match) -> list[int]:
    return [arm.value for arm in match.layout.arms]


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def scores_in(events: list[dict]) -> list[tuple[int, int, str]]:
    """(side, points, reason) of every score event."""
    return [(e["side"], e["points"], e["reason"]) for e in of_type(events, "score")]


def house(text: str) -> Ruleset:
    """A house rule file named `house`, its `extends` read from the bundled rules."""
    return load_ruleset_text("name: house\n" + text, "house.yaml", RULES)


def diff_words(text: str, base: str) -> list[str]:
    """What `domino explain --diff` says `house(text)` changes relative to the bundled `base`, each
    difference on one line."""
    from interpreter.rulefile.explain import differences

    return [" ".join(line.split()) for line in differences(house(text), rules(base))]


def problems(text: str) -> list[str]:
    """What loading `house(text)` refuses, each as "line:col: message"."""
    with pytest.raises(RuleFileError) as error:
        house(text)
    return [f"{d.line}:{d.column}: {d.message}" for d in error.value.diagnostics]


def line_in(variant: str, start: str) -> int:
    """The line of the bundled `variant`'s file that starts (after its indent) with `start`: where a
    problem found in that base is placed, however the lines above it change."""
    lines = bundled_variants()[variant].read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if line.lstrip().startswith(start))


def problem_messages(text: str) -> list[str]:
    """What loading `house(text)` refuses, the messages alone."""
    with pytest.raises(RuleFileError) as error:
        house(text)
    return [d.message for d in error.value.diagnostics]


# Texas 42's scripted deals: every tile of the double-six once; seats 0 and 2 against 1 and 3, and
# seat 1 bids first.
SET_DEAL = deal(
    "5-5 6-4 6-6 0-1 0-2 0-3 1-2",
    "6-5 6-3 6-2 6-1 6-0 4-4 1-1",
    "5-0 4-1 3-2 2-2 3-3 0-0 1-3",
    "5-4 5-3 5-2 5-1 4-3 4-2 4-0",
    starter=1,
)
ALL_SIXES = deal(
    "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
    "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    "4-3 4-2 4-1 4-0 3-3 3-2 3-1",
    "3-0 2-2 2-1 2-0 1-1 1-0 0-0",
    starter=1,
)


def bid(value: int) -> Action:
    return Action(BID, value=value)


def trumps(value: int | str) -> Action:
    """A declaration: a suit's pip, "doubles", "none", or a special contract's name."""
    return Action(TRUMPS, value=value)


def trick_play(tile: str) -> Action:
    """A tile played to a trick, as "6-4"."""
    return Action.parse(f"play {tile}")


# Tien Gow, counter-clockwise from seat 0 (0, 3, 2, 1), seat 0 the banker: it holds the quartet of
# Heavens and nines, the Gee Joon and the two lowest civil tiles; each other seat two military
# tiles (which never beat a civil lead) and six civil tiles. TIEN_GOW_SWEEP: seat 0 takes every
# trick, the Gee Joon first and the quartet last.
TIEN_GOW_DEAL = deal(
    "6-6 6-6 3-6 4-5 1-2 2-4 1-5 1-6",
    "1-3 1-3 5-5 4-6 4-6 5-6 1-4 2-3",
    "4-4 4-4 3-3 3-3 2-2 2-2 2-5 3-4",
    "1-1 1-1 5-5 5-6 1-6 1-5 2-6 3-5",
    starter=0,
)
TIEN_GOW_GEE_JOON = ("play 1-2 2-4", "play 1-1 1-1", "play 4-4 4-4", "play 1-3 1-3")
TIEN_GOW_SINGLES = ("play 1-6", "play 2-6", "play 2-5", "play 1-4", "play 1-5", "play 3-5", "play 3-4", "play 2-3")
TIEN_GOW_QUARTET = ("play 3-6 4-5 6-6 6-6", "play 5-5 5-6 1-6 1-5", "play 3-3 3-3 2-2 2-2", "play 5-5 4-6 4-6 5-6")
TIEN_GOW_SWEEP = (*TIEN_GOW_GEE_JOON, *TIEN_GOW_SINGLES, *TIEN_GOW_QUARTET)


def face_down_on_table(match: Match) -> list[Tile]:
    """A trick game's tiles face down on the table in no hand, seen by no viewer, that no public
    view lists: the undealt tiles waiting for a trick's winner (deal.undealt: first_trick,
    last_trick) and the tiles passed (passing) until every seat has passed; a layout game's tiles
    laid face down (draw.when_unable: discard); a counting game's crib; a patience's tiles still on
    its tableau (its columns and spares, face down or up: no layout holds them)."""
    if isinstance(match, PartitionMatch):  # every tile is in a hand (split or not) or out of play
        return []
    table = match._table  # type: ignore[attr-defined]  # every other family's match keeps one
    if hasattr(table, "crib_stock"):  # a counting game's crib, laid face down for the show
        return [*(tile for tiles in table.crib for tile in tiles), *table.crib_stock]
    if hasattr(table, "columns"):
        return [*(tile for column in table.columns for tile in column), *table.spares]
    if hasattr(table, "reshuffled"):  # a draw-and-discard table: its face-up tiles are in its view
        return []
    if not hasattr(table, "widow"):
        return [table.t.tiles[x] for mask in table.kept for x in bits(mask)]
    passed = [] if table.delivered else [x for mask in table.given for x in bits(mask)]
    return [table.t.tiles[x] for x in [*table.widow, *passed]]
