"""`domino lsp`, driven as an editor drives it: `python -m interpreter lsp` in a subprocess and raw
JSON-RPC over its stdio (Content-Length framing), with a client written here.

What docs/editors.md promises: the diagnostics are exactly the ones `domino validate` prints for the
same text, at the same positions (0-based: line - 1, column - 1); they come from the editor's text,
not the file on disk; a change that fixes a file clears them; YAML that is not a rule file gets
none; a base's problem is shown on the `extends:` line with the base's file:line:col. Every wait is
bounded, so a server that hangs fails its test instead of hanging the suite.

The server needs the `lsp` extra (pygls), which the `test` extra installs: without it the server
tests are skipped, and fail where the environment variable CI is set.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from interpreter.frontends.cli.commands.environment import ExitStatus
from tests.clirunner import domino
from tests.lsp_client import WAIT, JsonRpcClient

REPO = Path(__file__).resolve().parent.parent

BAD_EXPRESSION = 'name: bad\nextends: straight\nscoring: {in_play: {when: "ends_sum %% 5 == 0"}}\n'
MISSPELT_NAME = 'name: typo\nextends: straight\nscoring:\n  in_play:\n    points: "ends_summ // 5"\n'
FIXED = MISSPELT_NAME.replace("ends_summ", "end_sum")


def _needs_pygls() -> None:
    if importlib.util.find_spec("pygls") is None:
        reason = "pygls is not installed (pip install -e '.[test]' installs it)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; CI is set: this test must run there")
        pytest.skip(reason)


class Client(JsonRpcClient):
    """`domino lsp` (`python -m interpreter lsp`) and its client."""

    name = "domino lsp"

    def __init__(self) -> None:
        super().__init__([sys.executable, "-m", "interpreter", "lsp"], cwd=Path.cwd())

    def diagnostics(self, uri: str) -> dict[str, Any]:
        """The next diagnostics published for `uri` (their params: uri, version, diagnostics)."""
        found = self.until(
            lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri,
            f"diagnostics for {uri}",
        )
        return found["params"]

    def open(self, uri: str, text: str, language: str = "yaml") -> list[dict[str, Any]]:
        self.notify("textDocument/didOpen",
                    {"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}})  # fmt: skip
        return self.diagnostics(uri)["diagnostics"]

    def change(self, uri: str, version: int, text: str) -> dict[str, Any]:
        self.notify("textDocument/didChange",
                    {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})  # fmt: skip
        return self.diagnostics(uri)

    def initialize(self) -> dict[str, Any]:
        result = self.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
        self.notify("initialized", {})
        return result

    def end(self, *, shutdown: bool = True) -> int:
        """Shut the server down as an editor does; its exit status."""
        if shutdown:
            assert self.request("shutdown", None) is None
        self.notify("exit", None)
        try:
            return self.process.wait(timeout=WAIT)
        except subprocess.TimeoutExpired as timeout:
            raise AssertionError(f"domino lsp did not exit within {WAIT:.0f} s of `exit`") from timeout

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=WAIT)


@pytest.fixture(scope="module")
def server() -> Iterator[Client]:
    _needs_pygls()
    client = Client()
    try:
        capabilities = client.initialize()["capabilities"]
        assert capabilities["textDocumentSync"]["change"] == 1  # full text on every change
        yield client
    finally:
        client.kill()


def _validate(path: Path) -> list[dict[str, Any]]:
    """`domino validate --json PATH`: what the editor must show."""
    return json.loads(domino("validate", "--json", str(path)).stdout)


def _where(diagnostics: list[dict[str, Any]]) -> list[tuple[int, int, str]]:
    return [(d["range"]["start"]["line"], d["range"]["start"]["character"], d["message"]) for d in diagnostics]


def _as_validate_puts_it(rows: list[dict[str, Any]]) -> list[tuple[int, int, str]]:
    return [(row["line"] - 1, row["column"] - 1, row["message"]) for row in rows]


def test_every_bundled_file_is_clean(server):
    files = sorted((REPO / "rules").glob("*.yaml"))
    assert files
    for path in files:
        assert server.open(path.as_uri(), path.read_text(encoding="utf-8")) == [], path.name


def test_a_bad_expression_is_where_validate_puts_it(server, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD_EXPRESSION, encoding="utf-8")
    rows = _validate(path)
    assert len(rows) == 1 and "unexpected '%'" in rows[0]["message"]
    found = server.open(path.as_uri(), BAD_EXPRESSION)
    assert _where(found) == _as_validate_puts_it(rows) == [(2, 37, rows[0]["message"])]
    assert found[0]["range"]["end"] == {"line": 2, "character": 38}  # one caret: the second '%'
    assert found[0]["severity"] == 1 and found[0]["source"] == "domino"


def test_a_misspelt_name_says_what_was_meant_and_covers_the_name(server, tmp_path):
    path = tmp_path / "typo.yaml"
    path.write_text(MISSPELT_NAME, encoding="utf-8")
    found = server.open(path.as_uri(), MISSPELT_NAME)
    assert _where(found) == _as_validate_puts_it(_validate(path))
    [problem] = found
    assert "unknown name 'ends_summ'; did you mean" in problem["message"]
    start, end = problem["range"]["start"], problem["range"]["end"]
    line = MISSPELT_NAME.splitlines()[start["line"]]
    assert line[start["character"] : end["character"]] == "ends_summ"


def test_a_trick_file_s_misspelt_key_is_where_validate_puts_it(server, tmp_path):
    text = "name: t\nextends: texas-42\ntricks: {stop_when_decidd: false}\n"
    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8")
    found = server.open(path.as_uri(), text)
    assert _where(found) == _as_validate_puts_it(_validate(path))
    [problem] = found
    assert "did you mean 'stop_when_decided'" in problem["message"]


def test_the_editor_s_text_is_checked_not_the_file_and_a_fix_clears_it(server, tmp_path):
    path = tmp_path / "edited.yaml"
    path.write_text(FIXED, encoding="utf-8")  # on disk: valid
    uri = path.as_uri()
    assert len(server.open(uri, MISSPELT_NAME)) == 1  # in the editor: not yet
    server.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    assert len(server.diagnostics(uri)["diagnostics"]) == 1  # a save checks the editor's copy again
    fixed = server.change(uri, 2, FIXED)
    assert fixed == {"uri": uri, "version": 2, "diagnostics": []}
    broken = server.change(uri, 3, FIXED.replace("scoring:", "scorng:"))
    assert _where(broken["diagnostics"]) == [(2, 0, "unknown key 'scorng'; did you mean 'scoring'?")]
    assert broken["diagnostics"][0]["range"]["end"] == {"line": 2, "character": 6}  # the key, whole
    server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert server.diagnostics(uri)["diagnostics"] == []  # a closed file leaves no problems behind


@pytest.mark.parametrize(
    "text",
    [
        "- a\n- b\n",
        "name: CI\non: push\njobs:\n  test: {runs-on: ubuntu-latest}\n",  # a workflow starts with name: too
        "services: {web: {image: nginx}}\nbroken: [\n",  # not a rule file, and not even YAML
        "",
    ],
    ids=["a list", "a workflow", "broken YAML", "empty"],
)
def test_yaml_that_is_not_a_rule_file_gets_no_diagnostics(server, tmp_path, text):
    assert server.open((tmp_path / "other.yaml").as_uri(), text) == []


def test_a_rule_file_with_a_syntax_error_is_still_checked(server, tmp_path):
    path = tmp_path / "broken.yaml"
    text = "name: broken\nextends: straight\nmatch: {target: 100\n"
    path.write_text(text, encoding="utf-8")
    found = server.open(path.as_uri(), text)
    assert _where(found) == _as_validate_puts_it(_validate(path))
    assert found and found[0]["message"].startswith("YAML syntax error")


def test_a_base_s_problems_are_shown_on_the_extends_line(server, tmp_path):
    (tmp_path / "base.yaml").write_text("name: base\nextends: straight\ndeal: {hand_size: 30}\n", encoding="utf-8")
    house = tmp_path / "house.yaml"
    text = "name: house\nextends: ./base.yaml   # the family's rules\nmatch: {target: 100}\n"
    house.write_text(text, encoding="utf-8")
    rows = _validate(house)
    assert len(rows) == 3 and {row["file"] for row in rows} == {str(tmp_path / "base.yaml")}
    found = server.open(house.as_uri(), text)
    assert [d["message"] for d in found] == [f"{r['file']}:{r['line']}:{r['column']}: {r['message']}" for r in rows]
    start = text.splitlines()[1].index("./base.yaml")
    for problem in found:  # the whole value of extends:, without its comment
        assert problem["range"] == {"start": {"line": 1, "character": start},
                                    "end": {"line": 1, "character": start + len("./base.yaml")}}  # fmt: skip
        [related] = problem["relatedInformation"]
        assert related["location"]["uri"] == (tmp_path / "base.yaml").as_uri()
        assert related["location"]["range"]["start"] == {"line": 2, "character": 18}


def test_columns_are_counted_as_the_client_counts_them(server, tmp_path):
    # LSP counts UTF-16 code units by default; the loader counts characters: an emoji is two units.
    text = 'name: smile\nextends: straight\nscoring: {in_play: {when: "😀 > 1"}}\n'
    path = tmp_path / "smile.yaml"
    path.write_text(text, encoding="utf-8")
    [row] = _validate(path)
    [found] = server.open(path.as_uri(), text)
    assert found["message"] == row["message"] and "😀" in row["message"]
    assert found["range"] == {"start": {"line": 2, "character": row["column"] - 1},
                              "end": {"line": 2, "character": row["column"] + 1}}  # fmt: skip


def test_a_document_larger_than_a_rule_file_may_be_is_refused_in_one_diagnostic(server, tmp_path):
    text = "name: huge\nextends: straight\n" + "# padding\n" * 40_000
    [found] = server.open((tmp_path / "huge.yaml").as_uri(), text)
    assert "larger than 256 KiB" in found["message"]


def test_an_unsaved_buffer_is_checked_from_the_current_directory(server):
    [found] = server.open("untitled:Untitled-1", "name: draft\nextends: strait\n")
    assert "did you mean 'straight'?" in found["message"]
    assert found["range"]["start"] == {"line": 1, "character": len("extends: ")}


def test_shutdown_then_exit_ends_with_status_0_and_exit_alone_with_1():
    _needs_pygls()
    for shutdown, status in ((True, 0), (False, 1)):  # the protocol's rule for `exit`
        client = Client()
        try:
            client.initialize()
            assert client.end(shutdown=shutdown) == status, client.stderr
            assert b"Traceback" not in client.stderr
        finally:
            client.kill()


def test_a_bug_in_a_check_is_one_internal_error_diagnostic(monkeypatch):
    _needs_pygls()
    from interpreter.frontends import lsp
    def broken(text: str, path: Path) -> list[Any]:
        raise RuntimeError("boom")

    monkeypatch.setattr(lsp, "check_text", broken)
    [found] = lsp.lsp_diagnostics("file:///tmp/x.yaml", "name: x\nextends: straight\n")
    assert found.message == "internal error (RuntimeError: boom); please report"
    assert (found.range.start.line, found.range.start.character) == (0, 0)


# --- the command line -------------------------------------------------------------------------


def test_lsp_help():
    result = domino("lsp", "--help")
    assert result.status is ExitStatus.OK


def test_without_pygls_the_command_says_how_to_install_it(monkeypatch):
    # As if pygls were not installed: importing it fails, and interpreter.frontends.lsp is imported anew.
    for name in [name for name in sys.modules if name.partition(".")[0] == "pygls"] or ["pygls"]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, "interpreter.frontends.lsp", raising=False)
    result = domino("lsp")
    assert result.status is ExitStatus.FAILURE
    assert result.stderr == "domino lsp: needs pygls: pip install 'domino-rules[lsp]'\n"
    assert result.stdout == ""


def test_shell_completion_knows_the_command():
    for shell in ("bash", "zsh", "fish"):
        assert "lsp" in domino("completion", shell).stdout
