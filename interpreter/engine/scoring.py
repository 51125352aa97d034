"""Round-end scoring and the end of the match: who scores, how much, and who has won."""

from __future__ import annotations

from interpreter.ruleset import MatchEnd, RoundEndScoring, Scorer, TargetCheck, TargetReach, Tie, Winner


def _unique_lowest(values: list[int]) -> list[int]:
    best = min(values)
    winners = [i for i, v in enumerate(values) if v == best]
    return winners if len(winners) == 1 else []


def scoring_sides(
    scoring: RoundEndScoring, side_pips: list[int], side_tiles: list[int], out_side: int | None
) -> list[int]:
    """The sides that score this round's end, in side order; a tie for lowest scores nobody."""
    scorer = scoring.scorer
    if scorer is Scorer.WENT_OUT:
        return [] if out_side is None else [out_side]
    if scorer is Scorer.LOWEST_PIPS:
        return _unique_lowest(side_pips)
    if scorer is Scorer.FEWEST_TILES:
        return _unique_lowest(side_tiles)
    if scorer is Scorer.EACH:
        return list(range(len(side_pips)))
    return []


def round_end_env(
    side: int, side_pips: list[int], side_tiles: list[int], side_seats: int, players: int, max_pip: int, round_no: int
) -> dict[str, object]:
    """The names a round-end `points` formula reads, for `side` (of `side_seats` seats each)."""
    pips = side_pips[side]
    tiles = side_tiles[side]
    return {
        "pips": pips,
        "tiles": tiles,
        "opp_pips": sum(side_pips) - pips,
        "opp_tiles": sum(side_tiles) - tiles,
        "opponents": players - side_seats,
        "players": players,
        "max_pip": max_pip,
        "round": round_no,
    }


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
