"""The words every front end shares: a game told in words (narration), moves read from what a person
types, seats, scores and each family's board in text, so the terminal, the browser, the command
line and the agents say a game alike."""
