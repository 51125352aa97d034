"""`python cli.py`: the `domino` command run from a checkout (its body is interpreter/frontends/cli/main.py)."""
from interpreter.frontends.cli.main import build_parser, main, run  # noqa: F401  (tests and tools import them from here)

if __name__ == "__main__":
    raise SystemExit(main())
