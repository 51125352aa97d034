"""The seed of a deal nobody chose: drawn from `secrets` over 63 bits, the range every seed of a save,
a log or a command line takes (0 to 2**63 - 1).

A seed names the whole match: every hand and the draw order. Drawn from a small space (0 to
999,999), one seat's hand identifies it by a search over every seed (bench/seed_search.py: about a
minute on 2 cores), and with it every other hand; over 2**63 seeds no search can. Nor from Python's
shared `random`, which a program can seed and whose state its outputs reveal.
"""

from __future__ import annotations

import secrets

SEED_BITS = 63
MAX_SEED = 2**SEED_BITS - 1


def secret_seed() -> int:
    """A seed for a deal nobody chose, from the operating system's cryptographically strong source."""
    return secrets.randbits(SEED_BITS)
