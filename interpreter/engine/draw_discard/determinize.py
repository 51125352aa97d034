"""The draw-and-discard resampler: a match in which every tile hidden from one seat is dealt again
at random, consistent with what that seat has seen.

Public to every seat, kept as they are: the face-up discards, the dead tiles, the groups shown,
the tiles each seat took from the discards and still holds (`known`), every hand's size and the
stock's, and the tiles the stock was last refilled with (all had been face up). Dealt again: the
rest of the other hands and the stock, from the tiles the seat has not seen. After a refill the
stock can only hold refill tiles not seen since, so it is drawn from those first; the hands get
what is left. Copies of a tile are interchangeable. Nothing hidden from the seat is read: the
hands' unknown tiles and the stock are replaced, the random stream is the sampler's, and the
scripted deals of later hands are dropped."""

from __future__ import annotations

import random

from interpreter.engine.draw_discard.match import DrawDiscardMatch
from interpreter.engine.match import Match, register_resampler
from interpreter.rulefile.ruleset import Family


def resample(match: Match, seat: int, rng: random.Random) -> DrawDiscardMatch:
    assert isinstance(match, DrawDiscardMatch)
    old = match.table
    table = old.copy()
    table.rng = random.Random(rng.getrandbits(64))
    table.deals = []
    seen = set(table.hands[seat])
    seen.update(x for _, x in table.discards)
    seen.update(table.dead)
    for s in range(table.n):
        seen.update(table.known[s])
        seen.update(x for _, ids in table.shown[s] for x in ids)
    unseen = [x for x in range(len(table.t.tiles)) if x not in seen]
    rng.shuffle(unseen)
    size = len(table.stock)
    if table.reshuffled:
        refill = set(table.reshuffled)
        first = [x for x in unseen if x in refill]
        table.stock = first[:size]
        rest = first[size:] + [x for x in unseen if x not in refill]
    else:
        table.stock = unseen[:size]
        rest = unseen[size:]
    for s in range(table.n):
        if s == seat:
            continue
        hidden = len(old.hands[s]) - len(old.known[s])
        table.hands[s] = [*old.known[s], *rest[:hidden]]
        del rest[:hidden]
    table.out = rest  # what no hand and no stock holds: out of play as dealt (a scripted deal's)
    return DrawDiscardMatch.resumed(match.ruleset, table, match.phase_copy())


register_resampler(Family.DRAW_DISCARD, resample)
