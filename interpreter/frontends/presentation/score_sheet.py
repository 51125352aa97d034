"""The score sheet of a match, hand by hand (round by round), read back from its log: how each
ended, what each side scored in it and the totals after it; in a trick game with an auction also
who bid what, the contract (the trumps named, or a special contract by its name) and whether it was
made. Everything here is public once a hand is over. The terminal's `scores` and the page's Scores
panel show these rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.engine import Match
from interpreter.engine.actions import TRUMPS
from interpreter.frontends.presentation.boards import board_of
from interpreter.frontends.presentation.seats import Seat, together
from interpreter.frontends.presentation.standing import beside_score
from interpreter.frontends.presentation.tricks import bid_text, score_unit, trump_words


def score_rows(match: Match) -> list[dict[str, Any]]:
    """One row per finished round: `round`, `reason`, `seat` (who went out, or the bidder),
    `points` (per side, what it scored in the round, in play and at its end), `scores` (the totals
    after it); in a trick game also `pips` (the points each side took in the hand), `bidder`,
    `bid`, `bid_text`, `contract` (a special contract's name, else the trumps as said, None without
    an auction), `trumps` and `made`; in a game with scoring.tracks or match.eliminate_when also
    `tracks` (per track name, each side's value after it) and `out` (the seats out of the match after it)."""
    contracts = board_of(match).contract_tables
    t = None if contracts is None else contracts(match)
    rows: list[dict[str, Any]] = []
    points: list[int] = [0] * match.sides
    hand: dict[str, Any] = {}
    tracks = {name: [0] * match.sides for name in match.tracks}  # read from the log, from 0
    out: list[int] = []
    standing = bool(tracks) or match.ruleset.match.eliminate_when is not None
    for event in match.events:
        kind = event["type"]
        if kind == "match":
            points = [0] * event["sides"]
        elif kind == "track":
            tracks[event["name"]][event["side"]] = event["value"]
        elif kind == "eliminated":
            out.append(event["seat"])
        elif kind == "deal":
            hand = {"bid": None, "contract": None, "trumps": None}
        elif kind == "contract":
            hand["bid"] = event["bid"]
        elif kind == "turn_up":
            hand["trumps"] = event["trump"]
        elif kind == "action" and event["action"]["kind"] == TRUMPS and t is not None:
            value = event["action"]["value"]
            if value in t.contracts:
                hand["contract"] = str(value)
            else:
                hand["trumps"] = value
        elif kind == "score":
            points[event["side"]] += event["points"]
        elif kind == "round_end":
            row = {"round": event["round"], "reason": event["reason"], "seat": event["seat"], "points": points,
                   "scores": list(event["scores"])}  # fmt: skip
            if standing:
                row.update(tracks={name: v.copy() for name, v in tracks.items()}, out=out.copy())
            if t is not None:
                row.update(_hand_row(t, event, hand))
            rows.append(row)
            points = [0] * len(points)
    return rows


def _hand_row(t: Any, end: dict[str, Any], hand: dict[str, Any]) -> dict[str, Any]:
    trumps = None if hand.get("trumps") is None else trump_words(hand["trumps"], t.max_pip)
    bid = end.get("bid")
    bidder = end["seat"] if bid is not None else None
    contract = hand.get("contract") or (trumps if bidder is not None else None)
    return {
        "pips": list(end["pips"]),
        "bidder": bidder,
        "bid": bid,
        "bid_text": None if bid is None else bid_text(t, bid),
        "contract": contract,
        "trumps": trumps,
        "made": end.get("made") if bidder is not None else None,
    }


def score_sheet_lines(match: Match, seats: Sequence[Seat]) -> list[str]:
    """The score sheet as the terminal prints it: a column table, a row per hand (round) — who bid
    what, the contract, made or set (how a round ended), each side's gain and its total after it."""
    rows = score_rows(match)
    word = board_of(match).round_word.capitalize()
    if not rows:
        return [f"No {word.lower()} has ended yet."]
    sides = [together([s.name for n, s in enumerate(seats) if match.side_of(n) == side]) for side in range(match.sides)]
    auction = any(row.get("bidder") is not None for row in rows)
    head = [word, *(["Bidder", "Bid", "Contract", "Result"] if auction else ["How it ended"]), *sides]
    table = [head]
    for row in rows:
        cells = [str(row["round"])]
        if auction:
            bidder = row.get("bidder")
            cells += ["—", "—", "—", "no bid"] if bidder is None else [
                seats[bidder].name, row["bid_text"], row["contract"] or "", "made" if row["made"] else "set"]
        else:
            cells.append(_ending(row, seats))
        cells += [
            f"{_signed(gain)} = {total}{beside_score(row.get('tracks', {}), row.get('out', []), side)}"
            for side, (gain, total) in enumerate(zip(row["points"], row["scores"], strict=True))
        ]
        table.append(cells)
    widths = [max(len(r[c]) for r in table) for c in range(len(head))]
    lines = [f"Score sheet ({score_unit(match.ruleset)[1]}: what each side scored = its total)"]
    lines += ["  " + "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in table]
    return lines


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _ending(row: dict[str, Any], seats: Sequence[Seat]) -> str:
    """How a round without an auction ended: "points taken 40 – 26", "Computer went out", "blocked"."""
    if "pips" in row:
        return f"points taken {' – '.join(str(p) for p in row['pips'])}"
    if row["reason"] == "domino" and row.get("seat") is not None:
        return f"{seats[row['seat']].name} went out"
    return {"blocked": "blocked", "target": "target reached in play"}.get(row["reason"], row["reason"])
