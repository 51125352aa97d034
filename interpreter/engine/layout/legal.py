"""Which actions are legal in the play phase, and why one that is not was refused: functions of
the table and of the play phase (phases.py), whose turn state they read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine.actions import (
    DISCARD,
    DRAW,
    DRAW_ACTION,
    ENDWISE,
    KINDS,
    MARKER,
    MARKER_ACTION,
    PASS_ACTION,
    PLAY,
    SIDEWISE,
    TAP,
    TURN,
    TURN_ACTION,
    Action,
)
from interpreter.engine.layout.arms import SIDE, TRAIN, Arm
from interpreter.engine.layout.table import LayoutTable
from interpreter.engine.tiles import bits, normal, tile_text
from interpreter.rulefile.ruleset import DrawPolicy

if TYPE_CHECKING:
    from interpreter.engine.layout.phases import PlayPhase


def unable(table: LayoutTable, play: PlayPhase, seat: int) -> Action:
    """What a player does instead of playing: draw if the rules let them, else pass or mark."""
    if can_draw(table, play):
        return DRAW_ACTION
    if table.t.marker and not table.layout.markers[seat]:
        return MARKER_ACTION
    return PASS_ACTION


def compute_legal(table: LayoutTable, play: PlayPhase) -> list[Action]:
    """The hot path of legal moves: per open arm, one AND of the hand with the matching mask of
    the value it shows, and per fitting tile its precomputed row of (shared) play actions."""
    seat = table.current
    t = table.t
    if t.blind:  # a blind row: turn up its right end, then lay that tile (it fits, or it went back)
        if play.drawn < 0:
            return [TURN_ACTION]
        if table.needs_lead:  # naming its open end too where the leader does (start.lead_names_end)
            return list(t.named_leads[play.drawn]) if t.names_end else [t.leads[play.drawn]]
    if table.needs_lead:
        chosen = [table.lead] if table.lead is not None else bits(t.distinct(table.hands[seat]))
        if t.names_end:  # a lead naming its open end, once per end
            named = t.named_leads
            out = [lead for x in chosen for lead in named[x]]
        else:
            leads = t.leads
            out = [leads[x] for x in chosen]
        if t.spinner_choice and not table.layout.doubles:
            out = either_way(table, out)
        if t.announce and table.hands[seat].bit_count() == 2:
            out = with_taps(table, out)
        if table.lead_choice:
            out.append(PASS_ACTION)
        return out
    out = []
    hand = table.hands[seat]
    if t.groups:
        hand = t.distinct(hand)
    if play.drawn >= 0:
        hand &= 1 << play.drawn
    if hand:
        fits = table.fits
        masks = fits.masks
        rows = fits.plays
        for arm in table.layout.arms if t.all_open and not table.demands else table.open_arms(seat):
            value = arm.value
            fit = hand & masks[value]
            if fit:
                row = rows.get(arm.id << 6 | value) or t.plays_row(fits, arm.id, value)  # tables.row_key
                while fit:
                    low = fit & -fit
                    fit ^= low
                    out += row[low]
        if out and t.play_allowed is not None:
            out = _allowed(table, play, seat, out)
        if t.shapes_turns:
            out = _turn_shaped(table, play, seat, hand, out)
        if t.spinner_choice and out and not table.layout.doubles:
            out = either_way(table, out)
        if t.announce and out and table.hands[seat].bit_count() == 2:
            out = with_taps(table, out)
        if play.extra:  # the optional play after a double: play, or stop
            out.append(PASS_ACTION)
            return out
        if t.discards:  # unable (or at any turn, if the rules say): a tile laid face down
            if not out or t.discard_any_time:
                out += [t.discard_actions[x] for x in bits(hand)]
            return out
        if out and t.forced:
            if table.rules.draw.voluntary and not play.turn_laid and can_draw(table, play):
                out.append(DRAW_ACTION)
            return out
    elif play.extra or (t.side_out and not table.hands[seat]):  # stopping; or out while a partner plays on
        return [PASS_ACTION]
    out.append(unable(table, play, seat))
    return out


def either_way(table: LayoutTable, plays: list[Action]) -> list[Action]:
    """The plays with each double, while none is on the table, offered both ways: sidewise (a
    spinner) and endwise (in line), as `layout.spinners: first_double_optional` lets its player
    choose; the others as they are."""
    ways = table.t.either_way
    out: list[Action] = []
    for action in plays:
        tile = action.tile
        if tile is not None and tile[0] == tile[1]:
            pair = ways.get(action)
            if pair is None:
                pair = ways[action] = (action._replace(value=SIDEWISE), action._replace(value=ENDWISE))
            out += pair
        else:
            out.append(action)
    return out


def with_taps(table: LayoutTable, plays: list[Action]) -> list[Action]:
    """The plays that leave their player one tile, each followed by its twin announcing it
    (`tap`, play.announce_last): made silently, it costs a draw if the next player lays a tile."""
    taps = table.t.tapped
    out: list[Action] = []
    for action in plays:
        out.append(action)
        tapped = taps.get(action)
        if tapped is None:
            tapped = taps[action] = action._replace(value=TAP)
        out.append(tapped)
    return out


def _turn_shaped(table: LayoutTable, play: PlayPhase, seat: int, hand: int, plays: list[Action]) -> list[Action]:
    """The plays as a turn of several tiles (play.per_turn) and trains started from one's own
    double (layout.train_start) shape them: those that leave a whole turn possible, and a
    player's own doubles, which may start their train."""
    t = table.t
    if plays and t.multi:
        plays = _whole_turn_plays(table, play, seat, plays)
    if t.own_double and not play.turn_laid and not started(table, seat):
        leads = t.leads
        if first_double(table, seat) is not None:
            return [leads[table.lead]]  # type: ignore[index]
        plays = [leads[x] for x in bits(hand & t.double_mask)] + plays
    return plays


