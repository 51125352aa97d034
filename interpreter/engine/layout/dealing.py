"""Dealing a round and finding its starter (the deal phase's work): the seeded shuffle, hands,
boneyard, the engine, and the start criteria tried in the rule file's order (lots and redeals
included); `deal_round` puts the round on the table and opens it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from interpreter.engine import events as ev
from interpreter.engine import pool
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.layout.arms import LaidLayout
from interpreter.engine.layout.tables import LayoutTables
from interpreter.engine.lots import draw_lots
from interpreter.engine.tiles import bits
from interpreter.expressions.language import Expr, ExpressionRuntimeError
from interpreter.rulefile.ruleset import EngineMissing, StartCriterion, StartRule, Topology

if TYPE_CHECKING:
    from interpreter.engine.layout.table import LayoutTable

SCRIPTED = "scripted"  # the `how` of a starter a scripted deal names
# The criteria after which the side picked chooses its leader: the seat picked leads or passes.
_SIDE_CHOICE = (StartCriterion.WINNING_SIDE_CHOICE.value, StartCriterion.LOTS_PER_SIDE.value)


@dataclass(slots=True)
class Previous:
    """What a later round's start criteria need from the round before."""

    starter: int
    winner: int | None  # the seat that won it; None after a tie, when nobody scored, or when no start rule asks
    # Read only when a start rule asks (LayoutTables.start_reads_winner):
    winner_side: int | None = None  # the side that won it (went out, or the single scoring side)
    last_player: int | None = None  # the seat that laid its last tile
    out: int | None = None  # the seat that went out; None after a block
    seat_side: list[int] = field(default_factory=list)
    pips: list[int] = field(default_factory=list)  # per seat, the pips left at its end
    scores: list[int] = field(default_factory=list)  # per side, the scores after it


@dataclass(slots=True)
class RoundStart:
    hands: list[int]  # per seat, a bitmask of tile ids
    boneyard: list[int]  # draw order: index 0 first
    dead: list[int]
    engine: int | None  # the hub's engine double, out of the deal
    starter: int
    lead: int | None  # the tile the starter must lead, if a criterion requires one
    how: str  # the criterion that picked the starter
    lots: list[list[tuple[int, int]]] = field(default_factory=list)  # per lots draw: (seat, tile id)
    redeals: int = 0
    turned: int | None = None  # a tile left undealt that a `stock_lead` entry turns up as the lead


def engine_tile(tables: LayoutTables, round_no: int) -> int | None:
    rules = tables.ruleset
    engine = rules.layout.engine
    if rules.layout.topology is not Topology.HUB or engine is None:
        return None
    if "round" not in engine.names:  # the same engine every round: evaluated once
        found = tables.start_cache.get("engine")
        if found is None:
            found = tables.start_cache["engine"] = _engine_double(tables, engine, tables.count_env, round_no)
        return found
    return _engine_double(tables, engine, {**tables.count_env, "round": round_no}, round_no)


def _engine_double(tables: LayoutTables, engine: Expr, env: Mapping[str, object], round_no: int) -> int:
    """The engine double's id. The loader checks the rounds it can (interpreter/rulefile/build.py); a later
    round whose pip is not in the set stops the match here, rather than wrapping round to another double."""
    pip = int(engine(env))
    if not 0 <= pip <= tables.max_pip:
        raise ExpressionRuntimeError(
            f"round {round_no} gives engine double [{pip}|{pip}], not in the double-{tables.max_pip} set",
            engine.origin,
            engine.source,
        )
    return tables.double_of[pip]


@dataclass(frozen=True)
class _Criterion:
    """A start rule with what it needs worked out once per ruleset and player count."""

    criterion: StartCriterion
    rule: StartRule
    how: str  # the criterion's name, as the deal logs it
    tile: int | None  # HOLDER: the tile's id
    redeal: bool  # REDEAL: deal again
    when: Expr | None  # tried only when this condition (START_NAMES) holds
    stock_lead: Expr | None  # tried only when the first tile left undealt meets this (TILE_NAMES); it is the lead
    draw_until: Expr | None  # the player picked draws until he draws a tile meeting this (TILE_NAMES), and leads it


