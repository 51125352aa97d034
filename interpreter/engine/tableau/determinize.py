"""Determinization for the tableau family: a `TableauMatch` consistent with what its player sees,
for the searching players (the other families': layout/determinize.py, tricks/determinize.py).

The player sees every face-up tile of the columns, the spares, the tiles removed and the stock's
size. The tiles it has not seen — the set less those — are shuffled and dealt again into the
face-down places, column by column from the top, and then into the stock: each column keeps its
size and its face-down count, the stock its size. With every tile face up and no stock there is
nothing to deal again, and a sample is the match as it stands.
"""

from __future__ import annotations

import random

from interpreter.engine.match import Match, register_resampler
from interpreter.engine.observation import Observation
from interpreter.engine.tableau.match import TableauMatch, tableau_rules
from interpreter.engine.tableau.phases import TableauPlaying
from interpreter.engine.tableau.table import TableauTable
from interpreter.rulefile.ruleset import Family, Ruleset


class TableauDeterminizer:
    """The tableau as `observation` shows it; `sample` deals the unseen tiles again."""

    def __init__(self, rules: Ruleset, observation: Observation) -> None:
        view = observation.tableau
        assert view is not None, "a tableau determinizer needs a tableau game's observation"
        self._rules = rules
        self._view = view
        self._scores = observation.scores
        seen = {t for column in view.columns for t in column if t is not None}
        seen |= {*view.spares, *view.removed}
        self._unseen = [t for t in rules.set_tiles() if t not in seen]

    def sample(self, rng: random.Random) -> TableauMatch:
        view = self._view
        unseen = self._unseen.copy()
        rng.shuffle(unseen)
        deal = iter(unseen)
        columns = [[next(deal) if t is None else t for t in column] for column in view.columns]
        hidden = [sum(1 for t in column if t is None) for column in view.columns]
        stock = list(deal)
        assert len(stock) == view.stock, "the unseen tiles fill the face-down places and the stock"
        rules = tableau_rules(self._rules)
        later = random.Random(rng.random())
        table = TableauTable(
            rules, columns, hidden, list(view.spares), stock, list(view.removed), [], list(self._scores), later
        )
        return TableauMatch.resumed(self._rules, table, TableauPlaying.entered(table, self._rules.match.win_requires))


def determinize(match: Match, seat: int, rng: random.Random) -> TableauMatch:
    """`Match.resample`: built from `match.observation(seat)` only."""
    return TableauDeterminizer(match.ruleset, match.observation(seat)).sample(rng)


def round_key(match: TableauMatch) -> int:
    return match.round


def round_over(match: TableauMatch, key: int) -> bool:
    return match.is_over


legal_now = TableauMatch.legal_now
advance = TableauMatch.advance

register_resampler(Family.TABLEAU, determinize)
