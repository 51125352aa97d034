"""What one action of the play phase does: laying a tile (doubles, demands, in-play scoring),
drawing, passing, and a round ending in play. Functions of the table and of the play phase
(phases.py), whose turn state they change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine import events as ev
from interpreter.engine.actions import DRAW_ACTION, ENDWISE, MARKER_ACTION, PASS_ACTION, PLAY, TAP, TURN_ACTION, Action
from interpreter.engine.layout.dealing import engine_tile
from interpreter.engine.layout.legal import compute_legal, turn_size
from interpreter.engine.layout.table import LayoutTable
from interpreter.engine.scoring import score_error, winners
from interpreter.expressions.language import MAX_VALUE, Expr
from interpreter.rulefile.ruleset import DrawPolicy, TargetCheck

if TYPE_CHECKING:
    from interpreter.engine.layout.phases import PlayPhase

_ACTION_RECORD = ev.ACTION
DOMINO = "domino"  # a round's end: a seat went out
BLOCKED = "blocked"  # ... every seat in a row unable to lay a tile or draw one
TARGET = "target"  # ... a score during play won the match


def lay(
    table: LayoutTable, play: PlayPhase, seat: int, tile: int, arm_id: int | None, half: int | None, action: Action
) -> None:
    """Lay `tile` (the play `action`, logged as it is) on arm `arm_id` with `half` touching, or
    lead it (arm None). The hot path: one call per tile laid; locals and precomputed flags."""
    t = table.t
    if t.reads_fit:  # counted before the tile changes the ends
        table.last_fit = 0 if arm_id is None else _fit_ends(table, seat, tile)
    hand = table.hands[seat] & ~(1 << tile)
    table.hands[seat] = hand
    table.events.append((_ACTION_RECORD, seat, action))
    play.extra = False
    lay_out = table.layout
    double = t.is_double[tile]
    endwise = action[4] == ENDWISE  # the first double laid in line (layout.spinners: first_double_optional)
    if arm_id is None:
        table.needs_lead = False
        if t.undealt_to_starter and table.dead:
            take_undealt(table, seat)
        if t.line:
            table.start_line(tile, half, endwise)
        elif lay_out.engine is None and t.engine_dealt:  # a dealt engine (or its stand-in), laid by its holder
            engine = engine_tile(t, table.round)
            assert engine is not None
            table.open_hub(tile, t.low[engine])
        else:  # a player's own double, starting their personal train
            lay_out.start_own(tile, t.low[tile], seat)
    else:
        assert half is not None
        arm = lay_out.arms[arm_id]
        arm.tiles.append((tile, half))
        arm.value = t.pips[tile] - half
        if arm.owner == seat:
            lay_out.markers[seat] = False
        if table.demands:
            table.cover(arm_id)
        if double and t.double_opens:
            demands = t.demand_when is None or _demands(table, play, seat, hand)
            table.laid_double(arm, tile, t.low[tile], demands, endwise)
    if double:
        table.note_double(tile)
    if t.announce:
        _announced(table, play, seat, hand, action)
    play.passes = 0
    if play.drew:
        play.drew = False
        play.drawn = -1
    if t.in_play is not None and score_in_play(table, play, seat, tile):
        return
    if t.multi and _turn_goes_on(table, play, seat, arm_id, double, hand):
        return
    if not hand:
        went_out(table, play, seat)
    elif not (double and t.again) or (arm_id is None and not t.line):  # the turn passes
        for demand in table.demands:
            demand.active = True
        table.current = table.next_of[seat]
        if t.turn_rules:
            _turn_rules(table, seat, tile)
    else:  # the player lays again: must, or may (then they may also stop)
        play.extra = table.rules.play.again_optional


def _announced(table: LayoutTable, play: PlayPhase, seat: int, hand: int, action: Action) -> None:
    """play.announce_last, after `seat` laid a tile leaving `hand`: the seat before it, if it left
    itself one tile unannounced, draws its count now (a public `unannounced` event, then a `draw`
    record a tile); and `seat` is that seat in turn if this play left it one tile without `tap`."""
    silent = play.silent
    play.silent = -1
    if silent >= 0 and seat == table.next_of[silent]:
        _draw_told(table, silent, min(table.t.announce, table.drawable()), "unannounced")
    if hand.bit_count() == 1 and action[4] != TAP:
        play.silent = seat


def take_undealt(table: LayoutTable, seat: int) -> None:
    """`seat` laid the round's first tile: it takes the tiles left undealt into its hand
    (`deal.undealt: starter`), logged as a public `undealt_taken` event, then a `draw` record a tile."""
    taken = table.dead
    table.dead = []
    table.events.append({"type": "undealt_taken", "seat": seat, "tiles": len(taken)})
    for tile in taken:
        table.hands[seat] |= 1 << tile
        table.events.append((ev.DRAW, seat, table.t.tiles[tile]))


def _demands(table: LayoutTable, play: PlayPhase, seat: int, hand: int) -> bool:
    """Whether a double just laid on an arm makes its demand: `layout.demand_when`."""
    when = table.t.demand_when
    assert when is not None
    env = {"hand": hand.bit_count(), "boneyard": table.drawable(), "players": table.n, "max_pip": table.t.max_pip,
           "round": table.round, "turn": play.turn(seat)}  # fmt: skip
    return bool(when(env))


def _turn_goes_on(table: LayoutTable, play: PlayPhase, seat: int, arm_id: int | None, double: bool, hand: int) -> bool:
    """After a tile laid in a turn of several: True if the same player lays another now (the
    legal moves are then listed already). The lead is a turn of its own; a double laid under
    `again_after_double` does not count toward the turn's tiles; a turn that cannot go on ends."""
    if arm_id is None or not hand:
        play.reset_turn()
        return False
    if not play.turn_laid:
        play.turn_need, play.turn_whole = turn_size(table, hand.bit_count() + 1, play.turn(seat))
    play.turn_laid += 1
    play.turn_arms += (arm_id,)
    if double and table.t.again:
        play.turn_need += 1
    if play.turn_laid < play.turn_need:
        play.extra = table.rules.play.rest_optional or not table.t.forced
        legal = compute_legal(table, play)
        # An optional rest offers its stop even when no tile fits (as after an optional double):
        # a stop by choice and a stop by need are then one pass in the log, and the other seats
        # cannot tell from it whether the player held a tile that fitted.
        if legal[0].kind == PLAY or (play.extra and not (double and table.t.again)):  # a double's tile: below
            play.listed = legal
            return True
    play.reset_turn()
    return False


