"""What just happened, and where one may play, in a real browser (Debian's Chromium through
playwright, as tests/web/test_browser.py; issue 20): the last tiles played are highlighted and
slide in (not with reduced motion), the player who moved is flashed, a score made by a tile is
shown at the tile; the places to play never hide each other, and when they crowd (a hub on a
phone) they are also buttons in words under the hand; a private train's starting double is drawn.

Screenshots (where `shots` says): last-play-highlighted.png, score-at-tile.png,
crowded-hub-places.png, basic-trains-private-doubles.png."""

from __future__ import annotations

from pathlib import Path

from tests.web import test_browser as base

browser, server, shots = base.browser, base.server, base.shots  # the fixtures, by name
HUMAN, computer, open_page, play_one, view = base.HUMAN, base.computer, base.open_page, base.play_one, base.view

TABLE_GEOMETRY = (Path(__file__).parent / "table_geometry.js").read_text()
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESK = {"viewport": {"width": 1400, "height": 860}}

# The last play as the page draws it: each highlighted tile's key, the tile wrappers that slide
# in and their animation, the score tags (text and distance in px from their tile's centre), the
# player flashed.
DRAWN = """() => {
  const centre = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const lit = [...document.querySelectorAll('#table .domino.last-play')];
  const scores = [...document.querySelectorAll('#table .score-tag')].map((tag) => {
    const tile = document.querySelector(`#table .domino[data-tile="${tag.dataset.tile}"]`);
    const [x, y] = centre(tag), [u, v] = centre(tile);
    return { text: tag.textContent, tile: tag.dataset.tile, px: Math.hypot(x - u, y - v),
      half: tile.getBoundingClientRect().height };
  });
  return {
    lit: lit.map((g) => g.dataset.tile),
    sliding: [...document.querySelectorAll('#table .arriving')].map((g) => getComputedStyle(g).animationName),
    scores,
    flashed: [...document.querySelectorAll('#players .player.moved')].map((p) => Number(p.dataset.seat)),
  };
}"""


def _key(tile: list[int]) -> str:
    return f"{min(tile)}-{max(tile)}"


def _until(page, predicate: str, limit: int = 300) -> dict:
    """Plays on (as test_browser.play_one) until `predicate`, a JS function of the view, holds."""
    for _ in range(limit):
        if page.evaluate(f"({predicate})(window.__state)"):
            return view(page)
        if not play_one(page):
            break
    raise AssertionError(f"never: {predicate}")


COMPUTER_LAID = "s => s.last_play && s.last_play.seat !== s.seat && s.last_play.tiles.length > 0"


def test_the_computers_last_tile_is_highlighted_slides_in_and_its_player_is_flashed(browser, server, shots):
    errors: list[str] = []
    made = server.table("draw", [HUMAN, computer()], seed=4)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, DESK)
    state = _until(page, COMPUTER_LAID)
    drawn = page.evaluate(DRAWN)
    last = state["last_play"]
    assert drawn["lit"] == [_key(t["tile"]) for t in last["tiles"]]
    assert drawn["sliding"] == ["tile-arrive"] * len(last["tiles"]), "a new tile slides into its place"
    assert drawn["flashed"] == [last["seat"]]
    page.wait_for_timeout(500)  # the tile settled in its place
    page.screenshot(path=shots / "last-play-highlighted.png")
    # A reload shows the same last play, still highlighted, but nothing slides or flashes again.
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    again = page.evaluate(DRAWN)
    assert (again["lit"], again["sliding"], again["flashed"]) == (drawn["lit"], [], [])
    assert not errors, errors


def test_with_reduced_motion_the_last_tile_is_highlighted_but_does_not_slide(browser, server):
    errors: list[str] = []
    made = server.table("draw", [HUMAN, computer()], seed=4)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, {**DESK, "reduced_motion": "reduce"})
    state = _until(page, COMPUTER_LAID)
    drawn = page.evaluate(DRAWN)
    assert drawn["lit"] == [_key(t["tile"]) for t in state["last_play"]["tiles"]]
    assert drawn["sliding"] == ["none"] * len(state["last_play"]["tiles"]), "no sliding with reduced motion"
    assert not errors, errors


