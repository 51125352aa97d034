"""What `domino explain` says of the tiles that join trumps from their own suits (`trumps.joins`,
a bower), and the words of `explain --diff` for them; explain_tricks.py takes them from here."""

from __future__ import annotations

import enum
from typing import Any

from interpreter.rulefile.build_tricks import PIP_NAMES
from interpreter.rulefile.ruleset import Ruleset
from interpreter.rulefile.trick_rules import JoinsRank, TrickRules, Trump

_RANK = {
    JoinsRank.SECOND: "just below the highest trump",
    JoinsRank.TOP: "above every other trump",
    JoinsRank.BOTTOM: "below every other trump",
}
ENUM_WORDS: dict[enum.Enum, str] = {rank: words for rank, words in _RANK.items()}
LABELS = {"tricks.joins": "the tiles that join trumps from their own suit", "tricks.joins_rank": "where they rank"}


def sentences(ruleset: Ruleset, tricks: TrickRules) -> list[str]:
    """Under each suit of trumps the game may have, the tiles that join it (none: no sentence)."""
    joins = tricks.joins
    if joins is None:
        return []
    rules = ruleset.for_players(ruleset.players.min)
    env = {"players": ruleset.players.min, "max_pip": rules.max_pip, "set_size": rules.set_size}
    suits = [tricks.fixed_trump] if tricks.fixed_trump is not None else range(rules.max_pip + 1)
    said = []
    for trump in suits:
        tiles = [
            f"{low}-{high}" for low in range(rules.max_pip + 1) for high in range(low, rules.max_pip + 1)
            if trump not in (low, high)
            and joins({**env, "high": high, "low": low, "pips": low + high, "is_double": low == high, "trump": trump})
        ]  # fmt: skip
        if tiles:
            said.append(f"under {PIP_NAMES[trump]}, {' and '.join(tiles)}")
    if not said or (Trump.SUITS not in tricks.trumps and tricks.stock is None):
        return []
    where = _RANK[tricks.joins_rank]
    return [f"A tile may leave its own suit for trumps ({'; '.join(said)}): it is a trump then, ranking {where}."]


def say(path: str, value: Any) -> str | None:
    """A key's value in words for `explain --diff`, or None for another key."""
    if path == "tricks.joins":
        return "none" if value is None else " ".join(value.source.split())
    return None