def _criteria(tables: LayoutTables, first: bool) -> tuple[_Criterion, ...]:
    """The start rules of the first round (`first`) or of later rounds, prepared (cached)."""
    found = tables.start_cache.get(first)
    if found is None:
        start = tables.ruleset.start
        rules = start.first_round if first else start.later_rounds
        found = tables.start_cache[first] = tuple(
            _Criterion(
                rule.criterion,
                rule,
                rule.criterion.value,
                tables.index.get(rule.tile),  # type: ignore[arg-type]
                rule.criterion is StartCriterion.REDEAL,
                rule.when,
                rule.stock_lead,
                rule.draw_until,
            )
            for rule in rules
        )
    return found


_RANDOM = StartCriterion.RANDOM.value


def open_round(
    tables: LayoutTables,
    rng: random.Random,
    round_no: int,
    scripted: ScriptedDeal | None,
    previous: Previous | None,
    out: tuple[int, ...] = (),
) -> RoundStart:
    """Deal round `round_no` and pick its starter; the seats `out` of the match are dealt nothing
    (the others the hand size for their count)."""
    if out:
        tables = tables.seated(out)
    engine = dealt = aside = None
    if tables.hub:
        engine = engine_tile(tables, round_no)
        dealt = engine if tables.ruleset.layout.engine_dealt else None  # an engine dealt like any tile
        aside = None if dealt is not None else engine
    if scripted is not None:
        hands, boneyard, dead = _scripted(tables, scripted, aside)
        if scripted.starter is not None:
            if not 0 <= scripted.starter < tables.players:
                raise ValueError(f"the scripted starter {scripted.starter} is not a seat")
            found = RoundStart(hands, boneyard, dead, engine, scripted.starter, None, SCRIPTED)
            return found if dealt is None else _engine_holder_leads(tables, found, dealt)
    else:
        hands, boneyard, dead = _shuffled(tables, rng, aside)
    rules = tables.ruleset
    criteria = _criteria(tables, round_no == 1)
    lots: list[list[tuple[int, int]]] = []
    redeals = 0
    guards: dict[int, bool] = {}  # per `when` condition (by id), whether it holds
    void = rules.deal.redeal_when
    while True:
        picked: tuple[int, int | None, str] | None = None
        turned: int | None = None
        if void is None or redeals >= rules.start.max_redeals or not _thrown_in(tables, void, hands):
            undealt = (boneyard, dead)
            picked, turned = _starter(tables, criteria, hands, undealt, rng, previous, lots, round_no, guards, redeals)
            if picked is not None and picked[2] == DREW_LEAD:
                _draw_for_lead(hands, boneyard, picked)
        if (
            picked is not None
            and dealt is not None
            and rules.layout.engine_missing is EngineMissing.REDEAL
            and _holder(hands, dealt) is None
            and redeals < rules.start.max_redeals
        ):
            picked = None  # nobody holds the engine: deal again
        if picked is not None:
            break
        hands, boneyard, dead = _shuffled(tables, rng, aside)
        redeals += 1
    seat, tile, how = picked
    if tables.lead_any or turned is not None:
        tile = None
    found = RoundStart(hands, boneyard, dead, engine, seat, tile, how, lots, redeals, turned)
    return found if dealt is None else _engine_holder_leads(tables, found, dealt)


def _starter(
    tables: LayoutTables,
    criteria: tuple[_Criterion, ...],
    hands: list[int],
    undealt: tuple[list[int], list[int]],
    rng: random.Random,
    previous: Previous | None,
    lots: list[list[tuple[int, int]]],
    round_no: int,
    guards: dict[int, bool],
    redeals: int,
) -> tuple[tuple[int, int | None, str] | None, int | None]:
    """(seat, tile to lead or None, criterion name) of the first start criterion that picks
    somebody, None when a `redeal` criterion says to deal again; and the first tile left undealt
    (of the boneyard, else of the `dead`) turned up as the lead when the criterion that picked is a
    `stock_lead` entry's. A `draw_until`
    entry's pick is (seat, the tile it draws for, DREW_LEAD): the caller does the drawing."""
    boneyard, dead = undealt
    top = boneyard[0] if boneyard else dead[0] if dead else None
    for rule in criteria:
        if rule.when is not None and not _guard(tables, rule.when, previous, round_no, guards):
            continue
        if rule.stock_lead is not None and (top is None or not rule.stock_lead(tables.tile_env(top))):
            continue
        if rule.redeal:
            if redeals < tables.ruleset.start.max_redeals:
                return None, None
            return (rng.randrange(tables.players), None, _RANDOM), None
        picked = _pick(tables, rule, hands, rng, previous, lots)
        if picked is not None and rule.draw_until is not None:
            picked = _drawn_for(tables, rule.draw_until, boneyard, picked[0])
        if picked is not None:
            return picked, None if rule.stock_lead is None else top
    # A list that runs out (say, only highest_double and nobody holds one) needs a starter all
    # the same; a random seat is the neutral choice.
    return (rng.randrange(tables.players), None, _RANDOM), None


