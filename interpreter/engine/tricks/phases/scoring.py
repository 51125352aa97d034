"""The scoring of a trick hand: each side's points by the rule file's `scoring.hand` expression,
whether the contract was made or set, the round's end, and then the match's end or the next deal.
Also what a hand's expressions read mid-hand (`hand_env`, `outcome`: `tricks.stop_when`,
`stop_when_decided`)."""

from __future__ import annotations

from typing import Any

from interpreter.engine import events as ev
from interpreter.engine import phases, pool
from interpreter.engine.actions import EXCHANGE
from interpreter.engine.scoring import score_error, winners
from interpreter.engine.tricks.phases import TrickAutomatic, enter, entry
from interpreter.engine.tricks.phases.trick_scores import pair_factor
from interpreter.engine.tricks.table import TrickTable
from interpreter.engine.tricks.tables import number
from interpreter.expressions.language import MAX_VALUE
from interpreter.rulefile.trick_rules import Aim


class TrickScoring(TrickAutomatic):
    """Scores the hand when built (`walkover`: every other side dropped out at the calls)."""

    kind = phases.SCORING
    name = "scoring"

    def __init__(self, table: TrickTable, walkover: bool) -> None:
        super().__init__()
        t = table.t
        auction = table.auction
        bid = None if auction.high is None else t.bid_of[auction.high]
        points = [table.side_points(s) for s in range(table.sides)]
        made = outcome(table, True) is True
        contract = table.contract
        hand = contract.score if contract is not None and contract.score is not None else t.rules.hand
        envs = [hand_env(table, side, points, made) for side in range(table.sides)]
        gained = settled(table, envs, [number(hand(env)) for env in envs])
        reason = "made" if made else "set" if bid is not None else "walkover" if walkover else "hand"
        table.previous_winner = _hand_winner(table, gained)
        scores = table.scores
        for side, got in enumerate(gained):
            if not got:
                continue
            total = scores[side] + got
            if not -MAX_VALUE <= total <= MAX_VALUE:
                raise score_error(hand, side, total)
            scores[side] = total
            table.events.append((ev.SCORE, side, None, got, total, reason))
        if table.tracks:
            keep_tracks(table, envs, gained)
        stakes = table.ruleset.match.pool
        if stakes is not None and (stakes.take is not None or stakes.pay_in is not None):  # engine/pool.py
            table.pool = pool.settle(stakes, table.pool, envs, scores, table.events)
        elif stakes is not None:  # the pool to the side that scored most
            best = max(gained)
            won = [side for side, got in enumerate(gained) if got == best]
            table.pool = pool.pay(stakes, table.pool, won, scores, table.events)
        # A hand that stops once its contract is decided leaves tiles unplayed: they stay hidden
        # ("hands" is empty), and "pips" holds each side's points taken.
        table.events.append(
            {"type": "round_end", "round": table.round, "reason": reason, "seat": auction.bidder,
             "hands": [[] for _ in table.hands], "pips": points,
             "scores": scores.copy(), "made": made, "bid": None if bid is None else bid.value,
             "claimed": table.claimed, "closed_by": table.stock.closed_by}
        )  # fmt: skip
        done = winners(table.ruleset.match, scores, table.round, table.n, True)
        if done is None:
            self.finish(enter(phases.DEAL, table))  # a cycle: the next hand
            return
        table.winners = done
        table.events.append(ev.match_end(done, scores))
        self.finish(None)


@entry(phases.SCORING)
def after_play(table: TrickTable) -> TrickScoring:
    """The scoring of a hand played out (or claimed, or decided)."""
    return TrickScoring(table, walkover=False)


def keep_tracks(table: TrickTable, envs: list[dict[str, Any]], gained: list[int]) -> None:
    """scoring.tracks: each track worked out anew for every side, from the hand names, what the
    side `gained` in the hand and the tracks before it; each value that changed is logged (`track`)."""
    rules = table.ruleset.tracks
    before = table.tracks
    new = [list(values) for values in before]
    for side, env in enumerate(envs):
        read = {**env, "gained": gained[side]}
        read.update({track.name: values[side] for track, values in zip(rules, before, strict=True)})
        for i, track in enumerate(rules):
            value = number(track.each_hand(read))
            if value != new[i][side]:
                new[i][side] = value
                table.events.append(
                    {"type": "track", "round": table.round, "side": side, "name": track.name, "value": value}
                )
    table.tracks = tuple(map(tuple, new))


def settled(table: TrickTable, envs: list[dict[str, Any]], gained: list[int]) -> list[int]:
    """Each side's score of the hand: `gained`, or with `scoring.collector` holding for one side,
    every other side's score times the pair factor, and that side minus their sum (M18)."""
    collector = table.t.rules.collector
    if collector is None:
        return gained
    collectors = [side for side, env in enumerate(envs) if collector(env)]
    if len(collectors) != 1:
        return gained
    (paid,) = collectors
    out = [got * pair_factor(table, side, paid, settling=True) for side, got in enumerate(gained)]
    out[paid] = -sum(got for side, got in enumerate(out) if side != paid)
    return out


