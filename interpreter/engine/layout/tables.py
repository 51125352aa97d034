"""What the engine computes once per ruleset and player count, and shares between matches.

Everything the hot path asks about a tile (its halves, what it counts, which open ends it may
touch and how) is a tuple lookup here, never an expression evaluation.
"""

from __future__ import annotations

import copy
from typing import Any

from interpreter.engine.actions import DISCARD, PLAY, Action
from interpreter.engine.cache import PerRuleset
from interpreter.engine.lots import tile_ranks
from interpreter.engine.scoring import goal, points_reader
from interpreter.engine.tiles import Tile
from interpreter.rulefile.ruleset import (
    PREVIOUS_ROUND_CRITERIA,
    Direction,
    DrawPolicy,
    Hands,
    Lead,
    LeadFrom,
    PlayUntil,
    Ruleset,
    SidesOpen,
    Spinners,
    StartCriterion,
    StartRule,
    Topology,
    Undealt,
    WhenUnable,
)

_CACHE_SIZE = 32
# The criteria that read how the previous round ended; next_seat reads only who started it.
_READS_WINNER = PREVIOUS_ROUND_CRITERIA - {StartCriterion.NEXT_SEAT}
IN_PLAY_DETAIL_NAMES = frozenset(
    {"end_values", "open_ends", "double_ends", "same_ends", "laid_high", "laid_low", "laid_is_double", "laid_fit_ends",
     "tiles", "side_tiles"}
)  # fmt: skip
# The round-end names about the last tile laid, and the names (in play and at a round's end) that
# need the open ends a tile could have gone on, counted as it is laid.
LAST_TILE_NAMES = frozenset({"last_high", "last_low", "last_is_double", "last_fit_ends"})
FIT_NAMES = frozenset({"laid_fit_ends", "last_fit_ends"})
# Matching tables kept per ruleset when `match` reads `doubles` (one per set of doubles on the
# table): enough for every subset of the seven doubles of a 0–6 set, bounded for the big sets.
_FITS_CACHE_SIZE = 1024
# The spinners a double laid on an arm may open sides of.
_OPENING_SPINNERS = (Spinners.FIRST_DOUBLE, Spinners.EVERY_DOUBLE, Spinners.FIRST_DOUBLE_OPTIONAL)


class Fits:
    """For each end value: the bitmask of tiles that may touch it, and per tile the halves that may.

    `plays` caches, per (arm, end value), the legal-move row of that arm: for each tile that fits,
    by its bit, the shared `Action`s that lay it there (one per touching half), so listing the
    plays on an arm is a mask AND and one lookup and concatenation per fitting tile."""

    __slots__ = ("halves", "masks", "plays", "twice", "wild")

    def __init__(self, masks: tuple[int, ...], halves: tuple[tuple[tuple[int, ...], ...], ...]) -> None:
        self.masks = masks  # [end] -> tile bitmask
        self.halves = halves  # [end][tile] -> touching halves, ascending
        # [end] -> the tiles that may touch it with either half (two plays each; a wild end):
        # the number of plays of the tiles `fit` on an end is fit.bit_count() + (fit & twice).bit_count().
        self.twice = tuple(sum(1 << t for t, h in enumerate(per_tile) if len(h) > 1) for per_tile in halves)
        self.wild = any(self.twice)
        self.plays: dict[int, dict[int, tuple[Action, ...]]] = {}  # [row_key(arm, end)][1 << tile] -> actions


def row_key(arm: int, end: int) -> int:
    """The key of an arm's legal-move row in `Fits.plays`: end values are below 64."""
    return arm << 6 | end


