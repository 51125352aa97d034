"""Plays that lead to equivalent positions, counted once: for searches and for people's move lists.

`legal_actions()` lists a play per arm, so a tile that fits two arms showing the same value is
listed twice (both ends of a line showing 5, two empty shared trains). When the two arms are
interchangeable, the two plays lead to the same position up to swapping those arms: every rule
reads the same thing of it afterwards, and the game goes on the same way (the log names the arm,
nothing else does). `play_key` is equal exactly for such plays; `distinct_plays` keeps the first
of each class, in the order given. Nothing here changes what the engine lists or what a log records.

Two arms are interchangeable when they agree in everything a rule can read of them:

- kind, owner, the tile they grow from (root), the spinner a side arm belongs to, the value shown;
- the counted end (docs/format.md): whether they are empty, and whether a double lies at the end;
- whether a spinner waits on them: a lead spinner at an empty end arm, or an attached spinner
  that is the arm's last tile (the next tile there opens its sides);
- whether they are open and marked, and which open doubles wait on them;
- what `play.allowed` reads: it may name the arm (`arm`: then no two arms are alike) or count its
  tiles (`arm_tiles`: then their lengths must be equal too).

The tiles further down an arm are read by no rule (in-play scoring reads the ends, and lists of
ends only through order-free functions): they are only shown, and logged. So for a search two
ends showing 5 are alike whatever lies beneath; for a person the tables differ (`same_table`,
what `interpreter.frontends.presentation.moves` lists), and only arms without tiles are alike (the two ends of a
lone double lead, empty shared trains). Anything else: not merged.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from interpreter.engine.actions import Action
from interpreter.engine.observation import ArmView, LayoutView
from interpreter.rulefile.ruleset import Ruleset

END = "end"


def play_key(action: Action, layout: LayoutView, rules: Ruleset | None = None, *, same_table: bool = False) -> Hashable:
    """Equal for two legal actions that lead to equivalent positions (see the module docstring).

    `rules`: the match's rules, for what `play.allowed` reads; None considers no `play.allowed`.
    `same_table`: equal only if the two tables look the same too, up to the arms' numbering (for
    people's move lists): then arms that carry tiles are never alike, as what lies on them differs."""
    if action.arm is None:
        return action
    arm_key = arm_keys(layout, rules, same_table=same_table)[action.arm]
    if arm_key is None:
        return action
    return (action.kind, action.tile, action.half, arm_key, action.value)  # value: a double sidewise or endwise


def distinct_plays(source: Any, legal: Sequence[Action]) -> list[Action]:
    """One action per class of equivalent ones (`play_key`), the first of each in `legal`'s order.

    `source` is the `Match` or the `Observation` the actions are legal in (its layout and rules
    are read, and only when `has_twins(legal)`)."""
    if not has_twins(legal):
        return list(legal)
    rules: Ruleset = source.rules if hasattr(source, "rules") else source.ruleset
    return merged(legal, arm_keys(source.layout, rules))


def has_twins(legal: Sequence[Action]) -> bool:
    """Whether `legal` lists one tile with one touching half on two arms: the only way two of
    its actions can be equivalent. Cheap, and false for most decisions."""
    seen: set[tuple[Any, Any]] = set()
    for action in legal:
        if action.arm is not None:
            pair = (action.tile, action.half)
            if pair in seen:
                return True
            seen.add(pair)
    return False


def merged(legal: Sequence[Action], keys: Sequence[Hashable | None]) -> list[Action]:
    """`distinct_plays` with the layout's `arm_keys` worked out already."""
    out: dict[Hashable, Action] = {}
    for action in legal:
        arm_key = None if action.arm is None else keys[action.arm]
        key = action if arm_key is None else (action.kind, action.tile, action.half, arm_key, action.value)
        out.setdefault(key, action)
    return list(out.values())


def followers(keys: Sequence[Hashable | None]) -> frozenset[int]:
    """The arms alike with an earlier arm (by `arm_keys`): their plays are twins of the same plays
    on the first arm of their kind. Alike arms show one value and are open alike, so a tile that
    fits one fits them all: dropping the plays on these arms keeps one play per class, the first
    in the engine's order, whatever the hands (a search keeps this per tree node: the actions that
    lead to a node fix its layout)."""
    first: dict[Hashable, int] = {}
    out = []
    for arm, key in enumerate(keys):
        if key is not None and first.setdefault(key, arm) != arm:
            out.append(arm)
    return frozenset(out)


def arm_keys(layout: LayoutView, rules: Ruleset | None, *, same_table: bool = False) -> list[Hashable | None]:
    """Per arm, what makes it interchangeable with another (`play_key`); None: alike with no other arm."""
    allowed = None if rules is None else rules.play.allowed
    if allowed is not None and "arm" in allowed.names:
        return [None] * len(layout.arms)
    lengths = allowed is not None and "arm_tiles" in allowed.names
    lead_spinner = layout.lead is not None and layout.lead in layout.spinners
    return [None if same_table and arm.tiles else _arm_key(layout, arm, lengths, lead_spinner) for arm in layout.arms]


def _arm_key(layout: LayoutView, arm: ArmView, lengths: bool, lead_spinner: bool) -> Hashable:
    if arm.tiles:
        touching, outer = arm.tiles[-1]
        double_at_end = touching == outer
        spinner_waits = double_at_end and (touching, outer) in layout.spinners
    else:
        double_at_end = False
        spinner_waits = arm.kind == END and lead_spinner
    size = len(arm.tiles) if lengths or spinner_waits else bool(arm.tiles)
    waiting = tuple(i for i, double in enumerate(layout.open_doubles) if arm.id in double.arms)
    return (arm.kind, arm.owner, arm.root, arm.spinner, arm.value, size, double_at_end, spinner_waits,
            arm.open, arm.marker, waiting)  # fmt: skip
