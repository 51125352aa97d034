"""`domino serve`: play in a browser. A local web app (interpreter/frontends/web) that draws the table,
served by uvicorn."""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import signal
import webbrowser
from dataclasses import fields
from pathlib import Path

from interpreter.frontends.cli.commands.common import Bounded, dash_refused
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.web.limits import MAXIMA, Limits
from interpreter.records.savegame import default_directory, default_directory_help
from interpreter.text.diagnostics import shorten
from interpreter.text.untrusted import printable

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
    env = getattr(parser, "env", None)  # the Env this command line is parsed for, as play's help reads it
    # registry.server_directory's folder; not imported from there: the web modules load when a server starts
    folder = default_directory(env.environ, env.cwd) / "serve" if env else default_directory_help(inside="serve")
    parser.add_argument(
        "--state-dir", metavar="DIR",
        help=f"where tables are saved and found again (default {str(folder).replace('%', '%%')}: apart from the "
        "terminal's saves, which a table is opened from only with proof)",
    )
    parser.add_argument(
        "--trusted-proxies", type=trusted_networks, default=(), metavar="ADDR[,ADDR]",
        help="the reverse proxies (addresses or networks such as 10.0.0.0/8) whose X-Forwarded-For names the "
        "client; default none: every client is the address it connects from, whatever its headers say",
    )
    parser.add_argument("--pace-ms", type=PACE_MS, default=700, metavar="MS",
                        help=f"the pause before each computer move ({PACE_MS.span}; default 700)")  # fmt: skip
    limits = parser.add_argument_group(
        "limits", "what one client and the whole server may hold (`domino docs web`, Limits); past one, a request is "
        "refused with 429, 503 or 507 (disk)",
    )
    for item in fields(Limits):
        default = getattr(Limits, item.name)
        # Whole numbers from 1, seconds and rates from a tenth: a limit of 0 would refuse everything.
        bounded = Bounded(float, 0.1, MAXIMA[item.name]) if isinstance(default, float) else \
            Bounded(int, 1, MAXIMA[item.name])  # fmt: skip
        limits.add_argument(f"--{item.name.replace('_', '-')}", type=bounded, default=default, metavar="N",
                            help=f"{LIMIT_HELP[item.name]} (default {default:g}, {bounded.span})")  # fmt: skip
    parser.set_defaults(run=run)


def trusted_networks(text: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """The argparse `type=` of --trusted-proxies: IP addresses and networks, comma-separated. No
    host name (it would be looked up) and no `*` (every client could name itself anything)."""
    parts = [part.strip() for part in text.split(",")]
    try:
        if not all(parts):
            raise ValueError
        return tuple(ipaddress.ip_network(part, strict=False) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected IP addresses or networks such as 127.0.0.1,10.0.0.0/8, "
                                         f"comma-separated, not {shorten(text)!r}") from None  # fmt: skip


LIMIT_HELP = {
    "tables": "unfinished tables on the server",
    "tables_per_client": "unfinished tables made from one address",
    "streams": "live-update streams open in all",
    "streams_per_table": "live-update streams open on one table",
    "streams_per_client": "live-update streams open from one address",
    "connections": "connections and requests in progress",
    "header_timeout_s": "seconds for a request's headers to arrive",
    "body_timeout_s": "seconds for a request's body to arrive",
    "keep_alive_s": "seconds an idle keep-alive connection stays open",
    "rate_per_s": "requests that make something (tables, checks, replays, hints) per second per address",
    "burst": "such requests at once per address",
    "table_actions": "actions one table may take before the server stops it",
    "disk_per_client": "MiB of disk the tables made from one address may take (saves, pasted rules)",
    "finished_in_memory": "finished tables kept loaded",
    "clients_tracked": "addresses whose request rate is remembered",
    "computer_run_s": "seconds a table's computer players may work in a row without a person's move before the "
    "server stops it",
    "idle_close_hours": "hours an unfinished table may go without a person's move, page or word before the server "
    "closes it (its save is kept)",
    "stand_in_after_s": "seconds a person is away from a table before it offers a computer to play for them",
}


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    if dash_refused("serve", args.state_dir, "--state-dir -: name a folder, where the tables are kept", env):
        return ExitStatus.USAGE
    try:
        import uvicorn  # noqa: F401  (the web extra's dependencies, checked before anything else)

        from interpreter.frontends.web.app import create_app
        from interpreter.frontends.web.connections import Server, config_for, listening_socket, quiet_uvicorn_logs
        from interpreter.frontends.web.registry import server_directory
    except ImportError as error:  # installed without its dependencies
        env.stderr.write(f"domino serve: {error}; install the project with its dependencies (pip install .)\n")
        return ExitStatus.FAILURE
    try:
        limits = Limits(**{item.name: getattr(args, item.name) for item in fields(Limits)})
    except ValueError as error:
        env.stderr.write(f"domino serve: {error}\n")
        return ExitStatus.USAGE
    directory = env.cwd / args.state_dir if args.state_dir else server_directory(env.environ, env.cwd)
    if directory.exists() and not directory.is_dir():
        env.stderr.write(printable(f"domino serve: --state-dir {directory} is not a folder; name a folder (it is "
                                   "made if it does not exist)") + "\n")  # fmt: skip
        return ExitStatus.USAGE
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        env.stderr.write(printable(f"domino serve: cannot make the state folder {directory}: "
                                   f"{error.strerror or error}") + "\n")  # fmt: skip
        return ExitStatus.FAILURE
    try:
        listener = listening_socket(args.host, args.port)  # before the URL is printed: early clients queue
    except (OSError, UnicodeError, OverflowError) as error:
        reason = getattr(error, "strerror", None) or error
        env.stderr.write(printable(f"domino serve: cannot listen on {args.host}:{args.port}: {reason}") + "\n")
        return ExitStatus.FAILURE
    _room_for(limits)
    if hasattr(signal, "SIGXFSZ"):  # past a file-size limit a write fails (and is refused), not the server
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    port = listener.getsockname()[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else shown}:{port}/"
    app = create_app(Path(directory), pace_ms=args.pace_ms, limits=limits)
    env.stdout.write(printable(f"domino serve: the table is at {url}  (saves in {directory}; Ctrl-C stops)") + "\n")
    env.stdout.flush()
    if args.open:
        webbrowser.open(url)
    quiet_uvicorn_logs()
    server = Server(config_for(app, limits, args.trusted_proxies), on_stop=app.state.stop)
    try:
        server.run(sockets=[listener])
    except KeyboardInterrupt:
        return ExitStatus.INTERRUPTED
    finally:
        listener.close()
    return ExitStatus.OK


def _room_for(limits: Limits) -> None:
    """Raise the soft limit of open files towards the hard one, so that the connection limit, the
    streams and every table's lock fit below it (a refusal, never descriptor exhaustion)."""
    try:
        import resource
    except ImportError:  # Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = limits.connections + 2 * (limits.tables + limits.finished_in_memory) + 256  # a lock and a journal each
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
