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
    side: int, seat_side: list[int], seat_pips: list[int], seat_tiles: list[int], max_pip: int, round_no: int
) -> dict[str, object]:
    own = [s for s, side_of in enumerate(seat_side) if side_of == side]
    opp = [s for s, side_of in enumerate(seat_side) if side_of != side]
    return {
        "pips": sum(seat_pips[s] for s in own),
        "tiles": sum(seat_tiles[s] for s in own),
        "opp_pips": sum(seat_pips[s] for s in opp),
        "opp_tiles": sum(seat_tiles[s] for s in opp),
        "opponents": len(opp),
        "players": len(seat_side),
        "max_pip": max_pip,
        "round": round_no,
    }


def reached(rules: MatchEnd, score: int) -> bool:
    assert rules.target is not None
    return score > rules.target if rules.reach is TargetReach.MORE_THAN else score >= rules.target


def winners(
    rules: MatchEnd, scores: list[int], round_no: int, players: int, at_round_end: bool
) -> tuple[int, ...] | None:
    """The winning sides if the match ends now, else None (including a tie the rules play on)."""
    candidates: list[int] = []
    if rules.target is not None and (at_round_end or rules.check is TargetCheck.IMMEDIATE):
        candidates = [side for side, score in enumerate(scores) if reached(rules, score)]
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
