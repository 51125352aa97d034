"""Replays opened in the browser: a save, or one game of a `simulate --log` log, stepped through.

The text is read as a save would be from a file (bounded, safe: interpreter/text/untrusted.py): a save
goes through `read_save` and `rebuild`, a log through `replay`, which checks every record. Only a
bundled variant, or a rule file the text names whose sha256 still matches, gives the rules.
"""

from __future__ import annotations

import io
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreter.engine import Action, Match
from interpreter.engine.match import new_match
from interpreter.frontends.presentation.seats import HUMAN
from interpreter.frontends.saves import check_seats, rules_of_save
from interpreter.frontends.web.refusal import Refusal
from interpreter.frontends.web.views import public_view
from interpreter.records.replay import SETTINGS, recorded_rule_file, recorded_teams, replay
from interpreter.records.savegame import FORMAT, SaveError, parse_save, rebuild
from interpreter.resources import bundled_variants
from interpreter.rulefile.overrides import SettingError, load_with_settings
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.diagnostics import RuleFileError, shorten
from interpreter.text.untrusted import JsonProblem, LineProblem, bounded_lines, load_json

MAX_REPLAYS = 32  # kept in memory; the oldest goes first


@dataclass
class Replay:
    ruleset: Ruleset
    kinds: list[str]
    players: int
    seed: int
    teams: bool | None
    actions: list[Action]
    _at: tuple[int, Match] | None = None

    @property
    def steps(self) -> int:
        return len(self.actions)

    def match_at(self, step: int) -> Match:
        """The match after `step` actions (step 0: the first deal)."""
        if self._at is not None and self._at[0] <= step:
            done, match = self._at[0], self._at[1].clone()
        else:
            done, match = 0, new_match(self.ruleset, players=self.players, seed=self.seed, teams=self.teams)
        for action in self.actions[done:step]:
            match.apply(action)
        self._at = (step, match.clone())
        return match

    def view(self, step: int) -> dict[str, Any]:
        if not 0 <= step <= self.steps:
            raise Refusal(404, f"step {step} is outside this replay (0 to {self.steps})")
        return public_view(self.match_at(step), self.ruleset, self.kinds, step, self.steps)


def _from_save(text: str, cwd: Path) -> Replay:
    try:
        game = parse_save(text.encode("utf-8"), "the save")
        check_seats(game, "the save")
        ruleset = rules_of_save(game, "the save", cwd)
        rebuild(game, ruleset)  # the whole log checked
    except SaveError as error:
        raise Refusal(422, str(error)) from None
    header = game.events[0] if game.events else {}
    actions = [Action.from_json(e["action"]) for e in game.events if e.get("type") == "action"]
    return Replay(ruleset, game.seats, len(game.seats), game.seed, recorded_teams(header), actions)


def _rules_for(header: dict[str, Any], cwd: Path) -> Ruleset:
    name, settings = header.get("rules"), header.get(SETTINGS, [])
    if not isinstance(name, str) or not isinstance(settings, list) or not all(isinstance(s, str) for s in settings):
        raise ValueError("the header names no rules")
    variant = name if name in bundled_variants() else None
    if variant is None:
        found = recorded_rule_file(header)
        if found is None:
            raise ValueError(f"the log was played by '{shorten(name)}', a rule file that is not on this server")
        variant = str(found)
    try:
        ruleset = load_with_settings(variant, settings, cwd)
    except (RuleFileError, SettingError):
        raise ValueError("the rules the log names do not load") from None
    if header.get("digest") and header["digest"] != ruleset.digest:
        raise ValueError(f"the log was played by other rules than today's '{shorten(name)}'")
    return ruleset


def _from_log(text: str, game: int, cwd: Path) -> Replay:
    games: list[list[str]] = []
    try:
        for number, line in enumerate(bounded_lines(io.BytesIO(text.encode("utf-8"))), start=1):
            if not line.strip():
                continue
            record = load_json(line, line=number)
            if isinstance(record, dict) and record.get("type") == "match":
                games.append([])
            if not games:
                raise Refusal(422, "this is neither a domino save nor a game log (no 'match' header first)")
            games[-1].append(line)
    except JsonProblem as problem:
        raise Refusal(422, f"not a save or a game log: {problem.where()}: {problem.message}") from None
    except LineProblem as problem:
        raise Refusal(422, f"not a save or a game log: {problem.message}") from None
    if not 0 <= game < len(games):
        raise Refusal(422, f"the log holds {len(games)} games; game is 0 to {len(games) - 1}")
    lines = games[game]
    rules: list[Ruleset] = []

    def rules_for(header: dict[str, Any]) -> Ruleset:
        rules.append(_rules_for(header, cwd))
        return rules[-1]

    checked = replay(lines, rules_for)
    if checked.divergence is not None:
        at, message = checked.divergence
        raise Refusal(422, f"record {at} of game {game}: {message}")
    records = [load_json(x) for x in lines]
    header = records[0]
    actions = [Action.from_json(r["action"]) for r in records if r.get("type") == "action"]
    count = int(header["players"])
    return Replay(rules[0], [HUMAN] * count, count, int(header["seed"]), recorded_teams(header), actions)


class Replays:
    def __init__(self, cwd: Path) -> None:
        self.cwd = cwd
        self.replays: OrderedDict[str, Replay] = OrderedDict()

    def open(self, body: dict[str, Any]) -> tuple[str, Replay]:
        text, game = body.get("text"), body.get("game", 0)
        if not isinstance(text, str) or not text.strip():
            raise Refusal(422, "text must be a save (JSON) or a game log (JSON Lines)")
        if isinstance(game, bool) or not isinstance(game, int):
            raise Refusal(422, "game must be a whole number (0: the first game of the log)")
        try:  # a save's first line is its header (a save of version 1 is one line in all)
            first = load_json(text.lstrip().partition("\n")[0])
        except JsonProblem:
            first = None  # a log, or neither
        if isinstance(first, dict) and first.get("format") == FORMAT:
            found = _from_save(text, self.cwd)
        else:
            found = _from_log(text, game, self.cwd)
        key = secrets.token_urlsafe(12)
        self.replays[key] = found
        while len(self.replays) > MAX_REPLAYS:
            self.replays.popitem(last=False)
        return key, found

    def get(self, key: str) -> Replay:
        found = self.replays.get(key)
        if found is None:
            raise Refusal(404, "no such replay (replays are kept while the server runs, the last 32)")
        return found
