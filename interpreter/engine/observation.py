"""Read-only views: the table as anyone sees it, and everything one seat may know."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from interpreter.engine.actions import Action
from interpreter.engine.tiles import Tile
from interpreter.ruleset import Ruleset


@dataclass(frozen=True)
class ArmView:
    id: int
    kind: str  # "end" (at the lead), "side" (on a spinner's long side) or "train" (from the hub)
    owner: int | None  # the seat owning a personal train
    value: int  # the pips the open end shows
    tiles: tuple[tuple[int, int], ...]  # as laid, root outward: (touching half, outer half)
    marker: bool  # the owner's marker lies on it
    open: bool  # the current player may play on it now
    root: Tile  # the tile it grows from: the lead, the engine, or a spinner
    spinner: Tile | None  # for a spinner's side arm: that spinner


@dataclass(frozen=True)
class OpenDouble:
    tile: Tile
    arms: tuple[int, ...]  # its arms still to be covered
    remaining: int  # tiles it still demands
    active: bool  # binds now (False: from the next turn on)


@dataclass(frozen=True)
class LayoutView:
    arms: tuple[ArmView, ...]
    lead: Tile | None
    hub: Tile | None  # the engine double
    spinners: tuple[Tile, ...]
    open_doubles: tuple[OpenDouble, ...]  # oldest first: the order they must be covered in
    tiles: tuple[Tile, ...]  # every tile on the table
    ends: tuple[int, ...]  # what each open end counts for in-play scoring
    end_sum: int


@dataclass(frozen=True)
class Observation:
    seat: int
    side: int
    round: int
    current_player: int | None
    hand: tuple[Tile, ...]
    hand_counts: tuple[int, ...]  # tiles in every seat's hand
    boneyard_count: int  # tiles that can still be drawn
    layout: LayoutView
    scores: tuple[int, ...]  # per side
    legal_actions: tuple[Action, ...]  # empty unless it is this seat's turn
    history: tuple[dict[str, Any], ...]  # the public event log: no hidden hands, no drawn tiles
    rules: Ruleset  # the rules are public: every player may read them
