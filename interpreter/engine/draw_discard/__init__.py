"""The draw-and-discard family: each turn take a discard or draw, then discard, until a hand is complete."""