def started(table: LayoutTable, seat: int) -> bool:
    """Whether `seat` has a personal train on the table (always, unless trains start from own doubles)."""
    return not table.t.own_double or any(arm.owner == seat for arm in table.layout.arms)


def first_double(table: LayoutTable, seat: int) -> int | None:
    """The double the starter must start his train with (`start.lead: qualifying` under
    `layout.train_start: own_double`: the start criterion's tile), until he has laid it."""
    if table.lead is None or seat != table.starter or started(table, seat):
        return None
    return table.lead


def _allowed(table: LayoutTable, play: PlayPhase, seat: int, plays: list[Action]) -> list[Action]:
    """The plays that `play.allowed` lets be made now, out of those that fit."""
    t = table.t
    lay = table.layout
    root = lay.lead if lay.lead is not None else lay.engine
    from_lead = [arm.root == root for arm in lay.arms]
    env: dict[str, object] = {
        "lead_arms": sum(from_lead),
        "lead_arms_started": sum(1 for arm in lay.arms if from_lead[arm.id] and arm.tiles),
        # A lead that is no double may open on its higher end only (`half == lead_high`).
        "lead_high": -1 if root is None else t.high[root],
        "laid": sum(len(arm.tiles) for arm in lay.arms),
        "hand": table.hands[seat].bit_count(),
        "players": table.n,
        "max_pip": t.max_pip,
        "round": table.round,
        "doubles": tuple(p for p in range(t.max_pip + 1) if lay.doubles >> p & 1),
        "turn_tiles": play.turn_laid,
        "own_started": started(table, seat),
        "turn": play.turn(seat),
    }
    turn_arms = play.turn_arms
    allowed = t.play_allowed
    assert allowed is not None
    out = []
    for action in plays:
        arm = lay.arms[action.arm]  # type: ignore[index]
        low, high = action.tile  # type: ignore[misc]
        env.update(
            half=action.half,
            other=low + high - action.half,  # type: ignore[operator]
            high=high,
            low=low,
            is_double=low == high,
            arm=arm.id,
            arm_tiles=len(arm.tiles),
            from_lead=from_lead[arm.id],
            is_side=arm.kind == SIDE,
            is_train=arm.kind == TRAIN,
            own_train=arm.owner == seat,
            shared_train=arm.kind == TRAIN and arm.owner is None,
            marked=arm.owner is not None and lay.markers[arm.owner],
            arm_turn_tiles=turn_arms.count(arm.id),
            # A player's train may have two arms (layout.train_start: own_double): they count as one.
            train_turn_tiles=turn_arms.count(arm.id)
            if arm.owner is None
            else sum(1 for i in turn_arms if lay.arms[i].owner == arm.owner),
        )
        if allowed(env):
            out.append(action)
    return out


