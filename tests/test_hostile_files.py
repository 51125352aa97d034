"""Files the tool is pointed at, and saves and logs from someone else (issue 11): nothing read that
the user did not name or a digest does not vouch for, nothing echoed from a file that is not a
rule file, nothing that blocks, crashes or reaches the terminal raw, no save lost to a second
process."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.records.savegame import read_save
from interpreter.rulefile.loader import check_file, load_ruleset, load_ruleset_text
from interpreter.text.diagnostics import RuleFileError
from tests.clirunner import domino

REPO = Path(__file__).resolve().parent.parent
SHORT = ("--players", "human,random", "--target", "20", "--seed", "1")
HOUSE = "name: my-house\nextends: draw\nmatch: {target: 30}\n"
SECRET = "name: secret-words\naws_secret_access_key: hunter2\n"
CONTROL = ("\x1b", "\x00", "\x07", "\x9b")


def _clean(text: str) -> bool:
    return not any(c in text for c in CONTROL) and "Traceback" not in text


def _save(tmp_path: Path, *argv: str, name: str = "g.json") -> dict:
    """A game's save as one document (format version 1, still read), for a test to alter and write."""
    result = domino("play", *argv, *SHORT, "--save", name, cwd=tmp_path, stdin="1\nquit\n")
    assert result.status is ExitStatus.OK, result.stderr
    return read_save(tmp_path / name).to_json()


def _run(tmp_path: Path, *argv: str, timeout: float = 30, stdin: str = "") -> subprocess.CompletedProcess:
    command = [sys.executable, str(REPO / "cli.py"), *argv]
    environ = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(command, cwd=tmp_path, input=stdin, text=True, capture_output=True, timeout=timeout,
                          env=environ)  # fmt: skip


@contextlib.contextmanager
def _deadline(seconds: float):
    """A TimeoutError instead of a test that blocks forever (on a FIFO, say)."""

    def expire(*_):
        raise TimeoutError(f"blocked for more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --- files a save names ----------------------------------------------------------------------------


def test_resume_never_reads_a_file_a_save_names(tmp_path):
    data = _save(tmp_path)
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET)
    for variant in (str(secret), "../" * 12 + str(secret).lstrip("/"), str(tmp_path / "nowhere.yaml")):
        data["variant"] = variant
        (tmp_path / "hostile.json").write_text(json.dumps(data))
        result = domino("resume", "hostile.json", cwd=tmp_path)
        assert result.status is ExitStatus.FAILURE and "--rules FILE" in result.stderr, result.stderr
        assert "hunter2" not in result.stderr and "secret-words" not in result.stderr
    # The refusal reads the same whether or not the path exists.
    data["variant"] = str(secret)
    (tmp_path / "a.json").write_text(json.dumps(data))
    data["variant"] = str(tmp_path / "nothing-here.txt")
    (tmp_path / "b.json").write_text(json.dumps(data))
    first, second = domino("resume", "a.json", cwd=tmp_path), domino("resume", "b.json", cwd=tmp_path)
    assert first.stderr.replace("a.json", "X").replace("secret.txt", "N") == second.stderr.replace(
        "b.json", "X"
    ).replace("nothing-here.txt", "N")


def test_resume_uses_the_rule_file_of_a_save_only_while_its_digest_matches(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE)
    data = _save(tmp_path, "house.yaml")
    assert data["rules_file"] == str(house.resolve())
    assert data["rules_sha256"] == hashlib.sha256(HOUSE.encode()).hexdigest()
    (tmp_path / "elsewhere").mkdir()
    resumed = domino("resume", "../g.json", cwd=tmp_path / "elsewhere", stdin="quit\n")
    assert resumed.status is ExitStatus.OK, resumed.stderr
    house.write_text(HOUSE + "# changed\n")
    changed = domino("resume", "g.json", cwd=tmp_path, stdin="quit\n")
    assert changed.status is ExitStatus.FAILURE and "--rules FILE" in changed.stderr
    (tmp_path / "copy.yaml").write_text(HOUSE)
    passed = domino("resume", "g.json", "--rules", "copy.yaml", cwd=tmp_path, stdin="quit\n")
    assert passed.status is ExitStatus.OK, passed.stderr


