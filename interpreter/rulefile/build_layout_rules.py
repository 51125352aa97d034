"""The layout keys that change who is out and what a hand holds (docs/format.md): `play.until`
(a round that goes on until a whole side is out), `deal.undealt: starter` (the tiles left
undealt go to the round's first player) and `layout.spinners: first_double_optional` (the first
double laid as its player chooses) and `deal.hands: blind_row` (hands face down in a row nobody
sees), and `play.announce_last` (a player down to one tile announces it), checked against the rest of the file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.rulefile.ruleset import (
    Deal,
    Draw,
    DrawPolicy,
    Family,
    Hands,
    Layout,
    Play,
    Players,
    PlayUntil,
    Spinners,
    Topology,
    Undealt,
)

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder


def play_until(b: _Builder, players: Players) -> PlayUntil:
    """`play.until`: side_out needs partnerships at some player count (alone, a side is a player)."""
    until = b.option(PlayUntil, "play", "until")
    if until is PlayUntil.SIDE_OUT and not players.team_counts:
        b.problem(
            ("play", "until"), "side_out waits for a whole side to be out, so it needs partnerships (players.teams)"
        )
    return until


def check_undealt_to_starter(b: _Builder, family: Family, deal: Deal, layout: Layout, draw: Draw) -> None:
    """`deal.undealt: starter`: a line's first tile has a player (a hub's engine may have none),
    and nobody draws the tiles he will take."""
    if deal.undealt is not Undealt.STARTER:
        return
    path = ("deal", "undealt")
    if family is not Family.LAYOUT:
        b.problem(path, "starter gives the undealt tiles to the layout's first player: layout games only")
    elif layout.topology is not Topology.LINE:
        b.problem(path, "starter gives the undealt tiles to the player of the line's first tile: needs a line")
    elif draw.policy is not DrawPolicy.NONE:
        b.problem(
            ("draw", "policy"),
            f"'{draw.policy.value}' draws from the boneyard, but deal.undealt is starter, so there is nothing to "
            "draw; use draw.policy none",
        )


def check_spinner_choice(b: _Builder, layout: Layout) -> None:
    """`layout.spinners: first_double_optional`: laid endwise, a double lies in a line."""
    if layout.spinners is Spinners.FIRST_DOUBLE_OPTIONAL and layout.topology is not Topology.LINE:
        b.problem(("layout", "spinners"), "first_double_optional lays the first double in line or across: needs a line")


def check_blind_rows(b: _Builder, family: Family, deal: Deal, layout: Layout, draw: Draw, play: Play) -> None:
    """`deal.hands: blind_row`: a line, one tile a turn, each turned up from the row (no drawing)."""
    if deal.hands is not Hands.BLIND_ROW:
        return
    path = ("deal", "hands")
    if family is not Family.LAYOUT:
        b.problem(path, "blind_row lays the rows' tiles on a layout: layout games only")
    elif layout.topology is not Topology.LINE:
        b.problem(path, "blind_row lays the turned tile on a line: needs layout.topology: line")
    elif draw.policy is not DrawPolicy.NONE:
        b.problem(("draw", "policy"), "a blind row is turned up, never drawn to: use draw.policy none")
    elif play.per_turn is not None or play.again_after_double or deal.redeal_claim is not None:
        b.problem(path, "blind_row turns one tile a turn: not with play.per_turn, again_after_double or redeal_claim")


def announce_last(b: _Builder, family: Family, layout: Layout) -> int:
    """`play.announce_last: {draw: N}`: the tiles a player draws who left himself one tile unannounced
    (0: unset). The announcement rides on the play (its value `tap`), which a first double laid as
    its player chooses (first_double_optional) carries already, so the two do not go together."""
    path = ("play", "announce_last")
    count = b.get(*path, "draw") if b.get(*path) is not None else None
    if count is None:
        return 0
    if family is Family.TRICKS:
        b.problem(path, "a player announces his last tile laid on a layout: layout games only")
    elif layout.spinners is Spinners.FIRST_DOUBLE_OPTIONAL:
        b.problem(path, "not with layout.spinners: first_double_optional, whose first double says how it goes")
    return int(count)