def turn_size(table: LayoutTable, hand: int, turn: int) -> tuple[int, bool]:
    """How many tiles the turn a seat starts with `hand` tiles lays (at least one), and whether
    it must be laid whole: `play.per_turn` and `play.whole_turn` (`turn`: the seat's own turn
    number). A turn that need not be whole lays at most `hand`; a whole one longer than the hand
    cannot be laid at all."""
    play = table.rules.play
    env = {"hand": hand, "boneyard": table.drawable(), "players": table.n, "max_pip": table.t.max_pip,
           "round": table.round, "turn": turn}  # fmt: skip
    need = max(1, int(play.per_turn(env))) if play.per_turn is not None else 1
    whole = play.whole_turn is not None and bool(play.whole_turn(env))
    return (need if whole else min(need, hand)), whole


def _whole_turn_plays(table: LayoutTable, play: PlayPhase, seat: int, plays: list[Action]) -> list[Action]:
    """Out of `plays`, those after which the rest of a whole turn can still be laid (all of
    them when the turn need not be whole, or this is its last tile)."""
    if play.turn_laid:
        need, whole = play.turn_need, play.turn_whole
    else:
        hand = table.hands[seat].bit_count()
        need, whole = turn_size(table, hand, play.turn(seat))
        if need > hand:  # a whole turn of more tiles than the hand holds: nothing can start it
            return []
    if not whole or play.turn_laid + 1 >= need:
        return plays
    return [action for action in plays if _completes(table, play, action)]


def _completes(table: LayoutTable, play: PlayPhase, action: Action) -> bool:
    """Whether the turn goes on after `action` (or the match ends with it): tried on copies,
    whose own listing of the next tiles applies this same test, down to the turn's last tile."""
    probe_table = table.copy(table.scores.copy(), [])  # the probe's log is never read
    probe = play.copy()
    probe.apply(probe_table, action)
    if probe.done and probe_table.winners is None:
        probe.following(probe_table)  # the round's scoring: going out may win the match
    return probe_table.winners is not None or probe.turn_laid > 0


def can_draw(table: LayoutTable, play: PlayPhase) -> bool:
    """Whether the rules let the current player draw a tile now."""
    t = table.t
    return t.may_draw and (not play.drew or t.policy is DrawPolicy.UNTIL_PLAYABLE) and table.drawable() > 0


