"""Who is here, in a real browser (docs/web.md, "Who is here"): a person who left shows "left … ago"
on the others' pages and one who never came "never opened"; after the wait (one second on this
server: `--stand-in-after-s 1`) each seat offers "Let a computer play for …", which another person
at the table accepts; the person who left comes back and has their seat again. A table with a turn
timer counts the turn down on the seat to move. Screenshots: presence-offer-phone.png,
presence-offer-laptop.png."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from tests.web.serving import serve
from tests.web.test_browser import browser, open_page, shots  # noqa: F401 (fixtures, by name)
from tests.web.test_browser_screens import LAPTOP, PHONE

HUMAN = {"kind": "human"}


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    process, url = serve(tmp_path_factory.mktemp("presence") / "state", "--stand-in-after-s", "1")
    yield url
    process.kill()
    process.wait(10)


def _post(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)


def test_an_absent_seat_is_offered_to_a_computer_and_given_back_and_a_turn_counts_down(browser, base, shots):  # noqa: F811
    made = _post(base, "/api/tables", {"variant": "draw", "players": 3, "seats": [HUMAN] * 3, "seed": 5,
                                       "pace_ms": 0, "name": "Ann", "turn_seconds": 60})  # fmt: skip
    links = [base + seat["link"] for seat in made["seats"]]
    errors: list[str] = []
    bob = open_page(browser, links[1], errors, LAPTOP)
    bob.close()  # Bob looked in, and left
    cy = open_page(browser, links[2], errors, PHONE)
    ann = open_page(browser, links[0], errors, LAPTOP)
    chip = "#players .player[data-seat='1']"
    for page in (ann, cy):  # ages are said once the live stream has told the server's clock
        page.wait_for_selector(f"{chip} .offer")
        page.wait_for_function(f"document.querySelector(\"{chip} .presence-words\").textContent === 'left just now'")
    assert cy.inner_text("#players .player[data-seat='0'] .presence-words") == "here"
    mover = ann.evaluate("window.__state.current_player")
    countdown = ann.locator(f"#players .player[data-seat='{mover}'] .countdown")
    countdown.wait_for()
    assert re.fullmatch(r"[01]:[0-5][0-9] left", countdown.inner_text())
    offer = cy.locator(f"{chip} .offer").bounding_box()
    assert offer and offer["height"] >= 44, offer  # a phone's finger
    cy.screenshot(path=shots / "presence-offer-phone.png")
    ann.screenshot(path=shots / "presence-offer-laptop.png")
    cy.click(f"{chip} .offer")  # Cy, not the creator, lets a computer play for Bob
    ann.wait_for_selector(f"{chip} .stand-in-note")
    bob = open_page(browser, links[1], errors, LAPTOP)  # Bob is back: his seat is his again
    bob.wait_for_function("window.__state.seats[1].stand_in === null")
    ann.wait_for_function("!document.querySelector('#players .stand-in-note')")
    ann.wait_for_function(f"document.querySelector(\"{chip} .presence-words\").textContent === 'here'")
    assert not errors, errors
