"""`domino lsp`: the loader's own diagnostics in any editor, over the Language Server Protocol.

The JSON Schema gives an editor key and value checks through yaml-language-server. What only the
loader knows — an expression's error at its exact column, an unknown name with "did you mean", a
hand size that does not fit the set, a base that cannot be extended — this server publishes for
every rule file the editor opens, changes or saves, checked from the editor's text (not the copy
on disk) exactly as `domino validate` checks the file. It runs beside yaml-language-server, which
keeps completion and hover (docs/editors.md).

Built on pygls 2 (`pygls.lsp.server.LanguageServer`, `lsprotocol.types`): the optional `lsp` extra.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import PositionCodec

from interpreter.resources import load_schema
from interpreter.rulefile.loader import load_ruleset_text
from interpreter.rulefile.yaml_source import MAX_BYTES
from interpreter.text.diagnostics import Diagnostic, RuleFileError

SOURCE = "domino"  # what an editor shows as the diagnostics' origin, beside "yaml-schema"

logger = logging.getLogger(__name__)

# A top-level key of a block mapping: at column 0, plain or quoted, then a colon. Read from the
# text rather than parsed, so that a rule file with a YAML syntax error is still recognised.
_TOP_KEY = re.compile(r"""^(["']?)([A-Za-z_][\w-]*)\1[ \t]*:(?=\s|$)""", re.MULTILINE)
_MODELINE = re.compile(r"^#.*\$schema=\S*rules\.schema\.json", re.MULTILINE)
_EXTENDS = re.compile(r"""^(["']?)extends\1[ \t]*:[ \t]*(.*?)(?:[ \t]+#.*)?[ \t]*$""", re.MULTILINE)
# What a problem without carets underlines: a quoted string, else a plain word (a key, a value).
_TOKEN = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*'|[^\s:,\[\]{}#"']+""")
# How the client counts lines (LSP: \n, \r\n and \r); PyYAML's marks agree for these.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def is_rule_file(text: str) -> bool:
    """Whether `text` is a rule file: a top-level `name:` and either a key only rule files have
    or the modeline naming the rules' schema. `name:` alone is not enough, as the editor sends
    every YAML file (a GitHub workflow or a Compose file starts with `name:` too)."""
    keys = {found.group(2) for found in _TOP_KEY.finditer(text)}
    if "name" not in keys:
        return False
    rule_keys = set(load_schema()["properties"]) - {"name", "title", "description"}
    return bool(keys & rule_keys) or _MODELINE.search(text) is not None


def check_text(text: str, path: Path) -> list[Diagnostic]:
    """What `domino validate PATH` would report if `text` were the file at `path` (absolute)."""
    if len(text.encode("utf-8", errors="surrogatepass")) > MAX_BYTES:
        # The loader's own limit for a file, and its message: the editor says what validate says.
        message = f"the file is larger than {MAX_BYTES // 1024} KiB; rule files are small text files"
        return [Diagnostic(str(path), 0, 0, message)]
    try:
        load_ruleset_text(text, str(path), path.parent)
    except RuleFileError as error:
        return list(error.diagnostics)
    return []


def document_path(uri: str) -> Path:
    """The file a document is, by which its diagnostics name it and a relative `extends:` is found;
    a document that is no file (an unsaved buffer) is taken to be in the current directory."""
    path = to_fs_path(uri)
    if path is None:
        return Path.cwd() / (uri.rstrip("/").rpartition("/")[2].rpartition(":")[2] or "untitled.yaml")
    return Path(path).absolute()


def lsp_diagnostics(uri: str, text: str, codec: PositionCodec | None = None) -> list[types.Diagnostic]:
    """The LSP diagnostics of the document `uri` whose text is `text`: none for YAML that is not a
    rule file; never an exception (a bug here is one "internal error" diagnostic instead)."""
    codec = codec or PositionCodec()
    lines = _LINE_BREAK.split(text)
    try:
        if not is_rule_file(text):
            return []
        path = document_path(uri)
        return [_convert(found, str(path), lines, codec) for found in check_text(text, path)]
    except Exception as error:  # a handler that raised would leave the editor's old diagnostics up
        logger.exception("checking %s failed", uri)
        return [internal_error(error, lines, codec)]


def internal_error(error: Exception, lines: list[str], codec: PositionCodec) -> types.Diagnostic:
    """A bug of the server's, said at the top of the document, in the words the loader uses for its own."""
    message = f"internal error ({type(error).__name__}: {error}); please report"
    return _lsp(message, _range(lines, 0, 0, 1, codec))


