"""What one action does: laying a tile (doubles, demands, in-play scoring), drawing, passing."""

from __future__ import annotations

from interpreter.engine import events as ev
from interpreter.engine.actions import DRAW_ACTION, MARKER_ACTION, PASS_ACTION, Action
from interpreter.engine.layout import Arm, Demand
from interpreter.engine.scoring import winners
from interpreter.ruleset import (
    DemandStarts,
    DoubleAtEnd,
    DrawPolicy,
    Spinners,
    TargetCheck,
)

_ACTION_RECORD = ev.ACTION


class TurnRules:
    """`Match`'s turn rules: the effects of a play, a draw and a pass."""

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
