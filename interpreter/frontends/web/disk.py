"""How much of the server's disk each client's tables take: their saves, sidecars and pasted rules
(store.py), by the address that made them (`client` in the sidecar), so the count is rebuilt from
the saves when the server starts again.

A table is measured when it is made or loaded, again whenever its client asks to make another (its
save grows with every action), and once more when it is let go of (finished: it grows no more).
A table being made counts from the moment its request is let through, by the size of what it
brings (the pasted rules, the save): requests arriving at once cannot all pass below the limit.
The registry (registry.py) calls all of this under its guard.
"""

from __future__ import annotations

import contextlib
import os
from collections import Counter
from pathlib import Path

from interpreter.frontends.web import store

MIB = 1024 * 1024


def amount(size: int) -> str:
    """Bytes in words: "27 KiB", "1.5 MiB"."""
    return f"{size / 1024:.0f} KiB" if size < MIB else f"{size / MIB:.1f} MiB"


def table_bytes(save: Path) -> int:
    """The bytes of a table's files on disk: its save, sidecar, and pasted rules (file or folder)."""
    total = 0
    for path in (save, store.tokens_path(save), store.rules_path(save)):
        with contextlib.suppress(OSError):
            total += os.lstat(path).st_size
    folder = store.rules_folder(save)
    try:
        with os.scandir(folder) as entries:
            total += sum(entry.stat(follow_symlinks=False).st_size for entry in entries)
    except OSError:
        pass
    return total


class DiskUse:
    """Bytes per client: of its tables by id, and of those being made."""

    def __init__(self, limit_mib: float) -> None:
        self.limit = int(limit_mib * MIB)
        self.tables: dict[str, dict[str, int]] = {}
        self.totals: Counter[str] = Counter()
        self.making: Counter[str] = Counter()

    def used(self, client: str) -> int:
        return self.totals[client] + self.making[client]

    def full(self, client: str) -> bool:
        return self.used(client) >= self.limit

    def record(self, client: str | None, table: str, size: int) -> None:
        if client is None:
            return
        mine = self.tables.setdefault(client, {})
        self.totals[client] += size - mine.get(table, 0)
        mine[table] = size

    def forget(self, client: str | None, table: str) -> None:
        """A table whose files are gone (a creation undone)."""
        if client is not None and client in self.tables:
            self.totals[client] -= self.tables[client].pop(table, 0)

    def reserve(self, client: str | None, size: int) -> None:
        """A table of `client` being made, which brings `size` bytes; `unreserve` once it is made or not."""
        if client is not None:
            self.making[client] += size

    def unreserve(self, client: str | None, size: int) -> None:
        if client is not None:
            self.making[client] -= size
            if self.making[client] <= 0:
                del self.making[client]
