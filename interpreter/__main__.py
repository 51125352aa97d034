"""`python -m interpreter`: the `domino` command."""

from interpreter.cli import main

raise SystemExit(main())