class LayoutTables:
    def __init__(self, ruleset: Ruleset, players: int) -> None:
        self.ruleset = ruleset
        self.players = players
        n = ruleset.max_pip
        self.max_pip = n
        # The set as played (set.without, set.tiles, set.copies), a tile id per tile: the copies of
        # a tile are tiles of their own, and `index` names the first of them.
        self.tiles: tuple[Tile, ...] = ruleset.set_tiles()
        self.index: dict[Tile, int] = {}
        for i, tile in enumerate(self.tiles):
            self.index.setdefault(tile, i)
        # id_of[low][high]: the tile id, by its halves in either order (cheaper than hashing a tuple);
        # -1 for a tile the set leaves out.
        get = self.index.get
        self.id_of = tuple(tuple(get((min(a, b), max(a, b)), -1) for b in range(n + 1)) for a in range(n + 1))
        self.low = tuple(low for low, _ in self.tiles)
        self.high = tuple(high for _, high in self.tiles)
        self.pips = tuple(low + high for low, high in self.tiles)
        self.is_double = tuple(low == high for low, high in self.tiles)
        self.double_of = tuple(self.index.get((p, p), -1) for p in range(n + 1))
        self.double_mask = sum(1 << i for i, double in enumerate(self.is_double) if double)
        self._copies(len(self.tiles))
        self.step = 1 if ruleset.players.direction is Direction.CLOCKWISE else -1
        self.hub = ruleset.layout.topology is Topology.HUB
        self.count_env = {"players": players, "max_pip": n, "set_size": len(self.tiles)}
        self.value = tuple(int(ruleset.tile_value(self.tile_env(i))) for i in range(len(self.tiles)))
        self.id_of_bit = {1 << i: i for i in range(len(self.tiles))}
        # The tiles of each `tile_value`, heaviest first: (value, mask), for Match.playout's heavy policy.
        self._by_value = tuple(
            (v, sum(1 << i for i, w in enumerate(self.value) if w == v)) for v in sorted(set(self.value), reverse=True)
        )
        # A hand mask read 8 bits at a time: per chunk and byte, its tile ids and their total value.
        count = len(self.tiles)
        chunks = range((count + 7) // 8)
        self._chunk_ids = tuple(
            tuple(tuple(8 * j + b for b in range(8) if m >> b & 1 and 8 * j + b < count) for m in range(256))
            for j in chunks
        )
        self._chunk_value = tuple(tuple(sum(self.value[i] for i in ids) for ids in per) for per in self._chunk_ids)
        self.match_reads_doubles = "doubles" in ruleset.play.match.names
        # A turn lays several tiles (play.per_turn): the turn's bookkeeping runs after each tile laid.
        self.multi = ruleset.play.per_turn is not None
        # Personal trains start from their owners' own doubles: a player without one yet may lay one.
        self.own_double = ruleset.layout.own_double_trains
        self.engine_dealt = ruleset.layout.engine_dealt  # a hub's engine is laid by its holder
        # The tile laid at the hub as the engine when nobody holds the dealt engine (None: no stand-in).
        self.stand_in = None if ruleset.layout.stand_in is None else self.index.get(ruleset.layout.stand_in)
        # Whether the legal plays need `legal._turn_shaped`: one check on the hot path for both.
        self.shapes_turns = self.multi or self.own_double
        ends = (ruleset.domino, ruleset.blocked)
        formulas = [e.points for e in ends] + [e.rank for e in ends if e.rank is not None]
        formulas += [f for f in (ruleset.match.win_requires, ruleset.match.reset_when) if f is not None]
        self.round_end_reads_doubles = any({"doubles", "opp_doubles"} & f.names for f in formulas)
        self.round_end_reads_double_pips = any("double_pips" in f.names for f in formulas)
        read = set().union(*(f.names for f in formulas))
        self.round_end_reads_last = bool(read & LAST_TILE_NAMES)
        if ruleset.in_play is not None:
            read |= ruleset.in_play.when.names | ruleset.in_play.points.names
        # Counting the ends a tile fits as it is laid costs a scan of the open arms: only when read.
        self.reads_fit = bool(read & FIT_NAMES)
        self.domino_points = points_reader(ruleset.domino.points)
        self.blocked_points = points_reader(ruleset.blocked.points)
        # Whether in-play scoring reads the names about each open end and the tile just laid.
        self.in_play_reads_detail = ruleset.in_play is not None and bool(
            (ruleset.in_play.when.names | ruleset.in_play.points.names) & IN_PLAY_DETAIL_NAMES
        )
        self.hand_size = ruleset.deal.hand_sizes[players]
        self.hand_starts = range(0, players * self.hand_size, self.hand_size)
        self.out: tuple[int, ...] = ()  # the seats a deal leaves out (`seated`): none
        self._seated: dict[tuple[int, ...], LayoutTables] = {}
        # Nobody draws the tiles left undealt; under `starter` the round's first player takes them.
        self.undealt_dead = ruleset.deal.undealt in (Undealt.DEAD, Undealt.STARTER)
        self.undealt_to_starter = ruleset.deal.undealt is Undealt.STARTER
        self._pools: dict[int | None, tuple[int, ...]] = {}
        self._fits: dict[int, Fits] = {}
        self._ranks: dict[StartRule, tuple[int, ...]] = {}
        # What dealing.py works out once (the prepared start criteria, a fixed engine double).
        self.start_cache: dict[object, Any] = {}
        # The starter leads any tile: a criterion's tile is not required. A hub's lead is its engine;
        # where trains start from their owners' doubles, the starter's first one is the criterion's.
        hub = ruleset.layout.topology is Topology.HUB
        self.lead_any = ruleset.start.lead is Lead.ANY or (hub and not ruleset.layout.own_double_trains)
        self.stock_lead = ruleset.start.lead_from is LeadFrom.STOCK  # the lead is turned up from the boneyard
        self.refill = ruleset.deal.refill  # a hand that empties draws a new one while the boneyard has tiles
        # The match may end at a round's end only once a side reaches `goal` or the round is `last_round`.
        match_end = ruleset.match
        self.goal = None if match_end.target is None else goal(match_end)
        self.last_round = None if match_end.rounds is None else match_end.rounds.get(players)
        # Whether a later round's start reads how the previous round ended (who won it, who laid last).
        self.start_reads_winner = any(
            r.criterion in _READS_WINNER or r.when is not None for r in ruleset.start.later_rounds
        )
        self.actions: dict[int, Action] = {}  # play_action's cache, by (arm << 13) | (tile << 5) | half
        self.leads = tuple(Action(PLAY, tile) for tile in self.tiles)  # [tile] -> the action leading it
        # A line growing from one end of its lead (start.lead_names_end): [tile] -> its leads, one
        # naming each end open (a double's: the one lead, both ends alike).
        self.names_end = ruleset.start.lead_names_end
        self.named_leads = tuple(
            (lead,) if low == high else (Action(PLAY, lead.tile, None, low), Action(PLAY, lead.tile, None, high))
            for lead, (low, high) in zip(self.leads, self.tiles, strict=True)
        )
        self._turn_rules(ruleset, players)

    def _turn_rules(self, ruleset: Ruleset, players: int) -> None:
        """What the play phase (play.py, and its hot path playout.py) asks of the rules, read once."""
        layout = ruleset.layout
        self.line = layout.topology is Topology.LINE
        self.gated = layout.sides_open is SidesOpen.AFTER_ENDS  # spinner sides wait for its ends
        self.forced = ruleset.play.forced
        self.policy = ruleset.draw.policy
        self.marker = ruleset.draw.when_unable is WhenUnable.MARKER
        self.again = ruleset.play.again_after_double
        self.in_play = ruleset.in_play
        # Whether a double laid on an arm may open anything (spinner sides, a demand).
        self.double_opens = bool(layout.double_demand) or layout.spinners in _OPENING_SPINNERS
        self.reserve = ruleset.deal.reserve
        self.may_draw = ruleset.draw.policy is not DrawPolicy.NONE
        # Every arm is open to everyone unless trains have owners or spinner sides wait for ends.
        self.all_open = self.line and not self.gated and not ruleset.start.lead_names_end
        self.play_allowed = ruleset.play.allowed  # read by every listing of the legal moves
        # A double laid on an arm demands only while this holds (layout.demand_when); and whether
        # any rule reads `turn`, the player's own turn number, which the play phase then counts.
        self.demand_when = layout.demand_when
        turn_read = (ruleset.play.allowed, ruleset.play.per_turn, ruleset.play.whole_turn, layout.demand_when)
        self.counts_turns = any(expr is not None and "turn" in expr.names for expr in turn_read)
        # Whether the inlined random turn (playout.random_round) knows every rule in force; otherwise
        # playouts take the general path (playout.general_round), which lists the legal actions.
        # A tile that earns another turn or skips the next seat (play.again_when, play.skip_when).
        self.turn_rules = ruleset.play.again_when is not None or ruleset.play.skip_when is not None
        # A round no tile can go on is blocked at once; in blind rows, nobody could tell otherwise.
        self.stop_when_dead = ruleset.draw.stop_when_dead or ruleset.deal.hands is Hands.BLIND_ROW
        # A player who cannot play lays a tile face down (draw.when_unable: discard), or may at any
        # turn (discard_any_time); and a round that runs until every hand is empty (play.until).
        self.discards = ruleset.draw.when_unable is WhenUnable.DISCARD
        self.discard_any_time = ruleset.draw.discard_any_time
        self.all_out = ruleset.play.until is PlayUntil.ALL_OUT
        self.discard_actions = tuple(Action(DISCARD, tile) for tile in self.tiles)  # [tile] -> its discard
        # A seat whose hand empties is out, but the round goes on while a partner holds tiles (play.until).
        self.side_out = ruleset.play.until is PlayUntil.SIDE_OUT
        # The first double's player chooses: sidewise (a spinner) or endwise (in line); each a play of its own.
        self.spinner_choice = layout.spinners is Spinners.FIRST_DOUBLE_OPTIONAL
        # Hands face down in rows nobody sees (deal.hands: blind_row): a turn turns up a row's right
        # end; the round stops, blocked, once no tile left in any row can be laid.
        self.blind = ruleset.deal.hands is Hands.BLIND_ROW
        self.either_way: dict[Action, tuple[Action, Action]] = {}  # legal.either_way's plays, made once
        # A player whose play leaves him one tile may announce it (play.announce_last): the tiles he
        # draws if he does not and the next player lays one (0: no announcements); each play's
        # announced twin, made once.
        self.announce = ruleset.play.announce_draw
        self.tapped: dict[Action, Action] = {}
        self.plain = not (
            ruleset.play.allowed is not None
            or self.announce
            or self.turn_rules
            or self.stop_when_dead
            or self.side_out
            or self.spinner_choice
            or self.blind
            or self.demand_when is not None
            or ruleset.play.again_optional
            or self.multi
            or self.own_double
            or ruleset.draw.voluntary
            or layout.lead_demand
            or layout.engine_dealt
            or layout.open_trains
            or any(rule.criterion is StartCriterion.WINNING_SIDE_CHOICE for rule in ruleset.start.later_rounds)
            or any(rule.criterion is StartCriterion.LOTS_PER_SIDE for rule in ruleset.start.first_round)
            or ruleset.on_pass is not None  # a pass may score
            or self.reads_fit  # a tile laid counts the ends it could have gone on
            or ruleset.match.eliminate_when is not None  # the turn order skips the seats out
            or bool(self.groups)  # a tile held twice is listed once (LayoutTables.distinct)
            or self.discards
            or self.all_out
            or self.names_end  # one end of the lead stays closed
        )
        # What playout.random_round reads of the rules: one tuple to unpack a round instead of an
        # attribute load each.
        self.playout_fixed = (
            self.pips, self.low, self.is_double, self.tiles, players, self.step, self.forced, self.again,
            self.in_play, self.double_opens, self.match_reads_doubles, self.marker, not self.line, self.may_draw,
            self.policy is DrawPolicy.UNTIL_PLAYABLE, self.all_open and not layout.double_demand,
        )  # fmt: skip

    def seated(self, out: tuple[int, ...]) -> LayoutTables:
        """These tables as a deal sees them once the seats `out` are out of the match (sorted):
        the others are dealt the hand size for their count (cached)."""
        key = tuple(sorted(out))
        found = self._seated.get(key)
        if found is None:
            found = copy.copy(self)
            found.out = key
            found.hand_size = self.ruleset.deal.hand_sizes[self.players - len(key)]
            found.hand_starts = range(0, (self.players - len(key)) * found.hand_size, found.hand_size)
            self._seated[key] = found
        return found
    def _copies(self, count: int) -> None:
        """Where the set holds a tile more than once: per tile id, the mask of every copy of it
        (`twins`), and the masks of the tiles that have copies (`groups`); both empty otherwise."""
        twins = [1 << i for i in range(count)]
        for i, tile in enumerate(self.tiles):
            twins[i] = sum(1 << j for j, other in enumerate(self.tiles) if other == tile)
        self.groups = tuple(sorted({mask for mask in twins if mask & (mask - 1)}))
        self.twins = tuple(twins) if self.groups else ()

    def held(self, tile: int, hand: int) -> int:
        """The copy of `tile` that a play of it takes from `hand`: the lowest held, else `tile`."""
        if not self.twins:
            return tile
        mine = hand & self.twins[tile]
        return (mine & -mine).bit_length() - 1 if mine else tile

    def distinct(self, hand: int) -> int:
        """`hand` with one copy only of each tile it holds twice or more (the lowest): what the
        legal plays list, once per tile and not once per copy."""
        for group in self.groups:
            mine = hand & group
            if mine & (mine - 1):
                hand &= ~(mine & (mine - 1))
        return hand

    def free_copy(self, tile: int, used: int) -> int:
        """The lowest copy of `tile` not in the mask `used` (`tile` itself when every copy is)."""
        return self.held(tile, ~used) if self.twins else tile

    def holds(self, hand: int, tile: int) -> bool:
        """Whether `hand` holds `tile` or a copy of it."""
        return bool(hand & (self.twins[tile] if self.twins else 1 << tile))

    def bit_pool(self, engine: int | None) -> list[int]:
        """A fresh list of the bits (1 << id) of every tile but the engine, in id order: what a
        deal shuffles."""
        found = self._pools.get(engine)
        if found is None:
            found = self._pools[engine] = tuple(1 << t for t in range(len(self.tiles)) if t != engine)
        return list(found)

    def ids(self, mask: int) -> list[int]:
        """The tile ids of a hand mask, ascending (tiles.bits, by table lookup)."""
        out: list[int] = []
        for chunk in self._chunk_ids:
            if not mask:
                break
            out += chunk[mask & 255]
            mask >>= 8
        return out

    def hand_values(self, masks: list[int]) -> list[int]:
        """The total `tile_value` of each hand mask."""
        out = []
        for mask in masks:
            total = 0
            for chunk in self._chunk_value:
                if not mask:
                    break
                total += chunk[mask & 255]
                mask >>= 8
            out.append(total)
        return out

    def heaviest_mask(self, mask: int) -> int:
        """The tiles of `mask` (not empty) with the highest `tile_value`."""
        for _, tiles in self._by_value:
            found = mask & tiles
            if found:
                return found
        raise ValueError("no tile in an empty mask")

    def heaviest(self, mask: int) -> int:
        """The lowest id among the tiles of `mask` (not empty) with the highest `tile_value`."""
        found = self.heaviest_mask(mask)
        return (found & -found).bit_length() - 1

    def tile_env(self, tile: int) -> dict[str, object]:
        low, high = self.tiles[tile]
        return {**self.count_env, "high": high, "low": low, "pips": low + high, "is_double": low == high}

    def ranks(self, rule: StartRule) -> tuple[int, ...]:
        """Each tile's rank under a start criterion: its formula's (highest_ranked, {lots: F}), else the pip total."""
        if rule not in self._ranks:
            self._ranks[rule] = tile_ranks(rule, self.tiles, self.count_env)
        return self._ranks[rule]

    def fits(self, doubles: int) -> Fits:
        """The matching table for a layout whose doubles are the bitmask `doubles` (of pips)."""
        key = doubles if self.match_reads_doubles else 0
        found = self._fits.get(key)
        if found is None:
            if len(self._fits) >= _FITS_CACHE_SIZE:
                self._fits.clear()
            found = self._fits[key] = self._build_fits(key)
        return found

    def _build_fits(self, doubles: int) -> Fits:
        match = self.ruleset.play.match
        n = self.max_pip
        on_table = tuple(p for p in range(n + 1) if doubles >> p & 1)
        masks, halves = [], []
        for end in range(n + 1):
            mask = 0
            per_tile = []
            for t, (low, high) in enumerate(self.tiles):
                options = []
                for half, other in ((low, high),) if low == high else ((low, high), (high, low)):
                    env = {
                        "half": half, "other": other, "end": end, "high": high, "low": low,
                        "is_double": low == high, "max_pip": n, "doubles": on_table,
                    }  # fmt: skip
                    if match(env):
                        options.append(half)
                per_tile.append(tuple(options))
                if options:
                    mask |= 1 << t
            masks.append(mask)
            halves.append(tuple(per_tile))
        return Fits(tuple(masks), tuple(halves))

    def plays_row(self, fits: Fits, arm: int, end: int) -> dict[int, tuple[Action, ...]]:
        """Per tile bit, the plays that lay it on `arm` showing `end` under `fits` (built once, cached)."""
        key = row_key(arm, end)
        found = fits.plays.get(key)
        if found is None:
            halves = fits.halves[end]
            found = fits.plays[key] = {
                1 << tile: tuple(self.play_action(tile, arm, half) for half in halves[tile])
                for tile in range(len(self.tiles))
                if halves[tile]
            }
        return found

    def play_action(self, tile: int, arm: int, half: int) -> Action:
        """The (shared) action value for a play, so listing legal moves allocates nothing new."""
        key = (arm << 13) | (tile << 5) | half
        found = self.actions.get(key)
        if found is None:
            found = self.actions[key] = Action(PLAY, self.tiles[tile], arm, half)
        return found


_cache = PerRuleset(LayoutTables, _CACHE_SIZE)


def tables_for(ruleset: Ruleset, players: int) -> LayoutTables:
    """The shared tables for `ruleset` at `players` (of the ruleset as that many players play it)."""
    return _cache(ruleset.for_players(players), players)
