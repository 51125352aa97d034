"""The counting family: a crib, a turned-up tile, tiles laid to a running total with go, pegging,
and a show of the hands and the crib (docs/format.md, "Counting games")."""
