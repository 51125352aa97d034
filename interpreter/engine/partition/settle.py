"""What each seat scores at a partition showdown (`showdown.against`, `tie`, `settle`): every
player's compared groups against the banker's, or, with nobody banking, against every other
player's, group by group; the points, and a `settle` event per comparison. Every hand adds up to
nothing: the banker scores minus what the players score, and between two players what one
collects the other pays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.engine.partition.ranking import Ranker
from interpreter.engine.partition.splits import Split
from interpreter.rulefile.partition_rules import Against, ShowdownTie

Settled = tuple[list[int], list[dict[str, Any]]]  # the points per seat, the settle events


def settle(ranker: Ranker, splits: Sequence[Split | None], banker: int) -> Settled:
    """The points and events of a showdown where `splits` were shown (None: the seat was stuck)."""
    if ranker.rules.against is Against.EACH:
        return _each(ranker, splits)
    return _banker(ranker, splits, banker)


def _compare(ranker: Ranker, split: Split | None, other: Split | None) -> tuple[int, int, int]:
    """(won, lost, tied): `split`'s compared groups against `other`'s of the same names (nothing
    is compared where either is stuck); an equal group is lost to the bank under `tie: banker`."""
    won = lost = tied = 0
    if split is None or other is None:
        return won, lost, tied
    rules = ranker.rules
    for i, group in enumerate(rules.groups):
        if not group.compared:
            continue
        mine, theirs = ranker.rank(split[i]).key, ranker.rank(other[i]).key
        if mine > theirs:
            won += 1
        elif mine < theirs or rules.tie is ShowdownTie.BANKER:
            lost += 1
        else:
            tied += 1
    return won, lost, tied


def _banker(ranker: Ranker, splits: Sequence[Split | None], banker: int) -> Settled:
    rules, n = ranker.rules, len(splits)
    groups = len(rules.compared)
    points, events = [0] * n, []
    banker_split = splits[banker]
    for seat, split in enumerate(splits):
        if seat == banker:
            continue
        won, lost, tied = _compare(ranker, split, banker_split)
        env = {"won": won, "lost": lost, "tied": tied, "groups": groups, "stuck": split is None,
               "banker_stuck": banker_split is None, "players": n}  # fmt: skip
        points[seat] = int(rules.settle(env))
        points[banker] -= points[seat]
        events.append({"type": "settle", "seat": seat, "won": won, "lost": lost, "tied": tied,
                       "stuck": split is None, "banker_stuck": banker_split is None,
                       "points": points[seat]})  # fmt: skip
    return points, events


def _each(ranker: Ranker, splits: Sequence[Split | None]) -> Settled:
    """Every pair of players: each collects from the other what `settle` says of his groups
    against the other's; the event, one a pair (the earlier seat's view), says the net."""
    rules, n = ranker.rules, len(splits)
    groups = len(rules.compared)
    points, events = [0] * n, []

    def collects(split: Split | None, other: Split | None) -> tuple[int, tuple[int, int, int]]:
        won, lost, tied = _compare(ranker, split, other)
        env = {"won": won, "lost": lost, "tied": tied, "groups": groups, "stuck": split is None,
               "opp_stuck": other is None, "players": n}  # fmt: skip
        return int(rules.settle(env)), (won, lost, tied)

    for seat in range(n):
        for other in range(seat + 1, n):
            gets, (won, lost, tied) = collects(splits[seat], splits[other])
            pays, _ = collects(splits[other], splits[seat])
            net = gets - pays
            points[seat] += net
            points[other] -= net
            events.append({"type": "settle", "seat": seat, "against": other, "won": won, "lost": lost,
                           "tied": tied, "stuck": splits[seat] is None, "opp_stuck": splits[other] is None,
                           "points": net})  # fmt: skip
    return points, events
