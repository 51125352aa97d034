"""A patience by totals in the browser, on a phone: the columns and spares drawn, two free tiles
tapped make a removal (their sum said after the first), and the engine's removal is what happens."""

from __future__ import annotations

from tests.web.test_browser import HUMAN, browser, open_page, server, shots, view  # noqa: F401

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_two_tapped_free_tiles_that_make_the_total_are_removed(browser, server, shots) -> None:  # noqa: F811
    errors: list[str] = []
    made = server.table("luzon", [HUMAN], seed=3)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, PHONE)
    state = view(page)
    assert page.locator(".tableau-column").count() == 5 and page.locator(".tableau-spares .tableau-tile").count() == 3
    assert not page.locator("#hand").is_visible()  # every tile lies on the tableau
    first, second = state["legal"][0]["tiles"]
    page.locator(f".tableau-tile.usable[aria-label^='[{first[1]}|{first[0]}]']").tap()
    assert page.inner_text(".tableau-sum").startswith(f"{first[0] + first[1]} = {first[0] + first[1]} …")
    page.locator(f".tableau-tile.usable[aria-label^='[{second[1]}|{second[0]}]']").tap()
    page.wait_for_function(f"window.__state.version > {state['version']}", timeout=20000)
    after = view(page)["tableau"]
    assert sorted(map(tuple, after["removed"])) == sorted(map(tuple, [first, second]))
    assert "Removed: 2 of 28" in page.inner_text(".tableau-banner")
    page.screenshot(path=shots / "luzon-phone.png")
    assert not errors, errors
