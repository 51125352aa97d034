"""What saving one action costs at the start and at the end of a long game: the whole save
rewritten (version 1, as `write_save` did after every action) against the journal's append
(version 2, `SaveJournal.append` with fdatasync).

    python bench/save_cost.py [--variant mexican-train] [--players 8] [--strategy greedy]
                              [--seed 1] [--window 50] [--dir FOLDER]

The game is played first, every seat a computer player (not timed). Then, for the first and the
last WINDOW actions, each action is saved both ways, the two interleaved, into two saves in
FOLDER (default: a temporary folder; fsync costs what that folder's file system makes it cost):
the rewrite writes the whole save as it stood after that action — JSON of every event, a
temporary file, fsync, rename — and the journal, holding the game up to the action before,
appends that action's events and fdatasyncs them. Printed: ms a save (mean and median over the
window) for each way, the size of each save at the end of the game, what starting a journal of
the whole game costs once (`SaveJournal.start`, as `domino resume` does), and a last line of JSON.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/save_cost.py` puts bench/, not the repository, on the path
    sys.path.insert(0, str(ROOT))

from interpreter.engine import Match  # noqa: E402 - needs the path above
from interpreter.players import make_player  # noqa: E402
from interpreter.records.savegame import SavedGame, SaveJournal  # noqa: E402
from interpreter.rulefile.loader import load_ruleset  # noqa: E402


def play(variant: str, players: int, strategy: str, seed: int) -> tuple[SavedGame, list[int]]:
    """The whole game's save, and the length of its log after each action."""
    ruleset = load_ruleset(variant)
    match = Match(ruleset, players=players, seed=seed)
    seats = [make_player(strategy, seed + seat, reproducible=True) for seat in range(players)]
    ends = []
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        legal = match.legal_actions()
        player = seats[seat]
        if len(legal) > 1:  # as the terminal asks a computer seat (session.computer_choice)
            legal = [player.choose(match.observation(seat) if player.observes else None, legal)]
        match.apply(legal[0])
        ends.append(len(match.events))
    return SavedGame(variant, [], ruleset.digest, seed, [strategy] * players, match.events), ends


def rewrite(path: Path, game: SavedGame) -> None:
    """The old way, as write_save was before journals: the whole save, atomically, every action
    (SavedGame.to_json was then this dict of `asdict`, which copies every event)."""
    fields = {key: value for key, value in asdict(game).items() if value is not None}
    text = json.dumps({"format": "domino-save", "version": 1, **fields}, separators=(",", ":")) + "\n"
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _ms(run: Callable[[], Any]) -> float:
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) * 1000


def window(folder: Path, game: SavedGame, ends: list[int], first: int, last: int) -> tuple[list[float], list[float]]:
    """ms of each save of actions first..last-1, the rewrite's and the append's, interleaved."""
    old, new = folder / "rewrite.json", folder / "journal.json"
    before = ends[first - 1] if first else _dealt(game)
    journal = SaveJournal.start(new, _upto(game, before))
    rewrites, appends = [], []
    try:
        for index in range(first, last):
            done, end = ends[index - 1] if index else before, ends[index]
            saved = _upto(game, end)
            rewrites.append(_ms(lambda saved=saved: rewrite(old, saved)))
            gained = game.events[done:end]
            appends.append(_ms(lambda gained=gained: journal.append(gained)))
    finally:
        journal.close()
    return rewrites, appends


def _dealt(game: SavedGame) -> int:
    """The log's length before the first action: the match header and the first deal."""
    return next(i for i, event in enumerate(game.events) if event["type"] == "action")


def _upto(game: SavedGame, events: int) -> SavedGame:
    return SavedGame(game.variant, game.settings, game.digest, game.seed, game.seats, game.events[:events])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="mexican-train")
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--strategy", default="greedy", help="every seat's computer player (default greedy)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--window", type=int, default=50, help="actions timed at the start and at the end")
    parser.add_argument("--dir", type=Path, help="where the saves are written (default: a temporary folder)")
    args = parser.parse_args(argv)
    game, ends = play(args.variant, args.players, args.strategy, args.seed)
    if len(ends) < 2 * args.window:
        parser.error(f"the game has {len(ends)} actions, fewer than two windows of {args.window}")
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        where = Path(folder)
        early = window(where, game, ends, 0, args.window)
        late = window(where, game, ends, len(ends) - args.window, len(ends))
        rewrite_bytes = (where / "rewrite.json").stat().st_size
        append_bytes = (where / "journal.json").stat().st_size
        whole = where / "start.json"
        start_ms = statistics.median(_ms(lambda: SaveJournal.start(whole, game).close()) for _ in range(5))
    result = {
        "variant": args.variant, "players": args.players, "strategy": args.strategy, "seed": args.seed,
        "actions": len(ends), "events": len(game.events), "window": args.window,
        "rewrite_first_ms": statistics.fmean(early[0]), "rewrite_last_ms": statistics.fmean(late[0]),
        "append_first_ms": statistics.fmean(early[1]), "append_last_ms": statistics.fmean(late[1]),
        "rewrite_first_median_ms": statistics.median(early[0]), "rewrite_last_median_ms": statistics.median(late[0]),
        "append_first_median_ms": statistics.median(early[1]), "append_last_median_ms": statistics.median(late[1]),
        "rewrite_bytes": rewrite_bytes, "append_bytes": append_bytes, "start_ms": start_ms,
    }  # fmt: skip
    print(f"{args.variant}, {args.players} {args.strategy} players, seed {args.seed}: {len(ends)} actions, "
          f"{len(game.events)} events; saves in {args.dir or tempfile.gettempdir()}")  # fmt: skip
    first, last = f"first {args.window}: mean", f"last {args.window}: mean"
    print(f"{'way':8} {first:>16} {'median':>8} {last:>15} {'median':>8} {'bytes at end':>13}")
    for way, size in (("rewrite", rewrite_bytes), ("append", append_bytes)):
        row = [result[f"{way}_{part}"] for part in ("first_ms", "first_median_ms", "last_ms", "last_median_ms")]
        print(f"{way:8} {row[0]:13.2f} ms {row[1]:8.2f} {row[2]:12.2f} ms {row[3]:8.2f} {size:13,}")
    print(f"start (the whole game written as a journal, once per play or resume): {start_ms:.2f} ms")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