def _turn_rules(table: LayoutTable, seat: int, tile: int) -> None:
    """After `tile` ended `seat`'s turn: another turn for the same player (play.again_when), or
    else the next seat skipped (play.skip_when), each logged as a public event."""
    play_rules = table.rules.play
    env = _in_play_env(table, seat, tile)
    if play_rules.again_when is not None and play_rules.again_when(env):
        table.current = seat
        table.events.append({"type": "another_turn", "seat": seat})
    elif play_rules.skip_when is not None and play_rules.skip_when(env):
        skipped = table.current
        table.current = table.next_of[skipped]
        table.events.append({"type": "skipped", "seat": skipped})


def _in_play_env(table: LayoutTable, seat: int, tile: int) -> dict[str, object]:
    """Every in-play name (IN_PLAY_NAMES) after `seat` laid `tile`."""
    t = table.t
    ends = tuple(table.counted_ends())
    open_ends = table.layout.open_ends(table.crosswise())
    values = tuple(pip for pip, _ in open_ends)
    return {
        "end_sum": sum(ends), "ends": ends, "players": table.n, "max_pip": t.max_pip, "round": table.round,
        "score": table.scores[table.seat_side[seat]], "end_values": values, "open_ends": len(values),
        "double_ends": sum(double for _, double in open_ends), "same_ends": max(map(values.count, values), default=0),
        "laid_high": t.high[tile], "laid_low": t.low[tile], "laid_is_double": t.is_double[tile],
        "laid_fit_ends": table.last_fit, "tiles": table.hands[seat].bit_count(), "side_tiles": side_tiles(table, seat),
    }  # fmt: skip


def side_tiles(table: LayoutTable, seat: int) -> int:
    """The tiles `seat`'s side holds: its own hand's, and its partners'."""
    side = table.seat_side[seat]
    return sum(hand.bit_count() for s, hand in enumerate(table.hands) if table.seat_side[s] == side)


def dead(table: LayoutTable) -> bool:
    """Whether no tile held by anyone or left to draw can match any open end (`draw.stop_when_dead`)."""
    if table.needs_lead:
        return False
    pool = 0
    for hand in table.hands:
        pool |= hand
    for tile in table.boneyard[table.next_draw : len(table.boneyard) - table.t.reserve]:
        pool |= 1 << tile
    masks = table.fits.masks
    closed = table.layout.closed  # an end closed by the leader (start.lead_names_end) takes no tile
    return not any(masks[arm.value] & pool for arm in table.layout.arms if arm.id != closed)


