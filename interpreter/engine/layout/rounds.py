"""A round's scoring (the scoring phase's work): the points of a round that ended in play, the
scores reset, the match won, or what the next deal's start criteria need of this round."""

from __future__ import annotations

from interpreter.engine import events as ev
from interpreter.engine import limits, pool
from interpreter.engine.layout.dealing import Previous
from interpreter.engine.layout.standing import eliminate, keep_tracks
from interpreter.engine.layout.table import LayoutTable
from interpreter.engine.layout.turns import DOMINO
from interpreter.engine.scoring import Tally, score_error, scoring_sides, track_values, winners
from interpreter.engine.tiles import bits
from interpreter.expressions.language import MAX_VALUE, Expr
from interpreter.rulefile.ruleset import DecidedBy, Ruleset, Scorer, TiedWinner, Winner

_RESET_OWN = frozenset({"scored", "opp_scored", "points"})  # the names only `match.reset_when` reads


def score_round(table: LayoutTable, reason: str, out_seat: int | None) -> None:
    """Score the round that ended for `reason` (`out_seat` went out, or None): log the scores and
    the round's end, then end the match (`table.finish`) or leave `table.previous` for the next deal."""
    t = table.t
    n = table.n
    sides = table.sides
    seat_side = table.seat_side
    scores = table.scores
    events = table.events
    rules = table.rules
    # Tiles laid face down (draw.when_unable: discard) count as tiles left in the hand.
    held = [hand | pile for hand, pile in zip(table.hands, table.kept, strict=True)] if t.discards else table.hands
    seat_pips = t.hand_values(held)
    seat_tiles = list(map(int.bit_count, held))
    if sides == n:
        side_pips, side_tiles = seat_pips, seat_tiles
    else:
        side_pips = [0] * sides
        side_tiles = [0] * sides
        for seat in range(n):
            side = seat_side[seat]
            side_pips[side] += seat_pips[seat]
            side_tiles[side] += seat_tiles[seat]
    side_doubles = None
    if t.round_end_reads_doubles:
        side_doubles = [0] * sides
        for seat, hand in enumerate(table.hands):
            side_doubles[seat_side[seat]] += (hand & t.double_mask).bit_count()
    if reason == DOMINO:
        scoring, read_points = rules.domino, t.domino_points
    else:
        scoring, read_points = rules.blocked, t.blocked_points
    out_side = None if out_seat is None else seat_side[out_seat]
    tally = Tally(
        side_pips, side_tiles, side_doubles, out_side, n // sides, table.seated, t.max_pip, table.round,
        scores.copy(), seat_pips, seat_side,
    )  # fmt: skip  # the points read the scores from before any side's (`scorer: each`)
    tally.eliminated = table.eliminated
    if table.tracks:
        tally.tracks = track_values(rules, table.tracks)
    if t.round_end_reads_last:
        tally.last = table.last_tile()
    if t.round_end_reads_double_pips:
        tally.side_double_pips = [0] * sides
        for seat, hand in enumerate(table.hands):
            tally.side_double_pips[seat_side[seat]] += sum(t.pips[x] for x in bits(hand & t.double_mask))
    decider = None  # the seat that won a blocked round decided between two hands (scoring.blocked.decided_by)
    if reason != DOMINO and scoring.decided_by is DecidedBy.BLOCKER_AND_LEFT:
        decider = _blocker_or_left(table, seat_pips)
    scorers = scoring_sides(scoring, tally) if decider is None else [seat_side[decider]]
    credited = {}
    for side in scorers:
        points = read_points(tally, side)
        total = scores[side] + points
        if not -MAX_VALUE <= total <= MAX_VALUE:
            raise score_error(scoring.points, side, total)
        scores[side] = total
        credited[side] = points
        events.append((ev.SCORE, side, None, points, total, reason))
    stakes = rules.match.pool
    if stakes is not None:  # the pool to the round's winner (engine/pool.py)
        paid = scoring_sides(scoring, tally, ties=True) if decider is None else scorers
        table.pool = pool.pay(stakes, table.pool, paid, scores, events)
    tally.scores = scores  # `reset_when` and `win_requires` read the scores after them
    if rules.match.reset_when is not None:
        _reset_scores(table, rules.match.reset_when, tally, credited)
    if table.tracks:
        keep_tracks(table, tally, credited)
    if rules.match.eliminate_when is not None:
        won = eliminate(table, rules.match.eliminate_when, tally, credited)
    else:
        won = None
        if (t.goal is not None and max(scores) >= t.goal) or (
            t.last_round is not None and table.round >= t.last_round
        ):  # else nobody can have won yet (scoring.winners)
            won = winners(rules.match, scores, table.round, n, at_round_end=True)
    void = rules.match.void_when
    if void is not None and any(
        void(tally.env(side, void.names)) for side in range(sides) if side not in table.eliminated
    ):  # the match is over at once, and nobody wins it
        won = ()
    hands = tuple(held)  # the face-down tiles shown with the hands
    events.append((ev.ROUND_END, t, table.round, reason, out_seat, hands, seat_pips, scores.copy()))
    if won is not None:
        requires = rules.match.win_requires
        if requires is not None:  # only the would-be winners it holds for win (none: lost by all)
            won = tuple(side for side in won if requires(tally.env(side, requires.names)))
        table.finish(won)
        return
    if table.round >= limits.MAX_ROUNDS:  # a safety bound, checked once a round (limits.py)
        raise limits.round_limit_error(rules.match, scores, t.goal, table.round)
    previous = Previous(table.starter, None)
    if t.start_reads_winner:
        if t.all_out and reason == DOMINO:  # every hand emptied: the round's best score won it
            won_side, won_by = _best_scored(rules, credited), None
        else:
            won_by = out_seat
            won_side = out_side if out_seat is not None else _blocked_winner(rules, scoring.scorer, scorers, credited)
        previous.winner = decider
        if decider is None:
            picked = won_side
            if won_side is None and won_by is None and rules.start.tied_winner is TiedWinner.FIRST_TO_PLAY:
                picked = _first_to_play(table, _best_sides(rules, credited))
            previous.winner = _round_winner(table, scoring.scorer, picked, won_by, seat_pips, seat_tiles)
        previous.winner_side = won_side
        previous.last_player = out_seat if out_seat is not None else table.last_player()
        previous.out = out_seat
        previous.seat_side = seat_side
        previous.pips = seat_pips
        previous.scores = scores.copy()
    table.previous = previous


