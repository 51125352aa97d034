"""The connections of `domino serve`: how uvicorn is told to listen, time out and stop.

- The listening socket is a TCP socket with TCP_NODELAY, which the connections it accepts inherit:
  without it, a keep-alive client waits ~40 ms for every answer (the body, written after the
  headers, waits for the client's delayed acknowledgement).
- `GuardedH11Protocol` closes a connection whose request headers do not arrive within the header
  timeout, counted from the connection's opening or from the first byte of a request: uvicorn's
  keep-alive timeout stops at the first byte, so a client trickling headers would hold its
  connection (and a file descriptor) forever.
- `Server` tells the app it is stopping before uvicorn waits for open connections, so live-update
  streams end at once and Ctrl-C or SIGTERM stops the server within a few seconds.
- A client is the address its connection comes from: uvicorn reads `X-Forwarded-For` only from the
  proxies the operator trusts (`--trusted-proxies`; by default none, whereas uvicorn by default
  trusts 127.0.0.1, so that any local client could name a new address per request and escape
  every per-client limit). `Forwarded` and `X-Real-IP` are never read.
- `QuietRepeats` lets uvicorn's warnings through once per interval each, so a flood of refused
  connections never floods the log.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import time
from collections.abc import Callable, Sequence
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from interpreter.frontends.web.limits import Limits


def listening_socket(host: str, port: int, backlog: int = 128) -> socket.socket:
    """A TCP socket bound to `host:port` and listening; OSError if it cannot be."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        listener.bind((host, port))
        listener.listen(backlog)
    except BaseException:
        listener.close()
        raise
    return listener


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with a deadline for each request's headers."""

    header_timeout_s = 10.0  # set by `protocol_with` for one server

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._arm()  # a connection that never sends a byte is closed too

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._in_flight():
            self._disarm()
        elif self._deadline is None and not self.transport.is_closing():
            self._arm()  # part of a request: its headers must be complete in time

    def on_response_complete(self) -> None:
        self._disarm()  # idle again: uvicorn's keep-alive timeout runs until the next byte
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _in_flight(self) -> bool:
        return self.cycle is not None and not self.cycle.response_complete

    def _arm(self) -> None:
        self._deadline = self.loop.call_later(self.header_timeout_s, self._too_slow)

    def _disarm(self) -> None:
        deadline = getattr(self, "_deadline", None)
        if deadline is not None:
            deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self._in_flight() and not self.transport.is_closing():
            self.transport.close()


def protocol_with(header_timeout_s: float) -> type[GuardedH11Protocol]:
    return type("GuardedH11", (GuardedH11Protocol,), {"header_timeout_s": header_timeout_s})


class Server(uvicorn.Server):
    """uvicorn's server, calling `on_stop` as soon as it starts to stop (before it waits for connections)."""

    def __init__(self, config: uvicorn.Config, on_stop: Callable[[], None]) -> None:
        super().__init__(config)
        self.on_stop = on_stop

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.on_stop()
        await super().shutdown(sockets)


class QuietRepeats(logging.Filter):
    """Each distinct message at most once per `interval_s` seconds."""

    def __init__(self, interval_s: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.interval_s = interval_s
        self.clock = clock
        self.last: dict[str, float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = str(record.msg)
        now = self.clock()
        if now - self.last.get(key, -self.interval_s - 1) < self.interval_s:
            return False
        if len(self.last) > 1000:
            self.last.clear()
        self.last[key] = now
        return True


def quiet_uvicorn_logs(interval_s: float = 60.0) -> None:
    for name in ("uvicorn.error", "uvicorn", "asyncio"):  # asyncio: "socket.accept() out of system resource"
        logger = logging.getLogger(name)
        if not any(isinstance(f, QuietRepeats) for f in logger.filters):
            logger.addFilter(QuietRepeats(interval_s))


def config_for(
    app: Any, limits: Limits, trusted: Sequence[ipaddress.IPv4Network | ipaddress.IPv6Network] = (), **extra: Any
) -> uvicorn.Config:
    """uvicorn's settings for `app` under `limits` (interpreter/frontends/web/limits.py), reading
    the client's address from X-Forwarded-For only where the connection comes from a `trusted` proxy."""
    return uvicorn.Config(
        app,
        http=protocol_with(limits.header_timeout_s),
        log_level="warning",
        lifespan="on",
        limit_concurrency=limits.connections,
        timeout_keep_alive=limits.keep_alive_s,  # type: ignore[arg-type]  # a float: uvicorn waits with call_later
        timeout_graceful_shutdown=3,
        proxy_headers=bool(trusted),
        forwarded_allow_ips=[str(network) for network in trusted],
        **extra,
    )
