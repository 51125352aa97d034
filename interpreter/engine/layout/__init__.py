"""The layout family: tiles matched onto a line or a hub of trains. Its match, the table its
phases share, the phases of a round (deal, play, scoring) and their rules, and fast playout.
"""
