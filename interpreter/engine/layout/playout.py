"""Random play inside the engine: the hot path of simulations and searches (`Match.playout`),
the play phase's own fast round (phases.PlayPhase.playout)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from interpreter.engine import events as ev
from interpreter.engine.actions import MARKER_ACTION, PASS_ACTION, PLAY
from interpreter.engine.layout.legal import compute_legal
from interpreter.engine.layout.table import LayoutTable
from interpreter.engine.layout.turns import BLOCKED, draw, lay, score_in_play, went_out

if TYPE_CHECKING:
    from interpreter.engine.layout.phases import PlayPhase

_ACTION_RECORD = ev.ACTION
_PLAYED_RECORD = ev.PLAYED


def general_round(table: LayoutTable, play: PlayPhase, rand: Callable[[], float], heavy: float) -> None:
    """Random play (as `playout` defines it) until this round ends, one listed decision at a
    time: the path for rules whose turn `random_round` does not inline. The heaviest play
    is the first play in the legal order whose tile has the highest `tile_value`."""
    value = table.t.value
    id_of = table.t.id_of
    while not play.ended:
        legal = compute_legal(table, play)
        k = len(legal)
        if k == 1:
            action = legal[0]
        elif heavy and (plays := [a for a in legal if a.kind == PLAY]) and rand() < heavy:
            action = max(plays, key=lambda a: value[id_of[a.tile[0]][a.tile[1]]])  # type: ignore[index]
        else:
            action = legal[int(rand() * k)]
        play.apply(table, action)


def random_round(table: LayoutTable, play: PlayPhase, rand: Callable[[], float], heavy: float) -> None:
    """Random play (as `playout` defines it) until this round ends.

    The hot path of simulations and searches. The round's fixed objects and the turn's state
    (seat, passes, what was drawn) are locals, the common steps of `turns.lay` and `turns.pass_turn` are
    inlined, and the rare ones (a double laid, an open double answered, in-play scoring, a
    draw, the round's end) go through the general functions (turns.py), with the turn's state
    stored back around the call."""
    play.listed = None
    t = table.t
    if table.needs_lead:  # once a round: lead a tile (the leads are listed by tile id)
        seat = table.current
        tile = table.lead
        if tile is None:
            leads = t.ids(table.hands[seat])
            k = len(leads)
            if k == 1:
                tile = leads[0]
            elif heavy and rand() < heavy:
                tile = t.heaviest(table.hands[seat])
            else:
                tile = leads[int(rand() * k)]
        lay(table, play, seat, tile, None, None, t.leads[tile])
        if play.ended:
            return
    (pips, low_half, is_double, tiles, n, step, forced, again, in_play, double_opens, reads_doubles,
     marker_rule, trains, may_draw, draws_on, arms_fixed) = t.playout_fixed  # fmt: skip
    hands = table.hands
    layout = table.layout
    markers = layout.markers
    events = table.events
    demands = table.demands  # changed in place
    # Where no arm is ever closed to anyone (a plain line), the arms to scan are all of them.
    fixed_arms = layout.arms if arms_fixed else None
    seat = table.current
    passes = play.passes
    drew = play.drew
    drawn = play.drawn
    fits = table.fits
    masks = fits.masks
    halves_of = fits.halves
    twice = fits.twice
    wild = fits.wild
    while True:
        hand = hands[seat]
        playable = hand if drawn < 0 else hand & 1 << drawn
        arms = fixed_arms or table.open_arms(seat)
        # The number of plays, as compute_legal lists them: by arm, tile, touching half. A
        # tile that may touch an end with either half (a wild end) is two plays there.
        pair = len(arms) == 2 and not wild
        if pair:  # a line's two ends, the commonest table: no loop, and the fits kept for below
            first, second = arms
            first_value, second_value = first.value, second.value
            first_fit, second_fit = playable & masks[first_value], playable & masks[second_value]
            first_count = first_fit.bit_count()
            total = first_count + second_fit.bit_count()
        else:
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
            if may_draw and (not drew or draws_on) and table.drawable() > 0:
                table.current, play.passes = seat, passes
                draw(table, play, seat)
                seat, passes, drew, drawn = table.current, play.passes, play.drew, play.drawn
                continue
            marker = marker_rule and not markers[seat]
            if marker:
                markers[seat] = True
            events.append((_ACTION_RECORD, seat, MARKER_ACTION if marker else PASS_ACTION))
            passes += 1
            if passes >= n:  # every seat in a row unable: the round is blocked
                table.current, play.passes = seat, passes
                play.end(BLOCKED)
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
        elif pair:  # the i-th play, at one of the two ends
            if i < first_count:
                arm, value, fit = first, first_value, first_fit
            else:
                arm, value, fit = second, second_value, second_fit
                i -= first_count
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
        # turns.lay, inlined for a tile on an arm
        hand ^= low
        hands[seat] = hand
        events.append((_PLAYED_RECORD, seat, tiles[tile], arm_id, half))
        arm.tiles.append((tile, half))
        arm.value = pips[tile] - half
        if trains and arm.owner == seat:
            markers[seat] = False
        if demands:
            table.cover(arm_id)
        double = is_double[tile]
        if double:
            if double_opens:
                table.laid_double(arm, tile, low_half[tile])
            layout.doubles |= 1 << low_half[tile]  # as note_double does: a double is laid once, its bit is new
            if reads_doubles:
                fits = table.fits = t.fits(layout.doubles)
                masks, halves_of, twice, wild = fits.masks, fits.halves, fits.twice, fits.wild
        passes = 0
        if drew:
            drew = False
            drawn = -1
        if in_play is not None:
            table.current, play.passes, play.drew, play.drawn = seat, 0, False, -1
            if score_in_play(table, play, seat, tile):
                return
        if not hand:
            table.current = seat
            went_out(table, play, seat)
            return
        if not (double and again):
            if demands:
                for demand in demands:
                    demand.active = True
            seat = (seat + step) % n
