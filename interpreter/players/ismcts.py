"""`ismcts`: single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse, 2012).

Each iteration deals the tiles this seat cannot see at random, consistently with the public log
(`interpreter.engine.layout.determinize`), walks one tree shared by all those deals — keyed by actions,
choosing with UCB1 over *availability* counts, since an action exists only in the deals where
its tile is held — adds one node, plays the round out with a cheap default policy and credits
every node with the result for the seat that chose it.

Equivalent plays (the same tile on two interchangeable arms, `interpreter.players.distinct`) are
one action of the tree: the root's from the observation, once per decision, and below the arms'
likeness once per node. `analyse` reports the root's moves with their visits and how often the
searching side came out ahead after them (docs/players.md).

Playouts stop at the end of the current round: a 13-round match would otherwise make each one
enormous, and the round is where a decision's effect lies. When the tree's own path ends the
round, nothing is played out: the value is that round's. The value of a playout for a side is
1 or 0 (or its share) if the match ended in it, else 0.5 ± how far the side's score moved ahead
of the others' mean this round, squashed into (0, 1) against a scale of about one hand's worth
of points (`_Valuer`). The rules' `winner` turns that around when the lowest total wins.

A trick game's auction is not searched by the tree: each candidate bid is weighed by playing the
hand out after it and valued by the marks (or points) the side gains against the others
(interpreter/players/bidding.py), since the squashed value of a tree over fourteen bids could not
tell 30 from 84.

Budget: `iterations` per decision and/or `ms` of wall time, whichever ends first. A given seed
and iteration budget (with `ms=None`) gives the same choices on every machine; a time budget
depends on the machine's speed. The default is `DEFAULT_ITERATIONS` with a `DEFAULT_MS` cap: on
a double-6 set with two players the iteration count binds (40–75 ms a decision on the 2-core
machine of docs/ladder.md), while long rounds (big sets, many seats, many draws) hit the cap
first, since one playout there costs many times more.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, NamedTuple

from interpreter.engine import Action, Match, Observation, Tile
from interpreter.engine.actions import BID, PASS_ACTION, PICK
from interpreter.engine.scoring import goal
from interpreter.engine.search import SearchSupport, search_support
from interpreter.engine.tricks.match import BIDDING, PLAYING
from interpreter.engine.tricks.tables import trick_tables_for
from interpreter.players.announcing import announcing
from interpreter.players.auction import auction_fit
from interpreter.players.bidding import BidResult, BidSearch
from interpreter.players.counter import is_turn_up_call, turn_up_call
from interpreter.players.distinct import arm_keys, distinct_plays, followers
from interpreter.players.heavy import tile_value
from interpreter.players.rewards import lead_changes
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
from interpreter.rulefile.ruleset import Ruleset, Winner

DEFAULT_ITERATIONS = 600
DEFAULT_MS = 200.0
EXPLORATION = 0.7  # UCB1's constant for values in [0, 1]
HEAVY_SHARE = 0.5  # in playouts, how often a player lays its heaviest playable tile instead of a random action
# In a trick game's playouts the cheap policy is the engine's rule of thumb (TrickMatch.rule_of_thumb),
# played at every tile: defenders that throw tiles at random let almost any bid look makeable.
TRICK_HEAVY_SHARE = 1.0


_NONE: frozenset[int] = frozenset()  # a node's `skip` when no two of its arms are alike: nothing to merge
_tile_of = itemgetter(1)  # an action's tile


class _Node:
    __slots__ = ("avail", "children", "reward", "seat", "skip", "visits", "wins")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action leading here: the node's values are theirs
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.skip: frozenset[int] | None = None  # arms whose plays twin earlier arms' here (`followers`), once needed
        self.wins = 0.0  # kept for the root's children only: playouts the searching side came out ahead in


class _Valuer:
    """A finished playout's value per seat, from the match's end or the round's score change."""

    def __init__(self, rules: Ruleset, observation: Observation, values: dict[Tile, int]) -> None:
        self.start = observation.scores
        self.start_counts = observation.hand_counts
        self.lowest = rules.match.winner is Winner.LOWEST
        players = len(observation.hand_counts)
        mean = sum(values.values()) / len(values)
        # About what one hand left standing is worth: the size of a typical round's swing. A trick
        # game's hand moves the score by its contract instead: about a seventh of the target
        # (one mark of seven; 36 of 250 points), or one where the match has no target.
        self.scale = max(1.0, mean * sum(observation.hand_counts) / players)
        if board_of(rules).contract_scale:
            self.scale = max(1.0, goal(rules.match) / 7) if rules.match.target is not None else 1.0

    def __call__(self, match: Match) -> list[float]:
        if match.is_over:
            return list(match.returns())
        scale = self.scale
        aheads = lead_changes(self.start, match.scores, self.lowest)
        per_side = [0.5 + 0.5 * ahead / (abs(ahead) + scale) for ahead in aheads]
        if len(per_side) == match.players:
            return per_side
        return [per_side[match.side_of(seat)] for seat in range(match.players)]


