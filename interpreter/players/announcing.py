"""Computer players always announce a last tile (`play.announce_last`): where the engine offers a
play with `tap`, its silent twin is left out of what they choose from."""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.engine.actions import PLAY, TAP, Action


def announcing(legal: Sequence[Action]) -> Sequence[Action]:
    """`legal` without the plays made silently where their announced twins are offered (then every
    play is: each leaves one tile). Anything else: `legal` itself."""
    if len(legal) < 2 or legal[1].value != TAP:  # a tapped twin follows its play (legal.with_taps)
        return legal
    return [a for a in legal if a.kind != PLAY or a.value == TAP]
