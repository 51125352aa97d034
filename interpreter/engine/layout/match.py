"""A match: rounds of play under one ruleset, from the first deal to the winners.

The state is small and flat (hands are bitmasks, the boneyard a shared list with a read
position) so that `clone` is cheap, and `apply` changes it in place. Every rule comes from the
`Ruleset`: this module knows options and expressions, never a game by name.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import Action, IllegalAction
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.layout.arms import Demand, Layout
from interpreter.engine.layout.dealing import Previous
from interpreter.engine.layout.legal import LegalMoves, normalized_play
from interpreter.engine.layout.playout import RandomPlay
from interpreter.engine.layout.rounds import RoundFlow
from interpreter.engine.layout.tables import tables_for
from interpreter.engine.layout.turns import TurnRules
from interpreter.engine.match import register
from interpreter.engine.observation import ArmView, LayoutView, Observation, OpenDouble
from interpreter.engine.tiles import Tile, bits
from interpreter.rulefile.ruleset import (
    DrawPolicy,
    Family,
    Ruleset,
    SidesOpen,
    Spinners,
    StartCriterion,
    Topology,
    WhenUnable,
)

_OPENING_SPINNERS = (Spinners.FIRST_DOUBLE, Spinners.EVERY_DOUBLE)  # a double laid on an arm may open sides


class LayoutMatch(RoundFlow, TurnRules, LegalMoves, RandomPlay):
    """A match of the layout family. Public API: see docs/engine.md; everything with a leading
    underscore is private."""

    def __init__(
        self,
        ruleset: Ruleset,
        players: int,
        seed: int = 0,
        deals: Sequence[ScriptedDeal] | None = None,
        scores: Sequence[int] | None = None,
        teams: bool | None = None,
    ) -> None:
        ruleset = self._seat(ruleset, players, teams, scores)
        t = tables_for(ruleset, players)
        self._t = t
        # The source of the deals. A clone shares its original's generator until either of them
        # deals (`_generator` makes a copy then), since a search's clones mostly never deal.
        self._rng: random.Random | None = random.Random(seed)
        self._rng_shared = False
        self._reseed_with = 0  # what `_generator` seeds a new generator with when `_rng` is None
        self._deals = tuple(deals or ())
        layout = ruleset.layout
        self._line = layout.topology is Topology.LINE
        self._gated = layout.sides_open is SidesOpen.AFTER_ENDS
        self._forced = ruleset.play.forced
        self._policy = ruleset.draw.policy
        self._marker = ruleset.draw.when_unable is WhenUnable.MARKER
        # What the hot path asks of the rules, read once.
        self._step = t.step
        self._again = ruleset.play.again_after_double
        self._in_play = ruleset.in_play
        self._reads_doubles = t.match_reads_doubles
        # Whether a double laid on an arm may open anything (spinner sides, a demand).
        self._double_opens = bool(layout.double_demand) or layout.spinners in _OPENING_SPINNERS
        self._reserve = ruleset.deal.reserve
        self._may_draw = ruleset.draw.policy is not DrawPolicy.NONE
        # Every arm is open to everyone unless trains have owners or spinner sides wait for ends.
        self._all_open = self._line and not self._gated
        # Whether `_random_round`'s inlined turn knows every rule in force; otherwise playouts
        # take the general path (`_general_round`), which lists the legal actions each decision.
        self._plain = not (
            ruleset.play.allowed is not None
            or ruleset.play.again_optional
            or t.multi
            or t.own_double
            or ruleset.draw.voluntary
            or layout.lead_demand
            or layout.engine_dealt
            or layout.open_trains
            or any(rule.criterion is StartCriterion.WINNING_SIDE_CHOICE for rule in ruleset.start.later_rounds)
            or ruleset.on_pass is not None  # a pass may score
            or t.reads_fit  # a tile laid counts the ends it could have gone on
        )
        self._extra = False  # the current player laid a double and may (not must) play again
        self._play_allowed = ruleset.play.allowed  # read by every listing of the legal moves
        # What `_random_round` reads of the match and its rules, fixed for the match: one tuple
        # to unpack a round instead of an attribute load each.
        self._playout_fixed = (
            t.pips, t.low, t.is_double, t.tiles, players, self._step, self._forced, self._again, self._in_play,
            self._double_opens, self._reads_doubles, self._marker, not self._line, self._may_draw,
            self._policy is DrawPolicy.UNTIL_PLAYABLE, self._all_open and not layout.double_demand,
        )  # fmt: skip
        self._round = 0
        # The last finished round's layout and open doubles (`finished_layout`): the objects
        # themselves, as a new round makes new ones and nothing changes them any more.
        self._finished: tuple[Layout, list[Demand]] | None = None
        self._over = False
        self._winners: tuple[int, ...] = ()
        self._previous: Previous | None = None
        self._legal: list[Action] | None = None
        # A playout that stops at a round's end leaves the next round undealt (`_pending`) until
        # something asks about it (`_settle`): a search's playout never looks at that round.
        self._deal_later = False
        self._pending = False
        self._events.append(ev.match_header(ruleset.name, ruleset.digest, seed, players, self._sides, self._scores))
        self._start_round()

    # --- the public API -------------------------------------------------------------------------

    def _catch_up(self) -> None:
        if self._pending:
            self._settle()

    @property
    def phase_kind(self) -> str:
        return phases.LAYOUT

    @property
    def phase_kinds(self) -> tuple[str, ...]:
        return self.ruleset.phase_kinds

    @property
    def round(self) -> int:
        if self._pending:
            self._settle()
        return self._round

    @property
    def current_player(self) -> int | None:
        if self._pending:
            self._settle()
        return None if self._over else self._current

    def hand(self, seat: int) -> tuple[Tile, ...]:
        if self._pending:
            self._settle()
        tiles = self._t.tiles
        return tuple(tiles[t] for t in bits(self._hands[seat]))

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles not yet drawn, in draw order; the last `deal.reserve` of them are never drawn."""
        if self._pending:
            self._settle()
        tiles = self._t.tiles
        return tuple(tiles[t] for t in self._boneyard[self._next_draw :])

    @property
    def dead(self) -> tuple[Tile, ...]:
        if self._pending:
            self._settle()
        tiles = self._t.tiles
        return tuple(tiles[t] for t in self._dead)

    @property
    def layout(self) -> LayoutView:
        if self._pending:
            self._settle()
        open_ids = {arm.id for arm in self._open_arms(self._current)} if not (self._over or self._needs_lead) else set()
        ends = self._counted_ends() if self._layout.arms else []
        return self._layout_view(self._layout, self._demands, ends, open_ids)

    @property
    def finished_layout(self) -> LayoutView | None:
        """The layout of the last round that ended, as it ended (no arm open): kept after the next
        deal, and the layout itself once the match is over; None while no round has ended."""
        if self._pending:
            self._settle()
        if self._over:
            ends = self._counted_ends() if self._layout.arms else []
            return self._layout_view(self._layout, self._demands, ends, set())
        if self._finished is None:
            return None
        lay, demands = self._finished
        return self._layout_view(lay, demands, self._counted_ends(lay) if lay.arms else [], set())

    def _layout_view(self, lay: Layout, demands: list[Demand], ends: list[int], open_ids: set[int]) -> LayoutView:
        t = self._t
        arms = tuple(
            ArmView(
                id=arm.id,
                kind=arm.kind,
                owner=arm.owner,
                value=arm.value,
                tiles=tuple((half, t.low[tile] + t.high[tile] - half) for tile, half in arm.tiles),
                marker=arm.owner is not None and lay.markers[arm.owner],
                open=arm.id in open_ids,
                root=t.tiles[arm.root],
                spinner=None if arm.spinner is None else t.tiles[arm.spinner.tile],
            )
            for arm in lay.arms
        )
        doubles = tuple(OpenDouble(t.tiles[d.tile], tuple(d.arms), d.remaining, d.active) for d in demands)
        return LayoutView(
            arms=arms,
            lead=None if lay.lead is None else t.tiles[lay.lead],
            hub=None if lay.engine is None else t.tiles[lay.engine],
            spinners=tuple(t.tiles[s.tile] for s in lay.spinners),
            open_doubles=doubles,
            tiles=tuple(t.tiles[tile] for tile in lay.tile_ids()),
            ends=tuple(ends),
            end_sum=sum(ends),
            shared_train_name=self._rules.layout.shared_train_name,
        )

    def observation(self, seat: int) -> Observation:
        if self._pending:
            self._settle()
        return Observation(
            seat=seat,
            side=self._seat_side[seat],
            round=self._round,
            current_player=self.current_player,
            hand=self.hand(seat),
            hand_counts=tuple(h.bit_count() for h in self._hands),
            boneyard_count=self._drawable(),
            layout=self.layout,
            scores=self.scores,
            legal_actions=tuple(self.legal_actions()) if seat == self.current_player else (),
            history=self._history(),
            rules=self._rules,
        )

    def clone(self) -> LayoutMatch:
        """An independent copy with the same future (its random stream included)."""
        new = object.__new__(LayoutMatch)
        new.__dict__.update(self.__dict__)
        new._hands = self._hands.copy()
        new._scores = self._scores.copy()
        new._layout = self._layout.copy()
        new._demands = [d.copy() for d in self._demands]
        self._copy_log(new)
        if self._rng is not None:
            self._rng_shared = new._rng_shared = True
        return new

    def legal_actions(self) -> list[Action]:
        """Plays first (by arm, then tile, then touching half), then draw, pass or marker."""
        if self._legal is None:
            if self._pending:
                self._settle()
            self._legal = self._compute_legal()
        return self._legal.copy()

    def apply(self, action: Action) -> Sequence[dict[str, Any]]:
        """Do `action` for the current player; the events it produced. IllegalAction leaves all unchanged.

        The events come as a read-only sequence whose dicts are built when it is first read."""
        legal = self._legal
        if legal is None:
            if self._pending:
                self._settle()
            legal = self._legal = self._compute_legal()
        if not (isinstance(action, Action) and action in legal):
            normalized = normalized_play(action)
            if normalized is None or normalized not in legal:
                raise IllegalAction(self._why_illegal(action))
            action = normalized
        start = len(self._events)
        self._legal = None
        self._do(action)
        return self._logged_since(start)

    def playout(self, rng: random.Random, *, until: str = "round", heavy: float = 0.0) -> None:
        """Play random legal actions until the current round ends (`until="round"`) or the match
        does (`until="match"`); nothing if the match is over.

        A decision with one legal action takes it and draws nothing. One with k > 1 takes
        `legal[int(rng.random() * k)]`, uniformly at random; with `heavy` > 0 it first draws
        `rng.random()`, and below `heavy` it lays the heaviest playable tile instead (the first
        play in the legal order whose tile has the highest `tile_value`): the cheap, stronger
        policy of search players' playouts. That is exactly the same actions, state and log as
        this loop over `legal_actions` and `apply`, which tests/engine/test_playout.py runs
        beside it. Inside, the plays are counted from the matching masks and only the chosen one
        is looked up, with no action list and no legality check.

        With `until="round"` the next round is dealt only when something asks about it (its
        players, hands, layout, legal actions, log or number): the scores, `is_over`, `winners`
        and `returns` are final at once, and a search that reads only those never pays for it."""
        if until not in ("round", "match"):
            raise ValueError(f"until must be 'round' or 'match', not {until!r}")
        if not 0.0 <= heavy <= 1.0:
            raise ValueError(f"heavy is a share between 0 and 1, not {heavy!r}")
        if self._pending:
            self._settle()
        rand = rng.random
        whole_match = until == "match"
        round_no = self._round
        self._deal_later = not whole_match
        try:
            while not (self._over or self._pending) and (whole_match or self._round == round_no):
                if self._plain:
                    self._random_round(rand, heavy)
                else:
                    self._general_round(rand, heavy)
        finally:
            self._deal_later = False
        if self._live:  # somebody holds the `events` list: bring it up to date, the next deal included
            if self._pending:
                self._settle()
            self._event_dicts_now()



register(Family.LAYOUT, LayoutMatch)
