"""What one seat may see of a table, as JSON: its own hand, the others' tile counts, the layout, its
legal moves on its turn, the last actions in words, and a round's end with every hand laid open.

Everything here is built from what the seat's observation holds, plus the round-end records of the
log (public once a round is over). No hidden tile reaches a view: the narration is told from the
seat's side (its own draws only), and the last actions come from the current round only, or, while
a finished round is shown, from that round.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from interpreter.engine import Action, LayoutView, Match
from interpreter.frontends.presentation.narration import Narrator
from interpreter.frontends.presentation.seats import Seat, seats_for
from interpreter.frontends.presentation.style import Style
from interpreter.rulefile.explain import explain
from interpreter.rulefile.ruleset import Ruleset

LAST_ACTIONS = 10  # lines of narration a view carries, newest last

_PLAIN = Style(False)


def layout_json(layout: LayoutView) -> dict[str, Any]:
    return {
        "arms": [
            {
                "id": arm.id,
                "kind": arm.kind,
                "owner": arm.owner,
                "value": arm.value,
                "tiles": [list(t) for t in arm.tiles],
                "marker": arm.marker,
                "open": arm.open,
                "root": list(arm.root),
                "spinner": list(arm.spinner) if arm.spinner is not None else None,
            }
            for arm in layout.arms
        ],
        "lead": list(layout.lead) if layout.lead is not None else None,
        "hub": list(layout.hub) if layout.hub is not None else None,
        "spinners": [list(t) for t in layout.spinners],
        "open_doubles": [
            {"tile": list(d.tile), "arms": list(d.arms), "remaining": d.remaining, "active": d.active}
            for d in layout.open_doubles
        ],
        "ends": list(layout.ends),
        "end_sum": layout.end_sum,
    }


def legal_json(legal: Sequence[Action]) -> list[dict[str, Any]]:
    return [
        {
            "index": index,
            "kind": action.kind,
            "tile": list(action.tile) if action.tile is not None else None,
            "arm": action.arm,
            "half": action.half,
            "text": str(action),
        }
        for index, action in enumerate(legal)
    ]


def _last_index(events: Sequence[dict[str, Any]], kinds: tuple[str, ...], before: int | None = None) -> int | None:
    end = len(events) if before is None else before
    for index in range(end - 1, -1, -1):
        if events[index]["type"] in kinds:
            return index
    return None


def shown_round_end(events: Sequence[dict[str, Any]]) -> int | None:
    """The index of the round end a view shows: the last one, while no action came after it."""
    end = _last_index(events, ("round_end",))
    if end is None:
        return None
    after = _last_index(events, ("action",))
    return end if after is None or after < end else None


_SENTENCE = re.compile(r"(When a player goes out|When the round is blocked), (.*?\.)(?= When |$)")


def scoring_words(ruleset: Ruleset) -> dict[str, str]:
    """How a round is scored, in the words of `domino explain`: per round-end reason, its sentence."""
    text = explain(ruleset)
    found: dict[str, str] = {}
    section = text.split("End of a round\n", 1)[-1].split("\n\n", 1)[0]
    joined = " ".join(line.strip() for line in section.splitlines() if not set(line) <= {"-"})
    for lead, rest in _SENTENCE.findall(joined):
        found["domino" if "goes out" in lead else "blocked"] = f"{lead}, {rest}"
    if ruleset.match.check.value == "immediate":
        found["target"] = "The target was reached during play, so the round is not scored."
    return found


def round_end_json(
    match: Match, seats: Sequence[Seat], ruleset: Ruleset, index: int, events: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    record = events[index]
    first = index
    while first > 0 and events[first - 1]["type"] == "score" and events[first - 1]["reason"] != "in_play":
        first -= 1  # the round end's own scores, logged just before it
    told = Narrator(match, seats, _PLAIN).tell(list(events[first : index + 1]), None)
    words = [scoring_words(ruleset).get(record["reason"], ""), *(line.strip() for line in told)]
    return {
        "round": record["round"],
        "reason": record["reason"],
        "seat": record["seat"],
        "hands": [[list(t) for t in hand] for hand in record["hands"]],
        "pips": list(record["pips"]),
        "scores": list(record["scores"]),
        "words": [w for w in words if w],
    }


def last_actions(
    match: Match, seats: Sequence[Seat], viewer: int | None, events: Sequence[dict[str, Any]]
) -> list[str]:
    """The last actions in words, told as `viewer` may hear them: those of the current round, or of the
    finished round while its end is shown (the next deal's line is told once its round has begun)."""
    shown = shown_round_end(events)
    if shown is None:
        start, end = _last_index(events, ("deal",)) or 0, len(events)
    else:
        start = _last_index(events, ("deal",), before=shown) or 0
        following = _last_index(events, ("deal",))
        end = following if following is not None and following > shown else len(events)
    lines = Narrator(match, seats, _PLAIN).tell(list(events[start:end]), viewer)
    return [line.strip() for line in lines if line.strip()][-LAST_ACTIONS:]


def history(events: Sequence[dict[str, Any]]) -> list[list[int]]:
    return [list(e["scores"]) for e in events if e["type"] == "round_end"]


def seats_json(kinds: Sequence[str], seats: Sequence[Seat]) -> list[dict[str, Any]]:
    return [
        {"seat": n, "kind": "human" if seat.human else "computer", "strength": None if seat.human else kind,
         "name": seat.name}
        for n, (kind, seat) in enumerate(zip(kinds, seats, strict=True))
    ]  # fmt: skip


def _common(match: Match, ruleset: Ruleset, seats: Sequence[Seat], kinds: Sequence[str]) -> dict[str, Any]:
    events = match.events
    shown = shown_round_end(events)
    return {
        "variant": ruleset.name,
        "title": ruleset.title,
        "round": match.round,
        **_goal(match),
        "current_player": match.current_player,
        "over": match.is_over,
        "winners": list(match.winners) if match.is_over else [],
        "scores": list(match.scores),
        "sides": match.sides,
        "seat_sides": [match.side_of(s) for s in range(match.players)],
        "seats": seats_json(kinds, seats),
        "round_end": round_end_json(match, seats, ruleset, shown, events) if shown is not None else None,
        "history": history(events),
    }


def _goal(match: Match) -> dict[str, int | None]:
    """What ends the match for this number of players: a target score, a number of rounds, or both."""
    end = match.ruleset.match
    return {"target": end.target, "rounds": (end.rounds or {}).get(match.players)}


def seat_view(
    match: Match, ruleset: Ruleset, kinds: Sequence[str], seat: int, version: int
) -> dict[str, Any]:
    """What `seat` may see now, as the JSON of `GET /api/tables/ID/state`."""
    seats = seats_for(kinds)
    observation = match.observation(seat)
    return {
        "version": version,
        **_common(match, ruleset, seats, kinds),
        "seat": seat,
        "side": observation.side,
        "hand": [list(t) for t in observation.hand],
        "hand_counts": list(observation.hand_counts),
        "boneyard_count": observation.boneyard_count,
        "layout": layout_json(observation.layout),
        "legal": legal_json(observation.legal_actions),
        "last_actions": last_actions(match, seats, seat, match.events),
    }


def public_view(match: Match, ruleset: Ruleset, kinds: Sequence[str], step: int, steps: int) -> dict[str, Any]:
    """A replay's view at one step: the table with every hand open (a replay is public to its opener)."""
    seats = seats_for(kinds)
    current = match.current_player
    return {
        "step": step,
        "steps": steps,
        **_common(match, ruleset, seats, kinds),
        "seat": None,
        "side": None,
        "hand": [],
        "hands": [[list(t) for t in match.hand(s)] for s in range(match.players)],
        "hand_counts": [len(match.hand(s)) for s in range(match.players)],
        "boneyard_count": match.observation(0).boneyard_count,
        "layout": layout_json(match.layout),
        "legal": legal_json(match.legal_actions()) if current is not None else [],
        "last_actions": last_actions(match, seats, current, match.events),
    }
