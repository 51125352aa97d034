"""The tables the server holds: each one a `Match`, who sits where, the human seats' tokens, a
version counter, and the save it writes after every action.

The version is the number of actions the match has taken, so it survives a restart. A table holds
the lock of its save while the server runs (a terminal cannot play it at the same time), and its
computer seats move one action at a time, at the table's pace.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import secrets
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from interpreter import players
from interpreter.engine import Action, IllegalAction, Match
from interpreter.frontends.cli.commands.common import GAME_ERRORS, teams_problem
from interpreter.frontends.presentation.moves import same_move
from interpreter.frontends.presentation.seats import HUMAN
from interpreter.frontends.presentation.tricks import is_trick_game
from interpreter.frontends.terminal.session import computer_choice, estimate_words, hint_moves
from interpreter.frontends.web import store
from interpreter.frontends.web.views import legal_json, seat_view
from interpreter.records.savegame import (
    SavedGame,
    SaveError,
    SaveLock,
    new_save_path,
    open_save,
    read_save,
    rebuild,
    record_rule_file,
    write_save,
)
from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import load_ruleset_text
from interpreter.rulefile.overrides import SettingError, load_with_settings
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.diagnostics import RuleFileError, shorten

MAX_UPLOAD_FILES = 16  # bases uploaded with a rule file; real house rules stack two or three
UPLOAD_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}\.ya?ml")  # a plain name: no folder, no dotfile
MAX_PACE_MS = 10_000
QUEUE_SIZE = 16  # state messages waiting for one slow listener; the oldest goes first


class Refusal(Exception):
    """A request the server refuses: an HTTP status and a message for the user."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


def rules_problem(error: RuleFileError) -> Refusal:
    problems = [
        {"file": d.file, "line": d.line, "column": d.column, "message": d.message, "text": d.format()}
        for d in error.diagnostics
    ]
    return Refusal(422, "\n".join(p["text"] for p in problems), problems=problems)


