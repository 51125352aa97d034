"""The phases of a partition hand (engine/phases.py's contract): the deal, the splitting, in turn,
from the seat after the banker round to the banker, and the showdown. The deal and the showdown
take no decision: each does its work when built and is done at once; the showdown deals the next
hand, or ends the match once its rounds are played."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import SPLIT, Action, IllegalAction
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.partition.ranking import Rank
from interpreter.engine.partition.settle import settle
from interpreter.engine.partition.splits import Split, house_way, ordered
from interpreter.engine.partition.table import PartitionTable
from interpreter.engine.partition.tables import PartitionTables
from interpreter.engine.phases import Phase
from interpreter.engine.tiles import bits, normal
from interpreter.rulefile.partition_rules import Bank, BankerSplits
from interpreter.rulefile.phase_kinds import PARTITION
from interpreter.rulefile.ruleset import Winner


class PartitionAutomatic(Phase[PartitionTable]):
    """A phase without a decision: its work is done when it is built."""

    def legal(self, table: PartitionTable) -> list[Action]:
        return []

    def apply(self, table: PartitionTable, action: Action) -> None:
        raise AssertionError(f"no decision is taken while {self.name}")  # never current: done when built

    def why_illegal(self, table: PartitionTable, action: Action) -> str:
        return f"no decision is taken while {self.name}"

    def describe(self, table: PartitionTable, seat: int) -> Mapping[str, Any]:
        return {"phase": self.name}

    @property
    def done(self) -> bool:
        return True

    def copy(self) -> PartitionAutomatic:
        return self  # nothing of its own changes


class PartitionDeal(PartitionAutomatic):
    """Deals the hand (scripted, or from the match's random stream; a new shuffle every
    `deals_per_shuffle` hands): every seat `hand_size` tiles, the rest dead; names the banker."""

    kind = phases.DEAL
    name = "dealing"

    def __init__(self, table: PartitionTable) -> None:
        t, n = table.t, table.n
        table.round += 1
        scripted = table.deals[table.round - 1] if table.round <= len(table.deals) else None
        how = _next_banker(table, scripted)
        fresh = (table.round - 1) % table.rules.deals_per_shuffle == 0  # a new shuffle
        if fresh:
            table.used, pile = [], list(range(len(t.tiles)))
        else:
            table.used += [x for mask in table.masks for x in bits(mask)]
            pile = table.pile
        size = t.hand_size
        if scripted is not None:
            hands = _scripted(t, scripted, n, table.round, pile)
        else:
            if fresh:
                table.rng.shuffle(pile)
            hands = [sum(1 << x for x in pile[i * size : (i + 1) * size]) for i in range(n)]
        held = 0
        for mask in hands:
            held |= mask
        table.pile = [x for x in pile if not (held >> x) & 1]
        dead = [x for x in range(len(t.tiles)) if not (held >> x) & 1]
        table.masks = hands
        table.dead_ids = dead
        table.splits = [None] * n
        table.stuck = [False] * n
        table.legal = {}
        # The deal's record as the trick family's (no lead, no boneyard, no lots): public without the hands.
        record: ev.Record = (ev.DEAL, t, table.round, table.banker, how, None, None, hands.copy(), [], dead.copy())
        table.events.append((*record, [], 0))

    def following(self, table: PartitionTable) -> Phase[PartitionTable]:
        return Splitting(table, turn_order(table))


def turn_order(table: PartitionTable) -> list[int]:
    """Who splits, in turn: from the seat after the banker round to the banker (a banker whom the
    house way splits for takes no decision)."""
    order, seat, banker = [], table.banker, table.banker
    for _ in range(table.n):
        seat = table.t.next_seat(seat)
        if seat != banker or table.rules.banker is BankerSplits.FREE:
            order.append(seat)
    return order


class Splitting(Phase[PartitionTable]):
    """Each seat of `order` in turn splits its hand face down (a SPLIT action); a seat whose hand
    has no legal split is announced stuck when its turn comes, and has none."""

    kind = PARTITION
    name = "splitting"

    def __init__(self, table: PartitionTable, order: list[int]) -> None:
        self.order = order
        self._next_seat(table)

    def _next_seat(self, table: PartitionTable) -> None:
        """On to the next seat with a decision, announcing the stuck ones."""
        order = self.order
        while order:
            seat = order[0]
            if table.splits_of(seat):
                table.current = seat
                return
            order.pop(0)
            table.stuck[seat] = True
            table.events.append({"type": "stuck", "seat": seat})

    def legal(self, table: PartitionTable) -> list[Action]:
        """The current seat's distinct legal splits, in the order of their tiles."""
        return [Action(SPLIT, value=split) for split in table.splits_of(self.order[0])]

    def apply(self, table: PartitionTable, action: Action) -> None:
        seat = self.order.pop(0)
        table.splits[seat] = action.groups
        table.events.append((ev.DISCARD, seat, action))
        self._next_seat(table)

    def legal_split(self, table: PartitionTable, action: Action) -> Split:
        """The legal split `action` names for the current seat (its compared groups in any
        order); else IllegalAction saying why not."""
        seat = self.order[0]
        if action.kind != SPLIT:
            raise IllegalAction(f"now seat {seat} splits its hand: '{action}' is not a split")
        t = table.t
        groups = table.rules.groups
        given = action.groups
        if len(given) != len(groups) or any(len(g) != group.size for g, group in zip(given, groups, strict=True)):
            sizes = " | ".join(str(g.size) for g in groups)
            raise IllegalAction(f"a split here is {len(groups)} groups of {sizes} tiles")
        split = ordered(t.ranker, tuple(tuple(sorted(normal(x) for x in g)) for g in given))
        if split in table.splits_of(seat):
            return split
        held = sorted(t.tiles_of(table.masks[seat]))
        if sorted(tile for group in split for tile in group) != held:
            tiles = " ".join(f"{a}-{b}" for a, b in held)
            raise IllegalAction(f"seat {seat} holds {tiles}: the split must use those tiles")
        broken = next(g.name for i, g in enumerate(groups) if not t.ranker.holds(i, split[i]))
        raise IllegalAction(f"the {broken} group does not meet its rule")

    def why_illegal(self, table: PartitionTable, action: Action) -> str:
        try:
            split = self.legal_split(table, action)
        except IllegalAction as refused:
            return str(refused)
        # A legal split in another order (PartitionMatch.apply takes it as the legal one).
        return f"'{action}' is written '{Action(SPLIT, value=split)}' here"

    def describe(self, table: PartitionTable, seat: int) -> Mapping[str, Any]:
        return {"phase": self.name}

    @property
    def done(self) -> bool:
        return not self.order

    def following(self, table: PartitionTable) -> Phase[PartitionTable]:
        return Showdown(table)

    def copy(self) -> Splitting:
        new = object.__new__(Splitting)
        new.order = self.order.copy()
        return new


