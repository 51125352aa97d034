"""Who a client is, as every per-client limit counts it: the socket's peer, through a real `domino
serve` process (the headers a proxy sets are read, or not, by uvicorn's settings). A client that
names a new address on each request in any header a proxy may set (X-Forwarded-For, Forwarded,
X-Real-IP) is still one client; an address a trusted proxy (`--trusted-proxies`) forwards is its
client's."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import httpx

from interpreter.frontends.cli.commands.serve import trusted_networks
from tests.clirunner import domino
from tests.web.serving import serve

HUMAN_AND_GREEDY = [{"kind": "human"}, {"kind": "computer", "strength": "greedy"}]
TABLE = {"variant": "draw", "players": 2, "seed": 3, "seats": HUMAN_AND_GREEDY, "settings": {"match.target": 1}}
# A table that finishes at once and leaves ~60 KB of pasted rules on the server's disk.
BIG_RULES = "name: big\nextends: draw\n#" + "x" * 60_000 + "\n"
BIG_FINISHED = {"rules_text": BIG_RULES, "players": 2, "seed": 1, "settings": {"match.target": 1},
                "seats": [{"kind": "computer", "strength": "random"}] * 2}  # fmt: skip


def disguises() -> Iterator[dict[str, str]]:
    """A new address on every request, in each header a proxy may set, and in all three at once."""
    for n in itertools.count(1):
        address = f"10.{n // 250}.{n % 250}.1"
        ways = [{"X-Forwarded-For": address}, {"Forwarded": f"for={address}"}, {"X-Real-IP": address}]
        yield ways[n % 4] if n % 4 < 3 else {key: value for way in ways for key, value in way.items()}


def test_a_client_naming_a_new_address_in_every_request_is_held_to_every_per_client_limit(tmp_path):
    process, url = serve(tmp_path, "--tables-per-client", "2", "--streams-per-client", "2", "--burst", "20",
                         "--rate-per-s", "0.1", "--disk-per-client", "0.1")  # fmt: skip
    disguise = disguises()
    spent = 0  # requests that make something: each spends one of the burst
    try:
        with httpx.Client(base_url=url, timeout=60) as client:
            tables = [client.post("/api/tables", json=TABLE, headers=next(disguise)) for _ in range(4)]
            spent += 4
            assert [t.status_code for t in tables] == [201, 201, 429, 429]
            assert "limit per player" in tables[2].json()["error"]

            made = [t.json() for t in tables[:2]]
            links = [f"/api/tables/{m['table']}/events?token={m['seats'][0]['token']}" for m in made]
            streams = [httpx.Client(base_url=url, timeout=60) for _ in range(3)]
            with streams[0].stream("GET", links[0], headers=next(disguise)) as first, \
                    streams[1].stream("GET", links[1], headers=next(disguise)) as second:  # fmt: skip
                assert (first.status_code, second.status_code) == (200, 200)
                third = streams[2].get(links[0], headers=next(disguise))
                assert third.status_code == 429 and "your address" in third.json()["error"]
            for stream in streams:
                stream.close()

            for m in made:  # a computer finishes them: they hold their places no more
                seat = f"/api/tables/{m['table']}/seat?token={m['seats'][0]['token']}"
                assert client.post(seat, json={"seat": 0, "computer": "random"}).json()["state"]["over"]
            # Finished tables hold no place of the two, but their files count towards the 0.1 MiB.
            big = [client.post("/api/tables", json=BIG_FINISHED, headers=next(disguise)) for _ in range(3)]
            spent += 3
            assert [b.status_code for b in big] == [201, 201, 507]  # the second took it past 104,857 bytes
            assert "--disk-per-client" in big[2].json()["error"]

            answers = []  # until the burst is spent (a slow machine may have earned a token back meanwhile)
            while len(answers) < 20 and (not answers or answers[-1].status_code == 200):
                answers.append(client.post("/api/validate", json={"text": "name: x\nextends: draw\n"},
                                           headers=next(disguise)))  # fmt: skip
            assert answers[-1].status_code == 429 and "too many requests" in answers[-1].json()["error"]
            assert spent + len(answers) - 1 in (20, 21)
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "Traceback" not in err


def test_a_trusted_proxy_names_its_clients_and_only_its_own_header_counts(tmp_path):
    process, url = serve(tmp_path, "--tables-per-client", "1", "--trusted-proxies", "127.0.0.1, ::1")
    try:
        with httpx.Client(base_url=url, timeout=60) as client:
            made = [client.post("/api/tables", json=TABLE, headers={"X-Forwarded-For": who}).status_code
                    for who in ("10.0.0.1", "10.0.0.2", "10.0.0.1", "10.0.0.3, 10.0.0.2")]  # fmt: skip
            # The proxy appends the address it saw: the last one, 10.0.0.2, is the client of the fourth.
            assert made == [201, 201, 429, 429]
            headers = ({"Forwarded": "for=10.0.0.9"}, {"X-Real-IP": "10.0.0.9"}, {})
            others = [client.post("/api/tables", json=TABLE, headers=header).status_code for header in headers]
            assert others == [201, 429, 429]  # all the proxy's own: it sets neither Forwarded nor X-Real-IP
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "Traceback" not in err


def test_trusted_proxies_are_addresses_or_networks_and_nothing_else(tmp_path):
    assert [str(n) for n in trusted_networks("127.0.0.1, 10.0.0.0/8,::1")] == ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]
    for wrong in ("*", "localhost", "10.0.0.0/33", "", "1.2.3.4,,"):
        refused = domino("serve", "--state-dir", str(tmp_path / "s"), "--port", "0", "--trusted-proxies", wrong)
        assert refused.status == 2 and "--trusted-proxies" in refused.stderr and "Traceback" not in refused.stderr
