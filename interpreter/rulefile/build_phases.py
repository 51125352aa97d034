"""`phases`: a rule file's own sequence of phase kinds (docs/format.md, "The phases of a hand"),
checked against the sequence its other keys make (phase_kinds.sequence_of, the family's default).

A written sequence names the same kinds as the default one — the file's sections make the phases,
the list only orders them — and keeps the order the engine plays, except for the kinds that may
move (`MOVABLE`), each within its bounds. Every refusal says why at the entry it is about.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from interpreter.rulefile.phase_kinds import (
    AUCTION,
    CALLS,
    DEAL,
    DECLARATION,
    DISCARD,
    LAYOUT,
    PASSING,
    PLAY_KINDS,
    SCORING,
    UNDEALT,
    play_kind,
)

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder


class Placement(NamedTuple):
    """Where a movable kind may stand: before each of `before` that the hand has, and not between
    a pair of `apart` (each pair with its reason)."""

    before: tuple[tuple[str, str], ...]  # (kind, why this one comes before it)
    apart: tuple[tuple[str, str, str], ...]  # (first, second, why nothing comes between them)


# The kinds a file may place elsewhere than its default sequence (after the deal, which is first).
MOVABLE: dict[str, Placement] = {
    PASSING: Placement(
        before=(
            (CALLS, "a player who drops out at the calls has no hand to pass from"),
            (UNDEALT, "the dealer takes the turned-up tile at his call"),
            *((kind, "tiles are passed before play") for kind in PLAY_KINDS),
        ),
        apart=((AUCTION, DECLARATION, "the auction's winner names trumps as the auction closes"),),
    ),
}

# What makes a phase of each kind in a hand: said when a file lists a kind its hand does not have.
_MADE_BY = {
    CALLS: "a calls section makes one, or deal.redeal_claim in a layout game",
    AUCTION: "a bidding section makes one", DECLARATION: "a bidding section makes one",
    UNDEALT: "stock.take_turn_up makes one", DISCARD: "bidding.kitty or a calls section makes one",
    PASSING: "a passing section makes one",
}  # fmt: skip

# Why the engine plays one kind before another, where a file writes them the other way round.
_BEFORE = {
    (AUCTION, DECLARATION): "the declaration is the auction winner's, so it follows the auction",
    (DECLARATION, DISCARD): "the kitty goes to the declarer once trumps are named",
    (CALLS, UNDEALT): "the dealer takes the turned-up tile at his call",
    (CALLS, DISCARD): "an exchange's discards follow the call that made them",
    (CALLS, LAYOUT): "a redeal is claimed from a hand as dealt, before the first play",
}


def build_phases(b: _Builder, default: tuple[str, ...]) -> tuple[str, ...]:
    """The file's own sequence (empty when it writes none), checked against `default`, the
    sequence its other keys make; a problem for each way it cannot be played."""
    written = b.get("phases")
    if written is None:
        return ()
    kinds = tuple(written)
    before = len(b.problems)
    _check_kinds(b, kinds, default)
    if len(b.problems) == before:
        _check_order(b, kinds, default)
    return kinds


def _check_kinds(b: _Builder, kinds: tuple[str, ...], default: tuple[str, ...]) -> None:
    """Each kind of the hand listed once, and no other."""
    for i, kind in enumerate(kinds):
        if kind in kinds[:i]:
            b.problem(("phases", i), f"{kind} is listed twice: a hand goes through each kind of phase once")
        elif kind not in default and kind in PLAY_KINDS:
            play = play_kind(default)
            b.problem(("phases", i), f"{kind}: this hand plays its tiles in a {play} phase; did you mean '{play}'?")
        elif kind not in default:
            made = _MADE_BY.get(kind, "a section this file does not have makes one")
            b.problem(("phases", i), f"{kind}: this hand has no {kind} phase ({made})")
    left_out = [kind for kind in default if kind not in kinds]
    if left_out:
        said = ", ".join(left_out)
        what = (
            "is left out: the file's rules make it a phase"
            if len(left_out) == 1
            else ("are left out: the file's rules make them phases")
        )
        b.problem(("phases",), f"{said} {what} of every hand; list every phase the hand goes through")


def _check_order(b: _Builder, kinds: tuple[str, ...], default: tuple[str, ...]) -> None:
    """The deal first, the scoring last, the kinds that do not move in the default order, and
    each movable kind within its bounds. Only the first problem of order is said."""
    if kinds[0] != DEAL:
        b.problem(("phases", 0), f"the deal comes first: a hand starts with its deal, not with {kinds[0]}")
        return
    if kinds[-1] != SCORING:
        last = f"the scoring comes last: a hand ends with its scoring, not with {kinds[-1]}"
        b.problem(("phases", len(kinds) - 1), last)
        return
    fixed = [(i, kind) for i, kind in enumerate(kinds) if kind not in MOVABLE]
    expected = [kind for kind in default if kind not in MOVABLE]
    for (i, kind), due in zip(fixed, expected, strict=True):
        if kind != due:
            why = _BEFORE.get((due, kind), f"the engine plays {due} first")
            b.problem(("phases", i), f"{kind} cannot come before {due}: {why}")
            return
    for i, kind in enumerate(kinds):
        placement = MOVABLE.get(kind)
        if placement is None:
            continue
        earlier, later = kinds[:i], kinds[i + 1 :]
        for other, why in placement.before:
            if other in earlier:
                b.problem(("phases", i), f"{kind} comes before {other}: {why}")
                return
        for first, second, why in placement.apart:
            if first in earlier and second in later:
                b.problem(("phases", i), f"{kind} cannot come between {first} and {second}: {why}")
                return
