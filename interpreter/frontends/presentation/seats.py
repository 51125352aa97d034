"""Who sits where: a person or a computer strategy per seat, and the names the screen calls them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

HUMAN = "human"


@dataclass(frozen=True)
class Seat:
    kind: str  # HUMAN or a computer strategy name
    name: str  # "You", "Player 2", "Computer", "Computer 3"

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


def seats_for(kinds: Sequence[str]) -> list[Seat]:
    """Names by seat: one person is "You"; several take turns at one keyboard as "Player N"."""
    humans = sum(kind == HUMAN for kind in kinds)
    computers = len(kinds) - humans
    out = []
    for number, kind in enumerate(kinds, start=1):
        if kind == HUMAN:
            name = "You" if humans == 1 else f"Player {number}"
        else:
            name = "Computer" if computers == 1 else f"Computer {number}"
        out.append(Seat(kind, name))
    return out


def in_turn_order(count: int, counterclockwise: bool) -> list[int]:
    """The seats from the first, in the order play goes: counter-clockwise, the turn goes to the
    lower seat (1, 4, 3, 2), as the engine passes it."""
    return [0, *range(count - 1, 0, -1)] if counterclockwise else list(range(count))


def turn_order_line(seats: Sequence[Seat], counterclockwise: bool) -> str:
    """ "In turn order: You, Computer 4 (greedy), Computer 3 (greedy), Computer 2 (greedy)." """
    named = [seats[n].name if seats[n].human else f"{seats[n].name} ({seats[n].kind})" for n in range(len(seats))]
    return f"In turn order: {', '.join(named[n] for n in in_turn_order(len(seats), counterclockwise))}."


def plural(names: Sequence[str]) -> bool:
    """Whether `names` take a plural verb: "You win", "Player 1 & Player 3 win", "Computer wins"."""
    return len(names) > 1 or names[0] == "You"


def together(names: Sequence[str]) -> str:
    """ "You & Computer 3"; a team of three: "You, Computer 3 & Computer 5"."""
    return " & ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} & {names[-1]}"
