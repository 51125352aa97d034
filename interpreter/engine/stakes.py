"""What the sides settle as a match ends (`match.stake`, layout games): the stake every side that
did not win pays every side that won, then the difference every pair of sides settles (tally marks
paid for). Money, apart from the scores: logged as public `stake` events (side, amount, reason
`stake` or `settle`), each side's net for each reason; `Match.stakes` sums them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from interpreter.engine import events as ev
from interpreter.expressions.language import ExpressionRuntimeError
from interpreter.rulefile.ruleset import Stake

STAKE, SETTLE = "stake", "settle"  # the reasons of the stake events


def settle(
    rules: Stake, won: Sequence[int], scores: Sequence[int], tracks: Mapping[str, Sequence[int]],
    count_env: Mapping[str, object], events: list[ev.Record],
) -> None:  # fmt: skip
    """Log what each side receives (or pays, negative) as the match ends with `won` its winners."""
    sides = len(scores)
    if rules.pay is not None and won:
        pay = int(rules.pay(count_env))
        if pay < 0:
            raise ExpressionRuntimeError(f"the stake would be {pay}", rules.pay.origin, rules.pay.source)
        losers = sides - len(won)
        _log(events, [pay * losers if side in won else -pay * len(won) for side in range(sides)], STAKE)
    if rules.settle is not None:
        formula = rules.settle
        values = []
        for side in range(sides):
            env: dict[str, object] = {name: values_[side] for name, values_ in tracks.items() if name in formula.names}
            if "score" in formula.names:
                env["score"] = scores[side]
            values.append(int(formula(env)))
        total = sum(values)
        _log(events, [sides * value - total for value in values], SETTLE)  # the sum of its differences


def _log(events: list[ev.Record], amounts: list[int], reason: str) -> None:
    for side, amount in enumerate(amounts):
        if amount:
            events.append({"type": "stake", "side": side, "amount": amount, "reason": reason})


def totals(stake_events: Sequence[Mapping[str, int]], sides: int) -> tuple[int, ...]:
    """Each side's net from a match's `stake` events (all 0 before its end, or without match.stake)."""
    out = [0] * sides
    for event in stake_events:
        out[event["side"]] += event["amount"]
    return tuple(out)
