"""Where games are saved by default: each platform's convention (issue 21). Linux and the other
Unix systems the XDG state folder, macOS the user's Application Support, Windows the user's local
application data. The environment and the platform are passed in, so all three are checked here."""

from __future__ import annotations

import io
from pathlib import Path, PureWindowsPath

import pytest

from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.cli.main import build_parser, run
from interpreter.frontends.web.registry import server_directory
from interpreter.records.savegame import default_directory, default_directory_help

CWD = Path("/work/here")


# --- Linux and the other Unix systems: XDG, exactly as before -------------------------------------


@pytest.mark.parametrize("platform", ["linux", "freebsd14", "cygwin"])
@pytest.mark.parametrize(
    "environ, folder",
    [
        ({"HOME": "/home/u", "XDG_STATE_HOME": "/srv/st"}, "/srv/st/domino"),
        ({"HOME": "/home/u"}, "/home/u/.local/state/domino"),
        ({"HOME": "/home/u", "XDG_STATE_HOME": ""}, "/home/u/.local/state/domino"),
        # a relative XDG_STATE_HOME is ignored, as the XDG Base Directory specification says
        ({"HOME": "/home/u", "XDG_STATE_HOME": "state"}, "/home/u/.local/state/domino"),
        ({"HOME": "/home/u", "XDG_STATE_HOME": "./s"}, "/home/u/.local/state/domino"),
        ({"XDG_STATE_HOME": "/srv/st"}, "/srv/st/domino"),
        ({}, str(CWD)),  # no HOME at all: the current folder
        # the variables of the other platforms change nothing here
        ({"HOME": "/home/u", "LOCALAPPDATA": "/l", "USERPROFILE": "/p"}, "/home/u/.local/state/domino"),
    ],
)
def test_unix_uses_the_xdg_state_folder(platform, environ, folder):
    assert default_directory(environ, CWD, platform) == Path(folder)


# --- macOS ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "environ, folder",
    [
        ({"HOME": "/Users/u"}, "/Users/u/Library/Application Support/domino"),
        # XDG is not macOS's convention: its variable does not move the folder there
        ({"HOME": "/Users/u", "XDG_STATE_HOME": "/srv/st"}, "/Users/u/Library/Application Support/domino"),
        ({}, str(CWD)),
    ],
)
def test_macos_uses_application_support(environ, folder):
    assert default_directory(environ, CWD, "darwin") == Path(folder)


# --- Windows -------------------------------------------------------------------------------------


def _windows(environ: dict[str, str]) -> PureWindowsPath:
    return PureWindowsPath(str(default_directory(environ, CWD, "win32")))


def test_windows_uses_the_local_application_data():
    environ = {"LOCALAPPDATA": r"C:\Users\u\AppData\Local", "USERPROFILE": r"C:\Users\u", "HOME": "/home/u"}
    assert _windows(environ) == PureWindowsPath(r"C:\Users\u\AppData\Local\domino")


def test_windows_without_localappdata_uses_the_profile_s_local_application_data():
    assert _windows({"USERPROFILE": r"C:\Users\u"}) == PureWindowsPath(r"C:\Users\u\AppData\Local\domino")
    # a relative one is ignored as a relative XDG_STATE_HOME is: it would move with the current folder
    assert _windows({"LOCALAPPDATA": r"AppData\Local", "USERPROFILE": r"C:\Users\u"}) == PureWindowsPath(
        r"C:\Users\u\AppData\Local\domino"
    )


def test_windows_with_neither_variable_uses_the_current_folder():
    assert _windows({"XDG_STATE_HOME": "/srv/st", "HOME": "/home/u"}) == PureWindowsPath(str(CWD))


# --- what the help says --------------------------------------------------------------------------


def test_the_help_names_each_platform_s_folder():
    assert default_directory_help("linux") == "$XDG_STATE_HOME/domino, else ~/.local/state/domino"
    assert default_directory_help("darwin") == "~/Library/Application Support/domino"
    assert default_directory_help("win32") == r"%LOCALAPPDATA%\domino"
    assert default_directory_help("linux", "serve") == "$XDG_STATE_HOME/domino/serve, else ~/.local/state/domino/serve"
    assert default_directory_help("win32", "serve") == r"%LOCALAPPDATA%\domino\serve"


def _help(argv: list[str], environ: dict[str, str], tmp_path: Path, capsys) -> str:
    status = run([*argv, "-h"], Env(io.StringIO(), io.StringIO(), io.StringIO(), tmp_path, environ))
    assert status is ExitStatus.OK
    return "".join(capsys.readouterr().out.split())  # argparse wraps lines, a path at its '-'


def test_resume_and_serve_help_show_the_folder_in_use(tmp_path, capsys):
    environ = {"XDG_STATE_HOME": "/srv/games", "HOME": "/home/u"}
    folders = {"resume": default_directory(environ, tmp_path), "serve": server_directory(environ, tmp_path)}
    for command, folder in folders.items():
        text = _help([command], environ, tmp_path, capsys)
        assert str(folder) in text and "local/state" not in text, text  # not another environment's folder
    assert str(server_directory(environ, tmp_path)) == "/srv/games/domino/serve"


def test_a_help_built_with_no_environment_names_the_convention():
    """`domino completion` builds its parser with no Env: its help says the platform's convention."""
    commands = next(a for a in build_parser()._actions if a.dest == "command").choices
    for name, inside in (("play", ""), ("resume", ""), ("serve", "serve")):
        convention = "".join(default_directory_help(inside=inside).split())
        assert convention in "".join(commands[name].format_help().split()), name
