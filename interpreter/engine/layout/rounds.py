"""The round flow of a match: dealing a round, scoring its end, and the match's end."""

from __future__ import annotations

import random

from interpreter.engine import events as ev
from interpreter.engine import limits
from interpreter.engine.actions import PLAY
from interpreter.engine.layout.arms import Demand, Layout
from interpreter.engine.layout.dealing import Previous, open_round
from interpreter.engine.scoring import Tally, score_error, scoring_sides, winners
from interpreter.expressions.language import MAX_VALUE
from interpreter.rulefile.ruleset import Scorer, StartCriterion

_SIDE_CHOICE = StartCriterion.WINNING_SIDE_CHOICE.value


class RoundFlow:
    """`Match`'s rounds: start one, end one with its scoring, and finish the match."""

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
        self._demands: list[Demand] = []
        dealt_engine = not self._line and self._rules.layout.engine_dealt
        if not self._line and not dealt_engine:
            assert rs.engine is not None
            self._open_hub(rs.engine)
        self._needs_lead = self._line or dealt_engine
        # The winning side chooses its leader: the starter may lead, or pass the lead to the next
        # seat of its side (who must then lead).
        self._lead_choice = rs.how == _SIDE_CHOICE and self._sides < self._n
        self._lead = rs.lead
        self._starter = rs.starter
        self._current = rs.starter
        self._passes = 0
        self._drew = False
        self._drawn = -1  # under one_then_play, the tile just drawn: the only one that may be played
        self._fits = t.fits(self._layout.doubles)
        # The hands as dealt (the list itself changes with play); boneyard and dead never change.
        deal = (ev.DEAL, t, self._round, rs.starter, rs.how, rs.lead, rs.engine, tuple(rs.hands),
                rs.boneyard, rs.dead, rs.lots, rs.redeals)  # fmt: skip
        self._events.append(deal)

    def _open_hub(self, engine: int) -> None:
        """Put the engine at the hub, with its trains (and its demand, if it makes one)."""
        layout = self._rules.layout
        owners: list[int | None] = list(range(self._n)) if layout.personal_trains else []
        owners += [None] * layout.shared_trains
        self._layout.start_hub(engine, self._t.low[engine], owners)
        self._fits = self._t.fits(self._layout.doubles)
        if layout.lead_demand:
            self._demand_on_lead(engine)

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
                side = self._seat_side[seat]
                side_pips[side] += seat_pips[seat]
                side_tiles[side] += seat_tiles[seat]
        side_doubles = None
        if t.round_end_reads_doubles:
            side_doubles = [0] * self._sides
            for seat, hand in enumerate(self._hands):
                side_doubles[self._seat_side[seat]] += (hand & t.double_mask).bit_count()
        if reason == "domino":
            scoring, read_points = self._rules.domino, t.domino_points
        else:
            scoring, read_points = self._rules.blocked, t.blocked_points
        out_side = None if out_seat is None else self._seat_side[out_seat]
        tally = Tally(
            side_pips, side_tiles, side_doubles, out_side, n // self._sides, n, t.max_pip, self._round, self._scores
        )
        scorers = scoring_sides(scoring, tally)
        for side in scorers:
            points = read_points(tally, side)
            total = self._scores[side] + points
            if not -MAX_VALUE <= total <= MAX_VALUE:
                raise score_error(scoring.points, side, total)
            self._scores[side] = total
            self._events.append((ev.SCORE, side, None, points, total, reason))
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
        if self._round >= limits.MAX_ROUNDS:  # a safety bound, checked once a round (limits.py)
            raise limits.round_limit_error(self._rules.match, self._scores, t.goal, self._round)
        previous = Previous(self._starter, None)
        if t.start_reads_winner:
            previous.winner = self._round_winner(scoring.scorer, scorers, out_seat, seat_pips, seat_tiles)
            previous.winner_side = out_side if out_seat is not None else scorers[0] if len(scorers) == 1 else None
            previous.last_player = out_seat if out_seat is not None else self._last_player()
            previous.out = out_seat
            previous.seat_side = self._seat_side
        self._previous = previous
        if self._deal_later:
            self._pending = True
        else:
            self._start_round()

    def _last_player(self) -> int | None:
        """The seat that laid the round's last tile (read back from the log: rare, so not tracked)."""
        for record in reversed(self._events):
            if type(record) is tuple:
                if record[0] == ev.PLAYED:
                    return record[1]
                if record[0] == ev.ACTION and record[2].kind == PLAY:
                    return record[1]
                if record[0] == ev.DEAL:
                    return None
        return None

    def _settle(self) -> None:
        """Deal the round a playout left undealt. The deal comes from the match's own generator,
        which nothing else draws from meanwhile, so it is the deal the round would have had at once."""
        self._pending = False
        self._start_round()

    def _round_winner(
        self, scorer: Scorer, scorers: list[int], out_seat: int | None, seat_pips: list[int], seat_tiles: list[int]
    ) -> int | None:
        """The seat a `previous_winner` start picks: who went out; in a blocked round, the seat of
        the scoring side with the lowest pips (fewest tiles under `fewest_tiles`) — nobody when no
        single side scored."""
        if out_seat is not None:
            return out_seat
        if len(scorers) != 1 or scorer not in (Scorer.LOWEST_PIPS, Scorer.FEWEST_TILES, Scorer.RANKED):
            return None
        measure = seat_tiles if scorer is Scorer.FEWEST_TILES else seat_pips
        seats = [s for s in range(self._n) if self._seat_side[s] == scorers[0]]
        return min(seats, key=lambda s: measure[s])

    def _finish(self, won: tuple[int, ...]) -> None:
        self._over = True
        self._winners = won
        self._events.append(ev.match_end(won, self._scores))
