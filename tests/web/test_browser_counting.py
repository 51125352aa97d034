"""In a real browser (as tests/web/test_browser.py): a counting game's table, on a phone and on a
laptop. The crib is laid by clicking tiles of the hand; then the running total, its limit and the
tiles laid since the count started are drawn, each seat's tiles laid, the crib face down with the
seat's own tiles named, and the starter; a click on a tile lays it."""

from __future__ import annotations

from tests.web.test_browser import HUMAN, browser, computer, open_page, server, shots, view  # noqa: F401

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def _lay(page) -> None:
    version = view(page)["version"]
    page.locator(".hand-tile.playable").first.click()
    page.wait_for_function("v => window.__state.version > v || window.__state.over", arg=version, timeout=20000)


def test_the_counting_table_shows_the_total_the_crib_and_the_starter_and_a_click_lays_a_tile(browser, server, shots):  # noqa: F811
    for name, context in (("phone", PHONE), ("laptop", LAPTOP)):
        made = server.table("domino-cribbage", [HUMAN, computer("counter")], seed=4)
        errors: list[str] = []
        page = open_page(browser, server.base + made["seats"][0]["link"], errors, context)
        while view(page)["phase_kind"] == "crib":
            assert "face down into the crib" in page.inner_text("#status")
            _lay(page)
        state = view(page)
        assert state["phase_kind"] == "counting" and state["tricks"]["turn_up"] is not None
        table = page.inner_text("#trick-table")
        assert "Starter" in table and "crib" in table and f"of {state['tricks']['limit']}" in table
        assert len(state["tricks"]["crib"]) == 2  # its own two, named
        for _ in range(2):
            if view(page)["legal"] and view(page)["phase_kind"] == "counting":
                _lay(page)
        page.screenshot(path=shots / f"counting-{name}.png")
        assert str(view(page)["tricks"]["total"]) in page.inner_text(".count-number")
        assert not errors, errors