class Showdown(PartitionAutomatic):
    """Shows every split (the house way splits for a banker who takes no decision), ranks the
    groups, settles each player against the banker by the file's formula and scores it."""

    kind = phases.SCORING
    name = "showdown"

    def __init__(self, table: PartitionTable) -> None:
        t, rules, n, banker = table.t, table.rules, table.n, table.banker
        ranker = t.ranker
        events = table.events
        step = None
        if rules.banker is BankerSplits.HOUSE_WAY:
            options = table.splits_of(banker)
            if options:
                table.splits[banker], step = house_way(ranker, options)
            else:
                table.stuck[banker] = True
                events.append({"type": "stuck", "seat": banker})
        compared = [i for i, g in enumerate(rules.groups) if g.compared]
        shown_groups, shown_ranks = [], []
        for seat in range(n):
            split = table.splits[seat]
            shown = () if split is None else split if rules.show_all else tuple(split[i] for i in compared)
            shown_groups.append(shown)
            ranks = () if split is None else tuple(_said(ranker.rank(split[i])) for i in compared)
            shown_ranks.append(ranks)
        hands = table.hands
        events.append({
            "type": "showdown", "banker": banker, "house_way_step": step,
            "hands": [[[*tile] for tile in hand] for hand in hands],
            "groups": [[[[*tile] for tile in g] for g in groups] for groups in shown_groups],
            "ranks": [[[name, value] for name, value in ranks] for ranks in shown_ranks],
        })  # fmt: skip
        points, settled = settle(ranker, table.splits, banker)
        events += settled
        scores = table.scores
        for seat in range(n):
            if points[seat]:
                scores[seat] += points[seat]
                events.append((ev.SCORE, seat, seat, points[seat], scores[seat], "showdown"))
        events.append({
            "type": "round_end", "round": table.round, "reason": "showdown", "seat": banker,
            "hands": [[[*tile] for tile in hand] for hand in hands], "pips": [sum(map(sum, h)) for h in hands],
            "scores": scores.copy(),
        })  # fmt: skip
        table.shown = {"banker": banker, "groups": tuple(shown_groups), "ranks": tuple(shown_ranks),
                       "points": tuple(points), "hands": tuple(hands)}  # fmt: skip
        table.banker_stuck = table.splits[banker] is None
        if table.round >= t.rounds:
            best = min(scores) if table.ruleset.match.winner is Winner.LOWEST else max(scores)
            table.winners = tuple(side for side, score in enumerate(scores) if score == best)
            table.finished = True
            events.append(ev.match_end(table.winners, scores))

    def following(self, table: PartitionTable) -> Phase[PartitionTable] | None:
        return None if table.finished else PartitionDeal(table)