def test_a_save_naming_a_rule_file_by_a_digest_of_other_bytes_is_refused(tmp_path):
    (tmp_path / "house.yaml").write_text(HOUSE)
    data = _save(tmp_path, "house.yaml")
    other = tmp_path / "other.yaml"
    other.write_text("name: other-words\nextends: draw\nmatch: {target: 99}\n")
    data["variant"], data["rules_file"] = str(other), str(other)
    (tmp_path / "h.json").write_text(json.dumps(data))
    result = domino("resume", "h.json", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE and "--rules FILE" in result.stderr
    assert "other-words" not in result.stderr


# --- extends ----------------------------------------------------------------------------------------


def _house(tmp_path: Path, extends: str, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(f"name: house\nextends: {extends}\n")
    return path


def test_extends_names_only_yaml_files(tmp_path):
    (tmp_path / "secret.txt").write_text(SECRET)
    (diagnostic,) = check_file(_house(tmp_path, "./secret.txt"))
    assert "extends:" in diagnostic.message and ".yaml" in diagnostic.message
    assert "hunter2" not in diagnostic.format() and "secret" not in (diagnostic.snippet or "")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_extends_refuses_fifos_and_devices_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    for base in ("./pipe.yaml", "./zero.yaml"):
        with _deadline(5):
            (diagnostic,) = check_file(_house(tmp_path, base))
        assert "not a regular file" in diagnostic.message, diagnostic.message


def test_a_base_that_is_not_a_rule_file_is_never_quoted(tmp_path):
    (tmp_path / "secrets.yaml").write_text("password: hunter2\ntoken: [unclosed\n")
    found = check_file(_house(tmp_path, "./secrets.yaml"))
    text = "\n".join(d.format() for d in found)
    assert found and "hunter2" not in text and "unclosed" not in text and "token" not in text, text
    (tmp_path / "config.yaml").write_text("password: hunter2\ntoken: abc\n")
    (diagnostic,) = check_file(_house(tmp_path, "./config.yaml"))
    assert "not a rule file" in diagnostic.message
    assert "hunter2" not in diagnostic.format() and "token" not in diagnostic.format()


def test_absolute_extends_only_in_the_file_the_user_named(tmp_path):
    base = tmp_path / "base.yaml"
    base.write_text("name: base\nextends: draw\nmatch: {target: 40}\n")
    top = _house(tmp_path, str(base))
    assert load_ruleset(top).match.target == 40
    (tmp_path / "middle.yaml").write_text(f"name: middle\nextends: {base}\n")
    (diagnostic,) = check_file(_house(tmp_path, "./middle.yaml", name="top.yaml"))
    assert "absolute" in diagnostic.message and diagnostic.file.endswith("middle.yaml")


def test_rules_from_the_network_extend_only_bundled_variants(tmp_path):
    (tmp_path / "base.yaml").write_text("name: base\nextends: draw\n")
    assert load_ruleset_text(HOUSE, "net.yaml", tmp_path, allow_paths=False).match.target == 30
    for extends in ("./base.yaml", "base.yaml", str(tmp_path / "base.yaml"), "/etc/passwd"):
        with pytest.raises(RuleFileError) as error:
            load_ruleset_text(f"name: net\nextends: {extends}\n", "net.yaml", tmp_path, allow_paths=False)
        (diagnostic,) = error.value.diagnostics
        assert "only a bundled variant" in diagnostic.message, diagnostic.message
    assert load_ruleset_text("name: local\nextends: ./base.yaml\n", "local.yaml", tmp_path).name == "local"


# --- FIFOs ------------------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize(("command", "name"), [("validate", "pipe.yaml"), ("replay", "pipe.jsonl"),
                                               ("resume", "pipe.json")])  # fmt: skip
def test_fifos_are_refused_without_blocking(tmp_path, command, name):
    os.mkfifo(tmp_path / name)
    result = _run(tmp_path, command, name, timeout=20)
    assert result.returncode == 1, result.stderr
    assert "not a regular file" in result.stderr + result.stdout and "Traceback" not in result.stderr


def test_a_save_or_log_that_is_a_folder_or_device_is_refused(tmp_path):
    (tmp_path / "folder.json").mkdir()
    for command, name in (("resume", "folder.json"), ("replay", "folder.json"), ("resume", "/dev/null")):
        result = domino(command, name, cwd=tmp_path)
        assert result.status is ExitStatus.FAILURE and "not a regular file" in result.stderr, result.stderr


# --- simulate --log ---------------------------------------------------------------------------------


