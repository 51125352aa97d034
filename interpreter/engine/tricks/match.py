"""A match of the trick family: hands of an auction, a declaration of trumps and tricks, scored
by the rule file's expression, until the match ends (docs/format.md, "Trick games").

A hand is a sequence of phases (tricks/phases/): the deal, the auction, the declaration, the
calls, the discards, the tricks, the hand's scoring. The match holds the hand's shared state, its
table (tricks/table.py: hands are bitmasks over tile ids), and the current phase, and asks the
phase what is legal, to apply an action, why an action is refused and what it shows; when the
phase is done the match moves on to the phase it names. `clone` copies the table and the phase.
Every rule comes from the `Ruleset`; nothing here names a game.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.actions import PLAY, Action, IllegalAction
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.match import Match, register
from interpreter.engine.observation import LayoutView, Observation, TrickView
from interpreter.engine.scoring import track_values
from interpreter.engine.tiles import Tile, bits, normal
from interpreter.engine.tricks.phases import BIDDING, CALLING, DECLARING, DISCARDING, PLAYING, TrickPhase, thumb
from interpreter.engine.tricks.phases.deal import TrickDeal
from interpreter.engine.tricks.phases.playing import TrickPlaying
from interpreter.engine.tricks.table import TrickTable
from interpreter.engine.tricks.tables import trick_tables_for
from interpreter.rulefile.ruleset import Family, Ruleset

__all__ = ["BIDDING", "CALLING", "DECLARING", "DISCARDING", "PLAYING", "TrickMatch"]

_EMPTY_LAYOUT = LayoutView(arms=(), lead=None, hub=None, spinners=(), open_doubles=(), tiles=(), ends=(), end_sum=0)
_NOBODY = -1  # the seat a view for every seat is taken for: what only one seat sees is not in it


class TrickMatch(Match):
    """A match of the trick family. Public API: as every Match (docs/engine.md)."""

    _table: TrickTable
    _phase: TrickPhase
    _legal: list[Action] | None

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
        self._events.append(ev.match_header(ruleset.name, ruleset.digest, seed, players, self._sides, self._scores))
        self._winners: tuple[int, ...] = ()
        self._over = False
        t = trick_tables_for(ruleset, players)
        self._table = TrickTable(t, ruleset, self._sides, self._scores, self._events, random.Random(seed), deals or ())
        self._legal = None
        self._enter(TrickDeal(self._table))

    @classmethod
    def resumed(cls, ruleset: Ruleset, table: TrickTable, phase: TrickPhase, rng: random.Random) -> TrickMatch:
        """A match that goes on from `table` in `phase` (a determinization's: tricks/determinize.py),
        its later deals from `rng`, with a log of its own future only."""
        new = object.__new__(cls)
        table.rng = rng
        new._rules = ruleset
        new._n = table.n
        new._sides = table.sides
        new._seat_side = table.seat_side
        new._scores = table.scores
        new._restart_log()
        table.events = new._events
        new._winners = ()
        new._over = False
        new._legal = None
        new._table = table
        new._phase = phase
        return new

    # --- moving through the phases ------------------------------------------------------------

    def _enter(self, phase: TrickPhase) -> None:
        self._phase = phase
        if phase.done:
            self._advance()

    def _advance(self) -> None:
        """The current phase is done: on to the first phase that is not. When the match ends, the
        current phase stays the last one before the hand's scoring (what `phase` says then)."""
        table = self._table
        before = phase = self._phase
        while phase.done:
            following = phase.following(table)
            if following is None:
                self._phase = before
                self._over = True
                self._winners = table.winners
                return
            before, phase = phase, following
        self._phase = phase

    def _do(self, action: Action) -> None:
        phase = self._phase
        phase.apply(self._table, action)
        if phase.done:
            self._advance()

    def legal_actions(self) -> list[Action]:
        """Passes first, then bids from the lowest; declarations in suit order; plays in tile order
        (following a lead of several tiles: the picks, in tile order, never every group)."""
        if self._over:
            return []
        if self._legal is None:
            self._legal = self._phase.legal(self._table)
        return self._legal.copy()

    def apply(self, action: Action) -> Sequence[dict[str, Any]]:
        """Do `action` for the current player; the events it produced. IllegalAction leaves all unchanged."""
        legal = self.legal_actions()
        if action not in legal:
            if isinstance(action, Action) and action.kind == PLAY and action.tile is not None:
                action = Action(PLAY, normal(action.tile), value=action.value)
            if action not in legal and (self._over or not self._phase.accepts(self._table, action)):
                raise IllegalAction(self._why_illegal(action))
        start = len(self._events)
        self._legal = None
        self._do(action)
        return self._event_dicts_now()[start:]

    def _why_illegal(self, action: object) -> str:
        if self._over:
            return "the match is over"
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        return self._phase.why_illegal(self._table, action)

    # --- what a searching player steps with (tricks/determinize.py) ---------------------------

    @property
    def pool(self) -> int:
        return self._table.pool

    @property
    def tracks(self) -> dict[str, tuple[int, ...]]:
        return track_values(self._rules, self._table.tracks)

    @property
    def dealt_hands(self) -> int:
        """The deals so far, redeals included: a hand passed out and dealt again counts anew."""
        return self._table.dealt_hands

    def legal_now(self) -> list[Action]:
        """The legal actions without the copy (the match's own list: read it, never change it)."""
        if self._legal is None:
            self.legal_actions()
        return self._legal  # type: ignore[return-value]  # set by legal_actions

    def advance(self, action: Action) -> None:
        """`apply` for an action taken from `legal_now()`, without checking it again."""
        self._legal = None
        self._do(action)

    # --- the public API -------------------------------------------------------------------------

    @property
    def round(self) -> int:
        return self._table.round

    @property
    def current_player(self) -> int | None:
        return None if self._over else self._table.current

    @property
    def phase_kind(self) -> str:
        return self._phase.kind

    @property
    def phase_kinds(self) -> tuple[str, ...]:
        return self._table.t.phase_kinds

    @property
    def phase(self) -> str:
        """"bidding", "declaring", "calling", "discarding", "passing" or "playing"."""
        return self._phase.name

    def hand(self, seat: int) -> tuple[Tile, ...]:
        tiles = self._table.t.tiles
        return tuple(tiles[x] for x in bits(self._table.hands[seat]))

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The stock, next tile to draw first."""
        return tuple(self._table.t.tiles[x] for x in reversed(self._table.stock.tiles))

    @property
    def dead(self) -> tuple[Tile, ...]:
        """The tiles out of play this hand: undealt and unused, laid face down (a kitty's discards,
        a hand thrown in or exchanged, tiles played face down), and a turned-up tile left face up."""
        table = self._table
        out = [*table.dead, *(x for x, _ in table.set_aside)]
        for mask in table.face_down:
            out += bits(mask)
        up = table.stock.turn_up
        if up is not None and not table.t.rules.stock.draw and not table.stock.taken:  # type: ignore[union-attr]
            out.append(up)
        return tuple(table.t.tiles[x] for x in out)

    @property
    def layout(self) -> LayoutView:
        return _EMPTY_LAYOUT

    @property
    def trick_view(self) -> TrickView:
        """What every seat sees of the hand: the table's part and the current phase's."""
        return self._view(_NOBODY)

    def _view(self, seat: int) -> TrickView:
        table = self._table
        return TrickView(**{**table.view_fields(), "trick": (), "led_suit": None, **self._phase.describe(table, seat)})

    def observation(self, seat: int) -> Observation:
        table = self._table
        return Observation(
            seat=seat,
            side=self._seat_side[seat],
            round=table.round,
            current_player=self.current_player,
            hand=self.hand(seat),
            hand_counts=tuple(h.bit_count() for h in table.hands),
            boneyard_count=len(table.stock.tiles),
            layout=_EMPTY_LAYOUT,
            scores=self.scores,
            legal_actions=tuple(self.legal_actions()) if seat == self.current_player else (),
            history=self._history(),
            rules=self._rules,
            tricks=self._view_of(seat),
            tracks=self.tracks,
        )

    def _view_of(self, seat: int) -> TrickView:
        """The trick view as `seat` sees it: it also knows the tiles it laid face down itself
        (the kitty's discards, a hand it threw in or exchanged), its own picks, and the tiles it passed
        and received before play."""
        view = self._view(seat)
        table = self._table
        own = table.own_discards(seat)
        passed = table.passed_between(seat)
        if not own and passed is None:
            return view
        tiles = table.t.tiles
        if passed is not None:
            gave, got = passed
            gave_tiles, got_tiles = tuple(tiles[x] for x in gave), tuple(tiles[x] for x in got)
            view = dataclasses.replace(view, passed=gave_tiles, received=got_tiles)
        return dataclasses.replace(view, discards=tuple(tiles[x] for x in own)) if own else view

    def rule_of_thumb(self) -> Action:
        """The playouts' cheap policy for a tile (`playout`'s `heavy` share): lead the highest trump
        held (the declarers' side; a defender only when no unplayed trump outranks it), else a tile
        no unplayed tile outranks in its suit (the richest count first), else the lowest tile; onto
        a trick the partner is taking, the richest count; against an opponent's, the cheapest tile
        that takes it, else the lowest. Only while playing."""
        phase = self._phase
        assert isinstance(phase, TrickPlaying)
        return thumb.rule_of_thumb(phase, self._table)

    def clone(self) -> TrickMatch:
        """An independent copy with the same future (its random stream included)."""
        new = object.__new__(TrickMatch)
        new.__dict__.update(self.__dict__)
        self._copy_log(new)
        table = new._table = self._table.copy()
        # The same stream, without seeding a new generator first: random.Random() reads the OS's
        # entropy, a fifth of a greedy player's move in a big auction.
        table.rng = random.Random.__new__(random.Random)
        table.rng.setstate(self._table.rng.getstate())
        table.events = new._events
        new._scores = table.scores
        new._phase = self._phase.copy()
        return new

    def playout(self, rng: random.Random, *, until: str = "round", heavy: float = 0.0) -> None:
        """Play random legal actions until the round (`until="round"`) or the match ends.

        A decision with one legal action takes it and draws nothing. One with k > 1 takes
        `legal[int(rng.random() * k)]`; while tiles are played, with `heavy` > 0, it first draws
        `rng.random()`, and below `heavy` plays `rule_of_thumb()` instead. Bids and declarations are
        always random. That is exactly the loop over `legal_actions` and `apply` of
        tests/engine/test_playout.py."""
        if until not in ("round", "match"):
            raise ValueError(f"until must be 'round' or 'match', not {until!r}")
        if not 0.0 <= heavy <= 1.0:
            raise ValueError(f"heavy is a share between 0 and 1, not {heavy!r}")
        rand = rng.random
        table = self._table
        round_no = table.round
        self._legal = None
        # legal_actions and apply, asking the phase directly: nothing cached, nothing copied.
        while not self._over and (until == "match" or table.round == round_no):
            phase = self._phase
            legal = phase.legal(table)
            k = len(legal)
            if k == 1:
                action = legal[0]
            elif heavy and phase.heavy and rand() < heavy:
                action = self.rule_of_thumb()
            else:
                action = legal[int(rand() * k)]
            phase.apply(table, action)
            if phase.done:
                self._advance()


register(Family.TRICKS, TrickMatch)
