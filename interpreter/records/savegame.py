"""A game in progress on disk: its event log and what rebuilds it, saved after every action.

A save names the rules (the variant as the user named it, the `--set` options over it, and the
digest of the rules it was played by), the seed, who sits in each seat, and the engine's event
log. Resuming rebuilds the match from the seed, in partnerships or not as the log's match header
has it, and re-applies the logged actions; the engine is deterministic, so the rebuilt log must
equal the saved one, which also proves the save intact.

A save is a journal (format version 2, JSON Lines): a header line, then one event a line. It is
written whole once when a game starts or resumes (`SaveJournal.start`: a temporary file renamed
over the save), then each action's events are appended and synced, so that saving an action
costs the same in the first round and the last. Version 1, one JSON document holding every event
(what domino wrote before journals), is still read.

An action's records (the action, then what it produced) are appended in one write and synced
before the action is answered as saved, so a crash can tear only the last action: its lines
written in part, or its tail turned to NUL bytes (a file system that had grown the file but not
written its data). Such a save is rebuilt at the action before, and says what it dropped
(`SavedGame.cut`, `cut_note`); damage anywhere else is refused with its reason. Blank lines at the
end are no damage.

A save may come from someone else (docs/security.md): it is read within bounds, a rule file it
names is used only while its bytes have the sha256 the save records, and a game holds a lock on
its save so that no second process plays it at the same time.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import stat
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from pathlib import Path, PureWindowsPath
from typing import Any

from interpreter.engine import Action, IllegalAction, Match
from interpreter.engine.match import new_match
from interpreter.records.replay import RULES_FILE, RULES_SHA256, recorded_teams, rule_file_record
from interpreter.resources import bundled_variants
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.diagnostics import shorten
from interpreter.text.untrusted import (
    MAX_SAVE_BYTES,
    MAX_SAVE_LINES,
    JsonProblem,
    NotRegularFile,
    TooLarge,
    file_kind,
    load_json,
    read_regular,
)

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; saves are not locked there
    fcntl = None  # type: ignore[assignment]

FORMAT = "domino-save"
VERSION = 2  # a journal: a header line, then one event a line (SaveJournal)
DOCUMENT_VERSION = 1  # one JSON document holding every event (saves before journals)


class SaveError(Exception):
    """A save that cannot be read, written or rebuilt; the message says why, for the user."""


@dataclass
class SavedGame:
    variant: str  # a bundled name or an absolute path: resolvable from any directory
    settings: list[str]  # the --set options over it, in order
    digest: str  # of the rules the game was played by
    seed: int
    seats: list[str]  # per seat: "human" or a computer strategy
    events: list[dict[str, Any]] = field(default_factory=list)
    # A rule file's path and the sha256 of its bytes: resume reads the file only while they match.
    rules_file: str | None = None
    rules_sha256: str | None = None
    # Read, never written: the last action a crash cut short, dropped by the reader and `rebuild`
    # ("seat 1: 6-0 on arm 3"; "" when its own line is cut, so that what it was cannot be read).
    cut: str | None = None

    def header(self) -> dict[str, Any]:
        """The first line of a journal: the save without its events."""
        found = ((f.name, getattr(self, f.name)) for f in fields(self) if f.name not in ("events", "cut"))
        return {"format": FORMAT, "version": VERSION, **{key: value for key, value in found if value is not None}}

    def to_json(self) -> dict[str, Any]:
        """The save as one document of format version 1."""
        return {**self.header(), "version": DOCUMENT_VERSION, "events": self.events}


def _line(value: Any) -> bytes:
    """`value` as one line of compact JSON. ASCII only (json's escapes), so a line cut anywhere
    never leaves half a character, and "\n" occurs only at the end."""
    return (json.dumps(value, separators=(",", ":")) + "\n").encode("ascii")


def _write_all(descriptor: int, data: bytes) -> None:
    """`data` written at the descriptor's offset: one os.write, more only after a short one (a
    file-size limit or a full disk, whose next write then fails)."""
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view) :]


def _datasync(descriptor: int) -> None:
    """The file's data on the disk, with the size that reads it back (not its times: cheaper)."""
    (getattr(os, "fdatasync", None) or os.fsync)(descriptor)


