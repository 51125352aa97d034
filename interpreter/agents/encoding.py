"""One seat's view as a fixed-size array, and every action as an index of a fixed action space.

The sizes depend only on the ruleset a match plays (`Match.ruleset`), its player count and its
sides: the set's distinct tiles, the pips, the seats, and for a layout game a bound on the arms
the rules can ever open (`arms_bound`). Everything is read from an `Observation`, the engine's
own view of what one seat may know, so the array holds nothing that seat may not see; seats and
sides are counted from the observer (relative seat 0 is the observer itself, relative side 0 its
side), so one policy can play any seat. docs/agents.md lists the sections.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from interpreter.agents import counting_encoding, draw_discard_encoding, partition_encoding
from interpreter.agents.tableau_encoding import tableau_actions, tableau_into, tableau_sections
from interpreter.engine import Action, Observation
from interpreter.engine.actions import (
    ACCEPT,
    CLOSE,
    DECLARE,
    DISCARD,
    DOUBLES,
    DRAW,
    DROP,
    ENDWISE,
    EXCHANGE,
    GIVE,
    KEEP,
    MARKER,
    NO_TRUMPS,
    PASS,
    PICK,
    PLACE,
    PLACES,
    PLAY,
    REDEAL,
    SIDEWISE,
    TAP,
    TRUMPS,
    TURN,
)
from interpreter.engine.observation import LayoutView, TrickView
from interpreter.engine.tiles import Tile
from interpreter.engine.tricks import melds
from interpreter.engine.tricks.tables import trick_tables_for
from interpreter.rulefile.phase_kinds import (
    COUNTING,
    DRAW_DISCARD,
    LAYOUT,
    PARTITION,
    TABLEAU,
    TRICKS,
    PhaseParts,
    play_kind,
)
from interpreter.rulefile.ruleset import Hands, Ruleset, Spinners, Topology, WhenUnable
from interpreter.rulefile.trick_rules import LedSuit

BARE = (DRAW, PASS, MARKER, CLOSE, KEEP, DROP, EXCHANGE)  # the actions that carry nothing
ARM_KINDS = ("end", "side", "train")
PHASES = ("bidding", "declaring", "calling", "discarding", "playing")
CALLS = (KEEP, DROP, EXCHANGE)
# The encoding's part per board (the play kind of the ruleset's sequence): a layout's moves carry
# the arm they go on, a trick table's the suits, bids and calls of its phases.
# A patience's moves carry the tiles removed together, or the column a tile moves to; a counting
# game's board is the running total and the tiles laid to it; a draw and discard game's, the discards;
# a partition game's, the splits.
ENCODED_BOARDS: PhaseParts[str] = PhaseParts(
    "the agents' encoding",
    {
        LAYOUT: "arms", TRICKS: "suits", COUNTING: "count", TABLEAU: "columns", DRAW_DISCARD: "discards",
        PARTITION: "splits",
    },
)


def arms_bound(ruleset: Ruleset, players: int) -> int:
    """The most arms a round of `ruleset` (as a match of `players` plays it) can open.

    A line starts with two end arms; a hub with a train per seat (two per seat where personal
    trains start from their owners' own doubles) and the shared trains. Every spinner adds its
    `spinner_arms - 2` side arms (a lead spinner: the same count beside its two ends), and there
    is at most one spinner (first or lead double) or one per double of the set (every double)."""
    layout = ruleset.layout
    doubles = sum(1 for low, high in set(ruleset.set_tiles()) if low == high)
    sides = max(layout.spinner_arms - 2, 0)
    spinners = {Spinners.NONE: 0, Spinners.EVERY_DOUBLE: doubles}.get(layout.spinners, 1)
    if layout.topology is Topology.LINE:
        return 2 + sides * spinners
    trains = (2 * players if layout.own_double_trains else players) if layout.personal_trains else 0
    return trains + layout.shared_trains + sides * spinners


class Encoding:
    """The observation array and the action space of one ruleset at one player count.

    `ruleset` is the ruleset the match plays (`Match.ruleset`: per-count numbers resolved);
    `score_scale` divides the scores (and trick points) so that they stay near 1."""

    def __init__(self, ruleset: Ruleset, players: int, sides: int, score_scale: float) -> None:
        self.ruleset = ruleset
        self.players = players
        self.sides = sides
        self.score_scale = float(score_scale)
        self.tiles: tuple[Tile, ...] = tuple(dict.fromkeys(ruleset.set_tiles()))  # twins: one entry
        self._tile = {tile: i for i, tile in enumerate(self.tiles)}
        self.pips = ruleset.max_pip + 1
        self.board = ENCODED_BOARDS.part(play_kind(ruleset.phase_kinds))
        self.layout_game = self.board == "arms"
        self.counting_game = self.board == "count"
        self.discard_game = self.board == "discards"  # agents/draw_discard_encoding.py
        self.split_game = self.board == "splits"  # a partition table: partition_encoding.py
        self.arms = arms_bound(ruleset, players) if self.layout_game else 0
        self.actions: tuple[Action, ...] = tuple(
            partition_encoding.split_actions(ruleset) if self.split_game else self._all_actions()
        )
        self._index = {action: i for i, action in enumerate(self.actions)}
        if self.board == "suits":
            rules = ruleset.tricks
            self._suits = self._suit_count()
            self._decls = self._declarations()
            self._contracts = [c.name for c in rules.contracts] if rules is not None else []
            bids = trick_tables_for(ruleset, players).bids
            self._top_bid = float(max((b.value for b in bids), default=1) or 1)
        self._arm_width = 11 + players + self.pips  # see _layout_into
        self.sections: dict[str, slice] = {}  # each part of the array by name
        self.size = 0  # the array's length
        for name, size in self._section_sizes():
            self.sections[name] = slice(self.size, self.size + size)
            self.size += size

    # ---- the action space -------------------------------------------------------------------

    def _all_actions(self) -> Iterable[Action]:
        """Every action a match of these rules may offer, in index order: a layout game's plays
        (tile, arm, touching half), its leads, discards and leads naming their open end; a trick
        game's plays (a tile, a tile leading a named suit, the combinations that may be led, the
        picks that build a play of several tiles to follow: never every group of tiles), discards,
        bids and declarations; then the bare kinds."""
        tiles = self.tiles
        if self.board == "columns":  # a patience: its removals and moves (tableau_encoding.py)
            yield from tableau_actions(self.ruleset, tiles)
        elif self.discard_game:
            yield from draw_discard_encoding.actions(self.ruleset, self.players, tiles)
        elif self.layout_game:
            for tile in tiles:
                for arm in range(self.arms):
                    for half in dict.fromkeys(tile):
                        yield Action(PLAY, tile, arm, half)
            yield from (Action(PLAY, tile) for tile in tiles)
            if self.ruleset.draw.when_unable is WhenUnable.DISCARD:  # only there: every other space stays
                yield from (Action(DISCARD, tile) for tile in tiles)
            if self.ruleset.start.lead_names_end:  # the leads naming their open end: only there
                yield from (Action(PLAY, tile, None, half) for tile in tiles if tile[0] != tile[1] for half in tile)
        elif self.counting_game:
            yield from counting_encoding.actions(tiles)
        else:
            tables = trick_tables_for(self.ruleset, self.players)
            rules = tables.rules
            yield from (Action(PLAY, tile) for tile in tiles)
            if rules.led_suit is LedSuit.LEADER_NAMES:
                yield from (Action(PLAY, tile, value=pip) for tile in tiles for pip in dict.fromkeys(tile))
            if rules.doubles_callable:  # only where the doubles may be called: every other game's space stays
                yield from (Action(PLAY, tile, value=DOUBLES) for tile in tiles if tile[0] == tile[1])
            if tables.grouped:  # the groups a hand may lead (bounded by the loader), and the picks
                yield from (Action.group(group) for group in tables.groups.of)  # that build a play to follow
                yield from (Action(PICK, tile) for tile in tiles)
            yield from (Action(DISCARD, tile) for tile in tiles)
            if rules.passing is not None:  # only where tiles are passed: every other game's space stays as it was
                yield from (Action(GIVE, tile) for tile in tiles)
            if rules.melds is not None:  # only where melds are shown: every run of the set (bounded by the loader)
                yield from dict.fromkeys(Action.meld(run.tiles) for run in melds.runs(tables))
            yield from tables.bid_actions.values()
            yield from tables.suit_bid_actions.values()  # bids that name their suit (bidding.names_suit)
            yield from (Action(TRUMPS, value=d) for d in self._declarations())
            if self._places_doubles:  # only where a declarer announces them: every other game's space stays
                yield from (Action(PLACE, value=place) for place in PLACES)
        yield from (Action(kind) for kind in BARE)
        if self.ruleset.deal.redeal_claim is not None:  # only where a hand may claim one: other spaces stay
            yield Action(REDEAL)
        if self.ruleset.tricks is not None and self.ruleset.tricks.declaration is not None:
            yield Action(DECLARE)  # only where the rules declare: every other game's space stays as it was
        if self._over_turn_up():
            yield Action(ACCEPT)  # only in an auction over the turned-up suit: other spaces stay as they were
        if self.layout_game and self.ruleset.deal.hands is Hands.BLIND_ROW:
            yield Action(TURN)  # only where the rows are blind: other spaces stay
        if self.layout_game and self.ruleset.layout.spinners is Spinners.FIRST_DOUBLE_OPTIONAL:
            yield from self._either_way(tiles)  # only where a double goes either way: other spaces stay
        if self.layout_game and self.ruleset.play.announce_draw:
            yield from self._tapped(tiles)  # only where a last tile is announced: other spaces stay

    def _over_turn_up(self) -> bool:
        """Whether the auction is over the turned-up suit (bidding.bids: turn_up)."""
        rules = self.ruleset.tricks
        return rules is not None and rules.bidding is not None and rules.bidding.over_turn_up

    def _either_way(self, tiles: Sequence[Tile]) -> Iterable[Action]:
        """The first double's plays sidewise and endwise (layout.spinners: first_double_optional)."""
        for tile in tiles:
            if tile[0] == tile[1]:
                for way in (SIDEWISE, ENDWISE):
                    yield from (Action(PLAY, tile, arm, tile[0], way) for arm in range(self.arms))
                    yield Action(PLAY, tile, value=way)

    def _tapped(self, tiles: Sequence[Tile]) -> Iterable[Action]:
        """Every layout play and lead made announcing the tile it leaves (play.announce_last)."""
        for tile in tiles:
            for arm in range(self.arms):
                yield from (Action(PLAY, tile, arm, half, TAP) for half in dict.fromkeys(tile))
            yield Action(PLAY, tile, value=TAP)

    def _declarations(self) -> list[int | str]:
        """What a hand's trumps may be: a pip, the doubles, none; then the special contracts."""
        rules = self.ruleset.tricks
        contracts = [c.name for c in rules.contracts] if rules is not None else []
        return [*range(self.pips), DOUBLES, NO_TRUMPS, *contracts]

    def index(self, action: Action) -> int:
        """The action's index in the action space."""
        found = self._index.get(partition_encoding.prefix_of(action) if self.split_game else action)
        if found is None:
            raise ValueError(f"'{action}' has no index in this ruleset's action space (domino docs agents)")
        return found

    def mask(self, legal: Sequence[Action]) -> np.ndarray:
        """1 at the index of each legal action (one index per distinct action), else 0."""
        out = np.zeros(len(self.actions), dtype=np.int8)
        for action in legal:
            out[self.index(action)] = 1
        return out

    # ---- the observation ----------------------------------------------------------------------

    def _section_sizes(self) -> list[tuple[str, int]]:
        t, n, sides = len(self.tiles), self.players, self.sides
        out = [("hand", t), ("hand_counts", n), ("boneyard", 1), ("current", n), ("round", 1), ("scores", sides)]
        # Only where the rules keep them, so that every other game's shape stays: the score tracks
        # (scoring.tracks), each side's per track, and the seats out of the match (match.eliminate_when).
        if self.ruleset.tracks:
            out.append(("tracks", len(self.ruleset.tracks) * sides))
        if self.ruleset.match.eliminate_when is not None:
            out.append(("eliminated", n))
        if self.layout_game:
            return [*out, ("table", t), ("root", t), ("end_sum", 1), ("arms", self.arms * self._arm_width)]
        if self.counting_game:
            return [*out, *counting_encoding.sections(t, n)]
        if self.board == "columns":
            return out + tableau_sections(self.ruleset, t)
        if self.discard_game:
            return [*out, *draw_discard_encoding.sections(n, t)]
        if self.split_game:
            return [*out, *partition_encoding.section_sizes(self)]
        out += [
            ("phase", len(PHASES)), ("dealer", n), ("starter", n), ("bids", 3 * n), ("bidder", n + 1),
            ("bid", 2), ("declaration", len(self._decls) + 1), ("contract", len(self._contracts) + 1),
            ("must_declare", len(self._contracts) + 1), ("trick", n * t), ("face_down", n),
            ("led_suit", self._suits + 1), ("last_trick", n * t), ("last_winner", n + 1),
            ("tricks_won", sides), ("points_won", sides), ("captured", sides), ("played", n * t),
            ("voids", n * self._suits), ("sitting_out", n + 1), ("kitty", 2), ("discards", t), ("picked", t),
            ("stock", 1), ("turn_up", t), ("turn_up_holder", n + 1), ("closed_by", n + 1),
            ("at_close", 2 * sides), ("calls", n * len(CALLS)), ("dropped", n),
        ]  # fmt: skip
        rules = self.ruleset.tricks
        if rules is not None and rules.passing is not None:  # only where tiles are passed: other shapes stay
            out += [("passing", 2), ("passed", t), ("received", t)]
        # The undealt tiles: only where a trick's winner takes them, or every seat sees them.
        if trick_tables_for(self.ruleset, n).widow_trick or (rules is not None and rules.undealt_face_up):
            out += [("widow_size", 1), ("widow", t)]
        if rules is not None and rules.declaration is not None:  # declarations: points, who, the tiles shown
            out += [("declared", sides), ("declarers", n), ("shown", n * t)]
        if rules is not None and rules.melds is not None:  # melds: the phase, and per seat the tiles it melded
            out += [("melding", 1), ("melded", n * t)]
        if self._places_doubles:  # the doubles' place a contract's declarer announced (contracts[].doubles: declared)
            out += [("doubles_place", len(PLACES))]
        if self._over_turn_up():  # the turned-up suit passed by all, and the suit made
            out += [("turned_down", 1), ("suit_made", self.pips + 1)]
        return out

    @property
    def _places_doubles(self) -> bool:
        """Whether a contract's declarer announces the doubles' place (contracts[].doubles: declared)."""
        rules = self.ruleset.tricks
        return rules is not None and any(c.doubles_declared for c in rules.contracts)

    def _suit_count(self) -> int:
        """Suits a led tile may call for: each pip and the trumps (max_pip + 1), or the set's named suits."""
        rules = self.ruleset.tricks
        named = {tile.suit for tile in rules.named if tile.suit} if rules is not None else set()
        return max(self.pips + 1, len(named))

    def encode(self, obs: Observation) -> np.ndarray:
        """The observation as a float32 array of `size`: only what `obs` holds, seats from the observer."""
        out = np.zeros(self.size, dtype=np.float32)
        sec = self.sections
        n, me, my_side = self.players, obs.seat, obs.side
        self._tiles_into(out, sec["hand"].start, obs.hand)
        for seat, count in enumerate(obs.hand_counts):
            out[sec["hand_counts"].start + (seat - me) % n] = count
        out[sec["boneyard"].start] = obs.boneyard_count
        if obs.current_player is not None:
            out[sec["current"].start + (obs.current_player - me) % n] = 1
        out[sec["round"].start] = obs.round
        for side, score in enumerate(obs.scores):
            out[sec["scores"].start + (side - my_side) % self.sides] = score / self.score_scale
        if "tracks" in sec:
            for i, values in enumerate(obs.tracks.values()):
                for side, value in enumerate(values):
                    out[sec["tracks"].start + i * self.sides + (side - my_side) % self.sides] = value
        if "eliminated" in sec:
            for seat in obs.eliminated:
                out[sec["eliminated"].start + (seat - me) % n] = 1
        if self.layout_game:
            self._layout_into(out, obs.layout, me)
        elif obs.counting is not None:
            counting_encoding.encode_into(out, sec, obs.counting, me, n, self._tiles_into)
        elif obs.draw_discard is not None:
            draw_discard_encoding.encode_into(out, sec, obs.draw_discard, me, n, len(self.tiles), self._tiles_into)
        elif obs.tricks is not None:
            self._tricks_into(out, obs.tricks, me, my_side)
        elif obs.tableau is not None:
            tableau_into(out, self.sections, self._tile, obs.tableau)
        elif obs.partition is not None:
            partition_encoding.encode_into(self, out, obs.partition, me)
        return out

    def _tile_at(self, tile: Sequence[int]) -> int:
        low, high = tile
        found = self._tile.get((low, high) if low <= high else (high, low))
        if found is None:
            raise ValueError(f"{low}-{high} is not a tile of this set")
        return found

    def _tiles_into(self, out: np.ndarray, start: int, tiles: Iterable[Sequence[int]]) -> None:
        """Each tile's count (a set holding a tile twice may show 2) at `start` + its index."""
        index = self._tile
        for tile in tiles:
            # Views give (low, high) tuples: the common case, one look-up (a list misses, then is read).
            found = index.get(tile)  # type: ignore[call-overload]
            out[start + (self._tile_at(tile) if found is None else found)] += 1

    def _one(self, out: np.ndarray, name: str, place: int | None) -> None:
        """One-hot in section `name`; None marks its last slot ("nobody", "not yet")."""
        part = self.sections[name]
        out[part.stop - 1 if place is None else part.start + place] = 1

    def _layout_into(self, out: np.ndarray, layout: LayoutView, me: int) -> None:
        sec, n, pips = self.sections, self.players, self.pips
        self._tiles_into(out, sec["table"].start, layout.tiles)
        root = layout.lead if layout.lead is not None else layout.hub
        if root is not None:
            out[sec["root"].start + self._tile_at(root)] = 1
        out[sec["end_sum"].start] = layout.end_sum
        demanded = {arm: double.active for double in layout.open_doubles for arm in double.arms}
        width = self._arm_width
        for arm in layout.arms:
            if arm.id >= self.arms:
                raise ValueError(f"arm {arm.id} is past the bound of {self.arms} arms (encoding.arms_bound)")
            at = sec["arms"].start + arm.id * width
            out[at] = 1
            out[at + 1 + ARM_KINDS.index(arm.kind)] = 1
            out[at + 4 + (n if arm.owner is None else (arm.owner - me) % n)] = 1
            at += 5 + n
            out[at + arm.value] = 1
            at += pips
            out[at] = len(arm.tiles)
            last = arm.tiles[-1] if arm.tiles else arm.root
            out[at + 1] = last[0] == last[1]
            out[at + 2] = arm.marker
            out[at + 3] = arm.open
            if arm.id in demanded:
                out[at + 4] = 1
                out[at + 5] = demanded[arm.id]

    def _tricks_into(self, out: np.ndarray, view: TrickView, me: int, my_side: int) -> None:
        sec, n, sides, t = self.sections, self.players, self.sides, len(self.tiles)

        def rel(seat: int) -> int:
            return (seat - me) % n

        def rel_or_none(seat: int | None) -> int | None:  # a one-hot's None: "nobody", "not yet"
            return None if seat is None else rel(seat)

        def rel_side(side: int) -> int:
            return (side - my_side) % sides

        if view.phase in PHASES:
            self._one(out, "phase", PHASES.index(view.phase))
        self._one(out, "dealer", rel_or_none(view.dealer))
        self._one(out, "starter", rel_or_none(view.starter))
        bids = sec["bids"].start
        for seat, value in view.bids:  # a seat's latest word counts
            at = bids + 3 * ((seat - me) % n)
            out[at : at + 3] = (1, value is None, 0 if value is None else value / self._top_bid)
        self._one(out, "bidder", rel_or_none(view.bidder))
        at = sec["bid"].start
        out[at] = 0 if view.bid is None else view.bid / self._top_bid
        out[at + 1] = 0 if view.make is None else view.make / self._top_bid
        declared = view.declaration
        self._one(out, "declaration", None if declared is None else self._decls.index(declared))
        for name, word in (("contract", view.contract), ("must_declare", view.must_declare)):
            self._one(out, name, None if word is None else self._contracts.index(word))
        for seat, tile in view.trick:
            out[sec["trick"].start + rel(seat) * t + self._tile_at(tile)] += 1
        for seat, _, face_down in view.plays:
            out[sec["face_down"].start + rel(seat)] += face_down
        self._one(out, "led_suit", view.led_suit)
        for seat, tile in view.last_trick:
            out[sec["last_trick"].start + rel(seat) * t + self._tile_at(tile)] += 1
        self._one(out, "last_winner", rel_or_none(view.last_winner))
        for name, values in (("tricks_won", view.tricks_won), ("captured", view.captured)):
            for side, value in enumerate(values):
                out[sec[name].start + rel_side(side)] = value
        for side, value in enumerate(view.points_won):
            out[sec["points_won"].start + rel_side(side)] = value / self.score_scale
        for seat, tiles in enumerate(view.played):
            self._tiles_into(out, sec["played"].start + rel(seat) * t, tiles)
        for seat, suits in enumerate(view.voids):
            for suit in suits:
                out[sec["voids"].start + rel(seat) * self._suits + suit] = 1
        self._one(out, "sitting_out", rel_or_none(view.sitting_out))
        out[sec["kitty"].start] = view.kitty
        out[sec["kitty"].start + 1] = view.to_discard
        self._tiles_into(out, sec["discards"].start, view.discards)
        self._tiles_into(out, sec["picked"].start, view.picked)
        out[sec["stock"].start] = view.stock
        if view.turn_up is not None:
            out[sec["turn_up"].start + self._tile_at(view.turn_up)] = 1
        self._one(out, "turn_up_holder", rel_or_none(view.turn_up_holder))
        self._one(out, "closed_by", rel_or_none(view.closed_by))
        for half, values in enumerate(view.at_close):
            for side, value in enumerate(values):
                out[sec["at_close"].start + half * sides + rel_side(side)] = value
        for seat, call in view.calls:
            out[sec["calls"].start + rel(seat) * len(CALLS) + CALLS.index(call)] = 1
        if "passing" in sec:  # the passing phase (not one of PHASES: their one-hot keeps its size), and what
            out[sec["passing"].start] = view.phase == "passing"  # the observer gave and received
            out[sec["passing"].start + 1] = view.to_give
            self._tiles_into(out, sec["passed"].start, view.passed)
            self._tiles_into(out, sec["received"].start, view.received)
        if "widow" in sec:
            out[sec["widow_size"].start] = view.widow_size
            self._tiles_into(out, sec["widow"].start, view.widow)
        if "doubles_place" in sec:
            self._one(out, "doubles_place", None if view.doubles_place is None else PLACES.index(view.doubles_place))
        if "turned_down" in sec:
            out[sec["turned_down"].start] = view.turned_down
            self._one(out, "suit_made", view.bid_suit)
        if "declared" in sec:
            for side, value in enumerate(view.declared):
                out[sec["declared"].start + rel_side(side)] = value / self.score_scale
            for seat in view.declarers:
                out[sec["declarers"].start + rel(seat)] = 1
            for seat, tiles in enumerate(view.shown):
                self._tiles_into(out, sec["shown"].start + rel(seat) * t, tiles)
        if "melding" in sec:  # the melding phase (not one of PHASES: their one-hot keeps its size)
            out[sec["melding"].start] = view.phase == "melding"
            for seat, _, tiles, _, _ in view.melds:
                self._tiles_into(out, sec["melded"].start + rel(seat) * t, tiles)
        for seat in view.dropped:
            out[sec["dropped"].start + rel(seat)] = 1
