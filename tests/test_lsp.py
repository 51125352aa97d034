"""The schema in a real editor engine: yaml-language-server (what VS Code's YAML extension runs),
driven over LSP stdio as an editor drives it.

It checks what docs/editors.md promises: every bundled file is clean, a misspelt key and a bad
option are underlined at their line, completion offers every key of every section (a
`"default": null` once made it drop `match` and every key after it) and an option's values, and
hover shows a section's help — through the modelines the documentation and `domino new` write.

The server is the npm package, pinned: `.ci/run` installs it and names it in YAML_LANGUAGE_SERVER;
elsewhere the test installs it into a cache folder with npm. Without Node.js (or npm, or the
network) the test is skipped and says why; where the environment variable CI is set it fails
instead. Every wait is bounded, so a server that hangs fails the test instead of the suite.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from interpreter.resources import load_schema
from tests.clirunner import domino
from tests.lsp_client import JsonRpcClient

VERSION = "1.25.0"  # the yaml-language-server release the checks were written against
REPO = Path(__file__).resolve().parent.parent
WAIT = 30.0  # seconds for any one answer of the server
SETTINGS = {
    "yaml": {
        "validate": True,
        "hover": True,
        "completion": True,
        "format": {"enable": False},
        "schemaStore": {"enable": False},  # nothing from the network: only the modelines' schema
    }
}


def _unavailable(reason: str) -> None:
    reason = f"yaml-language-server {VERSION}: {reason}"
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set: this test must run there; .ci/run installs the server)")
    pytest.skip(reason)


def _installed(prefix: Path) -> Path | None:
    package = prefix / "node_modules" / "yaml-language-server"
    try:
        version = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return None
    return package / "bin" / "yaml-language-server" if version == VERSION else None


@pytest.fixture(scope="session")
def server_command() -> list[str]:
    """How to start the server: `node .../yaml-language-server --stdio`."""
    node = shutil.which("node")
    if node is None:
        _unavailable("Node.js is not installed (no `node` on PATH)")
    named = os.environ.get("YAML_LANGUAGE_SERVER")  # set by .ci/run: the installed bin script
    if named:
        if not Path(named).is_file():
            pytest.fail(f"YAML_LANGUAGE_SERVER={named} is not a file")
        return [node, named, "--stdio"]
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    prefix = cache / "domino-rules" / f"yaml-language-server-{VERSION}"
    script = _installed(prefix)
    if script is None:
        npm = shutil.which("npm")
        if npm is None:
            _unavailable("npm is not installed, so the server cannot be installed")
        try:
            done = subprocess.run(
                [npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund", "--silent",
                 f"yaml-language-server@{VERSION}"],
                capture_output=True, text=True, timeout=300,
            )
        except subprocess.TimeoutExpired:
            _unavailable("`npm install` took more than 5 minutes")
        script = _installed(prefix)
        if script is None:
            _unavailable(f"`npm install` failed: {(done.stderr or done.stdout).strip()[-500:]}")
    return [node, str(script), "--stdio"]


class Server(JsonRpcClient):
    """yaml-language-server and its client, which answers the server's requests (its settings,
    registrations) and keeps the diagnostics it publishes, by document."""

    name = "yaml-language-server"
    wait = WAIT  # a Node server: slower to start than ours

    def __init__(self, command: list[str]) -> None:
        super().__init__(command)
        self.diagnostics: dict[str, list[dict[str, Any]]] = {}

    def handle(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        if method == "textDocument/publishDiagnostics":
            self.diagnostics[message["params"]["uri"]] = message["params"]["diagnostics"]
        if method and "id" in message:  # a request of the server's: configuration, registrations
            result: Any = None
            if method == "workspace/configuration":
                result = [SETTINGS.get(item.get("section", ""), SETTINGS) for item in message["params"]["items"]]
            self.send({"id": message["id"], "result": result})

    def open(self, uri: str, text: str) -> list[dict[str, Any]]:
        """Open a document; its diagnostics, once the server has checked it."""
        self.diagnostics.pop(uri, None)
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                             "text": text}})
        self.until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri,
                    f"diagnostics for {uri}")
        return self.diagnostics[uri]

    def close(self, uri: str) -> None:
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    def completion(self, uri: str, line: int, character: int) -> list[str]:
        result = self.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                          "position": {"line": line, "character": character}})
        items = result.get("items", []) if isinstance(result, dict) else result or []
        return [item["label"] for item in items]

    def hover(self, uri: str, line: int, character: int) -> str:
        result = self.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                     "position": {"line": line, "character": character}})
        if not result:
            return ""
        contents = result["contents"]
        text = contents["value"] if isinstance(contents, dict) else str(contents)
        return re.sub(r"\\(.)", r"\1", text)  # markdown's escapes: \`straight\` is `straight`

    def stop(self) -> None:
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            self.process.wait(timeout=5)
        except (AssertionError, OSError, subprocess.TimeoutExpired):
            pass
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(timeout=5)


@pytest.fixture(scope="module")
def server(server_command: list[str]) -> Iterator[Server]:
    lsp = Server(server_command)
    try:
        lsp.request("initialize", {
            "processId": os.getpid(),
            "rootUri": REPO.as_uri(),
            "capabilities": {
                "workspace": {"configuration": True},
                "textDocument": {
                    "completion": {"completionItem": {"snippetSupport": True, "documentationFormat": ["markdown"]}},
                    "hover": {"contentFormat": ["markdown", "plaintext"]},
                    "publishDiagnostics": {},
                },
            },
            "initializationOptions": {},
        })
        lsp.notify("initialized", {})
        lsp.notify("workspace/didChangeConfiguration", {"settings": SETTINGS})
        yield lsp
    finally:
        lsp.stop()


def _modeline_file(tmp_path: Path) -> tuple[str, str]:
    """A house rule as `domino new` writes it (a modeline with the installed schema's absolute path)."""
    result = domino("new", "house", "--extends", "straight", cwd=tmp_path)
    assert result.status == 0, result.stderr
    path = tmp_path / "house.yaml"
    return path.as_uri(), path.read_text(encoding="utf-8")


def _line_of(text: str, needle: str) -> int:
    """The first line that is not a comment and holds `needle` (0-based, as LSP counts)."""
    return next(i for i, line in enumerate(text.splitlines()) if needle in line and not line.startswith("#"))


def _help(*path: str) -> str:
    """The first sentence of a key's description in the schema: what hover must show."""
    node = load_schema()
    for key in path:
        node = node["properties"][key]
    return node["description"].split(". ")[0]


# --- the checks -------------------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted((REPO / "rules").glob("*.yaml")), ids=lambda p: p.stem)
def test_every_bundled_file_is_clean(server: Server, path: Path):
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../schema/rules.schema.json")
    diagnostics = server.open(path.as_uri(), text)
    server.close(path.as_uri())
    assert diagnostics == []


def test_the_modeline_of_domino_new_loads_and_the_file_is_clean(server: Server, tmp_path: Path):
    uri, text = _modeline_file(tmp_path)
    assert server.open(uri, text) == []
    assert _help("extends") in server.hover(uri, _line_of(text, "extends:"), 2), "no hover: no schema"


def test_a_misspelt_key_and_a_bad_option_are_flagged_at_their_lines(server: Server, tmp_path: Path):
    uri, text = _modeline_file(tmp_path)
    text += "mtach: {target: 150}\ndraw:\n  policy: until_playble\n"
    (tmp_path / "house.yaml").write_text(text, encoding="utf-8")
    diagnostics = server.open(uri, text)
    lines = {d["range"]["start"]["line"]: d["message"] for d in diagnostics}
    key, option = _line_of(text, "mtach:"), _line_of(text, "until_playble")
    assert key in lines and "mtach" in lines[key], diagnostics
    assert option in lines and "until_playable" in lines[option], diagnostics
    assert set(lines) == {key, option}, diagnostics
    # the same lines as `domino validate` (1-based there)
    checked = domino("validate", "--json", "house.yaml", cwd=tmp_path)
    assert {row["line"] - 1 for row in json.loads(checked.stdout)} == {key, option}


def test_completion_offers_every_top_level_key(server: Server, tmp_path: Path):
    uri = (tmp_path / "blank.yaml").as_uri()
    schema = (REPO / "schema" / "rules.schema.json").as_posix()
    text = f"# yaml-language-server: $schema={schema}\nname: blank\n\n"
    server.open(uri, text)
    labels = set(server.completion(uri, 2, 0))
    expected = set(load_schema()["properties"]) - {"name"}
    assert expected <= labels, f"missing: {sorted(expected - labels)}"


@pytest.mark.parametrize(
    "section",
    [("set",), ("players",), ("deal",), ("start",), ("layout",), ("play",), ("draw",), ("scoring",), ("match",),
     ("scoring", "in_play"), ("scoring", "domino"), ("scoring", "blocked")],
    ids=".".join,
)
def test_completion_offers_every_key_of_a_section(server: Server, tmp_path: Path, section: tuple[str, ...]):
    node = load_schema()
    for key in section:
        node = node["properties"][key]
    uri = (tmp_path / f"{'-'.join(section)}.yaml").as_uri()
    schema = (REPO / "schema" / "rules.schema.json").as_posix()
    lines = [f"# yaml-language-server: $schema={schema}", "name: x", "extends: draw"]
    lines += [f"{'  ' * depth}{key}:" for depth, key in enumerate(section)]
    lines.append("  " * len(section))
    server.open(uri, "\n".join(lines) + "\n")
    labels = set(server.completion(uri, len(lines) - 1, 2 * len(section)))
    assert set(node["properties"]) <= labels, f"missing: {sorted(set(node['properties']) - labels)}"


def test_completion_offers_the_values_of_an_option(server: Server, tmp_path: Path):
    uri = (tmp_path / "enum.yaml").as_uri()
    schema = (REPO / "schema" / "rules.schema.json").as_posix()
    text = f"# yaml-language-server: $schema={schema}\nname: x\nextends: draw\ndraw:\n  policy: \n"
    server.open(uri, text)
    labels = set(server.completion(uri, 4, len("  policy: ")))
    expected = {v for v in load_schema()["properties"]["draw"]["properties"]["policy"]["enum"] if v is not None}
    assert expected <= labels, labels


def test_hover_shows_a_sections_help(server: Server, tmp_path: Path):
    uri, text = _modeline_file(tmp_path)
    text += "match: {target: 150}\n"
    server.open(uri, text)
    shown = server.hover(uri, _line_of(text, "match:"), 1)
    assert _help("match") in shown, shown


def _documented_modelines() -> list[tuple[Path, str]]:
    found = []
    for doc in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        found += [(doc, ref) for ref in re.findall(r"\$schema=([^\s`]+)", doc.read_text(encoding="utf-8"))]
    return [(doc, ref) for doc, ref in found if not ref.startswith("<")]  # not a placeholder: <the path ...>


@pytest.mark.parametrize("doc, reference", _documented_modelines(), ids=lambda v: getattr(v, "name", v))
def test_every_modeline_the_documentation_gives_loads(server: Server, doc: Path, reference: str):
    """A rule file beside the document (the README's at the top of a checkout, where its commands
    run) with the modeline the document gives: the server loads the schema (hover answers)."""
    uri = (doc.parent / f"example-{doc.stem}-{abs(hash(reference))}.yaml").as_uri()  # one per case
    text = f"# yaml-language-server: $schema={reference}\nname: example\nextends: straight\nmatch: {{target: 150}}\n"
    diagnostics = server.open(uri, text)
    shown = server.hover(uri, 3, 1)
    server.close(uri)
    assert diagnostics == [], f"{doc.name}: $schema={reference}: {diagnostics}"
    assert _help("match") in shown, f"{doc.name}: $schema={reference}: no hover"
