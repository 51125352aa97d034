"""Nothing of a rule file or of a command line reaches the terminal raw (docs/security.md, "Showing"):
keys, names, titles, option values, `extends:` values, `--set` settings, tile, suit, combination
and bid names, and the moves typed at `domino play` are shown with their control characters,
escape sequences and bidirectional overrides written as escapes (`\\x1b`, `\\u202e`), by
`validate`, `explain` (also `--diff` and `--json`), `play` and `resume`.

The rule files write the hostile characters as YAML escapes ("\\e]0;pwned\\a" is a terminal title
change, "\\e[2J" clears the screen); each test checks that none of them is in standard output or
error and that the escaped form is, so that the reader sees something is there.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cli import run
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.cli.commands.simulate import ProgressBar
from interpreter.resources import bundled_variants
from interpreter.text.untrusted import printable
from tests.clirunner import Result, domino

# Every character that must never reach a terminal from a file: C0 controls but \t and \n, DEL, C1
# controls, the bidirectional marks, embeddings, overrides and isolates, and the line separators.
C0 = [*range(0x00, 0x09), *range(0x0B, 0x20)]
FORBIDDEN = frozenset(
    [chr(code) for code in (*C0, 0x7F, *range(0x80, 0xA0))]
    + ["\u200e", "\u200f", *(chr(code) for code in range(0x202A, 0x202F))]
    + [*(chr(code) for code in range(0x2066, 0x206A)), "\u2028", "\u2029"]
)
TWO = ("--players", "human,random", "--seed", "1")  # no --target: it would retitle the rules "(house rules)"
FOUR = ("--players", "human,random,random,random", "--seed", "3")


def assert_neutral(result: Result, *escaped: str) -> None:
    """No forbidden character in either stream, no traceback, and each of `escaped` shown."""
    for stream, text in (("stdout", result.stdout), ("stderr", result.stderr)):
        raw = sorted({f"U+{ord(char):04X}" for char in text if char in FORBIDDEN})
        assert not raw, f"{stream} holds {raw}:\n{text}"
    assert "Traceback" not in result.stderr, result.stderr
    shown = result.stdout + result.stderr
    for text in escaped:
        assert text in shown, f"{text!r} not shown in:\n{shown}"


def _write(folder: Path, name: str, text: str) -> str:
    (folder / name).write_text(text, encoding="utf-8")
    return name


def _bundled(variant: str, *replacements: tuple[str, str]) -> str:
    text = bundled_variants()[variant].read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new)
    return text


# --- validate: the diagnostics of a file that does not load ----------------------------------------

INVALID = {
    "unknown key": ('name: evil\nextends: draw\n"bad\\e[2Jkey": 1\n', "bad\\x1b[2Jkey"),
    "unknown key, did you mean": ('name: evil\nextends: draw\nmatch: {"tar\\0get": 5}\n', "tar\\x00get"),
    "unknown key with a carriage return": ('name: evil\nextends: draw\n"ok\\rEVIL": 1\n', "ok\\x0dEVIL"),
    "unknown key with a line separator": ('name: evil\nextends: draw\n"ti\\Ltle": x\n', "ti\\u2028tle"),
    "option value": ('name: evil\nextends: draw\nfamily: "lay\\x9bout"\n', "lay\\u009bout"),
    "name": ('name: "x\\u202ey"\nextends: draw\n', "x\\u202ey"),
    "tag": ('name: evil\nextends: draw\ntags: ["\\e]0;pwned\\a"]\n', "\\x1b]0;pwned\\x07"),
    "extends": ('name: evil\nextends: "\\e[31mbase.yaml"\n', "\\x1b[31mbase.yaml"),
    "extends, not a rule file name": ('name: evil\nextends: "\\u2066base"\n', "\\u2066base"),
    # The expression language quotes the character it refuses as Python does: '\x7f'.
    "expression": ('name: evil\nextends: draw\nmatch: {target: "10 \\x7f+ 5"}\n', "'\\x7f'"),
    "nested option value": ('name: evil\nextends: draw\nstart: {first_round: ["\\x85random"]}\n', "\\u0085random"),
    "a player count": ('name: evil\nextends: draw\ndeal: {hand_size: {"2\\e[2J": 7}}\n', "'2\\x1b[2J'"),
    "a quoted YAML line": ("name: evil\ntitle: a\u202eb: c\n", "a\\u202eb: c"),
    "a set.tiles entry": (
        'name: evil\nfamily: tricks\nset:\n  tiles:\n    - {tile: 6-6, "na\\u202dme": x}\n',
        "na\\u202dme",
    ),
}


@pytest.mark.parametrize("case", INVALID, ids=list(INVALID))
def test_validate_shows_a_hostile_file_escaped(tmp_path, case):
    text, escaped = INVALID[case]
    name = _write(tmp_path, "evil.yaml", text)
    result = domino("validate", name, cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE, result.stdout
    assert_neutral(result, escaped)


def test_validate_of_a_valid_hostile_file_and_of_standard_input(tmp_path):
    text = 'name: evil\nextends: draw\ntitle: "\\e]0;pwned\\a"\n"\\e[2J": 1\n'
    result = domino("validate", "-", cwd=tmp_path, stdin=text)
    assert result.status is ExitStatus.FAILURE
    assert_neutral(result, "'\\x1b[2J'")


@pytest.mark.parametrize("command", ["validate", "explain", "play", "resume"])
def test_a_hostile_file_name_on_the_command_line_is_escaped(tmp_path, command):
    result = domino(command, "no\x1b]0;pwned\x07such.yaml", cwd=tmp_path, stdin="quit\n")
    assert result.status is not ExitStatus.OK
    assert_neutral(result, "no\\x1b]0;pwned\\x07such")


def test_validate_json_carries_the_values_and_stays_json(tmp_path):
    name = _write(tmp_path, "evil.yaml", 'name: evil\nextends: draw\n"bad\\e[2J\\x9b\\u202ekey": 1\n')
    result = domino("validate", "--json", name, cwd=tmp_path)
    assert_neutral(result)
    (row,) = json.loads(result.stdout)
    assert "'bad\x1b[2J\x9b\u202ekey'" in row["message"]  # JSON escapes them: a program reads them exact


# --- explain: the rules of a file that loads ------------------------------------------------------

HOUSE = (
    'name: evil\nextends: draw\ntitle: "\\e]0;pwned\\a Title"\ndescription: "x\\u202ey\\x9b"\n'
    'not_expressible: ["\\e[2J gone", "tab\\there"]\n'
)
TIEN_GOW = (
    ("name: Heaven,", 'name: "Hea\\e[2Jven",'),
    ("suit: civil,", 'suit: "ci\\x9bvil",'),
    ("name: Nine,", 'name: "Ni\\u2067ne",'),
    ("{name: pair of Heavens,", '{name: "pair of \\u202eHeavens",'),
    ("kind: quartet,", 'kind: "quar\\atet",'),
    ("{kind: quartet}", '{kind: "quar\\atet"}'),  # tricks.last_bonus names the kind too
)
TEXAS = (("{name: 1 mark,", '{name: "1\\e]0;pwned\\a mark",'), ("title: Texas 42", 'title: "Texas\\e[31m 42"'))


def test_explain_shows_titles_names_and_notes_escaped(tmp_path):
    name = _write(tmp_path, "evil.yaml", HOUSE)
    result = domino("explain", name, cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert_neutral(result, "\\x1b]0;pwned\\x07 Title", "x\\u202ey\\u009b", "\\x1b[2J gone", "tab\\x09here")
    heading, underline = result.stdout.splitlines()[:2]
    assert heading == "\\x1b]0;pwned\\x07 Title" and underline == "=" * len(heading)  # underlined as shown


@pytest.mark.parametrize("other", ["draw", "evil.yaml"])
def test_explain_diff_shows_both_sides_escaped(tmp_path, other):
    name = _write(tmp_path, "evil.yaml", HOUSE)
    # Every line differs, so that --diff (which says a list's entries added and dropped) shows each.
    _write(tmp_path, "other.yaml", HOUSE.replace("Title", "Other").replace("gone", "went").replace("here", "there"))
    first, second = ("other.yaml", name) if other == name else (name, other)
    result = domino("explain", first, "--diff", second, cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert_neutral(result, "\\x1b]0;pwned\\x07 ", "\\x1b[2J ", "tab\\x09here")


def test_explain_of_a_trick_game_shows_tile_suit_and_combination_names_escaped(tmp_path):
    name = _write(tmp_path, "evil.yaml", _bundled("tien-gow", *TIEN_GOW))
    result = domino("explain", name, cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert_neutral(result, "Hea\\x1b[2Jven", "ci\\u009bvil", "Ni\\u2067ne", "pair of \\u202eHeavens", "quar\\x07tet")
    texas = _write(tmp_path, "texas.yaml", _bundled("texas-42", *TEXAS))
    result = domino("explain", texas, "--diff", "texas-42", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert_neutral(result, "1\\x1b]0;pwned\\x07 mark", "Texas\\x1b[31m 42")


def test_explain_json_carries_the_values_and_stays_json(tmp_path):
    name = _write(tmp_path, "evil.yaml", HOUSE)
    result = domino("explain", name, "--json", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert_neutral(result)
    data = json.loads(result.stdout)
    # The title as the file gives it; the text as explain shows it.
    assert data["title"] == "\x1b]0;pwned\x07 Title" and "x\\u202ey\\u009b" in data["text"]
    diff = domino("explain", name, "--diff", "draw", "--json", cwd=tmp_path)
    assert_neutral(diff)
    assert "\\x1b[2J gone" in json.loads(diff.stdout)["text"]


# A flag (tag characters, beyond U+FFFF and not printable), a lone surrogate, C1, DEL, a soft hyphen.
ODD = "Scot \U0001f3f4\U000e0067\U000e0062\U000e007f \ud800 \x9b\x7f\xad\u2029 \x1b"


def test_json_through_the_output_still_parses_to_the_same_values():
    escaped = printable(json.dumps({"title": ODD, "tags": [ODD]}, ensure_ascii=False, indent=2), keep="\n\t")
    assert not FORBIDDEN & set(escaped)
    assert json.loads(escaped) == {"title": ODD, "tags": [ODD]}
    assert printable(ODD) == (
        "Scot \U0001f3f4\\udb40\\udc67\\udb40\\udc62\\udb40\\udc7f \\ud800 \\u009b\\u007f\\u00ad\\u2029 \\x1b"
    )


def test_explain_json_of_a_title_with_a_flag_stays_json(tmp_path):
    yaml = 'name: evil\nextends: draw\ntitle: "Scot \\U0001F3F4\\U000E0067\\U000E0062\\U000E007F \\x9b\\x7f\\xad\\P"\n'
    name = _write(tmp_path, "evil.yaml", yaml)
    result = domino("explain", name, "--json", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert_neutral(result)
    assert json.loads(result.stdout)["title"] == "Scot \U0001f3f4\U000e0067\U000e0062\U000e007f \x9b\x7f\xad\u2029"
    assert "\U0001f3f4" in result.stdout  # readable JSON: what is printable is written as it is


# --- play and resume -------------------------------------------------------------------------------


def test_play_and_resume_show_a_hostile_title_escaped(tmp_path):
    name = _write(tmp_path, "evil.yaml", HOUSE)
    played = domino("play", name, *TWO, "--save", "g.json", cwd=tmp_path, stdin="1\nrules\nquit\n")
    assert played.status is ExitStatus.OK, played.stderr
    assert_neutral(played, "\\x1b]0;pwned\\x07 Title — x\\u202ey\\u009b", "\\x1b]0;pwned\\x07 Title · round 1")
    resumed = domino("resume", "g.json", cwd=tmp_path, stdin="1\nquit\n")
    assert resumed.status is ExitStatus.OK, resumed.stderr
    assert_neutral(resumed, "Resuming g.json: \\x1b]0;pwned\\x07 Title, round 1", "\\x1b]0;pwned\\x07 Title · round")


def test_play_and_resume_of_a_trick_game_show_its_names_escaped(tmp_path):
    name = _write(tmp_path, "evil.yaml", _bundled("tien-gow", *TIEN_GOW))
    played = domino("play", name, *FOUR, "--save", "g.json", cwd=tmp_path, stdin="1\n1\nrules\nquit\n")
    assert played.status is ExitStatus.OK, played.stderr
    assert_neutral(played, "Hea\\x1b[2Jven", "ci\\u009bvil")
    resumed = domino("resume", "g.json", cwd=tmp_path, stdin="1\nquit\n")
    assert resumed.status is ExitStatus.OK, resumed.stderr
    assert_neutral(resumed, "ci\\u009bvil")
    texas = _write(tmp_path, "texas.yaml", _bundled("texas-42", *TEXAS))
    played = domino("play", texas, *FOUR, "--save", "t.json", cwd=tmp_path, stdin="rules\nquit\n")
    assert played.status is ExitStatus.OK, played.stderr
    assert_neutral(played, "1\\x1b]0;pwned\\x07 mark", "Texas\\x1b[31m 42")


SETTINGS = {
    "a value shown": ('title="\\e]0;pwned\\a"', ExitStatus.OK, "\\x1b]0;pwned\\x07 · round 1"),
    "a raw value refused": ("title=\x1b]0;pwned\x07", ExitStatus.FAILURE, "title=\\x1b]0;pwned\\x07"),
    "a value refused": ("match.target=\x1b[2J", ExitStatus.FAILURE, "\\x1b[2J"),
    "a key refused": ("ma\u202etch.target=5", ExitStatus.FAILURE, "ma\\u202etch"),
    "an option refused": ("family=\x9blayout", ExitStatus.FAILURE, "\\u009blayout"),
}


@pytest.mark.parametrize("case", SETTINGS, ids=list(SETTINGS))
def test_play_shows_a_hostile_setting_escaped(tmp_path, case):
    setting, status, escaped = SETTINGS[case]
    result = domino("play", *TWO, "--set", setting, "--save", "g.json", cwd=tmp_path, stdin="quit\n")
    assert result.status is status, result.stderr
    assert_neutral(result, escaped)


def test_play_shows_hostile_moves_seats_and_save_names_escaped(tmp_path):
    typed = domino("play", *TWO, "--save", "g.json", cwd=tmp_path, stdin="\x1b[2J6-\u202e3\n\x9b\nquit\n")
    assert typed.status is ExitStatus.OK, typed.stderr
    assert_neutral(typed, "\\x1b[2J6-\\u202e3", "\\u009b")  # the echo of piped input and the refusal
    seated = domino("play", "--players", "human,\x1b[2J", "--save", "s.json", cwd=tmp_path)
    assert seated.status is ExitStatus.USAGE
    assert_neutral(seated, "'\\x1b[2J'")
    saved = domino("play", *TWO, "--save", "g\x1b]0;x\x07.json", cwd=tmp_path, stdin="quit\n")
    assert saved.status is ExitStatus.OK, saved.stderr
    assert_neutral(saved, "g\\x1b]0;x\\x07.json")
    again = domino("resume", "g\x1b]0;x\x07.json", cwd=tmp_path, stdin="quit\n")
    assert again.status is ExitStatus.OK, again.stderr
    assert_neutral(again, "Resuming g\\x1b]0;x\\x07.json")


def test_resume_with_hostile_rules_that_do_not_load(tmp_path):
    played = domino("play", *TWO, "--save", "g.json", cwd=tmp_path, stdin="quit\n")
    assert played.status is ExitStatus.OK, played.stderr
    _write(tmp_path, "evil.yaml", 'name: evil\nextends: draw\n"\\e]0;pwned\\a": 1\n')
    result = domino("resume", "g.json", "--rules", "evil.yaml", cwd=tmp_path, stdin="quit\n")
    assert result.status is ExitStatus.FAILURE
    assert_neutral(result, "\\x1b]0;pwned\\x07")


# --- a terminal: the table's own colours and screen clearing pass, nothing of a file does -----------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _at_terminal(tmp_path: Path, *argv: str, stdin: str = "quit\n") -> tuple[ExitStatus, str, str]:
    out, err = _Terminal(), _Terminal()
    status = run(list(argv), Env(_Terminal(stdin), out, err, tmp_path, {}))
    return status, out.getvalue(), err.getvalue()


def test_colours_pass_at_a_terminal_but_a_files_escapes_do_not(tmp_path):
    name = _write(tmp_path, "evil.yaml", HOUSE.replace("\\e]0;pwned\\a", "\\e[1m\\e]0;pwned\\a"))
    status, out, err = _at_terminal(tmp_path, "play", name, *TWO, "--save", "g.json")
    assert status is ExitStatus.OK, err
    assert "\x1b[1m── \\x1b[1m\\x1b]0;pwned\\x07 Title · round 1" in out  # the heading's bold, the title's not
    assert "\x1b]" not in out and "\x07" not in out and "\u202e" not in out


def test_a_diagnostic_at_a_terminal_passes_no_escape_of_the_file(tmp_path):
    name = _write(tmp_path, "evil.yaml", 'name: evil\nextends: draw\n"\\e[1mbold\\e[0m": 1\n')
    status, out, err = _at_terminal(tmp_path, "validate", name)
    assert status is ExitStatus.FAILURE
    assert "\x1b" not in out + err and "'\\x1b[1mbold\\x1b[0m'" in out


def test_hot_seat_at_a_terminal_still_clears_the_screen(tmp_path):
    status, out, err = _at_terminal(
        tmp_path, "play", "--players", "human,human", "--target", "20", "--seed", "1", "--save", "g.json",
        stdin="1\n\nquit\n",
    )  # fmt: skip
    assert status is ExitStatus.OK, err
    assert "\x1b[H\x1b[2J\x1b[3J" in out


def test_the_progress_bar_still_redraws_its_line_at_a_terminal():
    err = _Terminal()
    bar = ProgressBar(Env(io.StringIO(), _Terminal(), err, Path.cwd(), {}), 10, clock=lambda: 1.0)
    bar.show(5)
    bar.clear()
    assert err.getvalue().startswith("\r[###############...............] 5/10 matches") and err.getvalue()[-1] == "\r"
