"""Who is at a table: whether each person has its page open, has never opened it, or left (and
since when); the computer the table offers for a person away past a wait; and the optional turn
timer, after which a computer plays the person's turn.

A seat is *here* while at least one live stream (`GET …/events`) of its token is open, *never*
until its person first opens one (kept in the sidecar, so a restart does not forget it), else
*away* since its last stream closed (or since the server loaded the table, after a restart). A
page that closes and opens again within RELOAD_GRACE_S (a reload, a phone switching apps for a
moment) is no departure: the others go on seeing its person here, and hear of the departure only
once the grace has passed with no page open (the away time counts from the close all the same).
Times are on the table's clock (`Table.clock`, monotonic); every message of a live stream carries
the server's `now` on that clock as it is sent (`stamped`), so a page measures `away_since` and
`deadline` against it, and a view cached long ago still says the right thing.

Everything here runs on the event loop. A due moment (a turn's deadline, an offer coming due) is a
`call_later` that starts `tick`, which rechecks under the table's turn lock: a person who moved
first has moved the deadline, so a late tick does nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.frontends.presentation.seats import HUMAN
from interpreter.frontends.web.refusal import Refusal

if TYPE_CHECKING:  # tables.py holds a Presence
    from interpreter.frontends.web.tables import Table

MIN_TURN_S, MAX_TURN_S = 10, 600  # a turn timer's bounds (`turn_seconds` of POST /api/tables)
TIMED_OUT_PLAYER = "counter"  # plays a turn whose time ran out: quick, sensible in every family, no search
HERE, NEVER, AWAY = "here", "never", "away"
RELOAD_GRACE_S = 5.0  # a page closed for less than this is a reload, not a departure


@dataclass(eq=False)
class Presence:
    opened: set[int] = field(default_factory=set)  # seats whose person has opened the page (sidecar)
    absent: set[int] = field(default_factory=set)  # stand-ins taken for an absence: they end on return (sidecar)
    turn_seconds: int | None = None  # the turn timer, None: off (sidecar)
    wait_s: float = 60.0  # how long a person is away before the table offers a computer for them
    since: float = 0.0  # the clock when the table was made or loaded: "never" and "away" count from it
    streams: Counter[int] = field(default_factory=Counter)  # open live streams, by seat
    left: dict[int, float] = field(default_factory=dict)  # the clock when each seat's last stream closed
    turn: tuple[str, int | None] | None = None  # what the deadline is for: ("turn", seat) or ("continue", None)
    deadline: float | None = None
    playing_for: int | None = None  # the seat whose time ran out: a computer finishes its turn
    ran_out: int | None = None  # the seat whose time ran out last, said until its person moves
    offers: frozenset[int] = frozenset()  # the offers the views show now
    shown: tuple[str, ...] = ()  # each seat's presence as the views show it now
    kick: Callable[[], object] = lambda: None  # starts the table's computers (the registry sets it)
    _handle: asyncio.TimerHandle | None = None
    _due: float | None = None
    _ticking: asyncio.Task | None = None

    # --- who is here ---------------------------------------------------------------------------------

    def state(self, seat: int, now: float) -> str:
        if self.streams[seat] or self.in_grace(seat, now):
            return HERE
        return AWAY if seat in self.opened else NEVER

    @property
    def grace_s(self) -> float:
        """A reload's grace; never longer than the wait for the offer, which it would hide."""
        return min(RELOAD_GRACE_S, self.wait_s)

    def in_grace(self, seat: int, now: float) -> bool:
        """Whether the seat's last page closed so lately that it may be a reload."""
        return seat in self.left and now < self.left[seat] + self.grace_s

    def absent_since(self, seat: int) -> float | None:
        """Since when the seat's person has had no page open; None while they have one."""
        return None if self.streams[seat] else self.left.get(seat, self.since)

    def offered(self, table: Table, seat: int) -> bool:
        """Whether the table offers a computer for the seat: a person's, played by nobody else, away
        (or never come) for the wait, in a match that goes on."""
        since = self.absent_since(seat)
        return (table.kinds[seat] == HUMAN and seat not in table.stand_ins and since is not None
                and not table.finished and table.clock() >= since + self.wait_s)  # fmt: skip

    def arrived(self, seat: int) -> bool:
        """A page of `seat` opened; True if its person was not here before (the others are told)."""
        self.streams[seat] += 1
        return self.streams[seat] == 1

    def went(self, seat: int, now: float) -> bool:
        """A page of `seat` closed; True if it was its last (its person left)."""
        self.streams[seat] -= 1
        if self.streams[seat] > 0:
            return False
        del self.streams[seat]
        self.left[seat] = now
        return True

    # --- the turn timer ------------------------------------------------------------------------------

    def _key(self, table: Table) -> tuple[str, int | None] | None:
        """What a deadline runs for now: a person's turn, a round's end waiting for people to continue."""
        if table.finished or self.turn_seconds is None:
            return None
        if table.to_continue:
            return ("continue", None)
        seat = table.match.current_player
        if seat is None or table.kind_of(seat) != HUMAN:
            return None
        return ("turn", seat)

    def sync(self, table: Table) -> bool:
        """Bring the deadline and the offers up to the table as it is now (before its views are
        drawn); True if what the views show changed."""
        before = (self.deadline, self.ran_out, self.playing_for, self.offers, self.shown)
        if self.playing_for is not None and (table.match.current_player != self.playing_for or table.to_continue
                                             or table.finished):  # fmt: skip
            self.playing_for = None  # the computer finished the turn
        key = self._key(table)
        if key != self.turn:
            self.turn = key
            self.deadline = None if key is None else table.clock() + (self.turn_seconds or 0)
        self.offers = frozenset(s for s in range(len(table.kinds)) if self.offered(table, s))
        now = table.clock()
        self.shown = tuple(self.state(s, now) for s in range(len(table.kinds)))
        self.schedule(table)
        return before != (self.deadline, self.ran_out, self.playing_for, self.offers, self.shown)

    def schedule(self, table: Table) -> None:
        """A `tick` at the next due moment: the deadline, an absent person's offer coming due, or the
        end of a closed page's grace (its person is then shown away)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # made or loaded in a worker thread: scheduled when its computers start
            return
        dues = [self.deadline] if self.deadline is not None else []
        now = table.clock()
        dues += [self.left[seat] + self.grace_s for seat in self.left if self.in_grace(seat, now)]
        if not table.finished:
            for seat, kind in enumerate(table.kinds):
                since = self.absent_since(seat)
                if kind == HUMAN and seat not in self.offers and seat not in table.stand_ins and since is not None:
                    dues.append(since + self.wait_s)
        due = min(dues, default=None)
        if due == self._due and self._handle is not None:
            return
        if self._handle is not None:
            self._handle.cancel()
        self._due, self._handle = due, None
        if due is not None:
            self._handle = loop.call_later(max(0.0, due - table.clock()), self._start_tick, table)

    def _start_tick(self, table: Table) -> None:
        self._handle, self._due = None, None
        if self._ticking is None or self._ticking.done():
            self._ticking = asyncio.get_running_loop().create_task(self.tick(table))

    async def tick(self, table: Table) -> None:
        """A due moment: a deadline run out has the computer play that turn (or continues the round's
        end for whoever had not); an offer come due is shown. Checked again under the turn lock."""
        async with table.turn:
            if self.deadline is not None and self.turn is not None and table.clock() >= self.deadline:
                kind, seat = self.turn
                if kind == "turn":
                    self.playing_for = self.ran_out = seat
                else:
                    table.to_continue.clear()  # who had not continued is continued: the next deal begins
                self.turn = self.deadline = None  # one run-out per turn: the computer's turn has none
                table.publish()
            elif self.sync(table):  # an offer came due, a grace ended (sync schedules the next due moment)
                table.publish()
        self.kick()

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if self._ticking is not None:
            self._ticking.cancel()

    # --- the views -----------------------------------------------------------------------------------

    def annotate(self, table: Table, data: dict[str, Any], viewer: int | None) -> None:
        """Each seat's presence, offer and deadline in a view (of `viewer`; None: the spectator)."""
        now = table.clock()
        for info in data["seats"]:
            seat = info["seat"]
            human = table.kinds[seat] == HUMAN
            state = self.state(seat, now) if human else None
            info["presence"] = state
            info["away_since"] = self.left.get(seat, self.since) if state == AWAY else None
            # Offered to the people at the table; a spectator only watches.
            info["offer"] = viewer is not None and seat in self.offers and viewer != seat
            waits = self.turn == ("turn", seat) or (self.turn == ("continue", None) and seat in table.to_continue)
            info["deadline"] = self.deadline if waits else None
        data["turn_seconds"] = self.turn_seconds
        data["time_ran_out"] = self.ran_out
        data["stand_in_after_s"] = self.wait_s


