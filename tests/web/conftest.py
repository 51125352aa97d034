"""The in-process server the web API tests share: a fresh state folder and a Starlette test client
on it, computers at pace 0 and a short heartbeat. A module that needs another server (limits,
crashes answered as 500) defines its own `client`."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 to httpx for its TestClient; both work
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from interpreter.frontends.web.app import create_app


@pytest.fixture
def state_dir(tmp_path: Path) -> Path:
    return tmp_path / "state"


@pytest.fixture
def client(state_dir: Path) -> Iterator[TestClient]:
    with TestClient(create_app(state_dir, pace_ms=0, heartbeat_s=0.2)) as test_client:
        yield test_client
