"""The trick family: an auction, trumps, and tricks won by the highest tile. Its match state
(match.py), its tables (tables.py) and where a trick is won (suits.py)."""
