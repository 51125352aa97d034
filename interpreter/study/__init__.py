"""Many matches: simulation (local or on Ray), the statistics of its results, the report with
plots, and the ladder of players.
"""
