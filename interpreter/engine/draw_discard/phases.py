"""The phases of a draw-and-discard hand: the deal (with the pool's stakes and the starter), the
turns (kind draw_discard), and the hand's scoring, which deals the next hand or ends the match."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine import phases, pool
from interpreter.engine.actions import Action
from interpreter.engine.draw_discard.scoring import score_hand
from interpreter.engine.draw_discard.table import DISCARDING, DRAWING, MELDING, START, DrawDiscardTable
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.phases import Phase
from interpreter.engine.scoring import winners
from interpreter.rulefile.ruleset import StartCriterion

_STEP_WORDS = {
    START: "take a discard or draw",
    MELDING: "show a group or discard",
    DISCARDING: "discard",
    DRAWING: "draw",
}


class _Automatic(Phase[DrawDiscardTable]):
    """A phase without decisions: its work is done when it is built."""

    def __init__(self, after: Phase[DrawDiscardTable] | None) -> None:
        self._after = after

    def legal(self, table: DrawDiscardTable) -> list[Action]:
        return []

    def apply(self, table: DrawDiscardTable, action: Action) -> None:
        raise AssertionError("a phase without decisions takes no action")

    def why_illegal(self, table: DrawDiscardTable, action: Action) -> str:
        return "nothing is to be done now"

    def describe(self, table: DrawDiscardTable, seat: int) -> Mapping[str, Any]:
        return {"phase": self.name, "phase_kind": self.kind}

    @property
    def done(self) -> bool:
        return True

    def following(self, table: DrawDiscardTable) -> Phase[DrawDiscardTable] | None:
        return self._after

    def copy(self) -> Phase[DrawDiscardTable]:
        return self


class Turns(Phase[DrawDiscardTable]):
    """Seat after seat: take or draw, show groups, discard; over once the hand has ended."""

    kind = phases.DRAW_DISCARD
    name = "playing"

    def __init__(self) -> None:
        self._done = False

    def legal(self, table: DrawDiscardTable) -> list[Action]:
        return table.legal()

    def apply(self, table: DrawDiscardTable, action: Action) -> None:
        table.apply(action)
        self._done = table.ended is not None

    def why_illegal(self, table: DrawDiscardTable, action: Action) -> str:
        return f"{action} is not allowed now: the player to act must {_STEP_WORDS[table.step]}"

    def describe(self, table: DrawDiscardTable, seat: int) -> Mapping[str, Any]:
        return {"phase": self.name, "phase_kind": self.kind}

    @property
    def done(self) -> bool:
        return self._done

    def following(self, table: DrawDiscardTable) -> Phase[DrawDiscardTable] | None:
        return DrawDiscardScoring(table)

    def copy(self) -> Phase[DrawDiscardTable]:
        new = Turns()
        new._done = self._done
        return new


class DrawDiscardDeal(_Automatic):
    kind = phases.DEAL
    name = "dealing"

    def __init__(self, table: DrawDiscardTable) -> None:
        deal_hand(table)
        super().__init__(DrawDiscardScoring(table) if table.ended else Turns())  # complete as dealt: at once scored


class DrawDiscardScoring(_Automatic):
    kind = phases.SCORING
    name = "scoring"

    def __init__(self, table: DrawDiscardTable) -> None:
        score_hand(table)
        done = winners(table.t.ruleset.match, table.scores, table.round, table.n, True)
        if done is None:
            super().__init__(DrawDiscardDeal(table))
            return
        table.winners = done
        table.events.append(ev.match_end(done, table.scores))
        super().__init__(None)


def deal_hand(table: DrawDiscardTable) -> None:
    """A new hand: the stakes into the pool, the starter, the tiles dealt (a scripted deal's, or
    shuffled from the match's random stream), and the starter's opening."""
    t = table.t
    table.new_hand()
    table.round += 1
    rules = t.ruleset
    stakes = rules.match.pool
    scripted = table.deals.pop(0) if table.deals else None
    starter = _starter(table, scripted)
    ids = list(range(len(t.tiles)))
    if scripted is None:
        table.rng.shuffle(ids)
        extra = t.rules.starter_extra
        for k in range(t.n):
            seat = (starter + k * t.step) % t.n
            size = t.hand_size + (extra if seat == starter else 0)
            table.hands[seat] = sorted(ids[:size])
            del ids[:size]
        table.stock = ids[::-1]
    else:
        _scripted(table, scripted, ids)
    table.starter = table.current = starter
    masks = [sum(1 << x for x in hand) for hand in table.hands]
    stock = table.stock[::-1]
    table.events.append((ev.DEAL, t, table.round, starter, "deal", None, None, masks, stock, table.out.copy(), [], 0))
    if stakes is not None:  # the stakes, once the deal is logged (as every family logs them)
        table.pool += pool.stake(stakes, t.counts, starter, table.pool, table.seat_side, table.scores, table.events)
    table.opening()


def _scripted(table: DrawDiscardTable, scripted: ScriptedDeal, ids: list[int]) -> None:
    """A scripted deal: each tile named takes a free copy's id; tiles named nowhere are dead."""
    free = ids.copy()
    tiles = table.t.tiles

    def take(tile: tuple[int, int]) -> int:
        x = next(y for y in free if tiles[y] == tile)
        free.remove(x)
        return x

    for seat, hand in enumerate(scripted.hands):
        table.hands[seat] = sorted(take(tile) for tile in hand)
    table.stock = [take(tile) for tile in scripted.boneyard][::-1]
    table.out = free


def _starter(table: DrawDiscardTable, scripted: ScriptedDeal | None) -> int:
    if scripted is not None and scripted.starter is not None:
        return scripted.starter
    start = table.t.ruleset.start
    criteria = start.first_round if table.round == 1 else start.later_rounds
    for rule in criteria:
        if rule.criterion is StartCriterion.PREVIOUS_WINNER and table.last_out is not None:
            return table.last_out
        if rule.criterion is StartCriterion.NEXT_SEAT and table.starter >= 0:
            return (table.starter + table.t.step) % table.n
        if rule.criterion is StartCriterion.RANDOM:
            return table.rng.randrange(table.n)
    return 0 if table.starter < 0 else (table.starter + table.t.step) % table.n
