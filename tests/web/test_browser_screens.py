"""The table on any screen, in a real browser (Debian's Chromium through playwright, as
tests/web/test_browser.py): a phone (390×844, touch) plays a match to its end by tapping, a small
laptop (1280×720) shows the whole table without scrolling, the keyboard alone plays, text keeps
its contrast, and the start page shows only the controls the chosen rules use.

Screenshots: phone-draw.png, phone-mexican-train-hub.png, phone-start.png, phone-start-how-to-play.png,
laptop-1280-start-how-to-play.png,
laptop-1280-mexican-train-8.png, laptop-1280-straight.png (where `shots` says)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web import hand_moves as hm
from tests.web import test_browser as base

browser, server, shots = base.browser, base.server, base.shots  # the fixtures, by name
HUMAN, computer, open_page, play_one, view = base.HUMAN, base.computer, base.open_page, base.play_one, base.view

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1280, "height": 720}}
TOUCH = 40  # CSS px: the smallest touch target a finger hits reliably
TABLE_GEOMETRY = (Path(__file__).parent / "table_geometry.js").read_text()

# The sizes a player meets, measured in the page: how wide the page scrolls, the table's drawn
# box, the smallest hand tile, the smallest thing to tap (hand tiles, shown buttons, lit places).
MEASURE = """() => {
  const box = (el) => el.getBoundingClientRect();
  const shown = (el) => { const r = box(el);
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const area = box(document.getElementById('table-area'));
  const tiles = [...document.querySelectorAll('#hand .hand-tile')].map(box);
  const buttons = [...document.querySelectorAll('.bottom button, .topbar button, .target.hot')].filter(shown).map(box);
  const small = (rs) => rs.length ? Math.min(...rs.map((r) => Math.min(r.width, r.height))) : null;
  const side = document.querySelector('.side-panel');
  const bottom = (sel) => { const e = document.querySelector(sel); return e && shown(e) ? box(e).bottom : 0; };
  return {
    scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    width: window.innerWidth, height: window.innerHeight,
    table: { left: area.left, top: area.top, width: area.width, height: area.height },
    tile: small(tiles), target: small([...tiles, ...buttons]),
    handBottom: Math.max(0, ...tiles.map((r) => r.bottom)),
    controlsBottom: Math.max(bottom('.controls'),
      ...[...document.querySelectorAll('.controls button')].filter(shown).map((b) => box(b).bottom)),
    sideBeside: shown(side) && box(side).left >= area.right - 1 && box(side).top < area.bottom,
    // the top bar's items drawn over one another, or text running out of its own box over its
    // neighbour (the title ends in "…" instead): by id or tag
    barOverlaps: (() => {
      const items = [...document.querySelectorAll('.topbar > *')].filter(shown);
      const name = (el) => el.id || el.tagName.toLowerCase();
      const out = [];
      items.forEach((el, i) => {
        const r = box(el);
        const clipped = getComputedStyle(el).textOverflow === 'ellipsis';
        if (!clipped && el.scrollWidth > el.clientWidth + 1) out.push(name(el) + ' overflows');
        items.slice(i + 1).forEach((other) => { const q = box(other);
          if (Math.min(r.right, q.right) - Math.max(r.left, q.left) > 1
              && Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 1) out.push(name(el) + '/' + name(other)); });
      });
      return out;
    })(),
  };
}"""


def _tap_one(page, touch: bool = True) -> bool:
    """One move by tapping, as on a phone (or clicking), each lit place checked big enough to tap."""
    return play_one(page, touch, before_place=_lit_places_big_enough if touch else None)


def _lit_places_big_enough(page) -> None:
    measured = page.evaluate(MEASURE)
    assert measured["target"] >= TOUCH, f"a lit place is {measured['target']:.0f} px: too small to tap"


def _assert_phone_fits(measured: dict) -> None:
    assert measured["scrollWidth"] <= measured["width"], f"the page scrolls sideways: {measured}"
    table = measured["table"]
    assert table["width"] >= measured["width"] - 2, f"the table is not the full width: {measured}"
    assert table["height"] >= 0.4 * measured["height"], f"the table is a strip: {measured}"
    assert measured["tile"] >= TOUCH and measured["target"] >= TOUCH, f"too small to tap: {measured}"
    assert not measured["sideBeside"], "on a phone the last actions go under the table or behind a button"
    assert measured["barOverlaps"] == [], f"the top bar's items overlap: {measured['barOverlaps']}"


def test_phone_plays_a_draw_match_to_its_end_by_tapping(browser, server, shots):
    errors: list[str] = []
    made = server.table("draw", [HUMAN, computer()], {"match.target": "10"}, seed=11)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, PHONE)
    measured = page.evaluate(MEASURE)
    print("phone draw at the start:", measured)
    _assert_phone_fits(measured)
    moves, smallest_half = 0, 99.0
    while moves < 3000 and _tap_one(page):  # a wait for the computer counts as a step too
        moves += 1
        if not page.locator("#round-end").is_visible():
            shape = page.evaluate(TABLE_GEOMETRY)
            assert (shape["outside"], shape["overlaps"]) == (0, 0), shape
            if shape["tiles"]:
                smallest_half = min(smallest_half, shape["half"])
            _assert_phone_fits(page.evaluate(MEASURE))
        if moves == 6:
            page.screenshot(path=shots / "phone-draw.png")
    assert view(page)["over"], "the match ended by tapping"
    print("phone draw: smallest half drawn", smallest_half)
    assert smallest_half >= 14, f"a tile's half is drawn {smallest_half:.1f} px wide on the phone"
    base.assert_card_fits(page)  # the match's end and its score sheet, every column
    # The last actions are one line under the table, the latest; one tap opens them all.
    page.locator("#round-end-close").tap()
    lines = page.locator("#last-actions li")
    assert lines.count() > 2 and lines.last.is_visible() and not lines.first.is_visible()
    page.locator("#log-toggle").tap()
    assert lines.first.is_visible() and page.get_attribute("#log-toggle", "aria-expanded") == "true"
    _assert_phone_fits(page.evaluate(MEASURE))
    assert not errors, errors


def test_phone_crowded_hub_stays_playable(browser, server, shots):
    errors: list[str] = []
    seats = [HUMAN] + [computer("random")] * 7
    made = server.table("mexican-train", seats, {"match.rounds": "1"}, seed=3)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, PHONE)
    moves = 0
    while moves < 400 and _tap_one(page) and view(page)["round_end"] is None:
        moves += 1
        if moves % 4 == 0:
            measured = page.evaluate(MEASURE)
            _assert_phone_fits(measured)
            shape = page.evaluate(TABLE_GEOMETRY)
            assert (shape["outside"], shape["overlaps"]) == (0, 0), shape
        laid = sum(len(arm["tiles"]) for arm in view(page)["layout"]["arms"])
        if laid >= 45:
            break
    assert laid >= 45, f"only {laid} tiles were laid: the hub never got crowded"
    page.screenshot(path=shots / "phone-mexican-train-hub.png")
    print("phone hub:", page.evaluate(MEASURE), page.evaluate(TABLE_GEOMETRY))
    assert not errors, errors


def test_trick_game_keeps_its_phone_layout_at_a_table_of_four_people(browser, server, shots):
    """A 42 table of four people on a phone: the creator's offers to let a computer play a seat are
    one "Seats…" menu, not four rows of buttons, so the table keeps its height; the menu opens,
    hands a seat to a computer, offers it back, and Esc closes it (focus back on its button)."""
    errors: list[str] = []
    made = server.table("texas-42-house", [HUMAN] * 4, {}, seed=4)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, PHONE)
    page.click("#name-skip")
    measured = page.evaluate(MEASURE)
    assert measured["scrollWidth"] <= measured["width"], measured
    assert page.locator("#trick-table").is_visible() and page.locator(".spot").count() == 4
    assert page.locator("#trick-score").is_visible(), "a trick game's score of the hand stays in sight"
    assert measured["table"]["height"] >= 0.4 * measured["height"], f"the table is a strip: {measured}"
    assert page.locator("#seat-controls .stand-in").locator("visible=true").count() == 0  # all in the menu
    page.click("#seats-button")
    items = page.locator("#seats-menu .stand-in")
    assert items.locator("visible=true").count() == 4
    others = [f"A computer plays for Player {n}" for n in (2, 3, 4)]
    assert items.all_inner_texts() == ["Let a computer play for me", *others]
    assert page.evaluate(MEASURE)["scrollWidth"] <= 390  # the open menu stays on the screen
    page.screenshot(path=shots / "phone-42-seats-menu.png")
    page.click("#seats-menu .stand-in[data-seat='1']")
    page.wait_for_selector("#players .player[data-seat='1'] .stand-in-note")
    assert page.locator("#seats-menu").is_hidden()  # a choice made closes the menu
    page.focus("#seats-button")
    page.keyboard.press("Enter")
    assert page.locator("#seats-menu").is_visible()
    assert page.inner_text("#seats-menu .stand-in[data-seat='1']") == "Give Player 2 their seat back"
    page.keyboard.press("Escape")
    assert page.locator("#seats-menu").is_hidden()
    assert page.evaluate("document.activeElement.id") == "seats-button"
    page.click("#seats-button")
    page.click("#seats-menu .stand-in[data-seat='1']")  # Player 2 takes their seat back
    page.wait_for_function("window.__state.seats[1].stand_in === null")
    # Seat 0 bids and names trumps: on the phone every bid, trumps and contract can be tapped.
    table, tokens = made["table"], [seat["token"] for seat in made["seats"]]
    for _ in range(8):
        views = [server.get(f"/api/tables/{table}/state?token={token}") for token in tokens]
        mover = next(seat for seat, state in enumerate(views) if state["legal"])
        state = views[mover]
        if mover == 0:
            page.wait_for_function("v => window.__state.version >= v", arg=state["version"])
            hidden = page.evaluate(base.CHOICES_HIDDEN)
            assert hidden == [], f"a choice is hidden on the phone ({state['tricks']['phase']}): {hidden}"
            assert page.evaluate(MEASURE)["table"]["height"] >= 150, "the table is a strip"
            page.screenshot(path=shots / f"phone-42-{state['tricks']['phase']}.png")
            if state["tricks"]["phase"] == "declaring":
                assert page.locator("#choices .choice-trumps").count() == 11  # 9 trumps, nel-o and sevens
                break
        legal = state["legal"]
        move = next((m for m in legal if m["kind"] == "bid" and m["value"] == 42), None) if mover == 0 else None
        move = move or next(m for m in legal if m["kind"] == "pass")
        body = {"index": move["index"], "version": state["version"]}
        server.post(f"/api/tables/{table}/action?token={tokens[mover]}", body)
    else:
        raise AssertionError("seat 0 never named trumps")
    assert not errors, errors


def test_phone_start_page_wraps(browser, server, shots):
    errors: list[str] = []
    page = open_page(browser, server.base + "/", errors, PHONE)
    for variant in ("draw", "fives-and-threes", "texas-42"):
        page.select_option("#variant", variant)
        width = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
        assert width <= 390, f"the start page is {width} px wide on a 390 px phone ({variant})"
    page.select_option("#variant", "fives-and-threes")
    page.select_option("#players", "4")
    page.screenshot(path=shots / "phone-start.png", full_page=True)
    assert not errors, errors


def test_the_start_page_leads_a_newcomer_to_the_most_played_and_how_to_play(browser, server, shots):
    listed = server.get("/api/variants")
    groups = list(dict.fromkeys(v["group"] for v in listed))
    for context, name in ((PHONE, "phone"), (LAPTOP, "laptop-1280")):
        errors: list[str] = []
        page = open_page(browser, server.base + "/", errors, context)
        labels = page.eval_on_selector_all("#variant optgroup", "gs => gs.map((g) => g.label)")
        assert labels == groups
        options = page.eval_on_selector_all("#variant option", "os => os.map((o) => o.value)")
        assert options == [v["name"] for v in listed] and page.input_value("#variant") == "texas-42"
        how = page.locator("#variant-how-text")
        assert how.is_visible() and how.inner_text() == listed[0]["how_to_play"]
        rules = page.locator("#variant-rules")
        assert rules.get_attribute("open") is None and not page.locator("#variant-explain").is_visible()
        page.screenshot(path=shots / f"{name}-start-how-to-play.png")
        page.click("#variant-rules summary")  # the full rules one click away
        assert page.locator("#variant-explain").is_visible()
        assert page.inner_text("#variant-explain").startswith("Texas 42\n")
        page.select_option("#variant", "mexican-train")
        assert how.inner_text() == next(v["how_to_play"] for v in listed if v["name"] == "mexican-train")
        width = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
        assert width <= context["viewport"]["width"], f"the start page is {width} px wide ({name})"
        if context is PHONE:
            assert page.locator("#variant-rules summary").bounding_box()["height"] >= 44
        assert not errors, errors


@pytest.mark.parametrize(
    ("variant", "players", "settings", "shot"),
    [
        ("draw", 2, {}, None),
        ("straight", 3, {}, "laptop-1280-straight.png"),
        ("mexican-train", 4, {"match.rounds": "1"}, None),
        ("mexican-train-18", 8, {"match.rounds": "1"}, "laptop-1280-mexican-train-8.png"),
    ],
)
def test_small_laptop_shows_the_whole_table(browser, server, shots, variant, players, settings, shot):
    errors: list[str] = []
    made = server.table(variant, [HUMAN] + [computer("random")] * (players - 1), settings, seed=3)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, LAPTOP)
    for _ in range(12):
        measured = page.evaluate(MEASURE)
        print(variant, players, measured)
        assert measured["scrollWidth"] <= 1280, measured
        scroll = page.evaluate("document.scrollingElement.scrollHeight")
        assert scroll <= 720, f"the page scrolls: {scroll} px"
        cut = not 0 < measured["handBottom"] <= 720 or measured["controlsBottom"] > 720
        assert not cut, f"the hand or the controls are cut: {measured}"
        assert measured["table"]["height"] >= 300, measured
        if page.locator("#round-end").is_visible() or not _tap_one(page, touch=False):
            break
    if shot:
        page.screenshot(path=shots / shot)
    assert not errors, errors


def test_keyboard_alone_plays_a_round_with_visible_focus(browser, server):
    """Tab reaches the hand and the buttons, in reading order, each with a name and a visible
    focus ring; number keys and Enter play, d draws, p passes."""
    errors: list[str] = []
    made = server.table("draw", [HUMAN, computer()], {"match.target": "10", "match.rounds": "1"}, seed=21)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, LAPTOP)
    order = []
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement === document.body"):
            break  # past the last control: the browser's own bar comes next
        focused = page.evaluate("""() => { const e = document.activeElement; const s = getComputedStyle(e);
          return { id: e.id, cls: e.className && e.className.baseVal === undefined ? e.className : '',
                   name: e.getAttribute('aria-label') || e.textContent.trim(),
                   outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2,
                   size: Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height) }; }""")
        assert focused["name"], f"a focusable thing without a name: {focused}"
        assert focused["outline"] and focused["size"] >= 8, f"focus is not visible on {focused}"
        order.append(focused)
    kinds = [("hand" if "hand-tile" in f["cls"] else f["id"]) for f in order]
    assert "hint-button" in kinds and "hand" in kinds
    assert kinds.index("hint-button") < kinds.index("hand"), "the topbar comes before the hand, as it reads"
    # Into the hand by Tab, as a keyboard player gets there; then the keys play.
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('hand-tile')"):
            break
    else:
        raise AssertionError("Tab never reached the hand")
    version, moves = view(page)["version"], 0
    while not view(page)["over"] and view(page)["round_end"] is None and moves < 60:
        state = view(page)
        if state["current_player"] != state["seat"] or not state["legal"]:
            page.wait_for_timeout(100)
            continue
        hand = [f"{a}-{b}" for a, b in state["hand"]]
        tiles = [m for m in state["legal"] if m.get("tile")]
        if tiles:
            a, b = tiles[0]["tile"]
            key = str(hand.index(f"{a}-{b}") + 1) if f"{a}-{b}" in hand else str(hand.index(f"{b}-{a}") + 1)
            page.keyboard.press(key)
            page.keyboard.press("Enter")
        else:
            kinds_now = {m["kind"] for m in state["legal"]}
            page.keyboard.press("d" if "draw" in kinds_now else "m" if "marker" in kinds_now else "p")
        page.wait_for_function(
            "v => window.__state.version > v || window.__state.over", arg=state["version"], timeout=20000
        )
        moves += 1
    assert moves >= 3 and view(page)["version"] > version
    assert not errors, errors


CONTRAST = """() => {
  // Every element with text of its own: its colour against the background it is drawn on
  // (semi-transparent layers blended down to the first opaque one; the felt's gradient taken at
  // its lighter stop), as WCAG 2 computes the ratio.
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.backgroundImage && s.backgroundImage.includes('gradient')) { layers.push([31, 95, 63, 1]); break; }
      const c = parse(s.backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    if (!layers.length || layers[layers.length - 1][3] < 1) layers.push([255, 255, 255, 1]);
    let [r, g, b] = layers.pop();
    while (layers.length) {
      const [lr, lg, lb, a] = layers.pop();
      r = lr * a + r * (1 - a); g = lg * a + g * (1 - a); b = lb * a + b * (1 - a);
    }
    return [r, g, b];
  };
  const bad = [];
  let checked = 0;
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg') || el.closest('[hidden]') || el.closest('.visually-hidden')) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const r = el.getBoundingClientRect();
    if (!own || r.width === 0 || r.height === 0) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || Number(s.opacity) === 0) continue;
    const fg = parse(s.color);
    const bg = background(el);
    const a = fg[3];
    const mixed = [fg[0] * a + bg[0] * (1 - a), fg[1] * a + bg[1] * (1 - a), fg[2] * a + bg[2] * (1 - a)];
    const [l1, l2] = [lum(mixed), lum(bg)].sort((x, y) => y - x);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    checked++;
    const name = `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${el.className}`;
    if (ratio < 4.5) bad.push(`${name} "${el.textContent.trim().slice(0, 30)}": ${ratio.toFixed(2)}`);
  }
  return { checked, bad };
}"""


def test_text_keeps_its_contrast(browser, server):
    errors: list[str] = []
    start = open_page(browser, server.base + "/", errors, LAPTOP)
    found = start.evaluate(CONTRAST)
    assert found["checked"] > 10 and not found["bad"], found
    made = server.table("mexican-train", [HUMAN] + [computer()] * 3, {"match.rounds": "1"}, seed=3)
    for context in (LAPTOP, PHONE):
        page = open_page(browser, server.base + made["seats"][0]["link"], errors, context)
        page.keyboard.press("h")  # the hint's words are read on the panel too
        page.wait_for_selector("#hints li")
        found = page.evaluate(CONTRAST)
        assert found["checked"] > 5 and not found["bad"], found
    assert not errors, errors


def test_start_page_shows_only_the_controls_the_rules_use(browser, server):
    errors: list[str] = []
    page = open_page(browser, server.base + "/", errors, LAPTOP)
    listed = {v["name"]: v for v in server.get("/api/variants")}
    for name in ("draw", "fives-and-threes", "blind-hughie", "texas-42", "cuban", "mexican-train"):
        v = listed[name]
        page.select_option("#variant", name)
        for count in range(v["players"]["min"], min(v["players"]["max"], 5) + 1):
            page.select_option("#players", str(count))
            offered = v["teams_optional"] and count in v["team_counts"]
            assert page.locator("#teams").is_visible() == offered, (name, count)
            if offered:  # ticked as the file plays it unless chosen otherwise
                assert page.locator("#teams").is_checked() == (count in v["partners"]), (name, count)
        assert page.locator("#hand-size").is_visible() == (v["family"] != "tricks"), name
    # Partnerships chosen where the file plays singly: the table is made in teams.
    page.select_option("#variant", "blind-hughie")
    page.select_option("#players", "4")
    page.check("#teams")
    for seat in range(1, 4):
        page.select_option(f"#seat-{seat}", "greedy")
    page.select_option("#pace", "0")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("body[data-ready='1']")
    assert view(page)["sides"] == 2
    assert not errors, errors


def test_a_setting_the_page_cannot_read_is_said_not_dropped(browser, server):
    errors: list[str] = []
    page = open_page(browser, server.base + "/", errors, LAPTOP)
    page.select_option("#variant", "draw")
    page.select_option("#seat-1", "greedy")
    page.fill("#more-settings", "match.target 12")
    page.click("#create")
    page.wait_for_selector("#create-problems:not([hidden])")
    assert "match.target 12" in page.inner_text("#create-problems")
    assert "/table/" not in page.url
    assert not errors, errors


def test_a_counting_table_on_a_phone_shows_the_total_the_crib_and_the_starter(browser, server, shots):
    """Domino Cribbage on a phone: the crib laid by tapping tiles of the hand; then the running total
    and its limit, the starter, and the seat's own crib tiles named; a tap on a tile lays it."""
    made = server.table("domino-cribbage", [base.HUMAN, base.computer("counter")], seed=4)
    errors: list[str] = []
    page = base.open_page(browser, server.base + made["seats"][0]["link"], errors, PHONE)

    def lay() -> None:
        version = base.view(page)["version"]
        page.locator(".hand-tile.playable").first.click()
        page.wait_for_function("v => window.__state.version > v || window.__state.over", arg=version, timeout=20000)

    while base.view(page)["phase_kind"] == "crib":
        assert "face down into the crib" in page.inner_text("#status")
        lay()
    state = base.view(page)
    assert state["phase_kind"] == "counting" and state["tricks"]["turn_up"] is not None
    table = page.inner_text("#trick-table")
    assert "Starter" in table and "crib" in table and f"of {state['tricks']['limit']}" in table
    assert "null" not in table, "no missing control is drawn as a word"
    assert len(state["tricks"]["crib"]) == 2  # its own two, named
    lay()
    # The total drawn is the view's, once the page has drawn the view it holds (a computer may move meanwhile).
    drawn = "() => document.querySelector('.count-number').textContent.startsWith(String(window.__state.tricks.total))"
    page.wait_for_function(drawn, timeout=20000)
    page.screenshot(path=shots / "phone-domino-cribbage.png")
    assert not errors, errors


