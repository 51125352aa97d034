"""A draw-and-discard hand's end: the out player's win (scoring.out) paid by every other player,
by the discarder or by nobody, and the pool taken; or, with nobody out, each player's
scoring.stock_out and the pool carried or shared (match.pool.tie)."""

from __future__ import annotations

from interpreter.engine import events as ev
from interpreter.engine import pool
from interpreter.engine.draw_discard.matcher import Vector
from interpreter.engine.draw_discard.table import OUT, DrawDiscardTable
from interpreter.engine.scoring import score_error
from interpreter.expressions.language import MAX_VALUE
from interpreter.rulefile.draw_discard_rules import PaidBy


def score_hand(table: DrawDiscardTable) -> None:
    t = table.t
    rules = t.rules
    gained = [0] * table.sides
    pips = [sum(sum(t.tiles[x]) for x in hand) for hand in table.hands]
    if table.ended == OUT:
        seat = table.out_seat
        assert seat is not None and table.out_split is not None
        env = _split_env(table, seat, table.out_split)
        env.update({
            "from_discard": table.fed is not None, "first_turn": table.turns == 0,
            "others_pips": sum(p for s, p in enumerate(pips) if s != seat), "pool": table.pool,
        })  # fmt: skip
        points = int(rules.out_points(env))
        payers = [s for s in range(table.n) if s != seat]
        if rules.out_from is PaidBy.DISCARDER and table.fed is not None:
            payers = [table.fed]
        if rules.out_from is PaidBy.NONE:
            payers = []
            gained[table.seat_side[seat]] += points
        for s in payers:
            gained[table.seat_side[s]] -= points
            gained[table.seat_side[seat]] += points
        table.last_out = seat
    else:
        table.last_out = None  # nobody went out: previous_winner picks nobody next hand
        for seat in range(table.n):
            hand = table.hands[seat]
            splits = t.matcher.splits(t.hand_types(hand)) if hand else frozenset({t.matcher.zero})
            best = min(splits, key=lambda v: v[-1])
            env = _split_env(table, seat, best)
            env["pips"] = pips[seat]
            gained[table.seat_side[seat]] += int(rules.stock_out_points(env))
    reason = table.ended or OUT
    for side, got in enumerate(gained):
        if not got:
            continue
        total = table.scores[side] + got
        if not -MAX_VALUE <= total <= MAX_VALUE:
            raise score_error(rules.out_points if table.ended == OUT else rules.stock_out_points, side, total)
        table.scores[side] = total
        table.events.append((ev.SCORE, side, None, got, total, reason))
    stakes = t.ruleset.match.pool
    if stakes is not None:
        best_sides = [table.seat_side[table.out_seat]] if table.out_seat is not None else list(range(table.sides))
        table.pool = pool.pay(stakes, table.pool, best_sides, table.scores, table.events)
    table.events.append({
        "type": "round_end", "round": table.round, "reason": reason, "seat": table.out_seat,
        "hands": [[[*t.tiles[x]] for x in sorted(hand)] for hand in table.hands], "pips": pips,
        "scores": table.scores.copy(),
    })  # fmt: skip


def _split_env(table: DrawDiscardTable, seat: int, split: Vector) -> dict[str, object]:
    shown = table.shown_vector(seat)
    return table.t.cover_env(split, shown, table.held_count(seat))
