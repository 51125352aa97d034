"""What a partition match works out once per ruleset and player count: the tiles by id, the
seat order, and the ranking of groups (shared by a match, its clones and a search's samples)."""

from __future__ import annotations

from interpreter.engine.cache import PerRuleset
from interpreter.engine.partition.ranking import Ranker
from interpreter.engine.tiles import bits
from interpreter.rulefile.partition_rules import PartitionRules
from interpreter.rulefile.ruleset import Direction, Ruleset


class PartitionTables:
    def __init__(self, ruleset: Ruleset, players: int) -> None:
        assert ruleset.partition is not None
        self.ruleset = ruleset
        self.rules: PartitionRules = ruleset.partition
        self.players = players
        self.tiles = ruleset.set_tiles()  # by id: copies of a tile have ids of their own
        self.step = 1 if ruleset.players.direction is Direction.CLOCKWISE else -1
        self.ranker = Ranker(self.rules)
        self.hand_size = self.rules.hand_size
        rounds = ruleset.match.rounds
        self.rounds = rounds[players] if rounds else 1

    def ids(self, mask: int) -> list[int]:
        return bits(mask)

    def next_seat(self, seat: int) -> int:
        return (seat + self.step) % self.players

    def tiles_of(self, mask: int) -> tuple[tuple[int, int], ...]:
        return tuple(sorted(self.tiles[x] for x in bits(mask)))


partition_tables_for = PerRuleset(PartitionTables, 16)
