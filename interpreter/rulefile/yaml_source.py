"""Reading a rule file safely: bytes → text → YAML nodes → plain values that remember where
each one was written.

Rule files come from users, so every step has a limit and turns bad input into a `Diagnostic`
(see docs/format.md, "Checking a file"): a size limit, strict UTF-8, a nesting limit enforced
while composing (PyYAML's composer recurses once per level), and a budget on the number of
values, counted while composing and again while converting, where aliases are expanded (so an
alias bomb stops there).
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from interpreter.text.diagnostics import Diagnostic, caret_snippet, shorten
from interpreter.text.untrusted import open_regular

MAX_BYTES = 256 * 1024
MAX_DEPTH = 32
MAX_VALUES = 2_000

# PyYAML's marks count these as line breaks, so positions computed here must too.
_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")

_TAG = "tag:yaml.org,2002:"
# Implicit timestamps and `=` are YAML 1.1 oddities; a rule file means the text it wrote.
_STRING_TAGS = {_TAG + "str", _TAG + "timestamp", _TAG + "value"}


@dataclass(frozen=True)
class Source:
    name: str  # the file as diagnostics name it
    path: Path
    text: str

    def position(self, index: int) -> tuple[int, int]:
        """1-based line and column of the character at `index`."""
        breaks = list(_LINE_BREAK.finditer(self.text, 0, index))
        line_start = breaks[-1].end() if breaks else 0
        return len(breaks) + 1, index - line_start + 1

    def line_text(self, line: int) -> str:
        lines = _LINE_BREAK.split(self.text)
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def diagnostic(self, line: int, column: int, message: str, *, caret: bool = False) -> Diagnostic:
        snippet = caret_snippet(self.line_text(line), column - 1) if caret and line else None
        return Diagnostic(self.name, line, column, message, snippet)


@dataclass(frozen=True)
class Origin:
    """Where a value was written: its node, and its key's node when it is a mapping value."""

    source: Source
    node: yaml.Node
    key: yaml.Node | None = None

    def value_position(self) -> tuple[int, int]:
        mark = self.node.start_mark
        return mark.line + 1, mark.column + 1

    def key_position(self) -> tuple[int, int]:
        mark = (self.key or self.node).start_mark
        return mark.line + 1, mark.column + 1

    def position_in_value(self, offset: int) -> tuple[int, int]:
        """1-based line and column of character `offset` of a scalar's value in the file.

        The value is matched character by character against the text as written, skipping what
        YAML removed (quotes, indentation, a block scalar's header, folded line breaks). Where
        that cannot be trusted (escapes in double quotes) or fails, the scalar's start is used.
        """
        node = self.node
        start = self.value_position()
        if not isinstance(node, yaml.ScalarNode):
            return start
        raw, value = self._raw(), node.value
        if node.style == '"' and "\\" in raw:
            return start
        i = 0
        if node.style in ('"', "'"):
            i = 1
        elif node.style in ("|", ">"):
            header = _LINE_BREAK.search(raw)
            if header is None:
                return start
            i = header.end()
        for ch in value[: offset + 1]:
            while i < len(raw) and raw[i] != ch:
                i += 1
            if i == len(raw):
                return start
            i += 1
        # i is just past value[offset], or past the whole value when offset points at its end
        return self._after(raw, i - 1 if offset < len(value) else i)

    def _raw(self) -> str:
        return self.source.text[self.node.start_mark.index : self.node.end_mark.index]

    def _after(self, raw: str, i: int) -> tuple[int, int]:
        breaks = list(_LINE_BREAK.finditer(raw, 0, i))
        line = self.node.start_mark.line + len(breaks)
        column = i - breaks[-1].end() if breaks else self.node.start_mark.column + i
        return line + 1, column + 1


@dataclass
class Located:
    """A value and where it was written; mappings hold `dict[str, Located]`, lists `list[Located]`."""

    value: Any
    origin: Origin


def read_source(path: Path, name: str) -> tuple[Source | None, list[Diagnostic]]:
    try:
        with open_regular(path) as handle:  # a FIFO or a device is refused unopened
            data = handle.read(MAX_BYTES + 1)
    except OSError as error:
        return None, [Diagnostic(name, 0, 0, f"cannot read the file: {error.strerror or error}")]
    if len(data) > MAX_BYTES:
        return None, [
            Diagnostic(name, 0, 0, f"the file is larger than {MAX_BYTES // 1024} KiB; rule files are small text files")
        ]
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return None, [Diagnostic(name, 0, 0, "the file is UTF-16 or UTF-32 encoded; save it as UTF-8")]
    data = data.removeprefix(codecs.BOM_UTF8)
    nul = data.find(b"\0")
    if nul >= 0:
        line, column = _byte_position(data, nul)
        return None, [Diagnostic(name, line, column, "binary data (a NUL byte); a rule file is UTF-8 text")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _byte_position(data, error.start)
        message = f"invalid UTF-8 (byte 0x{data[error.start]:02x} at byte offset {error.start}); save the file as UTF-8"
        return None, [Diagnostic(name, line, column, message)]
    return Source(name, path, text), []


def _byte_position(data: bytes, offset: int) -> tuple[int, int]:
    line_start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode("utf-8", errors="replace"))
    return data.count(b"\n", 0, offset) + 1, column + 1