def stamped(text: str, now: float) -> str:
    """A view's JSON text with the server's clock as it is sent: `{"now": …, …}`."""
    return f'{{"now":{now:.3f},{text[1:]}' if text.startswith("{") and text != "{}" else text


async def arrive(table: Table, seat: int | None) -> None:
    """A live stream of `seat` opened: the others see its person here; the first time, the sidecar
    says so; a computer standing in for their absence gives the seat back."""
    if seat is None:
        return
    who = table.who
    if not who.arrived(seat):
        return
    if seat in who.opened and not (seat in who.absent and seat in table.stand_ins):
        _publish(table)
        return
    async with table.turn:
        before = (set(who.opened), set(who.absent), dict(table.stand_ins))
        who.opened.add(seat)
        if seat in who.absent and seat in table.stand_ins:
            who.absent.discard(seat)
            del table.stand_ins[seat]

        def undo() -> None:
            who.opened, who.absent, table.stand_ins = before

        with contextlib.suppress(Refusal):  # a full disk: the person is here all the same, as before
            await table._keep("who has opened the table", undo=undo)
        table.publish()


def leave(table: Table, seat: int | None) -> None:
    """A live stream of `seat` closed: if it was its person's last, the others see them away once
    the reload's grace has passed with no page of theirs open (a tick then, `schedule`)."""
    if seat is not None and table.who.went(seat, table.clock()):
        table.who.schedule(table)


_waiting: set[asyncio.Task] = set()  # publications waiting for a table's turn lock (held: not collected)


def _publish(table: Table) -> None:
    """Publish the table now, or once the action being saved is (the views never show an action
    before its save holds it)."""
    if not table.turn.locked():
        table.publish()
        return

    async def settled() -> None:
        async with table.turn:
            table.publish()

    with contextlib.suppress(RuntimeError):  # the event loop is closing: nobody listens any more
        task = asyncio.get_running_loop().create_task(settled())
        _waiting.add(task)
        task.add_done_callback(_waiting.discard)
