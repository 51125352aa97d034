"""Where the sides stand besides their scores, worked out at each round's end once it is scored:
the score tracks (scoring.tracks: tally marks beside points) and who is out of the match
(match.eliminate_when: the others play on, and the last one left wins)."""

from __future__ import annotations

from interpreter.engine.layout.table import LayoutTable
from interpreter.engine.scoring import Tally, track_values, winners
from interpreter.expressions.language import MAX_VALUE, Expr, ExpressionRuntimeError, describe_value
from interpreter.rulefile.ruleset import Winner


def keep_tracks(table: LayoutTable, tally: Tally, credited: dict[int, int]) -> None:
    """Work every track out anew for each side still in (all from the values before this round
    end, and the scores after its points); log each value that changed (`track`, public)."""
    rules = table.rules
    before = tally.tracks
    new: list[list[int]] = [list(values) for values in table.tracks]
    for side in range(table.sides):
        if side in table.eliminated:
            continue
        for i, track in enumerate(rules.tracks):
            formula = track.each_hand
            env = tally.env(side, formula.names - {"points"} - before.keys())
            env.update({name: values[side] for name, values in before.items() if name in formula.names})
            if "points" in formula.names:
                env["points"] = credited.get(side, 0)
            value = int(formula(env))
            if not -MAX_VALUE <= value <= MAX_VALUE:
                raise ExpressionRuntimeError(
                    f"side {side}'s {track.name} would become {describe_value(value)}", formula.origin, formula.source
                )
            if value != new[i][side]:
                new[i][side] = value
                table.events.append(
                    {"type": "track", "round": table.round, "side": side, "name": track.name, "value": value}
                )
    table.tracks = tuple(map(tuple, new))
    tally.tracks = track_values(rules, table.tracks)  # what the match's end reads next


def eliminate(table: LayoutTable, when: Expr[bool], tally: Tally, credited: dict[int, int]) -> tuple[int, ...] | None:
    """match.eliminate_when, read for each player still in (all before any is out): those it holds
    for are out (an `eliminated` event each, public). The winners if the match ends now: the one
    player left; when fewer than players.min are left, the best of them by the match's winner
    rule (of the players just out, when nobody is left); else the target or the last round, among
    the players left; None while it goes on."""
    rules = table.rules
    scores = table.scores
    names = when.names - {"points"}
    gone = []
    for side in range(table.sides):
        if side in table.eliminated:
            continue
        env = tally.env(side, names)
        if "points" in when.names:
            env["points"] = credited.get(side, 0)
        if when(env):
            gone.append(side)
    for side in gone:
        table.events.append(
            {"type": "eliminated", "round": table.round, "seat": side, "side": side, "score": scores[side]}
        )
    if gone:
        table.seat_out(table.eliminated + tuple(gone), table.t.step)
    left = [side for side in range(table.sides) if side not in table.eliminated]
    if len(left) <= 1 or len(left) < rules.players.min:
        among = left or gone
        pick = max if rules.match.winner is Winner.HIGHEST else min
        best = pick(scores[side] for side in among)
        return tuple(side for side in among if scores[side] == best)
    found = winners(rules.match, [scores[side] for side in left], table.round, table.n, at_round_end=True)
    return None if found is None else tuple(left[i] for i in found)