class _TrickPrelude:
    """The auction of a trick game's playout, as the search models it.

    Uniformly random bids make a search of the auction meaningless: the other seats would outbid
    at random (a pass is one choice of up to fourteen) and be set, so every bid, and every pass,
    would look good. So the search branches only on its own seat's bids: every other seat passes
    (bids the lowest bid when it may not), in the tree and in the playouts alike, and in a
    playout the bidder names the declaration it holds the most trumps of (ties: the higher suit).
    A bid is then worth what this seat's side makes of it. A hand passed out ends the playout
    with the score unchanged: the value of passing. (This seat's own bids are weighed by
    bidding.py; the tree meets the auction only where this seat's choice there is forced.)
    """

    def __init__(self, rules: Ruleset, players: int, support: SearchSupport, me: int) -> None:
        t = trick_tables_for(rules.for_players(players), players)
        self._index = t.index
        self._trumps = {a: t.suits(a.value).trumps for a in t.declare_actions}  # type: ignore[arg-type]
        self._order = {a: (a.value if isinstance(a.value, int) else -1) for a in t.declare_actions}
        self._me = me
        self._legal_now = support.legal_now
        self._advance = support.advance
        self._round_over = support.round_over

    def others(self, match: Any, key: int) -> bool:
        """The other seats' bids and declarations, up to this seat's turn or the first tile;
        whether the hand goes on."""
        return self._run(match, key, until_mine=True)

    def __call__(self, match: Any, key: int) -> bool:
        """Every seat's auction and declaration up to the first tile; whether to play the hand out."""
        return self._run(match, key, until_mine=False)

    def _run(self, match: Any, key: int, until_mine: bool) -> bool:
        while not self._round_over(match, key) and match.phase != PLAYING:
            if until_mine and match.current_player == self._me:
                break
            legal = self._legal_now(match)
            if match.phase == BIDDING:
                action = PASS_ACTION if PASS_ACTION in legal else legal[0]
            else:
                index = self._index
                hand = sum(1 << index[tile] for tile in match.hand(match.current_player))
                plain = [a for a in legal if a in self._trumps]  # a special contract only when it must
                if not plain:
                    action = legal[0]
                else:
                    action = max(plain, key=lambda a: ((self._trumps[a] & hand).bit_count(), self._order[a]))
            self._advance(match, action)
        return not self._round_over(match, key)


def _turn_up_call(observation: Observation, legal: Sequence[Action]) -> Action:
    """A call over the turned-up suit: counter's, by the hand's strength. The tree would weigh
    accepting against a pass whose value is every other seat passing (the model of the others'
    auction above), so it is not searched."""
    n = len(observation.hand_counts)
    return turn_up_call(trick_tables_for(observation.rules.for_players(n), n), observation, legal)


def _bidding(observation: Observation, legal: Sequence[Action]) -> bool:
    """A trick game's auction with a bid to choose: searched by bidding.py, not the tree."""
    view = observation.tricks
    return view is not None and view.phase == BIDDING and any(a.kind == BID for a in legal) and len(legal) > 1


class Estimate(NamedTuple):
    """What a search found for one move: how often the searching side came out ahead in the
    playouts after it (a won match, or more points than the others' mean in the round played out;
    a tie counts half) and how many of the iterations went through it."""

    action: Action
    chance: float
    visits: int


