"""A board that uses the screen (issue 31), in a real browser (as tests/web/test_browser.py): a
short layout is drawn large on a phone; a long one (late Mexican Train) never draws a tile's short
side under 30 px, zooms by its buttons, the wheel, the keys and a pinch and pans by a drag, and a lit place is still
tapped after that; the trains' tags and the places' words read alike; at 1920×1080 the hand and the
trick are drawn larger than at 1280×720.

Screenshots: board-draw-first-phone.png, board-mexican-late-phone.png,
board-mexican-zoomed-1280.png, board-42-mid-trick-1280.png, board-42-mid-trick-1920.png."""

from __future__ import annotations

from tests.web import test_browser as base
from tests.web.test_browser_screens import LAPTOP, PHONE, TABLE_GEOMETRY

browser, server, shots = base.browser, base.server, base.shots  # the fixtures, by name
HUMAN, computer, open_page, view = base.HUMAN, base.computer, base.open_page, base.view

DESKTOP = {"viewport": {"width": 1920, "height": 1080}}
SMALLEST = 30  # px: a tile's short side on the table, where no zoom is needed to read it
SHORT_ON_PHONE = 44  # px: a short layout's tile on a phone (21 px before issue 31)
FILL_ON_PHONE = 0.8  # of the felt's width: a short layout's tiles and the places beside them on a phone (0.4 before)

# The drawn tiles' and places' extent on the screen against the felt's width (the places beside a
# line's ends are drawn when lit, so the view keeps their room), and the size of the hand's and
# the trick's tiles.
SIZES = """() => {
  document.getAnimations().forEach((a) => a.finish());
  const area = document.getElementById('table-area').getBoundingClientRect();
  const drawn = document.querySelectorAll('#table .domino, #table .target rect:not(.hit)');
  const rs = [...drawn].map((g) => g.getBoundingClientRect());
  const short = (sel) => Math.min(...[...document.querySelectorAll(sel)].map((e) => {
    const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); }));
  const width = rs.length ? Math.max(...rs.map((r) => r.right)) - Math.min(...rs.map((r) => r.left)) : 0;
  return { fill: width / area.width, hand: short('#hand .hand-tile svg'), trick: short('#trick-table .played svg') };
}"""
UNIT = "() => Number(document.getElementById('table').dataset.unitPx)"
# Two fingers on the board moving apart (80 px to 160 px): a pinch, as a touch screen sends it.
PINCH = """({x, y}) => {
  const svg = document.getElementById('table');
  const send = (type, id, px) => svg.dispatchEvent(new PointerEvent(type, { pointerId: id, clientX: px, clientY: y,
    pointerType: 'touch', isPrimary: id === 11, bubbles: true }));
  send('pointerdown', 11, x - 40); send('pointerdown', 12, x + 40);
  for (const px of [x + 60, x + 90, x + 120]) send('pointermove', 12, px);
  send('pointerup', 12, x + 120); send('pointerup', 11, x - 40);
}"""


def _drive(server, made: dict, done) -> dict:
    """Seat 0's moves by the API (its first play, else its first move) until `done(view)`."""
    table, token = made["table"], made["seats"][0]["token"]
    for _ in range(2000):
        state = server.get(f"/api/tables/{table}/state?token={token}")
        if done(state) or state["over"]:
            return state
        if state["current_player"] == state["seat"] and state["legal"]:
            move = next((m for m in state["legal"] if m["kind"] == "play"), state["legal"][0])
            body = {"index": move["index"], "version": state["version"]}
            server.post(f"/api/tables/{table}/action?token={token}", body)
    raise AssertionError("the table never came to the moment looked for")


def _laid(state: dict) -> int:
    return sum(len(arm["tiles"]) for arm in state["layout"]["arms"])


def _two_places(state: dict) -> list[int] | None:
    """A tile of seat 0's that fits two trains or more, on its turn."""
    if state["current_player"] != state["seat"]:
        return None
    by_tile: dict[tuple[int, ...], set] = {}
    for move in state["legal"]:
        if move["kind"] == "play" and move["arm"] is not None:
            by_tile.setdefault(tuple(move["tile"]), set()).add(move["arm"])
    return next((list(tile) for tile, arms in by_tile.items() if len(arms) >= 2), None)


