"""The one engine that plays every ruleset: deal, legal moves, play, scoring, match end.

`Match` is the whole public surface together with `Action`, `IllegalAction`, `ScriptedDeal`
and the read-only views; docs/engine.md describes the model and the log format.
"""

from interpreter.engine.actions import Action, IllegalAction
from interpreter.engine.fixtures import ScriptedDeal, deal
from interpreter.engine.layout.match import Match
from interpreter.engine.limits import MatchLimitError
from interpreter.engine.observation import ArmView, LayoutView, Observation, OpenDouble
from interpreter.engine.tiles import Tile, parse_tile, parse_tiles, tile_text

__all__ = [
    "Action",
    "ArmView",
    "IllegalAction",
    "LayoutView",
    "Match",
    "MatchLimitError",
    "Observation",
    "OpenDouble",
    "ScriptedDeal",
    "Tile",
    "deal",
    "parse_tile",
    "parse_tiles",
    "tile_text",
]
