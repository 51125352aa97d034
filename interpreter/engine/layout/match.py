"""A match of the layout family: rounds of play under one ruleset, from the first deal to the winners.

A match holds its table (table.py: the hands as bitmasks, the boneyard, the layout, whose turn)
and its current phase (phases.py): the deal, the play to the layout, the round's scoring, and
the next deal. `apply` asks the play phase; when a phase is done the match goes on to the one
it names. Every rule comes from the `Ruleset`: this module knows options and expressions, never
a game by name.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import KEEP, Action, IllegalAction
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.layout.claims import ClaimPhase
from interpreter.engine.layout.legal import normalized_play
from interpreter.engine.layout.phases import DealPhase, LayoutPhase, PlayPhase
from interpreter.engine.layout.table import LayoutTable
from interpreter.engine.layout.tables import tables_for
from interpreter.engine.layout.views import layout_view
from interpreter.engine.match import Match, register
from interpreter.engine.observation import LayoutView, Observation
from interpreter.engine.scoring import track_values
from interpreter.engine.tiles import Tile, bits
from interpreter.rulefile.ruleset import Family, Ruleset, StartCriterion


class LayoutMatch(Match):
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
        self._table = LayoutTable(t, self._sides, self._seat_side, self._scores, self._events, seed, tuple(deals or ()))
        self._over = False
        self._winners: tuple[int, ...] = ()
        # A playout that stops at a round's end leaves the next round undealt (`_pending`: the
        # round's scoring is the current phase) until something asks about it (`_settle`): a
        # search's playout never looks at that round.
        self._deal_later = False
        self._pending = False
        self._events.append(ev.match_header(ruleset.name, ruleset.digest, seed, players, self._sides, self._scores))
        self._phase: LayoutPhase = DealPhase(self._table)
        self.__dict__ = dict(self.__dict__)  # not split: why in LayoutTable.__init__
        self._move_on()

    def _move_on(self) -> None:
        """The current phase is done: go on through the phases that follow it to the next that
        takes decisions; stop after a round's scoring while the next deal may wait
        (`_deal_later`), and at the match's end."""
        table = self._table
        phase = self._phase
        while phase.done:
            if self._deal_later and phase.kind == phases.SCORING and table.winners is None:
                self._pending = True
                return
            following = phase.following(table)
            if following is None:
                assert table.winners is not None
                self._over = True
                self._winners = table.winners
                return
            phase = self._phase = following

    def _settle(self) -> None:
        """Deal the round a playout left undealt. The deal comes from the table's own generator,
        which nothing else draws from meanwhile, so it is the deal the round would have had at once."""
        self._pending = False
        following = self._phase.following(self._table)
        assert following is not None
        self._phase = following
        self._move_on()

    # --- the public API -------------------------------------------------------------------------

    def _catch_up(self) -> None:
        if self._pending:
            self._settle()

    @property
    def phase_kind(self) -> str:
        self._catch_up()
        return self._phase.kind

    @property
    def phase_kinds(self) -> tuple[str, ...]:
        return self.ruleset.phase_kinds

    @property
    def round(self) -> int:
        if self._pending:
            self._settle()
        return self._table.round

    @property
    def current_player(self) -> int | None:
        if self._pending:
            self._settle()
        return None if self._over else self._table.current

    def hand(self, seat: int) -> tuple[Tile, ...]:
        if self._pending:
            self._settle()
        table = self._table
        tiles = table.t.tiles
        return tuple(tiles[t] for t in bits(table.hands[seat]))

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles not yet drawn, in draw order; the last `deal.reserve` of them are never drawn."""
        if self._pending:
            self._settle()
        table = self._table
        tiles = table.t.tiles
        return tuple(tiles[t] for t in table.boneyard[table.next_draw :])

    @property
    def dead(self) -> tuple[Tile, ...]:
        if self._pending:
            self._settle()
        table = self._table
        tiles = table.t.tiles
        return tuple(tiles[t] for t in table.dead)

    @property
    def layout(self) -> LayoutView:
        if self._pending:
            self._settle()
        table = self._table
        view: LayoutView = self._phase.describe(table, table.current)["layout"]
        return view

    @property
    def finished_layout(self) -> LayoutView | None:
        """The layout of the last round that ended, as it ended (no arm open): kept after the next
        deal, and the layout itself once the match is over; None while no round has ended."""
        if self._pending:
            self._settle()
        table = self._table
        if self._over:
            return layout_view(table, table.layout, table.demands, set())
        if table.finished is None:
            return None
        lay, demands = table.finished
        return layout_view(table, lay, demands, set())

    def observation(self, seat: int) -> Observation:
        if self._pending:
            self._settle()
        table = self._table
        seen = self._phase.describe(table, seat)
        return Observation(
            seat=seat,
            side=self._seat_side[seat],
            round=table.round,
            current_player=self.current_player,
            hand=self._blind_hand(seat) if table.t.blind else self.hand(seat),
            hand_counts=seen["hand_counts"],
            boneyard_count=seen["boneyard_count"],
            layout=seen["layout"],
            scores=self.scores,
            legal_actions=tuple(self.legal_actions()) if seat == self.current_player else (),
            history=self._history(),
            rules=self._rules,
            tracks=self.tracks,
            eliminated=table.eliminated,
        )

    def _blind_hand(self, seat: int) -> tuple[Tile, ...]:
        """What `seat` sees of its blind row (deal.hands: blind_row): nothing, but the tile it just
        turned up, in view of all, until it lays it."""
        drawn = self._drawn
        return (self._table.t.tiles[drawn],) if drawn >= 0 and seat == self._table.current else ()

    def clone(self) -> LayoutMatch:
        """An independent copy with the same future (its random stream included)."""
        new = object.__new__(LayoutMatch)
        new.__dict__ = self.__dict__.copy()  # combined (see __init__): a copy is one block copy
        new._scores = self._scores.copy()
        self._copy_log(new)
        new._table = self._table.copy(new._scores, new._events)
        new._phase = self._phase.copy()
        return new

    def legal_actions(self) -> list[Action]:
        """Plays first (by arm, then tile, then touching half), then draw, pass or marker."""
        if self._pending:
            self._settle()
        phase = self._phase
        legal = phase.listed  # listed already (after a tile of a turn of several), or listed here
        return (legal if legal is not None else phase.listing(self._table)).copy()

    def apply(self, action: Action) -> Sequence[dict[str, Any]]:
        """Do `action` for the current player; the events it produced. IllegalAction leaves all unchanged.

        The events come as a read-only sequence whose dicts are built when it is first read."""
        if self._pending:
            self._settle()
        table = self._table
        phase = self._phase
        legal = phase.listed
        if legal is None:
            legal = phase.listing(table)
        if not (isinstance(action, Action) and action in legal):
            normalized = normalized_play(action)
            if normalized is None or normalized not in legal:
                raise IllegalAction(phase.why_illegal(table, action))
            action = normalized
        start = len(self._events)
        phase.apply(table, action)
        if phase.done:
            self._move_on()
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
        is looked up, with no action list and no legality check (`PlayPhase.playout`).

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
        table = self._table
        round_no = table.round
        self._deal_later = not whole_match
        try:
            while not (self._over or self._pending) and (whole_match or table.round == round_no):
                self._phase.playout(table, rand, heavy)
                self._move_on()
        finally:
            self._deal_later = False
        if self._live:  # somebody holds the `events` list: bring it up to date, the next deal included
            if self._pending:
                self._settle()
            self._event_dicts_now()

    # --- resampling (determinize.py): the match rebuilds a round from one seat's view ------------

    @classmethod
    def _replaying(
        cls,
        rules: Ruleset,
        players: int,
        round_no: int,
        deal: Mapping[str, Any],
        scores: Sequence[int],
        standing: tuple[tuple[int, ...], Mapping[str, tuple[int, ...]]] = ((), {}),
    ) -> LayoutMatch:
        """A skeleton of round `round_no` as its logged `deal` tells it, from the `scores` it began
        with and the `standing` (the seats out of the match, the tracks by name): the real starter,
        lead and boneyard size, and every hand in play full (placeholders, so that no replayed play
        can empty one and end the round early, and no hidden tile is read)."""
        scripted = ScriptedDeal([()] * players, starter=deal["starter"])
        m = cls(rules, players, deals=[scripted] * round_no, scores=scores, teams=len(scores) < players)
        table = m._table
        eliminated, tracks = standing
        if tracks:
            table.tracks = tuple(tracks[track.name] for track in rules.tracks)
        if eliminated:
            table.seat_out(eliminated, table.t.step)
        if round_no > 1:  # deal the round itself (the start criteria of a scripted starter read nothing)
            table.round = round_no - 1
            m._phase = DealPhase(table)
            m._move_on()
        t = table.t
        if deal["lead"] is not None:
            table.lead = t.index[tuple(deal["lead"])]
        table.hands = [0 if seat in eliminated else (1 << len(t.tiles)) - 1 for seat in range(players)]
        table.boneyard = [0] * deal["boneyard_size"]
        # The scripted starter hides how the real one was picked: where it was the winning side's
        # choice, the starter may lead or hand the lead on here too (a replayed hand-over ends it).
        side_choice = deal["how"] in (StartCriterion.WINNING_SIDE_CHOICE.value, StartCriterion.LOTS_PER_SIDE.value)
        table.lead_choice = table.needs_lead and side_choice and table.sides < players
        return m

    def _playing(self) -> PlayPhase:
        """The current phase, the play phase: a skeleton's or a determinization's round is on."""
        play = self._phase
        assert isinstance(play, PlayPhase)
        return play

    def _replay(self, event: Mapping[str, Any]) -> None:
        """Redo one event of the round's public log on a skeleton (`_replaying`). A hand kept
        before play changes nothing a skeleton holds (a claimed redeal is followed by its deal)."""
        if event["type"] == "action" and event["action"]["kind"] == KEEP:
            return
        self._playing().replay(self._table, event)

    def _fitting(self, seat: int) -> int:
        """The tiles that fit an arm open to `seat` now (a mask): under forced play, what a seat that
        draws or passes now does not hold; 0 while the round waits for its lead."""
        return self._table.fitting(seat)

    @property
    def _drawn(self) -> int:
        """The tile the current seat just drew under one_then_play (the only one it may lay), or -1
        (none, or play has not begun: a redeal claim is asked)."""
        phase = self._phase
        return phase.drawn if isinstance(phase, PlayPhase) else -1

    @property
    def pool(self) -> int:
        return self._table.pool

    @property
    def tracks(self) -> dict[str, tuple[int, ...]]:
        table = self._table
        return track_values(self._rules, table.tracks) if table.tracks else {}

    @property
    def eliminated(self) -> tuple[int, ...]:
        return self._table.eliminated

    def _replayed(
        self, current: int | None, seat: int, hand: int, scores: Sequence[int], legal: Sequence[Action], pool: int
    ) -> None:
        """The replay is done: `current` acts next (None: as replayed), `seat` holds `hand` and
        has `legal` actions if it is to act, the scores and the pool are the observed ones, the log
        starts here."""
        self._scores[:] = scores
        self._table.pool = pool
        self._restart_log()
        table = self._table
        table.events = self._events
        if current is not None and Action(KEEP) in legal:  # a redeal claim is asked, before play
            table.hands[seat] = hand
            self._phase = ClaimPhase.resumed(table, current)
            return
        self._playing().replayed(table, current, seat, hand, legal)

    def _tile_id(self, tile: Tile) -> int:
        return self._table.t.index[tile]

    def _hidden_besides(self, hand: int) -> int:
        """The tiles of the set neither on the layout nor in `hand` (masks)."""
        return self._table.hidden_besides(hand)

    def _redealt(
        self,
        hands: Mapping[int, int],
        boneyard: list[int],
        dead: list[int],
        drawn: int,
        seed: int,
        kept: Mapping[int, int] | None = None,
        rows: Mapping[int, list[int]] | None = None,
    ) -> LayoutMatch:
        """A copy with the hidden tiles dealt as given: `hands` per seat, the tiles still to draw,
        the dead ones, the current seat's drawn tile (-1: none); its deals from now on come from
        `seed`, and its next round is dealt only when something asks about it (as after
        `playout`): a search whose tree path ends the round reads the scores only (`round_over`).
        `kept`: the tiles laid face down, per seat (draw.when_unable: discard); `rows`: blind rows
        (deal.hands: blind_row), per seat, the right end last."""
        m = self.clone()
        m._table.redeal(hands, boneyard, dead, seed, kept or {}, rows)
        if drawn >= 0:
            m._playing().drawn = drawn
        m._deal_later = True
        return m

    def _showing_finished_of(self, other: LayoutMatch) -> LayoutMatch:
        """This match, showing `other`'s last finished round as its own (every seat saw it end)."""
        self._table.finished = other._table.finished
        return self

    # --- a search's tree path on a determinization (engine/search.py), where the round is not over

    def round_over(self, round_no: int) -> bool:
        """Whether round `round_no` is over (or the match), without dealing the next round."""
        return self._over or self._pending or self._table.round != round_no

    def legal_now(self) -> list[Action]:
        """The legal actions without the copy (the match's own list: read it, never change it)."""
        return self._phase.listing(self._table)

    def advance(self, action: Action) -> None:
        """`apply` for an action taken from `legal_now()`, without checking it again or building
        the events' view: the same state and log."""
        phase = self._phase
        phase.apply(self._table, action)
        if phase.done:
            self._move_on()


register(Family.LAYOUT, LayoutMatch)
