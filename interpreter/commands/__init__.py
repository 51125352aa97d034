"""The subcommands of `domino`, in the order `domino --help` lists them."""

from types import ModuleType

from interpreter.commands import list_variants, replay, simulate, validate

COMMANDS: list[ModuleType] = [list_variants, validate, simulate, replay]