@pytest.mark.parametrize("log", ["missing/folder/g.jsonl", ".", "house.yaml", "other.yml"])
def test_simulate_refuses_an_unwritable_log_or_a_rule_file_before_the_run(tmp_path, log):
    (tmp_path / "house.yaml").write_text(HOUSE)
    (tmp_path / "other.yml").write_text(HOUSE)
    result = domino("simulate", "house.yaml", "-n", "1", "--log", log, cwd=tmp_path)
    assert result.status is ExitStatus.USAGE, result.stderr
    assert result.stderr.startswith("domino simulate: --log") and result.stdout == ""
    assert (tmp_path / "house.yaml").read_text() == HOUSE and (tmp_path / "other.yml").read_text() == HOUSE


def test_simulate_refuses_a_log_naming_a_rule_file_through_a_link(tmp_path):
    (tmp_path / "house.txt").write_text(HOUSE)
    (tmp_path / "log.jsonl").symlink_to(tmp_path / "house.txt")
    result = domino("simulate", "house.txt", "-n", "1", "--log", "log.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.USAGE and "rule file" in result.stderr, result.stderr
    assert (tmp_path / "house.txt").read_text() == HOUSE


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_write_error_during_simulate_is_a_clean_failure(tmp_path):
    result = domino("simulate", "draw", "-n", "3", "--log", "/dev/full", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE
    assert result.stderr.startswith("domino simulate: cannot write the log") and "Traceback" not in result.stderr


# --- hostile saves and logs -------------------------------------------------------------------------

HOSTILE_VALUES = {
    "Infinity": "Infinity",
    "NaN": "NaN",
    "1e400": "1e400",
    "a decimal": "2.5",
    "5000 digits": "1" * 5000,
    "deep nesting": "[" * 100_000 + "]" * 100_000,
}


@pytest.mark.parametrize("what", HOSTILE_VALUES)
def test_a_hostile_save_is_a_clear_message(tmp_path, what):
    _save(tmp_path)
    text = (tmp_path / "g.json").read_text()
    seed = json.dumps(read_save(tmp_path / "g.json").seed)
    (tmp_path / "g.json").write_text(text.replace(f'"seed":{seed}', f'"seed":{HOSTILE_VALUES[what]}', 1))
    result = domino("resume", "g.json", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE, result.stderr
    assert result.stderr.startswith("domino resume: g.json:1:"), result.stderr
    assert len(result.stderr) < 400 and _clean(result.stderr)


@pytest.mark.parametrize("what", HOSTILE_VALUES)
def test_a_hostile_log_is_a_clear_message(tmp_path, what):
    domino("simulate", "draw", "-n", "1", "--log", "g.jsonl", cwd=tmp_path)
    lines = (tmp_path / "g.jsonl").read_text().splitlines()
    record = json.loads(lines[2])
    record["hostile"] = "HOSTILE"
    lines[2] = json.dumps(record).replace('"HOSTILE"', HOSTILE_VALUES[what])
    (tmp_path / "g.jsonl").write_text("\n".join(lines) + "\n")
    result = domino("replay", "g.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE
    assert result.stderr.startswith("g.jsonl:3:"), result.stderr
    assert len(result.stderr) < 400 and _clean(result.stderr)


def test_an_oversized_log_line_or_save_is_refused(tmp_path):
    (tmp_path / "big.jsonl").write_text('{"type": "match", "x": "' + "a" * (2 << 20) + '"}\n')
    result = domino("replay", "big.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE and result.stderr.startswith("big.jsonl:1:"), result.stderr
    with (tmp_path / "big.json").open("w") as out:
        out.write('{"format": "domino-save", "pad": "')
        out.truncate(65 << 20)
    result = domino("resume", "big.json", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE and "larger than" in result.stderr, result.stderr


def test_control_characters_from_a_save_never_reach_the_terminal(tmp_path):
    data = _save(tmp_path)
    for key, value in (("variant", "\x1b[2J\x1b]0;pwned\x07red\x00"), ("seats", ["human", "\x1b[31mevil\x9b"]),
                       ("settings", ["title=\x1b[5m"]), ("digest", "\x1b[1m")):  # fmt: skip
        hostile = {**data, key: value}
        (tmp_path / "h.json").write_text(json.dumps(hostile))
        result = domino("resume", "h.json", cwd=tmp_path, stdin="quit\n")
        assert result.status is ExitStatus.FAILURE, key
        assert _clean(result.stderr) and _clean(result.stdout), (key, result.stderr)
        assert "\\x1b" in result.stderr or "\\u001b" in result.stderr or key == "digest", (key, result.stderr)


def test_control_characters_from_a_log_never_reach_the_terminal(tmp_path):
    domino("simulate", "draw", "-n", "1", "--log", "g.jsonl", cwd=tmp_path)
    lines = (tmp_path / "g.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    header["rules"] = "\x1b]0;pwned\x07\x00"
    header["rules_file"] = "/tmp/\x1b[2J.yaml"
    (tmp_path / "h.jsonl").write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    result = domino("replay", "h.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE and _clean(result.stderr), result.stderr
    record = json.loads(lines[2])
    record["seat"] = "\x1b[31m"
    (tmp_path / "r.jsonl").write_text("\n".join([*lines[:2], json.dumps(record), *lines[3:]]) + "\n")
    result = domino("replay", "r.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE and _clean(result.stderr), result.stderr
    # Escaped also when the JSON holds the character raw (JSON allows most of them unescaped).
    (tmp_path / "raw.jsonl").write_text('{"type": "match", "rules": "\x1b[2J\x9b"}\n', encoding="utf-8")
    result = domino("replay", "raw.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE and _clean(result.stderr), result.stderr


# --- saves under concurrency ------------------------------------------------------------------------


def _waiting_resume(tmp_path: Path, save: str) -> subprocess.Popen:
    """`domino resume SAVE` in another process, waiting at its first prompt."""
    process = subprocess.Popen([sys.executable, str(REPO / "cli.py"), "resume", save], cwd=tmp_path, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={**os.environ, "PYTHONPATH": str(REPO)})  # fmt: skip
    assert process.stdout is not None
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if "Your move" in process.stdout.readline():
            return process
    process.kill()
    raise AssertionError("the first resume never asked for a move")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX locks")
def test_a_second_process_on_a_save_is_refused_naming_the_first(tmp_path):
    _save(tmp_path)
    first = _waiting_resume(tmp_path, "g.json")
    try:
        second = _run(tmp_path, "resume", "g.json", stdin="1\n1\n1\nquit\n")
        assert second.returncode == 1, second.stdout + second.stderr
        assert f"in use by process {first.pid}" in second.stderr, second.stderr
        other = domino("resume", "g.json", cwd=tmp_path)  # in this process too
        assert other.status is ExitStatus.FAILURE and str(first.pid) in other.stderr
    finally:
        first.communicate("quit\n", timeout=20)
    assert first.returncode == 0
    again = domino("resume", "g.json", cwd=tmp_path, stdin="quit\n")
    assert again.status is ExitStatus.OK, again.stderr
    assert not list(tmp_path.glob(".*.lock")), "the lock file is left behind"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX locks")
def test_stale_temporary_files_are_cleaned_up_only_when_unlocked(tmp_path):
    _save(tmp_path)
    _save(tmp_path, name="busy.json")
    first = _waiting_resume(tmp_path, "busy.json")
    stale = [tmp_path / ".g.json.k2_9zq0a.tmp", tmp_path / ".busy.json.abcdefgh.tmp"]
    kept = [tmp_path / ".g.json.notours.tmp", tmp_path / "g.json.abcdefgh.tmp", tmp_path / ".other.abcdefgh.tmp"]
    for path in stale + kept:
        path.write_text("{half a save")
    try:
        result = domino("resume", "g.json", cwd=tmp_path, stdin="quit\n")
        assert result.status is ExitStatus.OK, result.stderr
        assert not stale[0].exists() and stale[1].exists(), "a live game's temporary file was removed"
        assert all(path.exists() for path in kept)
    finally:
        first.communicate("quit\n", timeout=20)
    assert domino("resume", "g.json", cwd=tmp_path, stdin="quit\n").status is ExitStatus.OK
    assert not stale[1].exists()


def test_a_read_only_save_is_refused(tmp_path):
    _save(tmp_path)
    save = tmp_path / "g.json"
    before = save.read_bytes()
    save.chmod(0o444)
    try:
        result = domino("resume", "g.json", cwd=tmp_path, stdin="1\n1\nquit\n")
        assert result.status is ExitStatus.FAILURE and "read-only" in result.stderr, result.stderr
        assert save.read_bytes() == before
    finally:
        save.chmod(0o644)
