"""The subcommands of `domino`, in the order `domino --help` lists them."""

from types import ModuleType

from interpreter.commands import explain, list_variants, play, replay, resume, serve, simulate, validate

COMMANDS: list[ModuleType] = [play, resume, serve, list_variants, explain, simulate, validate, replay]