def _reset_scores(table: LayoutTable, reset: Expr, tally: Tally, credited: dict[int, int]) -> None:
    """`match.reset_when`: every side it holds for (all read before any is reset) goes back to
    0, logged as a `reset` score of minus its score."""
    names = reset.names - _RESET_OWN
    scores = table.scores
    back = [
        side
        for side in range(table.sides)
        if side not in table.eliminated
        and reset(
            {
                **tally.env(side, names),
                "scored": side in credited,
                "opp_scored": any(other != side for other in credited),
                "points": credited.get(side, 0),
            }
        )
    ]
    for side in back:
        if scores[side]:
            table.events.append((ev.SCORE, side, None, -scores[side], 0, "reset"))
            scores[side] = 0


def _blocker_or_left(table: LayoutTable, seat_pips: list[int]) -> int:
    """`scoring.blocked.decided_by: blocker_and_left`: of the seat that laid the round's last tile
    and the next seat in play, the one with fewer pips left; the blocker when they are equal."""
    blocker = table.last_player()
    if blocker is None:  # no tile laid (a round cannot block before its lead): the starter laid none either
        blocker = table.starter
    left = table.next_of[blocker]
    return left if seat_pips[left] < seat_pips[blocker] else blocker


def _blocked_winner(rules: Ruleset, scorer: Scorer, scorers: list[int], credited: dict[int, int]) -> int | None:
    """The side that won a blocked round: the only side to score; under penalty scoring (`scorer:
    each` with `match.winner: lowest`), the one side that scored least. None after a tie."""
    if scorer is Scorer.EACH and rules.match.winner is Winner.LOWEST:
        least = min(credited.values())
        scorers = [side for side, points in credited.items() if points == least]
    return scorers[0] if len(scorers) == 1 else None


def _best_scored(rules: Ruleset, credited: dict[int, int]) -> int | None:
    """The one side credited the most points this round (the least, under `match.winner: lowest`);
    None after a tie or when nobody scored."""
    sides = _best_sides(rules, credited)
    return sides[0] if len(sides) == 1 else None


def _best_sides(rules: Ruleset, credited: dict[int, int]) -> list[int]:
    """The sides credited the most points this round (the least, under `match.winner: lowest`):
    more than one after a tie."""
    if not credited:
        return []
    best = (min if rules.match.winner is Winner.LOWEST else max)(credited.values())
    return [side for side, points in credited.items() if points == best]


def _first_to_play(table: LayoutTable, tied: list[int]) -> int | None:
    """Of the `tied` sides, the one whose player played first in the round: the first seat of
    theirs in the order of play from the round's starter (`start.tied_winner: first_to_play`)."""
    seat = table.starter
    for _ in range(table.n):
        if table.seat_side[seat] in tied:
            return table.seat_side[seat]
        seat = table.next_of[seat]
    return None


def _round_winner(
    table: LayoutTable, scorer: Scorer, won_side: int | None, out_seat: int | None, seat_pips: list[int],
    seat_tiles: list[int],
) -> int | None:  # fmt: skip
    """The seat a `previous_winner` start picks: who went out; in a blocked round, the seat of
    the side that won it (`_blocked_winner`) with the lowest pips (fewest tiles under
    `fewest_tiles`) — nobody when no single side won."""
    if out_seat is not None:
        return out_seat
    if won_side is None or scorer not in (Scorer.LOWEST_PIPS, Scorer.FEWEST_TILES, Scorer.RANKED, Scorer.EACH):
        return None
    measure = seat_tiles if scorer is Scorer.FEWEST_TILES else seat_pips
    seats = [s for s in range(table.n) if table.seat_side[s] == won_side]
    return min(seats, key=lambda s: measure[s])