def sync_folder(folder: Path) -> None:
    """The rename in `folder` on the disk too, so that a crash cannot bring back the save it replaced."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # a folder cannot be opened here (Windows): its entries are written through
    try:
        os.fsync(descriptor)
    except OSError as error:
        if error.errno != errno.EINVAL:  # EINVAL: a file system that cannot sync a folder
            raise
    finally:
        os.close(descriptor)


def _replace_whole(path: Path, data: bytes) -> int:
    """Replace `path` by a file of `data` in one step: a reader (or a crash) sees the old save or
    the new one. The new save is created 0600 (mkstemp's mode: private to the user) and returned
    open, positioned at its end."""
    refuse_read_only(path)
    try:
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise SaveError(f"cannot save the game in {path.parent}: {error.strerror or error}") from None
    try:
        _write_all(descriptor, data)
        os.fsync(descriptor)
        os.replace(temporary, path)
        sync_folder(path.parent)
    except BaseException as error:  # Ctrl-C mid-write included: the old save stays, the half-written copy goes
        os.close(descriptor)
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise SaveError(f"cannot save the game to {path}: {error.strerror or error}") from None
        raise
    return descriptor


class SaveJournal:
    """A save being written: whole once (`start`), then each action's events appended (`append`,
    `record`) and synced, so that saving an action costs the same early and late in a game.

    The process holds the save's lock (`open_save`), so nobody else writes to the file. A failed
    append cuts the file back to its last sound length: the save on disk always holds whole lines
    of the game up to an action that was answered as saved."""

    path: Path
    written: int  # events in the file

    def __init__(self, path: Path, descriptor: int, written: int, size: int) -> None:
        self.path = path
        self.written = written
        self._descriptor: int | None = descriptor
        self._size = size  # bytes of whole lines in the file: where a failed write is cut back to
        self._synced = (size, written)  # what is known to be on the disk: where a failed sync is cut back to
        self._cut_pending = False  # a cut back failed: the file may hold more than `_size` bytes

    @classmethod
    def start(cls, path: Path, game: SavedGame) -> SaveJournal:
        """Write the whole save (header and `game.events`, as version 2) in one step and keep it open
        for appending. Also how a version 1 save becomes a journal when resumed, and how a save takes
        a new header (resume --rules)."""
        data = _line(game.header()) + b"".join(map(_line, game.events))
        return cls(path, _replace_whole(path, data), len(game.events), len(data))

    def append(self, events: Sequence[dict[str, Any]], *, sync: bool = True) -> None:
        """Append `events`, one line each, in one write; then fdatasync unless `sync` is False.
        SaveError on any failure (a full disk, a file-size limit, a read-only file system), with
        the file cut back to its last sound length and `written` as it was."""
        descriptor = self._open()
        self._refuse_another_file(descriptor)
        refuse_read_only(self.path)
        data = b"".join(map(_line, events))
        try:
            if self._cut_pending:
                self._cut(self._size)
            _write_all(descriptor, data)
        except OSError as error:
            self._fail(error, self._size, self.written)
        self._size += len(data)
        self.written += len(events)
        if sync:
            self.sync()

    def sync(self) -> None:
        """fdatasync: what was appended is on the disk. On failure the events appended since the last
        sync are cut off (their pages may be lost whatever the file reads now) and `written` says so,
        for `record` to append them again."""
        try:
            _datasync(self._open())
        except OSError as error:
            self._fail(error, *self._synced)
        self._synced = (self._size, self.written)

    def record(self, events: list[dict[str, Any]], *, sync: bool = True) -> None:
        """Append `events[self.written:]`: what a match's log (which only grows) gained since the last call."""
        if len(events) < self.written:
            raise ValueError(f"the log has {len(events)} events, shorter than the {self.written} saved")
        self.append(events[self.written :], sync=sync)

    def close(self) -> None:
        if self._descriptor is not None:
            descriptor, self._descriptor = self._descriptor, None
            with contextlib.suppress(OSError):  # what was synced is saved whatever close says
                os.close(descriptor)

    def _refuse_another_file(self, descriptor: int) -> None:
        """SaveError if the save was moved, removed or replaced during the game: appending to the file
        this journal holds open would then save nothing anyone can find."""
        try:
            same = os.path.samestat(os.stat(self.path), os.fstat(descriptor))
        except OSError:
            same = False
        if not same:
            raise SaveError(f"{self.path} was moved, removed or replaced during the game, so it cannot be saved there")

    def _open(self) -> int:
        if self._descriptor is None:
            raise ValueError(f"the journal of {self.path} is closed")
        return self._descriptor

    def _fail(self, error: OSError, size: int, written: int) -> None:
        """Back to the first `size` bytes and `written` events, then the SaveError of `error`."""
        self._size, self.written = size, written
        with contextlib.suppress(OSError):  # failing too: tried again before the next write
            self._cut(size)
        raise SaveError(f"cannot save the game to {self.path}: {error.strerror or error}") from None

    def _cut(self, size: int) -> None:
        self._cut_pending = True
        descriptor = self._open()
        os.ftruncate(descriptor, size)
        os.lseek(descriptor, size, os.SEEK_SET)
        self._cut_pending = False