DREW_LEAD = "drew_lead"  # the `how` of a starter who drew from the boneyard until he drew his lead


def _drawn_for(tables: LayoutTables, wanted: Expr[bool], boneyard: list[int], seat: int) -> tuple[int, int, str] | None:
    """(seat, the first tile of the boneyard's drawable part that meets `wanted`, DREW_LEAD), or
    None when none does (the start list goes on)."""
    for tile in boneyard[: len(boneyard) - tables.reserve]:
        if wanted(tables.tile_env(tile)):
            return seat, tile, DREW_LEAD
    return None


def _draw_for_lead(hands: list[int], boneyard: list[int], picked: tuple[int, int | None, str]) -> None:
    """The starter draws from the boneyard, in its order, up to and including the tile he leads."""
    seat, tile, _ = picked
    while True:
        drawn = boneyard.pop(0)
        hands[seat] |= 1 << drawn
        if drawn == tile:
            return


def _thrown_in(tables: LayoutTables, void: Expr[bool], hands: list[int]) -> bool:
    """Whether any hand as dealt meets `deal.redeal_when` (DEALT_HAND_NAMES), which voids the deal."""
    return any(void(dealt_hand_env(tables, hand)) for hand in hands)


def dealt_hand_env(tables: LayoutTables, hand: int) -> dict[str, object]:
    """The names a condition over one hand as dealt reads (DEALT_HAND_NAMES): `deal.redeal_when`,
    `deal.redeal_claim`."""
    low, high = tables.low, tables.high
    ids = bits(hand)
    return {
        **tables.count_env,
        "doubles": sum(1 for t in ids if low[t] == high[t]),
        "tiles": len(ids),
        "pips": sum(low[t] + high[t] for t in ids),
        "longest": max(sum(1 for t in ids if pip in (low[t], high[t])) for pip in range(tables.max_pip + 1)),
    }


ENGINE_HOLDER = "engine_holder"  # the `how` of a round led by the holder of a dealt engine
ENGINE_DRAWN = "engine_drawn"  # ... by the player who drew it, the players drawing in turn
ENGINE_STAND_IN = "engine_stand_in"  # ... by the holder of the tile standing in for an engine nobody holds


def _engine_holder_leads(tables: LayoutTables, found: RoundStart, engine: int) -> RoundStart:
    """The holder of a dealt engine leads it. When nobody holds it, the players draw in turn from
    the chosen starter on until one draws it (after redeals ran out, a set-aside engine is dealt
    to the chosen starter instead); the hands are logged as they are after that drawing."""
    found.lead = engine
    seat = _holder(found.hands, engine)
    if seat is not None:
        found.starter, found.how = seat, ENGINE_HOLDER
        return found
    stand_in = tables.stand_in
    seat = None if stand_in is None else _holder(found.hands, stand_in)
    if seat is not None:  # the stand-in is laid at the hub instead, as the engine
        found.lead, found.starter, found.how = stand_in, seat, ENGINE_STAND_IN
        return found
    if engine in found.boneyard:
        each = tables.ruleset.layout.engine_missing is EngineMissing.DRAW_EACH
        seat = found.starter
        holder = None
        for _ in range(len(found.boneyard)):  # ends: the engine is in the boneyard
            tile = found.boneyard.pop(0)
            found.hands[seat] |= 1 << tile
            if tile == engine:
                holder = seat
            if holder is not None and (not each or next_seat(tables, seat) == found.starter):
                break  # drawn; under draw_each, once every player has drawn this time round
            seat = next_seat(tables, seat)
        found.starter, found.how = holder, ENGINE_DRAWN  # type: ignore[assignment]
        return found
    found.dead.remove(engine)
    found.hands[found.starter] |= 1 << engine
    found.how = ENGINE_HOLDER
    return found