# Every control of the table is big enough for a finger on a phone: each shown, enabled button,
# select, link, input and lit place of a board at least 44×44 CSS px (WCAG 2.5.5's and Apple's
# target size). Tiles (of the hand, of a tableau) are tiles, not small controls: 44 px in one
# dimension is enough, as a domino is long and thin.
TARGET = 44  # CSS px

# Every shown, enabled control, named by a selector a person can find it by, with its size.
UNDERSIZED = """(target) => {
  const controls = 'button, select, input, a[href], [role=button], [tabindex]:not([tabindex="-1"]), .target.hot';
  const tiles = '.hand-tile, .tableau-tile';
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + [...el.classList].map((c) => '.' + c).join('') + (el.dataset.seat ? `[data-seat=${el.dataset.seat}]` : '');
  const under = (px) => px < target - 0.5; // a place's hit area is 44 px in table units, give or take a rounding
  const out = [];
  for (const el of document.querySelectorAll(controls)) {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || s.visibility === 'hidden' || el.disabled) continue;
    if (el.closest('[hidden]') || el.closest('.visually-hidden')) continue;
    const small = el.matches(tiles) ? under(Math.max(r.width, r.height)) : under(Math.min(r.width, r.height));
    if (small) out.push(`${name(el)} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
  }
  return out;
}"""