def refuse_read_only(path: Path, name: str | None = None) -> None:
    """SaveError if `path` is a save its owner made read-only: it is never written behind their back.

    The write bits are read as well as access(2), which says yes to root for every file."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # not there yet: a new save
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK):
        raise SaveError(
            f"{name or path} is read-only, so domino does not write to it; make it writable (chmod u+w) to "
            "continue this game, or resume a copy"
        )


def read_save(path: Path, name: str | None = None) -> SavedGame:
    """The save at `path` (called `name` in messages), of format version 1 or 2; SaveError for
    anything that is not a sound save.

    A save may come from anyone: it is read only if it is a regular file of at most 32 MiB, and
    parsed within bounds (docs/security.md)."""
    name = name or str(path)
    try:
        raw = read_regular(path, MAX_SAVE_BYTES)
    except TooLarge:
        raise SaveError(f"{name} is larger than {MAX_SAVE_BYTES // 2**20} MiB; it is not a domino save") from None
    except OSError as error:
        raise SaveError(f"cannot read {name}: {error.strerror or error}") from None
    return parse_save(raw, name)


def parse_save(raw: bytes, name: str) -> SavedGame:
    """The save in `raw` (a file's bytes, or a save sent as text), called `name` in messages;
    SaveError for anything that is not a sound save. Parsed within the bounds of read_save."""
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{name} is larger than {MAX_SAVE_BYTES // 2**20} MiB; it is not a domino save")
    if raw.count(b"\n") > MAX_SAVE_LINES:  # counted before anything is split into lines
        raise SaveError(f"{name} has more than {MAX_SAVE_LINES:,} lines; it is not a domino save")
    first, _, rest = raw.partition(b"\n")
    try:  # a journal's header, or a whole version 1 save written on one line
        data = load_json(first.decode("utf-8"))
    except (UnicodeDecodeError, JsonProblem):
        data = _document(raw, name)  # a save written by hand over several lines, or damaged
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{name} is not a domino save")
    cut = None
    if data.get("version") == VERSION:
        events, torn = _journal_events(rest, name)
        data, cut = {**data, "events": events}, "" if torn else None
    elif data.get("version") == DOCUMENT_VERSION:
        if rest.strip():
            data = _document(raw, name)  # says where the document should have ended
    else:
        version = shorten(repr(data.get("version")))
        raise SaveError(
            f"{name} is a save of format version {version}; this domino reads versions {DOCUMENT_VERSION} and {VERSION}"
        )
    try:
        game = SavedGame(
            variant=_typed(data, "variant", str),
            settings=[_item(s, str) for s in _typed(data, "settings", list)],
            digest=_typed(data, "digest", str),
            seed=_typed(data, "seed", int),
            seats=[_item(s, str) for s in _typed(data, "seats", list)],
            events=[_item(e, dict) for e in _typed(data, "events", list)],
            rules_file=_optional(data, "rules_file"),
            rules_sha256=_optional(data, "rules_sha256"),
            cut=cut,
        )
    except TypeError as error:
        raise SaveError(f"{name} is damaged: {error}") from None
    if not game.seats:
        raise SaveError(f"{name} is damaged: it has no seats")
    return game


def _document(raw: bytes, name: str) -> Any:
    """The whole file as one JSON document; SaveError naming where it is not one."""
    try:
        return load_json(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise SaveError(f"{name} is not a domino save (not UTF-8 text at byte {error.start}; is it damaged?)") from None
    except JsonProblem as problem:
        raise _damaged(name, problem) from None


def _damaged(name: str, problem: JsonProblem) -> SaveError:
    return SaveError(f"{name}:{problem.where()}: not a domino save ({problem.message}; is it damaged?)")


def _journal_events(body: bytes, name: str) -> tuple[list[Any], bool]:
    """The events of a journal, the lines after its header, and whether its end was torn by a crash
    (a full disk): NUL bytes to the end of the file, or a last line without its "\n" -- lines that
    were never answered as saved, so they are left out. Blank lines at the end are left out too.
    Any other line that is not an event is damage, reported with its number."""
    whole = body.rstrip(b"\0")
    lines = whole.split(b"\n")
    last = lines.pop()  # b"" after a whole last line
    torn = len(whole) < len(body) or bool(last.strip())
    if not last.strip():
        while lines and not lines[-1].strip():
            lines.pop()
    events = []
    for number, line in enumerate(lines, start=2):
        try:
            event = load_json(line.decode("utf-8"), line=number)
        except UnicodeDecodeError as error:
            raise SaveError(
                f"{name}:{number}:{error.start + 1}: not a domino save (not UTF-8 text; is it damaged?)"
            ) from None
        except JsonProblem as problem:
            raise _damaged(name, problem) from None
        if not isinstance(event, dict):
            raise SaveError(
                f"{name}:{number}: not a domino save (line {number} holds {shorten(repr(event))}, not an event; "
                "is it damaged?)"
            )
        events.append(event)
    return events, torn


def _optional(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise TypeError(f"'{key}' is not a string")
    return value


def _typed(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise TypeError(f"'{key}' is missing or not a {kind.__name__}")
    return value


def _item(value: Any, kind: type) -> Any:
    if not isinstance(value, kind):
        raise TypeError(f"a {kind.__name__} was expected, not {shorten(repr(value))}")
    return value


def rebuild(game: SavedGame, ruleset: Ruleset) -> Match:
    """The match of the save, brought to where it stopped; SaveError if it does not come out the same.

    A save that holds only the first records of what its last action produced (a crash tore that
    action's write) is brought to the action before: the action and its records leave
    `game.events`, and `game.cut` says which action it was."""
    if ruleset.digest != game.digest:
        raise SaveError(f"the rules of '{ruleset.name}' have changed since this game was saved, so it cannot continue")
    match = _replayed(game, ruleset)
    if match.events != game.events:
        last = _torn_action(game.events, match.events)
        if last is None:
            raise SaveError("the save does not replay: its event log differs from what its moves produce (damaged?)")
        action = game.events[last]
        game.events, game.cut = game.events[:last], f"seat {action.get('seat')}: {Action.from_json(action['action'])}"
        match = _replayed(game, ruleset)
    return match


def _torn_action(saved: list[dict[str, Any]], produced: list[dict[str, Any]]) -> int | None:
    """Where the save's last action starts, if the save is what its actions produce cut short after
    that action's record; else None (damage)."""
    if len(saved) >= len(produced) or produced[: len(saved)] != saved:
        return None
    return next((n for n in range(len(saved) - 1, -1, -1) if saved[n].get("type") == "action"), None)


def cut_note(game: SavedGame, then: str) -> str | None:
    """What a reader of a save with a torn last action tells its user (`then`: what it did, such as
    "resumed"); None for a sound save."""
    if game.cut is None:
        return None
    what = f" ({game.cut})" if game.cut else ""
    return f"the save's last action{what} was cut short by a crash; {then} before it"


def _replayed(game: SavedGame, ruleset: Ruleset) -> Match:
    """The match of the save's seed with its actions applied; SaveError if one cannot be."""
    try:
        header = game.events[0] if game.events and game.events[0].get("type") == "match" else {}
        match = new_match(ruleset, players=len(game.seats), seed=game.seed, teams=recorded_teams(header))
        for event in game.events:
            if event.get("type") == "action":
                match.apply(Action.from_json(event.get("action")))
    except (IllegalAction, ValueError, TypeError, KeyError) as error:
        raise SaveError(f"the save does not replay: {error}") from None
    return match


def default_directory(environ: Mapping[str, str], cwd: Path, platform: str = sys.platform) -> Path:
    """Where games are saved unless --save says otherwise: the platform's folder for a program's
    own state (`default_directory_help` says it). The platform is `sys.platform`'s name, passed in
    so that each platform's folder can be checked on any.

    Written here rather than taken from platformdirs: that reads the process's environment (and on
    Windows the registry) itself, where the commands pass theirs in, and it keeps a relative
    XDG_STATE_HOME. A relative XDG_STATE_HOME or LOCALAPPDATA is ignored, as the XDG Base Directory
    spec says (it would move with the current directory); with no home at all, the current one."""
    if platform == "win32":
        local = environ.get("LOCALAPPDATA")
        if local and PureWindowsPath(local).is_absolute():
            return Path(local) / "domino"
        profile = environ.get("USERPROFILE")  # LOCALAPPDATA's own default: the profile's AppData\Local
        if profile and PureWindowsPath(profile).is_absolute():
            return Path(profile) / "AppData" / "Local" / "domino"
        return cwd
    home = environ.get("HOME")
    if platform == "darwin":
        return Path(home) / "Library" / "Application Support" / "domino" if home else cwd
    state = environ.get("XDG_STATE_HOME")
    if state and Path(state).is_absolute():
        return Path(state) / "domino"
    return Path(home) / ".local" / "state" / "domino" if home else cwd


def default_directory_help(platform: str = sys.platform, inside: str = "") -> str:
    """`default_directory` (with the folder `inside` it) as a help text says it when it does not
    know the environment: "$XDG_STATE_HOME/domino, else ~/.local/state/domino" on Linux."""
    if platform == "win32":
        return "\\".join(["%LOCALAPPDATA%", "domino", *([inside] if inside else [])])
    tail = f"/{inside}" if inside else ""
    if platform == "darwin":
        return f"~/Library/Application Support/domino{tail}"
    return f"$XDG_STATE_HOME/domino{tail}, else ~/.local/state/domino{tail}"


def new_save_path(directory: Path, now: datetime) -> Path:
    """A file name in `directory` that no earlier game took."""
    stem = f"game-{now:%Y%m%d-%H%M%S}"
    path = directory / f"{stem}.json"
    number = 2
    while path.exists():
        path = directory / f"{stem}-{number}.json"
        number += 1
    return path


def latest_save(directory: Path) -> Path | None:
    saves = [p for p in directory.glob("game-*.json") if p.is_file()]
    return max(saves, key=lambda p: p.stat().st_mtime, default=None)


# --- one process per save --------------------------------------------------------------------------


def open_save(path: Path, name: str | None = None) -> SaveLock:
    """The lock of the save at `path` for a game that will use it, after removing the stale
    temporary files beside it; SaveError if it is not a regular file or another process uses it."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None  # a new save
    except OSError as error:
        raise SaveError(f"cannot read {name or path}: {error.strerror or error}") from None
    if mode is not None and not stat.S_ISREG(mode):  # a FIFO, a device: never opened, never locked beside
        raise SaveError(f"cannot read {name or path}: {NotRegularFile(mode)}")
    lock = lock_save(path, name)
    clean_stale_temporaries(path.parent, path if lock.descriptor is not None else None)
    return lock


def record_rule_file(game: SavedGame) -> None:
    """Let the save name its rule file by path and digest, unless its rules are a bundled variant."""
    if game.variant not in bundled_variants():
        record = rule_file_record(Path(game.variant))
        game.rules_file, game.rules_sha256 = record[RULES_FILE], record[RULES_SHA256]


LOCKS = "locks"  # the user's own lock folder, inside default_directory


def lock_path(path: Path) -> Path:
    """Where the lock file of the save at `path` lives: where only the save's owner can make files,
    so that nobody else can plant one there (a link to a file of theirs, a FIFO). Beside the save,
    as `.NAME.lock`, in a folder that is the user's own and that nobody else may write; else (a
    shared folder such as /tmp) in the user's own lock folder, `default_directory/locks` (0700),
    named by the sha256 of the save's absolute path."""
    folder = path.parent.resolve()
    try:
        info = os.stat(folder)
    except OSError:
        info = None
    if info is not None and info.st_uid == os.geteuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return path.parent / f".{path.name}.lock"
    name = hashlib.sha256(str(folder / path.name).encode("utf-8", "surrogateescape")).hexdigest()[:32]
    return default_directory(os.environ, Path.cwd()) / LOCKS / f"{name}.lock"


class SaveLock:
    """An exclusive lock on a save while a game uses it: `flock` on its lock file (`lock_path`),
    which holds the pid of its holder. Released (and the lock file removed) by `release`."""

    def __init__(self, path: Path, descriptor: int | None, where: Path | None = None) -> None:
        self.path = path
        self.descriptor = descriptor
        self.where = where  # the lock file, when there is one

    def release(self) -> None:
        if self.descriptor is None:
            return
        if self.where is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.where)  # while still holding it: the next taker checks the inode
        os.close(self.descriptor)
        self.descriptor = None

    def __enter__(self) -> SaveLock:
        return self

    def __exit__(self, *_: object) -> None:
        self.release()


