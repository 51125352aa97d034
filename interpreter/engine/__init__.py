"""The one engine that plays every ruleset: deal, legal moves, play, scoring, match end.

What the families share is here (match.py: seats, sides, scores, winners; tiles, actions, the
event log, observations, scripted deals); each family is a sub-package with its own match:
layout/ (tiles matched onto a line or trains), tricks/ (tricks won by the highest tile) and
tableau/ (a patience: tiles removed from a tableau by their totals).

`Match` is the whole public surface together with `Action`, `IllegalAction`, `ScriptedDeal`
and the read-only views; docs/engine.md describes the model and the log format.
"""

from interpreter.engine.actions import Action, IllegalAction
from interpreter.engine.counting import determinize as _counting_determinize  # noqa: F401  (registers resample)
from interpreter.engine.counting.match import CountingMatch
from interpreter.engine.draw_discard import determinize as _draw_discard_determinize  # noqa: F401  (registers resample)
from interpreter.engine.draw_discard.match import DrawDiscardMatch
from interpreter.engine.fixtures import ScriptedDeal, deal
from interpreter.engine.layout import determinize as _layout_determinize  # noqa: F401  (registers resample)
from interpreter.engine.layout.match import LayoutMatch
from interpreter.engine.limits import MatchLimitError
from interpreter.engine.match import Match
from interpreter.engine.observation import (
    ArmView,
    LayoutView,
    Observation,
    OpenDouble,
    PartitionView,
    TableauView,
    TrickView,
)
from interpreter.engine.partition import determinize as _partition_determinize  # noqa: F401  (registers resample)
from interpreter.engine.partition.match import PartitionMatch
from interpreter.engine.tableau import determinize as _tableau_determinize  # noqa: F401  (registers resample)
from interpreter.engine.tableau.match import TableauMatch
from interpreter.engine.tiles import Tile, parse_tile, parse_tiles, tile_text
from interpreter.engine.tricks import determinize as _trick_determinize  # noqa: F401  (registers resample)
from interpreter.engine.tricks.match import TrickMatch

__all__ = [
    "Action",
    "ArmView",
    "CountingMatch",
    "DrawDiscardMatch",
    "IllegalAction",
    "LayoutMatch",
    "LayoutView",
    "Match",
    "MatchLimitError",
    "Observation",
    "OpenDouble",
    "PartitionMatch",
    "PartitionView",
    "ScriptedDeal",
    "TableauMatch",
    "TableauView",
    "Tile",
    "TrickMatch",
    "TrickView",
    "deal",
    "parse_tile",
    "parse_tiles",
    "tile_text",
]
