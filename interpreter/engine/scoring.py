"""Round-end scoring and the end of the match: who scores, how much, and who has won."""

from __future__ import annotations

from collections.abc import Callable

from interpreter.expressions.language import MAX_VALUE, Expr, ExpressionRuntimeError, describe_value
from interpreter.rulefile.ruleset import (
    MatchEnd,
    RoundEndScoring,
    Ruleset,
    Scorer,
    TargetCheck,
    TargetReach,
    Tie,
    Winner,
)


def _unique_best(values: list[int], lowest: bool = True) -> list[int]:
    best = min(values) if lowest else max(values)
    return [values.index(best)] if values.count(best) == 1 else []


class Tally:
    """What is left at a round's end, per side, and what a round-end formula reads of it.

    `side_doubles` is None when no formula of the rules reads the doubles left, and `last` (the
    last tile laid) is left at zeros when none reads it (the common case: a round end is on the
    playout's hot path)."""

    __slots__ = (
        "eliminated", "last", "max_pip", "out_side",
        "players", "round_no", "scores", "seat_pips", "seat_side", "side_double_pips",
        "side_doubles", "side_pips", "side_seats", "side_tiles", "tracks",
    )  # fmt: skip

    def __init__(
        self,
        side_pips: list[int],
        side_tiles: list[int],
        side_doubles: list[int] | None,
        out_side: int | None,
        side_seats: int,
        players: int,
        max_pip: int,
        round_no: int,
        scores: list[int],
        seat_pips: list[int],
        seat_side: list[int],
    ) -> None:
        self.side_pips = side_pips
        self.side_tiles = side_tiles
        self.side_doubles = side_doubles
        self.out_side = out_side  # the side that went out; None in a blocked round
        self.side_seats = side_seats  # seats per side
        self.players = players
        self.max_pip = max_pip
        self.round_no = round_no
        self.scores = scores  # the sides' scores so far: a side's, before its points of this round end
        self.seat_pips = seat_pips  # per seat, the pips left in its hand
        self.seat_side = seat_side  # per seat, its side
        # The last tile laid: (high, low, is_double, the open ends it could have gone on), set by
        # the round's end when a formula reads it; all 0 when no tile was laid.
        self.last: tuple[int, int, bool, int] = (0, 0, False, 0)
        # Per side, the pips on the doubles left, set by the round's end when a formula reads them.
        self.side_double_pips: list[int] | None = None
        # The sides out of the match (match.eliminate_when): they hold nothing, score nothing, and
        # are nobody's opponents; and scoring.tracks, by name, per side (the values read now).
        self.eliminated: tuple[int, ...] = ()
        self.tracks: dict[str, tuple[int, ...]] = {}

    def env(self, side: int, names: frozenset[str]) -> dict[str, object]:
        """The round-end names `names` (those a formula reads), for `side`: only those are worked
        out, since a round end is on the playout's hot path."""
        if self.tracks:
            return {name: _READ[name](self, side) if name in _READ else self.tracks[name][side] for name in names}
        return {name: _READ[name](self, side) for name in names}

    def in_match(self, seat: int) -> bool:
        """Whether `seat`'s side is still in the match (always, without match.eliminate_when)."""
        return self.seat_side[seat] not in self.eliminated


def _doubles_left(t: Tally) -> list[int]:
    assert t.side_doubles is not None, "the round end counts the doubles left whenever a formula reads them"
    return t.side_doubles


def _double_pips_left(t: Tally) -> list[int]:
    assert t.side_double_pips is not None, "the round end counts the doubles' pips whenever a formula reads them"
    return t.side_double_pips


# How each round-end name (ruleset.ROUND_END_NAMES) is read off a tally, for a side: the numbers
# (a points formula may be one of them, bare) and the rest.
_READ_NUMBERS: dict[str, Callable[[Tally, int], int]] = {
    "pips": lambda t, side: t.side_pips[side],
    "tiles": lambda t, side: t.side_tiles[side],
    "opp_pips": lambda t, side: sum(t.side_pips) - t.side_pips[side],
    "opp_tiles": lambda t, side: sum(t.side_tiles) - t.side_tiles[side],
    "opponents": lambda t, side: t.players - t.side_seats,
    "doubles": lambda t, side: _doubles_left(t)[side],
    "opp_doubles": lambda t, side: sum(doubles := _doubles_left(t)) - doubles[side],
    "double_pips": lambda t, side: _double_pips_left(t)[side],
    "players": lambda t, side: t.players,
    "max_pip": lambda t, side: t.max_pip,
    "round": lambda t, side: t.round_no,
    "score": lambda t, side: t.scores[side],
    "opp_score": lambda t, side: max(
        (s for i, s in enumerate(t.scores) if i != side and i not in t.eliminated), default=0
    ),
    "lowest_hand": lambda t, side: min(p for p, s in zip(t.seat_pips, t.seat_side, strict=True) if s == side),
    "last_high": lambda t, side: t.last[0],
    "last_low": lambda t, side: t.last[1],
    "last_fit_ends": lambda t, side: t.last[3],
}
_READ: dict[str, Callable[[Tally, int], object]] = {
    **_READ_NUMBERS,
    "went_out": lambda t, side: side == t.out_side,
    "hand_pips": lambda t, side: tuple(p for p, s in zip(t.seat_pips, t.seat_side, strict=True) if s == side),
    "opp_hand_pips": lambda t, side: tuple(
        p for seat, (p, s) in enumerate(zip(t.seat_pips, t.seat_side, strict=True)) if s != side and t.in_match(seat)
    ),
    "last_is_double": lambda t, side: t.last[2],
}