def upload_files(raw: Any) -> dict[str, str]:
    """The other files of an upload, `{name: text}`, that the pasted file may `extends:` by name."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping) or len(raw) > MAX_UPLOAD_FILES:
        raise Refusal(422, f"files must be an object of at most {MAX_UPLOAD_FILES} file names to rule-file texts")
    for name, text in raw.items():
        if not isinstance(name, str) or not UPLOAD_FILE_NAME.fullmatch(name) or name == store.UPLOAD_NAME:
            raise Refusal(
                422, f"files: '{shorten(str(name))}' is not an upload's file name (NAME.yaml or NAME.yml, no folder, "
                f"not {store.UPLOAD_NAME})",
            )  # fmt: skip
        if not isinstance(text, str):
            raise Refusal(422, f"files: {name} must be the text of a rule file")
    return dict(raw)


def load_text(text: str, directory: Path, files: Mapping[str, str] | None = None) -> Ruleset:
    """Pasted rules, read as `upload.yaml`; `extends:` may name a bundled variant or one of `files`."""
    try:
        return load_ruleset_text(text, store.UPLOAD_NAME, directory, allow_paths=False, siblings=files)
    except RuleFileError as error:
        raise rules_problem(error) from None


@dataclass(eq=False)
class Table:
    id: str
    path: Path
    game: SavedGame
    ruleset: Ruleset
    match: Match
    tokens: dict[int, str]
    pace_ms: int
    lock: SaveLock | None = None
    version: int = 0
    listeners: set[tuple[int, asyncio.Queue[tuple[int, str]]]] = field(default_factory=set)
    driver: asyncio.Task | None = None
    stopped: str | None = None  # why the rules stopped the match, if they did
    _views: dict[int, tuple[int, str]] = field(default_factory=dict)

    @property
    def kinds(self) -> list[str]:
        return self.game.seats

    def seat_of(self, token: str | None) -> int:
        """The seat a token is for; Refusal 403 for any other token."""
        if token:
            for seat, mine in self.tokens.items():
                if secrets.compare_digest(mine.encode(), token.encode()):
                    return seat
        raise Refusal(403, "this link's token is not one of this table's seats")

    def view(self, seat: int) -> dict[str, Any]:
        data = seat_view(self.match, self.ruleset, self.kinds, seat, self.version)
        data["pace_ms"] = self.pace_ms
        if self.game.variant in bundled_variants():
            data["variant"] = self.game.variant  # the name it was chosen by, house rules or not
        if self.stopped:
            data["stopped"] = self.stopped
        return data

    def view_text(self, seat: int) -> str:
        cached = self._views.get(seat)
        if cached is None or cached[0] != self.version:
            cached = (self.version, store.pack(self.view(seat)))
            self._views[seat] = cached
        return cached[1]

    def computer_to_move(self) -> bool:
        seat = self.match.current_player
        return seat is not None and self.kinds[seat] != HUMAN and self.stopped is None

    def choose_for_computer(self) -> Action:
        """The computer's choice, on a copy of the match (safe in a worker thread while views read it)."""
        seat = self.match.current_player
        assert seat is not None
        return computer_choice(self.match.clone(), self.kinds[seat], self.game.seed)

    def act(self, seat: int, move: Any, version: Any) -> None:
        """A person's action: refused with a reason, changing nothing, unless it is theirs to make now."""
        if self.match.is_over:
            raise Refusal(409, "the game is over; no more actions")
        if isinstance(version, bool) or not isinstance(version, int):
            raise Refusal(422, "an action must carry the version of the state it was chosen on")
        if version != self.version:
            raise Refusal(409, f"stale: this action was chosen on version {version}, the table is at {self.version}")
        if self.match.current_player != seat:
            raise Refusal(403, "it is not your turn")
        legal = self.match.legal_actions()
        if isinstance(move, int) and not isinstance(move, bool):
            if not 0 <= move < len(legal):
                raise Refusal(422, f"there is no move {move}; the legal moves are 0 to {len(legal) - 1}")
            action = legal[move]
        else:
            try:
                action = Action.from_json(move)
            except (ValueError, TypeError, KeyError, AttributeError) as error:
                raise Refusal(422, f"not an action: {shorten(str(error), 200)}") from None
        self.apply(action)

    def apply(self, action: Action) -> None:
        try:
            self.match.apply(action)
        except IllegalAction as illegal:
            raise Refusal(422, illegal.reason) from None
        except GAME_ERRORS as error:  # the rules stop the match; the save keeps it up to the move before
            self.stopped = str(error)
            raise Refusal(422, f"the rules stopped the game: {error}") from None
        self.version += 1
        self.save()
        self.publish()

    def save(self) -> None:
        self.game.events = self.match.events
        write_save(self.path, self.game)

    def publish(self) -> None:
        for seat, queue in list(self.listeners):
            if queue.full():
                queue.get_nowait()
            queue.put_nowait((self.version, self.view_text(seat)))

    def listen(self, seat: int) -> asyncio.Queue[tuple[int, str]]:
        queue: asyncio.Queue[tuple[int, str]] = asyncio.Queue(QUEUE_SIZE)
        self.listeners.add((seat, queue))
        return queue

    def unlisten(self, seat: int, queue: asyncio.Queue[tuple[int, str]]) -> None:
        self.listeners.discard((seat, queue))

    def hint(self) -> dict[str, Any]:
        """The strongest player's choice first, then its next best moves with their estimates."""
        match = self.match.clone()  # searched in a worker thread while views read the table's own
        legal = match.legal_actions()
        layout = match.layout
        alike = [same_move(action, layout) for action in legal]
        texts = legal_json(legal, match)
        rounds = "hands" if is_trick_game(match) else "rounds"  # as the terminal's hint says it
        strongest, found = hint_moves(match, self.game.seed)
        moves = []
        for action, estimate in found:
            index = alike.index(same_move(action, layout))
            move: dict[str, Any] = {"index": index, "text": texts[index]["text"]}
            if estimate is not None:
                move.update(chance=round(estimate.chance, 3), tries=estimate.visits,
                            words=estimate_words(estimate.chance, estimate.visits, rounds))  # fmt: skip
            moves.append(move)
        return {"player": strongest, "moves": moves}

    def links(self) -> list[dict[str, Any]]:
        out = []
        for seat, kind in enumerate(self.kinds):
            if kind == HUMAN:
                token = self.tokens[seat]
                link = f"/table/{self.id}?seat={seat}&token={token}"
                out.append({"seat": seat, "kind": "human", "token": token, "link": link})
            else:
                out.append({"seat": seat, "kind": "computer", "strength": kind})
        return out

    async def drive(self) -> None:
        """Let the computer seats move, one action at a time at the table's pace, until a person's turn."""
        while self.computer_to_move():
            ended_round = bool(self.match.events) and self.match.events[-1]["type"] in ("round_end", "deal")
            delay = self.pace_ms * (4 if ended_round and self.version else 1)
            if delay:
                await asyncio.sleep(delay / 1000)
            action = await asyncio.to_thread(self.choose_for_computer)
            with contextlib.suppress(Refusal):
                self.apply(action)

    def start_driving(self) -> asyncio.Task | None:
        if self.computer_to_move() and (self.driver is None or self.driver.done()):
            self.driver = asyncio.get_running_loop().create_task(self.drive())
        return self.driver

    def set_pace(self, pace: Any) -> None:
        self.pace_ms = _integer(pace, "pace_ms", 0, MAX_PACE_MS)
        store.write_tokens(self.path, self.tokens, self.pace_ms)
        self._views.clear()
        self.publish()

    def release(self) -> None:
        if self.driver is not None:
            self.driver.cancel()
        if self.lock is not None:
            self.lock.release()
            self.lock = None


