"""What a draw-and-discard match of one ruleset and player count works out once: the set's tiles
(copies are tiles of their own, with ids), their types for the matcher, the matcher, and the
hand's bounds."""

from __future__ import annotations

from interpreter.engine.cache import PerRuleset
from interpreter.engine.draw_discard.matcher import Matcher, Vector
from interpreter.engine.pool import count_env
from interpreter.engine.tiles import Tile, bits
from interpreter.rulefile.draw_discard_rules import DrawDiscardRules
from interpreter.rulefile.ruleset import Direction, Ruleset


class DrawDiscardTables:
    def __init__(self, ruleset: Ruleset, players: int) -> None:
        rules = ruleset.draw_discard
        assert rules is not None
        self.ruleset = ruleset
        self.rules: DrawDiscardRules = rules
        self.n = players
        self.tiles: tuple[Tile, ...] = ruleset.set_tiles()
        kinds: dict[tuple[Tile, int], int] = {}
        self.type_of = tuple(
            kinds.setdefault((tile, v), len(kinds)) for tile, v in zip(self.tiles, rules.values, strict=True)
        )
        self.types = tuple(kinds)
        # A face's first tile id: copies of a face are interchangeable for the matcher.
        self.first_id: dict[Tile, int] = {}
        for x, tile in enumerate(self.tiles):
            self.first_id.setdefault(tile, x)
        self.counts = count_env(ruleset, players)
        self.matcher = Matcher(rules.groups, self.types, self.counts)
        self.kind_names = tuple(kind.name for kind in rules.groups)
        self.hand_size = ruleset.deal.hand_sizes[players]
        self.turn_limit = int(rules.turn_limit(self.counts))
        self.step = 1 if ruleset.players.direction is Direction.CLOCKWISE else -1
        self._complete: dict[tuple[Vector, Vector], bool] = {}

    def ids(self, mask: int) -> list[int]:
        """The tile ids of a bitmask (the deal record's hands)."""
        return bits(mask)

    def cover_env(self, v: Vector, shown: Vector, tiles: int) -> dict[str, object]:
        """`complete`'s names for a split `v` of the hand held beside the groups `shown`."""
        env: dict[str, object] = dict(self.counts)
        for i, name in enumerate(self.kind_names):
            env[name] = v[i] + shown[i]
        env["groups"] = sum(v[:-1]) + sum(shown[:-1])
        env["loose"] = v[-1]
        env["shown"] = sum(shown[:-1])
        env["tiles"] = tiles
        return env

    def complete_split(self, hand: list[int], shown: Vector, tiles: int) -> Vector | None:
        """A split of `hand` (tile ids) meeting `complete` beside the groups shown, or None: of
        several, the one with most groups of the kinds the file lists first."""
        for v in sorted(self.matcher.splits(self.hand_types(hand)), reverse=True):
            key = (v, shown)
            done = self._complete.get(key)
            if done is None:
                done = self._complete[key] = bool(self.rules.complete(self.cover_env(v, shown, tiles)))
            if done:
                return v
        return None

    def taken_env(self, x: int) -> dict[str, object]:
        """`take_to_out`'s names for the discard `x`."""
        low, high = self.tiles[x]
        value = self.types[self.type_of[x]][1]
        return {**self.counts, "high": high, "low": low, "pips": low + high, "is_double": low == high, "value": value}

    def hand_types(self, hand: list[int]) -> tuple[int, ...]:
        return tuple(sorted(self.type_of[x] for x in hand))

    def fewest_loose(self, hand: list[int]) -> int:
        """The fewest tiles of `hand` no split puts in a group (what the computer players keep low)."""
        if not hand:
            return 0
        return min(v[-1] for v in self.matcher.splits(self.hand_types(hand)))


tables_for = PerRuleset(DrawDiscardTables, 64)
