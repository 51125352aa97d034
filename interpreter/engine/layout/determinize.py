"""Determinization: a full `Match` consistent with what one seat knows, for search-based players.

A seat knows its own hand, the table and the public log. `LayoutDeterminizer` rebuilds the current
round from the seat's `Observation` alone: it replays the round's public actions on a skeleton
match whose hidden tiles are placeholders (so no hidden tile is ever read), and on the way it
records what every pass or draw revealed. Under `play.forced`, a seat that draws, passes or
marks holds no tile that fits an arm open to it at that moment; tiles it draws afterwards are
free of that constraint. `sample(rng)` then deals the hidden tiles (other hands, boneyard, dead
tiles alike) at random into those places, keeping every size, and returns a playable match.

Constraints are kept per hidden *slot* of a hand, oldest first: a constraint applies to every
slot the seat holds then (only the drawn tile's slot after a one_then_play draw), a draw adds a
free slot. A played tile leaves by the oldest slot that may hold it; that choice never rules out
the true hand, since any older slot it might have filled could hold the tile actually played.

Sampling fills the most constrained slots first, each with a random tile it allows, then deals
the rest uniformly. This is not exactly uniform over consistent deals, which search tolerates.
What is fixed for the decision (the tiles each constrained slot allows, the hidden tiles) is
worked out once per `LayoutDeterminizer`, so a search builds one and samples it every iteration.
After `TRIES` failed attempts the oldest half of the constraints is dropped, and so on, so a
sample always comes back (with no constraints left any deal of the right sizes fits).
"""

from __future__ import annotations

import random

from interpreter.engine.actions import DISCARD, DRAW, PLAY
from interpreter.engine.layout.dealing import shuffle
from interpreter.engine.layout.match import LayoutMatch as Match
from interpreter.engine.layout.phases import logged_action
from interpreter.engine.match import Match as AnyMatch
from interpreter.engine.match import register_resampler
from interpreter.engine.observation import Observation
from interpreter.engine.pool import pool_in
from interpreter.engine.tiles import bits
from interpreter.rulefile.ruleset import Family, Hands, Ruleset

TRIES = 20  # failed fills at one relaxation level before dropping older constraints
REPICKS = 8  # random picks of a constrained slot's tile before choosing among the free ones only


def determinize(match: AnyMatch, seat: int, rng: random.Random) -> Match:
    """A copy of `match` in which every tile hidden from `seat` is dealt again at random, consistent
    with what `seat` has seen. Built from `match.observation(seat)` only (and the last round's
    finished layout, which every seat saw): `match.resample`."""
    assert isinstance(match, Match)
    return LayoutDeterminizer(match.ruleset, match.observation(seat)).sample(rng)._showing_finished_of(match)


register_resampler(Family.LAYOUT, determinize)