def parse(source: Source, *, quote: bool = True) -> tuple[Located | None, list[Diagnostic]]:
    """The file's top-level mapping as a `Located` tree, and every problem found on the way.

    `quote`: a YAML syntax error shows the line it is on (only for a file that claims to be a rule
    file; docs/security.md)."""
    try:
        root = _compose(source.text)
    except _Limit as limit:
        line, column = limit.mark.line + 1, limit.mark.column + 1
        return None, [source.diagnostic(line, column, limit.message)]
    except yaml.MarkedYAMLError as error:
        return None, [_syntax_error(source, error, quote)]
    except yaml.reader.ReaderError as error:
        line, column = source.position(error.position)
        code = error.character if isinstance(error.character, int) else ord(error.character[:1] or " ")
        message = f"character U+{code:04X} is not allowed in a YAML file"
        return None, [source.diagnostic(line, column, message)]
    if root is None:
        message = "the file is empty; a rule file is a YAML mapping that starts with name:"
        return None, [Diagnostic(source.name, 0, 0, message)]
    if not isinstance(root, yaml.MappingNode) or root.tag != _TAG + "map":
        line, column = root.start_mark.line + 1, root.start_mark.column + 1
        message = f"the top level must be a mapping of keys (name:, set:, …), not {_kind(root)}"
        return None, [source.diagnostic(line, column, message)]
    converter = _Converter(source)
    try:
        tree = converter.convert(root, None, 0)
    except _Limit as limit:
        line, column = limit.mark.line + 1, limit.mark.column + 1
        return None, [source.diagnostic(line, column, limit.message)]
    return tree, converter.problems


def _compose(text: str) -> yaml.Node | None:
    loader = _Loader(text)  # already reads the text, and may raise ReaderError
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _syntax_error(source: Source, error: yaml.MarkedYAMLError, quote: bool = True) -> Diagnostic:
    mark = error.problem_mark or error.context_mark
    message = f"YAML syntax error: {error.problem or error.context}"
    if error.context and error.problem and error.context_mark:
        context = f"{error.context} (line {error.context_mark.line + 1})"
        # PyYAML words some errors as context + "but found ...", others as problem + "while ..."
        tail = f", {error.problem}" if error.problem.startswith("but ") else f": {error.problem}"
        message = f"YAML syntax error: {context}{tail}"
    if "'\\t'" in message:
        message += "; indent with spaces, YAML does not allow tabs there"
    if mark is None:
        return Diagnostic(source.name, 0, 0, message)
    return source.diagnostic(mark.line + 1, mark.column + 1, message, caret=quote)


class _Limit(Exception):
    def __init__(self, message: str, mark: yaml.Mark) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark


class _Loader(yaml.SafeLoader):
    """SafeLoader whose composer stops at MAX_DEPTH levels (it recurses once per level) and at
    MAX_VALUES nodes (so that a huge document costs little before it is refused)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        mark = self.peek_event().start_mark
        if self._depth >= MAX_DEPTH:
            raise _Limit(f"nested more than {MAX_DEPTH} levels deep; a rule file needs a few", mark)
        self._nodes += 1
        if self._nodes > MAX_VALUES:
            raise _Limit(f"more than {MAX_VALUES} keys and values; a rule file needs far fewer", mark)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if node.tag in _STRING_TAGS:
        return "a string"
    names = {"null": "null", "bool": "true/false", "int": "a number", "float": "a number"}
    return names.get(node.tag.removeprefix(_TAG), f"a value tagged '{node.tag}'")


class _Converter:
    """Nodes to `Located` values; aliases are expanded, so depth and size are counted here too."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.values = 0
        self.problems: list[Diagnostic] = []

    def problem(self, node: yaml.Node, message: str) -> None:
        mark = node.start_mark
        self.problems.append(self.source.diagnostic(mark.line + 1, mark.column + 1, message))

    def convert(self, node: yaml.Node, key: yaml.Node | None, depth: int) -> Located:
        self.values += 1
        if self.values > MAX_VALUES:
            raise _Limit(
                f"more than {MAX_VALUES} values once aliases are expanded; a rule file needs far fewer",
                node.start_mark,
            )
        if depth > MAX_DEPTH:
            raise _Limit(f"nested more than {MAX_DEPTH} levels deep (through aliases)", node.start_mark)
        origin = Origin(self.source, node, key)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, origin)
        if node.tag not in (_TAG + "map", _TAG + "seq"):
            # Reported, then read as if untagged, so that later checks do not call it missing.
            self.problem(node, f"unsupported YAML tag '{node.tag}'; use a plain mapping or list")
        if isinstance(node, yaml.MappingNode):
            return Located(self.mapping(node, depth), origin)
        return Located([self.convert(item, None, depth + 1) for item in node.value], origin)

    def mapping(self, node: yaml.MappingNode, depth: int) -> dict[str, Located]:
        out: dict[str, Located] = {}
        first_seen: dict[str, yaml.Node] = {}
        for key_node, value_node in node.value:
            name = self.key_name(key_node)
            if name is None:
                continue
            if name in first_seen:
                first = first_seen[name].start_mark.line + 1
                self.problem(key_node, f"duplicate key '{name}' (first written on line {first})")
                continue
            first_seen[name] = key_node
            out[name] = self.convert(value_node, key_node, depth + 1)
        return out

    def key_name(self, node: yaml.Node) -> str | None:
        if isinstance(node, yaml.ScalarNode):
            # An int key is read as its text, so that a hand-size table may say `2: 7` unquoted.
            if node.tag in _STRING_TAGS or node.tag == _TAG + "int":
                self.no_surrogate(node)
                return str(node.value)
            if node.tag == _TAG + "merge":
                self.problem(node, "YAML merge keys ('<<') are not supported; use extends: to build on another file")
                return None
        self.problem(node, f"a key must be a string, not {_kind(node)}")
        return None

    def no_surrogate(self, node: yaml.ScalarNode) -> None:
        """A problem for a string holding a surrogate (a `\\ud800` escape): no UTF-8 text, so no
        answer, save or terminal, can carry it."""
        found = _SURROGATE.search(str(node.value))
        if found:
            self.problem(node, f"a lone surrogate (\\u{ord(found.group()):04x}) in a string; UTF-8 text cannot "
                         "hold one")  # fmt: skip

    def scalar(self, node: yaml.ScalarNode, origin: Origin) -> Located:
        kind = node.tag.removeprefix(_TAG)
        if node.tag in _STRING_TAGS:
            self.no_surrogate(node)
            return Located(node.value, origin)
        if kind == "null":
            return Located(None, origin)
        construct = _SCALARS.get(kind)
        if kind == "int":
            unclear = _yaml11_int(node)
            if unclear is not None:
                self.problem(node, unclear)
                return Located(node.value, origin)  # reported; kept as its text, as below
        try:
            if construct is not None:
                return Located(construct(node), origin)
            self.problem(node, f"unsupported YAML tag '{node.tag}'; use a plain string, number or true/false")
        except (ArithmeticError, LookupError, ValueError):  # e.g. `!!int x`, or more digits than int() takes
            self.problem(node, f"'{shorten(node.value)}' is not a valid {kind}, or it is too large")
        # Reported; kept as its text so that later checks do not also call the key missing.
        return Located(node.value, origin)


_SURROGATE = re.compile("[\ud800-\udfff]")
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_MAX_FORM = 24  # characters of a non-decimal integer whose YAML 1.1 reading a message shows


def _yaml11_int(node: yaml.ScalarNode) -> str | None:
    """Why an integer is refused although YAML 1.1 reads it: a form other than plain decimal digits.

    PyYAML follows YAML 1.1, where `017` is octal 15, `1:40` is base 60 (100), and `0x1F`, `0b101`
    and `1_000` are numbers too; their author rarely meant that (YAML 1.2 reads `017` as 17 and
    `1:40` as text), so an integer is written in plain decimal digits, and the message says why.
    """
    text = node.value
    if _DECIMAL.fullmatch(text):
        return None
    if len(text) > _MAX_FORM:  # no reading worth showing (and base 60 costs quadratic time): no reading
        digits = text.lstrip("+-")[:2]
        if "_" in text or ":" in text or (digits[:1] == "0" and digits[1:2].isalnum()):
            return f"'{shorten(text)}' is not a decimal integer; write integers in decimal digits only"
        return None
    try:
        read = _CONSTRUCTOR.construct_yaml_int(node)
    except (ArithmeticError, LookupError, ValueError):
        return None  # not a number at all (`!!int x`): reported as such by the caller
    shown = shorten(text)
    sign, digits = ("-" if text.startswith("-") else ""), text.lstrip("+-")
    if "_" in text:
        return f"write {read} without underscores: YAML 1.1 would read {shown} as {read}, YAML 1.2 as text"
    if ":" in text:
        return (
            f"write {read} in decimal: {shown} would be read as base-60 {read} (YAML 1.1 sexagesimal); "
            f"quote it if it is text"
        )
    if digits.startswith(("0x", "0X")):
        return f"write {read} in decimal: {shown} would be read as hexadecimal {read}"
    if digits.startswith(("0b", "0B")):
        return f"write {read} in decimal: {shown} would be read as binary {read}"
    # A leading zero: YAML 1.1 reads octal, YAML 1.2 (and most people) decimal.
    plain = sign + (digits.lstrip("0") or "0")
    if plain == str(read):
        return f"write {read} in decimal, without the leading zero: {shown} would be read as octal {read}"
    return f"write {shorten(plain)} or {read} in decimal: {shown} would be read as octal {read}"


# The scalar constructors read only the node they are given, so one shared instance serves all.
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_SCALARS = {
    "bool": _CONSTRUCTOR.construct_yaml_bool,
    "int": _CONSTRUCTOR.construct_yaml_int,
    "float": _CONSTRUCTOR.construct_yaml_float,
}
