"""Every table of one server: made, opened from a save, brought back after a restart, found by id,
and let go of, within the server's limits (limits.py).

A table's id is its save's file stem, `game-YYYYMMDD-HHMMSS-XXXXXXXX` with eight random hex
digits: claimed by creating its sidecar exclusively (store.claim), so tables made at the same
moment never share a name. Unfinished tables are all loaded; finished ones past
`finished_in_memory` are let go of (lock released) and read again from disk when asked for.
A finished table a page follows (a live stream waiting for "play again") stays loaded until the
last such stream ends. Everything here that reads or writes files runs in a worker thread, never on
the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import re
import secrets
import sys
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from interpreter import players
from interpreter.engine import Match
from interpreter.engine.match import new_match
from interpreter.frontends.matches import GAME_ERRORS, teams_problem
from interpreter.frontends.presentation.seats import HUMAN
from interpreter.frontends.saves import check_seats, rules_of_save
from interpreter.frontends.web import store
from interpreter.frontends.web.commits import Committer
from interpreter.frontends.web.disk import DiskUse, amount, table_bytes
from interpreter.frontends.web.idle import Idleness
from interpreter.frontends.web.limits import Limits
from interpreter.frontends.web.presence import MAX_TURN_S, MIN_TURN_S, Presence
from interpreter.frontends.web.refusal import Refusal
from interpreter.frontends.web.tables import (
    MAX_PACE_MS,
    Table,
    integer_field,
    load_text,
    person_name,
    rules_problem,
    upload_files,
)
from interpreter.frontends.web.views import named_seats
from interpreter.frontends.web.workers import Workers
from interpreter.records.replay import recorded_teams
from interpreter.records.savegame import (
    SavedGame,
    SaveDiskError,
    SaveError,
    SaveInUse,
    SaveJournal,
    cut_note,
    default_directory,
    open_save,
    parse_save,
    read_save,
    rebuild,
    record_rule_file,
)
from interpreter.records.seeds import MAX_SEED, secret_seed
from interpreter.resources import bundled_variants
from interpreter.rulefile.overrides import SettingError, load_with_settings
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.diagnostics import RuleFileError, shorten
from interpreter.text.untrusted import MAX_SAVE_BYTES, TooLarge, printable, read_regular

# A table's id as this server makes it, or as earlier servers did (game-YYYYMMDD-HHMMSS, -N, -hex).
TABLE_ID = re.compile(r"game-[0-9]{8}-[0-9]{6}(?:-[0-9a-f]{1,16})?(?:-[0-9a-f]{4})?")
SHA256 = re.compile(r"[0-9a-f]{64}")
CLAIM_TRIES = 8
SERVER_FOLDER = "serve"


def server_directory(environ: Mapping[str, str], cwd: Path) -> Path:
    """The server's own state folder: `serve/` inside the terminal's (default_directory). Apart, so
    that no request can name a save `domino play` made; a terminal game comes to the browser only by
    `POST /api/tables/open` with proof that it is the opener's."""
    return default_directory(dict(environ), cwd) / SERVER_FOLDER