class IsmctsPlayer:
    name = "ismcts"
    observes = True

    def __init__(
        self,
        seed: int,
        iterations: int | None = DEFAULT_ITERATIONS,
        ms: float | None = DEFAULT_MS,
        exploration: float = EXPLORATION,
    ) -> None:
        if iterations is None and ms is None:
            raise ValueError("give ismcts a budget: iterations, ms or both")
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.ms = ms
        self.exploration = exploration
        self._values: dict[tuple[str, str, int], dict[Tile, int]] = {}
        # A play of several tiles built by picks: after a pick, the node it leads to in the tree
        # just searched (the same seat picks again there), keyed by the decision it answers.
        self._picking: tuple[tuple[int, int, tuple[Tile, ...]], _Node] | None = None

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        legal = announcing(legal)
        if len(legal) == 1:
            return legal[0]
        if _bidding(observation, legal):
            return self._bids(observation, legal)[0].action
        if is_turn_up_call(observation, legal):
            return _turn_up_call(observation, legal)
        root = self._picked_node(observation, legal) or self._root(observation)
        # The most visited action; the engine's legal order settles ties (a twin of a searched
        # play, `distinct_plays`, has no node of its own).
        action = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        self._picking = None
        if action.kind == PICK and action in root.children:
            picked = observation.tricks.picked if observation.tricks is not None else ()
            key = (observation.seat, len(observation.history) + 1, (*picked, action.tile))
            self._picking = (key, root.children[action])  # type: ignore[assignment]
        return action

    def _picked_node(self, observation: Observation, legal: Sequence[Action]) -> _Node | None:
        """The tree's node for this decision when it is the next pick of a play this player began
        at its last decision (one search a play, not one a pick), and the search reached every
        pick offered there; else None (search)."""
        if self._picking is None or observation.tricks is None:
            return None
        key, node = self._picking
        if key != (observation.seat, len(observation.history), observation.tricks.picked):
            return None
        return node if all(a in node.children for a in legal) else None

    def analyse(self, observation: Observation) -> list[Estimate]:
        """Search as `choose` does (the same budget, the same random stream) and report every
        distinct legal move (one per class of equivalent plays, `distinct_plays`), the most
        visited first (the one `choose` takes), then in the engine's legal order. The visits add
        up to the iterations run. Only for the seat whose turn it is."""
        legal = distinct_plays(observation, announcing(observation.legal_actions))
        if not legal:
            raise ValueError(f"it is not seat {observation.seat}'s turn")
        if _bidding(observation, legal):
            # The auction's own search (bidding.py): the bids weighed, the best valued first,
            # with the share of the hands played out after each that the side came out ahead in.
            weighed = {r.action: r for r in self._bids(observation, legal)}
            rest = [Estimate(a, 0.0, 0) for a in legal if a not in weighed]
            return [Estimate(r.action, r.ahead, r.samples) for r in weighed.values()] + rest
        if is_turn_up_call(observation, legal):  # not searched: counter's call, then the others
            chosen = _turn_up_call(observation, legal)
            return [Estimate(a, 0.0, 0) for a in [chosen, *(a for a in legal if a != chosen)]]
        root = self._root(observation)
        found = []
        for action in legal:
            child = root.children.get(action)
            visits = child.visits if child is not None else 0
            found.append(Estimate(action, child.wins / visits if visits else 0.0, visits))  # type: ignore[union-attr]
        order = sorted(range(len(found)), key=lambda i: (-found[i].visits, i))
        return [found[i] for i in order]

    def _bids(self, observation: Observation, legal: Sequence[Action]) -> list[BidResult]:
        """The weighed bids of a trick game's auction (bidding.py): the one to bid first, then the
        best valued (among equals, the first in the engine's order)."""
        rules = observation.rules
        n = len(observation.hand_counts)
        t = trick_tables_for(rules.for_players(n), n)
        support = search_support(rules)
        deals = support.determinizer(rules, observation, auction_fit(t, observation))
        found = BidSearch(rules, observation, legal, t, support).run(deals, self._rng, self.iterations, self.ms)
        order = sorted(range(len(found)), key=lambda i: (not found[i].chosen, -found[i].value, i))
        return [found[i] for i in order]

    def _root(self, observation: Observation) -> _Node:
        rules = observation.rules
        values = self._tile_values(rules, len(observation.hand_counts))
        support = search_support(rules)
        if board_of(rules).heeds_auction:  # the sampler also heeds what the auction said
            n = len(observation.hand_counts)
            misfit = auction_fit(trick_tables_for(rules.for_players(n), n), observation)
            deals = support.determinizer(rules, observation, misfit)
        else:
            deals = support.determinizer(rules, observation)
        # The root's moves are the same in every determinization (the searching seat's own hand):
        # listed, and merged into distinct plays, once.
        legal = distinct_plays(observation, announcing(observation.legal_actions))
        return self._search(deals, _Valuer(rules, observation, values), observation.seat, rules, legal, support)

    def _tile_values(self, rules: Ruleset, players: int) -> dict[Tile, int]:
        key = (rules.name, rules.digest, players)
        found = self._values.get(key)
        if found is None:
            n = rules.max_pip
            tiles = [(low, high) for low in range(n + 1) for high in range(low, n + 1)]
            found = self._values[key] = {t: tile_value(rules, players, t) for t in tiles}
        return found

    def _search(
        self,
        deals: Any,
        value: _Valuer,
        me: int,
        rules: Ruleset,
        root_legal: list[Action],
        support: SearchSupport,
    ) -> _Node:
        advance, round_over, legal_now = support.advance, support.round_over, support.legal_now
        models = board_of(rules).prelude
        prelude = None if models is None else models(rules, len(value.start_counts), support, me)
        heavy = HEAVY_SHARE if prelude is None else TRICK_HEAVY_SHARE
        rng = self._rng
        rand = rng.random
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        root = _Node(-1)
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000
        budget = self.iterations
        done = 0
        while budget is None or done < budget:
            match = deals.sample(rng)
            round_no = support.round_key(match)
            node = root
            path = []
            legal = root_legal
            # Selection and expansion: down the tree while every legal action has a node.
            while True:
                children = node.children
                if len(legal) == 1:  # a forced move (a draw, a pass): nothing to choose
                    action = legal[0]
                    child = children.get(action)
                    if child is not None:
                        child.avail += 1
                        advance(match, action)
                        node = child
                        path.append(node)
                        if round_over(match, round_no) or (prelude is not None and not prelude.others(match, round_no)):
                            break
                        legal = self._listed(match, node, rules, legal_now)
                        continue
                    untried = legal
                else:
                    get = children.get
                    untried = None
                    best, best_ucb = None, -1.0
                    for a in legal:
                        child = get(a)
                        if child is None:
                            if untried is None:
                                untried = [a]
                            else:
                                untried.append(a)
                            continue
                        child.avail += 1
                        if untried is None:
                            ucb = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                            if ucb > best_ucb:
                                best, best_ucb, best_action = child, ucb, a
                if untried is not None:
                    action = untried[int(rand() * len(untried))] if len(untried) > 1 else untried[0]
                    leaf = children[action] = _Node(match.current_player)
                    leaf.avail = 1
                    advance(match, action)
                    path.append(leaf)
                    # The default policy, inside the engine: half the time the heaviest playable
                    # tile; nothing to play out if the tree's path ended the round.
                    if not round_over(match, round_no) and (prelude is None or prelude(match, round_no)):
                        match.playout(rng, heavy=heavy)
                    break
                advance(match, best_action)
                node = best  # type: ignore[assignment]
                path.append(node)
                if round_over(match, round_no) or (prelude is not None and not prelude.others(match, round_no)):
                    break
                legal = self._listed(match, node, rules, legal_now)
            result = value(match)
            for node in path:
                node.visits += 1
                node.reward += result[node.seat]
            mine = result[me]
            path[0].wins += 1.0 if mine > 0.5 else 0.5 if mine == 0.5 else 0.0
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return root

    @staticmethod
    def _listed(match: Match, node: _Node, rules: Ruleset, legal_now: Callable[[Any], list[Action]]) -> list[Action]:
        """The legal actions at `node`, one per distinct resulting position (`distinct_plays`)."""
        legal = legal_now(match)  # the match's own list: read, never changed
        if len(legal) > 1 and node.skip is not _NONE and len(set(map(_tile_of, legal))) < len(legal):
            # A tile listed twice: maybe on two interchangeable arms. Their likeness depends on
            # the layout only, which the actions leading to this node fix: worked out once per node.
            skip = node.skip
            if skip is None:
                skip = node.skip = followers(arm_keys(match.layout, rules)) or _NONE
            if skip is not _NONE:
                return [a for a in legal if a[2] not in skip]
        return legal


class SearchBoard(NamedTuple):
    """What the searching player does on a board (the play kind of the ruleset's sequence)."""

    contract_scale: bool  # a hand moves the score by its contract: a seventh of the target
    heeds_auction: bool  # the sampler deals the others hands that fit what the auction said
    prelude: Callable[[Ruleset, int, SearchSupport, int], _TrickPrelude] | None  # the playouts' auction


SEARCH_BOARDS: PhaseParts[SearchBoard] = PhaseParts(
    "the searching player (players/ismcts.py)",
    {
        LAYOUT: SearchBoard(False, False, None),
        TRICKS: SearchBoard(True, True, _TrickPrelude),
        COUNTING: SearchBoard(False, False, None),
        TABLEAU: SearchBoard(False, False, None),  # a patience: won or lost, its unseen tiles resampled
        DRAW_DISCARD: SearchBoard(False, False, None),
        # A showdown moves the score by a stake or two: the trick scale's one point without a target.
        PARTITION: SearchBoard(True, False, None),
    },
)


def board_of(rules: Ruleset) -> SearchBoard:
    return SEARCH_BOARDS.part(play_kind(rules.phase_kinds))
