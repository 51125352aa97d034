"""A pool the players stake into (`match.pool`, issue 29 M18): shared by every family, which
calls `stake` as a hand starts and `pay` at its end, with the sides that won it (or, in a trick
game whose pool says what each side takes and puts in, `settle`).

The pool itself is a number the family's match keeps (it is public: `pool_in` reads it back from
a log, as a determinization must); the stakes and the payments are `score` records, reason `ante`
and `pool`, so every score view and the log show them as they show points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from interpreter.engine import events as ev
from interpreter.engine.observation import Observation
from interpreter.expressions.language import MAX_VALUE, ExpressionRuntimeError, describe_value
from interpreter.rulefile.ruleset import Pool, PoolTie, Ruleset

ANTE, POOL = "ante", "pool"  # the reasons of the score records


def stake(
    rules: Pool, count_env: Mapping[str, object], dealer: int, pool: int, seat_side: Sequence[int], scores: list[int],
    events: list[ev.Record],
) -> int:  # fmt: skip
    """Every player stakes its ante (its side's score goes down): what the pool gains."""
    paid = [0] * len(scores)
    for seat, side in enumerate(seat_side):
        ante = int(rules.ante({**count_env, "pool": pool, "dealer": seat == dealer}))
        if ante < 0:
            raise ExpressionRuntimeError(f"player {seat}'s stake would be {ante}", rules.ante.origin, rules.ante.source)
        paid[side] += ante
    for side, amount in enumerate(paid):
        if amount:
            _score(scores, events, side, -amount, ANTE)
    return sum(paid)


def count_env(ruleset: Ruleset, players: int) -> dict[str, object]:
    """The count names of a match of `players` under `ruleset` (as it plays them)."""
    return {"players": players, "max_pip": ruleset.max_pip, "set_size": ruleset.set_size}


def _score(scores: list[int], events: list[ev.Record], side: int, points: int, reason: str) -> None:
    total = scores[side] + points
    if not -MAX_VALUE <= total <= MAX_VALUE:
        raise ExpressionRuntimeError(f"side {side}'s score would become {describe_value(total)}", "match.pool")
    scores[side] = total
    events.append((ev.SCORE, side, None, points, total, reason))


def pay(rules: Pool, pool: int, best: Sequence[int], scores: list[int], events: list[ev.Record]) -> int:
    """The hand's end: the one side in `best` takes the pool; several share it under `tie: share`
    (what does not divide stays), else it stays whole. What is left in the pool."""
    if not best or (len(best) > 1 and rules.tie is PoolTie.CARRY):
        return pool
    share = pool // len(best)
    if not share:
        return pool
    for side in best:
        _score(scores, events, side, share, POOL)
    return pool - share * len(best)


def settle(
    rules: Pool, pool: int, envs: Sequence[Mapping[str, object]], scores: list[int], events: list[ev.Record]
) -> int:
    """A trick hand's end under `take` (and `pay_in`): each side, in side order, takes what `take`
    says of the pool as the hand ended (at most what is left, never less than nothing), then puts in
    what `pay_in` says. What is in the pool after."""
    left = pool
    if rules.take is not None:
        for side, env in enumerate(envs):
            taken = max(0, min(left, int(rules.take({**env, "pool": pool}))))
            if taken:
                _score(scores, events, side, taken, POOL)
                left -= taken
    if rules.pay_in is not None:
        for side, env in enumerate(envs):
            paid = max(0, int(rules.pay_in({**env, "pool": pool})))
            if paid:
                _score(scores, events, side, -paid, ANTE)
                left += paid
    return left


def pool_in(observation: Observation) -> int:
    """The pool as the public log leaves it: the stakes put in, less what was taken out (0 without
    a pool, read without going through the log: a determinization asks at every decision)."""
    if observation.rules.match.pool is None:
        return 0
    pool = 0
    for event in observation.history:
        if event["type"] == "score" and event["reason"] in (ANTE, POOL):
            pool -= event["points"]
    return pool
