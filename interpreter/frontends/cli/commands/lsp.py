"""`domino lsp`: a language server on standard input and output, for editors (interpreter/frontends/lsp.py)."""

from __future__ import annotations

import argparse
import importlib
import os

from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.version import version

# The modules the server needs that the `lsp` extra installs (pygls and what it is built on).
_EXTRA_MODULES = {"pygls", "lsprotocol", "cattrs", "attrs"}


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "lsp",
        help="run the language server that shows domino validate's problems in an editor",
        description="Run a Language Server Protocol server on standard input and output: an editor that "
        "starts it (beside yaml-language-server) underlines every problem `domino validate` finds in a rule "
        "file as you type, at its position. Needs the lsp extra: pip install 'domino-rules[lsp]'. "
        "See `domino docs editors`.",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    try:
        # Imported here: the extra is optional, and no other command should pay for loading it.
        lsp = importlib.import_module("interpreter.frontends.lsp")
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] not in _EXTRA_MODULES:
            raise
        env.stderr.write("domino lsp: needs pygls: pip install 'domino-rules[lsp]'\n")
        return ExitStatus.FAILURE
    if env.is_tty(env.stdin):
        # Started by hand rather than by an editor: say why nothing seems to happen.
        env.stderr.write("domino lsp: a language server for editors, speaking LSP on standard input and output "
                         "(`domino docs editors`); Ctrl-D ends it\n")  # fmt: skip
    server = lsp.create_server(version())
    # pygls closes the stream it writes to when the client says `exit`: a descriptor of its own keeps
    # the process's standard output open for the end of the command.
    with os.fdopen(os.dup(env.stdout.fileno()), "wb") as output:
        server.start_io(env.stdin.buffer, output)
    return ExitStatus.OK if server.shut_down else ExitStatus.FAILURE
