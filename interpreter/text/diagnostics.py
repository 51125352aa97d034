"""What the loader reports about a rule file: a position and a message, never a traceback."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Diagnostic:
    """One problem in a rule file.

    `line` and `column` are 1-based; 0 means the problem has no position inside the file
    (it cannot be read, it is empty, or it does not exist).
    """

    file: str
    line: int
    column: int
    message: str
    snippet: str | None = None  # caret lines under an expression (or the YAML line) at fault

    def format(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        text = f"{where}: {self.message}"
        if self.snippet:
            text += "\n" + "\n".join("    " + line for line in self.snippet.splitlines())
        return text

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.file, self.line, self.column, self.message)


class RuleFileError(Exception):
    """A rule file that cannot be loaded; `diagnostics` says every reason found."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__("\n".join(d.format() for d in diagnostics))
        self.diagnostics = diagnostics

    def __reduce__(self) -> tuple[type, tuple[list[Diagnostic]]]:
        # Rebuilt from its diagnostics, not its message, when it crosses a process boundary (a
        # simulation worker's error): the default would pass the message where a list belongs.
        return (RuleFileError, (self.diagnostics,))


def caret_snippet(line_text: str, column: int, length: int = 1) -> str:
    """The source line and a caret line under `column` (0-based), for YAML syntax errors."""
    line_text = line_text.rstrip("\r\n").expandtabs(1)
    return f"{line_text}\n{' ' * column}{'^' * max(1, length)}"


def dotted(path: tuple[str | int, ...]) -> str:
    """A key path as a user would name it: `start.first_round[0].holder`, `deal.hand_size["3-4"]`."""
    text = ""
    for key in path:
        if isinstance(key, int):
            text += f"[{key}]"
        elif key.isidentifier():
            text += f".{key}" if text else key
        else:
            text += f'["{key}"]'
    return text


def shorten(text: str, limit: int = 40) -> str:
    """`text` cut to `limit` characters, so that a hostile value cannot flood a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


# Words of opposite meaning are often close in spelling (lowest/highest, most/least): a
# suggestion must never turn what was written into its opposite. Each group is one meaning.
_MEANINGS = {
    "more": ("highest", "high", "higher", "most", "more", "max", "maximum", "largest", "biggest", "greatest",
             "heaviest", "top"),
    "less": ("lowest", "low", "lower", "least", "less", "fewest", "fewer", "min", "minimum", "smallest", "lightest",
             "bottom"),
    "first": ("first", "earliest"),
    "last": ("last", "latest", "final"),
    "clockwise": ("clockwise",),
    "counterclockwise": ("counterclockwise", "anticlockwise", "widdershins"),
}  # fmt: skip
_MEANING_OF = {word: meaning for meaning, words in _MEANINGS.items() for word in words}
_OPPOSITE = {
    "more": "less",
    "less": "more",
    "first": "last",
    "last": "first",
    "clockwise": "counterclockwise",
    "counterclockwise": "clockwise",
}


def meaning(word: str) -> tuple[str, ...]:
    """`word`'s parts (split at `_`, `-`, spaces), each word of a known meaning replaced by that meaning."""
    return tuple(_MEANING_OF.get(part, part) for part in re.split(r"[_\-\s]+", word.lower()) if part)


def suggestion(word: str, choices: Iterable[str]) -> str | None:
    """The choice `word` was most likely meant as: one of the same meaning ("most" for "highest"),
    else one close in spelling that does not mean the opposite; None if there is none."""
    options = list(choices)
    mine = meaning(word)
    same = [choice for choice in options if meaning(choice) == mine]
    if same:
        return same[0]
    opposite = {_OPPOSITE[part] for part in mine if part in _OPPOSITE}
    close = difflib.get_close_matches(word, options, n=max(1, len(options)))
    return next(
        (choice for choice in close if not opposite & set(meaning(choice)) and _whose(meaning(choice)) == _whose(mine)),
        None,
    )


# A name about the other sides (`opp_pips`, `opp_train`) and one about one's own (`pips`, `own_train`)
# are opposites too, however close their spelling: the parts that name the other sides.
_THEIRS = frozenset({"opp", "opps", "opponent", "opponents", "others", "their", "theirs"})


def _whose(parts: tuple[str, ...]) -> bool:
    """Whether a name's `parts` speak of the other sides rather than one's own."""
    return bool(_THEIRS & set(parts))
