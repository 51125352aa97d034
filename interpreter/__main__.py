"""`python -m interpreter`: the `domino` command."""

from interpreter.frontends.cli.main import main

raise SystemExit(main())
