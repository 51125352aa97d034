"""In a real browser: the last actions say where tiles went in a player's words ("on your train",
"on their train"), the moves listed for a screen reader say it too, and when only Draw or Marker is
offered the page says why, next to the button, and says nothing once a tile may be laid.

Screenshots: why-forced-draw.png (a forced draw explained), words-last-actions.png (the last
actions in words after the marker went out)."""

from __future__ import annotations

from tests.web.test_browser import HUMAN, browser, computer, open_page, server, shots, view  # noqa: F401


def test_a_forced_draw_and_marker_are_explained_and_the_last_actions_say_where(browser, server, shots):  # noqa: F811
    errors: list[str] = []
    made = server.table("mexican-train", [HUMAN, computer(), computer()], seed=6)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors)
    why = page.locator("#why")
    assert page.locator("#draw").is_visible() and why.is_visible()
    assert why.inner_text() == "No tile matches 12 — draw one."
    page.screenshot(path=shots / "why-forced-draw.png")
    version = view(page)["version"]
    page.click("#draw")
    page.wait_for_function("v => window.__state.version > v", arg=version)
    assert page.locator("#marker").is_visible()
    opened = "Nothing fits after drawing: put out your marker, your train is now open to everyone."
    assert why.inner_text() == opened
    version = view(page)["version"]
    page.click("#marker")
    # The two computers move, and the turn comes back with tiles to lay: no reason is shown then.
    page.wait_for_function(
        "v => window.__state.version > v && window.__state.current_player === window.__state.seat", arg=version
    )
    assert not why.is_visible()
    lines = page.locator("#last-actions li").all_inner_texts()
    assert lines[-3:] == [
        "You put out a marker and passed.",
        "Computer 2 played [12|9] on your train.",
        "Computer 3 played [12|8] on their train.",
    ]
    moves = page.locator("#legal-list button").all_inner_texts()
    assert moves == ["[9|6] on your train", "[9|8] on your train", "[9|9] on your train", "[9|10] on your train"]
    page.screenshot(path=shots / "words-last-actions.png")
    assert not errors, errors