def points_reader(points: Expr[int]) -> Callable[[Tally, int], int]:
    """How a side's points are read off a tally: a constant, a bare round-end name read directly
    (no names mapping built: a round end is on the playout's hot path), or the formula."""
    if points.constant is not None:
        constant = int(points.constant)
        return lambda tally, side: constant
    name = points.source.strip()
    if points.names == {name} and name in _READ_NUMBERS:  # a number formula's bare name is a number
        return _READ_NUMBERS[name]
    names = points.names
    return lambda tally, side: int(points(tally.env(side, names)))


def scoring_sides(scoring: RoundEndScoring, tally: Tally, ties: bool = False) -> list[int]:
    """The sides that score this round's end, in side order; a tie for the best scores nobody, or,
    with `ties`, every side that ties for it (the round's winners, as a pool reads them: engine/pool.py)."""
    if tally.eliminated:
        return _scoring_sides_in(scoring, tally, ties)
    best = _all_best if ties else _unique_best
    scorer = scoring.scorer
    if scorer is Scorer.WENT_OUT:
        return [] if tally.out_side is None else [tally.out_side]
    if scorer is Scorer.LOWEST_PIPS:
        return best(tally.side_pips)
    if scorer is Scorer.FEWEST_TILES:
        return best(tally.side_tiles)
    if scorer is Scorer.RANKED:
        assert scoring.rank is not None
        rank = scoring.rank
        ranks = [int(rank(tally.env(side, rank.names))) for side in range(len(tally.side_pips))]
        return best(ranks, scoring.rank_lowest)
    if scorer is Scorer.EACH:
        return list(range(len(tally.side_pips)))
    return []


def _scoring_sides_in(scoring: RoundEndScoring, tally: Tally, ties: bool) -> list[int]:
    """`scoring_sides` among the sides still in the match: each of the others is left out of the
    ranking, as if it were not at the table."""
    left = [side for side in range(len(tally.side_pips)) if side not in tally.eliminated]
    scorer = scoring.scorer
    if scorer is Scorer.WENT_OUT:
        return [] if tally.out_side is None else [tally.out_side]
    if scorer is Scorer.EACH:
        return left
    if scorer is Scorer.NOBODY:
        return []
    lowest = True
    if scorer is Scorer.LOWEST_PIPS:
        values = tally.side_pips
    elif scorer is Scorer.FEWEST_TILES:
        values = tally.side_tiles
    else:
        assert scoring.rank is not None
        rank = scoring.rank
        values = [int(rank(tally.env(side, rank.names))) if side in left else 0 for side in range(len(tally.side_pips))]
        lowest = scoring.rank_lowest
    picked = (_all_best if ties else _unique_best)([values[side] for side in left], lowest)
    return [left[i] for i in picked]


def _all_best(values: list[int], lowest: bool = True) -> list[int]:
    best = min(values) if lowest else max(values)
    return [side for side, value in enumerate(values) if value == best]


def track_values(rules: Ruleset, tracks: tuple[tuple[int, ...], ...]) -> dict[str, tuple[int, ...]]:
    """scoring.tracks by name: per track, its value per side (both families' `Match.tracks`)."""
    return {track.name: values for track, values in zip(rules.tracks, tracks, strict=True)}


def score_error(points: Expr[int], side: int, total: int) -> ExpressionRuntimeError:
    """A side's score went past ±MAX_VALUE: the match stops, at the formula whose points took it there."""
    return ExpressionRuntimeError(
        f"side {side}'s score would become {describe_value(total)}", points.origin, points.source
    )


def check_scores(scores: list[int]) -> None:
    """Initial scores within ±MAX_VALUE, as every score of a match is."""
    for score in scores:
        if not -MAX_VALUE <= score <= MAX_VALUE:
            raise ValueError(f"the initial score {describe_value(score)}")


def goal(rules: MatchEnd) -> int:
    """The lowest score that reaches the target."""
    assert rules.target is not None
    return rules.target + 1 if rules.reach is TargetReach.MORE_THAN else rules.target


def winners(
    rules: MatchEnd, scores: list[int], round_no: int, players: int, at_round_end: bool
) -> tuple[int, ...] | None:
    """The winning sides if the match ends now, else None (including a tie the rules play on).

    With a target, the match ends once a side reaches it; `highest` picks among the sides that
    reached it, `lowest` among all sides (a penalty game: reaching the target loses)."""
    candidates: list[int] = []
    if rules.target is not None and (at_round_end or rules.check is TargetCheck.IMMEDIATE):
        least = goal(rules)
        if max(scores) < least and rules.rounds is None:  # the usual case: nobody there yet
            return None
        candidates = [side for side, score in enumerate(scores) if score >= least]
        if candidates and rules.winner is Winner.LOWEST:
            # A penalty game: the match ends when any side passes the target, and the lowest
            # total of all sides wins (the sides past the target are the losers).
            candidates = list(range(len(scores)))
    if not candidates and at_round_end and rules.rounds is not None and round_no >= rules.rounds[players]:
        candidates = list(range(len(scores)))
    if not candidates:
        return None
    pick = max if rules.winner is Winner.HIGHEST else min
    best = pick(scores[side] for side in candidates)
    top = tuple(side for side in candidates if scores[side] == best)
    if len(top) > 1 and rules.tie is Tie.PLAY_ON:
        return None
    return top