def why_illegal(table: LayoutTable, play: PlayPhase, action: object) -> str:
    if table.winners is not None:
        return "the match is over"
    if not isinstance(action, Action) or action.kind not in KINDS:
        return f"{action!r} is not an action"
    seat = table.current
    blind = _why_not_blind(table, play, action)
    if blind:
        return blind
    legal = play.listed or []
    plays = [a for a in legal if a.kind == PLAY]
    if action.kind != PLAY:
        if action.kind == DISCARD or table.t.discards:
            return _why_not_discard(table, seat, action, bool(plays))
        return _why_not_unable(table, play, seat, action.kind, bool(plays))
    t = table.t
    tile = t.index.get(normal(action.tile)) if action.tile is not None else None
    if tile is None:
        return f"{action.tile!r} is not a tile of the set"
    tile = t.held(tile, table.hands[seat])
    name = tile_text(t.tiles[tile])
    if not table.hands[seat] >> tile & 1:
        return f"seat {seat} does not hold {name}"
    way = _why_not_that_way(table, tile, action) or _why_not_tapped(table, seat, action)
    if way:
        return way
    action = action._replace(value=None) if action.value in (SIDEWISE, ENDWISE, TAP) else action
    if table.needs_lead:
        if table.lead is not None and tile != table.lead:
            return f"the round opens with {tile_text(t.tiles[table.lead])}"
        if action.arm is None and t.names_end:
            return _why_not_named(t.tiles[tile], action.half)
        if action.arm is None and action.half is not None:
            return f"these rules have the leader name no open end: 'lead {name}'"
        return f"the first tile is the lead: it goes on no arm ('lead {name}')"
    if action.arm is None and t.own_double:
        first = first_double(table, seat)
        if first is not None and tile != first:
            return f"the round opens with {tile_text(t.tiles[first])}"
        if started(table, seat):
            return f"your train has started already: say which arm {name} goes on ('{name} on arm N')"
        if not t.is_double[tile]:
            return f"only a double of your own starts your train, not {name}"
    if action.arm is None:
        return f"say which arm {name} goes on ('{name} on arm N')"
    if not 0 <= action.arm < len(table.layout.arms):
        return f"there is no arm {action.arm}"
    if play.drawn >= 0 and tile != play.drawn:
        return f"after drawing, only the drawn tile {tile_text(t.tiles[play.drawn])} may be played"
    arm = table.layout.arms[action.arm]
    if arm not in table.open_arms(seat):
        return _why_closed(table, seat, arm)
    if action.half not in t.tiles[tile]:
        return f"{name} has no half {action.half}"
    if action.half in table.fits.halves[arm.value][tile]:  # it fits: a rule beyond matching refused it
        allowed = t.play_allowed is None or bool(_allowed(table, play, seat, [action]))
        if allowed and t.multi:  # the whole-turn test refused it
            held = table.hands[seat].bit_count()
            need = play.turn_need if play.turn_laid else turn_size(table, held, play.turn(seat))[0]
            if not play.turn_laid and need > held:
                return f"this turn must lay {need} tiles whole, and the hand holds {held}"
            return f"after {name} on arm {arm.id} no whole turn of {need} tiles can be laid"
        source = t.play_allowed.source if t.play_allowed is not None else ""
        return f"the rules do not allow {name} on arm {arm.id} now (play.allowed: {source})"
    return f"{name} with its {action.half} touching does not match arm {arm.id} (it shows {arm.value})"


def _why_not_blind(table: LayoutTable, play: PlayPhase, action: Action) -> str:
    """Why an action is refused for a blind row (deal.hands: blind_row), or why `turn` is."""
    t = table.t
    if action.kind == TURN and not t.blind:
        return "these rules deal no blind rows: there is nothing to turn up"
    if not t.blind:
        return ""
    if play.drawn < 0:
        return "a blind row's tile is turned up before it is laid: turn"
    if action.kind != PLAY or action.tile is None or t.index.get(normal(action.tile)) != play.drawn:
        return f"lay the tile just turned up, {tile_text(t.tiles[play.drawn])}"
    return ""


def _why_not_that_way(table: LayoutTable, tile: int, action: Action) -> str:
    """Why a play is refused for how it lays a double (layout.spinners: first_double_optional):
    said sidewise or endwise where no choice is offered, or not said where one must be made."""
    t = table.t
    name = tile_text(t.tiles[tile])
    choice = t.spinner_choice and t.is_double[tile] and not table.layout.doubles
    if action.value in (SIDEWISE, ENDWISE) and not choice:
        if not t.spinner_choice:
            return f"these rules lay every double one way: leave out '{action.value}'"
        if not t.is_double[tile]:
            return f"only a double goes sidewise or endwise, not {name}"
        return f"only the round's first double goes sidewise or endwise: {name} goes as the rules lay a double"
    if choice and action.value is None:
        return f"say how {name} goes: '{action} sidewise' (a spinner) or '{action} endwise' (in line)"
    return ""


