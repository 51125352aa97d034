"""The layout family's table: the state a match's phases share, and what they do to it alike.

The deal (dealing.py), the play (play.py) and the round's scoring (rounds.py) each take the
table as an argument (engine/phases.py). It holds the tiles where they are — the hands as
bitmasks, the boneyard as a list with a read position, the dead tiles, the layout and its open
doubles — whose turn it is and how the round opens, the source of the deals, what the round's
scoring leaves for the next deal, and the match's scores and log (the very lists the match
keeps). What a turn is in the middle of (passes in a row, a tile just drawn, a turn of several
tiles) is the play phase's own state.

Everything is flat and small so that `copy` is cheap: a search copies a table per sample.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from interpreter.engine import events as ev
from interpreter.engine import pool, stakes
from interpreter.engine.actions import PLAY
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.layout.arms import Arm, Demand, LaidLayout
from interpreter.engine.layout.dealing import Previous
from interpreter.engine.layout.tables import Fits, LayoutTables
from interpreter.rulefile.ruleset import AfterStockLead, DemandStarts, DoubleAtEnd, Ruleset, SpinnerCount, Spinners


class LayoutTable:
    """A layout match's shared state. Set up empty; the deal phase deals each round onto it."""

    # Fixed for the match.
    t: LayoutTables
    rules: Ruleset
    n: int
    sides: int
    seat_side: list[int]
    deals: tuple[ScriptedDeal, ...]
    # The match's scores and event log: the lists `Match` keeps (`LayoutMatch` hands a copy its own).
    scores: list[int]
    events: list[ev.Record]
    winners: tuple[int, ...] | None  # set once a phase ends the match
    # The source of the deals. A copy shares its original's generator until either of them deals
    # (`generator` makes a copy then), since a search's copies mostly never deal.
    rng: random.Random | None
    rng_shared: bool
    reseed_with: int  # what `generator` seeds a new generator with when `rng` is None
    # The round: its number, the tiles where they are, the layout, whose turn, how it opens.
    round: int
    hands: list[int]  # per seat, a bitmask of tile ids
    # Per seat, its blind row's tile ids, the right end (turned up next) last (deal.hands: blind_row;
    # else empty lists). A tile turned up and not yet laid is in its hand, not in its row.
    rows: list[list[int]]
    boneyard: list[int]  # draw order; `next_draw` is the next tile's position
    next_draw: int
    dead: list[int]
    layout: LaidLayout
    demands: list[Demand]  # the open doubles, oldest first
    fits: Fits  # the matching table for the doubles on the layout
    starter: int
    current: int
    lead: int | None  # the tile the round must open with, if a start criterion requires one
    needs_lead: bool  # nothing is laid yet: the current seat leads
    lead_choice: bool  # the winning side's starter may hand the lead to its partner
    last_fit: int  # the open ends the last tile laid could have gone on (when the rules read it)
    # What the last round's scoring left: for the next deal's start criteria, and to show it.
    previous: Previous | None
    pool: int  # staked and not yet taken (match.pool, engine/pool.py)
    finished: tuple[LaidLayout, list[Demand]] | None
    claimed = 0  # deals thrown in by a player's claim so far (deal.redeal_claim): each takes the next scripted deal
    # The seats out of the match (match.eliminate_when), in the order they went out; `next_of[seat]`
    # is the seat after `seat` in the order of play among those still in, and `seated` their count.
    # Tuples replaced, never changed, so a copy shares them.
    eliminated: tuple[int, ...] = ()
    next_of: tuple[int, ...]
    seated: int
    # scoring.tracks: per track, its value per side (tuples, replaced at each round end).
    tracks: tuple[tuple[int, ...], ...]

    def __init__(
        self,
        t: LayoutTables,
        sides: int,
        seat_side: list[int],
        scores: list[int],
        events: list[ev.Record],
        seed: int,
        deals: tuple[ScriptedDeal, ...],
    ) -> None:
        self.t = t
        self.rules = t.ruleset
        self.n = t.players
        self.sides = sides
        self.seat_side = seat_side
        self.deals = deals
        self.scores = scores
        self.events = events
        self.winners = None
        self.rng = random.Random(seed)
        self.rng_shared = False
        self.reseed_with = 0
        self.round = 0
        self.hands = [0] * self.n
        self.kept = [0] * self.n  # per seat, the tiles laid face down (draw.when_unable: discard)
        self.rows = [[] for _ in range(self.n)]
        self.boneyard = []
        self.next_draw = 0
        self.dead = []
        self.layout = LaidLayout(self.n)
        self.demands = []
        self.fits = t.fits(0)
        self.starter = self.current = 0
        self.lead = None
        self.needs_lead = self.lead_choice = False
        self.last_fit = 0
        self.previous = None
        self.pool = 0
        self.finished = None
        self.seat_out((), t.step)
        self.tracks = tuple((0,) * sides for _ in self.rules.tracks)
        # A dict of its own, not one sharing its keys with the class's (Python 3.11's split dict):
        # `copy` copies the dict, and a copy of a split dict stays split, which 3.11 cannot read
        # or write an attribute of without a generic lookup. The same for the match and its play
        # phase: ISMCTS on draw lost a fifth of its speed to it (copies are what a search plays).
        self.__dict__ = dict(self.__dict__)

    def copy(self, scores: list[int], events: list[ev.Record]) -> LayoutTable:
        """An independent copy keeping `scores` and logging to `events` (the copy's match's lists)."""
        new = object.__new__(LayoutTable)
        new.__dict__ = self.__dict__.copy()  # combined (see __init__): a copy is one block copy
        new.scores = scores
        new.events = events
        new.hands = self.hands.copy()
        new.kept = self.kept.copy()
        if self.t.blind:
            new.rows = [row.copy() for row in self.rows]
        new.layout = self.layout.copy()
        new.demands = [d.copy() for d in self.demands]
        if self.rng is not None:
            self.rng_shared = new.rng_shared = True
        return new

    # --- the deals' random stream ----------------------------------------------------------------

    def generator(self) -> random.Random:
        """The table's own random generator, made its own on first use after a copy or a reseed."""
        if self.rng is None:
            self.rng = random.Random(self.reseed_with)
        elif self.rng_shared:
            own = random.Random(0)  # cheaper to seed than from the system; setstate replaces it
            own.setstate(self.rng.getstate())
            self.rng, self.rng_shared = own, False
        return self.rng

    def reseed(self, seed: int) -> None:
        """A new random stream for the deals from now on (created when first used)."""
        self.rng, self.rng_shared, self.reseed_with = None, False, seed

    def seat_out(self, eliminated: tuple[int, ...], step: int) -> None:
        """The seats `eliminated` are out of the match: the turn order and the count of seats in
        leave them out from now on."""
        self.eliminated = eliminated
        n = self.n
        seated = [seat for seat in range(n) if seat not in eliminated]
        self.seated = len(seated)
        after = []
        for seat in range(n):
            nxt = (seat + step) % n
            while nxt in eliminated and nxt != seat:
                nxt = (nxt + step) % n
            after.append(nxt)
        self.next_of = tuple(after)

    # --- the tiles and the layout ------------------------------------------------------------

    def drawable(self) -> int:
        return max(0, len(self.boneyard) - self.t.reserve - self.next_draw)

    def binding(self) -> Demand | None:
        """The open double that restricts play now: the oldest one that binds."""
        for demand in self.demands:
            if demand.active:
                return demand
        return None

    def open_arms(self, seat: int) -> list[Arm]:
        """The arms `seat` may play on now: the binding open double's arms if there is one."""
        lay = self.layout
        arms = lay.arms
        demand = self.binding() if self.demands else None
        if demand is not None:
            candidates = [arms[i] for i in demand.arms]
        elif self.t.line:
            closed = lay.closed
            candidates = arms if closed is None else [a for a in arms if a.id != closed]
        else:
            markers = lay.markers
            if self.rules.layout.open_trains:  # every train is open, marker or none
                candidates = arms
            else:
                candidates = [a for a in arms if a.owner is None or a.owner == seat or markers[a.owner]]
        if self.t.gated:
            return [a for a in candidates if a.spinner is None or lay.ends_covered(a.spinner)]
        return candidates

    def fitting(self, seat: int) -> int:
        """The tiles that fit an arm open to `seat` now (a mask); 0 while the round waits for its lead."""
        if self.needs_lead:
            return 0
        masks = self.fits.masks
        out = 0
        for arm in self.open_arms(seat):
            out |= masks[arm.value]
        return out

    def hidden_besides(self, hand: int) -> int:
        """The tiles of the set neither on the layout nor in `hand` (masks)."""
        return (1 << len(self.t.tiles)) - 1 & ~hand & ~self.laid_mask()

    def laid_mask(self) -> int:
        """The tiles on the layout (a mask)."""
        out = 0
        for tile in self.layout.tile_ids():
            out |= 1 << tile
        return out

    def redeal(
        self, hands: Mapping[int, int], boneyard: list[int], dead: list[int], seed: int, kept: Mapping[int, int],
        rows: Mapping[int, list[int]] | None = None,
    ) -> None:  # fmt: skip
        """Deal the hidden tiles again as given (a resampled round): the `hands` of some seats (and
        the tiles they laid face down, `kept`, and their blind `rows`), the tiles still to draw, the
        dead ones; the next deals come from `seed`, not the real stream."""
        for seat, hand in hands.items():
            self.hands[seat] = hand
        for seat, pile in kept.items():
            self.kept[seat] = pile
        for seat, row in (rows or {}).items():
            self.rows[seat] = row
        self.boneyard = boneyard
        self.next_draw = 0
        self.dead = dead
        self.reseed(seed)

    def open_hub(self, engine: int, pip: int | None = None) -> None:
        """Put the engine at the hub, with its trains (and its demand, if it makes one); `pip`, the
        number its trains start with, differs from its own only for a stand-in (layout.stand_in)."""
        layout = self.rules.layout
        # Trains from the players' own doubles start as those are laid (turns.py), not at the hub.
        personal = layout.personal_trains and not layout.own_double_trains
        owners: list[int | None] = list(range(self.n)) if personal else []
        owners += [None] * layout.shared_trains
        self.layout.start_hub(engine, self.t.low[engine] if pip is None else pip, owners)
        self.fits = self.t.fits(self.layout.doubles)
        if layout.lead_demand:
            self.demand_on_lead(engine)

    def start_line(self, tile: int, open_end: int | None = None, endwise: bool = False) -> None:
        """Lay `tile` as the line's lead (a spinner if the rules make a lead double one, unless its
        player lays it `endwise`: layout.spinners: first_double_optional). Where the line grows
        from one end of its lead (start.lead_names_end), the end showing `open_end` stays open (a
        double's first end) and the other is closed."""
        t = self.t
        layout = self.rules.layout
        spinner = t.is_double[tile] and layout.spinners is not Spinners.NONE and not endwise
        if endwise:
            self.layout.endwise = tile
        self.layout.start_line(tile, t.low[tile], t.high[tile], layout.spinner_arms if spinner else 0)
        if t.names_end:
            self.layout.closed = 0 if open_end == t.high[tile] and not t.is_double[tile] else 1
        if t.is_double[tile] and layout.lead_demand:
            self.demand_on_lead(tile)

    def turn_up(self, tile: int) -> None:
        """Lay `tile`, turned up from the stock, as the lead: nobody's play, so nobody scores for it;
        the starter, or the seat after (`start.after_stock_lead`), plays first onto it."""
        t = self.t
        self.start_line(tile)
        if t.is_double[tile]:
            self.note_double(tile)
        self.needs_lead = self.lead_choice = False
        self.lead = None
        if self.rules.start.after_stock_lead is AfterStockLead.NEXT_SEAT:
            self.current = self.next_of[self.starter]
        self.events.append({"type": "lead_turned_up", "tile": [t.low[tile], t.high[tile]]})

    def demand_on_lead(self, tile: int) -> None:
        """The lead double or the engine demands `layout.lead_demand` tiles, one on each of that
        many of its arms, before play goes anywhere else (an empty arm is what it demands)."""
        arms = [arm.id for arm in self.layout.arms]
        self.demands.append(Demand(tile, arms, min(self.rules.layout.lead_demand, len(arms)), True))

    def note_double(self, tile: int) -> None:
        """A double is on the table: the matching table changes if the match condition reads `doubles`."""
        lay = self.layout
        pip = self.t.low[tile]
        if not lay.doubles >> pip & 1:
            lay.doubles |= 1 << pip
            if self.t.match_reads_doubles:
                self.fits = self.t.fits(lay.doubles)

    def laid_double(self, arm: Arm, tile: int, pip: int, demands: bool = True, endwise: bool = False) -> None:
        """A double laid on `arm` may open spinner sides, and may demand tiles on its arms (unless
        `demands` is false: layout.demand_when does not hold). One its player lays `endwise` (in
        line, layout.spinners: first_double_optional) opens none."""
        lay = self.layout
        layout = self.rules.layout
        spinners = layout.spinners
        if endwise:
            lay.endwise = tile
        spinner = spinners is Spinners.EVERY_DOUBLE or (spinners is Spinners.FIRST_DOUBLE and not lay.spinners)
        if spinners is Spinners.FIRST_DOUBLE_OPTIONAL:  # the first double laid, unless laid endwise
            spinner = not (lay.doubles or endwise)
        sides = lay.open_sides(arm, tile, pip, layout.spinner_arms - 2) if spinner else ()
        if layout.double_demand and demands:
            arms = [arm.id, *sides]
            active = layout.demand_starts is DemandStarts.IMMEDIATELY
            self.demands.append(Demand(tile, arms, min(layout.double_demand, len(arms)), active))

    def cover(self, arm_id: int) -> None:
        """A tile on an open double's uncovered arm answers one of the tiles it demands."""
        for demand in self.demands:
            if arm_id in demand.arms:
                demand.arms.remove(arm_id)
                demand.remaining -= 1
                if not demand.remaining:
                    self.demands.remove(demand)
                return

    def counted_ends(self, layout: LaidLayout | None = None) -> list[int]:
        """The open ends as they count (of `layout`, the current one when not given)."""
        scoring = self.rules.in_play
        factor = 1 if scoring is not None and scoring.double_at_end is DoubleAtEnd.ONE_HALF else 2
        lay = layout or self.layout
        if scoring is not None and scoring.spinner_count is SpinnerCount.UNCOVERED:
            return lay.uncovered_ends(self.crosswise(lay), self.t.low, factor)
        return lay.counted_ends(self.crosswise(lay), factor)

    def crosswise(self, layout: LaidLayout | None = None) -> tuple[bool, ...]:
        """Per tile, whether it lies crosswise as a double does: every double, but one laid endwise
        (layout.spinners: first_double_optional), which counts and shows as any other tile."""
        endwise = (layout or self.layout).endwise
        if endwise < 0:
            return self.t.is_double
        return tuple(double and tile != endwise for tile, double in enumerate(self.t.is_double))

    # --- the log, read back --------------------------------------------------------------------

    def last_player(self) -> int | None:
        """The seat that laid the round's last tile (read back from the log: rare, so not tracked)."""
        for record in reversed(self.events):
            if type(record) is tuple:
                if record[0] == ev.PLAYED:
                    return record[1]
                if record[0] == ev.ACTION and record[2].kind == PLAY:
                    return record[1]
                if record[0] == ev.DEAL:
                    return None
        return None

    def last_tile(self) -> tuple[int, int, bool, int]:
        """The round's last tile laid (read back from the log, as `last_player`): its halves, high
        first, whether a double, and the open ends it could have gone on; all 0 when none was laid."""
        for record in reversed(self.events):
            if type(record) is tuple:
                tile = None
                if record[0] == ev.PLAYED:
                    tile = record[2]
                elif record[0] == ev.ACTION and record[2].kind == PLAY:
                    tile = record[2].tile
                elif record[0] == ev.DEAL:
                    break
                if tile is not None:
                    low, high = sorted(tile)
                    return high, low, low == high, self.last_fit
        return 0, 0, False, 0

    def finish(self, won: tuple[int, ...]) -> None:
        """The match is over: `won` are its winning sides."""
        self.winners = won
        stake = self.rules.match.stake
        if stake is not None:  # what the sides settle as the match ends (engine/stakes.py)
            counts = pool.count_env(self.rules, self.n)
            tracks = {track.name: values for track, values in zip(self.rules.tracks, self.tracks, strict=True)}
            stakes.settle(stake, won, self.scores, tracks, counts, self.events)
        self.events.append(ev.match_end(won, self.scores))
