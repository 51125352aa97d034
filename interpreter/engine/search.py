"""What a searching player needs of a family's engine, chosen by the ruleset's family: a
determinizer (a full match consistent with one seat's observation) and the fast tree-path steps
`round_over`, `legal_now` and `advance` (docs/players.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from interpreter.engine.actions import Action
from interpreter.engine.counting import determinize as counting_search
from interpreter.engine.draw_discard import determinize as draw_discard_search
from interpreter.engine.layout import determinize as layout_search
from interpreter.engine.partition import determinize as partition_search
from interpreter.engine.tableau import determinize as tableau_search
from interpreter.engine.tricks import determinize as trick_search
from interpreter.rulefile.ruleset import Family, Ruleset


def _layout_round(match: Any) -> int:
    return match.round  # a determinization's current round: not dealt later, so reading it deals nothing


class SearchSupport(NamedTuple):
    determinizer: Callable[..., Any]  # (rules, observation) -> an object whose .sample(rng) is a Match
    round_key: Callable[[Any], int]  # what round_over compares: the round (layout), the deal (tricks)
    round_over: Callable[[Any, int], bool]
    legal_now: Callable[[Any], list[Action]]
    advance: Callable[[Any, Action], None]


_SUPPORT = {
    Family.LAYOUT: SearchSupport(
        layout_search.LayoutDeterminizer,
        _layout_round,
        layout_search.round_over,
        layout_search.legal_now,
        layout_search.advance,
    ),
    Family.TRICKS: SearchSupport(
        trick_search.TrickDeterminizer,
        trick_search.round_key,
        trick_search.round_over,
        trick_search.legal_now,
        trick_search.advance,
    ),
    Family.COUNTING: SearchSupport(
        counting_search.CountingDeterminizer,
        counting_search.round_key,
        counting_search.round_over,
        counting_search.legal_now,
        counting_search.advance,
    ),
    Family.TABLEAU: SearchSupport(
        tableau_search.TableauDeterminizer,
        tableau_search.round_key,
        tableau_search.round_over,
        tableau_search.legal_now,
        tableau_search.advance,
    ),
    Family.DRAW_DISCARD: SearchSupport(
        draw_discard_search.DrawDiscardDeterminizer,
        draw_discard_search.round_key,
        draw_discard_search.round_over,
        draw_discard_search.legal_now,
        draw_discard_search.advance,
    ),
    Family.PARTITION: SearchSupport(
        partition_search.PartitionDeterminizer,
        partition_search.round_key,
        partition_search.round_over,
        partition_search.legal_now,
        partition_search.advance,
    ),
}


def search_support(rules: Ruleset) -> SearchSupport:
    return _SUPPORT[rules.family]
