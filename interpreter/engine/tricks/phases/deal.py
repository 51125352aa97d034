"""The deal of a trick hand: the tiles dealt (at random, or as the round's scripted deal), who
bids or leads first, and a tile turned up for trumps; then the next phase of the hand's sequence
(the passing, the auction, the calls or the play)."""

from __future__ import annotations

from interpreter.engine import events as ev
from interpreter.engine import limits, phases, pool
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.layout.dealing import shuffle
from interpreter.engine.lots import draw_lots, tile_ranks
from interpreter.engine.scoring import goal
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.phases import TrickAutomatic, entry, hand_over
from interpreter.engine.tricks.suits import Declaration
from interpreter.engine.tricks.table import TrickTable
from interpreter.rulefile.ruleset import StartCriterion


@entry(phases.DEAL)
class TrickDeal(TrickAutomatic):
    """Deals the next hand (or the same round again after everyone passed) when built."""

    kind = phases.DEAL
    name = "dealing"

    def __init__(self, table: TrickTable) -> None:
        super().__init__()
        t = table.t
        table.dealt_hands += 1
        if table.redeals == 0:
            table.round += 1
            if table.round > limits.MAX_ROUNDS:  # a safety bound (limits.py)
                match = table.ruleset.match
                least = goal(match) if match.target is not None else None
                raise limits.round_limit_error(match, table.scores, least, table.round - 1)
        scripted = table.deals[table.round - 1] if table.round <= len(table.deals) else None
        hands, stock, dead = _scripted(table, scripted) if scripted is not None else _shuffled(table)
        table.new_hand(hands, stock, dead)
        if t.widow_trick:  # the undealt tiles wait on the table for a trick's winner: in play, not dead
            table.widow, table.dead = table.dead, []
        lots: list[list[tuple[int, int]]] = []  # the draws of lots for the starter, if any (start: lots)
        how = _pick_starter(table, scripted, lots)
        table.dealer = (table.starter - t.step) % table.n
        table.count_available(t.hand_size)
        table.events.append(
            (ev.DEAL, t, table.round, table.starter, how, None, None, hands.copy(), stock.copy(), dead.copy(), lots,
             table.redeals)
        )  # fmt: skip
        stakes = table.ruleset.match.pool
        if stakes is not None and table.redeals == 0:  # a hand's stakes, once however often it is dealt
            table.pool += pool.stake(
                stakes, t.count_env, table.dealer, table.pool, table.seat_side, table.scores, table.events
            )
        table.current = table.starter
        rules = t.rules
        _show_undealt(table)
        fixed: Declaration = t.fixed
        if rules.stock is not None and rules.stock.turn_up and table.stock.tiles:
            # The tile drawn last is turned up; without draws it stays face up out of play.
            up = table.stock.turn(out_of_play=not rules.stock.draw)
            fixed = t.turned_trump(up)
            table.events.append({"type": "turn_up", "tile": [t.low[up], t.high[up]], "trump": fixed})
        table.fixed = fixed
        self.finish(hand_over(table, self.kind))


def _show_undealt(table: TrickTable) -> None:
    """The undealt tiles are shown face up (deal.undealt_face_up), waiting for a trick's winner or out of play."""
    t = table.t
    if t.rules.undealt_face_up and (table.widow or table.dead):
        table.widow_shown = list(table.widow or table.dead)
        shown = [[t.low[x], t.high[x]] for x in table.widow_shown]
        table.events.append({"type": "widow_shown", "tiles": shown})


def _scripted(table: TrickTable, scripted: ScriptedDeal) -> tuple[list[int], list[int], list[int]]:
    """The hands, the stock (next drawn first) and the dead tiles of a scripted deal."""
    t, n = table.t, table.n
    if len(scripted.hands) != n:
        raise ValueError(f"the scripted deal of round {table.round} does not give {n} hands")
    held = 0
    hands = []
    try:
        for hand in scripted.hands:
            mask = t.mask_of(hand, held)
            hands.append(mask)
            held |= mask
        drawn = t.mask_of(scripted.boneyard, held)
    except ValueError as error:
        raise ValueError(f"the scripted deal of round {table.round}: {error}") from None
    stock = [x for tile in scripted.boneyard for x in bits(drawn) if t.tiles[x] == tile]
    stock = list(dict.fromkeys(stock))  # in the order given (copies of a tile are alike)
    held |= drawn
    dead = [x for x in range(len(t.tiles)) if not (held >> x) & 1]
    return hands, stock, dead


def _shuffled(table: TrickTable) -> tuple[list[int], list[int], list[int]]:
    """The hands, the stock (next drawn first) and the dead tiles of a deal at random."""
    t, n, size = table.t, table.n, table.t.hand_size
    stocked = t.rules.stock is not None or t.rules.calls is not None
    pool = list(range(len(t.tiles)))
    shuffle(table.rng, pool)
    hands = [sum(1 << x for x in pool[i * size : (i + 1) * size]) for i in range(n)]
    rest = pool[n * size :]
    return hands, rest if stocked else [], [] if stocked else rest


def _pick_starter(table: TrickTable, scripted: ScriptedDeal | None, lots: list[list[tuple[int, int]]]) -> str:
    """Who bids (or leads) first this hand, by the file's start criteria; how it was decided. A
    draw of lots (engine/lots.py) appends its draws to `lots`."""
    t = table.t
    if table.redeals:  # everyone passed: the next dealer deals again
        table.starter = t.next_seat(table.starter)
        return "redeal"
    if scripted is not None and scripted.starter is not None:
        if not 0 <= scripted.starter < table.n:
            raise ValueError(f"the scripted deal names starter {scripted.starter} of {table.n} seats")
        table.starter = scripted.starter
        return "scripted"
    start = table.ruleset.start
    for rule in start.first_round if table.round == 1 else start.later_rounds:
        if rule.criterion is StartCriterion.NEXT_SEAT and table.starter >= 0:
            table.starter = t.next_seat(table.starter)
            return "next_seat"
        if rule.criterion is StartCriterion.PREVIOUS_WINNER and table.previous_winner is not None:
            table.starter = table.previous_winner
            return "previous_winner"
        if rule.criterion is StartCriterion.HOLDER and rule.tile is not None:
            tile = t.index.get(rule.tile)
            holder = next((s for s, h in enumerate(table.hands) if tile is not None and (h >> tile) & 1), None)
            if holder is not None:
                table.starter = holder
                return "holder"
        if rule.criterion is StartCriterion.RANDOM:
            table.starter = table.rng.randrange(table.n)
            return "random"
        if rule.criterion in (StartCriterion.LOTS, StartCriterion.LOTS_LOWEST):
            lowest = rule.criterion is StartCriterion.LOTS_LOWEST
            ranks = tile_ranks(rule, t.tiles, t.count_env)
            table.starter = draw_lots(ranks, list(range(table.n)), table.rng, lots, lowest)
            return rule.criterion.value
    table.starter = table.rng.randrange(table.n)  # no criterion applied: the loader's checks make this rare
    return "random"
