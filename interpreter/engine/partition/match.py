"""A match of the partition family (docs/format.md, "Partition games").

A hand goes deal -> partition -> scoring. The deal gives every seat `hand_size` tiles (the rest
are dead) and names the banker. In the partition phase each seat in turn, from the one after the
banker round to the banker, splits its hand face down into the file's groups: one decision (a
SPLIT action); a seat whose hand has no legal split is announced stuck and has none, and a banker
who splits by the house way has none either (the policy splits for him at the showdown, from his
own tiles only). The scoring shows every split, ranks the groups, compares each player's with
the banker's and settles by the file's formula; then the bank stays or moves, and the next hand
is dealt until the match's rounds are played. Nothing here names a game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.actions import SPLIT, Action, IllegalAction
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.match import Match, register
from interpreter.engine.observation import LayoutView, Observation, PartitionView
from interpreter.engine.partition.ranking import Rank
from interpreter.engine.partition.settle import settle
from interpreter.engine.partition.splits import Split, house_way, legal_splits, ordered
from interpreter.engine.partition.tables import PartitionTables, partition_tables_for
from interpreter.engine.tiles import Tile, bits, normal
from interpreter.rulefile.partition_rules import Bank, BankerSplits, PartitionRules
from interpreter.rulefile.phase_kinds import PARTITION
from interpreter.rulefile.ruleset import Family, Ruleset, Winner

_EMPTY_LAYOUT = LayoutView(arms=(), lead=None, hub=None, spinners=(), open_doubles=(), tiles=(), ends=(), end_sum=0)


class PartitionMatch(Match):
    """A match of the partition family. Public API: as every Match (docs/engine.md)."""

    def __init__(
        self,
        ruleset: Ruleset,
        players: int,
        seed: int = 0,
        deals: Sequence[ScriptedDeal] | None = None,
        scores: Sequence[int] | None = None,
        teams: bool | None = None,
    ) -> None:
        ruleset = self._seat(ruleset, players, teams, scores)
        self._events.append(ev.match_header(ruleset.name, ruleset.digest, seed, players, self._sides, self._scores))
        self._t = partition_tables_for(ruleset, players)
        self._rng = random.Random(seed)
        self._deals = tuple(deals or ())
        self._winners = ()
        self._over = False
        self._round = 0
        self._banker = -1
        self._banker_stuck = False  # the last hand's banker was stuck (showdown.bank_stays_when reads it)
        self._shown: dict[str, Any] | None = None  # the last showdown, as PartitionView shows it
        # The shuffle's tiles not dealt yet, in the order they are dealt (partition.deals_per_shuffle),
        # and those dealt in its earlier hands: every seat saw them at their showdowns.
        self._pile: list[int] = []
        self._used: list[int] = []
        self._hands = [0] * players
        self._deal()
        self._next_decision()

    # --- the hand -------------------------------------------------------------------------------

    @property
    def _rules_p(self) -> PartitionRules:
        return self._t.rules

    def _deal(self) -> None:
        t, n = self._t, self._n
        self._round += 1
        scripted = self._deals[self._round - 1] if self._round <= len(self._deals) else None
        how = self._next_banker(scripted)
        fresh = (self._round - 1) % self._rules_p.deals_per_shuffle == 0  # a new shuffle
        if fresh:
            self._used, pile = [], list(range(len(t.tiles)))
        else:
            self._used += [x for mask in self._hands for x in bits(mask)]
            pile = self._pile
        size = t.hand_size
        if scripted is not None:
            hands = _scripted(t, scripted, n, self._round, pile)
        else:
            if fresh:
                self._rng.shuffle(pile)
            hands = [sum(1 << x for x in pile[i * size : (i + 1) * size]) for i in range(n)]
        held = 0
        for mask in hands:
            held |= mask
        self._pile = [x for x in pile if not (held >> x) & 1]
        dead = [x for x in range(len(t.tiles)) if not (held >> x) & 1]
        self._hands = hands
        self._dead = dead
        self._splits: list[Split | None] = [None] * n
        self._stuck = [False] * n
        self._legal: dict[int, list[Split]] = {}
        # The deal's record as the trick family's (no lead, no boneyard, no lots): public without the hands.
        record: ev.Record = (ev.DEAL, t, self._round, self._banker, how, None, None, hands.copy(), [], dead.copy())
        self._events.append((*record, [], 0))
        # Who splits, in turn: from the seat after the banker round to the banker (a banker whom the
        # house way splits for takes no decision).
        order, seat = [], self._banker
        for _ in range(n):
            seat = t.next_seat(seat)
            if seat != self._banker or self._rules_p.banker is BankerSplits.FREE:
                order.append(seat)
        self._order = order

    def _next_banker(self, scripted: ScriptedDeal | None) -> str:
        rules = self._rules_p
        if scripted is not None and scripted.starter is not None:
            if not 0 <= scripted.starter < self._n:
                raise ValueError(f"the scripted deal names banker {scripted.starter} of {self._n} seats")
            self._banker = scripted.starter
            return "scripted"
        if self._round == 1:
            self._banker = self._rng.randrange(self._n) if rules.first_banker_random else 0
            return "random" if rules.first_banker_random else "first_seat"
        stays = rules.bank is Bank.FIXED
        if not stays and rules.bank_stays_when is not None:
            env = {"banker_stuck": self._banker_stuck, "round": self._round, "players": self._n}
            stays = bool(rules.bank_stays_when(env))
        if stays:
            return "bank_stays"
        self._banker = self._t.next_seat(self._banker)
        return "next_seat"

    def splits_of(self, seat: int) -> list[Split]:
        """The distinct legal splits of `seat`'s hand (empty: it is stuck)."""
        found = self._legal.get(seat)
        if found is None:
            found = self._legal[seat] = legal_splits(self._t.ranker, self._t.tiles_of(self._hands[seat]))
        return found

    def _next_decision(self) -> None:
        """On to the next seat with a decision, announcing the stuck ones; once none is left, the
        showdown and the next hand's deal (a loop: hands in which nobody decides follow each other)."""
        while not self._over:
            while self._order:
                seat = self._order[0]
                if self.splits_of(seat):
                    return
                self._order.pop(0)
                self._stuck[seat] = True
                self._events.append({"type": "stuck", "seat": seat})
            self._showdown()

    def _showdown(self) -> None:
        t, rules, n, banker = self._t, self._rules_p, self._n, self._banker
        ranker = t.ranker
        step = None
        if rules.banker is BankerSplits.HOUSE_WAY:
            options = self.splits_of(banker)
            if options:
                self._splits[banker], step = house_way(ranker, options)
            else:
                self._stuck[banker] = True
                self._events.append({"type": "stuck", "seat": banker})
        compared = [i for i, g in enumerate(rules.groups) if g.compared]
        shown_groups, shown_ranks = [], []
        for seat in range(n):
            split = self._splits[seat]
            shown = () if split is None else split if rules.show_all else tuple(split[i] for i in compared)
            shown_groups.append(shown)
            ranks = () if split is None else tuple(_said(ranker.rank(split[i])) for i in compared)
            shown_ranks.append(ranks)
        hands = [t.tiles_of(h) for h in self._hands]
        self._events.append({
            "type": "showdown", "banker": banker, "house_way_step": step,
            "hands": [[[*tile] for tile in hand] for hand in hands],
            "groups": [[[[*tile] for tile in g] for g in groups] for groups in shown_groups],
            "ranks": [[[name, value] for name, value in ranks] for ranks in shown_ranks],
        })  # fmt: skip
        points, settled = settle(ranker, self._splits, banker)
        self._events += settled
        for seat in range(n):
            if points[seat]:
                self._scores[seat] += points[seat]
                self._events.append((ev.SCORE, seat, seat, points[seat], self._scores[seat], "showdown"))
        self._events.append({
            "type": "round_end", "round": self._round, "reason": "showdown", "seat": banker,
            "hands": [[[*tile] for tile in hand] for hand in hands], "pips": [sum(map(sum, h)) for h in hands],
            "scores": self._scores.copy(),
        })  # fmt: skip
        self._shown = {"banker": banker, "groups": tuple(shown_groups), "ranks": tuple(shown_ranks),
                       "points": tuple(points), "hands": tuple(hands)}  # fmt: skip
        self._banker_stuck = self._splits[banker] is None
        if self._round >= t.rounds:
            self._end()
        else:
            self._deal()

    def _end(self) -> None:
        scores = self._scores
        best = min(scores) if self._rules.match.winner is Winner.LOWEST else max(scores)
        self._winners = tuple(side for side, score in enumerate(scores) if score == best)
        self._over = True
        self._order = []
        self._events.append(ev.match_end(self._winners, self._scores))

    # --- the contract ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The current seat's distinct legal splits, in the order of their tiles."""
        if self._over:
            return []
        return [Action(SPLIT, value=split) for split in self.splits_of(self._order[0])]

    def apply(self, action: Action) -> Sequence[dict[str, Any]]:
        """Split the current seat's hand as `action` says; the events it produced."""
        if self._over:
            raise IllegalAction("the match is over")
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action")
        seat = self._order[0]
        split = self._legal_split(seat, action)
        start = len(self._events)
        self._do(seat, split)
        return self._logged_since(start)

    def _legal_split(self, seat: int, action: Action) -> Split:
        """The legal split `action` names for `seat` (its compared groups in any order); else IllegalAction."""
        if action.kind != SPLIT:
            raise IllegalAction(f"now seat {seat} splits its hand: '{action}' is not a split")
        groups = self._rules_p.groups
        given = action.groups
        if len(given) != len(groups) or any(len(g) != group.size for g, group in zip(given, groups, strict=True)):
            sizes = " | ".join(str(g.size) for g in groups)
            raise IllegalAction(f"a split here is {len(groups)} groups of {sizes} tiles")
        split = ordered(self._t.ranker, tuple(tuple(sorted(normal(x) for x in g)) for g in given))
        if split in self.splits_of(seat):
            return split
        held = sorted(self._t.tiles_of(self._hands[seat]))
        if sorted(tile for group in split for tile in group) != held:
            tiles = " ".join(f"{a}-{b}" for a, b in held)
            raise IllegalAction(f"seat {seat} holds {tiles}: the split must use those tiles")
        broken = next(g.name for i, g in enumerate(groups) if not self._t.ranker.holds(i, split[i]))
        raise IllegalAction(f"the {broken} group does not meet its rule")

    def _do(self, seat: int, split: Split) -> None:
        self._splits[seat] = split
        self._events.append((ev.DISCARD, seat, Action(SPLIT, value=split)))
        self._order.pop(0)
        self._next_decision()

    def clone(self) -> PartitionMatch:
        new = object.__new__(PartitionMatch)
        new.__dict__.update(self.__dict__)
        self._copy_log(new)
        new._scores = self._scores.copy()
        new._hands = self._hands.copy()
        new._dead = self._dead.copy()
        new._splits = self._splits.copy()
        new._stuck = self._stuck.copy()
        new._order = self._order.copy()
        new._legal = self._legal.copy()
        new._pile = self._pile.copy()
        new._used = self._used.copy()
        new._rng = random.Random.__new__(random.Random)
        new._rng.setstate(self._rng.getstate())
        return new

    @classmethod
    def resumed(
        cls, ruleset: Ruleset, players: int, state: dict[str, Any], rng: random.Random
    ) -> PartitionMatch:
        """A match that goes on from a hand in its partition phase (a search's sample:
        partition/determinize.py): `state` gives the round, banker, scores, hands (masks), dead
        ids, splits, stuck seats, the seats still to split, the shuffle's tiles not dealt yet
        (`pile`) and those its earlier hands dealt (`used`); later deals come from `rng`, and the
        log holds its own future only."""
        new = object.__new__(cls)
        new._rules = ruleset
        new._n = players
        new._sides = players
        new._seat_side = list(range(players))
        new._scores = list(state["scores"])
        new._restart_log()
        new._t = partition_tables_for(ruleset, players)
        new._rng = rng
        new._deals = ()
        new._winners = ()
        new._over = False
        new._round = state["round"]
        new._banker = state["banker"]
        new._banker_stuck = False
        new._shown = None
        new._hands = state["hands"]
        new._dead = state["dead"]
        new._splits = state["splits"]
        new._stuck = state["stuck"]
        new._order = state["order"]
        new._legal = {}
        new._pile = state["pile"]
        new._used = state["used"]
        return new

    def observation(self, seat: int) -> Observation:
        return Observation(
            seat=seat,
            side=seat,
            round=self._round,
            current_player=self.current_player,
            hand=self.hand(seat),
            hand_counts=tuple(h.bit_count() for h in self._hands),
            boneyard_count=0,
            layout=_EMPTY_LAYOUT,
            scores=self.scores,
            legal_actions=tuple(self.legal_actions()) if seat == self.current_player else (),
            history=self._history(),
            rules=self._rules,
            partition=self.view(seat),
        )

    def view(self, seat: int | None) -> PartitionView:
        """The hand as `seat` sees it (None: as every seat does, without anybody's own split)."""
        rules = self._rules_p
        own = self._splits[seat] if seat is not None and not self._over else None
        shown = self._shown or {}
        return PartitionView(
            banker=self._banker,
            groups=tuple(g.name for g in rules.groups),
            sizes=tuple(g.size for g in rules.groups),
            compared=tuple(g.compared for g in rules.groups),
            done=tuple(s is not None and not self._over for s in self._splits),
            stuck=tuple(self._stuck),
            own=own or (),
            shown=shown.get("groups", ()),
            shown_hands=shown.get("hands", ()),
            ranks=shown.get("ranks", ()),
            settled=shown.get("points", ()),
            shown_banker=shown.get("banker"),
            used=tuple(sorted(self._t.tiles[x] for x in self._used)),
        )

    @property
    def current_player(self) -> int | None:
        return None if self._over else self._order[0]

    @property
    def phase_kind(self) -> str:
        return PARTITION

    @property
    def phase_kinds(self) -> tuple[str, ...]:
        return self._rules.phase_kinds

    @property
    def round(self) -> int:
        return self._round

    @property
    def banker(self) -> int:
        """The seat that banks this hand."""
        return self._banker

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return self._t.tiles_of(self._hands[seat])

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        return ()

    @property
    def dead(self) -> tuple[Tile, ...]:
        return tuple(self._t.tiles[x] for x in self._dead)

    @property
    def layout(self) -> LayoutView:
        return _EMPTY_LAYOUT

    @property
    def pool(self) -> int:
        return 0

    def house_split(self) -> Action:
        """The current seat's split by the file's house way (the computer players' named policy)."""
        split, _ = house_way(self._t.ranker, self.splits_of(self._order[0]))
        return Action(SPLIT, value=split)

    def playout(self, rng: random.Random, *, until: str = "round", heavy: float = 0.0) -> None:
        """Random legal splits (a `heavy` share of them by the house way) until the round or the match ends."""
        if until not in ("round", "match"):
            raise ValueError(f"until must be 'round' or 'match', not {until!r}")
        if not 0.0 <= heavy <= 1.0:
            raise ValueError(f"heavy is a share between 0 and 1, not {heavy!r}")
        round_no = self._round
        while not self._over and (until == "match" or self._round == round_no):
            seat = self._order[0]
            options = self.splits_of(seat)
            if len(options) == 1:
                split = options[0]
            elif heavy and rng.random() < heavy:
                split = house_way(self._t.ranker, options)[0]
            else:
                split = options[int(rng.random() * len(options))]
            self._do(seat, split)


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


register(Family.PARTITION, PartitionMatch)
