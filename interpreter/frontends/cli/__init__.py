"""The `domino` command: main.py parses and dispatches; each subcommand is a module of commands/."""