def _settings(raw: Any) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, Mapping):
        raise Refusal(422, "settings must be an object such as {\"match.target\": \"150\"}")
    out = []
    for key, value in raw.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, int):
            value = str(value)
        elif not isinstance(value, str):
            raise Refusal(422, f"settings: the value of '{shorten(str(key))}' must be a string or a number")
        out.append(f"{key}={value}")
    return out


def _kinds(raw: Any, count: int) -> list[str]:
    if raw is None:
        return [HUMAN] + [players.STRONGEST] * (count - 1)
    if not isinstance(raw, list) or len(raw) != count:
        raise Refusal(422, f"seats must be a list of {count} seats, one per player")
    kinds = []
    for seat in raw:
        kind = seat.get("kind") if isinstance(seat, Mapping) else None
        if kind == HUMAN:
            kinds.append(HUMAN)
        elif kind == "computer":
            strength = seat.get("strength", players.STRONGEST)
            if strength not in players.PLAYERS:
                raise Refusal(422, f"unknown strength '{shorten(str(strength))}'; choose from "
                              f"{', '.join(players.PLAYERS)}")  # fmt: skip
            kinds.append(strength)
        else:
            raise Refusal(422, "each seat is {\"kind\": \"human\"} or {\"kind\": \"computer\", \"strength\": ...}")
    return kinds


