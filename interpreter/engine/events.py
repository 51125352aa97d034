"""The event log's records: plain JSON-ready dicts, one constructor per record type.

docs/engine.md ("The event log") describes every field. Tiles are [low, high] lists. A record
that holds hidden information (a deal, a drawn tile) has a public form for observations.
"""

from __future__ import annotations

from typing import Any

from interpreter.engine.actions import Action
from interpreter.engine.tiles import Tile

Event = dict[str, Any]


def tile_json(tile: Tile | None) -> list[int] | None:
    return None if tile is None else [tile[0], tile[1]]


def match_header(rules: str, digest: str, seed: int, players: int, sides: int, scores: list[int]) -> Event:
    return {"type": "match", "rules": rules, "digest": digest, "seed": seed, "players": players,
            "sides": sides, "scores": scores.copy()}  # fmt: skip


def deal(
    round_no: int,
    starter: int,
    how: str,
    lead: Tile | None,
    engine: Tile | None,
    hands: list[list[Tile]],
    boneyard: list[Tile],
    dead: list[Tile],
    lots: list[list[tuple[int, Tile]]],
    redeals: int,
) -> Event:
    return {
        "type": "deal", "round": round_no, "starter": starter, "how": how,
        "lead": tile_json(lead), "engine": tile_json(engine),
        "hands": [[tile_json(t) for t in hand] for hand in hands],
        "boneyard": [tile_json(t) for t in boneyard],
        "dead": [tile_json(t) for t in dead],
        "lots": [[[seat, tile_json(t)] for seat, t in draw] for draw in lots],
        "redeals": redeals,
    }  # fmt: skip


def public_deal(event: Event) -> Event:
    """A deal as every seat sees it: who starts and how, hand and boneyard sizes, no tiles."""
    out = {k: v for k, v in event.items() if k not in ("hands", "boneyard", "dead")}
    out["hand_sizes"] = [len(hand) for hand in event["hands"]]
    out["boneyard_size"] = len(event["boneyard"])
    return out


def action(seat: int, act: Action) -> Event:
    return {"type": "action", "seat": seat, "action": act.to_json()}


def draw(seat: int, tile: Tile) -> Event:
    return {"type": "draw", "seat": seat, "tile": tile_json(tile)}


def public_draw(seat: int) -> Event:
    return {"type": "draw", "seat": seat}


def score(side: int, points: int, total: int, reason: str, seat: int | None = None) -> Event:
    return {"type": "score", "side": side, "seat": seat, "points": points, "total": total, "reason": reason}


def round_end(
    round_no: int, reason: str, seat: int | None, hands: list[list[Tile]], pips: list[int], scores: list[int]
) -> Event:
    return {
        "type": "round_end", "round": round_no, "reason": reason, "seat": seat,
        "hands": [[tile_json(t) for t in hand] for hand in hands], "pips": pips, "scores": scores.copy(),
    }  # fmt: skip


def match_end(winners: tuple[int, ...], scores: list[int]) -> Event:
    return {"type": "match_end", "winners": list(winners), "scores": scores.copy()}
