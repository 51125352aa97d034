"""A match of the counting family: hands of a crib, a turned-up tile, the play to a running total
with go, and the show, until a side reaches the target (docs/format.md, "Counting games").

The match holds the hand's shared state, its table (counting/table.py), and the current phase
(counting/phases.py), and asks the phase what is legal, to apply an action, why an action is
refused and what it shows. Every rule comes from the `Ruleset`; nothing here names a game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.actions import PLAY, Action, IllegalAction
from interpreter.engine.counting import policy, tally
from interpreter.engine.counting.phases import CountingPhase, Deal
from interpreter.engine.counting.table import CountingTable
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.match import Match, register
from interpreter.engine.observation import CountingView, LayoutView, Observation
from interpreter.engine.tiles import Tile, normal
from interpreter.rulefile.ruleset import Family, Ruleset

_EMPTY_LAYOUT = LayoutView(arms=(), lead=None, hub=None, spinners=(), open_doubles=(), tiles=(), ends=(), end_sum=0)
_NOBODY = -1  # the seat a view for every seat is taken for: what only one seat sees is not in it


class CountingMatch(Match):
    """A match of the counting family. Public API: as every Match (docs/engine.md)."""

    _table: CountingTable
    _phase: CountingPhase

    @classmethod
    def resumed(cls, ruleset: Ruleset, table: CountingTable, phase: CountingPhase) -> CountingMatch:
        """A match that goes on from `table` in `phase` (a determinization's: counting/determinize.py),
        with a log of its own future only."""
        new = object.__new__(cls)
        new._rules = ruleset
        new._n = table.n
        new._sides = table.sides
        new._seat_side = table.seat_side
        new._scores = table.scores
        new._restart_log()
        table.events = new._events
        new._winners = ()
        new._over = False
        new._table = table
        new._phase = phase
        return new

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
        self._table = CountingTable(
            ruleset, self._seat_side, self._sides, self._scores, self._events, random.Random(seed), deals or ()
        )
        self._enter(Deal(self._table))

    def _enter(self, phase: CountingPhase) -> None:
        self._phase = phase
        if phase.done:
            self._advance()

    def _advance(self) -> None:
        """The current phase is done: on to the first phase that is not, or the match's end."""
        table = self._table
        phase = self._phase
        while phase.done:
            following = phase.following(table)
            if following is None:
                self._over = True
                self._winners = table.winners
                return
            phase = following
        self._phase = phase

    def legal_actions(self) -> list[Action]:
        """Crib: a discard per tile held, in tile order. Play: the tiles that fit under the limit,
        in tile order, or go alone when none does."""
        return [] if self._over else self._phase.legal(self._table)

    def legal_now(self) -> list[Action]:
        return self.legal_actions()

    def apply(self, action: Action) -> Sequence[dict[str, Any]]:
        legal = self.legal_actions()
        if isinstance(action, Action) and action.tile is not None:
            action = action._replace(tile=normal(action.tile))
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        start = len(self._events)
        self.advance(action)
        return self._logged_since(start)

    def advance(self, action: Action) -> None:
        """`apply` for a legal action, without checking it again."""
        self._phase.apply(self._table, action)
        if self._phase.done:
            self._advance()

    def _why_illegal(self, action: object) -> str:
        if self._over:
            return "the match is over"
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        return self._phase.why_illegal(self._table, action)

    # --- the public API -------------------------------------------------------------------------

    @property
    def pool(self) -> int:
        return 0

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
        return self._rules.phase_kinds

    @property
    def phase(self) -> str:
        """ "crib", "counting" or "show"."""
        return self._phase.name

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return self._table.hands[seat]

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles the crib and the turn-up are still to take from the stock, next first."""
        return tuple(self._table.stock)

    @property
    def dead(self) -> tuple[Tile, ...]:
        return self._table.dead

    @property
    def layout(self) -> LayoutView:
        return _EMPTY_LAYOUT

    @property
    def counting_view(self) -> CountingView:
        """What every seat sees of the hand."""
        return self._view(_NOBODY)

    def crib(self, seat: int) -> tuple[Tile, ...]:
        """The tiles `seat` laid into the crib this hand."""
        return self._table.crib[seat]

    def _view(self, seat: int) -> CountingView:
        t = self._table
        to_crib = t.c.crib_from_each - len(t.crib[t.current]) if self._phase.kind == "crib" else 0
        return CountingView(
            dealer=t.dealer,
            starter=t.starter,
            phase=self._phase.name,
            limit=t.c.limit,
            total=t.total,
            count=tuple(t.count),
            laid=tuple(t.laid),
            gone=tuple(t.gone),
            crib_size=sum(len(c) for c in t.crib) + len(t.crib_stock),
            crib_counts=tuple(len(c) for c in t.crib),
            goes=tuple(t.goes),
            turn_up=t.turn_up,
            to_crib=to_crib,
            crib=t.crib[seat] if seat >= 0 else (),
        )

    def observation(self, seat: int) -> Observation:
        table = self._table
        return Observation(
            seat=seat,
            side=self._seat_side[seat],
            round=table.round,
            current_player=self.current_player,
            hand=self.hand(seat),
            hand_counts=tuple(len(h) for h in table.hands),
            boneyard_count=len(table.stock),
            layout=_EMPTY_LAYOUT,
            scores=self.scores,
            legal_actions=tuple(self.legal_actions()) if seat == self.current_player else (),
            history=self._history(),
            rules=self._rules,
            counting=self._view(seat),
        )

    def policy_choice(self) -> Action | None:
        """At the crib, the named counting policy's tile (counting/policy.py): the one whose loss
        leaves the hand worth most at the show, over every turn-up its player cannot see."""
        if self._over or self._phase.kind != "crib":
            return None
        seat = self._table.current
        return policy.choose(self.observation(seat), self.legal_actions())

    def rule_of_thumb(self) -> Action:
        """The cheap policy (`playout`'s `heavy` share, and the greedy players'): at the crib, lay
        the tile whose loss leaves the rest of the hand worth most at a show without a turn-up; in
        the play, the tile that pegs most now, the highest-valued among equals; go when none fits."""
        legal = self.legal_actions()
        table = self._table
        if self._phase.kind != "counting":
            return max(legal, key=lambda a: (_kept_worth(table, a.tile), -legal.index(a)))
        return max(legal, key=lambda a: (_pegs(table, a), table.value[a.tile] if a.tile else 0))

    def clone(self) -> CountingMatch:
        new = object.__new__(CountingMatch)
        new.__dict__.update(self.__dict__)
        self._copy_log(new)
        table = new._table = self._table.copy()
        table.rng = random.Random.__new__(random.Random)
        table.rng.setstate(self._table.rng.getstate())
        table.events = new._events
        new._scores = table.scores
        new._phase = self._phase.copy()
        return new

    def playout(self, rng: random.Random, *, until: str = "round", heavy: float = 0.0) -> None:
        """Random legal actions until the round or the match ends: a single legal action is taken
        without a draw; among k > 1, with `heavy` > 0 a first draw below `heavy` takes
        `rule_of_thumb()`, else `legal[int(rng.random() * k)]`."""
        if until not in ("round", "match"):
            raise ValueError(f"until must be 'round' or 'match', not {until!r}")
        if not 0.0 <= heavy <= 1.0:
            raise ValueError(f"heavy is a share between 0 and 1, not {heavy!r}")
        rand = rng.random
        round_no = self._table.round
        while not self._over and (until == "match" or self._table.round == round_no):
            legal = self._phase.legal(self._table)
            k = len(legal)
            if k == 1:
                action = legal[0]
            elif heavy and rand() < heavy:
                action = self.rule_of_thumb()
            else:
                action = legal[int(rand() * k)]
            self.advance(action)


def _pegs(table: CountingTable, action: Action) -> int:
    """What laying `action`'s tile would peg now (0 for a go)."""
    if action.kind != PLAY or action.tile is None:
        return 0
    ranks = [table.rank[t] for _, t in table.count] + [table.rank[action.tile]]
    total = table.total + table.value[action.tile]
    return sum(points for _, points in tally.peg(table.c, ranks, total))


def _kept_worth(table: CountingTable, tile: Tile | None) -> int:
    """What the hand without `tile` would show, without a turn-up."""
    kept = [t for t in table.hands[table.current] if t != tile]
    items = tally.show_items(table.c, [table.value[t] for t in kept], [table.rank[t] for t in kept])
    return sum(item[2] for item in items)


register(Family.COUNTING, CountingMatch)