def _undersized(page, shots, shot: str) -> list[str]:
    page.screenshot(path=shots / shot)
    return page.evaluate(UNDERSIZED, TARGET)


def test_every_control_is_big_enough_to_tap_on_a_phone(browser, server, shots):
    errors: list[str] = []
    found: dict[str, list[str]] = {}
    # A layout game mid-round, played by tapping until a tile fits two places and both are lit.
    made = server.table("mexican-train", [HUMAN, computer()], {"match.rounds": "1"}, seed=3)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, PHONE)
    found["mexican train"] = _undersized(page, shots, "touch-mexican-train.png")

    def lit(page) -> None:
        found["mexican train, places lit"] = _undersized(page, shots, "touch-mexican-train-lit.png")

    for _ in range(60):
        if "mexican train, places lit" in found:
            break
        base.play_one(page, touch=True, before_place=lit)
    else:
        raise AssertionError("no tile fitted two places")
    # A trick game's auction, four people at the table, this seat to bid; the seats menu open too.
    made = server.table("texas-42", [HUMAN] * 4, seed=4)
    table, tokens = made["table"], [seat["token"] for seat in made["seats"]]
    for _ in range(4):
        views = [server.get(f"/api/tables/{table}/state?token={token}") for token in tokens]
        mover = next(seat for seat, state in enumerate(views) if state["legal"])
        if mover == 0:
            break
        state, passing = views[mover], next(m for m in views[mover]["legal"] if m["kind"] == "pass")
        server.post(
            f"/api/tables/{table}/action?token={tokens[mover]}",
            {"index": passing["index"], "version": state["version"]},
        )
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, PHONE)
    page.click("#name-skip")
    assert page.locator("#choices .choice-bid").count() > 1, "seat 0 bids"
    found["42 auction"] = _undersized(page, shots, "touch-42.png")
    page.click("#seats-button")
    found["42 seats menu"] = _undersized(page, shots, "touch-42-seats.png")
    # A patience's tableau.
    made = server.table("luzon", [HUMAN], seed=3)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, PHONE)
    found["luzon"] = _undersized(page, shots, "touch-luzon.png")
    offenders = {state: small for state, small in found.items() if small}
    assert not offenders, f"controls under {TARGET}x{TARGET} px on a phone: {offenders}"
    assert not errors, errors


