"""The draw-and-discard family's computer policy, which the greedy, heavy and counter players
follow (from an observation only): take a discard that completes the hand, or that puts more of
it in groups; show every group it may; discard the tile whose loss leaves the fewest tiles in no
group. Among equal discards, `counting` keeps the tiles more unseen tiles could join in a group
(the counter player's count of what is still out), else the tile of most pips goes. The heavy
player's way (`heaviest`) takes and shows the same, and discards its heaviest tile."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from interpreter.engine.actions import DISCARD, DRAW, MELD, TAKE, Action
from interpreter.engine.draw_discard.tables import DrawDiscardTables, tables_for
from interpreter.engine.observation import Observation
from interpreter.engine.tiles import Tile


def choose(
    observation: Observation, legal: Sequence[Action], *, counting: bool = False, heaviest: bool = False
) -> Action:
    """The policy's action (`heaviest`: discard the tile of most pips whatever the groups, the
    heavy player's way; `counting`: among equal discards keep what unseen tiles could join)."""
    if len(legal) == 1:
        return legal[0]
    n = len(observation.hand_counts)
    t = tables_for(observation.rules.for_players(n), n)
    kinds = {action.kind for action in legal}
    if MELD in kinds:
        return next(action for action in legal if action.kind == MELD)
    hand = list(observation.hand)
    if TAKE in kinds:
        return _take_or_draw(t, observation, hand, legal)
    discards = [action for action in legal if action.kind == DISCARD]
    if heaviest:
        return max(discards, key=lambda action: (sum(action.tile or (0, 0)), action.tile))
    unseen = _unseen(t, observation) if counting else Counter[Tile]()
    return min(discards, key=lambda action: _discard_key(t, hand, action.tile, unseen, counting))  # type: ignore[arg-type]


def _ids(t: DrawDiscardTables, tiles: Sequence[Tile]) -> list[int]:
    """Tile ids standing for `tiles` (copies of a face are interchangeable for the matcher)."""
    first = t.first_id
    return [first[tile] for tile in tiles]


def _take_or_draw(t: DrawDiscardTables, observation: Observation, hand: list[Tile], legal: Sequence[Action]) -> Action:
    view = observation.draw_discard
    assert view is not None
    shown = [0] * (len(t.kind_names) + 1)
    names = {name: i for i, name in enumerate(t.kind_names)}
    for name, _ in view.shown[observation.seat]:
        shown[names[name]] += 1
    held = len(hand) + 1 + sum(len(tiles) for _, tiles in view.shown[observation.seat])
    now = t.fewest_loose(_ids(t, hand))
    best, gain = None, 0
    for action in legal:
        if action.kind != TAKE or action.tile is None:
            continue
        ids = _ids(t, [*hand, action.tile])
        if t.complete_split(ids, tuple(shown), held) is not None:
            return action
        better = now + 1 - t.fewest_loose(ids)  # tiles newly put in groups, the taken one counted
        if better > gain:
            best, gain = action, better
    return best if best is not None else next(action for action in legal if action.kind == DRAW)


def _discard_key(
    t: DrawDiscardTables, hand: list[Tile], tile: Tile, unseen: Counter[Tile], counting: bool
) -> tuple[int, int, int]:
    rest = hand.copy()
    rest.remove(tile)
    loose = t.fewest_loose(_ids(t, rest))
    outs = _outs(t, tile, unseen) if counting else 0
    return (loose, outs, -(tile[0] + tile[1]))


def _outs(t: DrawDiscardTables, tile: Tile, unseen: Counter[Tile]) -> int:
    """How many unseen tiles make a pair with `tile` (what could still join it in a group)."""
    pairs = t.matcher.pair[t.type_of[t.first_id[tile]]]
    return sum(k for face, k in unseen.items() if pairs[t.type_of[t.first_id[face]]])


def _unseen(t: DrawDiscardTables, observation: Observation) -> Counter[Tile]:
    view = observation.draw_discard
    assert view is not None
    out = Counter(t.tiles)
    out.subtract(observation.hand)
    out.subtract(tile for _, tile in view.discards)
    out.subtract(view.dead)
    for tiles in view.known:
        out.subtract(tiles)
    for groups in view.shown:
        for _, tiles in groups:
            out.subtract(tiles)
    return +out
