"""The round flow of a match: dealing a round, scoring its end, and the match's end."""

from __future__ import annotations

import random

from interpreter.engine import events as ev
from interpreter.engine import limits
from interpreter.engine.actions import PLAY
from interpreter.engine.layout.arms import Demand, Layout
from interpreter.engine.layout.dealing import Previous, open_round
from interpreter.engine.layout.state import LayoutState
from interpreter.engine.scoring import Tally, score_error, scoring_sides, winners
from interpreter.expressions.language import MAX_VALUE, Expr
from interpreter.rulefile.ruleset import AfterStockLead, Scorer, Spinners, StartCriterion

_SIDE_CHOICE = StartCriterion.WINNING_SIDE_CHOICE.value
_RESET_OWN = frozenset({"scored", "opp_scored", "points"})  # the names only `match.reset_when` reads


class RoundFlow(LayoutState):
    """`Match`'s rounds: start one, end one with its scoring, and finish the match."""

    def _start_round(self) -> None:
        if self._round:  # the round that ended, as it ended: a table shows it until its people go on
            self._finished = (self._layout, self._demands)  # references: read (and counted) only when shown
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
        self._last_fit = 0  # the open ends the last tile laid could have gone on (when the rules read it)
        self._drew = False
        self._drawn = -1  # under one_then_play, the tile just drawn: the only one that may be played
        self._fits = t.fits(self._layout.doubles)
        # The hands as dealt (the list itself changes with play); boneyard and dead never change.
        # A lead from the stock: the top boneyard tile (a scripted deal's first), taken before the
        # deal is logged. A scripted deal without a boneyard turns nothing up: the determinizer
        # rebuilds a round from such a skeleton, and lays the logged tile itself (`_turn_up`).
        turned = rs.boneyard.pop(0) if t.stock_lead and rs.boneyard else None
        deal = (ev.DEAL, t, self._round, rs.starter, rs.how, None if turned is not None else rs.lead, rs.engine,
                tuple(rs.hands), rs.boneyard, rs.dead, rs.lots, rs.redeals)  # fmt: skip
        self._events.append(deal)
        if turned is not None:
            self._turn_up(turned)

    def _turn_up(self, tile: int) -> None:
        """Lay `tile`, turned up from the stock, as the lead: nobody's play, so nobody scores for it;
        the starter, or the seat after (`start.after_stock_lead`), plays first onto it."""
        t = self._t
        layout = self._rules.layout
        double = t.is_double[tile]
        spinner = double and layout.spinners is not Spinners.NONE
        self._layout.start_line(tile, t.low[tile], t.high[tile], layout.spinner_arms if spinner else 0)
        if double:
            if layout.lead_demand:
                self._demand_on_lead(tile)
            self._note_double(tile)
        self._needs_lead = self._lead_choice = False
        self._lead = None
        if self._rules.start.after_stock_lead is AfterStockLead.NEXT_SEAT:
            self._current = (self._starter + self._step) % self._n
        self._events.append({"type": "lead_turned_up", "tile": [t.low[tile], t.high[tile]]})

    def _open_hub(self, engine: int, pip: int | None = None) -> None:
        """Put the engine at the hub, with its trains (and its demand, if it makes one); `pip`, the
        number its trains start with, differs from its own only for a stand-in (layout.stand_in)."""
        layout = self._rules.layout
        # Trains from the players' own doubles start as those are laid (turns.py), not at the hub.
        personal = layout.personal_trains and not layout.own_double_trains
        owners: list[int | None] = list(range(self._n)) if personal else []
        owners += [None] * layout.shared_trains
        self._layout.start_hub(engine, self._t.low[engine] if pip is None else pip, owners)
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
        if out_seat is not None and t.refill and self._drawable() > 0:
            self._refill(out_seat)  # not out yet: a new hand, and play goes on
            return
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
            side_pips, side_tiles, side_doubles, out_side, n // self._sides, n, t.max_pip, self._round,
            self._scores.copy(), seat_pips, self._seat_side,
        )  # fmt: skip  # the points read the scores from before any side's (`scorer: each`)
        if t.round_end_reads_last:
            tally.last = self._last_tile()
        scorers = scoring_sides(scoring, tally)
        credited = {}
        for side in scorers:
            points = read_points(tally, side)
            total = self._scores[side] + points
            if not -MAX_VALUE <= total <= MAX_VALUE:
                raise score_error(scoring.points, side, total)
            self._scores[side] = total
            credited[side] = points
            self._events.append((ev.SCORE, side, None, points, total, reason))
        tally.scores = self._scores  # `reset_when` and `win_requires` read the scores after them
        if self._rules.match.reset_when is not None:
            self._reset_scores(self._rules.match.reset_when, tally, credited)
        hands = tuple(self._hands)
        self._events.append((ev.ROUND_END, t, self._round, reason, out_seat, hands, seat_pips, self._scores.copy()))
        won = None
        if (t.goal is not None and max(self._scores) >= t.goal) or (
            t.last_round is not None and self._round >= t.last_round
        ):  # else nobody can have won yet (scoring.winners)
            won = winners(self._rules.match, self._scores, self._round, n, at_round_end=True)
        if won is not None:
            requires = self._rules.match.win_requires
            if requires is not None:  # only the would-be winners it holds for win (none: lost by all)
                won = tuple(side for side in won if requires(tally.env(side, requires.names)))
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
            previous.pips = seat_pips
            previous.scores = self._scores.copy()
        self._previous = previous
        if self._deal_later:
            self._pending = True
        else:
            self._start_round()

    def _reset_scores(self, reset: Expr, tally: Tally, credited: dict[int, int]) -> None:
        """`match.reset_when`: every side it holds for (all read before any is reset) goes back to
        0, logged as a `reset` score of minus its score."""
        names = reset.names - _RESET_OWN
        back = [
            side
            for side in range(self._sides)
            if reset(
                {
                    **tally.env(side, names),
                    "scored": side in credited,
                    "opp_scored": any(other != side for other in credited),
                    "points": credited.get(side, 0),
                }
            )
        ]
        for side in back:
            if self._scores[side]:
                self._events.append((ev.SCORE, side, None, -self._scores[side], 0, "reset"))
                self._scores[side] = 0

    def _refill(self, seat: int) -> None:
        """`seat` emptied its hand with tiles left to draw (`deal.refill`): it draws a new hand (a
        `refill` record, public, then a `draw` record a tile), and the turn passes."""
        count = min(self._t.hand_size, self._drawable())
        self._events.append({"type": "refill", "seat": seat, "tiles": count})
        for _ in range(count):
            tile = self._boneyard[self._next_draw]
            self._next_draw += 1
            self._hands[seat] |= 1 << tile
            self._events.append((ev.DRAW, seat, self._t.tiles[tile]))
        for demand in self._demands:
            demand.active = True
        self._current = (seat + self._step) % self._n
        self._drew = False
        self._drawn = -1

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

    def _last_tile(self) -> tuple[int, int, bool, int]:
        """The round's last tile laid (read back from the log, as `_last_player`): its halves, high
        first, whether a double, and the open ends it could have gone on; all 0 when none was laid."""
        for record in reversed(self._events):
            if type(record) is tuple:
                tile = None
                if record[0] == ev.PLAYED:
                    tile = record[2]
                elif record[0] == ev.ACTION and record[2].kind == PLAY:
                    tile = record[2].tile
                elif record[0] == ev.DEAL:
                    break
                if tile is not None:
                    low, high = sorted(tile)
                    return high, low, low == high, self._last_fit
        return 0, 0, False, 0

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
