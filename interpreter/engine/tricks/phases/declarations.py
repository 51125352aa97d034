"""Declarations that score (`declaration`, docs/format.md "Declarations that score"): a seat about
to lead shows tiles of its hand not shown before; its side's points wait, where the rules say so, for
its first trick; the declarer then leads one of the tiles shown. Logged as the action and a public
`declared` record (seat, side, tiles, points). Functions of the play phase (playing.py) and the table."""

from __future__ import annotations

from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.actions import Action
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.table import TrickTable
from interpreter.rulefile.trick_rules import Declaration, Shows

DECLARED = "declared"  # the public record of a declaration


def shown_by(table: TrickTable, declaration: Declaration, seat: int) -> int:
    """The tiles `seat` would show now (a mask): of its hand, those it has not shown already."""
    hand = table.hands[seat] & ~table.declared.shown[seat]
    if declaration.shows is Shows.HAND:
        return hand
    t = table.t
    return sum(1 << x for x in bits(hand) if t.low[x] == t.high[x])


def env(table: TrickTable, seat: int, shown: int) -> dict[str, Any]:
    """The names `declaration.requires` and `points` read (DECLARE_NAMES), of `seat`'s hand less the
    tiles it has shown already (a tile shown once is never declared again)."""
    t = table.t
    hand = table.hands[seat] & ~table.declared.shown[seat]
    trumps = 0 if table.suits is None else (hand & table.suits.trumps).bit_count()
    top = 0 if table.suits is None else table.suits.top
    return {
        **t.count_env, "doubles": sum(1 for x in bits(hand) if t.low[x] == t.high[x]), "tiles": hand.bit_count(),
        "trumps": trumps, "shown": shown.bit_count(), "top_shown": bool(shown & top),
    }  # fmt: skip


def may_declare(table: TrickTable) -> bool:
    """Whether the seat about to lead may declare now (the caller knows no tile is on the table)."""
    declaration = table.t.rules.declaration
    seat = table.current
    if declaration is None or table.declared.lead_from:  # he has just declared: he leads now
        return False
    shown = shown_by(table, declaration, seat)
    return bool(shown) and bool(declaration.requires(env(table, seat, shown)))


def declare(table: TrickTable, action: Action) -> bool:
    """The current seat declares: its tiles shown, its side's points noted; a declaration that meets
    `wins_when` wins the hand for its side (`declared.won`, and the hand's claim). Whether the
    points count now."""
    declaration = table.t.rules.declaration
    assert declaration is not None
    seat, declared = table.current, table.declared
    shown = shown_by(table, declaration, seat)
    names = env(table, seat, shown)
    points = int(declaration.points(names))
    side = table.seat_side[seat]
    declared.by |= 1 << seat
    declared.shown[seat] |= shown
    declared.points[side] += points
    if declaration.lead_shown:
        declared.lead_from = shown
    tiles = table.t.tiles
    table.events.append((ev.ACTION, seat, action))
    record = {"type": DECLARED, "seat": seat, "side": side, "tiles": [list(tiles[x]) for x in bits(shown)],
              "points": points}  # fmt: skip
    if declaration.wins_when is not None and declaration.wins_when(names):
        declared.won = table.claimed = side
        record["wins"] = True  # only on a declaration that wins the hand: every other record stays as it was
    table.events.append(record)
    return table.declared_points(side) > 0


def why_not(table: TrickTable) -> str:
    """Why the current seat may not declare now."""
    declaration = table.t.rules.declaration
    if declaration is None:
        return "there are no declarations in this game"
    if table.declared.lead_from:
        return "you have declared: lead one of the tiles you showed"
    return (
        "you may declare only about to lead a trick, holding what it asks "
        f"({declaration.requires.source}) in tiles not shown before"
    )
