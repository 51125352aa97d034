"""Read-only views: the table as anyone sees it, and everything one seat may know."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, overload

from interpreter.engine.actions import Action
from interpreter.engine.tiles import Tile
from interpreter.rulefile.ruleset import Ruleset


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
    shared_train_name: str | None = None  # what the rules call the shared train (words only)
    endwise: Tile | None = None  # a double laid in line like any other tile (layout.spinners: first_double_optional)
    closed: int | None = None  # the end arm of the lead its leader closed (start.lead_names_end)


@dataclass(frozen=True)
class TrickView:
    """What every seat sees of a hand of a trick game."""

    dealer: int
    starter: int  # who bid first (led first without an auction)
    bids: tuple[tuple[int, int | None], ...]  # (seat, bid value), None for a pass, in order
    bidder: int | None  # who won the auction (None: no auction, or it is not over)
    bid: int | None  # the winning bid's value
    bid_name: str | None  # as a player says it: "30", "2 marks"
    make: int | None  # what the bidder's side must take
    declaration: int | str | None  # trumps: a suit's pip, "doubles", "none"; None: not declared yet
    trick: tuple[tuple[int, Tile], ...]  # the trick on the table: (seat, tile), led first
    led_suit: int | None  # the suit led (max_pip + 1: trumps)
    last_trick: tuple[tuple[int, Tile], ...]  # the trick taken last
    last_winner: int | None  # the seat that took it
    tricks_won: tuple[int, ...]  # per side, this hand
    points_won: tuple[int, ...]  # per side, this hand: tricks and count
    played: tuple[tuple[Tile, ...], ...]  # per seat, the tiles it has played this hand
    voids: tuple[tuple[int, ...], ...]  # per seat, the suits it has shown it does not hold
    contract: str | None = None  # a special contract declared in place of plain trumps
    sitting_out: int | None = None  # the seat that sits this hand out (the contract's partner_out)
    doubles_place: str | None = None  # the doubles' place the contract's declarer announced (doubles: declared)
    must_declare: str | None = None  # the contract the bidder must declare, having bid out of the ladder by it
    bid_suit: int | None = None  # the suit the standing bid names, trumps once it wins (bidding.names_suit)
    phase: str = ""  # "bidding", "declaring", "calling", "discarding", "passing" or "playing"
    phase_kind: str = ""  # the kind of that phase (rulefile/phase_kinds.py): two phases may share a name
    kitty: int = 0  # the kitty's tiles, taken by the auction's winner (0: no kitty this hand)
    to_discard: int = 0  # tiles the kitty's taker has still to lay face down
    discards: tuple[Tile, ...] = ()  # what the observing seat itself discarded (only the taker's view)
    picked: tuple[Tile, ...] = ()  # the tiles the observing seat picked so far for its play (its own view only)
    stock: int = 0  # tiles left in the stock (stock section), the turned-up tile included while it is there
    turn_up: Tile | None = None  # the tile turned up for trumps (stock.turn_up)
    turn_up_holder: int | None = None  # the seat that drew the turned-up tile and still holds it
    turn_up_taken: bool = False  # the dealer took the turned-up tile into his hand (stock.take_turn_up)
    turned_down: bool = False  # everyone passed the turned-up suit (bidding.bids: turn_up): it is not trumps
    closed_by: int | None = None  # the seat that closed the stock
    # When the stock was closed: (tricks, points), each per side; () while it is open.
    at_close: tuple[()] | tuple[tuple[int, ...], tuple[int, ...]] = ()
    calls: tuple[tuple[int, str], ...] = ()  # (seat, "keep"/"drop"/"exchange") before the first lead
    dropped: tuple[int, ...] = ()  # the seats that dropped out of this hand
    suit_names: tuple[str, ...] = ()  # the suits' names when the set names them (led_suit: named)
    # Tricks of plays (tricks.combinations, tricks.face_down): the trick's plays in order, as
    # (seat, its tiles when face up, how many it laid face down); `trick` lists the face-up tiles.
    plays: tuple[tuple[int, tuple[Tile, ...], int], ...] = ()
    captured: tuple[int, ...] = ()  # per side: tiles captured this hand
    # Passing before play (passing): tiles the current seat has still to give; what the observing
    # seat gave, and once the tiles have changed hands what it received (its own view only).
    to_give: int = 0
    passed: tuple[Tile, ...] = ()
    received: tuple[Tile, ...] = ()
    # The undealt tiles (deal.undealt: first_trick / last_trick, deal.undealt_face_up): how many
    # wait on the table for a trick's winner, and the tiles once every seat has seen them.
    widow_size: int = 0
    widow: tuple[Tile, ...] = ()
    # Declarations that score (declaration): per side the points declared this hand (counted in
    # points_won once they count), the seats that declared, per seat the tiles it showed and still
    # holds, and the shown tiles the seat about to lead must lead one of (empty: any).
    declared: tuple[int, ...] = ()
    declarers: tuple[int, ...] = ()
    shown: tuple[tuple[Tile, ...], ...] = ()
    lead_from: tuple[Tile, ...] = ()
    # Melds (melds): those shown this hand, in order, each (seat, its kind's name, its tiles, those
    # of the widow among them, its points); `shown` holds the tiles still in their holders' hands.
    melds: tuple[tuple[int, str, tuple[Tile, ...], tuple[Tile, ...], int], ...] = ()
    # The seat to play may not take this trick, the last, led with one tile: its tile goes face
    # down whatever it is (tricks.forfeit_last).
    forfeits: bool = False


@dataclass(frozen=True)
class CountingView:
    """What a seat sees of a counting hand (docs/format.md, "Counting games")."""

    dealer: int  # owns the crib; the seat after him lays first
    starter: int
    phase: str  # "crib", "counting" or "show"
    limit: int  # the running total no tile may pass
    total: int  # the running total now
    count: tuple[tuple[int, Tile], ...]  # (seat, tile) laid since the count last started, in order
    laid: tuple[tuple[Tile, ...], ...]  # per seat, the tiles it laid to the count this hand
    gone: tuple[int, ...]  # the seats that said go since the count last started
    crib_size: int  # tiles in the crib so far
    crib_counts: tuple[int, ...]  # per seat, the tiles it laid into the crib (the rest came from the stock)
    goes: tuple[tuple[int, int], ...]  # (seat, total) of every go this hand: no tile it held then fitted
    turn_up: Tile | None  # the tile turned up for every show (None: not yet)
    to_crib: int = 0  # tiles the seat to act has still to lay into the crib
    crib: tuple[Tile, ...] = ()  # the observing seat's own crib tiles (its own view only)


@dataclass(frozen=True)
class TableauView:
    """What the lone player of a patience by totals sees (the tableau family)."""

    columns: tuple[tuple[Tile | None, ...], ...]  # each column top first, its free tile last; None: face down
    spares: tuple[Tile, ...]  # the spares not yet used
    stock: int  # tiles left face down in the stock
    removed: tuple[Tile, ...]  # the tiles taken off, in order
    size: int  # tiles a removal takes
    total: int  # what their pips make
    outcome: str | None = None  # once the round is over: "cleared" (every tile removed) or "stuck"


@dataclass(frozen=True)
class PartitionView:
    """What every seat sees of a hand of a partition game (the observing seat's own split aside)."""

    banker: int
    groups: tuple[str, ...]  # the groups' names, in the file's order
    sizes: tuple[int, ...]  # their sizes
    compared: tuple[bool, ...]  # whether each is compared at the showdown
    done: tuple[bool, ...]  # per seat: it has split its hand (face down)
    stuck: tuple[bool, ...]  # per seat: it was announced stuck (no legal split)
    own: tuple[tuple[Tile, ...], ...] = ()  # the observing seat's own split once made
    # The last showdown (the hand before, or this one once over), public: per seat its groups
    # (() if it was stuck), per seat per group the ranking entry's name and value, per seat its points.
    shown: tuple[tuple[tuple[Tile, ...], ...], ...] = ()
    shown_hands: tuple[tuple[Tile, ...], ...] = ()  # per seat the hand it showed
    ranks: tuple[tuple[tuple[str, int | None], ...], ...] = ()  # None: an entry with no value (a named pair)
    settled: tuple[int, ...] = ()
    shown_banker: int | None = None  # the banker of that showdown
    used: tuple[Tile, ...] = ()  # the tiles this shuffle's earlier hands dealt (all shown): not in this hand


class History(Sequence[dict[str, Any]]):
    """The public log as it stood when an observation was taken: a read-only view of the first
    records of the match's public log, which only grows. Taking it costs nothing per record, so an
    observation (one a decision, for the players that observe) does not grow with the match."""

    __slots__ = ("_log", "_n")

    def __init__(self, log: list[dict[str, Any]], n: int) -> None:
        self._log = log
        self._n = n

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[dict[str, Any], ...]: ...
    def __getitem__(self, i: int | slice) -> dict[str, Any] | tuple[dict[str, Any], ...]:
        if isinstance(i, slice):
            start, stop, step = i.indices(self._n)
            return tuple(self._log[start:stop]) if step == 1 else tuple(self._log[k] for k in range(start, stop, step))
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("history index out of range")
        return self._log[i]

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return islice(self._log, self._n)

    def __reversed__(self) -> Iterator[dict[str, Any]]:
        return (self._log[k] for k in range(self._n - 1, -1, -1))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History | tuple | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # its records are dicts

    def __repr__(self) -> str:
        return f"History({list(self)!r})"


@dataclass(frozen=True)
class DrawDiscardView:
    """A draw-and-discard hand as every seat sees it (rulefile/draw_discard_rules.py)."""

    discards: tuple[tuple[int, Tile], ...]  # the face-up discards, (who discarded it, tile), the last one last
    dead: tuple[Tile, ...]  # discards turned down (untaken: dead): out of play this hand
    shown: tuple[tuple[tuple[str, tuple[Tile, ...]], ...], ...]  # per seat, its groups laid face up (kind, tiles)
    known: tuple[tuple[Tile, ...], ...]  # per seat, the tiles it took from the discards and still holds
    stock: int  # tiles left to draw
    reshuffled: tuple[Tile, ...]  # the tiles the stock was last refilled with (all had been face up)
    step: str  # the player to act's step: "start" (take or draw), "meld", "discard" or "draw"
    owed: Tile | None  # a tile taken to a group (take: last_to_group), still to be shown in one
    turns: int  # turns played this hand
    turn_limit: int  # the turns a hand lasts at most (draw_discard.turn_limit)
    starter: int  # who started the hand
    took: bool  # the player to act began his turn with a take (then_draw: he draws after his discard)
    drew: bool  # the player to act has drawn this turn


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
    history: History  # the public event log: no hidden hands, no drawn tiles
    rules: Ruleset  # the rules are public: every player may read them
    tricks: TrickView | None = None  # a trick game's hand as everyone sees it (None in a layout game)
    counting: CountingView | None = None  # a counting game's hand as this seat sees it
    tableau: TableauView | None = None  # a patience's tableau as its player sees it (None in the other families)
    draw_discard: DrawDiscardView | None = None  # a draw-and-discard hand as everyone sees it (None elsewhere)
    partition: PartitionView | None = None  # a partition game's hand as everyone sees it, and the own split
    # scoring.tracks: per track name, its value per side (empty without tracks); and the seats out
    # of the match (match.eliminate_when), in the order they went out.
    tracks: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    eliminated: tuple[int, ...] = ()