def _next_banker(table: PartitionTable, scripted: ScriptedDeal | None) -> str:
    """Names this hand's banker; how it was chosen, as the deal's record says."""
    rules, n = table.rules, table.n
    if scripted is not None and scripted.starter is not None:
        if not 0 <= scripted.starter < n:
            raise ValueError(f"the scripted deal names banker {scripted.starter} of {n} seats")
        table.banker = scripted.starter
        return "scripted"
    if table.round == 1:
        table.banker = table.rng.randrange(n) if rules.first_banker_random else 0
        return "random" if rules.first_banker_random else "first_seat"
    stays = rules.bank is Bank.FIXED
    if not stays and rules.bank_stays_when is not None:
        env = {"banker_stuck": table.banker_stuck, "round": table.round, "players": n}
        stays = bool(rules.bank_stays_when(env))
    if stays:
        return "bank_stays"
    table.banker = table.t.next_seat(table.banker)
    return "next_seat"


def _said(rank: Rank) -> tuple[str, int | None]:
    """A group's rank as the showdown says it: its entry's name, and its value where it has one."""
    return rank.name, rank.value if rank.valued else None


def _scripted(t: PartitionTables, scripted: ScriptedDeal, n: int, round_no: int, pile: list[int]) -> list[int]:
    """The hands (masks) of a scripted deal, from the tiles `pile` still holds."""
    if len(scripted.hands) != n:
        raise ValueError(f"the scripted deal of round {round_no} does not give {n} hands")
    free = sorted(pile)
    hands = []
    for hand in scripted.hands:
        if len(hand) != t.hand_size:
            raise ValueError(f"the scripted deal of round {round_no}: a hand of {len(hand)} tiles, not {t.hand_size}")
        mask = 0
        for tile in hand:
            x = next((x for x in free if t.tiles[x] == tile), None)
            if x is None:
                raise ValueError(f"the scripted deal of round {round_no}: {tile[0]}-{tile[1]} is not left in the set")
            free.remove(x)
            mask |= 1 << x
        hands.append(mask)
    return hands
