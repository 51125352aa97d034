"""What one action does: laying a tile (doubles, demands, in-play scoring), drawing, passing."""

from __future__ import annotations

from interpreter.engine import events as ev
from interpreter.engine.actions import DRAW, DRAW_ACTION, MARKER, MARKER_ACTION, PASS_ACTION, PLAY, Action
from interpreter.engine.layout.arms import Arm, Demand, Layout
from interpreter.engine.layout.dealing import engine_tile
from interpreter.engine.layout.state import LayoutState
from interpreter.engine.scoring import score_error, winners
from interpreter.expressions.language import MAX_VALUE, Expr
from interpreter.rulefile.ruleset import (
    DemandStarts,
    DoubleAtEnd,
    DrawPolicy,
    Spinners,
    TargetCheck,
)

_ACTION_RECORD = ev.ACTION


class TurnRules(LayoutState):
    """`Match`'s turn rules: the effects of a play, a draw and a pass."""

    # A turn of several tiles (play.per_turn): the tiles laid so far this turn, the arms they went
    # on, and, fixed by its first tile, how many it lays and whether it must be laid whole.
    _turn_laid = 0
    _turn_arms: tuple[int, ...] = ()
    _turn_need = 1
    _turn_whole = False

    def _do(self, action: Action) -> None:
        """Carry out a legal action for the current player."""
        kind, tile, arm_id, half, _ = action
        if kind == PLAY:
            self._lay(self._current, self._t.id_of[tile[0]][tile[1]], arm_id, half, action)  # type: ignore[index]
        elif kind == DRAW:
            self._draw(self._current)
        else:
            self._pass(self._current, kind == MARKER)

    def _play(self, seat: int, action: Action) -> None:
        _, (low, high), arm_id, half, _ = action  # type: ignore[misc]
        self._lay(seat, self._t.id_of[low][high], arm_id, half, action)

    def _lay(self, seat: int, tile: int, arm_id: int | None, half: int | None, action: Action) -> None:
        """Lay `tile` (the play `action`, logged as it is) on arm `arm_id` with `half` touching, or
        lead it (arm None). The hot path: one call per tile laid; locals and precomputed flags."""
        t = self._t
        if t.reads_fit:  # counted before the tile changes the ends
            self._last_fit = 0 if arm_id is None else self._fit_ends(seat, tile)
        hand = self._hands[seat] & ~(1 << tile)
        self._hands[seat] = hand
        self._events.append((_ACTION_RECORD, seat, action))
        self._extra = False
        lay = self._layout
        double = t.is_double[tile]
        if arm_id is None:
            self._needs_lead = False
            if self._line:
                layout = self._rules.layout
                spinner = double and layout.spinners is not Spinners.NONE
                lay.start_line(tile, t.low[tile], t.high[tile], layout.spinner_arms if spinner else 0)
                if double and layout.lead_demand:
                    self._demand_on_lead(tile)
            elif lay.engine is None:  # a dealt engine (or its stand-in), laid at the hub by its holder
                self._open_hub(tile, t.low[engine_tile(t, self._round)])
            else:  # a player's own double, starting their personal train
                lay.start_own(tile, t.low[tile], seat)
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
        if self._in_play is not None and self._score_in_play(seat, tile):
            return
        if t.multi and self._turn_goes_on(seat, arm_id, double, hand):
            return
        if not hand:
            self._end_round("domino", seat)
        elif not (double and self._again) or (arm_id is None and not self._line):  # the turn passes
            for demand in self._demands:
                demand.active = True
            self._current = (seat + self._step) % self._n
        else:  # the player lays again: must, or may (then they may also stop)
            self._extra = self._rules.play.again_optional

    def _turn_goes_on(self, seat: int, arm_id: int | None, double: bool, hand: int) -> bool:
        """After a tile laid in a turn of several: True if the same player lays another now (the
        legal moves are then listed already). The lead is a turn of its own; a double laid under
        `again_after_double` does not count toward the turn's tiles; a turn that cannot go on ends."""
        if arm_id is None or not hand:
            self._reset_turn()
            return False
        if not self._turn_laid:
            self._turn_need, self._turn_whole = self._turn_size(seat, hand.bit_count() + 1)
        self._turn_laid += 1
        self._turn_arms += (arm_id,)
        if double and self._again:
            self._turn_need += 1
        if self._turn_laid < self._turn_need:
            self._extra = self._rules.play.rest_optional or not self._forced
            legal = self._compute_legal()
            if legal[0].kind == PLAY:
                self._legal = legal
                return True
            self._extra = False
        self._reset_turn()
        return False

    def _reset_turn(self) -> None:
        self._turn_laid = 0
        self._turn_arms = ()

    def _turn_ended(self) -> None:
        """A replay of the log (determinize.py) learns that another seat acts next: the turn of
        several tiles that its stand-in hands kept going ended there."""
        self._reset_turn()
        self._extra = False

    def _fit_ends(self, seat: int, tile: int) -> int:
        """The open ends, of those open to `seat` now, that `tile` could touch."""
        masks = self._fits.masks
        return sum(masks[arm.value] >> tile & 1 for arm in self._open_arms(seat))

    def _demand_on_lead(self, tile: int) -> None:
        """The lead double or the engine demands `layout.lead_demand` tiles, one on each of that
        many of its arms, before play goes anywhere else (an empty arm is what it demands)."""
        arms = [arm.id for arm in self._layout.arms]
        self._demands.append(Demand(tile, arms, min(self._rules.layout.lead_demand, len(arms)), True))

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

    def _score_in_play(self, seat: int, tile: int) -> bool:
        """Score the open ends after `tile` is laid; True if that ended the match."""
        rules = self._rules
        scoring = rules.in_play
        assert scoring is not None
        side = self._seat_side[seat]
        ends = tuple(self._counted_ends())
        env = {"end_sum": sum(ends), "ends": ends, "players": self._n, "max_pip": self._t.max_pip,
               "round": self._round, "score": self._scores[side]}  # fmt: skip
        if self._t.in_play_reads_detail:
            t = self._t
            open_ends = self._layout.open_ends(t.is_double)
            values = tuple(pip for pip, _ in open_ends)
            env.update(
                end_values=values,
                open_ends=len(values),
                double_ends=sum(double for _, double in open_ends),
                same_ends=max(map(values.count, values), default=0),
                laid_high=t.high[tile],
                laid_low=t.low[tile],
                laid_is_double=t.is_double[tile],
                laid_fit_ends=self._last_fit,
                tiles=self._hands[seat].bit_count(),
            )
        if not scoring.when(env):
            return False
        return self._credit(side, seat, int(scoring.points(env)), scoring.points, "in_play")

    def _credit(self, side: int, seat: int, points: int, formula: Expr, reason: str) -> bool:
        """Credit `points` scored during play (by `formula`, for `reason`) to `side`, as `seat`'s
        doing; True if that ended the match."""
        rules = self._rules
        total = self._scores[side] + points
        if not -MAX_VALUE <= total <= MAX_VALUE:
            raise score_error(formula, side, total)
        self._scores[side] = total
        self._events.append((ev.SCORE, side, seat, points, total, reason))
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

    def _score_pass(self, seat: int) -> bool:
        """Score `seat`'s pass for the side of the last player who laid a tile (`scoring.on_pass`);
        True if that ended the match. Nobody scores before a tile is laid."""
        layer = self._last_player()
        if layer is None:
            return False
        rules = self._rules
        scoring = rules.on_pass
        assert scoring is not None
        side = self._seat_side[layer]
        lay = self._layout
        laid = len(lay.tile_ids()) - (0 if self._line or rules.layout.engine_dealt else 1)  # not a set-aside engine
        high, low, double, _ = self._last_tile()  # the tile the passer could not answer
        env = {"passes": self._passes, "laid": laid, "same_side": self._seat_side[seat] == side, "players": self._n,
               "last_high": high, "last_low": low, "last_is_double": double,
               "max_pip": self._t.max_pip, "round": self._round, "score": self._scores[side]}  # fmt: skip
        if not scoring.when(env):
            return False
        return self._credit(side, layer, int(scoring.points(env)), scoring.points, "pass")

    def _counted_ends(self, layout: Layout | None = None) -> list[int]:
        """The open ends as they count (of `layout`, the current one when not given)."""
        scoring = self._rules.in_play
        factor = 1 if scoring is not None and scoring.double_at_end is DoubleAtEnd.ONE_HALF else 2
        return (layout or self._layout).counted_ends(self._t.is_double, factor)

    def _draw(self, seat: int) -> None:
        tile = self._boneyard[self._next_draw]
        self._next_draw += 1
        self._hands[seat] |= 1 << tile
        self._events.append((ev.ACTION, seat, DRAW_ACTION))
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
        self._events.append((ev.ACTION, seat, MARKER_ACTION if marker else PASS_ACTION))
        if self._extra:  # stopping after an optional play: the turn had a play, nobody is stuck
            self._extra = False
            self._reset_turn()
            self._end_turn()
            return
        if self._needs_lead:  # the winning side's starter hands the lead to the next seat of its side
            self._lead_choice = False
            side = self._seat_side[seat]
            while True:
                self._end_turn()
                if self._seat_side[self._current] == side:
                    self._starter = self._current
                    return
        # Every seat in a row unable to lay a tile or draw one: the round is blocked.
        self._passes += 1
        if self._rules.on_pass is not None and self._score_pass(seat):
            return
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
