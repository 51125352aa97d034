"""The draw-and-discard determinizer: a match consistent with one seat's observation, every tile
hidden from that seat dealt again at random. Built from the observation only.

Public to every seat, kept as they are: the face-up discards, the dead tiles, the groups shown,
the tiles each seat took from the discards and still holds (`known`), every hand's size and the
stock's, the tiles the stock was last refilled with (all had been face up), whose turn it is and
at which step. Dealt again: the rest of the other hands and the stock, from the tiles the seat has
not seen. After a refill the stock can only hold refill tiles not seen since, so it is drawn from
those first; the hands get what is left. Copies of a tile are interchangeable: tile ids are given
to the faces the observation names, copy by copy."""

from __future__ import annotations

import random

from interpreter.engine.draw_discard.match import DrawDiscardMatch
from interpreter.engine.draw_discard.phases import Turns
from interpreter.engine.draw_discard.table import DrawDiscardTable
from interpreter.engine.draw_discard.tables import tables_for
from interpreter.engine.match import Match, register_resampler
from interpreter.engine.observation import Observation
from interpreter.engine.pool import pool_in
from interpreter.engine.tiles import Tile
from interpreter.rulefile.ruleset import Family, Ruleset


class DrawDiscardDeterminizer:
    """`sample(rng)`: a match consistent with `observation` (worked out once, sampled many times)."""

    def __init__(self, rules: Ruleset, observation: Observation) -> None:
        view = observation.draw_discard
        assert view is not None, "a draw-and-discard observation"
        n = len(observation.hand_counts)
        self.rules = rules.for_players(n)
        self.t = tables_for(self.rules, n)
        self.observation = observation
        self.view = view
        free: dict[Tile, list[int]] = {}
        for x, tile in enumerate(self.t.tiles):
            free.setdefault(tile, []).append(x)

        def take(tile: Tile) -> int:
            return free[tile].pop()

        self.discards = [(seat, take(tile)) for seat, tile in view.discards]
        self.dead = [take(tile) for tile in view.dead]
        names = {name: i for i, name in enumerate(self.t.kind_names)}
        self.shown = [
            [(names[name], tuple(take(tile) for tile in tiles)) for name, tiles in groups] for groups in view.shown
        ]
        self.known = [[take(tile) for tile in tiles] for tiles in view.known]
        seat = observation.seat
        own = list(observation.hand)
        for tile in view.known[seat]:
            own.remove(tile)
        self.own = self.known[seat] + [take(tile) for tile in own]
        self.owed = None if view.owed is None else next(x for x in self.own if self.t.tiles[x] == view.owed)
        self.unseen = sorted(x for ids in free.values() for x in ids)
        refill = list(view.reshuffled)
        for tile in [*observation.hand, *(t for _, t in view.discards), *view.dead]:
            if tile in refill:
                refill.remove(tile)
        for tiles in (*view.known, *(t for groups in view.shown for _, t in groups)):
            for tile in tiles:
                if tile in refill:
                    refill.remove(tile)
        self.refill = refill  # the faces the stock may hold after a refill (empty: any unseen tile)
        self.pool = pool_in(observation)
        self.last_out = next((e["seat"] for e in reversed(observation.history) if e["type"] == "round_end"), None)

    def sample(self, rng: random.Random) -> DrawDiscardMatch:
        obs, view, t = self.observation, self.view, self.t
        unseen = self.unseen.copy()
        rng.shuffle(unseen)
        size = view.stock
        if self.refill:
            faces = self.refill.copy()
            stock: list[int] = []
            rest: list[int] = []
            for x in unseen:
                if len(stock) < size and t.tiles[x] in faces:
                    faces.remove(t.tiles[x])
                    stock.append(x)
                else:
                    rest.append(x)
        else:
            stock, rest = unseen[:size], unseen[size:]
        table = object.__new__(DrawDiscardTable)
        table.t = t
        table.n = len(obs.hand_counts)
        table.sides = len(obs.scores)
        table.seat_side = [s % table.sides for s in range(table.n)]
        table.scores = list(obs.scores)
        table.events = []
        table.rng = random.Random(rng.getrandbits(64))
        table.deals = []
        table.round = obs.round
        table.pool = self.pool
        table.starter = view.starter
        table.last_out = self.last_out
        table.winners = ()
        table.new_hand()
        table.discards = self.discards.copy()
        table.dead = self.dead.copy()
        table.shown = [g.copy() for g in self.shown]
        table.known = [k.copy() for k in self.known]
        table.stock = stock
        table.reshuffled = []
        for s in range(table.n):
            if s == obs.seat:
                table.hands[s] = self.own.copy()
                continue
            hidden = obs.hand_counts[s] - len(self.known[s])
            table.hands[s] = [*self.known[s], *rest[:hidden]]
            del rest[:hidden]
        table.out = rest  # out of play as dealt (a scripted deal's tiles named nowhere)
        table.reshuffled = sorted(x for x in stock) if self.refill else []
        table.current = obs.current_player if obs.current_player is not None else 0
        table.step, table.owed, table.took, table.drew = view.step, self.owed, view.took, view.drew
        table.turns = view.turns
        return DrawDiscardMatch.resumed(self.rules, table, Turns())


def round_key(match: DrawDiscardMatch) -> int:
    return match.round


def round_over(match: DrawDiscardMatch, key: int) -> bool:
    """Whether the hand a determinization started in is over, or the match."""
    return match.is_over or match.round != key


legal_now = DrawDiscardMatch.legal_now
advance = DrawDiscardMatch.advance


def resample(match: Match, seat: int, rng: random.Random) -> DrawDiscardMatch:
    """`match.resample`: built from `match.observation(seat)` only."""
    return DrawDiscardDeterminizer(match.ruleset, match.observation(seat)).sample(rng)


register_resampler(Family.DRAW_DISCARD, resample)
