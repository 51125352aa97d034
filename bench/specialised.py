"""The reference: four-player block dominoes on double-six, played by a loop written for exactly
these rules, as fast as plain single-process Python gets.

A hand is a 28-bit int (bit t = tile t), so the legal tiles on an end are one AND with that pip
value's mask, counting them is `int.bit_count`, and playing a tile is one XOR: a decision
allocates nothing. The deal sorts the tile bits by random keys (a uniform permutation, about twice
as fast as `random.shuffle`) and a hand is the sum of seven of them.

Block needs no pass counting: every tile is in a hand or on the line, and the halves of a value v
on a line pair up at the joints, so once no hand holds a v the line shows v at both ends or at
neither. The round is blocked exactly when both ends show the same v and no hand holds a v.
"""

from __future__ import annotations

import random

MAX_PIP = 6
SEATS = 4
HAND = 7

TILES = [(a, b) for a in range(MAX_PIP + 1) for b in range(a, MAX_PIP + 1)]
BIT = [1 << t for t in range(len(TILES))]
ALL_TILES = sum(BIT)
LEAD = BIT[TILES.index((MAX_PIP, MAX_PIP))]
# MATCHING[v]: every tile with a half v.
MATCHING = [sum(BIT[t] for t, (a, b) in enumerate(TILES) if v in (a, b)) for v in range(MAX_PIP + 1)]
# OTHER_HALF[v][tile bit]: the value a tile leaves open when its v half is laid on an end showing v.
OTHER_HALF = [{BIT[t]: b if a == v else a for t, (a, b) in enumerate(TILES) if v in (a, b)} for v in range(MAX_PIP + 1)]
SEAT_SLICES = [slice(seat * HAND, (seat + 1) * HAND) for seat in range(SEATS)]
# PIPS_OF_CHUNK[j][m]: the pips of the tiles whose bits are m << 7j. The 28 tile bits are four 7-bit
# chunks, so the pips left in all hands at the end of a round are four lookups, not a loop over tiles.
PIPS_OF_CHUNK = [
    [sum(sum(TILES[7 * j + b]) for b in range(7) if m >> b & 1) for m in range(128)] for j in range(len(TILES) // 7)
]


def rounds(n: int, seed: int) -> int:
    """Play n random rounds; the checksum is the total of the pips left in all hands at the ends
    of the rounds, which depends on every move and is comparable across the contenders."""
    rng = random.Random(seed)
    rand = rng.random
    bit = BIT
    matching = MATCHING
    other_half = OTHER_HALF
    slices = SEAT_SLICES
    pips0, pips1, pips2, pips3 = PIPS_OF_CHUNK
    pips_left = 0
    for _ in range(n):
        order = sorted(bit, key=lambda _: rand())
        hands = [sum(order[s]) for s in slices]
        seat = order.index(LEAD) // HAND
        hands[seat] ^= LEAD
        in_hands = ALL_TILES ^ LEAD
        left = right = MAX_PIP
        while True:
            seat = (seat + 1) % SEATS
            hand = hands[seat]
            on_left = hand & matching[left]
            on_right = hand & matching[right] if right != left else 0
            if not (on_left or on_right):
                continue  # a pass; the block test below guarantees that somebody can play
            n_left = on_left.bit_count()
            k = n_left + on_right.bit_count()
            i = int(rand() * k) if k > 1 else 0
            if i < n_left:
                while i:
                    on_left &= on_left - 1
                    i -= 1
                played = on_left & -on_left
                left = other_half[left][played]
            else:
                i -= n_left
                while i:
                    on_right &= on_right - 1
                    i -= 1
                played = on_right & -on_right
                right = other_half[right][played]
            hand ^= played
            hands[seat] = hand
            in_hands ^= played
            if not hand or (left == right and not in_hands & matching[left]):
                break
        pips_left += (
            pips0[in_hands & 127] + pips1[in_hands >> 7 & 127] + pips2[in_hands >> 14 & 127] + pips3[in_hands >> 21]
        )
    return pips_left
