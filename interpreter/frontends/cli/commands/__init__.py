"""The subcommands of `domino`, in the order `domino --help` lists them."""

from types import ModuleType

from interpreter.frontends.cli.commands import (
    compare,
    completion,
    docs,
    explain,
    list_variants,
    lsp,
    new,
    play,
    replay,
    resume,
    schema,
    serve,
    simulate,
    validate,
)

COMMANDS: list[ModuleType] = [play, resume, serve, list_variants, explain, docs, simulate, compare, validate, replay]
COMMANDS += [new, schema, completion, lsp]
