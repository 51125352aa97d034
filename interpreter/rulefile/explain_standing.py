"""`scoring.tracks` and `match.eliminate_when` in words (issue 29, M15 and M14), for `domino
explain` and `explain --diff`."""

from __future__ import annotations

from interpreter.expressions import words as names
from interpreter.expressions.words import words
from interpreter.rulefile.ruleset import Ruleset, Track


def track_names(side: str, tracks: tuple[Track, ...]) -> dict[str, str]:
    """The names a track's formula and match.eliminate_when read, for a `side`."""
    return {
        **names.reset(side),
        **{track.name: f"the {side}'s {track.name.replace('_', ' ')}" for track in tracks},
    }


def tracks_words(tracks: tuple[Track, ...], side: str) -> str:
    """The tracks in a phrase: "none", or each by its name and what it becomes after a round."""
    if not tracks:
        return "none"
    read = track_names(side, tracks)
    return "; ".join(
        f"{track.name.replace('_', ' ')} (from 0; at each round's end, {words(track.each_hand, read)})"
        for track in tracks
    )


def same_tracks(a: tuple[Track, ...], b: tuple[Track, ...]) -> bool:
    """Whether two files keep the same tracks: names and formulas as written, wherever they were."""
    return [(t.name, " ".join(t.each_hand.source.split())) for t in a] == [
        (t.name, " ".join(t.each_hand.source.split())) for t in b
    ]


def standing_sentences(ruleset: Ruleset, side: str) -> list[str]:
    """What `domino explain` says of the tracks and of the players out of the match, under "Winning"."""
    out = []
    tracks = ruleset.tracks
    if tracks:
        kept = tracks_words(tracks, side)
        out.append(
            f"Beside the score, each {side} keeps {'a count' if len(tracks) == 1 else 'counts'}, shown with it: "
            f"{kept} — worked out once the round's points are scored."
        )
    when = ruleset.match.eliminate_when
    if when is not None:
        said = words(when, track_names(side, tracks))
        minimum = ruleset.players.min
        out.append(
            f"A {side} for whom, at a round's end, {said} is out of the match: the others play on, dealt "
            "the hand for their number, and the last one left wins"
            + (f" (or, when fewer than {minimum} are left, the best of them)." if minimum > 2 else ".")
        )
    return out
