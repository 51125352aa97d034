"""Playing at a terminal: the table drawn as text, moves read from what a person types, the prompt loop."""
