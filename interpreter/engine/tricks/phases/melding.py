"""Melds shown and scored (docs/format.md, "Melds"): each seat in turn from the starter shows the
melds it holds, one at a time, then passes; each meld scores at once for its side (logged as a
public `meld` record and a `score`, reason `meld`). Before the tricks the tiles shown stay in the
hand, face up to every seat until played (`Declared.shown`), and `match.check: immediate` may end
the match once every seat has melded; after the tricks the melds are shown from the hand as dealt
and the hand's scoring follows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import MELD, PASS_ACTION, Action
from interpreter.engine.scoring import winners
from interpreter.engine.tricks import melds
from interpreter.engine.tricks.phases import MELDING, TrickPhase, entry, hand_over
from interpreter.engine.tricks.table import TrickTable
from interpreter.rulefile.trick_rules import MeldsWhen

MELD_REASON = "meld"  # the reason of the score records


class Melding(TrickPhase):
    kind = phases.MELDING
    name = MELDING

    def __init__(self, before: bool) -> None:
        super().__init__()
        self.before = before  # before the tricks (the match may end here), or after them

    def legal(self, table: TrickTable) -> list[Action]:
        """'pass' (no more melds), then every meld the seat may show, by its tiles; a seat that must
        show what it holds (melds.optional: false) passes only once it has none left."""
        shown = [offer.action for offer in melds.offers(table, table.current)]
        rules = table.t.rules.melds
        assert rules is not None
        return shown if shown and not rules.optional else [PASS_ACTION, *shown]

    def apply(self, table: TrickTable, action: Action) -> None:
        seat = table.current
        table.events.append((ev.ACTION, seat, action))
        if action.kind == MELD:
            offer = next(o for o in melds.offers(table, seat) if o.action == action)
            _show(table, seat, offer)
            return
        following = table.t.next_seat(seat)
        if following != table.starter:
            table.current = following
            return
        self.finish(self._after(table))

    def _after(self, table: TrickTable) -> TrickPhase | None:
        """What follows once every seat has melded: the hand's scoring (after the tricks), the
        match's end (a side at the target, checked at once), or the first lead."""
        if not self.before:
            return hand_over(table, self.kind)
        match = table.ruleset.match
        done = winners(match, table.scores, table.round, table.n, at_round_end=False)
        if done is None:
            table.current = table.starter  # the starter leads, as without melds
            return hand_over(table, self.kind)
        table.events.append(
            {"type": "round_end", "round": table.round, "reason": "target", "seat": None,
             "hands": [[] for _ in table.hands], "pips": [0] * table.sides, "scores": table.scores.copy(),
             "made": False, "bid": None, "claimed": None, "closed_by": None}
        )  # fmt: skip
        table.winners = done
        table.events.append(ev.match_end(done, table.scores))
        return None

    def why_illegal(self, table: TrickTable, action: Action) -> str:
        rules = table.t.rules.melds
        assert rules is not None
        if action.kind == MELD:
            return f"{action} is not a meld you hold now: a run of {_kinds(table)}, each tile in one meld"
        if not rules.optional:
            return "you must show every meld you hold before you pass"
        return "show a meld (meld and its tiles) or say you have no more (pass)"

    def describe(self, table: TrickTable, seat: int) -> Mapping[str, Any]:
        return {"phase": self.name, "phase_kind": self.kind}


def _kinds(table: TrickTable) -> str:
    rules = table.t.rules.melds
    assert rules is not None
    return " or ".join(kind.name for kind in rules.kinds)


def _show(table: TrickTable, seat: int, offer: melds.Offer) -> None:
    """`seat` shows `offer`: the meld is on the table, its hand tiles face up, its side scores."""
    t = table.t
    points = melds.points(table, offer)
    rules = t.rules.melds
    assert rules is not None
    name = rules.kinds[offer.run.kind].name
    tiles: tuple[tuple[int, int], ...] = offer.action.value  # type: ignore[assignment]
    declared = table.declared
    declared.melds = (*declared.melds, (seat, name, tiles, offer.widow, points))
    for tile in offer.from_hand:  # before the tricks: face up in the hand (after them: played already)
        held = [x for x in t.copies[tile] if (table.hands[seat] & ~declared.shown[seat]) >> x & 1]
        if held:
            declared.shown[seat] |= 1 << held[0]
    side = table.seat_side[seat]
    table.events.append(
        {"type": "meld", "seat": seat, "side": side, "name": name, "tiles": [list(x) for x in tiles],
         "widow": [list(x) for x in offer.widow], "points": points}
    )  # fmt: skip
    if points:
        table.scores[side] += points
        table.events.append((ev.SCORE, side, seat, points, table.scores[side], MELD_REASON))


@entry(phases.MELDING)
def start(table: TrickTable) -> Melding | None:
    """The melding from the starter on, where the rules have melds: before the tricks or after
    them (then from the hand as dealt), as the hand's sequence places it."""
    rules = table.t.rules.melds
    if rules is None:
        return None
    table.current = table.starter
    return Melding(rules.when is MeldsWhen.BEFORE_TRICKS)