def _integer(raw: Any, name: str, low: int, high: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        raise Refusal(422, f"{name} must be a whole number from {low} to {high}")
    return raw


class Tables:
    """Every table of one server, by id, and the folder their saves live in."""

    def __init__(self, directory: Path, pace_ms: int = 700) -> None:
        self.directory = directory
        self.pace_ms = pace_ms
        self.tables: dict[str, Table] = {}

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal(404, f"no table '{shorten(table_id)}' on this server")
        return table

    def _new_path(self) -> Path:
        self.directory.mkdir(parents=True, exist_ok=True)
        path = new_save_path(self.directory, datetime.now())
        while store.tokens_path(path).exists():
            path = path.with_name(f"{path.stem}-{secrets.token_hex(2)}.json")
        return path

    def create(self, body: Mapping[str, Any]) -> Table:
        variant, text = body.get("variant"), body.get("rules_text")
        if (variant is None) == (text is None):
            raise Refusal(422, "name a bundled variant or give rules_text, not both")
        if variant is not None and body.get("rules_files") is not None:
            raise Refusal(422, "rules_files go with rules_text: a bundled variant has its own")
        settings = _settings(body.get("settings"))
        path = self._new_path()
        try:
            return self._create(body, variant, text, settings, path)
        except BaseException:
            if text is not None:
                store.remove_rules(path)
            raise

    def _create(self, body: Mapping[str, Any], variant: Any, text: Any, settings: list[str], path: Path) -> Table:
        if text is not None:
            if not isinstance(text, str):
                raise Refusal(422, "rules_text must be the text of a rule file")
            files = upload_files(body.get("rules_files"))
            load_text(text, self.directory, files)  # its own problems first, as validate shows them
            name = str(store.write_rules(path, text, files))
        elif not isinstance(variant, str) or variant not in bundled_variants():
            raise Refusal(422, f"no bundled variant named '{shorten(str(variant))}'; GET /api/variants lists them")
        else:
            name = variant
        try:
            ruleset = load_with_settings(name, settings, self.directory)
        except SettingError as error:
            raise Refusal(422, str(error)) from None
        except RuleFileError as error:
            raise rules_problem(error) from None
        count = body.get("players", len(body["seats"]) if isinstance(body.get("seats"), list) else ruleset.players.min)
        count = _integer(count, "players", ruleset.players.min, ruleset.players.max)
        kinds = _kinds(body.get("seats"), count)
        teams = body.get("teams")
        if teams is not None and not isinstance(teams, bool):
            raise Refusal(422, "teams must be true, false or left out")
        problem = teams_problem(ruleset, count, teams)
        if problem:
            raise Refusal(422, problem)
        seed = body.get("seed")
        seed = random.randrange(1_000_000) if seed is None else _integer(seed, "seed", 0, 2**63 - 1)
        pace = body.get("pace_ms")
        pace = self.pace_ms if pace is None else _integer(pace, "pace_ms", 0, MAX_PACE_MS)
        try:
            match = Match(ruleset, players=count, seed=seed, teams=teams)
        except GAME_ERRORS as error:
            raise Refusal(422, f"the rules stop the game before it starts: {error}") from None
        game = SavedGame(name, settings, ruleset.digest, seed, kinds)
        record_rule_file(game)
        tokens = {seat: secrets.token_urlsafe(24) for seat, kind in enumerate(kinds) if kind == HUMAN}
        return self._add(path, game, ruleset, match, tokens, pace, new=True)

    def _add(
        self, path: Path, game: SavedGame, ruleset: Ruleset, match: Match, tokens: dict[int, str], pace: int,
        *, new: bool,
    ) -> Table:  # fmt: skip
        try:
            lock = open_save(path, path.name)
        except SaveError as error:
            raise Refusal(409, str(error)) from None
        table = Table(path.stem, path, game, ruleset, match, tokens, pace, lock)
        table.version = sum(1 for _ in match.events_of("action"))
        try:
            if new:
                table.save()
            store.write_tokens(path, tokens, pace)
        except (SaveError, OSError) as error:
            lock.release()
            raise Refusal(500, f"cannot save the table: {error}") from None
        self.tables[table.id] = table
        return table

    def open(self, body: Mapping[str, Any]) -> Table:
        """A saved game (a terminal's, say) as a table: by a path under the state folder, or its text."""
        where, text = body.get("path"), body.get("text")
        if (where is None) == (text is None):
            raise Refusal(422, "give the path of a save under the state folder, or the text of a save")
        if where is not None:
            if not isinstance(where, str):
                raise Refusal(422, "path must be a string")
            path = (self.directory / where).resolve()
            if path.parent != self.directory.resolve() or path.suffix != ".json":
                raise Refusal(422, "only a save (NAME.json) directly in the server's state folder can be opened")
            if path.stem in self.tables:
                raise Refusal(409, f"{path.name} is already open as table {path.stem}; use its links")
            if not path.is_file():
                raise Refusal(404, f"no save named {path.name} in the state folder")
            game = self._read(path, path.name)
        else:
            if not isinstance(text, str):
                raise Refusal(422, "text must be the text of a save")
            path = self._new_path()
            path.write_text(text, encoding="utf-8")
            try:
                game = self._read(path, "the save")
            except Refusal:
                path.unlink()
                raise
        ruleset, match = self._rebuild(game, path.name)
        tokens = {seat: secrets.token_urlsafe(24) for seat, kind in enumerate(game.seats) if kind == HUMAN}
        return self._add(path, game, ruleset, match, tokens, self.pace_ms, new=False)

    def _read(self, path: Path, shown: str) -> SavedGame:
        try:
            return read_save(path, shown)
        except SaveError as error:
            raise Refusal(422, str(error)) from None

    def _rebuild(self, game: SavedGame, shown: str) -> tuple[Ruleset, Match]:
        try:
            ruleset = store.rules_of_save(game, shown, self.directory)
            return ruleset, rebuild(game, ruleset)
        except SaveError as error:
            raise Refusal(422, str(error)) from None
        except GAME_ERRORS as error:
            raise Refusal(422, f"the rules stopped this game: {error}") from None

    def load_all(self) -> list[str]:
        """Bring back every browser table saved in the folder; what could not be loaded, in words."""
        problems = []
        if not self.directory.is_dir():
            return problems
        for sidecar in store.sidecars(self.directory):
            path = store.save_of_tokens(sidecar)
            if path.stem in self.tables or not path.is_file():
                continue
            try:
                tokens, pace = store.read_tokens(path)
                game = self._read(path, path.name)
                ruleset, match = self._rebuild(game, path.name)
                self._add(path, game, ruleset, match, tokens, self.pace_ms if pace is None else pace, new=False)
            except (Refusal, SaveError) as error:
                problems.append(f"{path.name}: {getattr(error, 'message', error)}")
        return problems

    def close(self) -> None:
        for table in self.tables.values():
            table.release()


def report(problems: Sequence[str]) -> None:
    for problem in problems:
        sys.stderr.write(f"domino serve: not loaded: {problem}\n")
