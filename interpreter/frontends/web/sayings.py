"""What a person at a table may say to it: a few fixed, friendly words and emoji (no free text, so
nothing a person types ever reaches another's screen), the last few said, and how often a seat may
speak. Kept in memory only: never in the save nor the sidecar, gone with a restart.

A spectator neither says nor sees them: the words are between the people playing (docs/web.md).
"""

from __future__ import annotations

import math
import secrets
from collections import deque
from collections.abc import Callable
from typing import Any

from interpreter.frontends.web.limits import Limits, RateLimiter
from interpreter.frontends.web.refusal import Refusal
from interpreter.frontends.web.tables import Table

# Key → what the table sees. Friendly only: nothing that hurries or taunts another person.
SAYINGS: dict[str, str] = {
    "hello": "Hello!",
    "luck": "Good luck!",
    "nice": "Nice play!",
    "oops": "Oops!",
    "thanks": "Thanks!",
    "gg": "Good game!",
    "thumbs": "👍",
    "smile": "😊",
    "laugh": "😄",
    "clap": "👏",
}
KEPT = 8  # the last messages each seat's view carries: a page whose stream dropped a few still sees them
EVERY_S = 2  # a seat says one thing every this many seconds ...
BURST = 3  # ... after saying up to this many at once
KNOWN = ", ".join(SAYINGS)


class Sayings:
    """A table's last `KEPT` messages and each seat's rate (a token bucket per seat, `clock`'s time)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.said: deque[dict[str, Any]] = deque(maxlen=KEPT)
        # Ids count on from a random start: a page that saw another server's messages (before a
        # restart) never takes a new message for one it has already shown.
        self.next_id = 1 + secrets.randbelow(2**48)
        self.rate = RateLimiter(Limits(rate_per_s=1 / EVERY_S, burst=BURST), clock)

    def add(self, seat: int, key: str) -> None:
        wait = self.rate.wait_for(str(seat))
        if wait:
            raise Refusal(429, f"one message every {EVERY_S} s (a few at once); wait a moment",
                          retry_after=max(1, math.ceil(wait)))  # fmt: skip
        self.said.append({"id": self.next_id, "seat": seat, "say": key, "text": SAYINGS[key]})
        self.next_id += 1

    def shown(self) -> list[dict[str, Any]]:
        return [dict(message) for message in self.said]


def catalogue() -> dict[str, Any]:
    """What the page offers (GET /api/sayings): the words in one place, the server's."""
    return {"sayings": [{"say": key, "text": text} for key, text in SAYINGS.items()],
            "rate": {"every_s": EVERY_S, "burst": BURST}}  # fmt: skip


async def say(table: Table, seat: int, key: Any) -> None:
    """`seat` says the catalogue's words for `key` to everyone seated; Refusal 422 for a key that is
    not one (the reason lists them and never repeats what was sent), 429 past the seat's rate."""
    if not isinstance(key, str) or key not in SAYINGS:
        raise Refusal(422, f"say must be one of: {KNOWN}")
    async with table.turn:  # published with the table as its save holds it, never mid-action
        if table.sayings is None:
            table.sayings = Sayings(lambda: table.clock())
        table.sayings.add(seat, key)
        table.publish()