def _convert(found: Diagnostic, name: str, lines: list[str], codec: PositionCodec) -> types.Diagnostic:
    where = f"{found.file}:{found.line}:{found.column}" if found.line else found.file
    if found.file != name:
        # A base's problem: the base is not open, so it is shown where this document names it.
        line, start, length = _extends_value(lines)
        related = None
        if found.line:
            # Code points for the base's column: exact for the ASCII lines rule files are made of.
            place = types.Position(line=found.line - 1, character=max(found.column - 1, 0))
            location = types.Location(uri=Path(found.file).resolve().as_uri(), range=types.Range(place, place))
            related = [types.DiagnosticRelatedInformation(location=location, message=found.message)]
        return _lsp(f"{where}: {found.message}", _range(lines, line, start, length, codec), related)
    line, start = max(found.line - 1, 0), max(found.column - 1, 0)
    return _lsp(found.message, _range(lines, line, start, _length(found, lines, line, start), codec))


def _length(found: Diagnostic, lines: list[str], line: int, start: int) -> int:
    """How many characters the problem covers: its carets, else the token at its position, else one."""
    carets = (found.snippet or "").rpartition("\n")[2].strip()
    if carets and set(carets) == {"^"}:
        return len(carets)
    token = _TOKEN.match(lines[line], start) if found.line and line < len(lines) else None
    return len(token.group()) if token else 1


def _extends_value(lines: list[str]) -> tuple[int, int, int]:
    """Line, column and length (0-based) of the document's `extends:` value (or key); else 0, 0, 1."""
    for number, text in enumerate(lines):
        found = _EXTENDS.match(text)
        if found:
            return (number, found.start(2), len(found.group(2))) if found.group(2) else (number, 0, len("extends"))
    return 0, 0, 1


def _range(lines: list[str], line: int, start: int, length: int, codec: PositionCodec) -> types.Range:
    """Code-point columns as the client counts them (UTF-16 unless it chose otherwise), within the line."""
    line = min(line, len(lines) - 1)  # `lines` is never empty: splitting "" gives [""]
    width = len(lines[line])
    start = min(start, width)
    end = min(start + max(length, 1), width) if width > start else start
    # The codec counts a line with its break; ours have none, which changes nothing up to its end.
    first = codec.position_to_client_units(lines, types.Position(line=line, character=start))
    last = codec.position_to_client_units(lines, types.Position(line=line, character=end))
    return types.Range(start=first, end=last)


def _lsp(
    message: str, where: types.Range, related: list[types.DiagnosticRelatedInformation] | None = None
) -> types.Diagnostic:
    return types.Diagnostic(
        range=where, message=message, severity=types.DiagnosticSeverity.Error, source=SOURCE,
        related_information=related,
    )  # fmt: skip


class DominoServer(LanguageServer):
    # Whether the client asked to shut down before `exit`: the exit status the protocol asks for
    # (0 after a shutdown, else 1), which pygls's own exit cannot give from inside its event loop.
    shut_down = False


def create_server(version: str) -> DominoServer:
    """The language server, its handlers registered; `start_io()` runs it on standard input and output."""
    server = DominoServer("domino", version, text_document_sync_kind=types.TextDocumentSyncKind.Full)

    def publish(uri: str) -> None:
        # pygls has already applied the open or change to its copy of the document, so this is the
        # editor's text (a didSave carries none under full sync: the copy is the saved text).
        codec = server.workspace.position_codec
        try:
            document = server.workspace.get_text_document(uri)
            text, number = document.source, document.version
        except Exception as error:  # a document pygls cannot give (a file it failed to read) is one message too
            logger.exception("reading %s failed", uri)
            found, number = [internal_error(error, [""], codec)], None
        else:
            found = lsp_diagnostics(uri, text, codec)
        server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=number)
        )

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        # A closed file's problems would otherwise stay in the editor's problem list.
        server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[])
        )

    @server.feature(types.SHUTDOWN)
    def shutdown(params: None) -> None:
        server.shut_down = True

    return server
