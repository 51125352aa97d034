"""The web app's route handlers, by what they serve: the start page's games (variants.py), a
table (tables.py), what a seated person does at it (seats.py), replays (replays.py) and the page's
files (pages.py). Each reads the server's state from its request (web/server_state.py)."""
