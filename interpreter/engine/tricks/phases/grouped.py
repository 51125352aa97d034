"""Tricks of plays (tricks.combinations, tricks.face_down): a lead of one tile or of a combination
of several, followed by plays of as many tiles, built pick by pick (tricks/picks.py); a play that
does not take the lead of the trick is laid face down under `face_down`. The play phase's half
for such tricks: functions of the phase (playing.py) and the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine import events as ev
from interpreter.engine.actions import PICK, PLAY, Action
from interpreter.engine.tiles import Tile, bits, tile_text
from interpreter.engine.tricks.phases import scoring
from interpreter.engine.tricks.picks import next_picks, picks_for
from interpreter.engine.tricks.table import TrickTable

if TYPE_CHECKING:
    from interpreter.engine.tricks.phases.playing import TrickPlaying


def actions(phase: TrickPlaying, table: TrickTable) -> list[Action]:
    """What the current seat may play to a trick of plays: to lead, a tile (as the play mask
    allows) or a group it holds; to follow, as many tiles as were led."""
    t = table.t
    hand = table.hands[table.current]
    tiles = t.tiles
    if not phase.plays:
        out = phase.lead_actions(table, phase.play_mask(table))
        out += [Action.group(g) for g in t.groups.leads(tiles[x] for x in bits(hand))]
        return out
    size = len(phase.plays[0][1])
    if size == 1:
        plays = t.plays
        return [plays[x] for x in bits(phase.play_mask(table))]
    # Never every group of `size` tiles (C(hand, size) of them): the tiles to pick next.
    return [Action(PICK, tiles[x]) for x in next_picks(hand, phase.picked, size, tiles)]


def picking(phase: TrickPlaying, table: TrickTable) -> int:
    """How many tiles the current seat's play takes when it is built by picks, else 0."""
    if not table.t.grouped or not phase.plays:
        return 0
    size = len(phase.plays[0][1])
    return size if size > 1 else 0


def completing(phase: TrickPlaying, table: TrickTable, action: object) -> list[int] | None:
    """The ids a whole play `action` still picks, when it is one (the shorthand for its picks)."""
    size = picking(phase, table)
    if not size or not isinstance(action, Action) or action.kind != PLAY or action.tile is None:
        return None
    return picks_for(sorted(action.tiles), table.hands[table.current], phase.picked, size, table.t.tiles)


def play(phase: TrickPlaying, table: TrickTable, action: Action) -> None:
    """The current seat's play, or pick towards one, to a trick of plays."""
    t = table.t
    if picking(phase, table):
        _pick(phase, table, action)
        return
    hand, ids = table.hands[table.current], []
    for tile in action.tiles:
        x = next(i for i in t.copies[tile] if (hand >> i) & 1 and i not in ids)
        ids.append(x)
    named = action.value if isinstance(action.value, int) else None
    _play_group(phase, table, tuple(ids), named, action)


def _pick(phase: TrickPlaying, table: TrickTable, action: Action) -> None:
    """A pick, or a whole play that completes the picks (the shorthand): the play is made once
    the picks hold as many tiles as were led; until then each pick is logged face down (the
    other seats see that a tile was picked, never which)."""
    t = table.t
    size = picking(phase, table)
    if action.kind == PICK:
        offered = next_picks(table.hands[table.current], phase.picked, size, t.tiles)
        phase.picked.append(next(x for x in offered if t.tiles[x] == action.tile))
    else:
        phase.picked += completing(phase, table, action) or ()
    if len(phase.picked) < size:
        table.events.append((ev.DISCARD, table.current, action))
        return
    ids, phase.picked = tuple(phase.picked), []
    _play_group(phase, table, ids, None, Action.group([t.tiles[x] for x in ids]))


