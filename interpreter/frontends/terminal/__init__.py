"""The terminal game: the play loop (session.py) and the table it draws (table.py)."""
