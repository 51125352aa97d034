"""Moves of a tile in the hand as a person makes them in a real browser (a mouse's drag, a
finger's, a press that moves a little), and what the hand shows: for the hand's tests in
test_browser_screens.py (your hand, your way: static/arrange.js)."""

from __future__ import annotations

from tests.web.test_browser import view

SHOWN = "() => [...document.querySelectorAll('#hand .hand-tile')].map((e) => e.dataset.tile)"
MY_TURN = "() => window.__state.current_player === window.__state.seat && window.__state.legal.length > 0"


def shown(page) -> list[str]:
    return page.evaluate(SHOWN)


def served(page) -> list[str]:
    """The hand in the server's order, as the page holds the seat's view."""
    return [f"{a}-{b}" for a, b in view(page)["hand"]]


def moved(order: list[str], start: int, end: int) -> list[str]:
    out = list(order)
    out.insert(end, out.pop(start))
    return out


def centre(page, position: int) -> tuple[float, float]:
    box = page.locator("#hand .hand-tile").nth(position).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def playable_at(page) -> int:
    """Where the first tile this seat may play is shown, once it is this seat's turn."""
    page.wait_for_function(MY_TURN)
    return shown(page).index(page.locator("#hand .hand-tile.playable").first.get_attribute("data-tile"))


def mouse_drag(page, start: int, end: int, shot=None, by: tuple[float, float] | None = None) -> None:
    """The mouse pressed on the tile at `start`, moved to the tile at `end` (or only `by` so many px), let go."""
    x, y = centre(page, start)
    to_x, to_y = (x + by[0], y + by[1]) if by else centre(page, end)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(to_x, to_y, steps=8)
    if shot:
        page.screenshot(path=shot)
    page.mouse.up()


def touch_drag(page, start: int, end: int) -> None:
    """A finger's drag: real touch events (Chrome turns them into pointer events of type touch, and
    takes the move for a scroll unless the page says otherwise)."""
    cdp = page.context.new_cdp_session(page)
    x, y = centre(page, start)
    to_x, to_y = centre(page, end)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, 11):
        point = {"x": x + (to_x - x) * k / 10, "y": y + (to_y - y) * k / 10}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def kept_then_new(arranged: list[str], hand: list[str]) -> list[str]:
    """The order a player who arranged `arranged` sees of `hand`: the tiles still held where they
    were put, then the tiles new to the hand in the server's order."""
    return [t for t in arranged if t in hand] + [t for t in hand if t not in arranged]
