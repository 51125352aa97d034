"""The adapters people meet: the command line (cli/), the terminal game (terminal/), the browser
table (web/), the language server (lsp.py), and what they share: the words (presentation/), a
computer seat's move and a hint (computers.py), the errors that are the rules stopping a game
(matches.py), the rules a save was played by (saves.py).
"""
