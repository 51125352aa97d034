"""The partition family: each seat splits its hand into ranked groups, face down, and at the
showdown compares them with the banker's (match.py; the ranking: ranking.py; the splits and the
house way: splits.py; a search's samples: determinize.py)."""
