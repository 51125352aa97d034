"""The playouts' cheap policy for a play to a trick (`TrickMatch.rule_of_thumb`, the `heavy`
share of `playout`): what every seat can work out, never a hidden tile."""

from __future__ import annotations

from interpreter.engine.actions import PICK, PLAY, Action
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.phases import grouped
from interpreter.engine.tricks.phases.playing import TrickPlaying
from interpreter.engine.tricks.picks import pick_towards
from interpreter.engine.tricks.table import TrickTable


def rule_of_thumb(phase: TrickPlaying, table: TrickTable) -> Action:
    """Lead the highest trump held (the declarers' side; a defender only when no unplayed trump
    outranks it), else a tile no unplayed tile outranks in its suit (the richest count first),
    else the lowest tile; onto a trick the partner is taking, the richest count; against an
    opponent's, the cheapest tile that takes it, else the lowest."""
    suits = table.suits
    assert suits is not None
    t = table.t
    if t.grouped:
        return _group_rule_of_thumb(phase, table)
    count, trumps = table.count, suits.trumps
    ids = bits(phase.play_mask(table))
    side = table.seat_side

    def cheap(x: int) -> tuple[int, int, int]:
        return (count[x], (trumps >> x) & 1, x)

    if not phase.trick:
        # A tile on top of its suit takes the trick unless it is trumped: nothing unplayed and
        # outside this hand ranks above it in the suit it leads (what every seat can work out).
        gone = table.hands[table.current]
        for mask in table.played:
            gone |= mask
        unplayed = ~gone & ((1 << len(t.tiles)) - 1)
        rank, follows, led_suit = suits.rank, suits.follows, suits.led_suit

        def on_top(x: int) -> bool:
            suit = led_suit[x]
            return not any(rank[suit][y] > rank[suit][x] for y in bits(unplayed & follows[suit]))

        held = [x for x in ids if (trumps >> x) & 1]
        highest = max(held, key=rank[suits.trump].__getitem__) if held else None
        bidder = table.auction.bidder
        declarers = bidder is not None and side[bidder] == side[table.current]
        if highest is not None and (declarers or on_top(highest)):
            best = highest  # drawing trumps is the declarers' job; a defender leads only the top one
        else:
            top = [x for x in ids if not (trumps >> x) & 1 and on_top(x)]
            best = max(top, key=lambda x: (count[x], x)) if top else min(ids, key=cheap)
        return phase.lead_actions(table, 1 << best)[-1]
    led = phase.led
    seats = [*phase.trick_seats, table.current]
    ahead = table.ahead(seats)  # the same winner as the trick's (tricks.ties)
    taking = seats[suits.winner(phase.trick, led, ahead)]
    if side[taking] == side[table.current]:
        return t.plays[max(ids, key=lambda x: (count[x], -((trumps >> x) & 1), -x))]
    n = len(phase.trick)
    winning = [x for x in ids if suits.winner([*phase.trick, x], led, ahead) == n]
    return t.plays[min(winning, key=lambda x: ((trumps >> x) & 1, x)) if winning else min(ids, key=cheap)]


def _group_rule_of_thumb(phase: TrickPlaying, table: TrickTable) -> Action:
    """`rule_of_thumb` for tricks of plays: lead the best group held, else the best tile;
    follow with the cheapest play that takes the lead, else with the lowest tiles."""
    t = table.t
    suits = table.suits
    assert suits is not None
    legal = [a for a in phase.legal(table) if a.kind == PLAY]
    tiles_rank = t.named_rank

    def strength(action: Action) -> tuple[int, int]:
        group = t.groups.of.get(action.tiles)
        if group is not None:
            return (1, group[1])
        x = t.index[action.tile]  # type: ignore[index]
        return (0, max(r[x] for r in suits.rank))

    def takes(tiles: tuple[tuple[int, int], ...]) -> bool:
        return grouped.takes_lead(phase, table, tiles)

    if not phase.plays:
        return max(legal, key=strength)
    size = grouped.picking(phase, table)
    if size:  # towards the cheapest group that takes the lead, else the lowest tiles
        held = [t.tiles[x] for x in bits(table.hands[table.current])]
        picked = [t.tiles[x] for x in phase.picked]
        return Action(PICK, pick_towards(t.groups, held, picked, size, takes, lambda tile: tiles_rank[t.index[tile]]))
    winning = [action for action in legal if takes(action.tiles)]
    if winning:
        return min(winning, key=strength)
    return min(legal, key=lambda a: sum(tiles_rank[t.index[tile]] for tile in a.tiles))
