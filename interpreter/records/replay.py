"""Re-executing a game log through the engine and finding the first place where they differ.

A log is JSON Lines: each match starts with its "match" header (rules, digest, seed, players,
sides), followed by everything the engine recorded. Replaying rebuilds the match from the header
(in partnerships if it has fewer sides than players), feeds it the logged actions, and requires
every other record to come out identical.

A log may end cut short: `simulate --log` writes whole records through a buffer, so a process
killed while writing one leaves the file after whichever record was written out last, anywhere in
a round; killed in the middle of a write, or on a full disk, inside a record. Records the engine
produced that the log lacks only at its very end, and a last line without its "\n" that is not JSON
(a record torn mid-write), are such a cut: the last match is unfinished, as in a log that stops
where a player was to move. A record missing anywhere else, or a torn line with more after it, is
damage, as before.

A header written by `domino simulate` also says where the rules came from (`RulesOrigin`): the
rule file, by absolute path and the sha256 of its bytes, or that they were read from standard
input, and the `--set` options over them; and who played: the strategy in each seat.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from interpreter.engine import Action, IllegalAction, Match
from interpreter.engine.limits import MatchLimitError
from interpreter.engine.match import new_match
from interpreter.expressions.language import ExpressionRuntimeError
from interpreter.rulefile.loader import resolve_variant
from interpreter.rulefile.overrides import load_with_settings
from interpreter.rulefile.portable import STDIN_NAME, PortableRules, portable_rules
from interpreter.rulefile.ruleset import Ruleset
from interpreter.rulefile.yaml_source import MAX_BYTES
from interpreter.text.diagnostics import shorten
from interpreter.text.untrusted import JsonProblem, LineProblem, is_rule_file_name, load_json, read_regular

RULES_FILE = "rules_file"
RULES_SHA256 = "rules_sha256"
RULES_FROM = "rules_from"  # "stdin": the rules were read from standard input, and no file holds them
FROM_STDIN = "stdin"
SETTINGS = "settings"
STRATEGIES = "strategies"  # who sat where: a simulated match's header names the strategy in each seat
# In a header, but not of the engine's making: replay leaves them out of the comparison (a log
# without them, from before they were written, replays the same).
_ORIGIN_KEYS = (RULES_FILE, RULES_SHA256, RULES_FROM, SETTINGS, STRATEGIES)


@dataclass(frozen=True)
class RulesOrigin:
    """How to build a ruleset again, in a worker process or when its log is replayed.

    `variant` is a bundled name or an absolute rule-file path, so it means the same from any
    directory, or STDIN_NAME for rules read from standard input; `settings` are the `--set`
    options laid over it. `rules`, when given, are the rules themselves, which a process builds
    instead of reading `variant`: rules from standard input, or a process on another machine.
    """

    variant: str
    settings: tuple[str, ...] = ()
    rules: PortableRules | None = None

    def load(self) -> Ruleset:
        if self.rules is not None:
            return self.rules.load()
        return load_with_settings(self.variant, self.settings, Path.cwd())

    def portable(self) -> RulesOrigin:
        """This origin carrying its rules, for processes that may not have the files it names."""
        if self.rules is not None:
            return self
        return replace(self, rules=portable_rules(self.variant, self.settings, Path.cwd()))

    def log_header(self) -> dict[str, Any]:
        """What a log's match header adds, so that `domino replay` finds these rules again (or,
        for rules from standard input, knows to ask for them)."""
        if self.variant == STDIN_NAME:
            header: dict[str, Any] = {RULES_FROM: FROM_STDIN}
        else:
            header = rule_file_record(resolve_variant(self.variant))
        if self.settings:
            header[SETTINGS] = list(self.settings)
        return header


def rule_file_record(path: Path) -> dict[str, Any]:
    """A rule file as a log or a save records it: by absolute path, and the sha256 of its bytes."""
    path = path.resolve()
    return {RULES_FILE: str(path), RULES_SHA256: hashlib.sha256(path.read_bytes()).hexdigest()}


def recorded_rule_file(header: Mapping[str, Any]) -> Path | None:
    """The rule file a log header (or a save) names, if it is still there with the recorded digest; else None.

    A log may come from anyone, so nothing but a regular `.yaml`/`.yml` file of a rule file's size
    is read to check the digest, and only a file whose digest matches is used: a log cannot make
    the tool read, or show, any other file.
    """
    name, digest = header.get(RULES_FILE), header.get(RULES_SHA256)
    if not isinstance(name, str) or not isinstance(digest, str) or not os.path.isabs(name):
        return None
    try:
        path = Path(name).resolve()  # a link is judged by the file it leads to
        if not is_rule_file_name(path):
            return None
        # Non-blocking, and the type checked on the open file: a FIFO named x.yaml must not hang us.
        data = read_regular(path, MAX_BYTES)
    except (OSError, ValueError):
        return None
    return path if hashlib.sha256(data).hexdigest() == digest else None


def recorded_teams(header: Mapping[str, Any]) -> bool | None:
    """Whether the match a header starts was played in partnerships (fewer sides than players), as
    `Match(teams=...)` takes it; None, the rule file's choice, for a header that does not say.
    TypeError or ValueError for a header whose counts are not numbers."""
    sides = header.get("sides")
    if sides is None:
        return None
    if isinstance(sides, bool) or not isinstance(sides, int):
        raise TypeError(f"'sides' must be a number, not {sides!r}")
    return sides < int(header["players"])


@dataclass(frozen=True)
class ReplayReport:
    matches: int
    actions: int
    divergence: tuple[int, str] | None  # (1-based line, what differs)
    unfinished: bool  # the log stops before its last match is over (a saved game, say, or a cut log)


class _Diverged(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def _describe_difference(logged: dict, produced: dict) -> str:
    keys = sorted(set(logged) | set(produced))
    diffs = [k for k in keys if logged.get(k) != produced.get(k)]
    shown = "; ".join(
        f"{shorten(repr(k))}: log has {shorten(repr(logged.get(k)), 120)}, engine gives {produced.get(k)!r}"
        for k in diffs[:3]
    )
    return f"'{shorten(str(logged.get('type')))}' record differs — {shown}"


class _Replayer:
    def __init__(self, rules_for: Callable[[dict], Ruleset]) -> None:
        self.rules_for = rules_for
        self.match: Match | None = None
        self.produced = 0  # how many of match.events the log has matched so far
        self.matches = 0
        self.actions = 0

    def finish_match(self, line: int) -> None:
        if self.match is not None and self.produced < len(self.match.events):
            missing = self.match.events[self.produced]
            raise _Diverged(line, f"the log lacks a '{missing.get('type')}' record the engine produced: {missing}")

    def start(self, header: dict, line: int) -> None:
        self.finish_match(line)
        try:
            ruleset = self.rules_for(header)
            players, seed = int(header["players"]), int(header["seed"])
            self.match = new_match(ruleset, players=players, seed=seed, teams=recorded_teams(header))
        except (KeyError, TypeError, ValueError) as error:
            raise _Diverged(line, f"cannot start the match from this header: {shorten(str(error), 300)}") from None
        self.produced = 0
        self.matches += 1

    def feed(self, record: dict, line: int) -> None:
        if record.get("type") == "match":
            self.start(record, line)
            record = {key: value for key, value in record.items() if key not in _ORIGIN_KEYS}
        if self.match is None:
            raise _Diverged(line, "the log does not start with a 'match' header")
        events = self.match.events
        if self.produced == len(events):
            self.play(record, line)
        produced = events[self.produced]
        if record != produced:
            raise _Diverged(line, _describe_difference(record, produced))
        self.produced += 1

    def play(self, record: dict, line: int) -> None:
        assert self.match is not None
        if record.get("type") != "action":
            kind = shorten(str(record.get("type")))
            raise _Diverged(line, f"the engine waits for an action, the log has a '{kind}' record")
        if record.get("seat") != self.match.current_player:
            seat = shorten(repr(record.get("seat")))
            raise _Diverged(line, f"seat {seat} acts, but it is seat {self.match.current_player}'s turn")
        try:
            action = Action.from_json(record["action"])
        except (KeyError, TypeError, ValueError) as error:
            shown = shorten(repr(record.get("action")), 120)
            raise _Diverged(line, f"unreadable action {shown}: {shorten(str(error), 200)}") from None
        try:
            self.match.apply(action)
        except IllegalAction as illegal:
            shown = shorten(str(record.get("action")), 120)
            raise _Diverged(line, f"illegal action {shown}: {illegal.reason}") from None
        except (MatchLimitError, ExpressionRuntimeError) as error:  # the rules themselves stop the match
            raise _Diverged(line, f"the rules stop the match here: {shorten(str(error), 300)}") from None
        self.actions += 1


def replay(lines: Iterable[str], rules_for: Callable[[dict], Ruleset]) -> ReplayReport:
    """Replay a log; `rules_for(header)` gives the ruleset a match header names (or raises ValueError).
    A log cut short (see the module's docstring) replays as far as it goes, its last match unfinished."""
    replayer = _Replayer(rules_for)
    number = 0
    torn: _Diverged | None = None  # a line without its "\n" that is not JSON: the log's cut end, if nothing follows
    try:
        try:
            for number, text in enumerate(lines, start=1):
                if not text.strip():
                    continue
                if torn is not None:  # more after it: not where the log was cut
                    raise torn
                try:
                    record = load_json(text)  # bounded: no Infinity, no 5,000 digits, no deep nesting
                except JsonProblem as problem:
                    unsound = _Diverged(number, f"not a sound JSON record: {problem.message}")
                    if text.endswith("\n") or replayer.match is None:  # a whole line, or nothing before it
                        raise unsound from None
                    torn = unsound
                    continue
                if not isinstance(record, dict):
                    raise _Diverged(number, "a record must be a JSON object")
                replayer.feed(record, number)
        except LineProblem as problem:  # raised while reading the line after `number`
            raise _Diverged(number + 1, problem.message) from None
    except _Diverged as diverged:
        return ReplayReport(replayer.matches, replayer.actions, (diverged.line, diverged.message), False)
    # At the end, records the engine produced past the log's last one are where the log was cut.
    match = replayer.match
    unfinished = match is not None and (not match.is_over or replayer.produced < len(match.events))
    return ReplayReport(replayer.matches, replayer.actions, None, unfinished)
