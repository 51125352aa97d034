"""A table's live-update stream (server-sent events) as the tests read it: to its end, in a thread,
while the test plays, as a page's EventSource keeps it open; and the views a test received, each
beside the true match at its version."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import itemgetter
from typing import Any, TypeVar

from anyio import ClosedResourceError
from starlette.testclient import TestClient

from interpreter.engine import Action, Match

T = TypeVar("T")


def parse_events(text: str) -> list[tuple[str, str]]:
    """The (event, data) pairs of a stream's text; heartbeat comments left out."""
    out = []
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith(":")]
        if lines:
            fields = dict(line.split(": ", 1) for line in lines)
            out.append((fields.get("event", "message"), fields.get("data", "")))
    return out


class Stream:
    """The stream at `path`, read to its end in a thread from now on."""

    def __init__(self, client: TestClient, path: str) -> None:
        self.content_type = ""
        self._text: list[str] = []
        self._thread = threading.Thread(target=self._read, args=(client, path))
        self._thread.start()

    def _read(self, client: TestClient, path: str) -> None:
        # Kept chunk by chunk: when the test's server stops, the test client may close the body
        # before this thread has read its end (ClosedResourceError); what came before it was
        # received all the same, and a joined text at the end would have lost it.
        with client.stream("GET", path) as answer:
            self.content_type = answer.headers["content-type"]
            try:
                for chunk in answer.iter_text():
                    self._text.append(chunk)
            except ClosedResourceError:
                pass  # the server stopped: the stream ended

    def ended(self, timeout: float = 60) -> bool:
        self._thread.join(timeout=timeout)
        return not self._thread.is_alive()

    def text(self, timeout: float = 60) -> str:
        """Its whole text, once it ended (within `timeout` s, else the test fails): a refusal's too."""
        assert self.ended(timeout), f"the stream did not end within {timeout} s"
        return "".join(self._text)

    def events(self, timeout: float = 60) -> list[tuple[str, str]]:
        """Its events, once it ended (within `timeout` s, else the test fails)."""
        return parse_events(self.text(timeout))


def by_version(items: Iterable[T], log: Sequence[dict[str, Any]], truth: Match,
               version: Callable[[T], int] = itemgetter("version")) -> Iterator[tuple[T, int]]:  # fmt: skip
    """The views a test received (or (seat, view) pairs, with `version`) in the order of their
    versions, `truth` — a match of the same deal — brought by the log's actions to each one's
    version before it is given, with the index of the log's first record past that version."""
    actions = [i for i, event in enumerate(log) if event["type"] == "action"]
    at = 0
    for item in sorted(items, key=version):
        while at < version(item):
            truth.apply(Action.from_json(log[actions[at]]["action"]))
            at += 1
        yield item, actions[at] if at < len(actions) else len(log)
