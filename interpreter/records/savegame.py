"""A game in progress on disk: its event log and what rebuilds it, written atomically.

A save names the rules (the variant as the user named it, the `--set` options over it, and the
digest of the rules it was played by), the seed, who sits in each seat, and the engine's event
log. Resuming rebuilds the match from the seed, in partnerships or not as the log's match header
has it, and re-applies the logged actions; the engine is deterministic, so the rebuilt log must
equal the saved one, which also proves the save intact.

A save may come from someone else (docs/security.md): it is read within bounds, a rule file it
names is used only while its bytes have the sha256 the save records, and a game holds a lock on
its save so that no second process plays it at the same time.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import tempfile
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from interpreter.engine import Action, IllegalAction, Match
from interpreter.records.replay import RULES_FILE, RULES_SHA256, recorded_teams, rule_file_record
from interpreter.resources import bundled_variants
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.diagnostics import shorten
from interpreter.text.untrusted import MAX_SAVE_BYTES, JsonProblem, NotRegularFile, TooLarge, load_json, read_regular

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; saves are not locked there
    fcntl = None  # type: ignore[assignment]

FORMAT = "domino-save"
VERSION = 1


class SaveError(Exception):
    """A save that cannot be read or does not rebuild; the message says why, for the user."""


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

    def to_json(self) -> dict[str, Any]:
        fields = {key: value for key, value in asdict(self).items() if value is not None}
        return {"format": FORMAT, "version": VERSION, **fields}


def write_save(path: Path, game: SavedGame) -> None:
    """Replace `path` by the save in one step: a reader (or a crash) sees the old save or the new one."""
    refuse_read_only(path)
    text = json.dumps(game.to_json(), separators=(",", ":")) + "\n"
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise SaveError(f"cannot save the game in {path.parent}: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException as error:  # Ctrl-C mid-write included: the old save stays, the half-written copy goes
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise SaveError(f"cannot save the game to {path}: {error.strerror or error}") from None
        raise


def refuse_read_only(path: Path, name: str | None = None) -> None:
    """SaveError if `path` is a save its owner made read-only: it is never replaced behind their back.

    The write bits are read as well as access(2), which says yes to root for every file."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # not there yet: a new save
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK):
        raise SaveError(
            f"{name or path} is read-only, so domino does not replace it; make it writable (chmod u+w) to "
            "continue this game, or resume a copy"
        )


def read_save(path: Path, name: str | None = None) -> SavedGame:
    """The save at `path` (called `name` in messages); SaveError for anything that is not a sound save.

    A save may come from anyone: it is read only if it is a regular file of at most 32 MiB, and
    parsed within bounds (docs/security.md)."""
    name = name or str(path)
    try:
        raw = read_regular(path, MAX_SAVE_BYTES)
    except TooLarge:
        raise SaveError(f"{name} is larger than {MAX_SAVE_BYTES // 2**20} MiB; it is not a domino save") from None
    except OSError as error:
        raise SaveError(f"cannot read {name}: {error.strerror or error}") from None
    try:
        data = load_json(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise SaveError(f"{name} is not a domino save (not UTF-8 text at byte {error.start}; is it damaged?)") from None
    except JsonProblem as problem:
        raise SaveError(f"{name}:{problem.where()}: not a domino save ({problem.message}; is it damaged?)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{name} is not a domino save")
    if data.get("version") != VERSION:
        version = shorten(repr(data.get("version")))
        raise SaveError(f"{name} is a save of format version {version}; this domino reads {VERSION}")
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
        )
    except TypeError as error:
        raise SaveError(f"{name} is damaged: {error}") from None
    if not game.seats:
        raise SaveError(f"{name} is damaged: it has no seats")
    return game


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
    """The match of the save, brought to where it stopped; SaveError if it does not come out the same."""
    if ruleset.digest != game.digest:
        raise SaveError(f"the rules of '{ruleset.name}' have changed since this game was saved, so it cannot continue")
    try:
        header = game.events[0] if game.events and game.events[0].get("type") == "match" else {}
        match = Match(ruleset, players=len(game.seats), seed=game.seed, teams=recorded_teams(header))
        for event in game.events:
            if event.get("type") == "action":
                match.apply(Action.from_json(event.get("action")))
    except (IllegalAction, ValueError, TypeError, KeyError) as error:
        raise SaveError(f"the save does not replay: {error}") from None
    if match.events != game.events:
        raise SaveError("the save does not replay: its event log differs from what its moves produce (damaged?)")
    return match


def default_directory(environ: dict[str, str], cwd: Path) -> Path:
    """Where games are saved unless --save says otherwise: the XDG state directory.

    A relative XDG_STATE_HOME is ignored, as the XDG Base Directory spec says (it would move with
    the current directory): then ~/.local/state as when it is unset."""
    state = environ.get("XDG_STATE_HOME")
    if state and Path(state).is_absolute():
        return Path(state) / "domino"
    home = environ.get("HOME")
    return Path(home) / ".local" / "state" / "domino" if home else cwd


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


def lock_path(path: Path) -> Path:
    return path.parent / f".{path.name}.lock"


class SaveLock:
    """An exclusive lock on a save while a game uses it: `flock` on `.NAME.lock` beside the save,
    which holds the pid of its holder. Released (and the lock file removed) by `release`."""

    def __init__(self, path: Path, descriptor: int | None) -> None:
        self.path = path
        self.descriptor = descriptor

    def release(self) -> None:
        if self.descriptor is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(lock_path(self.path))  # while still holding it: the next taker checks the inode
        os.close(self.descriptor)
        self.descriptor = None

    def __enter__(self) -> SaveLock:
        return self

    def __exit__(self, *_: object) -> None:
        self.release()


class SaveInUse(SaveError):
    pass


def lock_save(path: Path, name: str | None = None) -> SaveLock:
    """The lock of the save at `path`; SaveInUse, naming the process, if another one holds it."""
    if fcntl is None:
        return SaveLock(path, None)
    where = lock_path(path)
    for _ in range(20):
        try:
            descriptor = os.open(where, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        except OSError:
            return SaveLock(path, None)  # a folder we cannot write: saving will say so
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            holder = _holder(descriptor)
            os.close(descriptor)
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                who = f"process {holder}" if holder else "another process"
                raise SaveInUse(
                    f"{name or path} is in use by {who} (another domino is playing this game); finish that "
                    "game first, or wait until it ends"
                ) from None
            return SaveLock(path, None)  # a file system without locks
        try:
            same = os.path.samestat(os.fstat(descriptor), os.stat(where))
        except OSError:
            same = False
        if same:  # not a lock file its last holder removed after we opened it
            os.ftruncate(descriptor, 0)
            os.pwrite(descriptor, f"{os.getpid()}\n".encode(), 0)
            return SaveLock(path, descriptor)
        os.close(descriptor)
    raise SaveError(f"cannot lock {name or path}: its lock file keeps changing")


def _holder(descriptor: int) -> int | None:
    try:
        text = os.pread(descriptor, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() and len(text) < 12 else None


# mkstemp's names: the prefix and suffix write_save gives, around 8 characters of its alphabet.
_TEMPORARY = re.compile(r"^\.(?P<save>.+)\.[a-z0-9_]{8}\.tmp$")


def clean_stale_temporaries(directory: Path, holding: Path | None = None) -> list[Path]:
    """Remove the half-written copies that a killed process left beside its saves.

    Only names of write_save's pattern (`.SAVE.XXXXXXXX.tmp`) whose save is `holding` (whose lock
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
