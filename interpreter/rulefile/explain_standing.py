"""`scoring.tracks` and `match.eliminate_when` in words (issue 29, M15 and M14), for `domino
explain` and `explain --diff`."""

from __future__ import annotations

from collections.abc import Mapping

from interpreter.expressions import words as names
from interpreter.expressions.words import words
from interpreter.rulefile.ruleset import Ruleset, Track


def track_names(side: str, tracks: tuple[Track, ...]) -> dict[str, str]:
    """The names a layout game's track formula and match.eliminate_when read, for a `side`."""
    return {**names.reset(side), **_tracks_read(side, tracks)}


def _tracks_read(side: str, tracks: tuple[Track, ...]) -> dict[str, str]:
    return {track.name: f"the {side}'s {track.name.replace('_', ' ')}" for track in tracks}


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


def tracks_sentences(ruleset: Ruleset, side: str, read: Mapping[str, str] | None = None) -> list[str]:
    """What `domino explain` says of the tracks (none without); `read`: the names their formulas
    read, where not a layout game's round-end names (a trick game's hand names)."""
    tracks = ruleset.tracks
    if not tracks:
        return []
    names_read = {**(read or names.reset(side)), **_tracks_read(side, tracks)}
    word = "hand" if ruleset.tricks is not None else "round"
    kept = "; ".join(
        f"{track.name.replace('_', ' ')} (from 0; at each {word}'s end, {words(track.each_hand, names_read)})"
        for track in tracks
    )
    count = "a count" if len(tracks) == 1 else "counts"
    return [
        f"Beside the score, each {side} keeps {count}, shown with it: {kept} — worked out once the points are scored."
    ]


def standing_sentences(ruleset: Ruleset, side: str) -> list[str]:
    """What `domino explain` says of the tracks and of the players out of the match, under "Winning"."""
    out = tracks_sentences(ruleset, side)
    tracks = ruleset.tracks
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