# Your hand, your way (static/arrange.js): the hand rearranged by a drag (a mouse on a laptop, a
# finger on a phone), by taps in the Arrange mode, or by keys; the order survives a reload, and is
# the browser's alone (the seat's view is the server's order). Screenshots: hand-drag-1280.png (a
# drag under way), hand-arrange-phone.png (a tile lifted by a tap).
def test_a_hand_arranged_by_mouse_and_keys_on_a_laptop(browser, server, shots):
    errors: list[str] = []
    made = server.table("draw", [HUMAN, computer()], {"match.rounds": "1"}, seed=13)
    link = server.base + made["seats"][0]["link"]
    page = open_page(browser, link, errors, LAPTOP)
    assert hm.shown(page) == hm.served(page), "unarranged, the hand is in the server's order"
    # A drag of a playable tile with the mouse, on this seat's turn: the tile goes where it is
    # dropped, and nothing is played.
    start = hm.playable_at(page)
    end = 0 if start else 3
    version, before = view(page)["version"], hm.served(page)
    hm.mouse_drag(page, start, end, shot=shots / "hand-drag-1280.png")
    arranged = hm.moved(before, start, end)
    assert hm.shown(page) == arranged
    assert view(page)["version"] == version and hm.served(page) == before, "a drag plays nothing"
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert hm.shown(page) == arranged, "the order survives a reload"
    assert view(page)["hand"] == [[int(x) for x in t.split("-")] for t in before], "the server never hears of it"
    # The keyboard: Alt+→ moves the focused tile one place right, said to a screen reader; [ moves it back.
    tile = arranged[1]
    page.locator("#hand .hand-tile").nth(1).focus()
    page.keyboard.press("Alt+ArrowRight")
    assert hm.shown(page) == hm.moved(arranged, 1, 2)
    said = page.text_content("#arrange-words")
    high, low = sorted(map(int, tile.split("-")), reverse=True)
    assert said == f"Moved {high}-{low} to place 3 of {len(arranged)}.", said
    assert page.get_attribute("#arrange-words", "aria-live") == "polite"
    assert page.evaluate("document.activeElement.dataset.tile") == tile, "the focus goes with the tile"
    page.keyboard.press("[")
    assert hm.shown(page) == arranged and view(page)["version"] == version
    # A press that moves a little is a click: it plays the tile, or lights its places.
    hm.mouse_drag(page, hm.playable_at(page), 0, by=(3, 2))
    page.wait_for_function("v => window.__state.version > v || document.querySelector('.target.hot')", arg=version)
    # Plain clicks still play: a played tile leaves the order, a drawn one comes in at its end.
    left = drawn = False
    for _ in range(80):
        if left and drawn:
            break
        hand_before = hm.served(page)
        assert play_one(page), "the match ended before this seat both played and drew"
        hand = hm.served(page)
        left = left or any(t not in hand for t in hand_before)
        drawn = drawn or any(t not in hand_before for t in hand)
        if page.locator("#round-end").is_visible():
            break
        page.wait_for_function(f"() => ({hm.SHOWN})().length === window.__state.hand.length")
        assert hm.shown(page) == hm.kept_then_new(arranged, hand), (arranged, hand_before, hand, hm.shown(page))
        arranged = hm.shown(page)
    assert left and drawn, "this seed's first round has this seat play a tile and draw one"
    assert hm.shown(page) != hm.served(page), "the order is still the player's own"
    # Sort: the server's order again.
    page.click("#sort-hand")
    assert hm.shown(page) == hm.served(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert hm.shown(page) == hm.served(page) and not page.locator("#sort-hand").is_visible()
    assert not errors, errors


def test_a_hand_arranged_by_a_finger_and_by_taps_on_a_phone(browser, server, shots):
    errors: list[str] = []
    made = server.table("draw", [HUMAN, computer()], {"match.rounds": "1"}, seed=5)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, PHONE)
    # A finger's drag of a playable tile moves it, plays nothing, and scrolls nothing.
    start = hm.playable_at(page)
    end = 0 if start else 4
    version, before = view(page)["version"], hm.served(page)
    hm.touch_drag(page, start, end)
    arranged = hm.moved(before, start, end)
    assert hm.shown(page) == arranged and page.evaluate("scrollY") == 0 and view(page)["version"] == version
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert hm.shown(page) == arranged
    # The Arrange mode: a tap lifts a tile, a tap on another puts it at that place; nothing is played.
    page.locator("#arrange").tap()
    assert page.get_attribute("#arrange", "aria-pressed") == "true"
    assert "paused" in page.text_content("#arrange-words")
    playable = page.locator("#hand .hand-tile.playable").first
    start = hm.shown(page).index(playable.get_attribute("data-tile"))
    end = 0 if start else len(arranged) - 1
    playable.tap()
    page.screenshot(path=shots / "hand-arrange-phone.png")
    page.locator("#hand .hand-tile").nth(end).tap()
    arranged = hm.moved(arranged, start, end)
    assert hm.shown(page) == arranged and view(page)["version"] == version, "arranging plays nothing"
    box = page.locator("#arrange").bounding_box()
    assert box and min(box["width"], box["height"]) >= 44
    # Done: a tap plays again.
    page.locator("#arrange").tap()
    assert page.get_attribute("#arrange", "aria-pressed") == "false"
    assert play_one(page, touch=True) and view(page)["version"] > version
    assert not errors, errors
