"""Colour where the terminal supports it: ANSI styles on a terminal, plain text elsewhere or with NO_COLOR."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

_RESET = "\x1b[0m"
# The SGR codes of each style: the CLI's output lets exactly these through (environment.py).
CODES = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "blue": "34", "cyan": "36"}


class Style:
    def __init__(self, colour: bool) -> None:
        self.colour = colour

    @classmethod
    def for_output(cls, is_terminal: bool, environ: Mapping[str, str]) -> Style:
        """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org) or TERM is dumb."""
        return cls(is_terminal and not environ.get("NO_COLOR") and environ.get("TERM") != "dumb")

    def paint(self, text: str, *styles: str) -> str:
        if not self.colour or not styles:
            return text
        return f"\x1b[{';'.join(CODES[s] for s in styles)}m{text}{_RESET}"

    def heading(self, text: str) -> str:
        return self.paint(text, "bold")

    def problem(self, text: str) -> str:
        return self.paint(text, "red")

    def quiet(self, text: str) -> str:
        return self.paint(text, "dim")


def tile(first: int, second: int) -> str:
    """A tile as players write it: [6|3], halves in the order given."""
    return f"[{first}|{second}]"


def hand_tile(low_high: tuple[int, int]) -> str:
    """A tile in a hand, the higher half first: [6|3]."""
    low, high = low_high
    return tile(high, low)


def in_hand_order(tiles: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """(low, high) tiles as a hand is read: the highest half first, [6|6] [6|3] [5|5] …"""
    return sorted(((low, high) for low, high in tiles), key=lambda t: (t[1], t[0]), reverse=True)