_shuffle_plans: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _shuffle_plan(size: int) -> tuple[tuple[int, int, int], ...]:
    """Per swap of a shuffle of `size` items: (position, choices, bits a draw takes)."""
    found = _shuffle_plans.get(size)
    if found is None:
        found = _shuffle_plans[size] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    return found


def _inline_shuffle(rng: random.Random, x: list[int]) -> None:
    """`rng.shuffle(x)` with its `_randbelow` inlined: the same swaps from the same random bits,
    at a third of the cost (one Python call per shuffle instead of one per tile, and the bit
    widths computed once per size)."""
    getrandbits = rng.getrandbits
    for i, n, k in _shuffle_plans.get(len(x)) or _shuffle_plan(len(x)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _inline_shuffle_is_exact() -> bool:
    """Whether this Python's `random.shuffle` draws exactly as `_inline_shuffle` does."""
    for seed in range(20):
        a, b = list(range(seed * 7)), list(range(seed * 7))
        random.Random(seed).shuffle(a)
        _inline_shuffle(random.Random(seed), b)
        if a != b:
            return False
    return True


# Deals must not depend on which shuffle ran: use the inlined one only where it draws the same.
shuffle = _inline_shuffle if _inline_shuffle_is_exact() else random.Random.shuffle


def _shuffled(tables: LayoutTables, rng: random.Random, engine: int | None) -> tuple[list[int], list[int], list[int]]:
    # The pool holds each tile as its bit (1 << id): the same swaps as shuffling the ids, and a
    # hand's mask is then the plain sum of its slice.
    pool = tables.bit_pool(engine)
    shuffle(rng, pool)
    size = tables.hand_size
    hands = [sum(pool[start : start + size]) for start in tables.hand_starts]
    rest = list(map(tables.id_of_bit.__getitem__, pool[len(tables.hand_starts) * size :]))
    for seat in tables.out:  # a seat out of the match is dealt nothing (hand_starts leaves it out)
        hands.insert(seat, 0)
    if tables.undealt_dead:
        return hands, [], rest
    return hands, rest, []


def _rows(t: LayoutTables, rng: random.Random, hands: list[int], scripted: ScriptedDeal | None) -> list[list[int]]:
    """Each hand as a blind row (deal.hands: blind_row), its right end last: a scripted deal's in
    the order it names the tiles, a shuffled one's in a random order."""
    if scripted is not None:
        return [[t.index[tile] for tile in hand] for hand in scripted.hands]
    rows = []
    for hand in hands:
        row = bits(hand)
        shuffle(rng, row)
        rows.append(row)
    return rows


def _scripted(
    tables: LayoutTables, scripted: ScriptedDeal, engine: int | None
) -> tuple[list[int], list[int], list[int]]:
    if len(scripted.hands) != tables.players:
        raise ValueError(f"the scripted deal has {len(scripted.hands)} hands for {tables.players} players")
    if scripted.boneyard and tables.undealt_dead:
        kept = "to the starter" if tables.undealt_to_starter else "dead"
        raise ValueError(f"the scripted deal has a boneyard, but the rules leave undealt tiles {kept}")
    seen = set() if engine is None else {engine}
    ids: list[list[int]] = []
    for group in (*scripted.hands, scripted.boneyard):
        out = []
        for tile in group:
            t = tables.index.get(tile)
            if t is None:
                named = "the set" if tables.ruleset.tiles else f"the double-{tables.max_pip} set"
                raise ValueError(f"{tile} is not in {named}")
            t = tables.free_copy(t, sum(1 << s for s in seen))
            if t in seen:
                raise ValueError(f"{tile} is dealt twice (or is the engine)")
            seen.add(t)
            out.append(t)
        ids.append(out)
    hands = []
    for seat in tables.out:
        if ids[seat]:
            raise ValueError(f"seat {seat} is out of the match: its scripted hand must be empty")
    for hand in ids[:-1]:
        mask = 0
        for t in hand:
            mask |= 1 << t
        hands.append(mask)
    dead = [t for t in range(len(tables.tiles)) if t not in seen]
    return hands, ids[-1], dead


def _guard(tables: LayoutTables, when: Expr, previous: Previous | None, round_no: int, guards: dict[int, bool]) -> bool:
    """Whether a later round's start condition holds, over how the previous round ended."""
    found = guards.get(id(when))
    if found is None:
        if previous is None:
            found = False
        else:
            env = {
                "went_out": previous.out is not None,
                "blocked": previous.out is None,
                "tied": previous.winner_side is None,
                "high_score": max(previous.scores),
                "low_score": min(previous.scores),
                "players": tables.players,
                "max_pip": tables.max_pip,
                "round": round_no,
            }
            found = bool(when(env))
        guards[id(when)] = found
    return found


def _holder(hands: list[int], tile: int, tables: LayoutTables | None = None) -> int | None:
    """The seat holding `tile` (with `tables`: or a copy of it; -1, a tile the set leaves out: nobody)."""
    if tile < 0:
        return None
    mask = tables.twins[tile] if tables is not None and tables.twins else 1 << tile  # every copy of it
    for seat, hand in enumerate(hands):
        if hand & mask:
            return seat
    return None


def _pick(
    tables: LayoutTables,
    prepared: _Criterion,
    hands: list[int],
    rng: random.Random,
    previous: Previous | None,
    lots: list[list[tuple[int, int]]],
) -> tuple[int, int | None, str] | None:
    """(seat, tile to lead or None, criterion name), or None when the criterion picks nobody."""
    criterion = prepared.criterion
    rule = prepared.rule
    how = prepared.how
    if criterion is StartCriterion.HOLDER:
        tile = prepared.tile
        seat = None if tile is None else _holder(hands, tile, tables)
        return None if seat is None or tile is None else (seat, tables.held(tile, hands[seat]), how)
    if criterion is StartCriterion.HIGHEST_DOUBLE:
        for pip in range(tables.max_pip, -1, -1):
            tile = tables.double_of[pip]
            seat = _holder(hands, tile, tables)
            if seat is not None:
                return seat, tables.held(tile, hands[seat]), how
        return None
    if criterion is StartCriterion.HIGHEST_RANKED:
        ranks = tables.ranks(rule)
        all_hands = 0
        for hand in hands:
            all_hands |= hand
        dealt = bits(all_hands)
        best = max(ranks[t] for t in dealt)
        top = [t for t in dealt if ranks[t] == best]
        if len(top) > 1:
            return None
        return _holder(hands, top[0]), top[0], how  # type: ignore[return-value]
    if criterion is StartCriterion.LOTS:
        return _lots(tables, rule, rng, lots), None, how
    if criterion is StartCriterion.LOTS_LOWEST:
        return _lots(tables, rule, rng, lots, lowest=True), None, how
    if criterion is StartCriterion.LOTS_PER_SIDE:  # the first seat of each side draws (seat s is on side s % sides)
        seating = tables.ruleset.players
        sides = seating.team_sides(tables.players) if seating.partnered else tables.players
        return _lots(tables, rule, rng, lots, list(range(sides))), None, how
    if criterion is StartCriterion.RANDOM:
        return rng.randrange(tables.players), None, how
    if criterion is StartCriterion.PREVIOUS_WINNER:
        if previous is None or previous.winner is None:
            return None
        return previous.winner, None, how
    if criterion is StartCriterion.NEXT_SEAT:
        if previous is None:
            return None
        return next_seat(tables, previous.starter), None, how
    if previous is None:
        return None
    won = previous.winner_side
    if criterion is StartCriterion.LAST_PLAYER_IF_WON:
        last = previous.last_player
        if last is None or won is None or previous.seat_side[last] != won:
            return None
        return last, None, how
    if criterion is StartCriterion.WINNING_SIDE_CHOICE:  # the winner leads, or passes the lead on
        return None if previous.winner is None else (previous.winner, None, how)
    if criterion is StartCriterion.AFTER_LAST_PLAYER:
        last = previous.last_player
        return None if last is None else (next_seat(tables, last), None, how)
    if criterion is StartCriterion.PREVIOUS_OUT:
        return None if previous.out is None else (previous.out, None, how)
    if criterion is StartCriterion.PREVIOUS_STARTER_AFTER_TIE:
        return None if won is not None else (previous.starter, None, how)
    if criterion is StartCriterion.WINNING_SIDE_NEXT:
        if won is None:
            return None
        seat = next_seat(tables, previous.starter)
        while previous.seat_side[seat] != won:
            seat = next_seat(tables, seat)
        return seat, None, how
    if criterion is StartCriterion.WINNING_SIDE_LIGHTEST:  # the first lightest, in play order from the starter
        if won is None:
            return None
        seat = previous.starter
        lightest: int | None = None
        for _ in range(tables.players):
            if previous.seat_side[seat] == won and (lightest is None or previous.pips[seat] < previous.pips[lightest]):
                lightest = seat
            seat = next_seat(tables, seat)
        assert lightest is not None  # the winning side has a seat
        return lightest, None, how
    raise AssertionError(f"unhandled start criterion {criterion}")


def _lots(
    tables: LayoutTables,
    rule: StartRule,
    rng: random.Random,
    lots: list[list[tuple[int, int]]],
    seats: list[int] | None = None,
    lowest: bool = False,
) -> int:
    """Tied players (of `seats`, else all) draw lots (engine/lots.py), each tile ranked as `rule` says."""
    contenders = list(range(tables.players)) if seats is None else seats
    return draw_lots(tables.ranks(rule), contenders, rng, lots, lowest)


def next_seat(tables: LayoutTables, seat: int) -> int:
    return (seat + tables.step) % tables.players


def deal_round(table: LayoutTable, again: bool = False) -> None:
    """Deal the next round onto `table`, log the deal, and open the round: the hub's engine set
    out, or the lead turned up from the stock, where the rules say so. `again`: the round's deal
    was thrown in by a player's claim (deal.redeal_claim): the same round is dealt anew, from the
    next scripted deal if any, and its stakes are not paid twice."""
    if again:
        table.claimed += 1
    else:
        if table.round:  # the round that ended, as it ended: a table shows it until its people go on
            table.finished = (table.layout, table.demands)  # references: read (and counted) only when shown
        table.round += 1
    t = table.t
    round_no = table.round
    at = round_no - 1 + table.claimed  # a scripted deal for each deal, a claimed redeal's included
    scripted = table.deals[at] if at < len(table.deals) else None
    rs = open_round(t, table.generator(), round_no, scripted, table.previous, table.eliminated)
    if rs.starter in table.eliminated:  # a criterion picked a seat out of the match: the next seat in starts
        rs.starter = table.next_of[rs.starter]
    table.hands = rs.hands
    table.kept = [0] * table.n
    if t.blind:
        table.rows = _rows(t, table.generator(), rs.hands, scripted)
    table.boneyard = rs.boneyard
    table.next_draw = 0
    table.dead = rs.dead
    table.layout = LaidLayout(table.n)
    table.demands = []
    dealt_engine = not t.line and table.rules.layout.engine_dealt
    if not t.line and not dealt_engine and rs.engine is not None:  # (a hub may have no engine: layout.engine)
        table.open_hub(rs.engine)
    table.needs_lead = t.line or dealt_engine
    # The winning side chooses its leader: the starter may lead, or pass the lead to the next
    # seat of its side (who must then lead).
    table.lead_choice = rs.how in _SIDE_CHOICE and table.sides < table.n
    table.lead = rs.lead
    table.starter = rs.starter
    table.current = rs.starter
    table.last_fit = 0
    table.fits = t.fits(table.layout.doubles)
    # The hands as dealt (the list itself changes with play); boneyard and dead never change.
    # A lead from the stock: the top boneyard tile (a scripted deal's first), taken before the
    # deal is logged. A scripted deal without a boneyard turns nothing up: a resampled round is
    # rebuilt from such a skeleton, and lays the logged tile itself (`LayoutTable.turn_up`).
    turned = rs.boneyard.pop(0) if t.stock_lead and rs.boneyard else None
    if rs.turned is not None:  # a `stock_lead` start entry's tile, the first left undealt
        turned = rs.turned
        (rs.boneyard if rs.boneyard and rs.boneyard[0] == turned else rs.dead).remove(turned)
    deal = (ev.DEAL, t, round_no, rs.starter, rs.how, None if turned is not None else rs.lead, rs.engine,
            tuple(rs.hands), rs.boneyard, rs.dead, rs.lots, rs.redeals)  # fmt: skip
    table.events.append(deal)
    stakes = table.rules.match.pool
    if stakes is not None and not again:  # the pool's stakes (engine/pool.py)
        dealer = (rs.starter - t.step) % table.n
        table.pool += pool.stake(
            stakes, pool.count_env(table.rules, table.n), dealer, table.pool, table.seat_side, table.scores,
            table.events,
        )  # fmt: skip
    if turned is not None:
        table.turn_up(turned)
