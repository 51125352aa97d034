"""A save sent to the server that is too long to be one is refused before it is read in full (issue
28: an 8 MiB save of empty lines took 9-28 s to refuse, and six at once reached 1.7 GB), by every
way a save comes in: opened as a table or as a replay. What is asserted is how much of the body
the server read, through a stream that counts it; never the time."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from interpreter.frontends.web.app import create_app
from interpreter.records.savegame import SaveError, parse_save
from interpreter.text.untrusted import MAX_SAVE_LINES

BODY = 8 * 1024 * 1024 - 4096  # under the 8 MiB a save's body may have: refused by its lines, not its bytes
CHUNK = 64 * 1024
HEADER = json.dumps({"format": "domino-save", "version": 2, "variant": "draw", "settings": [], "digest": "0" * 64,
                     "seed": 1, "seats": ["human", "greedy"]})  # fmt: skip


def _empty_lines() -> bytes:
    text = HEADER + "\n" * ((BODY - len(HEADER)) // 2)  # `\n` is two bytes in JSON
    return json.dumps({"text": text}).encode()


async def _send(app, path: str, body: bytes) -> tuple[httpx.Response, int]:
    read = [0]

    async def counted() -> AsyncIterator[bytes]:
        for start in range(0, len(body), CHUNK):
            read[0] = start + CHUNK
            yield body[start : start + CHUNK]

    transport = httpx.ASGITransport(app, client=("10.0.0.3", 4000))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        answer = await client.post(path, content=counted(), headers={"Content-Type": "application/json"})
    return answer, min(read[0], len(body))


@pytest.mark.parametrize("path", ["/api/tables/open", "/api/replays"])
def test_a_save_of_too_many_lines_is_refused_before_its_body_is_read_in_full(tmp_path: Path, path: str) -> None:
    app = create_app(tmp_path)
    answer, read = asyncio.run(_send(app, path, _empty_lines()))
    assert read <= 2 * MAX_SAVE_LINES + 2 * CHUNK  # the lines it may hold, and the chunk that passed them
    assert answer.status_code == 413 and f"{MAX_SAVE_LINES:,} lines" in answer.json()["error"]


def test_a_save_of_too_many_lines_is_refused_as_a_file_too(tmp_path: Path) -> None:
    raw = (HEADER + "\n" * (MAX_SAVE_LINES + 1)).encode()
    with pytest.raises(SaveError, match=f"more than {MAX_SAVE_LINES:,} lines"):
        parse_save(raw, "the save")
