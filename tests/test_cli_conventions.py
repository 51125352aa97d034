"""The conventions people expect of a command-line tool (issue 14): --version, `-` for standard
input, one spelling of JSON output, shell completion, a non-UTF-8 terminal, `python -m`, the XDG
state folder, and the editor helpers `domino schema` and `domino new`.

Streams of another encoding, shells and `python -m` need a real process: those tests run one,
with a timeout."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.frontends.cli.commands.environment import Env, ExitStatus, degrade, terminal_stream
from interpreter.frontends.cli.main import run, version
from interpreter.records.savegame import default_directory
from interpreter.resources import bundled_variants, load_schema, schema_file
from interpreter.rulefile.explain import differences
from interpreter.rulefile.loader import load_ruleset, load_ruleset_text
from tests.clirunner import domino

REPO = Path(__file__).resolve().parent.parent
HOUSE_RULE = "name: straight-150\nextends: straight\nmatch: {target: 150}\n"
MISSPELT = "name: straight-150\nextends: straight\nmatch: {targt: 150}\n"


def _process(*argv: str, cwd: Path = REPO, stdin: bytes | None = None, **environ: str) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONIOENCODING", "PYTHONUTF8")}
    env.update(environ)
    return subprocess.run(
        [sys.executable, *argv], cwd=cwd, input=stdin, env=env, capture_output=True, timeout=120
    )


# --- --version and python -m --------------------------------------------------------------------


def test_version_is_the_project_s(capsys):
    assert domino("--version").status is ExitStatus.OK  # argparse prints it to the process's stdout
    expected = re.search(r'^version = "([^"]+)"', (REPO / "pyproject.toml").read_text(), re.MULTILINE).group(1)
    assert capsys.readouterr().out == f"domino {expected}\n" and version() == expected
    assert domino("-V").status is ExitStatus.OK  # the short form most tools take (python -V, pip -V)
    assert capsys.readouterr().out == f"domino {expected}\n"


@pytest.mark.parametrize("front", [["-m", "interpreter"], [str(REPO / "cli.py")]], ids=["python -m", "cli.py"])
def test_python_m_interpreter_and_the_root_cli_py_run_the_command(front, tmp_path):
    assert _process(*front, "--version", cwd=tmp_path).stdout.decode() == f"domino {version()}\n"
    listed = _process(*front, "list", "--json", cwd=tmp_path)
    assert listed.returncode == 0 and json.loads(listed.stdout)


def test_the_root_cli_py_is_a_shim_over_the_package():
    text = (REPO / "cli.py").read_text(encoding="utf-8")
    assert "from interpreter.frontends.cli.main import" in text and len(text.splitlines()) <= 6


# --- `-`: a rule file on standard input --------------------------------------------------------


def test_validate_reads_standard_input():
    assert domino("validate", "-", stdin=HOUSE_RULE).status is ExitStatus.OK
    bad = domino("validate", "-", "rules/draw.yaml", stdin=MISSPELT)
    assert bad.status is ExitStatus.FAILURE
    assert bad.stdout.startswith("<stdin>:3:9: match: unknown key 'targt'; did you mean 'target'?")
    assert "2 files checked, 1 invalid" in bad.stderr


def test_standard_input_is_read_as_utf_8_bytes_within_bounds(tmp_path):
    latin = _process(str(REPO / "cli.py"), "validate", "-", stdin="name: café\n".encode("latin-1"))
    assert latin.returncode == 1 and b"<stdin>:1:0: invalid UTF-8" in latin.stdout, latin.stderr
    big = _process(str(REPO / "cli.py"), "validate", "-", stdin=b"#" * (300 * 1024))
    assert big.returncode == 1 and b"larger than 256 KiB" in big.stdout
    accented = _process(str(REPO / "cli.py"), "explain", "-", stdin=(HOUSE_RULE + "title: Café\n").encode(),
                        PYTHONIOENCODING="iso-8859-1")
    assert accented.returncode == 0, accented.stderr
    assert "Café".encode("latin-1") in accented.stdout


def test_standard_input_extends_what_a_file_may_extend(tmp_path):
    # The same rule as for a file: a base is a bundled variant or a .yaml/.yml file (docs/security.md).
    (tmp_path / "notes.txt").write_text("name: notes\nextends: draw\n")
    text = "name: y\nextends: notes.txt\n"
    piped = domino("validate", "-", stdin=text, cwd=tmp_path)
    (tmp_path / "y.yaml").write_text(text)
    named = domino("validate", "y.yaml", cwd=tmp_path)
    assert piped.status is named.status is ExitStatus.FAILURE
    assert piped.stdout.replace("<stdin>", "y.yaml") == named.stdout
    assert "is not a rule file's name" in named.stdout


def test_play_says_why_it_takes_no_rules_from_standard_input():
    refused = domino("play", "-", stdin=HOUSE_RULE)
    assert refused.status is ExitStatus.FAILURE and "play reads the moves from standard input" in refused.stderr


def test_standard_input_can_be_named_once():
    assert domino("validate", "-", "-", stdin=HOUSE_RULE).status is ExitStatus.USAGE
    assert domino("explain", "-", "--diff", "-", stdin=HOUSE_RULE).status is ExitStatus.USAGE


def test_explain_reads_standard_input_on_either_side():
    changed = domino("explain", "-", "--diff", "straight", stdin=HOUSE_RULE)
    assert changed.status is ExitStatus.OK and "The target changes from 250 to 150." in changed.stdout
    reverse = domino("explain", "straight", "--diff", "-", stdin=HOUSE_RULE)
    assert "The target changes from 150 to 250." in reverse.stdout
    whole = domino("explain", "-", stdin=HOUSE_RULE)
    assert whole.status is ExitStatus.OK and "150 points" in whole.stdout
    bad = domino("explain", "-", stdin=MISSPELT)
    assert bad.status is ExitStatus.FAILURE and bad.stderr.startswith("<stdin>:3:9: match: unknown key 'targt'")


def test_a_relative_extends_on_standard_input_is_found_from_the_current_directory(tmp_path):
    (tmp_path / "base.yaml").write_text(HOUSE_RULE, encoding="utf-8")
    result = domino("explain", "-", "--diff", "straight", cwd=tmp_path, stdin="name: lunch\nextends: ./base.yaml\n")
    assert result.status is ExitStatus.OK and "250 to 150" in result.stdout


# --- --json on every command that prints data --------------------------------------------------


def test_list_json():
    rows = json.loads(domino("list", "--json").stdout)
    straight = next(row for row in rows if row["variant"] == "straight")
    assert straight["players"] == {"min": 2, "max": 4} and straight["family"] == "scoring"
    assert straight["error"] is None and straight["tags"] == ["scoring", "cross"]
    assert [row["variant"] for row in rows] == [row["variant"] for row in rows if row["family"]]  # all have one


def test_explain_json():
    data = json.loads(domino("explain", "straight", "--json").stdout)
    assert data["variant"] == "straight" and data["text"] == domino("explain", "straight").stdout
    assert [s["title"] for s in data["sections"]][:3] == ["Straight dominoes", "The set", "Players and hands"]
    diff = json.loads(domino("explain", "draw-50", "--diff", "draw", "--json").stdout)
    assert diff["changes"] == ["The target changes from 100 to 50."] and diff["other"] == "draw"


def test_validate_json_and_its_format_json_alias():
    spelt = domino("validate", "--json", "-", stdin=MISSPELT)
    alias = domino("validate", "--format", "json", "-", stdin=MISSPELT)
    assert spelt.stdout == alias.stdout
    assert json.loads(spelt.stdout) == [
        {"file": "<stdin>", "line": 3, "column": 9, "message": "match: unknown key 'targt'; did you mean 'target'?"}
    ]


def test_simulate_json():
    data = json.loads(domino("simulate", "straight", "-n", "2", "--json").stdout)
    assert data["variant"] == "straight"


def test_every_command_that_prints_data_spells_it_json():
    from interpreter.frontends.cli.main import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    for name in ("list", "explain", "validate", "simulate"):
        assert any("--json" in action.option_strings for action in commands[name]._actions), name


# --- a terminal whose encoding is not UTF-8 ----------------------------------------------------


def test_degrade_writes_ascii_for_what_the_encoding_lacks():
    assert degrade("2–4 → 5 − 1 … §8 é 中", "iso-8859-1") == "2-4 -> 5 - 1 ... §8 é ?"
    assert degrade("2–4 → 5 − 1 … §8 é 中", "ascii") == "2-4 -> 5 - 1 ... #8 e ?"


@pytest.mark.parametrize("argv", [["list"], ["explain", "straight"], ["explain", "draw-50", "--diff", "draw"],
                                  ["simulate", "straight", "-n", "3"], ["simulate", "straight", "-n", "2", "--json"],
                                  ["validate", "--json", "-"], ["validate", "-"]])
@pytest.mark.parametrize("encoding", ["iso-8859-1", "ascii"])
def test_a_legacy_encoding_never_crashes(argv, encoding):
    """An Env over streams of that encoding, as Env.from_process builds it in such a locale."""
    raw_out, raw_err = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(raw_out, encoding=encoding, errors="strict")
    err = io.TextIOWrapper(raw_err, encoding=encoding, errors="backslashreplace")
    stdin = "name: pasé—2\nextends: straight\nmatch: {targt: 150}\n"
    env = Env(io.StringIO(stdin), terminal_stream(out, checked=True), terminal_stream(err), REPO, {})
    status = run(argv, env)
    out.flush(), err.flush()
    assert status in (ExitStatus.OK, ExitStatus.FAILURE)
    text = raw_out.getvalue().decode(encoding) + raw_err.getvalue().decode(encoding)
    assert "\\u20" not in text and "Traceback" not in text
    if argv == ["list"]:
        assert " 2-4 " in text


@pytest.fixture(scope="module")
def latin_1_locale(tmp_path_factory) -> dict[str, str]:
    """The environment of a real ISO-8859-1 locale, compiled into a temporary folder (no root
    needed). Without localedef the test skips locally and says why; with CI set it fails
    (.ci/run installs Debian's `locales` package where it is missing)."""
    folder = tmp_path_factory.mktemp("locales")
    made = subprocess.run(["localedef", "-i", "en_US", "-f", "ISO-8859-1", str(folder / "en_US.ISO-8859-1")],
                          capture_output=True, text=True, check=False) if shutil.which("localedef") else None
    if made is None or made.returncode not in (0, 1) or not (folder / "en_US.ISO-8859-1").exists():
        reason = "localedef cannot compile an ISO-8859-1 locale here (apt-get install -y locales)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    environ = {"LOCPATH": str(folder), "LC_ALL": "en_US.ISO-8859-1", "LANG": "en_US.ISO-8859-1"}
    seen = _process("-c", "import sys; print(sys.stdout.encoding)", **environ).stdout.decode().strip()
    assert seen == "iso8859-1", f"the compiled locale gives Python {seen!r}"
    return environ


@pytest.mark.parametrize(
    "argv, status",
    [(["list"], 0), (["simulate", "straight", "-n", "3"], 0), (["explain", "straight"], 0),
     (["validate", "rules/straight.yaml"], 0), (["validate", "tests/examples/invalid/bad-start-criterion.yaml"], 1),
     (["play", "straight", "--players", "human,greedy", "--seed", "3"], 0)],
    ids=lambda v: " ".join(v) if isinstance(v, list) else None,
)
@pytest.mark.parametrize("how", ["PYTHONIOENCODING", "locale"])
def test_a_latin_1_process_never_crashes(argv, status, how, latin_1_locale, tmp_path):
    """The process in a Latin-1 locale: a real one (compiled by localedef, PYTHONIOENCODING unset),
    and PYTHONIOENCODING, which sets what such a locale sets."""
    if argv[-1].endswith(".yaml") and not (REPO / argv[-1]).exists():
        pytest.skip(f"{argv[-1]} is not in this checkout")
    encoding = {"PYTHONIOENCODING": "iso-8859-1"} if how == "PYTHONIOENCODING" else latin_1_locale
    done = _process(str(REPO / "cli.py"), *argv, stdin=b"quit\n", XDG_STATE_HOME=str(tmp_path), **encoding)
    assert b"Traceback" not in done.stderr and b"UnicodeEncodeError" not in done.stderr, done.stderr.decode("latin-1")
    assert done.returncode == status, done.stderr.decode("latin-1")
    assert "\u2013".encode("utf-8") not in done.stdout  # no UTF-8 bytes in a Latin-1 stream


# --- shell completion -------------------------------------------------------------------------


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_are_valid_for_their_shell(shell):
    result = domino("completion", shell)
    assert result.status is ExitStatus.OK and "domino" in result.stdout
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed; the script was generated but not parsed")
    checked = subprocess.run([shell, "-n"], input=result.stdout, text=True, capture_output=True, timeout=30)
    assert checked.returncode == 0, checked.stderr


BASH_CASES = {
    "domino si": {"simulate"},
    "domino --ver": {"--version"},
    "domino play str": {"straight", "straight-partners"},
    "domino list --j": {"--json"},
    "domino validate --format ": {"text", "json"},
    "domino completion ": {"bash", "zsh", "fish"},
    "domino explain draw --diff draw-": {"draw-50", "draw-9", "draw-12"},
}


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_bash_completes_commands_options_choices_and_variants(tmp_path):
    script = tmp_path / "domino.bash"
    script.write_text(domino("completion", "bash").stdout, encoding="utf-8")
    lines = [f"source {script}"]
    for typed in BASH_CASES:
        words = typed.split(" ")
        array = " ".join(f"'{w}'" for w in words)
        lines.append(f"COMP_WORDS=({array}); COMP_CWORD={len(words) - 1}; _domino; echo \"${{COMPREPLY[*]}}\"")
    done = subprocess.run(["bash", "-c", "\n".join(lines)], capture_output=True, text=True, timeout=30, cwd=tmp_path)
    for typed, answer in zip(BASH_CASES, done.stdout.splitlines(), strict=True):
        assert BASH_CASES[typed] <= set(answer.split()), (typed, answer)


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_completes_commands_options_choices_and_variants(tmp_path):
    script = tmp_path / "domino.fish"
    script.write_text(domino("completion", "fish").stdout, encoding="utf-8")
    lines = [f"source {script}"] + [f"complete -C '{typed}'; echo ---" for typed in BASH_CASES]
    done = subprocess.run(["fish", "-c", "\n".join(lines)], capture_output=True, text=True, timeout=30, cwd=tmp_path)
    answers = done.stdout.split("---\n")
    for typed, answer in zip(BASH_CASES, answers, strict=False):
        offered = {line.split("\t")[0] for line in answer.splitlines()}
        assert BASH_CASES[typed] <= offered, (typed, offered)


def test_completion_knows_every_subcommand_and_bundled_variant():
    from interpreter.frontends.cli.main import build_parser
    from interpreter.resources import bundled_variants

    script = domino("completion", "bash").stdout
    commands = next(a for a in build_parser()._actions if a.dest == "command").choices
    for name in [*commands, *bundled_variants()]:
        assert re.search(rf"\b{re.escape(name)}\b", script), name


# --- the save folder --------------------------------------------------------------------------


def test_a_relative_xdg_state_home_is_ignored(tmp_path):
    home = {"HOME": "/home/u"}
    assert default_directory({**home, "XDG_STATE_HOME": "state"}, tmp_path) == Path("/home/u/.local/state/domino")
    assert default_directory({**home, "XDG_STATE_HOME": "./s"}, tmp_path) == Path("/home/u/.local/state/domino")
    assert default_directory({**home, "XDG_STATE_HOME": "/srv/st"}, tmp_path) == Path("/srv/st/domino")
    assert default_directory({**home, "XDG_STATE_HOME": ""}, tmp_path) == Path("/home/u/.local/state/domino")


@pytest.mark.parametrize(
    "environ, folder",
    [({"XDG_STATE_HOME": "/srv/games", "HOME": "/home/u"}, "/srv/games/domino"),
     ({"XDG_STATE_HOME": "relative", "HOME": "/home/u"}, "/home/u/.local/state/domino"),
     ({"HOME": "/home/100%"}, "/home/100%/.local/state/domino")],
)
def test_play_help_shows_the_save_folder_in_use(environ, folder, tmp_path, capsys):
    status = run(["play", "-h"], Env(io.StringIO(), io.StringIO(), io.StringIO(), tmp_path, environ))
    assert status is ExitStatus.OK
    shown = capsys.readouterr().out  # argparse prints help to the process's stdout
    assert folder.replace(" ", "") in "".join(shown.split()), shown  # argparse wraps a path at its '-'


def test_a_real_play_help_shows_the_folder_of_its_environment(tmp_path):
    done = _process(str(REPO / "cli.py"), "play", "-h", XDG_STATE_HOME=str(tmp_path / "st"))
    assert str(tmp_path / "st" / "domino") in "".join(done.stdout.decode().split())  # wrapped at any '-'


# --- domino schema and domino new -------------------------------------------------------------


def test_schema_prints_the_schema_and_its_path():
    assert json.loads(domino("schema").stdout) == load_schema()
    path = Path(domino("schema", "--path").stdout.strip())
    assert path.is_absolute() and path == schema_file().resolve() and path.is_file()


def test_new_writes_a_valid_house_rule_whose_modeline_names_the_installed_schema(tmp_path):
    result = domino("new", "straight-150", "--extends", "straight", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    text = (tmp_path / "straight-150.yaml").read_text(encoding="utf-8")
    assert text.splitlines()[0] == f"# yaml-language-server: $schema={schema_file().resolve()}"
    assert "name: straight-150\n" in text and "extends: straight\n" in text
    assert domino("validate", "straight-150.yaml", cwd=tmp_path).status is ExitStatus.OK
    assert domino("explain", "straight-150.yaml", "--diff", "straight", cwd=tmp_path).stdout.endswith(
        "plays exactly like straight.\n"
    )


def test_new_over_texas_42_suggests_a_target_in_marks_and_a_line_of_the_auction(tmp_path):
    assert domino("new", "my42", "--extends", "texas-42", cwd=tmp_path).status is ExitStatus.OK
    text = (tmp_path / "my42.yaml").read_text(encoding="utf-8")
    suggested = [" ".join(line.split()) for line in text.split("extends: texas-42\n")[1].splitlines()]
    assert suggested == [
        "# match: {target: 10} # to 10 marks instead of 7",
        "# bidding: {all_pass: forced} # when the others pass, the last to speak must bid",
    ]


@pytest.mark.parametrize("variant", sorted(bundled_variants()))
def test_every_line_new_suggests_is_one_its_base_accepts_and_changes_something(variant, tmp_path):
    from interpreter.frontends.cli.commands.new import suggestions

    base = load_ruleset(bundled_variants()[variant])
    lines = suggestions(base, variant, tmp_path)
    assert lines
    for line in lines:
        house = load_ruleset_text(f"name: house\nextends: {variant}\n{line}\n", "house.yaml", tmp_path)
        assert differences(house, base), line


def test_new_never_overwrites(tmp_path):
    (tmp_path / "mine.yaml").write_text("precious\n", encoding="utf-8")
    result = domino("new", "mine", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE and "not overwritten" in result.stderr
    assert (tmp_path / "mine.yaml").read_text(encoding="utf-8") == "precious\n"
    (tmp_path / "link.yaml").symlink_to(tmp_path / "nowhere")
    assert domino("new", "link", cwd=tmp_path).status is ExitStatus.FAILURE
    assert not (tmp_path / "nowhere").exists()


def test_new_over_a_file_extends_it_by_a_path_relative_to_the_new_file(tmp_path):
    (tmp_path / "base.yaml").write_text(HOUSE_RULE, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    assert domino("new", "sub/lunch.yaml", "--extends", "base.yaml", cwd=tmp_path).status is ExitStatus.OK
    text = (tmp_path / "sub" / "lunch.yaml").read_text(encoding="utf-8")
    assert "extends: ../base.yaml\n" in text
    assert domino("validate", "sub/lunch.yaml", cwd=tmp_path).status is ExitStatus.OK


@pytest.mark.parametrize("name", ["Big", "-x", "a b", "ü"])
def test_new_refuses_a_name_that_is_not_a_variant_name(name, tmp_path):
    assert domino("new", name, cwd=tmp_path).status is ExitStatus.USAGE
    assert list(tmp_path.iterdir()) == []


def test_new_refuses_a_base_that_does_not_load(tmp_path):
    result = domino("new", "x", "--extends", "strait", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE and "did you mean 'straight'" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_modeline_with_a_space_becomes_a_file_uri():
    from interpreter.frontends.cli.commands.new import schema_reference

    assert schema_reference(Path("/opt/d/rules.schema.json")) == "/opt/d/rules.schema.json"
    assert schema_reference(Path("/opt/my d/rules.schema.json")) == "file:///opt/my%20d/rules.schema.json"


def test_a_typed_line_that_is_not_utf_8_is_refused_not_a_traceback(tmp_path):
    # A terminal in a UTF-8 locale reads standard input strictly (en_US.UTF-8 does; PYTHONIOENCODING
    # says the same here): bytes of another encoding, pasted or typed, are a line like any other.
    typed = b"\xff\xfe caf\xe9\nquit\n"
    game = _process(str(REPO / "cli.py"), "play", "--players", "human,greedy", "--save", str(tmp_path / "g.json"),
                    stdin=typed, PYTHONIOENCODING="utf-8:strict")  # fmt: skip
    assert game.returncode == 0 and b"Traceback" not in game.stderr, game.stderr
    assert b"'\\udcff\\udcfe caf\\udce9' is not a move" in game.stdout
