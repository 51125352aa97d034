"""`domino serve`: the browser table. app.py holds the routes (docs/web.md), tables.py the tables the
server holds, views.py what one seat may see, replays.py the replay viewer, store.py the files beside
a save; static/ the page."""