class SaveDiskError(SaveError):
    """The disk refused to write a save's lock file (full, over a quota, failing)."""


_DISK_FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EIO, errno.EFBIG)  # no EDQUOT on Windows


class SaveInUse(SaveError):
    """Another process holds the save's lock. The message names it (for the user at their own
    terminal); `unnamed` says the same without the process, for a server's answer to a stranger."""

    def __init__(self, name: str, holder: int | None) -> None:
        self.unnamed = self._words(name, "another process")
        super().__init__(self._words(name, f"process {holder}" if holder else "another process"))

    @staticmethod
    def _words(name: str, who: str) -> str:
        return (
            f"{name} is in use by {who} (another domino is playing this game); finish that game first, or wait "
            "until it ends"
        )


def lock_save(path: Path, name: str | None = None) -> SaveLock:
    """The lock of the save at `path`; SaveInUse, naming the process, if another one holds it.
    SaveError if its lock file is anything but a regular file of the user's own with no other
    name: it is never followed through a link, and never opened if it is not a regular file."""
    if sys.platform == "win32":  # no fcntl there (mypy reads this test; `fcntl is None` it cannot)
        return SaveLock(path, None)
    shown = name or str(path)
    where = lock_path(path)
    if where.parent != path.parent:
        _private_folder(where.parent, shown)
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    for _ in range(20):
        try:
            descriptor = os.open(where, flags, 0o600)
        except OSError as error:
            if error.errno in (errno.ELOOP, errno.EMLINK):  # O_NOFOLLOW met a link (EMLINK: on FreeBSD)
                raise _planted(shown, where, "a symbolic link, which domino never follows") from None
            if error.errno in (errno.EISDIR, errno.ENXIO, errno.EOPNOTSUPP):  # a folder, a socket
                raise _planted(shown, where, _kind_of(where)) from None
            if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT, errno.ENOTDIR):
                return SaveLock(path, None)  # a folder we cannot write (or none): saving will say so
            failure = SaveDiskError if error.errno in _DISK_FULL else SaveError
            raise failure(f"cannot lock {shown}: {error.strerror or error}") from None
        try:
            _refuse_planted(descriptor, shown, where)
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except SaveError:
            os.close(descriptor)
            raise
        except OSError as error:
            holder = _holder(descriptor)
            os.close(descriptor)
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise SaveInUse(shown, holder) from None
            return SaveLock(path, None)  # a file system without locks
        try:
            same = os.path.samestat(os.fstat(descriptor), os.stat(where, follow_symlinks=False))
        except OSError:
            same = False
        if same:  # not a lock file its last holder removed after we opened it
            lock = SaveLock(path, descriptor, where)
            try:
                os.set_blocking(descriptor, True)
                os.ftruncate(descriptor, 0)
                os.pwrite(descriptor, f"{os.getpid()}\n".encode(), 0)
            except OSError as error:  # a full disk: no lock file is left behind
                lock.release()
                raise SaveDiskError(f"cannot lock {shown}: {error.strerror or error}") from None
            return lock
        os.close(descriptor)
    raise SaveError(f"cannot lock {shown}: its lock file keeps changing")