class LayoutDeterminizer:
    """The current round as `observation.seat` knows it; `sample` is cheap, building is not."""

    def __init__(self, rules: Ruleset, observation: Observation) -> None:
        self.seat = observation.seat
        # A blind row (deal.hands: blind_row) is hidden from its owner too: then every hand is dealt
        # again, this seat's own included, and no seat's is known (`me` is none).
        blind = rules.deal.hands is Hands.BLIND_ROW
        self._known = me = -1 if blind else observation.seat
        history = observation.history
        header = history[0]
        # Searched from the end: the cost is the current round's, not the whole match's.
        deal_at = next(i for i in range(len(history) - 1, -1, -1) if history[i]["type"] == "deal")
        deal = history[deal_at]
        ended = next((history[i] for i in range(deal_at - 1, -1, -1) if history[i]["type"] == "round_end"), None)
        start_scores = ended["scores"] if ended else header["scores"]

        # The skeleton: the real round's starter and sizes, placeholder tiles (the match's own replay).
        standing = (observation.eliminated, observation.tracks)
        m = Match._replaying(rules, header["players"], observation.round, deal, start_scores, standing)

        # A seat that drew or passed could not play only where the rules force a play and nothing
        # else (a condition on plays, a voluntary draw, stopping after a double) explains it.
        play = rules.play
        forced = play.forced and play.allowed is None and not play.again_optional and not rules.draw.voluntary
        forced = forced and play.whole_turn is None  # a whole turn may be out of reach with a tile that fits
        forced = forced and not blind  # a blind row's turn says nothing of the rest of the row
        masks: list[int] = []  # constraint id -> the tiles it rules out
        slots: list[list[list[int]]] = [[[] for _ in range(size)] for size in deal["hand_sizes"]]
        # Then, per seat, the tiles it laid face down (draw.when_unable: discard), which nobody saw.
        players = len(slots)
        slots += [[] for _ in range(players)]
        any_time = rules.draw.discard_any_time  # a discard then tells nothing of the hand
        for event in history[deal_at + 1 :]:
            if event["type"] in ("refill", "undealt_taken", "unannounced"):  # tiles come into a hand unseen
                slots[event["seat"]] += [[] for _ in range(event["tiles"])]
            if event["type"] == "action":
                who = event["seat"]
                action = logged_action(event["action"])
                own = slots[who]
                if action.kind == PLAY:
                    if who != me:
                        assert action.tile is not None
                        _take(own, m._tile_id(action.tile), masks)
                elif who != me and forced and not (action.kind == DISCARD and any_time):
                    ruled_out = m._fitting(who)
                    if ruled_out and own:
                        masks.append(ruled_out)
                        # After a one_then_play draw only the drawn tile (the newest slot) was tried.
                        for slot in own[-1:] if m._drawn >= 0 else own:
                            slot.append(len(masks) - 1)
                if action.kind == DRAW:
                    own.append([])
                if action.kind == DISCARD:  # one of the seat's slots (with what ruled it out) goes face down
                    slots[players + who].append(own.pop(0) if who != me and own else [])
            m._replay(event)
        # A tile the set holds twice or more: the seat's copy is one the skeleton has not laid.
        mine = 0
        laid = m._table.laid_mask()
        for tile in observation.hand:
            mine |= 1 << m._table.t.free_copy(m._tile_id(tile), laid | mine)
        m._replayed(
            observation.current_player, observation.seat, mine, observation.scores, observation.legal_actions,
            pool_in(observation),
        )  # fmt: skip

        self._template = m
        self._current = m.current_player
        self._hidden = m._hidden_besides(mine)
        self._masks = masks
        self._slots = slots
        self._undrawn = len(m.boneyard)
        # The tile a blind row's owner turned up and must lay now: seen by all, so dealt to him as it is.
        self._turned = m._drawn if blind and self._current is not None else -1
        if self._turned >= 0 and self._current is not None:
            self._hidden &= ~(1 << self._turned)
            slots[self._current].pop()
        self._levels: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
        self._pool = bits(self._hidden)  # the hidden tiles, to deal
        self._empty = [[-1] * len(own) for own in slots]  # a tile id per slot, none yet
        for seat, size in enumerate(observation.hand_counts):
            size -= seat == self._current and self._turned >= 0
            if seat != me and size != len(slots[seat]):
                raise ValueError(f"the log accounts for {len(slots[seat])} tiles in seat {seat}'s hand, not {size}")
        # The seat to act drew a tile it alone may lay: that tile is its newest slot's.
        self._drawn_slot = m._drawn >= 0 and self._current != me and self._turned < 0

    @property
    def constraints(self) -> dict[int, list[int]]:
        """Per other seat: the bitmask of tiles each of its hidden slots may not be (0: free), oldest first."""
        return {
            seat: [self._mask(slot, 0) for slot in own] for seat, own in enumerate(self._slots) if seat != self._known
        }

    def sample(self, rng: random.Random) -> Match:
        """A determinization: a fresh match whose hidden tiles are one random consistent deal.
        Its next round is dealt when first asked about, not when this one ends (`round_over`)."""
        count = len(self._masks)
        drop = 0
        while True:
            for _ in range(TRIES):
                hands = self._fill(drop, rng)
                if hands is not None:
                    return self._build(hands, rng)
            if drop == count:
                raise AssertionError("hand and boneyard sizes exceed the hidden tiles")
            drop = count - (count - drop) // 2

    def _mask(self, slot: list[int], drop: int) -> int:
        out = 0
        for c in slot:
            if c >= drop:
                out |= self._masks[c]
        return out

    def _constrained(self, drop: int) -> list[tuple[int, int, tuple[int, ...]]]:
        """(seat, slot, the hidden tiles it allows) of the constrained slots, fewest allowed first.
        Fixed for the decision: worked out once per relaxation level, not once per sample."""
        found = self._levels.get(drop)
        if found is None:
            hidden = self._hidden
            found = [
                (seat, i, tuple(bits(hidden & ~mask)))
                for seat, own in enumerate(self._slots)
                if seat != self._known
                for i, slot in enumerate(own)
                if (mask := self._mask(slot, drop) & hidden)
            ]
            found.sort(key=lambda item: len(item[2]))
            self._levels[drop] = found
        return found

    def _fill(self, drop: int, rng: random.Random) -> list[list[int]] | None:
        """Per seat, a tile id per slot (the boneyard and dead tiles last), or None on a dead end.

        Each constrained slot takes a tile uniformly among those it allows that are still free: a
        random pick from its allowed tiles, tried again while the pick is taken (a few times, then
        from the list of the free ones). The rest is shuffled into the other places."""
        rand = rng.random
        hands = [hand.copy() for hand in self._empty]
        taken: set[int] = set()
        for seat, i, allowed in self._constrained(drop):
            n = len(allowed)
            if not n:
                return None
            for _ in range(REPICKS):
                tile = allowed[int(rand() * n)]
                if tile not in taken:
                    break
            else:
                left = [x for x in allowed if x not in taken]
                if not left:
                    return None
                tile = left[int(rand() * len(left))]
            hands[seat][i] = tile
            taken.add(tile)
        rest = [x for x in self._pool if x not in taken] if taken else self._pool.copy()
        shuffle(rng, rest)  # rng.shuffle(rest), inlined
        pop = rest.pop
        for seat, hand in enumerate(hands):
            if seat == self._known:
                continue
            for i, tile in enumerate(hand):
                if tile < 0:
                    hand[i] = pop()
        hands.append(rest)
        return hands

    def _build(self, hands: list[list[int]], rng: random.Random) -> Match:
        masks = {}
        for seat, hand in enumerate(hands[:-1]):
            if seat == self._known:
                continue
            mask = 0
            for tile in hand:
                mask |= 1 << tile
            masks[seat] = mask
        players = len(hands[:-1]) // 2
        kept = {seat - players: masks.pop(seat) for seat in range(players, 2 * players) if seat in masks}
        rest = hands[-1]
        drawn = hands[self._current][-1] if self._drawn_slot and self._current is not None else -1
        rows = None
        if self._known < 0:  # blind rows: each in the random order its tiles were dealt in
            rows = dict(enumerate(hands[:players]))
            if self._turned >= 0 and self._current is not None:  # the tile turned up, in his hand, not his row
                masks[self._current] |= 1 << self._turned
                drawn = self._turned
        return self._template._redealt(
            masks, rest[: self._undrawn], rest[self._undrawn :], drawn, rng.getrandbits(64), kept, rows
        )


# The tree path's steps (engine/search.py): the match's own, called as functions of the match.
round_over = Match.round_over
legal_now = Match.legal_now
advance = Match.advance


def _take(slots: list[list[int]], tile: int, masks: list[int]) -> None:
    """Remove the oldest slot that may hold `tile` (see the module docstring for why the oldest)."""
    for i, slot in enumerate(slots):
        if not any(masks[c] >> tile & 1 for c in slot):
            del slots[i]
            return
    slots.pop()  # unreachable for a consistent log; keep the sizes right regardless
