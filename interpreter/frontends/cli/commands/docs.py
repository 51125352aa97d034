"""`domino docs [TOPIC]`: a page of the manual (the repository's docs/*.md, which a wheel carries
inside the package), or the list of pages. What the command line tells a user to read it names as
`domino docs TOPIC`: a pip user has no docs/ folder."""

from __future__ import annotations

import argparse
import difflib
import locale
import shlex
import shutil
import subprocess

from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.resources import doc_topics
from interpreter.text.manpage import render
from interpreter.text.untrusted import printable


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "docs",
        help="print a page of the manual",
        description="Print a page of the manual: the rule-file format, the expression language, the computer "
        "players, the browser table and more. Without TOPIC, the list of pages.",
    )
    parser.add_argument(
        "topic", nargs="?", metavar="TOPIC", help="the page (e.g. format); without it, the list of pages"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    topics = doc_topics()
    if args.topic is None:
        env.stdout.write("Pages of the manual; `domino docs TOPIC` prints one:\n")
        width = max(map(len, topics))
        for topic, path in topics.items():
            env.stdout.write(f"  {topic:<{width}}  {_title(path.read_text(encoding='utf-8'))}\n")
        return ExitStatus.OK
    # "docs/format.md", as messages before this command said, names the page "format" too
    topic = args.topic.removeprefix("docs/").removesuffix(".md")
    if topic not in topics:
        close = difflib.get_close_matches(topic, topics, n=1)
        hint = f"did you mean '{close[0]}'?" if close else "`domino docs` lists them"
        env.stderr.write(printable(f"domino docs: no page '{args.topic}'; {hint}") + "\n")
        return ExitStatus.USAGE
    # As a man page, at the terminal's width (80 for a pipe or a file), its links as `domino docs`.
    text = render(topics[topic].read_text(encoding="utf-8"), env.columns(), topics)
    if not _paged(env, text):
        env.stdout.write(text)
    return ExitStatus.OK


def _paged(env: Env, text: str) -> bool:
    """At a terminal, `text` shown by the user's pager as git and man do: $PAGER, else `less`, with
    LESS=FRX unless set (quit when it fits one screen, colours raw, the screen not cleared). False
    when standard output is no terminal, the pager is `cat` or is not there: then it is printed."""
    if not env.is_tty(env.stdout):
        return False
    try:
        argv = shlex.split(env.environ.get("PAGER", "less") or "less")
    except ValueError:  # an unclosed quote in $PAGER
        return False
    if not argv or argv[0] == "cat" or shutil.which(argv[0], path=env.environ.get("PATH")) is None:
        return False
    env.stdout.flush()
    try:
        # Escaped as all output is; in the terminal's own encoding, what it lacks replaced.
        subprocess.run(argv, input=printable(text, keep="\n\t"), encoding=locale.getpreferredencoding(False),
                       errors="replace", env={**env.environ, "LESS": env.environ.get("LESS", "FRX")},
                       cwd=env.cwd, check=False)  # fmt: skip
    except OSError:
        return False
    return True


def _title(text: str) -> str:
    """A page's first heading, without its '#'."""
    return next((line.lstrip("#").strip() for line in text.splitlines() if line.startswith("# ")), "")
