"""A table the server holds: a `Match`, who sits where, the human seats' tokens, a version counter,
and the journal of its save, which every action is appended to before it is answered.

The version is the number of actions the match has taken, so it survives a restart. A table holds
the lock of its save while it is loaded (a terminal cannot play it at the same time), and its
computer seats move one action at a time, at the table's pace. Everything that changes the match
happens on the event loop under the table's `turn` lock; a disk write is awaited from the server's
writer thread (commits.py), and computer thinking runs on a copy in a worker thread. An action
whose save fails is undone (the match is rebuilt from the save, off the loop), so the table always
shows what its save holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.engine import Action, IllegalAction, Match
from interpreter.engine.actions import PLAY
from interpreter.frontends.computers import computer_choice, estimate_words, hint_moves
from interpreter.frontends.matches import GAME_ERRORS
from interpreter.frontends.presentation.boards import board_of
from interpreter.frontends.presentation.moves import same_move
from interpreter.frontends.presentation.seats import HUMAN
from interpreter.frontends.web import store
from interpreter.frontends.web.commits import Committer
from interpreter.frontends.web.presence import TIMED_OUT_PLAYER, Presence
from interpreter.frontends.web.refusal import Refusal
from interpreter.frontends.web.views import (
    legal_json,
    named_seats,
    seat_view,
    shown_round_end,
    spectator_view,
    web_board,
)
from interpreter.players import PLAYERS
from interpreter.records.savegame import SavedGame, SaveError, SaveJournal, SaveLock, rebuild
from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import load_ruleset_text
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.diagnostics import RuleFileError, shorten

if TYPE_CHECKING:  # sayings.py imports Table from here; a WorkerPool is only named
    from interpreter.frontends.web.sayings import Sayings
    from interpreter.frontends.web.workers import WorkerPool

MAX_UPLOAD_FILES = 16  # bases uploaded with a rule file; real house rules stack two or three
UPLOAD_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}\.ya?ml")  # a plain name: no folder, no dotfile
MAX_PACE_MS = 10_000
MAX_NAME = 24  # characters of a person's name: room on a phone's players bar
MAX_RETRY_S = 60.0  # the longest wait before a computer seat tries again to save its move
QUEUE_SIZE = 16  # state messages waiting for one slow listener; the oldest goes first


def rules_problem(error: RuleFileError) -> Refusal:
    problems = [
        {"file": d.file, "line": d.line, "column": d.column, "message": d.message, "text": d.format()}
        for d in error.diagnostics
    ]
    return Refusal(422, "\n".join(d.format() for d in error.diagnostics), problems=problems)


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


def person_name(raw: Any, others: Sequence[str]) -> str:
    """A name a person typed for their seat, trimmed; Refusal 422 unless it is one short line of
    printable text that no other seat (`others`, as the table calls them) goes by, nor "You"."""
    if not isinstance(raw, str):
        raise Refusal(422, 'name must be text, such as "Ann"')
    name = raw.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise Refusal(422, f"a name is 1 to {MAX_NAME} characters")
    if not name.isprintable():  # control characters, line breaks, bidirectional overrides
        raise Refusal(422, "a name may not hold a control character")
    if name.casefold() == "you":
        raise Refusal(422, "'You' is how each person's own screen says them; choose another name")
    if name.casefold() in {other.casefold() for other in others}:
        raise Refusal(422, f"'{name}' is another seat's name at this table; choose another")
    return name


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
    journal: SaveJournal | None = None
    version: int = 0
    client: str | None = None  # the address that made it (for the per-client limit)
    max_actions: int = 20_000  # the work bound of one table (limits.py)
    max_run_s: float = 45.0  # ... and of its computers' work in a row, without a person's move
    clock: Callable[[], float] = time.monotonic
    listeners: set[tuple[int | None, asyncio.Queue[tuple[int, str]]]] = field(default_factory=set)
    driver: asyncio.Task | None = None
    stopped: str | None = None  # why the rules (or the server's bound) stopped the match, if they did
    names: dict[int, str] = field(default_factory=dict)  # the names people gave their seats
    spectator: str | None = None  # the token of the spectator's link
    next: str | None = None  # the table "play again" started after this one
    # Its tokens, by seat, and its spectator's: each reader of this table is led to its own place
    # there (`next_link`), and to no one else's.
    next_tokens: dict[int, str] = field(default_factory=dict)
    next_spectator: str | None = None
    known_seed: str | None = None  # "chosen" or "save" (store.KNOWN_SEEDS): someone may know every hand
    stand_ins: dict[int, str] = field(default_factory=dict)  # a computer playing a person's seat, by seat
    # The people who have not yet continued from the round's end shown to them: while any has not,
    # nobody moves (`pauses`). Not written anywhere: read back from the log (`__post_init__`).
    to_continue: set[int] = field(default_factory=set)
    stamp: int = 0  # counts what was published: a continue changes the views but not the version
    sayings: Sayings | None = None  # what its people said lately (sayings.py): in memory only, never saved
    who: Presence = field(default_factory=Presence)  # who has the page open, the offers, the turn timer
    _views: dict[int | None, tuple[int, str]] = field(default_factory=dict)
    _turn: asyncio.Lock | None = None
    # Sidecar writes from several threads (a request's, "play again"'s) each read and write it whole:
    # one at a time, so the last written is the last read.
    _writing: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.who.since = self.clock()  # "never opened" and a restart's "away" count from here
        # A save whose last round end has no action after it stopped there: its people had not all
        # continued (or had, and the first mover of the next deal is a person who had not moved yet).
        if self.pauses and not self.match.is_over and shown_round_end(self.match.events) is not None:
            self.to_continue = self.people()

    @property
    def kinds(self) -> list[str]:
        return self.game.seats

    @functools.cached_property
    def bundled(self) -> bool:
        return self.game.variant in bundled_variants()  # a glob of the rules folder: once per table

    @property
    def turn(self) -> asyncio.Lock:
        """Held while the match changes and its save is written; readers wait for it."""
        if self._turn is None:
            self._turn = asyncio.Lock()
        return self._turn

    @property
    def finished(self) -> bool:
        return self.match.is_over or self.stopped is not None

    @property
    def pauses(self) -> bool:
        """Whether a round's end waits for the people to continue: at a table with people, in a game
        whose finished layout can be shown (a trick game's page keeps its hand's summary and goes on)."""
        return HUMAN in self.kinds and web_board(self.match).pauses

    def people(self) -> set[int]:
        """The seats a person plays now (not those a computer plays for them)."""
        return {seat for seat, kind in enumerate(self.kinds) if kind == HUMAN and seat not in self.stand_ins}

    def kind_of(self, seat: int) -> str:
        """Who plays `seat` now: HUMAN, or a computer strategy (a stand-in for a person too)."""
        if seat == self.who.playing_for and seat not in self.stand_ins:  # its time ran out: this turn only
            return TIMED_OUT_PLAYER
        return self.stand_ins.get(seat, self.kinds[seat])

    @property
    def creator(self) -> int | None:
        """The first person's seat: the one the start page opens, named at creation."""
        return next((seat for seat, kind in enumerate(self.kinds) if kind == HUMAN), None)

    async def stand_in(self, by: int, body: Mapping[str, Any]) -> None:
        """A computer plays a person's seat (`{"seat": 1, "computer": "greedy"}`), or the person takes
        it back (`"computer": null`): asked by that seat's person, or for an absent person by the
        table's creator (at once) or anyone at the table (once the table offers it); given back by
        the person or the creator. A computer asked for by someone else stands in for an absence:
        it gives the seat back when its person opens the page again."""
        seat = body.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.kinds) \
                or self.kinds[seat] != HUMAN:  # fmt: skip
            raise Refusal(422, "seat must be the number of a person's seat at this table")
        if "computer" not in body:
            raise Refusal(422, "computer must be a strength (a computer plays the seat) or null (the person plays)")
        strength = body["computer"]
        if strength is not None and (not isinstance(strength, str) or strength not in PLAYERS):
            raise Refusal(422, f"unknown strength '{shorten(str(strength))}'; choose from {', '.join(PLAYERS)}")
        if by != seat:
            self._may_stand_in(by, seat, strength)
        async with self.turn:
            before = dict(self.stand_ins), set(self.who.absent)
            if strength is None:
                self.stand_ins.pop(seat, None)
                self.who.absent.discard(seat)
            else:
                self.stand_ins[seat] = strength
                (self.who.absent.add if by != seat else self.who.absent.discard)(seat)

            def undo() -> None:
                self.stand_ins, self.who.absent = before

            await self._keep("who plays the seat", undo=undo)
            if strength is not None:
                self.to_continue.discard(seat)  # a computer never waits at a round's end
            self.publish()

    def _may_stand_in(self, by: int, seat: int, strength: str | None) -> None:
        """Refusal unless `by` may hand another person's seat to a computer (or back, for None)."""
        if strength is None or seat in self.stand_ins:
            if by != self.creator:
                raise Refusal(403, "only the seat's own person or the table's creator may give it back or change "
                              "its computer")  # fmt: skip
            return
        name, since = self.seats(by)[seat], self.who.absent_since(seat)
        if since is None or self.who.in_grace(seat, self.clock()):  # a page reloading is still open
            raise Refusal(409, f"{name} has the table open: only they may let a computer play their seat")
        if by != self.creator and self.clock() < since + self.who.wait_s:
            raise Refusal(409, f"{name} has not been away for {self.who.wait_s:g} s yet: the table offers a "
                          "computer for them then")  # fmt: skip

    def seat_of(self, token: str | None) -> int:
        """The seat a token is for; Refusal 403 for any other token (a spectator's told it only watches)."""
        seat = self.reader_of(token)
        if seat is None:
            raise Refusal(403, "this is a spectator's link: it shows the table, it cannot play or change it")
        return seat

    def reader_of(self, token: str | None) -> int | None:
        """Who may read the table with a token: its seat, or None for the spectator; Refusal 403 else."""
        given = (token or "").encode("utf-8", "replace")
        if token:
            for seat, mine in self.tokens.items():
                if secrets.compare_digest(mine.encode(), given):
                    return seat
            if self.spectator is not None and secrets.compare_digest(self.spectator.encode(), given):
                return None
        raise Refusal(403, "this link's token is not one of this table's seats")

    def seats(self, viewer: int | None = None) -> list[str]:
        """Each seat's name as `viewer` says it (a person's own, "You")."""
        return [seat.name for seat in named_seats(self.kinds, self.names, viewer)]

    async def set_name(self, seat: int, raw: Any) -> str:
        """The name the person at `seat` goes by, checked, kept in the sidecar and shown to all."""
        others = [name for n, name in enumerate(self.seats()) if n != seat]
        name = person_name(raw, others)
        before = dict(self.names)
        self.names[seat] = name
        await self._keep("the name", undo=lambda: setattr(self, "names", before))
        self.publish()
        return name

    def view(self, seat: int | None) -> dict[str, Any]:
        waiting = self.to_continue if self.pauses else None
        if seat is None:
            data = spectator_view(self.match, self.ruleset, self.kinds, self.version, waiting, self.names)
        else:
            data = seat_view(self.match, self.ruleset, self.kinds, seat, self.version, waiting, self.names)
        data["spectator"] = seat is None
        data["next"] = self.next
        data["next_link"] = self.next_link(seat)
        data["creator"] = self.creator
        # Text: a JavaScript number keeps 15 or 16 of a seed's 19 digits. A drawn seed is never told.
        data["known_seed"] = {"seed": str(self.game.seed), "how": self.known_seed} if self.known_seed else None
        for info in data["seats"]:
            info["stand_in"] = self.stand_ins.get(info["seat"])
        self.who.annotate(self, data, seat)
        if seat is not None and self.kind_of(seat) != HUMAN:  # a computer chooses its moves: none are offered
            data["legal"], data["why"] = [], None
        if seat is not None:  # what the people said, to the people only (sayings.py)
            data["said"] = self.sayings.shown() if self.sayings else []
        if seat is not None and self.spectator is not None:  # a person at the table may invite watchers
            data["spectator_link"] = f"/table/{self.id}?token={self.spectator}"
        data["pace_ms"] = self.pace_ms
        if self.bundled:
            data["variant"] = self.game.variant  # the name it was chosen by, house rules or not
        if self.stopped:
            data["stopped"] = self.stopped
        return data

    def view_text(self, seat: int | None) -> str:
        cached = self._views.get(seat)
        if cached is None or cached[0] != self.stamp:
            cached = (self.stamp, store.pack(self.view(seat)))
            self._views[seat] = cached
        return cached[1]

    async def settled_view_text(self, seat: int | None) -> str:
        """The seat's view of what the save holds: never of an action still being written."""
        return (await self.settled_view(seat))[1]

    async def settled_view(self, seat: int | None) -> tuple[int, str]:
        """`settled_view_text` with the stamp it was taken at, read together: a stream that waited
        here for a save knows which of the changes published meanwhile its first view shows."""
        if self.turn.locked():
            async with self.turn:
                return self.stamp, self.view_text(seat)
        return self.stamp, self.view_text(seat)

    def computer_to_move(self) -> bool:
        seat = self.match.current_player
        return seat is not None and self.kind_of(seat) != HUMAN and self.stopped is None and not self.to_continue

    def choose(self, seat: int, move: Any, version: Any) -> Action:
        """A person's action: refused with a reason, changing nothing, unless it is theirs to make now."""
        if self.stopped:
            raise Refusal(409, f"the game was stopped: {self.stopped}")
        if self.match.is_over:
            raise Refusal(409, "the game is over; no more actions")
        if seat in self.stand_ins:
            raise Refusal(409, "a computer plays your seat now: take it back first")
        if seat == self.who.playing_for:
            raise Refusal(409, "your time ran out: a computer plays this turn for you")
        if seat in self.to_continue:
            raise Refusal(409, "the round is over: press Continue first")
        if self.to_continue:
            names = self.seats(seat)
            waiting = " and ".join(names[s] for s in sorted(self.to_continue))
            raise Refusal(409, f"the round is over: waiting for {waiting} to continue")
        if isinstance(version, bool) or not isinstance(version, int):
            raise Refusal(422, "an action must carry the version of the state it was chosen on")
        if version != self.version:
            raise Refusal(409, f"stale: this action was chosen on version {shorten(str(version))}, the table is "
                          f"at {self.version}")  # fmt: skip
        if self.match.current_player != seat:
            raise Refusal(403, "it is not your turn")
        legal = self.match.legal_actions()
        if isinstance(move, int) and not isinstance(move, bool):
            if not 0 <= move < len(legal):
                raise Refusal(422, f"there is no move {shorten(str(move))}; the legal moves are 0 to {len(legal) - 1}")
            return legal[move]
        try:
            return Action.from_json(move)
        except ValueError as error:  # from_json refuses anything else with ValueError, saying "not an action"
            raise Refusal(422, shorten(str(error), 200)) from None

    async def act(self, seat: int, move: Any, version: Any, committer: Committer) -> None:
        async with self.turn:
            action = self.choose(seat, move, version)
            if self.who.ran_out == seat:  # they play again: "your time ran out" is old news
                self.who.ran_out = None
            await self.commit(action, committer)

    async def commit(self, action: Action, committer: Committer) -> None:
        """Apply `action`, append it to the save, and only then count and publish it. The turn lock is held."""
        if self.version >= self.max_actions:
            await self.halt(f"this table reached the server's bound of {self.max_actions} actions")
            raise Refusal(409, f"the game was stopped: {self.stopped}")
        before = len(self.match.events)
        try:
            self.match.apply(action)
        except IllegalAction as illegal:
            raise Refusal(422, illegal.reason) from None
        except GAME_ERRORS as error:  # the save keeps the game up to the move before
            await self.restore(before)
            await self.halt(str(error))
            raise Refusal(422, f"the rules stopped the game: {error}") from None
        try:
            if self.journal is None:  # a table loaded from disk: its save is rewritten once, as a journal
                kept = replace(self.game, events=self.match.events[:before])
                self.journal = await asyncio.to_thread(SaveJournal.start, self.path, kept)
            await committer.append(self.journal, self.match.events[before:])
        except SaveError as error:
            await self.restore(before)
            raise Refusal(507, f"{error}; this action was not made, and the table is as it was saved") from None
        if self.pauses and not self.match.is_over and any(e["type"] == "round_end" for e in self.match.events[before:]):
            self.to_continue = self.people()
        self.version += 1
        self.publish()

    async def proceed(self, seat: int) -> None:
        """`seat` has looked at the round's end: it sees the next deal, which is played once every
        person has continued. Twice is once; Refusal 409 when no round end waits."""
        async with self.turn:
            if not self.to_continue:
                raise Refusal(409, "there is no round end to continue from")
            if seat in self.to_continue:
                self.to_continue.discard(seat)
                self.publish()

    async def restore(self, events: int) -> None:
        """The match as its save holds it (its first `events` events), rebuilt off the event loop."""
        kept = replace(self.game, events=list(self.match.events[:events]))
        self.match = await asyncio.to_thread(rebuild, kept, self.ruleset)

    async def halt(self, reason: str) -> None:
        """Stop the table for good, and say why in its sidecar so that a restart shows it too."""
        self.stopped = reason
        self._views.clear()
        with contextlib.suppress(OSError):  # the table stays stopped in memory; a restart replays to the same stop
            await asyncio.to_thread(self.write_sidecar)
        self.publish()

    async def _keep(self, what: str, undo: Callable[[], object]) -> None:
        """The sidecar written (in a worker thread) with what a request just changed; if the disk
        refuses, `undo` puts the change back and the request is refused 507, naming `what`. The
        sidecar is then written again as it was, in case the refusal came after it was replaced
        (syncing its folder): the table on disk is the one in memory."""
        try:
            await asyncio.to_thread(self.write_sidecar)
        except OSError as error:
            undo()
            with contextlib.suppress(OSError):  # the disk refuses this too: it still holds the old sidecar
                await asyncio.to_thread(self.write_sidecar)
            raise Refusal(507, f"cannot save {what}: {error.strerror or error}") from None

    def write_sidecar(self) -> None:
        with self._writing:
            self._write_sidecar()

    def _write_sidecar(self) -> None:
        following = self.next_tokens if self.next is not None else None
        store.write_tokens(self.path, self.tokens, self.pace_ms, stopped=self.stopped, client=self.client,
                           names=self.names, spectator=self.spectator, next=self.next,
                           stand_ins=self.stand_ins, next_tokens=following,
                           next_spectator=self.next_spectator, known_seed=self.known_seed,
                           opened=self.who.opened, absent=self.who.absent & set(self.stand_ins),
                           turn_seconds=self.who.turn_seconds)  # fmt: skip

    def publish(self) -> None:
        self.who.sync(self)  # the turn's deadline and the offers, as the table is now
        self.stamp += 1
        for seat, queue in list(self.listeners):
            if queue.full():
                queue.get_nowait()
            queue.put_nowait((self.stamp, self.view_text(seat)))

    def listen(self, seat: int | None) -> asyncio.Queue[tuple[int, str]]:
        queue: asyncio.Queue[tuple[int, str]] = asyncio.Queue(QUEUE_SIZE)
        self.listeners.add((seat, queue))
        return queue

    def unlisten(self, seat: int | None, queue: asyncio.Queue[tuple[int, str]]) -> None:
        self.listeners.discard((seat, queue))

    def hint(self, match: Match) -> dict[str, Any]:
        """The strongest player's choice first, then its next best moves with their estimates, for a
        copy of the match (searched in a worker thread while the table goes on)."""
        legal = match.legal_actions()
        layout = match.layout
        alike = [same_move(action, layout) for action in legal]
        texts = legal_json(legal, match, named_seats(self.kinds, self.names, match.current_player))  # trains by name
        rounds = board_of(match).round_word + "s"  # as the terminal's hint says it
        strongest, found = hint_moves(match, self.game.seed)
        moves = []
        for action, estimate in found:
            move: dict[str, Any]
            if action.kind == PLAY and action.tiles is not None and action not in legal:  # a play built by picks
                move = {"index": None, "text": legal_json([action], match)[0]["text"],
                        "tiles": [list(tile) for tile in action.tiles]}  # fmt: skip
            else:
                index = alike.index(same_move(action, layout))
                move = {"index": index, "text": texts[index]["text"]}
            if estimate is not None:
                move.update(chance=round(estimate.chance, 3), tries=estimate.visits,
                            words=estimate_words(estimate.chance, estimate.visits, rounds))  # fmt: skip
            moves.append(move)
        return {"player": strongest, "moves": moves}

    def links(self, only: int | None = None, *, every: bool = False) -> list[dict[str, Any]]:
        """Each seat, and the link (with its token) of seat `only`, or of every person's seat if
        `every` (for the table's creator, who hands them out)."""
        out = []
        for seat, kind in enumerate(self.kinds):
            if kind != HUMAN:
                out.append({"seat": seat, "kind": "computer", "strength": kind})
                continue
            out.append({"seat": seat, "kind": "human", "name": self.names.get(seat)})
            if every or seat == only:
                out[-1].update(token=self.tokens[seat], link=seat_link(self.id, seat, self.tokens[seat]))
        return out

    def next_link(self, reader: int | None) -> str | None:
        """Where the reader of this table (a seat, or None for the spectator) plays or watches the
        match played after it: its own link there, None before "play again"."""
        if self.next is None:
            return None
        if reader is None:
            return None if self.next_spectator is None else f"/table/{self.next}?token={self.next_spectator}"
        token = self.next_tokens.get(reader)
        return None if token is None else seat_link(self.next, reader, token)

    def spectator_link(self) -> dict[str, str] | None:
        if self.spectator is None:
            return None
        return {"token": self.spectator, "link": f"/table/{self.id}?token={self.spectator}"}

    async def drive(self, committer: Committer, computers: WorkerPool) -> None:
        """Let the computer seats move, one action at a time at the table's pace, until a person's turn;
        each move is thought in the `computers` pool, in turn with the other clients' tables."""
        backoff = 1.0
        spent = 0.0  # seconds the computers worked (or waited for a thread) since the run began
        while self.computer_to_move():
            if spent >= self.max_run_s:
                async with self.turn:
                    if self.stopped is None:
                        await self.halt(f"its computer players worked {self.max_run_s:g} s in a row without a "
                                        "person's move, this server's bound")  # fmt: skip
                return
            ended_round = bool(self.match.events) and self.match.events[-1]["type"] in ("round_end", "deal")
            delay = self.pace_ms * (4 if ended_round and self.version else 2 if self.took_trick() else 1)
            if delay:
                await asyncio.sleep(delay / 1000)
            seat, version = self.match.current_player, self.version
            assert seat is not None
            # Chosen on a copy in a worker thread; applied only if the table has not moved meanwhile.
            began = self.clock()
            action = await computers.run(self.client, computer_choice, self.match.clone(), self.kind_of(seat),
                                         self.game.seed)  # fmt: skip
            spent += self.clock() - began
            async with self.turn:
                if self.version != version or not self.computer_to_move():
                    continue
                try:
                    await self.commit(action, committer)
                    backoff = 1.0
                    continue
                except Refusal:
                    if self.version != version or self.stopped:
                        continue
            await asyncio.sleep(backoff)  # a save that failed (a full disk): try again, less and less often
            backoff = min(backoff * 2, MAX_RETRY_S)

    def took_trick(self) -> bool:
        """Whether the last action completed a trick: the page holds the finished trick in the middle,
        so the next lead waits twice the pace (about 1.5 s at the default pace)."""
        for event in reversed(self.match.events):
            if event["type"] == "trick":
                return True
            if event["type"] == "action":
                return False
        return False

    def start_driving(self, committer: Committer, computers: WorkerPool) -> asyncio.Task | None:
        if self.who.sync(self):  # a table made or loaded in a worker thread: its first deadline starts now
            self.publish()
        if self.computer_to_move() and (self.driver is None or self.driver.done()):
            self.driver = asyncio.get_running_loop().create_task(self.drive(committer, computers))
        return self.driver

    async def set_pace(self, pace: Any) -> None:
        before, self.pace_ms = self.pace_ms, integer_field(pace, "pace_ms", 0, MAX_PACE_MS)
        await self._keep("the table's pace", undo=lambda: setattr(self, "pace_ms", before))
        self._views.clear()
        self.publish()

    def release(self) -> None:
        """Let the table go: its driver stopped, its journal closed, its save's lock released."""
        if self.driver is not None:
            self.driver.cancel()
        self.who.stop()
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None


def seat_link(table: str, seat: int, token: str) -> str:
    return f"/table/{table}?seat={seat}&token={token}"


def integer_field(raw: Any, name: str, low: int, high: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        raise Refusal(422, f"{name} must be a whole number from {low} to {high}")
    return raw
