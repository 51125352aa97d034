"""Text the tool prints about what it read: problems with their positions, and text from files made
safe for a terminal.
"""
