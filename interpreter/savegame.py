"""A game in progress on disk: its event log and what rebuilds it, written atomically.

A save names the rules (the variant as the user named it, the `--set` options over it, and the
digest of the rules it was played by), the seed, who sits in each seat, and the engine's event
log. Resuming rebuilds the match from the seed, in partnerships or not as the log's match header
has it, and re-applies the logged actions; the engine is deterministic, so the rebuilt log must
equal the saved one, which also proves the save intact.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from interpreter.engine import Action, IllegalAction, Match
from interpreter.replay import recorded_teams
from interpreter.ruleset import Ruleset

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

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, **asdict(self)}


def write_save(path: Path, game: SavedGame) -> None:
    """Replace `path` by the save in one step: a reader (or a crash) sees the old save or the new one."""
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


def read_save(path: Path) -> SavedGame:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise SaveError(f"cannot read {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise SaveError(f"{path} is not a domino save (it is not JSON; is it damaged?)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path} is not a domino save")
    if data.get("version") != VERSION:
        raise SaveError(f"{path} is a save of format version {data.get('version')!r}; this domino reads {VERSION}")
    try:
        game = SavedGame(
            variant=_typed(data, "variant", str),
            settings=[_item(s, str) for s in _typed(data, "settings", list)],
            digest=_typed(data, "digest", str),
            seed=_typed(data, "seed", int),
            seats=[_item(s, str) for s in _typed(data, "seats", list)],
            events=[_item(e, dict) for e in _typed(data, "events", list)],
        )
    except TypeError as error:
        raise SaveError(f"{path} is damaged: {error}") from None
    if not game.seats:
        raise SaveError(f"{path} is damaged: it has no seats")
    return game


def _typed(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise TypeError(f"'{key}' is missing or not a {kind.__name__}")
    return value


def _item(value: Any, kind: type) -> Any:
    if not isinstance(value, kind):
        raise TypeError(f"a {kind.__name__} was expected, not {value!r}")
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
    """Where games are saved unless --save says otherwise: the XDG state directory."""
    state = environ.get("XDG_STATE_HOME")
    if state:
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
