"""`domino play` at a real terminal: lines are read with history and editing (readline), and what is
typed is shown through the same escaping as everything else.

The terminal is a pseudo-terminal driven as a person types: each key sequence is sent only once the
prompt it answers is on the screen (keys typed ahead would meet the terminal's own line editing,
which echoes an arrow as "^[[A"). Every read is bounded: a missing screen fails with what was shown.
"""

from __future__ import annotations

import importlib.util
import io
import os
import select
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli import run
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.terminal.help_text import HELP, TRICK_HELP
from interpreter.frontends.terminal.line_reader import readline_prompt, typed_words

REPO = Path(__file__).resolve().parent.parent
PROMPT = b"or help): "  # the end of every move prompt
UP, LEFT, HOME, END = "\x1b[A", "\x1b[D", "\x1b[H", "\x1b[F"  # as xterm sends them
CTRL_A, CTRL_E, CTRL_D = "\x01", "\x05", "\x04"
WAIT = 10.0  # seconds a screen may take to appear before the test fails (a loaded machine); each test takes < 3

needs_pty = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
needs_readline = pytest.mark.skipif(importlib.util.find_spec("readline") is None, reason="no readline module")


def refused(word: str) -> bytes:
    return f"'{word}' is not a move".encode()


class Terminal:
    """A process whose standard streams are a pseudo-terminal, 80 columns wide."""

    def __init__(self, argv: list[str], cwd: Path, settings: dict[str, str]) -> None:
        import fcntl
        import pty
        import termios

        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        environ = {**os.environ, "PYTHONPATH": str(REPO), "TERM": "xterm", "INPUTRC": os.devnull, "HOME": str(cwd)}
        environ.pop("NO_COLOR", None)
        environ.update(settings)
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=environ, start_new_session=True
        )
        os.close(slave)
        self.screen = b""

    def expect(self, text: bytes, count: int = 1) -> None:
        """Read the screen until `text` has been shown `count` times; fail with the screen after WAIT."""
        deadline = time.monotonic() + WAIT
        while self.screen.count(text) < count:
            left = deadline - time.monotonic()
            ready = select.select([self.master], [], [], max(left, 0))[0] if left > 0 else []
            if not ready:
                pytest.fail(f"{text!r} was not shown {count} time(s) within {WAIT}s; the screen:\n{self.screen!r}")
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # EIO: the process has closed the terminal
                chunk = b""
            if not chunk:
                pytest.fail(f"the process ended before {text!r} was shown {count} time(s):\n{self.screen!r}")
            self.screen += chunk

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def finish(self) -> int:
        """The process's exit status, once what it still writes is read."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline and select.select([self.master], [], [], 0.05)[0]:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.screen += chunk
        return self.process.wait(timeout=max(deadline - time.monotonic(), 0.1))

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


def play(tmp_path: Path, *options: str, prelude: str = "", environ: dict[str, str] | None = None) -> Terminal:
    """`domino play` of a short game at a terminal; `prelude` runs in the process before it, with
    `environ`'s variables set."""
    program = f"{prelude}import runpy; runpy.run_path({str(REPO / 'cli.py')!r}, run_name='__main__')"
    argv = [sys.executable, "-c", program, "play", "--seed", "1", "--target", "20", "--save", "g.json", *options]
    return Terminal(argv, tmp_path, environ or {})


@pytest.fixture
def game(tmp_path):
    terminal = play(tmp_path, "--players", "human,random")
    yield terminal
    terminal.close()


@needs_pty
@needs_readline
def test_up_arrow_recalls_the_last_line_and_enter_runs_it_again(game):
    game.expect(PROMPT)
    game.type("zz\r")
    game.expect(refused("zz"))
    game.expect(PROMPT, 2)
    game.type("\r")  # an empty line is not remembered: Up still finds zz
    game.expect(PROMPT, 3)
    game.type(UP + "\r")
    game.expect(refused("zz"), 2)
    game.expect(PROMPT, 4)
    game.type("quit\r")
    game.expect(b"The game is saved")
    assert game.finish() == ExitStatus.OK
    assert b"^[[A" not in game.screen  # the terminal's own echo of an arrow key
    assert b"\\x1b[A" not in game.screen  # an arrow read as part of the line, shown escaped


@needs_pty
@needs_readline
def test_left_arrow_and_line_start_and_end_keys_edit_the_line(game):
    game.expect(PROMPT)
    game.type("z" + LEFT + "y\r")
    game.expect(refused("yz"))
    game.expect(PROMPT, 2)
    game.type("bc" + CTRL_A + "a" + CTRL_E + "d\r")
    game.expect(refused("abcd"))
    game.expect(PROMPT, 3)
    game.type("23" + HOME + "1" + END + "4\r")
    game.expect(b"there is no move 1234")
    game.expect(PROMPT, 4)
    game.type("quit\r")
    assert game.finish() == ExitStatus.OK
    assert b"^[[D" not in game.screen and b"\\x1b" not in game.screen