def test_a_score_made_by_a_tile_is_shown_at_the_tile(browser, server, shots):
    errors: list[str] = []
    made = server.table("fives-and-threes", [HUMAN, computer()], seed=2)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, DESK)
    # The computer's play: then it is this seat's turn and the table waits (after this seat's own
    # play the computer's answer could be drawn between reading the state and reading the page).
    _until(page, "s => s.last_play && s.last_play.seat !== s.seat && s.last_play.points > 0")
    both = page.evaluate(f"() => ({{state: window.__state, drawn: ({DRAWN})()}})")  # one snapshot
    state, drawn = both["state"], both["drawn"]
    scored = [t for t in state["last_play"]["tiles"] if t["points"]]
    assert [(s["text"], s["tile"]) for s in drawn["scores"]] == [(f"+{t['points']}", _key(t["tile"])) for t in scored]
    for shown in drawn["scores"]:  # beside its tile: within two tile widths of its centre
        assert shown["px"] < 4 * shown["half"], shown
    page.wait_for_timeout(500)  # the tile settled, the tag shown in full
    page.screenshot(path=shots / "score-at-tile.png")
    assert not errors, errors


def test_crowded_places_on_a_phone_are_also_buttons_in_words_that_play(browser, server, shots):
    errors: list[str] = []
    seats = [HUMAN] + [computer()] * 7
    made = server.table("mexican-train-18", seats, {"match.rounds": "1"}, seed=5)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, PHONE)
    several = """s => s.current_player === s.seat && s.hand.some(([a, b]) => s.legal.filter((m) =>
      m.kind === 'play' && m.tile && m.tile[0] === Math.min(a, b) && m.tile[1] === Math.max(a, b)).length > 1)"""
    state = _until(page, several)
    plays = [m for m in state["legal"] if m["kind"] == "play"]
    tile = next(t for t in state["hand"] if sum(sorted(m["tile"]) == sorted(t) for m in plays) > 1)
    moves = [m for m in plays if sorted(m["tile"]) == sorted(tile)]
    # The whole hub in sight (a phone starts zoomed in to 30 px a tile, where its places do not crowd)
    page.tap("#zoom-fit")
    page.tap(f".hand-tile[data-tile='{tile[0]}-{tile[1]}']")
    page.wait_for_selector("#places button")
    words = page.eval_on_selector_all("#places button", "bs => bs.map((b) => b.textContent)")
    assert words == [f"{m.get('where') or m['text']}" for m in moves]
    lit = page.eval_on_selector_all("#table .target.hot", "gs => gs.map((g) => g.getAttribute('aria-label')).sort()")
    assert lit == sorted(f"Play here: {w}" for w in words)  # the same words where the places are marked
    shape = page.evaluate(TABLE_GEOMETRY)
    assert shape["places"] == len(moves) and shape["place_overlaps"] == 0, shape
    assert "unused" not in page.get_attribute("#table .domino.engine", "class")  # every train grows from it
    page.screenshot(path=shots / "crowded-hub-places.png")
    page.tap("#places button >> nth=-1")  # the last place named plays there
    page.wait_for_function(f"window.__state.version > {state['version']}")
    arms = {arm["id"]: arm for arm in view(page)["layout"]["arms"]}
    assert sorted(tile) in [sorted(t) for t in arms[moves[-1]["arm"]]["tiles"]], "the tile went where the button said"
    assert page.locator("#places button").count() == 0, "the buttons go with the choice"
    assert not errors, errors


def test_basic_trains_draw_each_private_trains_starting_double(browser, server, shots):
    errors: list[str] = []
    seats = [HUMAN] + [computer()] * 3
    made = server.table("basic-trains", seats, {"match.target": "30"}, seed=3)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, DESK)
    owners = """s => new Set(s.layout.arms.map((a) => a.owner)).size === s.seats.length
      && s.layout.arms.some((a) => a.tiles.length > 1)"""
    state = _until(page, owners)
    roots = sorted({_key(arm["root"]) for arm in state["layout"]["arms"]})
    feet = sorted(page.eval_on_selector_all("#table .domino.foot", "gs => gs.map((g) => g.dataset.tile)"))
    assert feet == roots and len(roots) == 4, "each player's own double is drawn at the foot of their trains"
    # The hub has no engine (layout.engine: none): nothing is drawn in its centre.
    assert page.locator("#table .domino.engine").count() == 0
    shape = page.evaluate(TABLE_GEOMETRY)
    assert (shape["overlaps"], shape["outside"]) == (0, 0), shape
    page.wait_for_timeout(500)  # the last tile settled in its place
    page.screenshot(path=shots / "basic-trains-private-doubles.png")
    assert not errors, errors