def _hand_winner(table: TrickTable, gained: list[int]) -> int | None:
    """The seat a `previous_winner` start picks: of the side that gained the most this hand
    (none when sides tie), the seat that took the hand's last trick if it is one of its own,
    else its first seat in play."""
    best = max(gained)
    if gained.count(best) != 1:
        return None
    side = gained.index(best)
    if table.last_winner is not None and table.seat_side[table.last_winner] == side:
        return table.last_winner
    return next(s for s in range(table.n) if table.seat_side[s] == side)


def hand_env(table: TrickTable, side: int, points: list[int], made: bool) -> dict[str, Any]:
    """The names `scoring.hand` and `tricks.stop_when` read for `side` (HAND_NAMES)."""
    t = table.t
    auction = table.auction
    seat_side, n = table.seat_side, table.n
    bid = None if auction.high is None else t.bid_of[auction.high]
    bidder_side = None if auction.bidder is None else seat_side[auction.bidder]
    closed_by = table.stock.closed_by
    closer = None if closed_by is None else seat_side[closed_by]
    at_tricks, at_points = table.stock.at_close
    tricks_at = at_tricks[side] if at_tricks else 0
    points_at = at_points[side] if at_points else 0
    won = table.won_tricks
    dropped_seats = table.dropped
    if dropped_seats:
        seats = [s for s in range(n) if seat_side[s] == side]
        dropped = all((dropped_seats >> s) & 1 for s in seats)
        others = [s for s in range(n) if seat_side[s] != side]
        walkover = not dropped and all((dropped_seats >> s) & 1 for s in others)
        out_sides = {x for x in range(table.sides) if all(
            (dropped_seats >> s) & 1 for s in range(n) if seat_side[s] == x)}  # fmt: skip
    else:
        dropped = walkover = False
        out_sides = set()
    without = sum(1 for x in range(table.sides) if x != side and not won[x] and x not in out_sides)
    return {
        **t.count_env, "round": table.round, "score": table.scores[side], "points": points[side],
        "opp_points": sum(points) - points[side], "tricks": won[side], "opp_tricks": sum(won) - won[side],
        "count": table.won_count[side], "last_trick": table.last_side == side,
        "bidder": side == bidder_side, "bid": 0 if bid is None else bid.value,
        "bid_marks": 0 if bid is None else bid.marks, "made": made,
        "claimed": table.claimed == side, "opp_claimed": table.claimed is not None and table.claimed != side,
        "closer": closer == side, "opp_closer": closer is not None and closer != side,
        "tricks_at_close": tricks_at, "points_at_close": points_at,
        "opp_tricks_at_close": sum(at_tricks) - tricks_at, "opp_points_at_close": sum(at_points) - points_at,
        "captured": table.captured[side], "opp_without_tricks": without,
        "dropped": dropped, "walkover": walkover, **_how_won(table, side, points), **_who_stayed(table, side),
    }  # fmt: skip


def _who_stayed(table: TrickTable, side: int) -> dict[str, Any]:
    """Who holds the deal and who called what (calls): Loo's dealer alone against the miss."""
    seat_side = table.seat_side
    others = [s for s in range(table.n) if seat_side[s] != side]
    return {
        "dealer": seat_side[table.dealer] == side,
        "opp_dropped": sum(1 for s in others if (table.dropped >> s) & 1),
        "opp_exchanged": any(seat_side[seat] != side and call == EXCHANGE for seat, call in table.calls),
    }


def _how_won(table: TrickTable, side: int, points: list[int]) -> dict[str, Any]:
    """The names of how the hand was won (M16): who took every trick, the best other side's
    points, and whether the last trick went to a play `tricks.last_bonus` lists."""
    won = table.won_tricks
    every = table.trick_no > 0 and won[side] == table.trick_no
    return {
        "all_tricks": every, "opp_all_tricks": table.trick_no > 0 and not every and max(won) == table.trick_no,
        "opp_best": max((p for s, p in enumerate(points) if s != side), default=0),
        "last_bonus": table.last_bonus, "declared_win": table.declared.won == side,
    }  # fmt: skip


def outcome(table: TrickTable, over: bool) -> bool | None:
    """Whether the contract is made (True) or set (False), or None while that is open; with
    `over`, the hand is over and it is one or the other. None without an auction."""
    auction = table.auction
    if auction.bidder is None:
        return None
    side = table.seat_side[auction.bidder]
    aim = Aim.BID if table.contract is None else table.contract.aim
    won = table.won_tricks
    if aim is Aim.ALL_TRICKS:
        if any(w for s, w in enumerate(won) if s != side):
            return False
        return True if over else None
    if aim is Aim.NO_TRICKS:
        if won[side]:
            return False
        return True if over else None
    make = table.t.bid_of[auction.high].make  # type: ignore[index]
    have = table.side_points(side)
    if have >= make:
        return True
    taken = sum(table.side_points(s) for s in range(table.sides))
    if over or have + (table.available - taken) < make:
        return False
    return None