@needs_pty
@needs_readline
def test_tab_completes_a_command_word(game):
    game.expect(PROMPT)
    game.type("hel\t\r")
    game.expect(b"Other commands:")
    game.expect(PROMPT, 2)
    game.type("quit\r")
    assert game.finish() == ExitStatus.OK


def test_the_words_tab_completes_are_those_the_help_lists():
    assert typed_words(HELP) == ["draw", "pass", "marker", "hint", "table", "scores", "rules", "help", "quit"]
    words = ["bid", "pass", "trumps", "doubles", "hint", "table", "scores", "rules", "help", "quit"]
    assert typed_words(TRICK_HELP) == words


@needs_pty
@needs_readline
def test_end_of_input_at_the_prompt_saves_and_ends(game):
    game.expect(PROMPT)
    game.type(CTRL_D)
    game.expect(b"End of input. The game is saved")
    assert game.finish() == ExitStatus.OK
    assert b"Traceback" not in game.screen


@needs_pty
@needs_readline
def test_the_hand_over_answer_is_not_remembered(tmp_path):
    terminal = play(tmp_path, "--players", "human,human")
    try:
        terminal.expect(b"press Enter when only you can see the screen. ")
        terminal.type("hello\r")
        terminal.expect(PROMPT)
        terminal.type("zz\r")
        terminal.expect(refused("zz"))
        terminal.expect(PROMPT, 2)
        terminal.type(UP + UP + "\r")  # the second Up finds nothing older than zz
        terminal.expect(refused("zz"), 2)
        terminal.expect(PROMPT, 3)
        terminal.type("quit\r")
        assert terminal.finish() == ExitStatus.OK
        assert refused("hello") not in terminal.screen
    finally:
        terminal.close()


@needs_pty
@needs_readline
def test_a_prompt_in_a_legacy_encoding_is_degraded_as_all_output(tmp_path):
    # input() encodes its prompt strictly: the en dash of "1–2" would end the game with a traceback.
    terminal = play(tmp_path, "--players", "human,random", environ={"PYTHONIOENCODING": "latin-1"})
    try:
        terminal.expect(b"Your move (1-2, or help): ")
        terminal.type("zz\r")
        terminal.expect(refused("zz"))
        terminal.type("quit\r")
        terminal.expect(b"The game is saved")
        assert terminal.finish() == ExitStatus.OK
    finally:
        terminal.close()


@needs_pty
@pytest.mark.parametrize(
    "missing",
    [
        "sys.modules['readline'] = None",  # as on Windows without pyreadline3: the import fails
        "sys.modules['readline'] = types.ModuleType('readline')",  # a module without what is needed
    ],
)
def test_without_a_readline_module_lines_are_read_plainly(tmp_path, missing):
    terminal = play(tmp_path, "--players", "human,random", prelude=f"import sys, types; {missing}; ")
    try:
        terminal.expect(PROMPT)
        terminal.type("zz\r")
        terminal.expect(refused("zz"))
        terminal.expect(PROMPT, 2)
        terminal.type("quit\r")
        terminal.expect(b"The game is saved")
        assert terminal.finish() == ExitStatus.OK
        assert b"Traceback" not in terminal.screen
    finally:
        terminal.close()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_echoed_input_is_escaped_like_all_output(tmp_path):
    # Piped moves are echoed; at a colour terminal the program's colours pass standard output, a
    # typed colour sequence must not, nor any other control character.
    typed = "\x1b[1mzz\x1b[2J\x07\x9b"
    out = _Terminal()
    env = Env(io.StringIO(typed + "\nquit\n"), out, io.StringIO(), tmp_path, {})
    status = run(["play", "--players", "human,random", "--seed", "1", "--target", "20", "--save", "g.json"], env)
    assert status is ExitStatus.OK
    shown = "\\x1b[1mzz\\x1b[2J\\x07\\u009b"
    screen = out.getvalue()
    assert "\x1b[1" in screen  # the program's own colours do pass
    assert f"or help): {shown}\n" in screen  # the echo
    assert f"'{shown}' is not a move" in screen  # the refusal, which quotes it
    assert "\x1b[1mzz" not in screen and "\x1b[2J" not in screen and "\x07" not in screen


def test_a_readline_prompt_is_escaped_and_its_colours_marked_as_taking_no_width():
    out = Env(io.StringIO(), _Terminal(), io.StringIO(), Path.cwd(), {})
    out.style()  # colour: the output admits the style's sequences
    prompt = readline_prompt("\x1b[1mYour move\x1b[0m \x1b[2J(1–2): ", out.stdout)
    assert prompt == "\x01\x1b[1m\x02Your move\x01\x1b[0m\x02 \\x1b[2J(1–2): "


def test_the_same_prompt_without_colour_passes_none():
    out = Env(io.StringIO(), io.StringIO(), io.StringIO(), Path.cwd(), {})
    assert readline_prompt("\x1b[1mYou\x1b[0m: ", out.stdout) == "\\x1b[1mYou\\x1b[0m: "
