"""`domino serve`: play in a browser. A local web app (interpreter/frontends/web) that draws the table,
served by uvicorn."""

from __future__ import annotations

import argparse
import socket
import webbrowser
from pathlib import Path

from interpreter.frontends.cli.commands.common import Bounded
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.records.savegame import default_directory

DEFAULT_PORT = 8765
PORT = Bounded(int, 0, 65535)  # a TCP port; 0: any free one
PACE_MS = Bounded(int, 0, 10_000)  # as the web API bounds a table's pace_ms (web/tables.py, MAX_PACE_MS)


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "serve",
        help="play in a browser",
        description="Serve the domino table as a local web app: choose a variant (or paste a rule file), seat "
        "people and computer players, and share one link per person. Every table is saved after every move, "
        "in the same format as `domino play`, so `domino resume FILE` continues it at the terminal.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this "
                        "computer only; 0.0.0.0 lets other computers join)")  # fmt: skip
    parser.add_argument("--port", type=PORT, default=DEFAULT_PORT, help=f"the port ({PORT.span}; default "
                        f"{DEFAULT_PORT}; 0: any free port)")  # fmt: skip
    parser.add_argument("--open", action="store_true", help="open the page in the web browser")
    parser.add_argument(
        "--state-dir", metavar="DIR",
        help="where tables are saved and found again (default $XDG_STATE_HOME/domino, else ~/.local/state/domino: "
        "where the terminal saves)",
    )
    parser.add_argument("--pace-ms", type=PACE_MS, default=700, metavar="MS",
                        help=f"the pause before each computer move ({PACE_MS.span}; default 700)")  # fmt: skip
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    try:
        import uvicorn

        from interpreter.frontends.web.app import create_app
    except ImportError as error:  # installed without its dependencies
        env.stderr.write(f"domino serve: {error}; install the project with its dependencies (pip install .)\n")
        return ExitStatus.FAILURE
    directory = env.cwd / args.state_dir if args.state_dir else default_directory(env.environ, env.cwd)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        listener = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((args.host, args.port))
        # Listening before the URL is printed: a browser or script that connects at once is queued, not refused.
        listener.listen(128)
    except OSError as error:
        env.stderr.write(f"domino serve: cannot listen on {args.host}:{args.port}: {error.strerror or error}\n")
        return ExitStatus.FAILURE
    port = listener.getsockname()[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else shown}:{port}/"
    app = create_app(Path(directory), pace_ms=args.pace_ms)
    env.stdout.write(f"domino serve: the table is at {url}  (saves in {directory}; Ctrl-C stops)\n")
    env.stdout.flush()
    if args.open:
        webbrowser.open(url)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    try:
        uvicorn.Server(config).run(sockets=[listener])
    except KeyboardInterrupt:
        return ExitStatus.INTERRUPTED
    finally:
        listener.close()
    return ExitStatus.OK
