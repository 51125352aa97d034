"""The subcommands of `domino`, in the order `domino --help` lists them."""

from types import ModuleType

COMMANDS: list[ModuleType] = []
