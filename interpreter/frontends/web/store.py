"""A table on disk: its save (exactly `domino play`'s format, so `domino resume` continues it), the
seat tokens in a sidecar only its owner may read, and, for a pasted rule file, that file.

For the save `game-X.json` in the state folder:
- `.game-X.tokens.json` (mode 0600): `{"tokens": {"0": "..."}, "pace_ms": 700}` — the human seats'
  tokens and the table's pace, and, if they apply, `"stopped"` (why the table was stopped) and
  `"client"` (the address that made it, for the per-client limit), `"names"` (`{"1": "Ann"}`: the
  names the people gave their seats), `"spectator"` (the token of its spectator's link) and
  `"next"` (the table "play again" started after it) with `"next_tokens"` and `"next_spectator"`
  (that table's tokens: each seat's page follows to its own new seat by its old token; absent in
  a sidecar of an earlier server, whose next match kept the same tokens), `"stand_ins"` (`{"1": "greedy"}`: the
  computer playing a person's seat until they take it back), `"known_seed"` (`"chosen"`: the deal's
  seed was chosen by the person who made the table; `"save"`: it came with a save opened here —
  either way someone may know every hand, and the table says so), `"opened"` (`[0, 1]`: the seats
  whose person has opened the table's page), `"absent"` (`[1]`: the stand-ins taken for an absent
  person, which give the seat back when they open the page again) and `"turn_seconds"` (the turn
  timer). Hidden, so that `domino resume`
  with no FILE never takes it for a save. It is created empty, exclusively, to claim a table's name
  before anything else of the table is written.
- `game-X.rules.yaml`: the rules a table of pasted rules plays; the save names it by absolute path
  and sha256, as a terminal game of a rule file does. An upload of several files (a rule file and
  the bases it extends) is a folder instead, `game-X.rules/`, with the pasted file as
  `upload.yaml` and the others under their own names, so that `extends:` finds them as it did.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.players import PLAYERS
from interpreter.records.savegame import SaveError, sync_folder
from interpreter.text.untrusted import load_json, read_regular

TOKENS_SUFFIX = ".tokens.json"
UPLOAD_NAME = "upload.yaml"  # how diagnostics call a pasted rule file, and its name among an upload's files
MAX_SIDECAR_BYTES = 64 * 1024


def tokens_path(save: Path) -> Path:
    return save.parent / f".{save.stem}{TOKENS_SUFFIX}"


def rules_path(save: Path) -> Path:
    return save.parent / f"{save.stem}.rules.yaml"


def rules_folder(save: Path) -> Path:
    return save.parent / f"{save.stem}.rules"


def save_of_tokens(sidecar: Path) -> Path:
    return sidecar.parent / f"{sidecar.name[1 : -len(TOKENS_SUFFIX)]}.json"


def sidecars(directory: Path) -> list[Path]:
    """The token files of the browser tables saved in `directory`, oldest save first."""
    found = [p for p in directory.glob(f".game-*{TOKENS_SUFFIX}") if p.is_file()]
    return sorted(found, key=lambda p: p.name)


def _write_private(path: Path, text: str) -> None:
    """Replace `path` by `text` in one step, readable by its owner only, and durably: the folder is
    synced too, so that a table answered as made is still there after a power cut."""
    # Not named like a save's temporary (.NAME.XXXXXXXX.tmp): a table being opened cleans those up.
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            os.fchmod(out.fileno(), 0o600)
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    sync_folder(path.parent)


def claim(save: Path) -> bool:
    """Take the name of `save` for a new table by creating its sidecar, empty and exclusively;
    False if another table has it."""
    if not claim_existing(save):
        return False
    if save.exists():  # a save without a sidecar (a terminal's) keeps its name
        tokens_path(save).unlink()
        return False
    return True


def claim_existing(save: Path) -> bool:
    """Take an existing save (one opened by name) for a table; False if a table has it already."""
    try:
        descriptor = os.open(tokens_path(save), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return False
    os.close(descriptor)
    return True


@dataclass(frozen=True)
class Sidecar:
    tokens: dict[int, str]
    pace_ms: int | None = None
    stopped: str | None = None
    client: str | None = None
    names: dict[int, str] = field(default_factory=dict)
    spectator: str | None = None
    next: str | None = None
    stand_ins: dict[int, str] = field(default_factory=dict)
    next_tokens: dict[int, str] | None = None
    next_spectator: str | None = None
    known_seed: str | None = None
    opened: frozenset[int] = frozenset()
    absent: frozenset[int] = frozenset()
    turn_seconds: int | None = None


# How a person may know a table's seed (and so every hand): they chose it, or had the save it came in.
KNOWN_SEEDS = ("chosen", "save")


def write_tokens(
    save: Path, tokens: dict[int, str], pace_ms: int, *, stopped: str | None = None, client: str | None = None,
    names: Mapping[int, str] | None = None, spectator: str | None = None, next: str | None = None,
    stand_ins: Mapping[int, str] | None = None, next_tokens: Mapping[int, str] | None = None,
    next_spectator: str | None = None, known_seed: str | None = None, opened: Collection[int] = (),
    absent: Collection[int] = (), turn_seconds: int | None = None,
) -> None:  # fmt: skip
    data: dict[str, Any] = {"tokens": {str(seat): token for seat, token in tokens.items()}, "pace_ms": pace_ms}
    if names:
        data["names"] = {str(seat): name for seat, name in names.items()}
    if stand_ins:
        data["stand_ins"] = {str(seat): strength for seat, strength in stand_ins.items()}
    if next_tokens is not None:
        data["next_tokens"] = {str(seat): token for seat, token in next_tokens.items()}
    if opened:
        data["opened"] = sorted(opened)
    if absent:
        data["absent"] = sorted(absent)
    extra = {"turn_seconds": turn_seconds, "stopped": stopped, "client": client, "spectator": spectator, "next": next,
             "next_spectator": next_spectator, "known_seed": known_seed}  # fmt: skip
    data.update((key, value) for key, value in extra.items() if value is not None)
    _write_private(tokens_path(save), json.dumps(data) + "\n")


def read_tokens(save: Path) -> Sidecar:
    """The sidecar of the table saved at `save`; SaveError if it is unsound."""
    try:
        data = load_json(read_regular(tokens_path(save), MAX_SIDECAR_BYTES).decode("utf-8"))
        tokens = _tokens(data["tokens"])
        following = data.get("next_tokens")
        next_tokens = None if following is None else _tokens(following)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError) as error:
        raise SaveError(f"the tokens of {save.name} cannot be read: {error}") from None
    pace = data.get("pace_ms")
    text = {key: value if isinstance(value := data.get(key), str) else None
            for key in ("stopped", "client", "spectator", "next", "next_spectator", "known_seed")}  # fmt: skip
    names = data.get("names")
    names = names if isinstance(names, dict) else {}
    stand_ins = data.get("stand_ins")
    stand_ins = stand_ins if isinstance(stand_ins, dict) else {}
    seats = {str(seat) for seat in tokens}  # a person's seats, as the tokens name them
    opened, absent = (frozenset(int(s) for s in found if str(s) in seats and isinstance(s, int))
                      for found in (_list(data.get("opened")), _list(data.get("absent"))))  # fmt: skip
    timer = data.get("turn_seconds")
    if any((token := text[key]) is not None and len(token) < 16 for key in ("spectator", "next_spectator")):
        raise SaveError(f"the tokens of {save.name} cannot be read: a token is too short")
    return Sidecar(
        tokens,
        pace if isinstance(pace, int) and not isinstance(pace, bool) else None,
        text["stopped"],
        text["client"],
        # Written by the server from checked names; one that is not a seat's is left out.
        {int(seat): name for seat, name in names.items() if seat.isdigit() and isinstance(name, str)},
        text["spectator"],
        text["next"],
        {int(seat): kind for seat, kind in stand_ins.items() if seat.isdigit() and kind in PLAYERS},
        next_tokens,
        text["next_spectator"],
        text["known_seed"] if text["known_seed"] in KNOWN_SEEDS else None,
        opened,
        absent,
        timer if isinstance(timer, int) and not isinstance(timer, bool) else None,
    )


def _list(raw: Any) -> list[Any]:
    return raw if isinstance(raw, list) else []


def _tokens(raw: Any) -> dict[int, str]:
    """Seat tokens as a sidecar writes them, `{"0": "..."}`; ValueError (or another the reader
    catches) unless each is a seat's number and a token of full length."""
    tokens = {int(seat): token for seat, token in raw.items()}
    if not all(isinstance(t, str) and len(t) >= 16 for t in tokens.values()):
        raise ValueError("a token is too short")
    return tokens


def is_claim_only(save: Path) -> bool:
    """A sidecar left empty by a creation that never finished (the server was killed): no table."""
    try:
        return tokens_path(save).stat().st_size == 0 and not save.exists()
    except OSError:
        return False


def write_rules(save: Path, text: str, files: Mapping[str, str]) -> Path:
    """Where the pasted rules (and the upload's other files) now lie; the path of the pasted one."""
    if not files:
        path = rules_path(save)
        _write_private(path, text)
        return path
    folder = rules_folder(save)
    folder.mkdir(mode=0o700)
    for name, content in files.items():  # names checked by the caller: plain NAME.yaml, no folder
        _write_private(folder / name, content)
    path = folder / UPLOAD_NAME
    _write_private(path, text)
    return path


def remove_table(save: Path) -> None:
    """Every file of a table that could not be made: its save, its pasted rules, its sidecar (last:
    it holds the name)."""
    for path in (save, rules_path(save)):
        with contextlib.suppress(OSError):
            path.unlink()
    shutil.rmtree(rules_folder(save), ignore_errors=True)
    with contextlib.suppress(OSError):
        tokens_path(save).unlink()


def pack(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))
