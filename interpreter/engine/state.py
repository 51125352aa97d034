"""A match: rounds of play under one ruleset, from the first deal to the winners.

The state is small and flat (hands are bitmasks, the boneyard a shared list with a read
position) so that `clone` is cheap, and `apply` changes it in place. Every rule comes from the
`Ruleset`: this module knows options and expressions, never a game by name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.actions import DRAW, KINDS, MARKER, PASS, PLAY, Action, IllegalAction
from interpreter.engine.dealing import Previous, open_round
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.layout import SIDE, Arm, Demand, Layout
from interpreter.engine.observation import ArmView, LayoutView, Observation, OpenDouble
from interpreter.engine.scoring import round_end_env, scoring_sides, winners
from interpreter.engine.tables import tables_for
from interpreter.engine.tiles import Tile, bits, normal, tile_text
from interpreter.ruleset import (
    DemandStarts,
    DoubleAtEnd,
    DrawPolicy,
    Ruleset,
    Scorer,
    SidesOpen,
    Spinners,
    TargetCheck,
    Teams,
    Topology,
    WhenUnable,
)

_DRAW = Action(DRAW)
_OPENING_SPINNERS = (Spinners.FIRST_DOUBLE, Spinners.EVERY_DOUBLE)  # a double laid on an arm may open sides
_ACTION_RECORD = ev.ACTION
_PLAYED_RECORD = ev.PLAYED
_PASS = Action(PASS)
_MARKER = Action(MARKER)


class Match:
    """One match. Public API: see docs/engine.md; everything with a leading underscore is private."""

    def __init__(
        self,
        ruleset: Ruleset,
        players: int,
        seed: int = 0,
        deals: Sequence[ScriptedDeal] | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        if not ruleset.players.min <= players <= ruleset.players.max:
            raise ValueError(
                f"'{ruleset.name}' is for {ruleset.players.min}–{ruleset.players.max} players, not {players}"
            )
        t = tables_for(ruleset, players)
        self._t = t
        self._rules = ruleset
        self._n = players
        teams = ruleset.players.teams is Teams.OPPOSITE and players in ruleset.players.team_counts
        self._sides = players // 2 if teams else players
        self._seat_side = [seat % self._sides for seat in range(players)]
        if scores is not None and len(scores) != self._sides:
            raise ValueError(f"{len(scores)} initial scores for {self._sides} sides")
        self._scores = [0] * self._sides if scores is None else [int(s) for s in scores]
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
        # The log as compact records (events.py), turned into dicts only when it is read:
        # `_event_dicts` / `_public_dicts` are those dicts so far, for the log list `_dicts_of`.
        # Once `events` has been read, the list it returned is kept up to date after each action
        # (`_live`): callers may hold on to it and watch it grow.
        self._events: list[ev.Record] = []
        self._event_dicts: list[dict[str, Any]] = []
        self._public_dicts: list[dict[str, Any]] = []
        self._dicts_of: list[ev.Record] = self._events
        self._live = False
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
        self._round = 0
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

    @property
    def ruleset(self) -> Ruleset:
        return self._rules

    @property
    def players(self) -> int:
        return self._n

    @property
    def round(self) -> int:
        if self._pending:
            self._settle()
        return self._round

    @property
    def sides(self) -> int:
        return self._sides

    def side_of(self, seat: int) -> int:
        return self._seat_side[seat]

    @property
    def current_player(self) -> int | None:
        if self._pending:
            self._settle()
        return None if self._over else self._current

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    @property
    def events(self) -> list[dict[str, Any]]:
        """The whole log so far. The list itself, kept up to date as the match goes on: read it,
        do not change it."""
        if self._pending:
            self._settle()
        self._live = True
        return self._event_dicts_now()

    def events_of(self, kind: str) -> list[dict[str, Any]]:
        """The log's events of one type (say "round_end"), in order, as `events` holds them; the
        dicts of the other records are not built."""
        if self._pending:
            self._settle()
        if self._live:
            return [event for event in self._event_dicts_now() if event["type"] == kind]
        tags = ev.TAGS_OF_TYPE.get(kind)
        if tags is None:  # a type only ever logged as a finished dict
            return [record for record in self._events if type(record) is dict and record["type"] == kind]
        return [ev.materialise(record) for record in self._events if type(record) is tuple and record[0] in tags]

    def _event_dicts_now(self) -> list[dict[str, Any]]:
        """The log's records so far as event dicts: the ones built before and the new ones."""
        log = self._events
        out = self._event_dicts
        if self._dicts_of is not log:  # the log was replaced (determinize.py starts a fresh one)
            out = self._event_dicts = []
            self._public_dicts = []
            self._dicts_of = log
        if len(out) < len(log):
            out += ev.materialise_all(log[len(out) :])
        return out

    def _history(self) -> tuple[dict[str, Any], ...]:
        """The public log: the events as every seat may see them."""
        events = self._event_dicts_now()
        log = self._events
        out = self._public_dicts
        for i in range(len(out), len(events)):
            out.append(ev.public(log[i], events[i]))
        return tuple(out)

    def returns(self) -> tuple[float, ...]:
        """Per seat: its side's share of the win (1/k for k winning sides), 0.0 otherwise or before the end."""
        share = 1.0 / len(self._winners) if self._winners else 0.0
        return tuple(share if self._seat_side[s] in self._winners else 0.0 for s in range(self._n))

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
        t = self._t
        lay = self._layout
        open_ids = {arm.id for arm in self._open_arms(self._current)} if not (self._over or self._needs_lead) else set()
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
        doubles = tuple(OpenDouble(t.tiles[d.tile], tuple(d.arms), d.remaining, d.active) for d in self._demands)
        ends = tuple(self._counted_ends()) if lay.arms else ()
        return LayoutView(
            arms=arms,
            lead=None if lay.lead is None else t.tiles[lay.lead],
            hub=None if lay.engine is None else t.tiles[lay.engine],
            spinners=tuple(t.tiles[s.tile] for s in lay.spinners),
            open_doubles=doubles,
            tiles=tuple(t.tiles[tile] for tile in lay.tile_ids()),
            ends=ends,
            end_sum=sum(ends),
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

    def clone(self) -> Match:
        """An independent copy with the same future (its random stream included)."""
        new = object.__new__(Match)
        new.__dict__.update(self.__dict__)
        new._hands = self._hands.copy()
        new._scores = self._scores.copy()
        new._layout = self._layout.copy()
        new._demands = [d.copy() for d in self._demands]
        new._events = self._events.copy()
        new._event_dicts = []  # the copy builds its own dicts when its log is read
        new._public_dicts = []
        new._dicts_of = new._events
        new._live = False
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
            normalized = _normalized(action)
            if normalized is None or normalized not in legal:
                raise IllegalAction(self._why_illegal(action))
            action = normalized
        log = self._events
        start = len(log)
        self._legal = None
        kind, tile, arm_id, half = action
        if kind == PLAY:
            self._lay(self._current, self._t.id_of[tile[0]][tile[1]], arm_id, half, action)  # type: ignore[index]
        elif kind == DRAW:
            self._draw(self._current)
        else:
            self._pass(self._current, kind == MARKER)
        if self._live:  # somebody holds the `events` list: keep it current
            return self._event_dicts_now()[start:]
        return ev.LogSlice(log, start, len(log))

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
                self._random_round(rand, heavy)
        finally:
            self._deal_later = False
        if self._live:  # somebody holds the `events` list: bring it up to date, the next deal included
            if self._pending:
                self._settle()
            self._event_dicts_now()

    def _random_round(self, rand: Callable[[], float], heavy: float) -> None:
        """Random play (as `playout` defines it) until this round ends.

        The hot path of simulations and searches. The round's fixed objects and the turn's state
        (seat, passes, what was drawn) are locals, the common steps of `_lay` and `_pass` are
        inlined, and the rare ones (a double laid, an open double answered, in-play scoring, a
        draw, the round's end) go through the general methods, with the turn's state stored
        back around the call."""
        self._legal = None
        round_no = self._round
        t = self._t
        if self._needs_lead:  # once a round: lead a tile (the leads are listed by tile id)
            seat = self._current
            tile = self._lead
            if tile is None:
                leads = t.ids(self._hands[seat])
                k = len(leads)
                if k == 1:
                    tile = leads[0]
                elif heavy and rand() < heavy:
                    tile = t.heaviest(self._hands[seat])
                else:
                    tile = leads[int(rand() * k)]
            self._lay(seat, tile, None, None, t.leads[tile])
            if self._over or self._round != round_no:
                return
        pips = t.pips
        low_half = t.low
        is_double = t.is_double
        tiles = t.tiles
        hands = self._hands
        lay = self._layout
        markers = lay.markers
        events = self._events
        demands = self._demands  # changed in place
        n = self._n
        step = self._step
        forced = self._forced
        again = self._again
        in_play = self._in_play
        double_opens = self._double_opens
        reads_doubles = self._reads_doubles
        marker_rule = self._marker
        may_draw = self._may_draw
        draws_on = self._policy is DrawPolicy.UNTIL_PLAYABLE  # may draw again after drawing
        # Where no arm is ever closed to anyone (a plain line), the arms to scan are all of them.
        fixed_arms = lay.arms if self._all_open and not self._rules.layout.double_demand else None
        seat = self._current
        passes = self._passes
        drew = self._drew
        drawn = self._drawn
        fits = self._fits
        masks = fits.masks
        halves_of = fits.halves
        twice = fits.twice
        wild = fits.wild
        while True:
            hand = hands[seat]
            playable = hand if drawn < 0 else hand & 1 << drawn
            arms = fixed_arms or self._open_arms(seat)
            # The number of plays, as _compute_legal lists them: by arm, tile, touching half. A
            # tile that may touch an end with either half (a wild end) is two plays there.
            total = 0
            for arm in arms:
                fit = playable & masks[arm.value]
                if fit:
                    total += fit.bit_count()
            if wild and total:
                for arm in arms:
                    total += (playable & twice[arm.value]).bit_count()
            k = total if total and forced else total + 1
            if k == 1:
                i = 0
            elif heavy and rand() < heavy:
                i = -1  # the heaviest play, found below
            else:
                i = int(rand() * k)
            if i >= total:  # unable to play (or choosing not to): draw, pass or mark
                if may_draw and (not drew or draws_on) and self._drawable() > 0:
                    self._current, self._passes = seat, passes
                    self._draw(seat)
                    seat, passes, drew, drawn = self._current, self._passes, self._drew, self._drawn
                    continue
                marker = marker_rule and not markers[seat]
                if marker:
                    markers[seat] = True
                events.append((_ACTION_RECORD, seat, _MARKER if marker else _PASS))
                passes += 1
                if passes >= n:  # every seat in a row unable: the round is blocked
                    self._current, self._passes = seat, passes
                    self._end_round("blocked", None)
                    return
                for demand in demands:
                    demand.active = True
                seat = (seat + step) % n
                if drew:
                    drew = False
                    drawn = -1
                continue
            if i < 0:
                # The first play of the heaviest playable tile: the earliest arm it fits, its first half.
                fitting = 0
                for arm in arms:
                    fitting |= playable & masks[arm.value]
                heaviest = t.heaviest_mask(fitting)
                for arm in arms:
                    value = arm.value
                    fit = playable & masks[value] & heaviest
                    if fit:
                        break
                i = 0
            else:  # the i-th play: find its arm, then its tile among that arm's fitting tiles
                for arm in arms:
                    value = arm.value
                    fit = playable & masks[value]
                    if fit:
                        count = fit.bit_count()
                        if wild:
                            count += (playable & twice[value]).bit_count()
                        if i < count:
                            break
                        i -= count
            halves = halves_of[value]
            if wild:  # a tile may come twice (once per touching half)
                while True:
                    low = fit & -fit
                    here = len(halves[low.bit_length() - 1])
                    if i < here:
                        break
                    i -= here
                    fit ^= low
            else:
                while i:
                    fit &= fit - 1
                    i -= 1
                low = fit & -fit
            tile = low.bit_length() - 1
            arm_id = arm.id
            half = halves[tile][i]
            # _lay, inlined for a tile on an arm
            hand ^= low
            hands[seat] = hand
            events.append((_PLAYED_RECORD, seat, tiles[tile], arm_id, half))
            arm.tiles.append((tile, half))
            arm.value = pips[tile] - half
            if arm.owner == seat:
                markers[seat] = False
            if demands:
                self._cover(arm_id)
            double = is_double[tile]
            if double:
                if double_opens:
                    self._laid_double(arm, tile, low_half[tile])
                lay.doubles |= 1 << low_half[tile]  # as _note_double does: a double is laid once, its bit is new
                if reads_doubles:
                    fits = self._fits = t.fits(lay.doubles)
                    masks, halves_of, twice, wild = fits.masks, fits.halves, fits.twice, fits.wild
            passes = 0
            if drew:
                drew = False
                drawn = -1
            if in_play is not None:
                self._current, self._passes, self._drew, self._drawn = seat, 0, False, -1
                if self._score_in_play(seat):
                    return
            if not hand:
                self._current = seat
                self._end_round("domino", seat)
                return
            if not (double and again):
                for demand in demands:
                    demand.active = True
                seat = (seat + step) % n

    # --- rounds ---------------------------------------------------------------------------------

    def _start_round(self) -> None:
        self._round += 1
        t = self._t
        scripted = self._deals[self._round - 1] if self._round <= len(self._deals) else None
        rs = open_round(t, self._generator(), self._round, scripted, self._previous)
        self._hands = rs.hands
        self._boneyard = rs.boneyard
        self._next_draw = 0
        self._dead = rs.dead
        self._layout = Layout(self._n)
        if not self._line:
            assert rs.engine is not None
            layout = self._rules.layout
            owners: list[int | None] = list(range(self._n)) if layout.personal_trains else []
            owners += [None] * layout.shared_trains
            self._layout.start_hub(rs.engine, t.low[rs.engine], owners)
        self._needs_lead = self._line
        self._lead = rs.lead
        self._starter = rs.starter
        self._current = rs.starter
        self._demands: list[Demand] = []
        self._passes = 0
        self._drew = False
        self._drawn = -1  # under one_then_play, the tile just drawn: the only one that may be played
        self._fits = t.fits(self._layout.doubles)
        # The hands as dealt (the list itself changes with play); boneyard and dead never change.
        deal = (ev.DEAL, t, self._round, rs.starter, rs.how, rs.lead, rs.engine, tuple(rs.hands),
                rs.boneyard, rs.dead, rs.lots, rs.redeals)  # fmt: skip
        self._events.append(deal)

    def _generator(self) -> random.Random:
        """The match's own random generator, made its own on first use after a clone or a reseed."""
        if self._rng is None:
            self._rng = random.Random(self._reseed_with)
        elif self._rng_shared:
            own = random.Random(0)  # cheaper to seed than from the system; setstate replaces it
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    def _reseed(self, seed: int) -> None:
        """Give the match a new random stream for its deals from now on (created when first used)."""
        self._rng, self._rng_shared, self._reseed_with = None, False, seed

    def _end_round(self, reason: str, out_seat: int | None) -> None:
        t = self._t
        n = self._n
        seat_pips = t.hand_values(self._hands)
        seat_tiles = list(map(int.bit_count, self._hands))
        if self._sides == n:
            side_pips, side_tiles = seat_pips, seat_tiles
        else:
            side_pips = [0] * self._sides
            side_tiles = [0] * self._sides
            for seat in range(n):
                side_pips[self._seat_side[seat]] += seat_pips[seat]
                side_tiles[self._seat_side[seat]] += seat_tiles[seat]
        scoring = self._rules.domino if reason == "domino" else self._rules.blocked
        out_side = None if out_seat is None else self._seat_side[out_seat]
        scorers = scoring_sides(scoring, side_pips, side_tiles, out_side)
        for side in scorers:
            if scoring.points.constant is not None:  # a formula that reads nothing
                points = int(scoring.points.constant)
            else:
                env = round_end_env(side, side_pips, side_tiles, n // self._sides, n, t.max_pip, self._round)
                points = int(scoring.points(env))
            self._scores[side] += points
            self._events.append(ev.score(side, points, self._scores[side], reason))
        hands = tuple(self._hands)
        self._events.append((ev.ROUND_END, t, self._round, reason, out_seat, hands, seat_pips, self._scores.copy()))
        won = None
        if (t.goal is not None and max(self._scores) >= t.goal) or (
            t.last_round is not None and self._round >= t.last_round
        ):  # else nobody can have won yet (scoring.winners)
            won = winners(self._rules.match, self._scores, self._round, n, at_round_end=True)
        if won is not None:
            self._finish(won)
            return
        winner = None
        if self._t.start_reads_winner:
            winner = self._round_winner(scoring.scorer, scorers, out_seat, seat_pips, seat_tiles)
        self._previous = Previous(self._starter, winner)
        if self._deal_later:
            self._pending = True
        else:
            self._start_round()

    def _settle(self) -> None:
        """Deal the round a playout left undealt. The deal comes from the match's own generator,
        which nothing else draws from meanwhile, so it is the deal the round would have had at once."""
        self._pending = False
        self._start_round()

    def _round_winner(
        self, scorer: Scorer, scorers: list[int], out_seat: int | None, seat_pips: list[int], seat_tiles: list[int]
    ) -> int | None:
        """The seat a `previous_winner` start picks: who went out; in a blocked round, the seat of
        the scoring side with the lowest pips (fewest tiles) — nobody when no single side scored."""
        if out_seat is not None:
            return out_seat
        if len(scorers) != 1 or scorer not in (Scorer.LOWEST_PIPS, Scorer.FEWEST_TILES):
            return None
        measure = seat_pips if scorer is Scorer.LOWEST_PIPS else seat_tiles
        seats = [s for s in range(self._n) if self._seat_side[s] == scorers[0]]
        return min(seats, key=lambda s: measure[s])

    def _finish(self, won: tuple[int, ...]) -> None:
        self._over = True
        self._winners = won
        self._events.append(ev.match_end(won, self._scores))

    # --- turns ----------------------------------------------------------------------------------

    def _play(self, seat: int, action: Action) -> None:
        _, (low, high), arm_id, half = action  # type: ignore[misc]
        self._lay(seat, self._t.id_of[low][high], arm_id, half, action)

    def _lay(self, seat: int, tile: int, arm_id: int | None, half: int | None, action: Action) -> None:
        """Lay `tile` (the play `action`, logged as it is) on arm `arm_id` with `half` touching, or
        lead it (arm None). The hot path: one call per tile laid; locals and precomputed flags."""
        t = self._t
        hand = self._hands[seat] & ~(1 << tile)
        self._hands[seat] = hand
        self._events.append((_ACTION_RECORD, seat, action))
        lay = self._layout
        double = t.is_double[tile]
        if arm_id is None:
            layout = self._rules.layout
            spinner = double and layout.spinners is not Spinners.NONE
            lay.start_line(tile, t.low[tile], t.high[tile], layout.spinner_arms if spinner else 0)
            self._needs_lead = False
        else:
            arm = lay.arms[arm_id]
            arm.tiles.append((tile, half))
            arm.value = t.pips[tile] - half  # type: ignore[operator]
            if arm.owner == seat:
                lay.markers[seat] = False
            if self._demands:
                self._cover(arm_id)
            if double and self._double_opens:
                self._laid_double(arm, tile, t.low[tile])
        if double:
            self._note_double(tile)
        self._passes = 0
        if self._drew:
            self._drew = False
            self._drawn = -1
        if self._in_play is not None and self._score_in_play(seat):
            return
        if not hand:
            self._end_round("domino", seat)
        elif not (double and self._again):  # the turn passes (_end_turn, inlined)
            for demand in self._demands:
                demand.active = True
            self._current = (seat + self._step) % self._n

    def _note_double(self, tile: int) -> None:
        """A double is on the table: the matching table changes if the match condition reads `doubles`."""
        lay = self._layout
        pip = self._t.low[tile]
        if not lay.doubles >> pip & 1:
            lay.doubles |= 1 << pip
            if self._reads_doubles:
                self._fits = self._t.fits(lay.doubles)

    def _laid_double(self, arm: Arm, tile: int, pip: int) -> None:
        lay = self._layout
        layout = self._rules.layout
        spinners = layout.spinners
        spinner = spinners is Spinners.EVERY_DOUBLE or (spinners is Spinners.FIRST_DOUBLE and not lay.spinners)
        sides = lay.open_sides(arm, tile, pip, layout.spinner_arms - 2) if spinner else ()
        if layout.double_demand:
            arms = [arm.id, *sides]
            active = layout.demand_starts is DemandStarts.IMMEDIATELY
            self._demands.append(Demand(tile, arms, min(layout.double_demand, len(arms)), active))

    def _cover(self, arm_id: int) -> None:
        """A tile on an open double's uncovered arm answers one of the tiles it demands."""
        for demand in self._demands:
            if arm_id in demand.arms:
                demand.arms.remove(arm_id)
                demand.remaining -= 1
                if not demand.remaining:
                    self._demands.remove(demand)
                return

    def _score_in_play(self, seat: int) -> bool:
        """Score the open ends after a tile is laid; True if that ended the match."""
        rules = self._rules
        scoring = rules.in_play
        assert scoring is not None
        side = self._seat_side[seat]
        ends = tuple(self._counted_ends())
        env = {"end_sum": sum(ends), "ends": ends, "players": self._n, "max_pip": self._t.max_pip,
               "round": self._round, "score": self._scores[side]}  # fmt: skip
        if not scoring.when(env):
            return False
        points = int(scoring.points(env))
        self._scores[side] += points
        self._events.append(ev.score(side, points, self._scores[side], "in_play", seat))
        if rules.match.check is not TargetCheck.IMMEDIATE:
            return False
        won = winners(rules.match, self._scores, self._round, self._n, at_round_end=False)
        if won is None:
            return False
        t = self._t
        pips = t.hand_values(self._hands)
        hands = tuple(self._hands)
        self._events.append((ev.ROUND_END, t, self._round, "target", None, hands, pips, self._scores.copy()))
        self._finish(won)
        return True

    def _counted_ends(self) -> list[int]:
        scoring = self._rules.in_play
        factor = 1 if scoring is not None and scoring.double_at_end is DoubleAtEnd.ONE_HALF else 2
        return self._layout.counted_ends(self._t.is_double, factor)

    def _draw(self, seat: int) -> None:
        tile = self._boneyard[self._next_draw]
        self._next_draw += 1
        self._hands[seat] |= 1 << tile
        self._events.append((ev.ACTION, seat, _DRAW))
        self._events.append((ev.DRAW, seat, self._t.tiles[tile]))
        self._passes = 0
        if self._policy is DrawPolicy.ONE_THEN_PASS:
            self._end_turn()
            return
        self._drew = True
        if self._policy is DrawPolicy.ONE_THEN_PLAY:
            self._drawn = tile

    def _pass(self, seat: int, marker: bool) -> None:
        if marker:
            self._layout.markers[seat] = True
        self._events.append((ev.ACTION, seat, _MARKER if marker else _PASS))
        # Every seat in a row unable to lay a tile or draw one: the round is blocked.
        self._passes += 1
        if self._passes >= self._n:
            self._end_round("blocked", None)
        else:  # _end_turn, inlined
            for demand in self._demands:
                demand.active = True
            self._current = (seat + self._step) % self._n
            self._drew = False
            self._drawn = -1

    def _end_turn(self) -> None:
        for demand in self._demands:
            demand.active = True
        self._current = (self._current + self._step) % self._n
        self._drew = False
        self._drawn = -1

    # --- legal actions --------------------------------------------------------------------------

    def _drawable(self) -> int:
        return max(0, len(self._boneyard) - self._reserve - self._next_draw)

    def _binding(self) -> Demand | None:
        """The open double that restricts play now: the oldest one that binds."""
        for demand in self._demands:
            if demand.active:
                return demand
        return None

    def _open_arms(self, seat: int) -> list[Arm]:
        """The arms `seat` may play on now: the binding open double's arms if there is one."""
        lay = self._layout
        arms = lay.arms
        demand = self._binding() if self._demands else None
        if demand is not None:
            candidates = [arms[i] for i in demand.arms]
        elif self._line:
            candidates = arms
        else:
            markers = lay.markers
            candidates = [a for a in arms if a.owner is None or a.owner == seat or markers[a.owner]]
        if self._gated:
            return [a for a in candidates if a.spinner is None or lay.ends_covered(a.spinner)]
        return candidates

    def _unable(self, seat: int) -> Action:
        """What a player does instead of playing: draw if the rules let them, else pass or mark."""
        if self._may_draw and (not self._drew or self._policy is DrawPolicy.UNTIL_PLAYABLE) and self._drawable() > 0:
            return _DRAW
        if self._marker and not self._layout.markers[seat]:
            return _MARKER
        return _PASS

    def _compute_legal(self) -> list[Action]:
        """The hot path of legal moves: per open arm, one AND of the hand with the matching mask of
        the value it shows, and per fitting tile its precomputed row of (shared) play actions."""
        if self._over:
            return []
        seat = self._current
        if self._needs_lead:
            leads = self._t.leads
            return [leads[x] for x in ([self._lead] if self._lead is not None else bits(self._hands[seat]))]
        out: list[Action] = []
        hand = self._hands[seat]
        if self._drawn >= 0:
            hand &= 1 << self._drawn
        if hand:
            fits = self._fits
            masks = fits.masks
            rows = fits.plays
            for arm in self._layout.arms if self._all_open and not self._demands else self._open_arms(seat):
                value = arm.value
                fit = hand & masks[value]
                if fit:
                    row = rows.get(arm.id << 6 | value) or self._t.plays_row(fits, arm.id, value)  # tables.row_key
                    while fit:
                        low = fit & -fit
                        fit ^= low
                        out += row[low]
            if out and self._forced:
                return out
        out.append(self._unable(seat))
        return out

    def _why_illegal(self, action: object) -> str:
        if self._over:
            return "the match is over"
        if not isinstance(action, Action) or action.kind not in KINDS:
            return f"{action!r} is not an action"
        seat = self._current
        legal = self._legal or []
        plays = [a for a in legal if a.kind == PLAY]
        if action.kind != PLAY:
            return self._why_not_unable(seat, action.kind, bool(plays))
        t = self._t
        tile = t.index.get(normal(action.tile)) if action.tile is not None else None
        if tile is None:
            return f"{action.tile!r} is not a tile of the double-{t.max_pip} set"
        name = tile_text(t.tiles[tile])
        if not self._hands[seat] >> tile & 1:
            return f"seat {seat} does not hold {name}"
        if self._needs_lead:
            if self._lead is not None and tile != self._lead:
                return f"the round opens with {tile_text(t.tiles[self._lead])}"
            return f"the first tile is the lead: it goes on no arm ('lead {name}')"
        if action.arm is None:
            return f"say which arm {name} goes on ('{name} on arm N')"
        if not 0 <= action.arm < len(self._layout.arms):
            return f"there is no arm {action.arm}"
        if self._drawn >= 0 and tile != self._drawn:
            return f"after drawing, only the drawn tile {tile_text(t.tiles[self._drawn])} may be played"
        arm = self._layout.arms[action.arm]
        if arm not in self._open_arms(seat):
            return self._why_closed(seat, arm)
        if action.half not in t.tiles[tile]:
            return f"{name} has no half {action.half}"
        return f"{name} with its {action.half} touching does not match arm {arm.id} (it shows {arm.value})"

    def _why_closed(self, seat: int, arm: Arm) -> str:
        demand = self._binding()
        if demand is not None:
            double = tile_text(self._t.tiles[demand.tile])
            return f"the open double {double} must be covered first (arms {', '.join(map(str, demand.arms))})"
        if arm.owner is not None and arm.owner != seat and not self._layout.markers[arm.owner]:
            return f"arm {arm.id} is seat {arm.owner}'s train and carries no marker"
        if arm.kind == SIDE:
            return f"arm {arm.id} opens once both ends of its spinner carry a tile"
        return f"arm {arm.id} is not open"

    def _why_not_unable(self, seat: int, kind: str, can_play: bool) -> str:
        if can_play and self._forced:
            return "a player who can play must play"
        expected = self._unable(seat).kind
        if kind == DRAW:
            if self._policy is DrawPolicy.NONE:
                return "these rules have no drawing"
            if self._drew and self._policy is not DrawPolicy.UNTIL_PLAYABLE:
                return "only one tile may be drawn this turn"
            return "there is nothing left to draw"
        if kind == MARKER and not self._marker:
            return "these rules have no markers: pass"
        if expected == DRAW:
            return "a player who cannot play must draw first"
        if kind == MARKER:
            return f"seat {seat}'s train already carries a marker: pass"
        return "a player who cannot play puts a marker on their own train"


def _normalized(action: object) -> Action | None:
    """The same play written with its tile as (low, high), if it was written the other way round."""
    if isinstance(action, Action) and action.kind == PLAY and action.tile is not None and len(action.tile) == 2:
        return action._replace(tile=normal(action.tile))
    return None