class Tables:
    """The tables of one server, by id, and the folder their saves live in."""

    def __init__(
        self, directory: Path, pace_ms: int = 700, limits: Limits | None = None, committer: Committer | None = None,
        workers: Workers | None = None,
    ) -> None:  # fmt: skip
        self.directory = directory
        self.pace_ms = pace_ms
        self.limits = limits or Limits()
        self.committer = committer or Committer()
        self.workers = workers or Workers()  # the computers' moves take turns in its "computers" pool
        self.clock = time.monotonic  # what the computers' time in a row is measured by
        self.tables: dict[str, Table] = {}
        self.finished: OrderedDict[str, None] = OrderedDict()  # loaded finished tables, least recent first
        self._guard = threading.Lock()  # creations in worker threads check and take the limits under it
        self._making: Counter[str] = Counter()  # tables being made, by client
        self._again = threading.Lock()  # one "play again" at a time: two people asking get one table
        self.disk = DiskUse(self.limits.disk_per_client)  # what each client's tables take on disk, under the guard
        self.idle = Idleness(self.limits.idle_close_hours)  # when each table was last touched (idle.py)

    # --- finding -----------------------------------------------------------------------------------

    def get(self, table_id: str) -> Table:
        """A loaded table; Refusal 404 if there is none by that id (see `find` for one let go of)."""
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal(404, f"no table '{shorten(table_id)}' on this server")
        return table

    def find(self, table_id: str) -> Table:
        """A table by id, read again from disk if it was let go of (in a worker thread: it replays)."""
        table = self.tables.get(table_id)
        if table is not None:
            self.seen(table)
            return table
        path = self.directory / f"{table_id}.json"
        if not TABLE_ID.fullmatch(table_id) or not store.tokens_path(path).is_file():
            raise Refusal(404, f"no table '{shorten(table_id)}' on this server")
        try:
            return self._load(path)
        except (Refusal, SaveError) as error:
            raise Refusal(404, f"table {table_id} cannot be loaded: {getattr(error, 'message', error)}") from None

    def seen(self, table: Table) -> None:
        """Note a finished table as the most recently used, and let go of the least recent past the limit."""
        if not table.finished:
            return
        with self._guard:
            self.finished[table.id] = None
            self.finished.move_to_end(table.id)
            self._let_go_past_the_limit(keep=table.id)

    def _let_go_past_the_limit(self, keep: str | None = None) -> None:
        """Let go of the least recently used finished tables past the limit, but not of one a page
        follows (a live stream listens to it, waiting for "play again"): a copy read again from disk
        would take that "play again", and the page, listening to this copy, would never hear of it.
        Its stream holds it in memory anyway. Nor of `keep`, the table just asked for: a page about
        to follow it would find it gone (and, with every place taken by followed tables, again and
        again). The guard is held."""
        surplus = len(self.finished) - self.limits.finished_in_memory
        if surplus <= 0:
            return
        going: list[str] = []
        for old in self.finished:
            if len(going) == surplus:
                break
            held = self.tables.get(old)
            if old != keep and (held is None or not held.listeners):
                going.append(old)
        for old in going:
            del self.finished[old]
            gone = self.tables.pop(old, None)
            if gone is not None:
                self.disk.record(gone.client, gone.id, table_bytes(gone.path))  # finished: its last size
                gone.release()

    def listen(self, table: Table, seat: int | None) -> asyncio.Queue[tuple[int, str]] | None:
        """A live stream's queue on `table`; None if the table was let go of since it was found (its
        page asks again and finds the copy in memory). Under the guard: a table is never let go of
        between this check and its listener."""
        with self._guard:
            if self.tables.get(table.id) is not table:
                return None
            return table.listen(seat)

    def unlisten(self, table: Table, seat: int | None, queue: asyncio.Queue[tuple[int, str]]) -> None:
        """A live stream ended: a finished table nobody follows any more may be let go of."""
        with self._guard:
            table.unlisten(seat, queue)
            if table.finished:
                self._let_go_past_the_limit()

    def drive(self, table: Table) -> asyncio.Task | None:
        """Let the table's computer seats move (on the event loop); once they stop, a finished table
        counts towards the finished ones in memory."""
        running = table.driver
        task = table.start_driving(self.committer, self.workers["computers"])
        if task is not None and task is not running:
            task.add_done_callback(lambda _: self.seen(table))
        return task

    # --- limits ------------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _making_one(self, client: str | None, brings: int = 0) -> Iterator[None]:
        """Room for one more unfinished table, for `client`, which brings `brings` bytes to save (its
        pasted rules, its save); 503 or 429 past the limits of tables, 507 past its disk."""
        who = client or "?"
        self._measure(client)
        with self._guard:
            # An idle table counts no more, even before the server's next pass closes it (idle.py).
            unfinished = [t for t in self.tables.values() if not t.finished and not self.idle.idle(t)]
            if len(unfinished) + sum(self._making.values()) >= self.limits.tables:
                raise Refusal(503, f"this server holds its limit of {self.limits.tables} unfinished tables; "
                              "try again when some have finished", retry_after=60)  # fmt: skip
            mine = sum(1 for t in unfinished if t.client == client) + self._making[who]
            if client is not None and mine >= self.limits.tables_per_client:
                tables = "table" if mine == 1 else "tables"
                raise Refusal(429, f"you have {mine} unfinished {tables} on this server, its limit per player; to "
                              "free a place, finish one or abandon one under \"Your tables\" on the start page, or "
                              f"wait: the server closes a table nobody played at for {self.idle.age}",
                              retry_after=60)  # fmt: skip
            if client is not None and self.disk.full(client):
                raise Refusal(507, f"your tables take {amount(self.disk.used(client))} of this server's disk, "
                              f"its limit per player (--disk-per-client {self.limits.disk_per_client:g}); the "
                              "server's operator frees it by removing old saves from its state folder")  # fmt: skip
            self._making[who] += 1
            self.disk.reserve(client, brings)
        try:
            yield
        finally:
            with self._guard:
                self._making[who] -= 1
                if not self._making[who]:
                    del self._making[who]
                self.disk.unreserve(client, brings)

    def _measure(self, client: str | None) -> None:
        """Measure again the loaded tables of `client` (their saves grow with every action), off the
        guard (the event loop takes it too); the finished ones let go of were measured as they went."""
        if client is None:
            return
        with self._guard:
            mine = [t for t in self.tables.values() if t.client == client]
        sizes = [(table, table_bytes(table.path)) for table in mine]
        with self._guard:
            for table, size in sizes:
                if self.tables.get(table.id) is table:  # not let go of meanwhile (measured as it went)
                    self.disk.record(client, table.id, size)

    def _claim(self) -> Path:
        """A fresh save path in the state folder, its name taken by its (empty) sidecar."""
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as error:
            raise Refusal(507, f"cannot make the state folder: {error.strerror or error}") from None
        for _ in range(CLAIM_TRIES):
            path = self.directory / f"game-{datetime.now():%Y%m%d-%H%M%S}-{secrets.token_hex(4)}.json"
            try:
                if store.claim(path):
                    return path
            except OSError as error:
                raise Refusal(507, f"cannot save a new table: {error.strerror or error}") from None
        raise Refusal(503, "cannot find a free name for a new table; try again")

    # --- making ------------------------------------------------------------------------------------

    def create(self, body: Mapping[str, Any], client: str | None = None) -> Table:
        variant, text = body.get("variant"), body.get("rules_text")
        if (variant is None) == (text is None):
            raise Refusal(422, "name a bundled variant or give rules_text, not both")
        if variant is not None and body.get("rules_files") is not None:
            raise Refusal(422, "rules_files go with rules_text: a bundled variant has its own")
        if text is not None and not isinstance(text, str):
            raise Refusal(422, "rules_text must be the text of a rule file")
        if variant is not None and (not isinstance(variant, str) or variant not in bundled_variants()):
            raise Refusal(422, f"no bundled variant named '{shorten(str(variant))}'; GET /api/variants lists them")
        settings = _settings(body.get("settings"))
        files = upload_files(body.get("rules_files")) if text is not None else {}
        brings = 0
        if text is not None:
            load_text(text, self.directory, files)  # its own problems first, as validate shows them
            brings = sum(len(t.encode("utf-8", "surrogatepass")) for t in (text, *files.values()))
        with self._making_one(client, brings):
            path = self._claim()
            try:
                return self._create(body, variant, text, files, settings, path, client)
            except BaseException:
                store.remove_table(path)
                raise

    def _create(
        self, body: Mapping[str, Any], variant: str | None, text: str | None, files: dict[str, str],
        settings: list[str], path: Path, client: str | None,
    ) -> Table:  # fmt: skip
        if text is not None:
            try:
                name = str(store.write_rules(path, text, files))
            except OSError as error:
                raise Refusal(507, f"cannot save the table's rules: {error.strerror or error}") from None
        else:
            assert variant is not None
            name = variant
        try:
            ruleset = load_with_settings(name, settings, self.directory)
        except SettingError as error:
            raise Refusal(422, str(error)) from None
        except RuleFileError as error:
            raise rules_problem(error) from None
        seats = body.get("seats")
        count = body.get("players", len(seats) if isinstance(seats, list) else ruleset.players.min)
        count = integer_field(count, "players", ruleset.players.min, ruleset.players.max)
        kinds = _kinds(seats, count)
        teams = body.get("teams")
        if teams is not None and not isinstance(teams, bool):
            raise Refusal(422, "teams must be true, false or left out")
        problem = teams_problem(ruleset, count, teams)
        if problem:
            raise Refusal(422, problem)
        chosen = body.get("seed")
        seed = secret_seed() if chosen is None else integer_field(chosen, "seed", 0, MAX_SEED)
        pace = body.get("pace_ms")
        pace = self.pace_ms if pace is None else integer_field(pace, "pace_ms", 0, MAX_PACE_MS)
        timer = body.get("turn_seconds")  # null: no turn timer
        timer = None if timer is None else integer_field(timer, "turn_seconds", MIN_TURN_S, MAX_TURN_S)
        try:
            match = new_match(ruleset, players=count, seed=seed, teams=teams)
        except GAME_ERRORS as error:
            raise Refusal(422, f"the rules stop the game before it starts: {error}") from None
        game = SavedGame(name, settings, ruleset.digest, seed, kinds)
        record_rule_file(game)
        names = _creator_name(body.get("name"), kinds)
        sidecar = store.Sidecar(_people_tokens(kinds), pace, None, client, names, _token(),
                                known_seed=None if chosen is None else "chosen", turn_seconds=timer)  # fmt: skip
        return self._add(path, game, ruleset, match, sidecar, write=True)

    def _add(
        self, path: Path, game: SavedGame, ruleset: Ruleset, match: Match, sidecar: store.Sidecar, *, write: bool
    ) -> Table:
        """The table of a sound save: its lock taken, its save (if `write`) and sidecar written, then
        registered. Refusal (and nothing held) if any of that fails."""
        try:
            lock = open_save(path, path.name)
        except SaveInUse as error:
            raise Refusal(409, error.unnamed) from None  # a process of the server's machine is nobody else's business
        except SaveDiskError as error:
            raise Refusal(507, f"cannot save the table: {error}") from None
        except SaveError as error:
            raise Refusal(409, str(error)) from None
        pace = self.pace_ms if sidecar.pace_ms is None else sidecar.pace_ms
        # A next match an earlier server made kept this one's tokens: they lead there.
        following = sidecar.tokens if sidecar.next_tokens is None else sidecar.next_tokens
        watching = sidecar.spectator if sidecar.next_tokens is None else sidecar.next_spectator
        table = Table(path.stem, path, game, ruleset, match, sidecar.tokens, pace, lock, client=sidecar.client,
                      max_actions=self.limits.table_actions, max_run_s=self.limits.computer_run_s,
                      clock=lambda: self.clock(), stopped=sidecar.stopped, names=dict(sidecar.names),
                      spectator=sidecar.spectator, next=sidecar.next, stand_ins=dict(sidecar.stand_ins),
                      next_tokens=dict(following), next_spectator=watching,
                      known_seed=sidecar.known_seed, who=Presence(set(sidecar.opened), set(sidecar.absent),
                      sidecar.turn_seconds, self.limits.stand_in_after_s))  # fmt: skip
        table.who.kick = lambda: self.drive(table)  # a turn whose time ran out: its computer moves
        table.version = sum(1 for _ in match.events_of("action"))
        try:
            if write:
                game.events = match.events
                table.journal = SaveJournal.start(path, game)
                table.write_sidecar()
        except (SaveError, OSError) as error:
            table.release()
            message = error.strerror if isinstance(error, OSError) and error.strerror else error
            raise Refusal(507, f"cannot save the table: {message}") from None
        size = table_bytes(path)
        with self._guard:
            existing = self.tables.get(table.id)
            if existing is None:
                self.tables[table.id] = table
                self.disk.record(table.client, table.id, size)
        if existing is not None:  # loaded by another request meanwhile
            table.release()
            table = existing
        else:
            self.idle.arrived(table, fresh=write)
        self.seen(table)
        return table

    # --- opening a save ----------------------------------------------------------------------------

    def open(self, body: Mapping[str, Any], client: str | None = None) -> Table:
        """A saved game (a terminal's, say) as a new table, for whoever proves they have it: by its
        text, or by the name of a save in the state folder with the sha256 of its bytes."""
        where, text = body.get("path"), body.get("text")
        if (where is None) == (text is None):
            raise Refusal(422, "give the text of a save, or the name of a save in the server's state folder with "
                          "the sha256 of its bytes")  # fmt: skip
        with self._making_one(client, len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else 0):
            if where is not None:
                return self._open_by_name(where, body.get("sha256"), client)
            if not isinstance(text, str):
                raise Refusal(422, "text must be the text of a save")
            try:  # read as a file would be, but never written anywhere before it has replayed
                game = parse_save(text.encode("utf-8"), "the save")
            except SaveError as error:
                raise Refusal(422, str(error)) from None
            ruleset, match = self._rebuild(game, "the save")
            path = self._claim()
            try:
                return self._add(path, game, ruleset, match, _opened(game, client), write=True)
            except BaseException:
                store.remove_table(path)
                raise

    def _open_by_name(self, where: Any, digest: Any, client: str | None) -> Table:
        if not isinstance(where, str) or not isinstance(digest, str) or not SHA256.fullmatch(digest.lower()):
            raise Refusal(422, "path must be the name of a save in the server's state folder, and sha256 the "
                          "sha256 of its bytes in hex (`sha256sum FILE`): proof that it is yours to open")  # fmt: skip
        name = where
        if "\0" in name or len(name) > 255 or "/" in name or "\\" in name or not name.endswith(".json") \
                or name.startswith("."):  # fmt: skip
            raise Refusal(422, "only a save (NAME.json) directly in the server's state folder can be opened")
        path = self.directory / name
        missing = Refusal(404, f"no save {shorten(name)} with that sha256 in the server's state folder")
        try:
            raw: bytes | None = read_regular(path, MAX_SAVE_BYTES)
        except (OSError, TooLarge):
            raw = None
        # The same words and the same work whether it is there or not: a name is not proof, and the
        # time of a refusal does not say that a file by that name exists.
        found = hashlib.sha256(raw or b"").hexdigest()
        if not secrets.compare_digest(found, digest.lower()) or raw is None:
            raise missing
        if store.tokens_path(path).exists():
            raise Refusal(409, f"{name} is already a table of this server; use its links")
        game = _read(path, name)
        ruleset, match = self._rebuild(game, name)
        try:
            claimed = store.claim_existing(path)
        except OSError as error:
            raise Refusal(507, f"cannot save the table: {error.strerror or error}") from None
        if not claimed:
            raise Refusal(409, f"{name} is already a table of this server; use its links")
        try:
            return self._add(path, game, ruleset, match, _opened(game, client), write=True)
        except BaseException:
            with contextlib.suppress(OSError):
                store.tokens_path(path).unlink()
            raise

    def _rebuild(self, game: SavedGame, shown: str) -> tuple[Ruleset, Match]:
        try:
            check_seats(game, shown)
            ruleset = rules_of_save(game, shown, self.directory)
            return ruleset, rebuild(game, ruleset)
        except SaveError as error:
            raise Refusal(422, str(error)) from None
        except GAME_ERRORS as error:
            raise Refusal(422, f"the rules stopped this game: {error}") from None

    # --- playing again ------------------------------------------------------------------------------

    def again(self, table: Table, client: str | None = None) -> tuple[Table, bool]:
        """The next match of a finished table: the same rules, seats, names and pace, new tokens
        for every seat and the spectator (the old ones act on nothing there), a new seed, a save of
        its own (the old one is kept as it is). The old table keeps the new tokens in its sidecar,
        so that each of its readers is led to their own place in the new match, after a restart
        too. Whoever asks after it was made is given it too (False: not made now). Refusal 409
        while the match goes on."""
        with self._again:
            if table.next is not None:
                return self.find(table.next), False
            if not table.finished:
                raise Refusal(409, "the match is not over yet; play again once it is")
            with self._making_one(client):
                path = self._claim()
                try:
                    made = self._next_match(table, path, client)
                except BaseException:
                    store.remove_table(path)
                    raise
            was = table.next, table.next_tokens, table.next_spectator
            table.next, table.next_tokens, table.next_spectator = made.id, dict(made.tokens), made.spectator
            try:
                table.write_sidecar()
            except OSError as error:  # nothing would lead to the new table: let it go
                table.next, table.next_tokens, table.next_spectator = was
                with contextlib.suppress(OSError):  # refused after it was replaced (its folder's sync): as it was
                    table.write_sidecar()
                with self._guard:
                    self.tables.pop(made.id, None)
                    self.disk.forget(made.client, made.id)
                made.release()
                store.remove_table(path)
                raise Refusal(507, f"cannot save the table: {error.strerror or error}") from None
            return made, True

    def _next_match(self, table: Table, path: Path, client: str | None) -> Table:
        old = table.game
        seed = secret_seed()  # never the one before: 1 chance in 2**63
        header = table.match.events[0] if table.match.events else {}
        try:
            match = new_match(table.ruleset, players=len(old.seats), seed=seed, teams=recorded_teams(header))
        except GAME_ERRORS as error:
            raise Refusal(422, f"the rules stop the game before it starts: {error}") from None
        game = SavedGame(old.variant, list(old.settings), table.ruleset.digest, seed, list(old.seats))
        try:
            record_rule_file(game)
        except (OSError, SaveError) as error:
            raise Refusal(409, f"the table's rule file cannot be read again: {error}") from None
        tokens = {seat: _token() for seat in table.tokens}
        sidecar = store.Sidecar(tokens, table.pace_ms, None, client, dict(table.names), _token(),
                                stand_ins=dict(table.stand_ins), absent=frozenset(table.who.absent),
                                turn_seconds=table.who.turn_seconds)  # who was away is still away  # fmt: skip
        return self._add(path, game, table.ruleset, match, sidecar, write=True)

    # --- restarting --------------------------------------------------------------------------------

    def _load(self, path: Path) -> Table:
        sidecar = store.read_tokens(path)
        game = _read(path, path.name)
        ruleset, match = self._rebuild(game, path.name)
        return self._add(path, game, ruleset, match, sidecar, write=False)

    def load_all(self) -> list[str]:
        """Bring back every table saved in the folder (the finished ones past the limit are let go of
        again); what could not be loaded, in words."""
        problems: list[str] = []
        if not self.directory.is_dir():
            return problems
        for sidecar in store.sidecars(self.directory):
            path = store.save_of_tokens(sidecar)
            if store.is_claim_only(path):  # a creation the server did not finish: never answered
                with contextlib.suppress(OSError):
                    sidecar.unlink()
                continue
            if path.stem in self.tables or not path.is_file():
                continue
            try:
                table = self._load(path)
            except (Refusal, SaveError) as error:
                problems.append(f"{path.name}: {getattr(error, 'message', error)}")
                continue
            note = cut_note(table.game, "reopened")  # the save is written whole again at the next action
            if note:
                sys.stderr.write(printable(f"domino serve: {path.name}: {note}") + "\n")
        return problems

    def close(self) -> None:
        """Let every table go, once the writes waiting for the disk are done."""
        self.committer.close()
        self.idle.write_down()  # the last touches, for the next server
        with self._guard:  # not while a stream that ends lets a table go on the event loop
            for table in self.tables.values():
                table.release()


