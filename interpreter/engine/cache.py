"""What a family works out once per ruleset and player count (its tables), kept for the rulesets
used last: a match, its clones and a search's thousands of determinizations share one."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from interpreter.rulefile.ruleset import Ruleset


class _Tables(Protocol):
    ruleset: Ruleset


T = TypeVar("T", bound=_Tables)


class PerRuleset(Generic[T]):
    """`cache(ruleset, players)`: `build(ruleset, players)`, made once while among the `size` used
    last. The cache holds the ruleset, so its id stays unique while its entry lives."""

    def __init__(self, build: Callable[[Ruleset, int], T], size: int) -> None:
        self._build = build
        self._size = size
        self._found: OrderedDict[tuple[int, int], T] = OrderedDict()

    def __call__(self, ruleset: Ruleset, players: int) -> T:
        key = (id(ruleset), players)
        found = self._found.get(key)
        if found is None or found.ruleset is not ruleset:
            found = self._found[key] = self._build(ruleset, players)
            if len(self._found) > self._size:
                self._found.popitem(last=False)
        else:
            self._found.move_to_end(key)
        return found
