"""Whether taking tricks pays in a trick game, read from its rules (no game named).

A rule-of-thumb player that takes tricks and count plays the wrong game where taking them hurts:
where the lowest total wins, or where the hand's score goes down as a side takes more. The rules
say which: `taking_pays` scores one hand twice through the file's own `scoring.hand`, once as if
the side took every trick and every count tile and once as if it took nothing, and compares the
two — for the bidder's side and for the defenders where there is an auction (whether the contract
is made follows from who took the tricks) — then turns the answer round when `match.winner` is
`lowest`. When the hand's score does not move either way (it reads a claim, say), the count
decides: taking pays unless the count of the set adds up to less than nothing.
"""

from __future__ import annotations

from interpreter.engine.cache import PerRuleset
from interpreter.engine.tricks.tables import TrickTables, trick_tables_for
from interpreter.rulefile.ruleset import Ruleset, Winner


def _took(t: TrickTables, everything: bool, bidder: bool) -> dict[str, int | bool]:
    """The names `scoring.hand` reads for a side that took every trick (or none) of a hand."""
    n, size = t.players, t.hand_size
    seating = t.ruleset.players
    sides = seating.team_sides(n) if seating.partnered and n in seating.team_counts else n
    count = sum(t.count)
    available = size * t.rules.trick_points + count + t.rules.last_trick
    lowest = min(t.bids, key=lambda b: b.value) if t.bids else None
    mine, theirs = (available, 0) if everything else (0, available)
    return {
        **t.count_env, "round": 1, "score": 0, "points": mine, "opp_points": theirs,
        "tricks": size if everything else 0, "opp_tricks": 0 if everything else size,
        "count": count if everything else 0, "last_trick": everything,
        "bidder": bidder, "bid": 0 if lowest is None else lowest.value,
        "bid_marks": 0 if lowest is None else lowest.marks,
        "made": lowest is not None and everything == bidder,
        "claimed": False, "opp_claimed": False, "closer": False, "opp_closer": False,
        "tricks_at_close": 0, "points_at_close": 0, "opp_tricks_at_close": 0, "opp_points_at_close": 0,
        "captured": n * size if everything else 0, "opp_without_tricks": sides - 1 if everything else 0,
        "dropped": False, "walkover": False, "all_tricks": everything, "opp_all_tricks": not everything,
        "opp_best": theirs, "last_bonus": False, "dealer": False, "opp_dropped": 0, "opp_exchanged": False,
        "declared_win": False,
    }  # fmt: skip


class _Direction:
    def __init__(self, ruleset: Ruleset, players: int) -> None:
        self.ruleset = ruleset
        t = trick_tables_for(ruleset, players)
        hand = t.rules.hand
        gain = 0
        for bidder in (True, False) if t.bids else (False,):
            gain += int(hand(_took(t, True, bidder))) - int(hand(_took(t, False, bidder)))
        pays = gain > 0 if gain else sum(t.count) >= 0
        self.pays = pays != (ruleset.match.winner is Winner.LOWEST)


_directions = PerRuleset(_Direction, 64)


def taking_pays(ruleset: Ruleset, players: int) -> bool:
    """Whether a side is better off taking tricks and count than leaving them to the others."""
    return _directions(ruleset, players).pays