def _play_group(
    phase: TrickPlaying, table: TrickTable, ids: tuple[int, ...], named: int | None, action: Action
) -> None:
    """The current seat plays `ids` (one tile or several together, the play `action`) to a
    trick of plays; laid face down (a DISCARD record: public without its tiles) when it does
    not take the lead of the trick under `tricks.face_down`."""
    t = table.t
    seat = table.current
    suits = table.suits
    assert suits is not None
    mask = sum(1 << x for x in ids)
    table.hands[seat] &= ~mask
    if not phase.plays:
        leads = True
        phase.led = (suits.led_suit[ids[0]] if named is None else named) if len(ids) == 1 else None
    else:
        leads = takes_lead(phase, table, tuple(sorted(t.tiles[x] for x in ids))) and not (
            len(ids) == 1 and forfeits(table, seat)
        )
        led = phase.led
        if len(ids) == 1 and led is not None and not (suits.follows[led] >> ids[0]) & 1:
            table.voids[seat] |= 1 << led
    shown = leads or not t.rules.face_down
    table.events.append((ev.ACTION if shown else ev.DISCARD, seat, action))
    if leads:
        phase.best = len(phase.plays)
    if shown:
        table.played[seat] |= mask
        phase.trick += ids
        phase.trick_seats += [seat] * len(ids)
    else:
        table.face_down[seat] |= mask
    phase.plays.append((seat, ids, shown))
    if len(phase.plays) < table.n - table.absent.bit_count():
        table.current = table.next_in_play(seat)
        return
    hidden = [[s, len(x)] for s, x, up in phase.plays if not up]
    phase.taken(table, phase.plays[phase.best][0], [x for _, group, _ in phase.plays for x in group], hidden)


def takes_lead(phase: TrickPlaying, table: TrickTable, tiles: tuple[Tile, ...]) -> bool:
    """Whether a play of `tiles` (sorted) would take the lead of the trick of plays on the
    table: one tile that beats the best so far, or a higher combination of its kind."""
    t = table.t
    best = phase.plays[phase.best][1]
    if len(tiles) == 1:
        return table.suits.winner([best[0], t.index[tiles[0]]], phase.led) == 1  # type: ignore[union-attr]
    return t.groups.beats(tiles, tuple(sorted(t.tiles[x] for x in best)))


def forfeits(table: TrickTable, seat: int) -> bool:
    """Whether `seat`, following a trick led with one tile, may not take it: it is the hand's last
    trick (its hand holds at most the tile it plays to it) and `tricks.forfeit_last` holds for
    its side (Tien Gow's early death)."""
    condition = table.t.rules.forfeit_last
    if condition is None or table.hands[seat].bit_count() > 1:
        return False
    points = [table.side_points(s) for s in range(table.sides)]
    return bool(condition(scoring.hand_env(table, table.seat_side[seat], points, False)))


def why_play(phase: TrickPlaying, table: TrickTable, action: Action) -> str:
    """Why a play to a trick of plays is refused."""
    t = table.t
    held = [t.tiles[x] for x in bits(table.hands[table.current])]
    for tile in action.tiles:
        if action.tiles.count(tile) > held.count(tile):
            return f"{tile_text(tile)} is not in your hand" + (" twice" if held.count(tile) else "")
    text = " ".join(tile_text(tile) for tile in action.tiles)
    if phase.plays:
        size = len(phase.plays[0][1])
        if len(action.tiles) != size:
            return f"play {size} tile{'s' if size > 1 else ''}: as many as were led"
        if phase.picked:
            shown = " ".join(tile_text(t.tiles[x]) for x in phase.picked)
            more = size - len(phase.picked)
            it = "it" if len(phase.picked) == 1 else "them"
            tiles = "one tile" if more == 1 else f"{more} tiles"
            return f"you picked {shown} already: play {it} with {tiles} after {it}"
        return f"{text} may not be played now"
    if len(action.tiles) > 1:
        return f"{text} is not a combination you may lead"
    suits = table.suits
    assert suits is not None
    return phase.why_lead(table, action, suits)


def why_pick(phase: TrickPlaying, table: TrickTable, action: Action) -> str:
    t = table.t
    tile: Tile = action.tile  # type: ignore[assignment]  # a pick's tile
    text = tile_text(tile)
    held = sum(1 for x in bits(table.hands[table.current]) if t.tiles[x] == tile)
    if held <= sum(1 for x in phase.picked if t.tiles[x] == tile):
        return f"{text} is not in your hand" + (" to pick again" if held else "")
    if phase.picked:
        return f"pick a tile after {tile_text(t.tiles[phase.picked[-1]])} in your hand: {text} is not"
    return f"{text} leaves too few tiles after it in your hand to finish the play"
