"""The layout match's state, declared once: every private attribute the family's mixins
(rounds.py, turns.py, legal.py, playout.py) read and `LayoutMatch` sets, and the methods one
mixin calls on another. Annotations only: nothing here exists at run time but the class, so the
mixins are type-checked against one declaration instead of each reading fields it never sets.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from interpreter.engine.actions import Action
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.layout.arms import Arm, Demand, Layout
from interpreter.engine.layout.dealing import Previous
from interpreter.engine.layout.tables import Fits, Tables
from interpreter.engine.match import Match
from interpreter.expressions.language import Expr
from interpreter.rulefile.ruleset import DrawPolicy, InPlayScoring


class LayoutState(Match):
    """What a layout match holds (set in LayoutMatch.__init__ and RoundFlow._start_round)."""

    # Fixed for the match: the tables and what the hot path asks of the rules, read once.
    _t: Tables
    _deals: tuple[ScriptedDeal, ...]
    _line: bool
    _gated: bool
    _forced: bool
    _policy: DrawPolicy
    _marker: bool
    _step: int
    _again: bool
    _in_play: InPlayScoring | None
    _reads_doubles: bool
    _double_opens: bool
    _reserve: int
    _may_draw: bool
    _all_open: bool
    _plain: bool
    _play_allowed: Expr | None
    _playout_fixed: tuple[Any, ...]
    # The source of the deals (LayoutMatch.__init__ says how a clone shares it).
    _rng: random.Random | None
    _rng_shared: bool
    _reseed_with: int
    # The round: its number, the tiles where they are, the table, whose turn.
    _round: int
    _hands: list[int]
    _boneyard: list[int]
    _next_draw: int
    _dead: list[int]
    _layout: Layout
    _demands: list[Demand]
    _fits: Fits
    _finished: tuple[Layout, list[Demand]] | None
    _previous: Previous | None
    _starter: int
    _current: int
    _lead: int | None
    _needs_lead: bool
    _lead_choice: bool
    _passes: int
    _last_fit: int
    _legal: list[Action] | None
    # The turn: a draw taken, a tile drawn to play, a double laid, a whole turn's tiles.
    _drew: bool
    _drawn: int
    _extra: bool
    _turn_arms: tuple[int, ...]
    _turn_laid: int
    _turn_need: int
    _turn_whole: bool
    # A round a playout ended, dealt only when something asks about it (RoundFlow._settle).
    _deal_later: bool
    _pending: bool

    # Methods one mixin calls on another.
    _compute_legal: Callable[[], list[Action]]
    _open_arms: Callable[[int], list[Arm]]
    _drawable: Callable[[], int]
    _turn_size: Callable[[int, int], tuple[int, bool]]
    _do: Callable[[Action], None]
    _draw: Callable[[int], None]
    _lay: Callable[[int, int, int | None, int | None, Action], None]
    _cover: Callable[[int], None]
    _note_double: Callable[[int], None]
    _laid_double: Callable[[Arm, int, int], None]
    _demand_on_lead: Callable[[int], None]
    _score_in_play: Callable[[int, int], bool]
    _end_round: Callable[[str, int | None], None]
    _finish: Callable[[tuple[int, ...]], None]
    _open_hub: Callable[..., None]
    _last_tile: Callable[[], tuple[int, int, bool, int]]
    _last_player: Callable[[], int | None]