def _token() -> str:
    """A new secret of a link: a seat's, or the spectators'."""
    return secrets.token_urlsafe(24)


def _people_tokens(seats: Sequence[str]) -> dict[int, str]:
    """A new token for each seat a person takes."""
    return {seat: _token() for seat, kind in enumerate(seats) if kind == HUMAN}


def _opened(game: SavedGame, client: str | None) -> store.Sidecar:
    """The sidecar of a table opened from a save: new links, and its seed known (whoever had the
    save knows it)."""
    return store.Sidecar(_people_tokens(game.seats), None, None, client, spectator=_token(), known_seed="save")


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
            if not isinstance(strength, str) or strength not in players.PLAYERS:
                raise Refusal(422, f"unknown strength '{shorten(str(strength))}'; choose from "
                              f"{', '.join(players.PLAYERS)}")  # fmt: skip
            kinds.append(strength)
        else:
            raise Refusal(422, "each seat is {\"kind\": \"human\"} or {\"kind\": \"computer\", \"strength\": ...}")
    return kinds


def _creator_name(raw: Any, kinds: Sequence[str]) -> dict[int, str]:
    """The creator's name, for the first person's seat (the one the start page opens)."""
    if raw is None:
        return {}
    seat = next((n for n, kind in enumerate(kinds) if kind == HUMAN), None)
    if seat is None:
        raise Refusal(422, "name is a person's name, and this table seats no person")
    return {seat: person_name(raw, [s.name for n, s in enumerate(named_seats(kinds)) if n != seat])}


def _read(path: Path, shown: str) -> SavedGame:
    try:
        return read_save(path, shown)
    except SaveError as error:
        raise Refusal(422, str(error)) from None


def report(problems: Sequence[str]) -> None:
    for problem in problems:
        sys.stderr.write(printable(f"domino serve: not loaded: {problem}") + "\n")  # a save's words, escaped