def _refuse_planted(descriptor: int, shown: str, where: Path) -> None:
    """SaveError unless the open lock file is a regular file of this user's with no other name (a
    hard link to another file would have that file cut and written over)."""
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode):
        raise _planted(shown, where, f"{file_kind(info.st_mode)}, not a regular file")
    if info.st_uid != os.geteuid():
        raise _planted(shown, where, "not yours")
    if info.st_nlink != 1:
        raise _planted(shown, where, "a hard link to another file")


def _kind_of(where: Path) -> str:
    try:
        return f"{file_kind(os.lstat(where).st_mode)}, not a regular file"
    except OSError:
        return "not a regular file"


def _planted(shown: str, where: Path, what: str) -> SaveError:
    """Named by its file name only: a server's answer shows no folder of its machine."""
    return SaveError(f"cannot lock {shown}: its lock file {where.name} is {what}; remove it if no game uses the save")


def _private_folder(folder: Path, shown: str) -> None:
    """The user's own lock folder, made if need be: SaveError unless it is a folder of theirs, which
    is then made private (0700) if it was not."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
        if stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid():
            if stat.S_IMODE(info.st_mode) & 0o077:
                os.chmod(folder, 0o700, follow_symlinks=False)
            return
    except OSError as error:
        reason = error.strerror or error
        raise SaveError(f"cannot lock {shown}: cannot make the lock folder {folder}: {reason}") from None
    raise SaveError(f"cannot lock {shown}: the lock folder {folder} is not private to you")


def _holder(descriptor: int) -> int | None:
    try:
        text = os.pread(descriptor, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() and len(text) < 12 else None


# mkstemp's names: the prefix and suffix _replace_whole gives, around 8 characters of its alphabet.
_TEMPORARY = re.compile(r"^\.(?P<save>.+)\.[a-z0-9_]{8}\.tmp$")


def clean_stale_temporaries(directory: Path, holding: Path | None = None) -> list[Path]:
    """Remove the half-written copies that a killed process left beside its saves.

    Only names of _replace_whole's pattern (`.SAVE.XXXXXXXX.tmp`) whose save is `holding` (whose lock
    the caller holds) or a file in `directory`, only regular files, and only while no live process
    holds that save's lock. What it removed."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        found = _TEMPORARY.match(entry.name)
        if found is None or not entry.is_file(follow_symlinks=False):
            continue
        save = directory / found["save"]
        ours = holding is not None and save.resolve() == holding.resolve()
        if not ours and not save.is_file():
            continue
        try:
            lock = None if ours else lock_save(save)
        except SaveError:
            continue  # a game is using that save: its copy may be the one being written
        if lock is not None and lock.descriptor is None:
            continue  # no locks here, so no knowing whether a game is using it
        try:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        finally:
            if lock is not None:
                lock.release()
    return removed
