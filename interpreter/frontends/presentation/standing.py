"""Where a side stands besides its score, in words every view shares: its score tracks
(scoring.tracks: "marks 2") and whether its player is out of the match (match.eliminate_when)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from interpreter.engine import Match

OUT = "out of the match"


def tracks_text(tracks: Mapping[str, Sequence[int]], side: int) -> str:
    """A side's tracks, as shown beside its score: "marks 2" (several joined by commas); "" without."""
    return ", ".join(f"{name.replace('_', ' ')} {values[side]}" for name, values in tracks.items())


def beside_score(tracks: Mapping[str, Sequence[int]], out: Sequence[int], side: int) -> str:
    """What follows a side's score in a score view: " · marks 2", and " · out of the match" for a
    player out of it; "" for a game with neither."""
    said = tracks_text(tracks, side)
    text = f" · {said}" if said else ""
    return text + (f" · {OUT}" if side in out else "")


def standing_at(match: Match, round_no: int) -> tuple[dict[str, list[int]], list[int]]:
    """The tracks and the seats out as they stood after round `round_no` ended, read from the log."""
    tracks = {name: [0] * match.sides for name in match.tracks}
    for event in match.events_of("track"):
        if event["round"] <= round_no:
            tracks[event["name"]][event["side"]] = event["value"]
    out = [event["seat"] for event in match.events_of("eliminated") if event["round"] <= round_no]
    return tracks, out


def out_before(match: Match, round_no: int) -> list[int]:
    """The seats out of the match before round `round_no` was dealt (none without eliminate_when)."""
    if match.ruleset.match.eliminate_when is None:
        return []
    return [event["seat"] for event in match.events_of("eliminated") if event["round"] < round_no]