def _fit_ends(table: LayoutTable, seat: int, tile: int) -> int:
    """The open ends, of those open to `seat` now, that `tile` could touch."""
    masks = table.fits.masks
    return sum(masks[arm.value] >> tile & 1 for arm in table.open_arms(seat))


def score_in_play(table: LayoutTable, play: PlayPhase, seat: int, tile: int) -> bool:
    """Score the open ends after `tile` is laid; True if that ended the match."""
    t = table.t
    scoring = t.in_play
    assert scoring is not None
    side = table.seat_side[seat]
    ends = tuple(table.counted_ends())
    env = {"end_sum": sum(ends), "ends": ends, "players": table.n, "max_pip": t.max_pip,
           "round": table.round, "score": table.scores[side]}  # fmt: skip
    if t.in_play_reads_detail:
        open_ends = table.layout.open_ends(table.crosswise())
        values = tuple(pip for pip, _ in open_ends)
        env.update(
            end_values=values,
            open_ends=len(values),
            double_ends=sum(double for _, double in open_ends),
            same_ends=max(map(values.count, values), default=0),
            laid_high=t.high[tile],
            laid_low=t.low[tile],
            laid_is_double=t.is_double[tile],
            laid_fit_ends=table.last_fit,
            tiles=table.hands[seat].bit_count(),
            side_tiles=side_tiles(table, seat),
        )
    if not scoring.when(env):
        return False
    return _credit(table, play, side, seat, int(scoring.points(env)), scoring.points, "in_play")


def _credit(table: LayoutTable, play: PlayPhase, side: int, seat: int, points: int, formula: Expr, reason: str) -> bool:
    """Credit `points` scored during play (by `formula`, for `reason`) to `side`, as `seat`'s
    doing; True if that ended the match (the round ends with it, and the play phase)."""
    rules = table.rules
    total = table.scores[side] + points
    if not -MAX_VALUE <= total <= MAX_VALUE:
        raise score_error(formula, side, total)
    table.scores[side] = total
    table.events.append((ev.SCORE, side, seat, points, total, reason))
    if rules.match.check is not TargetCheck.IMMEDIATE:
        return False
    won = winners(rules.match, table.scores, table.round, table.n, at_round_end=False)
    if won is None:
        return False
    t = table.t
    pips = t.hand_values(table.hands)
    hands = tuple(table.hands)
    table.events.append((ev.ROUND_END, t, table.round, TARGET, None, hands, pips, table.scores.copy()))
    table.finish(won)
    play.end(TARGET)
    return True


def _score_pass(table: LayoutTable, play: PlayPhase, seat: int) -> bool:
    """Score `seat`'s pass for the side of the last player who laid a tile (`scoring.on_pass`);
    True if that ended the match. Nobody scores before a tile is laid."""
    layer = table.last_player()
    if layer is None:
        return False
    rules = table.rules
    scoring = rules.on_pass
    assert scoring is not None
    side = table.seat_side[layer]
    lay_out = table.layout
    set_aside = lay_out.engine is not None and not (table.t.line or rules.layout.engine_dealt)
    laid = len(lay_out.tile_ids()) - set_aside  # not a set-aside engine
    high, low, double, _ = table.last_tile()  # the tile the passer could not answer
    env = {"passes": play.passes, "laid": laid, "same_side": table.seat_side[seat] == side, "players": table.n,
           "last_high": high, "last_low": low, "last_is_double": double,
           "max_pip": table.t.max_pip, "round": table.round, "score": table.scores[side]}  # fmt: skip
    if not scoring.when(env):
        return False
    return _credit(table, play, side, layer, int(scoring.points(env)), scoring.points, "pass")


def draw(table: LayoutTable, play: PlayPhase, seat: int) -> None:
    tile = table.boneyard[table.next_draw]
    table.next_draw += 1
    table.hands[seat] |= 1 << tile
    table.events.append((ev.ACTION, seat, DRAW_ACTION))
    table.events.append((ev.DRAW, seat, table.t.tiles[tile]))
    play.passes = 0
    policy = table.t.policy
    if policy is DrawPolicy.ONE_THEN_PASS:
        end_turn(table, play)
        return
    play.drew = True
    if policy is DrawPolicy.ONE_THEN_PLAY:
        play.drawn = tile


def turn_row(table: LayoutTable, play: PlayPhase, seat: int) -> None:
    """`seat` turns up the tile at the right end of its blind row (deal.hands: blind_row)."""
    table.events.append((ev.ACTION, seat, TURN_ACTION))
    turned(table, play, seat, table.rows[seat].pop())


