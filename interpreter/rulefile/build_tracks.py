"""Building `scoring.tracks` (counters kept beside the score) and `match.eliminate_when` (a player
out of the match at a score) from a rule file, with their checks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.expressions.language import Expr, Type
from interpreter.rulefile.ruleset import RESET_NAMES, ROUND_END_NAMES, TRACK_NAMES, Family, Players, Track
from interpreter.rulefile.trick_rules import HAND_NAMES, PAIR_NAMES

# A trick game's track reads the hand names and what the side gained in the hand (its score of it).
TRICK_TRACK_NAMES: dict[str, Type] = {**HAND_NAMES, "gained": Type.INT}

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder


def build_tracks(b: _Builder, family: Family) -> tuple[Track, ...]:
    """The file's tracks, in order; a name already read in the places a track is read (a round-end
    name, `points`, `scored`; a trick game's hand names, `gained`, `started`, ...) or naming two
    tracks is refused at that name."""
    raw = b.get("scoring", "tracks") or []
    tricks = family is Family.TRICKS
    base = TRICK_TRACK_NAMES if tricks else TRACK_NAMES
    taken = set(base) | (set(PAIR_NAMES) | {f"opp_{name}" for name in base} if tricks else set(RESET_NAMES))
    names: dict[str, Type] = {}
    for i, entry in enumerate(raw):
        name = entry["name"]
        if name in taken or (tricks and f"opp_{name}" in taken):
            kind = "round-end name" if name in ROUND_END_NAMES and not tricks else "name these formulas read"
            message = f"'{name}' is already a {kind}; a track needs a name of its own"
            b.problem(("scoring", "tracks", i, "name"), message)
        elif name in names:
            b.problem(("scoring", "tracks", i, "name"), f"'{name}' names two tracks")
        names[name] = Type.INT
    env = {**base, **names}
    return tuple(
        Track(entry["name"], b.formula(("scoring", "tracks", i, "each_hand"), env, Type.INT))
        for i, entry in enumerate(raw)
    )


def track_names(tracks: tuple[Track, ...]) -> dict[str, Type]:
    """The tracks' names, as the formulas that may read them see them (numbers)."""
    return {track.name: Type.INT for track in tracks}


def pair_track_names(tracks: tuple[Track, ...]) -> dict[str, Type]:
    """The tracks as `scoring.pair_factor` reads them: each side's of a payment (`streak`, `opp_streak`)."""
    return {**track_names(tracks), **{f"opp_{track.name}": Type.INT for track in tracks}}


def build_elimination(b: _Builder, players: Players, tracks: tuple[Track, ...]) -> Expr[bool] | None:
    """`match.eliminate_when`, compiled over the round-end names, `points` and the tracks; refused
    where a side is a partnership (a side of several would need a rule for one partner out)."""
    path = ("match", "eliminate_when")
    when = b.expr(path, {**TRACK_NAMES, **track_names(tracks)}, Type.BOOL)
    if when is None or when.constant is False:
        return None
    if players.team_counts:
        b.problem(path, "is for players playing alone, not in partnerships")
    if b.get("match", "pool") is not None:
        b.problem(path, "a player out of the match would still stake into match.pool each hand: not with a pool")
    if b.get("match", "check") == "immediate":
        b.problem(path, "is read at a round's end, and match.check: immediate may end the match mid-round")
    return when
