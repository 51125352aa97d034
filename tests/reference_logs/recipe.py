"""What the reference logs are made of: which seeded matches are played, by whom, how far, and
what of each is kept (its log's digest, length and returns).

For every rule file of the corpus (tests/rule_files.py) and each of its seatings, a match with
the same kind of computer player at every seat, for every kind of `interpreter.players.PLAYERS`;
the searching kinds (greedy, ismcts) at the first seating only, and cut sooner, as they cost the
most. Everything is fixed by the constants below: no clock (ismcts plays a fixed iteration
budget), no worker count, nothing read from an unordered set; the same recipe gives the same
logs on every machine and under every hash seed.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from interpreter.engine import Match
from interpreter.players import PLAYERS, Player
from interpreter.players.ismcts import IsmctsPlayer
from tests.rule_files import FILES, ruleset, seatings

HERE = Path(__file__).resolve().parent
RECORDING = HERE / "logs.json"
KEPT_FOLDER = HERE / "kept"
RECORD_COMMAND = "python -m tests.reference_logs.record"

SEED = 11  # every match's seed; seat s's player is seeded SEED * 100 + s
CUT = 150  # actions of a match by the cheap players (most matches of a small file end before)
SEARCH_CUT = 30  # ... by the searching players: a deal, its auction and first tricks, or a round's first turns
SEARCHING = ("greedy", "ismcts")
ISMCTS_ITERATIONS = 4  # a small fixed budget, no clock: its choices depend on the seed only
MARK_EVERY = 8  # events between two of a log's prefix digests: where a log first differs, to that many events

# The recipe itself, kept beside the recording: a recording made by another recipe is refused.
RECIPE = {"seed": SEED, "cut": CUT, "search_cut": SEARCH_CUT, "searching": list(SEARCHING),
          "ismcts_iterations": ISMCTS_ITERATIONS, "mark_every": MARK_EVERY, "kinds": list(PLAYERS)}  # fmt: skip


class Recipe(NamedTuple):
    file: str
    players: int
    teams: bool | None  # None: the file's own choice of partnerships
    kind: str  # the kind of player at every seat

    def __str__(self) -> str:
        teams = {None: "", True: " teams", False: " no-teams"}[self.teams]
        return f"{self.file} {self.players} players{teams} {self.kind}"


# The matches kept whole (gzip'd JSON Lines in kept/), to read and to compare event by event:
# a layout game, a trick game, and a trick game of contracts (bids of marks), each played to its end.
KEPT = (
    Recipe("rules/double-draw", 4, None, "random"),
    Recipe("rules/domino-loo", 2, None, "heavy"),
    Recipe("rules/texas-42-house", 4, None, "random"),
)


def recipes(file: str) -> list[Recipe]:
    out = []
    for index, (players, teams) in enumerate(seatings(ruleset(file))):
        out += [Recipe(file, players, teams, kind) for kind in PLAYERS if not (index and kind in SEARCHING)]
    return out


def every_recipe() -> list[Recipe]:
    return [recipe for file in FILES for recipe in recipes(file)]


def _player(kind: str, seed: int) -> Player:
    if kind == "ismcts":
        return IsmctsPlayer(seed, iterations=ISMCTS_ITERATIONS, ms=None)
    return PLAYERS[kind](seed)


@dataclass(frozen=True)
class Played:
    events: list[dict[str, Any]]
    actions: int
    returns: tuple[float, ...]
    over: bool


def play(recipe: Recipe) -> Played:
    match = Match(ruleset(recipe.file), players=recipe.players, seed=SEED, teams=recipe.teams)
    seats = [_player(recipe.kind, SEED * 100 + seat) for seat in range(recipe.players)]
    cut = SEARCH_CUT if recipe.kind in SEARCHING else CUT
    actions = 0
    while not match.is_over and actions < cut:
        seat = match.current_player
        assert seat is not None
        chooser = seats[seat]
        legal = match.legal_actions()
        match.apply(chooser.choose(match.observation(seat) if chooser.observes else None, legal))
        actions += 1
    return Played(list(match.events), actions, match.returns(), match.is_over)


def canonical(event: dict[str, Any]) -> str:
    return json.dumps(event, sort_keys=True, separators=(",", ":"))


def summary(played: Played) -> dict[str, Any]:
    """What the recording keeps of a match: the sha256 of its canonical log (json.dumps of the
    whole list, sorted keys, no spaces), the digests of the log's first MARK_EVERY, 2 * MARK_EVERY,
    ... events (6 hex digits each: where two logs first part), its lengths, returns and end."""
    whole = hashlib.sha256(b"[")
    marks = []
    for index, event in enumerate(played.events):
        if index and index % MARK_EVERY == 0:
            marks.append(_closed(whole)[:6])
        whole.update((("," if index else "") + canonical(event)).encode())
    return {"digest": _closed(whole), "marks": marks, "events": len(played.events), "actions": played.actions,
            "returns": list(played.returns), "over": played.over,
            "hands": sum(event["type"] == "round_end" for event in played.events)}  # fmt: skip


def _closed(running: Any) -> str:
    done = running.copy()
    done.update(b"]")
    return str(done.hexdigest())


def kept_path(recipe: Recipe) -> Path:
    slug = str(recipe).replace("rules/", "").replace("/", "-").replace(" ", "-")
    return KEPT_FOLDER / f"{slug}.jsonl.gz"


def write_kept(recipe: Recipe, events: Iterable[dict[str, Any]]) -> None:
    """gzip'd JSON Lines, one event a line, with no time stamp or name in the gzip header: the
    same log gives the same bytes."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as out:
        out.write("".join(canonical(event) + "\n" for event in events).encode())
    kept_path(recipe).write_bytes(buffer.getvalue())


def read_kept(recipe: Recipe) -> list[dict[str, Any]]:
    return [json.loads(line) for line in gzip.decompress(kept_path(recipe).read_bytes()).splitlines()]


def read_recording() -> dict[str, Any]:
    return dict(json.loads(RECORDING.read_text(encoding="utf-8")))
