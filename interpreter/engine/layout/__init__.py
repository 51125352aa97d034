"""The layout family: tiles matched onto a line or a hub of trains. Its match state, legal moves,
turns, rounds and fast playout.
"""