def _why_not_named(tile: tuple[int, int], half: int | None) -> str:
    """Why a lead was refused where the leader names its open end (start.lead_names_end)."""
    low, high = tile
    if low == high:
        return f"a double's ends are alike: lead it without naming one ('lead {low}-{high}')"
    if half is None:
        return f"name the end left open: 'lead {low}-{high} open {high}' or 'lead {low}-{high} open {low}'"
    return f"{tile_text(tile)} has no end {half}"


def _why_not_tapped(table: LayoutTable, seat: int, action: Action) -> str:
    """Why a play said with `tap` is refused (play.announce_last): only one leaving one tile is."""
    if action.value != TAP:
        return ""
    if not table.t.announce:
        return "these rules have no announcements: leave out 'tap'"
    if table.hands[seat].bit_count() != 2:
        return "only a play that leaves one tile in the hand is announced: leave out 'tap'"
    return ""


def _why_closed(table: LayoutTable, seat: int, arm: Arm) -> str:
    if arm.id == table.layout.closed:
        return f"arm {arm.id} is closed: the line grows from the other end only"
    demand = table.binding()
    if demand is not None:
        double = tile_text(table.t.tiles[demand.tile])
        return f"the open double {double} must be covered first (arms {', '.join(map(str, demand.arms))})"
    if arm.owner is not None and arm.owner != seat and not table.layout.markers[arm.owner]:
        return f"arm {arm.id} is seat {arm.owner}'s train and carries no marker"
    if arm.kind == SIDE:
        return f"arm {arm.id} opens once both ends of its spinner carry a tile"
    return f"arm {arm.id} is not open"


def _why_not_unable(table: LayoutTable, play: PlayPhase, seat: int, kind: str, can_play: bool) -> str:
    t = table.t
    if play.extra and play.turn_laid:
        return "this turn may lay another tile: play one, or pass to stop"
    if play.extra:
        return "after a double you may play again or pass, nothing else"
    if play.turn_laid and can_play:
        return f"this turn lays {play.turn_need} tiles while any can be laid: play another"
    if can_play and t.forced:
        return "a player who can play must play"
    if t.side_out and not table.hands[seat]:
        return f"seat {seat} is out: it passes until its side is out"
    expected = unable(table, play, seat).kind
    if kind == DRAW:
        if t.policy is DrawPolicy.NONE:
            return "these rules have no drawing"
        if play.drew and t.policy is not DrawPolicy.UNTIL_PLAYABLE:
            return "only one tile may be drawn this turn"
        return "there is nothing left to draw"
    if kind == MARKER and not t.marker:
        return "these rules have no markers: pass"
    if expected == DRAW:
        return "a player who cannot play must draw first"
    if kind == MARKER:
        return f"seat {seat}'s train already carries a marker: pass"
    return "a player who cannot play puts a marker on their own train"


def _why_not_discard(table: LayoutTable, seat: int, action: Action, can_play: bool) -> str:
    """Why a discard, or another way of not playing, was refused (draw.when_unable: discard)."""
    t = table.t
    if not t.discards:
        return "these rules have no discarding"
    if action.kind != DISCARD:
        return "a player who cannot play lays a tile face down: discard one"
    if can_play and not t.discard_any_time:
        return "a player who can play must play"
    tile = t.index.get(normal(action.tile)) if action.tile is not None else None
    if tile is None or not t.holds(table.hands[seat], tile):
        return f"seat {seat} does not hold {action.tile!r}"
    return "the round waits for its lead" if table.needs_lead else "not now"


def normalized_play(action: object) -> Action | None:
    """The same play written with its tile as (low, high), if it was written the other way round."""
    if isinstance(action, Action) and action.kind == PLAY and action.tile is not None and len(action.tile) == 2:
        return action._replace(tile=normal(action.tile))
    return None