def test_the_board_uses_the_screen(browser, server, shots):
    errors: list[str] = []
    # A short layout on a phone: drawn large, a good part of the felt's width.
    made = server.table("draw", [HUMAN, computer()], {}, seed=11)
    _drive(server, made, lambda s: s["layout"]["lead"] is not None)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, PHONE)
    shape, sizes = page.evaluate(TABLE_GEOMETRY), page.evaluate(SIZES)
    page.screenshot(path=shots / "board-draw-first-phone.png")
    print("draw at its first play, phone:", shape, sizes)
    assert shape["half"] / 0.98 >= SHORT_ON_PHONE and sizes["fill"] >= FILL_ON_PHONE, (shape, sizes)
    page.context.close()

    # A long layout: late in a round of Mexican Train with eight players, at seat 0's turn with a
    # tile that fits two trains.
    made = server.table("mexican-train", [HUMAN] + [computer()] * 7, {"match.rounds": "1"}, seed=1)
    state = _drive(server, made, lambda s: _laid(s) >= 45 and _two_places(s) is not None)
    assert _laid(state) >= 45 and _two_places(state), "the round never got long with a choice of places"
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, PHONE)
    shape = page.evaluate(TABLE_GEOMETRY)
    page.screenshot(path=shots / "board-mexican-late-phone.png")
    print("mexican train late, phone:", shape, page.evaluate(UNIT))
    assert shape["half"] / 0.98 >= SMALLEST - 0.5 and shape["outside"] == 0, shape  # reached by panning
    assert page.locator("#zoom-fit.more").is_visible(), "the fit button says there is more to see"
    page.locator("#zoom-fit").tap()
    assert page.evaluate(UNIT) < SMALLEST and page.locator("#zoom-fit.more").count() == 0
    fitted = page.evaluate(TABLE_GEOMETRY)
    assert fitted["tiles"] == shape["tiles"] and fitted["outside"] == 0
    heights = page.locator(".zoom-button").evaluate_all("bs => bs.map((b) => b.getBoundingClientRect().height)")
    assert min(heights) >= 44, heights  # a finger's size on a phone
    page.context.close()

    # On a laptop: zoomed in by the button, the wheel and the + key, panned by a drag; a lit place
    # is still clicked, and its words are those of the train's tag.
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, LAPTOP)
    start = page.evaluate(UNIT)
    page.locator("#zoom-in").click()
    after_button = page.evaluate(UNIT)
    board = page.locator("#table").bounding_box()
    middle = (board["x"] + board["width"] / 2, board["y"] + board["height"] / 2)
    page.mouse.move(*middle)
    page.mouse.wheel(0, -200)
    after_wheel = page.evaluate(UNIT)
    page.focus("#table")
    page.keyboard.press("+")
    after_key = page.evaluate(UNIT)
    page.evaluate(PINCH, {"x": middle[0], "y": middle[1]})
    after_pinch = page.evaluate(UNIT)
    scales = [start, after_button, after_wheel, after_key, after_pinch]
    assert scales == sorted(set(scales)), f"each zooms in: {scales}"
    before = page.get_attribute("#table", "viewBox")
    page.mouse.move(*middle)
    page.mouse.down()
    page.mouse.move(middle[0] + 150, middle[1] + 80, steps=5)
    page.mouse.up()
    assert page.get_attribute("#table", "viewBox") != before, "a drag pans the board"
    tile = _two_places(state)
    page.click(f".hand-tile[data-tile='{min(tile)}-{max(tile)}']")
    lit = page.locator(".target.hot")
    assert lit.count() >= 2
    # Each lit place says the words of the train's tag: a shared train by its name, another by its owner.
    names = {arm["id"]: arm for arm in view(page)["layout"]["arms"]}
    for k in range(lit.count()):
        arm = lit.nth(k).get_attribute("data-arm")
        words = lit.nth(k).get_attribute("aria-label").removeprefix("Play here: ")
        tag = page.locator(f".train-label[data-arm='{arm}'] text").text_content().removeprefix("⚑ ")
        owner = names[int(arm)]["owner"]
        expected = f"the {tag}" if owner is None else "your train" if tag == "You" else f"{tag}'s train"
        assert words == expected, (arm, tag, words)
    shape = page.evaluate(TABLE_GEOMETRY)
    assert shape["place_overlaps"] == 0 and shape["outside"] == 0, shape
    page.screenshot(path=shots / "board-mexican-zoomed-1280.png")
    chosen = lit.last.get_attribute("data-arm")
    with page.expect_request("**/action?*") as sent:
        lit.last.click()  # playwright clicks where the place is drawn: over nothing else (the zoom's buttons neither)
    index = sent.value.post_data_json["index"]
    played = next(m for m in state["legal"] if m["index"] == index)
    assert str(played["arm"]) == chosen and played["tile"] == tile, (played, chosen)  # laid where it was clicked
    page.context.close()

    # A trick game: at 1920×1080 the hand and the trick are larger than at 1280×720.
    made = server.table("texas-42", [HUMAN] + [computer()] * 3, {}, seed=4)
    _drive(server, made, lambda s: s["tricks"]["phase"] == "playing" and len(s["tricks"]["trick"] or []) >= 2
           and s["current_player"] == s["seat"])  # fmt: skip
    measured = {}
    for name, context in (("1280", LAPTOP), ("1920", DESKTOP)):
        page = open_page(browser, server.base + made["seats"][0]["link"], errors, context)
        measured[name] = page.evaluate(SIZES)
        page.screenshot(path=shots / f"board-42-mid-trick-{name}.png")
        page.context.close()
    print("42 mid-trick:", measured)
    large, laptop = measured["1920"], measured["1280"]
    assert large["hand"] > laptop["hand"] and large["trick"] > laptop["trick"], measured
    assert not errors, errors
