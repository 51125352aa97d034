"""Re-executing a game log through the engine and finding the first place where they differ.

A log is JSON Lines: each match starts with its "match" header (rules, digest, seed, players),
followed by everything the engine recorded. Replaying rebuilds the match from the header, feeds
it the logged actions, and requires every other record to come out identical.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from interpreter.engine import Action, IllegalAction, Match
from interpreter.ruleset import Ruleset


@dataclass(frozen=True)
class ReplayReport:
    matches: int
    actions: int
    divergence: tuple[int, str] | None  # (1-based line, what differs)
    unfinished: bool  # the log stops before its last match is over (a saved game, say)


class _Diverged(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def _describe_difference(logged: dict, produced: dict) -> str:
    keys = sorted(set(logged) | set(produced))
    diffs = [k for k in keys if logged.get(k) != produced.get(k)]
    shown = "; ".join(f"{k}: log has {logged.get(k)!r}, engine gives {produced.get(k)!r}" for k in diffs[:3])
    return f"'{logged.get('type')}' record differs — {shown}"


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
            self.match = Match(ruleset, players=int(header["players"]), seed=int(header["seed"]))
        except (KeyError, TypeError, ValueError) as error:
            raise _Diverged(line, f"cannot start the match from this header: {error}") from None
        self.produced = 0
        self.matches += 1

    def feed(self, record: dict, line: int) -> None:
        if record.get("type") == "match":
            self.start(record, line)
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
            raise _Diverged(line, f"the engine waits for an action, the log has a '{record.get('type')}' record")
        if record.get("seat") != self.match.current_player:
            raise _Diverged(line, f"seat {record.get('seat')} acts, but it is seat {self.match.current_player}'s turn")
        try:
            action = Action.from_json(record["action"])
            self.match.apply(action)
        except IllegalAction as illegal:
            raise _Diverged(line, f"illegal action {record.get('action')}: {illegal.reason}") from None
        except (KeyError, TypeError, ValueError) as error:
            raise _Diverged(line, f"unreadable action {record.get('action')!r}: {error}") from None
        self.actions += 1


def replay(lines: Iterable[str], rules_for: Callable[[dict], Ruleset]) -> ReplayReport:
    """Replay a log; `rules_for(header)` gives the ruleset a match header names (or raises ValueError)."""
    replayer = _Replayer(rules_for)
    number = 0
    try:
        for number, text in enumerate(lines, start=1):
            if not text.strip():
                continue
            try:
                record = json.loads(text)
            except json.JSONDecodeError as error:
                raise _Diverged(number, f"not a JSON record: {error.msg}") from None
            if not isinstance(record, dict):
                raise _Diverged(number, "a record must be a JSON object")
            replayer.feed(record, number)
        replayer.finish_match(number + 1)
    except _Diverged as diverged:
        return ReplayReport(replayer.matches, replayer.actions, (diverged.line, diverged.message), False)
    unfinished = replayer.match is not None and not replayer.match.is_over
    return ReplayReport(replayer.matches, replayer.actions, None, unfinished)
