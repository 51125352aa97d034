"""A table's live updates: the server-sent events a page listens to (`updates`), sent by a
`HeldStream` that holds its place in the server's count of streams until it ends."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator
from typing import Any

from starlette.responses import StreamingResponse

from interpreter.frontends.web.limits import StreamSlot
from interpreter.frontends.web.presence import arrive, stamped
from interpreter.frontends.web.presence import leave as went_away
from interpreter.frontends.web.registry import Tables
from interpreter.frontends.web.tables import Table


class HeldStream(StreamingResponse):
    """A live-update stream holding its place in the counts (limits.StreamSlots) until it ends,
    however it ends (run to its end, the client gone, the server stopping), its generator's first
    step taken or not. Its generator is closed as it ends too: one cut off while it waited to send
    would otherwise run its `finally` (its person leaving the table) only when it is collected."""

    def __init__(self, slot: StreamSlot, content: AsyncGenerator[str, None], **options: Any) -> None:
        super().__init__(content, **options)
        self.slot = slot
        self.content = content

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.slot.release()
            await self.content.aclose()  # its `finally` never awaits: done at once, even when cancelled


async def updates(
    tables: Tables, table: Table, seat: int | None, heartbeat_s: float, closing: asyncio.Event, follow: bool = False
) -> AsyncGenerator[str, None]:
    """Server-sent events: the seat's (or the spectator's) view at connect and at every change (a
    new version, a person who continued from a round's end, a new name, a new pace); a comment as a
    heartbeat; `event: over` once the match is over (or stopped: it never goes on), and then the
    stream ends, unless `follow`:
    then it goes on until someone plays again, says `event: next` with the next table, and ends. It
    ends at once when the server stops (the page reconnects to the next server). A table it listens
    to stays in memory (registry.py); one let go of before the stream began ends it at once, and the
    page's EventSource connects again to the table as it is now. While it is open, its seat's
    person is here (presence.py)."""
    queue = tables.listen(table, seat)
    if queue is None:
        return
    stop = asyncio.ensure_future(closing.wait())  # one waiter for the whole stream, not one per message
    said_over = False
    try:
        await arrive(table, seat)
        sent, text = await table.settled_view(seat)
        yield f"event: state\ndata: {stamped(text, table.clock())}\n\n"
        while not stop.done():
            if table.finished and sent == table.stamp and not table.turn.locked():  # over or stopped; not mid-save
                if table.next is not None and follow:  # the reader's own place there, nobody else's
                    yield f"event: next\ndata: {json.dumps({'table': table.next, 'link': table.next_link(seat)})}\n\n"
                    return
                if not said_over:
                    yield "event: over\ndata: {}\n\n"
                    said_over = True
                if not follow:
                    return
            got = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait({got, stop}, timeout=heartbeat_s, return_when=asyncio.FIRST_COMPLETED)
            if got not in done:
                got.cancel()
                if stop not in done:
                    yield ": heartbeat\n\n"
                continue
            stamp, text = got.result()
            if stamp > sent:
                sent = stamp
                yield f"event: state\ndata: {stamped(text, table.clock())}\n\n"
    finally:
        stop.cancel()
        tables.unlisten(table, seat, queue)
        went_away(table, seat)
