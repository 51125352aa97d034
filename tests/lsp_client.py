"""An LSP client for the tests, written here: JSON-RPC with Content-Length framing over a server
process's stdio. Every wait is bounded (`WAIT`), so a server that hangs fails its test instead of
hanging the suite. Subclasses answer the server's own messages in `handle`."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

WAIT = 10.0  # seconds for any one answer of the server


class JsonRpcClient:
    name = "the server"  # how failures name it
    wait = WAIT

    def __init__(self, command: list[str], cwd: Path | None = None) -> None:
        self.process = subprocess.Popen(
            command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.stderr = b""
        self.transcript: list[str] = []  # the methods sent and received, in order, for a failure's message
        self.next_id = 0
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            if length is not None:
                self.messages.put(json.loads(stream.read(length)))

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        self.stderr = self.process.stderr.read()

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        with self.lock:
            assert self.process.stdin is not None
            self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.process.stdin.flush()
        self.transcript.append(f"-> {message.get('method', 'response')}")

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        number = self.next_id
        self.send({"id": number, "method": method, "params": params})
        answer = self.until(lambda m: m.get("id") == number and "method" not in m, f"the answer to {method}")
        if "error" in answer:
            raise AssertionError(f"{method}: {answer['error']}")
        return answer.get("result")

    def until(self, wanted: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        """The next message `wanted` accepts, every message before it handled; AssertionError if
        none comes within `wait` seconds or the server exits first."""
        deadline = time.monotonic() + self.wait
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self.fail(f"gave no {what} in {self.wait:.0f} s")
            try:
                message = self.messages.get(timeout=min(left, 0.5))
            except queue.Empty:
                if self.process.poll() is not None and self.messages.empty():
                    self.fail(f"exited before its {what}")
                continue
            method = message.get("method")
            if method:
                self.transcript.append(f"<- {method}")
            self.handle(message)
            if wanted(message):
                return message

    def handle(self, message: dict[str, Any]) -> None:
        """A message of the server's, before `until` looks at it (nothing by default)."""

    def fail(self, why: str) -> None:
        raise AssertionError(
            f"{self.name} {why}; transcript: {self.transcript[-12:]}; stderr: {self.stderr[-2000:]!r}"
        )