def turned(table: LayoutTable, play: PlayPhase, seat: int, tile: int) -> None:
    """`seat` turned up `tile`, in view of all (a public `turned` event): the lead, or a tile that
    fits an open end, is laid next (its only play); any other goes back face down at the row's
    left end, and the turn passes."""
    fits = table.needs_lead or bool(table.fitting(seat) >> tile & 1)
    table.events.append({"type": "turned", "seat": seat, "tile": [*table.t.tiles[tile]], "fits": fits})
    if fits:
        play.drew = True
        play.drawn = tile
        return
    table.rows[seat].insert(0, tile)
    end_turn(table, play)


def pass_turn(table: LayoutTable, play: PlayPhase, seat: int, marker: bool) -> None:
    if marker:
        table.layout.markers[seat] = True
    table.events.append((ev.ACTION, seat, MARKER_ACTION if marker else PASS_ACTION))
    if play.extra:  # stopping after an optional play: the turn had a play, nobody is stuck
        play.extra = False
        play.reset_turn()
        end_turn(table, play)
        return
    if table.needs_lead:  # the winning side's starter hands the lead to the next seat of its side
        table.lead_choice = False
        side = table.seat_side[seat]
        while True:
            end_turn(table, play)
            if table.seat_side[table.current] == side:
                table.starter = table.current
                return
    # Every seat in a row unable to lay a tile or draw one: the round is blocked.
    play.passes += 1
    if table.rules.on_pass is not None and _score_pass(table, play, seat):
        return
    if play.passes >= (sum(1 for hand in table.hands if hand) if table.t.all_out else table.seated):
        play.end(BLOCKED)
    else:  # end_turn, inlined
        for demand in table.demands:
            demand.active = True
        table.current = table.next_of[seat]
        play.drew = False
        play.drawn = -1


def end_turn(table: LayoutTable, play: PlayPhase) -> None:
    for demand in table.demands:
        demand.active = True
    table.current = table.next_of[table.current]
    play.drew = False
    play.drawn = -1


def discard(table: LayoutTable, play: PlayPhase, seat: int, tile: int | None, action: Action) -> None:
    """`seat` lays `tile` face down in front of it (draw.when_unable: discard), kept and counted
    at the round's end; None: a resampling skeleton replays a discard it was not shown."""
    if tile is not None:
        table.hands[seat] &= ~(1 << tile)
        table.kept[seat] |= 1 << tile
    table.events.append((ev.DISCARD, seat, action))
    play.passes = 0  # not a pass: the round is not stuck
    if tile is not None and not table.hands[seat]:
        went_out(table, play, seat)
    else:
        end_turn(table, play)


def went_out(table: LayoutTable, play: PlayPhase, seat: int) -> None:
    """`seat` emptied its hand: the round ends, unless it draws a new hand (`deal.refill`) or
    the round runs until every hand is empty (`play.until: all_out`)."""
    if table.t.refill and table.drawable() > 0:
        _refill(table, play, seat)  # not out yet: a new hand, and play goes on
        return
    if table.t.all_out:
        if play.first_out is None:
            play.first_out = seat
        if any(table.hands):
            end_turn(table, play)  # the seats with empty hands are passed over (PlayPhase.apply)
            return
        seat = play.first_out
    if table.t.side_out and side_tiles(table, seat):  # a partner holds tiles: he plays on, this seat passes
        table.current = seat
        end_turn(table, play)
        return
    play.end(DOMINO, seat)


def _refill(table: LayoutTable, play: PlayPhase, seat: int) -> None:
    """`seat` emptied its hand with tiles left to draw (`deal.refill`): it draws a new hand (a
    `refill` record, public, then a `draw` record a tile), and the turn passes."""
    _draw_told(table, seat, min(table.t.hand_size, table.drawable()), "refill")
    for demand in table.demands:
        demand.active = True
    table.current = table.next_of[seat]
    play.drew = False
    play.drawn = -1


def _draw_told(table: LayoutTable, seat: int, count: int, why: str) -> None:
    """`seat` draws `count` tiles from the boneyard: a public `why` event saying how many, then a
    `draw` record a tile (seen by `seat` alone)."""
    table.events.append({"type": why, "seat": seat, "tiles": count})
    for _ in range(count):
        tile = table.boneyard[table.next_draw]
        table.next_draw += 1
        table.hands[seat] |= 1 << tile
        table.events.append((ev.DRAW, seat, table.t.tiles[tile]))
