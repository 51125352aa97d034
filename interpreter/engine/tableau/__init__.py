"""The tableau family: a patience by totals (docs/format.md, "Patience by totals")."""
