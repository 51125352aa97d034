"""End-to-end tests in a real browser: Debian's Chromium driven by the Python `playwright` package.

They start the real server (`python cli.py serve`) as a subprocess and play whole matches by
clicking, as a person would. Screenshots of the table go to $DOMINO_SCREENSHOTS, or else to
tests/web/screenshots/ (ignored by git), so a person can look at them.

Without Chromium (or playwright) they skip locally, with how to install it; with CI set they fail.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip
HOW = "install it with `apt-get install -y chromium` and `pip install -e '.[test]'`"


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing"
    if shutil.which("chromium") is None:
        return "Chromium is missing"
    return None


@pytest.fixture(scope="module")
def browser():
    missing = _missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{missing}: browser tests never skip in CI ({HOW})")
        pytest.skip(f"{missing}: {HOW}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def shots() -> Path:
    folder = Path(os.environ.get("DOMINO_SCREENSHOTS") or ROOT / "tests" / "web" / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, state_dir: Path) -> None:
        self.state_dir = state_dir
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.log = state_dir.parent / "server.log"

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "cli.py", "serve", "--port", str(self.port), "--state-dir", str(self.state_dir)],
                cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
            )  # fmt: skip
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server stopped: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.base + "/api/variants", timeout=2):
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        raise AssertionError(f"the server did not answer within 30 s: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(
            self.base + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.load(answer)

    def get(self, path: str) -> dict:
        with urllib.request.urlopen(self.base + path, timeout=60) as answer:
            return json.load(answer)

    def table(self, variant: str, seats: list[dict], settings: dict | None = None, seed: int = 7) -> dict:
        body = {"variant": variant, "players": len(seats), "seats": seats, "settings": settings or {}, "seed": seed,
                "pace_ms": 0}  # fmt: skip
        return self.post("/api/tables", body)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    base = tmp_path_factory.mktemp("web")
    running = Server(base / "state")
    running.start()
    yield running
    running.kill()


HUMAN = {"kind": "human"}


def computer(strength: str = "greedy") -> dict:
    return {"kind": "computer", "strength": strength}


def open_page(browser, url: str, errors: list[str], context: dict | None = None):
    """A page at `url` (1400x860, or in a new browser context of `context`: a phone, reduced motion),
    its script errors collected in `errors`, once it says it is ready."""
    desk = {"viewport": {"width": 1400, "height": 860}}
    page = browser.new_context(**(context or desk)).new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=15000)
    return page


def view(page) -> dict:
    return page.evaluate("window.__state")


def play_one(page, touch: bool = False, before_place=None) -> bool:
    """One move by clicking (or tapping: `touch`), if it is this seat's turn: a playable tile (and a
    lit place if it fits several; `before_place(page)` first, to check what is lit), else the draw,
    marker or pass button; a round's end continued. False when the match is over."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    def press(locator) -> None:
        locator.tap() if touch else locator.click()

    # The state first, then the card it drew: a round's end arriving between the two would
    # otherwise leave its card over the next round's hand.
    state = view(page)
    overlay = page.locator("#round-end")
    if overlay.is_visible():
        if page.locator("#match-winner").count():
            return False
        press(page.locator("#round-end-close"))
        # A kept round's end closes once the server answers the continue (the button is disabled
        # meanwhile): wait for that, lest the next look finds it still up and clicks it again.
        page.wait_for_function(
            "() => document.getElementById('round-end').hidden || !document.getElementById('round-end-close').disabled"
        )
        return True
    if state["over"]:
        return False
    if state["current_player"] != state["seat"] or not state["legal"]:
        page.wait_for_timeout(100)
        return True
    version = state["version"]
    tiles = page.locator(".hand-tile.playable")
    if tiles.count():
        try:
            tiles.first.tap(timeout=3000) if touch else tiles.first.click(timeout=3000)
        except PlaywrightTimeout:
            # A computer's move ended the round between the look at the overlay and the click: the
            # round-end summary now covers the hand, and the next call closes it.
            if overlay.is_visible():
                return True
            raise
        page.wait_for_function(
            "v => window.__state.version > v || window.__state.over || document.querySelector('.target.hot')",
            arg=version,
        )
        if view(page)["version"] == version and not view(page)["over"]:
            lit = page.locator(".target.hot")
            assert lit.count() >= 2, "a tile that fits several places lights them up"
            if before_place is not None:
                before_place(page)
            press(lit.first)
    else:
        for button in ("#draw", "#marker", "#pass"):
            if page.locator(button).is_visible():
                press(page.locator(button))
                break
        else:
            raise AssertionError(f"no tile fits and no draw/pass/marker button: {state['legal']}")
    page.wait_for_function(f"window.__state.version > {version} || window.__state.over", timeout=20000)
    return True


def play_match(page, shots: Path, name: str, limit: int = 600, moments=(3, 15)) -> int:
    moves = 0
    while moves < limit and play_one(page):
        moves += 1
        if moves in moments:
            page.screenshot(path=shots / f"{name}-move{moves:03d}.png")
    assert view(page)["over"], f"{name}: the match did not end in {limit} moves"
    page.wait_for_selector("#match-winner")
    page.screenshot(path=shots / f"{name}-match-end.png")
    # The server ends the live stream with `event: over`; the page closes it rather than reconnect.
    page.wait_for_function("window.__events && window.__events.readyState === EventSource.CLOSED", timeout=10000)
    return moves


# What a shown summary card (a round's end, the scores so far) cuts off on the right: each table
# whose right edge runs past the card's content box, or a card that scrolls sideways.
CARD_CUTS = """() => [...document.querySelectorAll('.overlay:not([hidden]) .card')].flatMap((card) => {
  const style = getComputedStyle(card);
  const inner = parseFloat(style.paddingRight) + parseFloat(style.borderRightWidth);
  const past = (t) => Math.round(t.getBoundingClientRect().right - (card.getBoundingClientRect().right - inner));
  const cut = [...card.querySelectorAll('table')].filter((t) => past(t) > 1)
    .map((t) => `${t.className}: ${past(t)} px cut`);
  const wide = card.scrollWidth > card.clientWidth + 1;
  return wide ? [...cut, `the card scrolls sideways (${card.scrollWidth} > ${card.clientWidth})`] : cut;
})"""


# The choices (bids, trumps, contracts) a page shows that a tap cannot reach: off the screen, or
# under something else at their middle (the table drawn over the bottom bar).
CHOICES_HIDDEN = """() => [...document.querySelectorAll('#choices button')].filter((b) => {
  const r = b.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return true;
  const at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return !(at && b.contains(at));
}).map((b) => b.textContent)"""


def assert_card_fits(page) -> None:
    """The summary card shown on `page` shows every column of its tables, on the screen's width."""
    cuts = page.evaluate(CARD_CUTS)
    assert cuts == [], f"the card cuts off its tables: {cuts}"


def assert_dom_hand_is(page, hand: list[list[int]]) -> None:
    shown = sorted(page.eval_on_selector_all(".hand-tile", "els => els.map(e => e.dataset.tile)"))
    assert shown == sorted(f"{a}-{b}" for a, b in hand)


def test_draw_match_from_the_start_page(browser, server, shots):
    errors: list[str] = []
    page = open_page(browser, server.base + "/", errors)
    page.select_option("#variant", "draw")
    assert "Draw" in page.text_content("#variant-explain")  # folded under "Full rules" until opened
    page.select_option("#players", "2")
    page.select_option("#seat-1", "greedy")
    page.fill("#target", "12")
    page.select_option("#pace", "0")
    page.fill("#seed", "11")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("body[data-ready='1']")
    page.screenshot(path=shots / "draw-start.png")
    assert page.locator(".hand-tile svg[role=img][aria-label^='[']").count() == len(view(page)["hand"])
    moves = play_match(page, shots, "draw")
    assert moves > 3
    assert not errors, errors


def test_own_rules_uploaded_as_two_files_validate_as_one_types_and_play(browser, server, shots):
    errors: list[str] = []
    page = open_page(browser, server.base + "/", errors)
    page.check("input[name=source][value=own]")
    base = b"name: club\nextends: draw\nmatch: {targt: 9}\n"
    house = b"name: house\nextends: ./club.yaml\ndeal: {hand_size: 6}\n"
    page.set_input_files("#rules-file", [
        {"name": "house.yaml", "mimeType": "text/yaml", "buffer": house},
        {"name": "club.yaml", "mimeType": "text/yaml", "buffer": base},
    ])  # fmt: skip
    # The game is the file no other one extends; the base's problem is shown in the base, with its caret.
    page.wait_for_selector("#rules-main-box:not([hidden])")  # the files are read asynchronously
    assert page.input_value("#rules-main") == "house.yaml"
    page.wait_for_selector("#rules-problems:not([hidden])")
    assert page.inner_text("#rules-problems").startswith("club.yaml:3:")
    page.select_option("#rules-main", "club.yaml")
    page.fill("#rules-text", base.decode().replace("targt", "target"))
    page.select_option("#rules-main", "house.yaml")
    page.wait_for_selector("#rules-status .ok")
    page.select_option("#seat-1", "greedy")
    page.select_option("#pace", "0")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("body[data-ready='1']")
    assert len(view(page)["hand"]) == 6 and "first to 9" in page.inner_text("#round-info")
    page.screenshot(path=shots / "own-rules-two-files.png")
    assert not errors, errors


def test_straight_spinner_match(browser, server, shots):
    errors: list[str] = []
    made = server.table("straight", [HUMAN, computer(), computer("random")], {"match.target": "30"}, seed=5)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors)
    moves, spun, hinted = 0, False, False
    while moves < 600:
        state = view(page)
        choices = {m["text"] for m in state["legal"]}
        if not hinted and state["current_player"] == state["seat"] and len(choices) > 1:
            hinted = True  # the strongest player's hint, with how its moves did in the playouts
            page.keyboard.press("h")
            page.wait_for_selector("#hints li")
            first = page.inner_text("#hints li:first-child")
            assert any(first.startswith(text) for text in choices) and "% of the rounds" in first
            assert page.inner_text("#status").startswith("Hint: ")
            page.screenshot(path=shots / "straight-hint.png")
            page.keyboard.press("Enter")  # the hint selected its move: Enter plays it
            page.wait_for_function(f"window.__state.version > {state['version']}", timeout=20000)
        elif not play_one(page):
            break
        moves += 1
        layout = view(page)["layout"]
        if not spun and any(arm["kind"] == "side" and arm["tiles"] for arm in layout["arms"]):
            spun = True
            page.screenshot(path=shots / "straight-spinner.png")
            assert page.locator(".domino.spinner").count() >= 1
    assert view(page)["over"]
    assert spun, "a spinner's side arm carried a tile at some point"
    assert hinted, "a turn with a choice came, and the hint was asked for"
    page.screenshot(path=shots / "straight-match-end.png")
    assert not errors, errors


def test_mexican_train_hub_with_markers(browser, server, shots):
    errors: list[str] = []
    seats = [HUMAN, computer(), computer("random"), computer()]
    made = server.table("mexican-train", seats, {"match.rounds": "1", "deal.hand_size": "8"}, seed=3)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors)
    assert page.locator(".hub").count() == 1 and page.locator(".domino.engine").count() == 1
    moves, marked = 0, False
    while play_one(page) and moves < 600:
        moves += 1
        if moves == 4:
            page.screenshot(path=shots / "mexican-train-early.png")
        if not marked and any(arm["marker"] for arm in view(page)["layout"]["arms"]):
            marked = True
            assert page.locator(".train-label.marked").count() >= 1
            page.screenshot(path=shots / "mexican-train-marker.png")
    assert view(page)["over"]
    page.screenshot(path=shots / "mexican-train-match-end.png")
    assert marked, "some train had a marker on it during the round"
    assert not errors, errors


TABLE_GEOMETRY = (Path(__file__).parent / "table_geometry.js").read_text()  # evaluated in the page


def test_double_eighteen_with_eight_players_stays_readable(browser, server, shots):
    errors: list[str] = []
    seats = [HUMAN] + [computer("random")] * 7
    made = server.table("mexican-train-18", seats, {"match.rounds": "1"}, seed=3)
    page = open_page(browser, server.base + made["seats"][0]["link"], errors)
    moves = 0
    while moves < 400 and play_one(page) and view(page)["round_end"] is None:
        moves += 1
        if moves % 5 == 0:
            shape = page.evaluate(TABLE_GEOMETRY)
            assert (shape["outside"], shape["overlaps"]) == (0, 0), shape
            assert shape["half"] >= 8, f"a tile's half is drawn {shape['half']:.1f} px wide: too small to read"
            page.screenshot(path=shots / "mexican-train-18-eight-players.png")  # the last is the most crowded
    laid = sum(len(arm["tiles"]) for arm in view(page)["layout"]["arms"])
    assert laid >= 30, f"only {laid} tiles were laid: the table never got crowded"
    assert not errors, errors


def test_two_people_at_one_table_each_see_only_their_hand(browser, server, shots):
    made = server.table("draw", [HUMAN, HUMAN], {"match.target": "10"}, seed=21)
    links = {s["seat"]: s for s in made["seats"]}
    errors: list[str] = []
    contexts = [browser.new_context(viewport={"width": 1300, "height": 820}) for _ in range(2)]
    pages = []
    for seat, context in enumerate(contexts):
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.base + links[seat]["link"])
        page.wait_for_selector("body[data-ready='1']")
        pages.append(page)
    for move in range(12):
        hands = [server.get(f"/api/tables/{made['table']}/state?token={links[s]['token']}")["hand"] for s in (0, 1)]
        for seat, page in enumerate(pages):
            page.wait_for_function(
                "v => window.__state.version >= v",
                arg=server.get(f"/api/tables/{made['table']}/state?token={links[seat]['token']}")["version"],
            )
            assert_dom_hand_is(page, hands[seat])
            other = {f"[{a}|{b}]" for a, b in hands[1 - seat]}
            labels = set(
                page.eval_on_selector_all(".hand-tile svg", "els => els.map(e => e.getAttribute('aria-label'))")
            )
            assert not labels & other
        turn = view(pages[0])["current_player"]
        if turn is None or view(pages[0])["over"]:
            break
        before = view(pages[1 - turn])["version"]
        play_one(pages[turn])
        # the other browser hears of it live, without reloading
        pages[1 - turn].wait_for_function(f"window.__state.version > {before}", timeout=10000)
        if move == 5:
            pages[0].screenshot(path=shots / "two-seats-seat1.png")
            pages[1].screenshot(path=shots / "two-seats-seat2.png")
    for context in contexts:
        context.close()
    assert not errors, errors


def test_server_restart_in_the_middle(browser, server, shots):
    made = server.table("draw", [HUMAN, computer()], {"match.target": "40"}, seed=9)
    errors: list[str] = []
    page = open_page(browser, server.base + made["seats"][0]["link"], errors)
    for _ in range(6):
        play_one(page)
    # Only while it is this seat's turn is the table still: on the computer's turn its move may be
    # saved between this look and the kill (the test failed so under load).
    page.wait_for_function("window.__state.current_player === window.__state.seat || window.__state.over")
    before = view(page)
    server.kill()
    server.start()
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    after = view(page)
    for key in ("hand", "layout", "scores", "round", "current_player", "boneyard_count"):
        assert after[key] == before[key], key
    assert_dom_hand_is(page, after["hand"])
    page.screenshot(path=shots / "restart-after.png")
    for _ in range(3):
        play_one(page)
    assert view(page)["version"] > before["version"]


def test_replay_viewer_steps_through_a_save(browser, server, shots):
    made = server.table("draw", [computer(), computer("random")], {"match.target": "10"}, seed=4)
    save = server.state_dir / f"{made['table']}.json"
    assert save.is_file()
    errors: list[str] = []
    page = open_page(browser, server.base + "/static/replay.html", errors)
    page.set_input_files("#replay-file", str(save))
    page.wait_for_function("document.getElementById('step-info').textContent.startsWith('step 0')")
    for _ in range(5):
        page.click("#forward")
    page.wait_for_function("document.getElementById('step-info').textContent.startsWith('step 5')")
    assert page.locator("#table .domino").count() >= 1
    page.screenshot(path=shots / "replay-step5.png")
    page.click("#back")
    page.wait_for_function("document.getElementById('step-info').textContent.startsWith('step 4')")
    assert not errors, errors


def test_the_table_page_loads_in_a_bounded_number_of_requests(browser, server):
    """What a page's load costs (31 requests in December 2026: the page, its style, 27 modules, a
    state, a stream), in work a loaded machine does not stretch: the requests it makes and
    the bytes it reads (its time is measured in bench/page_times.py, never here). One state, one live
    stream, its modules once each: a module imported twice, or a state fetched again and again, shows."""
    made = server.table("mexican-train", [HUMAN, computer()], {"match.rounds": "1"})
    errors: list[str] = []
    context = browser.new_context(viewport={"width": 1400, "height": 860})
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url.removeprefix(server.base).split("?")[0]))
    page.goto(server.base + made["seats"][0]["link"])
    page.wait_for_selector("body[data-ready='1']", timeout=15000)
    scripts = [url for url in asked if url.endswith(".js")]
    assert len(scripts) == len(set(scripts)), f"a module fetched twice: {sorted(scripts)}"
    assert asked.count(f"/api/tables/{made['table']}/state") <= 1, asked
    assert asked.count(f"/api/tables/{made['table']}/events") == 1, asked
    assert len(asked) <= 48, f"the page made {len(asked)} requests to load: {asked}"
    assert not errors, errors
    context.close()


def _turn_page(pages: dict, table: str, tokens: dict[int, str], server) -> tuple[int, object] | None:
    """The human seat whose turn it is and its page, once that page shows it; None when the match is over."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        states = {seat: server.get(f"/api/tables/{table}/state?token={token}") for seat, token in tokens.items()}
        some = next(iter(states.values()))
        if some["over"]:
            return None
        for seat, state in states.items():
            if state["legal"]:
                page = pages[seat]
                page.wait_for_function("v => window.__state.version >= v", arg=state["version"], timeout=10000)
                return seat, page
        time.sleep(0.05)
    raise AssertionError("no human seat came to move within 20 s")


def _dismiss(page) -> None:
    if page.locator("#round-end").is_visible():
        page.click("#round-end-close")


def test_texas_42_with_two_people_and_two_computers(browser, server, shots):
    """A 42 table made on the start page (two people, two computers, a link each), played by
    clicking through the bidding, the declaration, tricks (a refused tile says the engine's reason)
    and the end of the hand, with screenshots at each, a phone-sized one too."""
    errors: list[str] = []
    start = open_page(browser, server.base + "/", errors)
    start.select_option("#variant", "texas-42")
    assert start.locator("#teams-box").is_hidden() and start.locator("#hand-size-box").is_hidden()
    assert "seats 1 & 3 against seats 2 & 4" in start.inner_text("#partners-note")
    for seat, kind in enumerate(["human", "greedy", "human", "greedy"]):
        start.select_option(f"#seat-{seat}", kind)
    start.select_option("#pace", "0")
    start.fill("#seed", "3")
    start.click("#create")
    start.wait_for_selector("#links-box:not([hidden])")
    links = {int(a.get_attribute("data-seat")): a.get_attribute("href") for a in start.locator(".seat-link").all()}
    assert sorted(links) == [0, 2]
    tokens = {seat: link.split("token=")[1] for seat, link in links.items()}
    table = links[0].split("/table/")[1].split("?")[0]
    start.close()
    contexts = [browser.new_context(viewport={"width": 1400, "height": 860}) for _ in range(2)]
    pages: dict[int, object] = {}
    for seat, context in zip((0, 2), contexts, strict=True):
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(links[seat])
        page.wait_for_selector("body[data-ready='1']")
        pages[seat] = page
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    phone.on("pageerror", lambda error: errors.append(str(error)))
    phone.goto(links[0])
    phone.wait_for_selector("body[data-ready='1']")
    # No layout is drawn for a trick game: the seats around the trick instead, the viewer South.
    first = pages[0]
    assert first.locator("#table").is_hidden() and first.locator("#trick-table").is_visible()
    assert first.locator(".spot.pos-S").get_attribute("data-seat") == "0"
    assert first.locator(".spot.pos-N").get_attribute("data-seat") == "2"  # the partner, across
    seen = {"bid": False, "declared": False, "refused": False, "mid": False, "phone": False, "end": False}
    for _ in range(200):
        found = _turn_page(pages, table, tokens, server)
        if found is None:
            break
        seat, page = found
        state = view(page)
        if page.locator("#round-end").is_visible():
            if not seen["end"]:
                seen["end"] = True
                text = page.inner_text("#round-end")
                assert ("Made:" in text or "Set:" in text) and "marks scored" in text, text
                page.screenshot(path=shots / "42-hand-end.png")
                break
            _dismiss(page)
            continue
        phase = state["tricks"]["phase"]
        version = state["version"]
        if phase == "bidding":
            if seat == 0 and not seen["bid"]:  # on the phone too, every bid can be tapped
                phone.wait_for_function("v => window.__state.version >= v", arg=version)
                assert phone.evaluate(CHOICES_HIDDEN) == [], "a bid is hidden on the phone"
            bids = page.locator("#choices .choice-bid")
            assert bids.count() and page.locator("#choices .choice-pass").count() <= 1
            labels = bids.all_inner_texts()
            assert any("mark" in label for label in labels), labels  # the rules' names: "1 mark (42)"
            if not seen["bid"]:
                seen["bid"] = True
                page.screenshot(path=shots / "42-bidding.png")
            bids.first.click()  # the lowest bid, so that the hand lasts a few tricks
        elif phase == "declaring":
            if seat == 0:  # on the phone too, every way to name trumps can be tapped
                phone.wait_for_function("v => window.__state.version >= v", arg=version)
                assert phone.locator("#choices .choice-trumps").count() == 9
                assert phone.evaluate(CHOICES_HIDDEN) == [], "a choice is hidden on the phone"
                phone.screenshot(path=shots / "42-phone-declaring.png")
            texts = page.locator("#choices .choice-trumps").all_inner_texts()
            assert any(t.startswith("sixes") for t in texts) and "doubles" in " ".join(texts)
            assert any(t.startswith("no trumps (follow me)") for t in texts)
            most = max(state["legal"], key=lambda m: m.get("held", -1))
            page.click(f"#choices button[data-index='{most['index']}']")
            seen["declared"] = True
        else:
            assert page.locator("#contract").is_visible() and "trumps" in page.inner_text("#contract")
            trick = state["tricks"]["trick"]
            dull = page.locator(".hand-tile:not(.playable)")
            if trick and dull.count() and not seen["refused"]:
                seen["refused"] = True  # a tile that does not follow suit: the engine says why
                dull.first.click()
                page.wait_for_selector("#status.error")
                reason = page.inner_text("#status")
                assert "you must follow" in reason, reason
                assert view(page)["version"] == version
            if len(trick) >= 2 and (not seen["mid"] or seen["mid"] == "first trick"):
                # the first trick in the middle, then again once a last trick is shown beside it
                seen["mid"] = "later trick" if state["tricks"]["last_trick"] else "first trick"
                pages[0].wait_for_function("v => window.__state.version >= v", arg=version)
                pages[0].screenshot(path=shots / "42-mid-trick.png")
            if len(trick) >= 1 and not seen["phone"]:
                seen["phone"] = True
                phone.wait_for_function("v => window.__state.version >= v", arg=version)
                phone.screenshot(path=shots / "42-phone.png")
            page.locator(".hand-tile.playable").first.click()
        page.wait_for_function(
            "v => window.__state.version > v || !document.getElementById('round-end').hidden", arg=version,
            timeout=20000,
        )  # fmt: skip
        other = pages[2 if seat == 0 else 0]
        if other.locator("#round-end").is_visible() and not seen["end"]:
            seen["end"] = True
            text = other.inner_text("#round-end")
            assert ("Made:" in text or "Set:" in text) and "marks scored" in text, text
            other.screenshot(path=shots / "42-hand-end.png")
            break
    assert all(seen.values()), seen
    # On the phone the hand's end shows every column of its table ("marks now" too), as do the
    # scores so far.
    phone.wait_for_selector("#round-end:not([hidden])")
    assert_card_fits(phone)
    phone.screenshot(path=shots / "42-hand-end-phone.png")
    phone.click("#round-end-close")
    phone.click("#scores-button")
    assert phone.locator("#scores .score-sheet").is_visible()
    assert_card_fits(phone)
    phone.screenshot(path=shots / "42-scores-phone.png")
    # Every page shows only its own hand: the two people's pages and the server agree.
    for seat, page in pages.items():
        assert_dom_hand_is(page, server.get(f"/api/tables/{table}/state?token={tokens[seat]}")["hand"])
    for context in contexts:
        context.close()
    phone.context.close()
    # The replay of this very table draws the trick table too, every hand open.
    replay = open_page(browser, server.base + "/static/replay.html", errors)
    replay.set_input_files("#replay-file", str(server.state_dir / f"{table}.json"))
    replay.wait_for_function("document.getElementById('step-info').textContent.startsWith('step 0')")
    for _ in range(8):
        replay.click("#forward")
    replay.wait_for_function("document.getElementById('step-info').textContent.startsWith('step 8')")
    assert replay.locator("#trick-table").is_visible() and replay.locator("#table").is_hidden()
    assert replay.locator(".spot").count() == 4
    replay.screenshot(path=shots / "42-replay.png")
    replay.close()
    assert not errors, errors


def _people_pages(browser, server, variant: str, players: int, seed: int, errors: list[str], settings=None):
    """A table of `players` people, a desktop page each; the seats' tokens and the table's id."""
    made = server.table(variant, [HUMAN] * players, settings, seed=seed)
    table = made["table"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    pages: dict[int, object] = {}
    for seat in range(players):
        page = browser.new_context(viewport={"width": 1400, "height": 860}).new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.base + f"/table/{table}?seat={seat}&token={tokens[seat]}")
        page.wait_for_selector("body[data-ready='1']")
        pages[seat] = page
    return table, tokens, pages


def _phone(browser, server, table: str, seat: int, token: str, errors: list[str]):
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    phone.on("pageerror", lambda error: errors.append(str(error)))
    phone.goto(server.base + f"/table/{table}?seat={seat}&token={token}")
    phone.wait_for_selector("body[data-ready='1']")
    return phone


def _after(page, version: int) -> None:
    page.wait_for_function(
        "v => window.__state.version > v || !document.getElementById('round-end').hidden", arg=version, timeout=20000
    )


def test_bingo_shows_the_turn_up_the_stock_a_close_and_the_claim(browser, server, shots):
    """Two people play a hand of Bingo by clicking: the tile turned up for trumps and the stock's
    size in the banner, the draws in the last actions (one's own tile by name), the Close button
    with what it does, and the hand's end with the claim (or the closer falling short); screenshots
    mid-play on a desktop and a phone."""
    errors: list[str] = []
    table, tokens, pages = _people_pages(browser, server, "bingo", 2, 7, errors)
    phone = _phone(browser, server, table, 0, tokens[0], errors)
    first = pages[0]
    banner = first.inner_text("#contract")
    up = view(first)["tricks"]["turn_up"]
    assert "Trumps:" in banner and up["suit"] in banner and "Stock: 14 tiles" in banner, banner
    assert f"the turned-up [{up['tile'][1]}|{up['tile'][0]}] drawn last" in banner
    assert first.locator("#turn-up svg").count() == 1
    assert first.locator(".spot.pos-S").get_attribute("data-seat") == "0"
    assert first.locator(".spot.pos-N").get_attribute("data-seat") == "1"  # face to face
    seen = {"mid": False, "drew": False, "close": False, "end": False}
    for _ in range(80):
        found = _turn_page(pages, table, tokens, server)
        if found is None:
            break
        _seat, page = found
        if page.locator("#round-end").is_visible():
            break
        state = view(page)
        version = state["version"]
        tricks = state["tricks"]
        lines = " ".join(state["last_actions"])
        if " drew [" in lines and "drew a tile" in lines:
            seen["drew"] = True  # one's own draw by name, the other's hidden
        if tricks["trick"] and tricks["last_trick"] and not seen["mid"]:
            seen["mid"] = True
            page.screenshot(path=shots / "bingo-mid-play.png")
            phone.wait_for_function("v => window.__state.version >= v", arg=version)
            phone.screenshot(path=shots / "bingo-phone.png")
        close = page.locator("#choices .choice-close")
        if close.count() and tricks["stock"] <= 8 and not seen["close"]:
            assert "nobody draws again" in close.inner_text()
            page.screenshot(path=shots / "bingo-close.png")
            close.click()
            page.wait_for_function("v => window.__state.version > v", arg=version)
            seen["close"] = True
            assert "closed by You" in page.inner_text("#stock")
            assert page.locator(".spot.pos-S .tag-closed").count() == 1
            continue
        page.locator(".hand-tile.playable").first.click()
        _after(page, version)
    ends = [p for p in pages.values() if p.locator("#round-end").is_visible()]
    if not ends:
        for p in pages.values():
            p.wait_for_timeout(300)
        ends = [p for p in pages.values() if p.locator("#round-end").is_visible()]
    assert ends, "the hand should end"
    text = ends[0].inner_text("#round-end")
    assert "claimed the hand with" in text or "closed the stock but fell short" in text, text
    assert "game points scored" in text
    if seen["close"]:
        assert "closed the stock with" in text and "when the points stood" in text, text
    ends[0].screenshot(path=shots / "bingo-hand-end.png")
    seen["end"] = True
    assert all(seen.values()), seen
    for page in pages.values():
        page.context.close()
    phone.context.close()
    assert not errors, errors


def test_domino_loo_calls_an_exchange_a_drop_and_a_named_lead(browser, server, shots):
    """Three people at a Domino Loo table: the calls (Keep, Drop, Exchange, each with what it does),
    the exchange's discard by clicking a tile, the dropped seat greyed, a lead whose suit is named
    with the chooser ("as sixes", "as threes"), and the hand's end; screenshots of the calls on a
    desktop and a phone."""
    errors: list[str] = []
    table, tokens, pages = _people_pages(browser, server, "domino-loo", 3, 4, errors)
    calls = iter(["exchange", "drop", "keep"])
    seen = {"calls": False, "discard": False, "dropped": False, "chooser": False, "end": False}
    dropper = None
    for _ in range(80):
        found = _turn_page(pages, table, tokens, server)
        if found is None:
            break
        seat, page = found
        if page.locator("#round-end").is_visible():
            break
        state = view(page)
        version = state["version"]
        phase = state["tricks"]["phase"]
        if phase == "calling":
            buttons = page.locator("#choices button")
            assert buttons.count() == 3
            words = page.inner_text("#choices")
            assert "Keep" in words and "play this hand" in words and "throw it in and sit this hand out" in words
            assert "draw 6 new tiles from the stock" in words
            assert "keep this hand, drop out, or exchange it" in page.inner_text("#status")
            if not seen["calls"]:
                seen["calls"] = True
                page.screenshot(path=shots / "loo-calls.png")
                phone = _phone(browser, server, table, seat, tokens[seat], errors)
                phone.screenshot(path=shots / "loo-calls-phone.png")
                phone.context.close()
            call = next(calls)
            if call == "drop":
                dropper = seat
            page.click(f"#choices .choice-{call}")
        elif phase == "discarding":
            assert page.locator("#choices button").count() == 0  # the tiles themselves are clicked
            assert page.locator(".hand-tile.playable").count() == 6
            assert "face down" in page.inner_text("#status")
            page.locator(".hand-tile.playable").first.click()
            seen["discard"] = True
        else:
            if dropper is not None and not seen["dropped"]:
                spot = page.locator(f".spot[data-seat='{dropper}']")
                assert "dropped" in spot.get_attribute("class") and "dropped out" in spot.inner_text()
                assert "dropped" in page.locator(f".player[data-seat='{dropper}']").get_attribute("class")
                seen["dropped"] = True
            named = [m for m in state["legal"] if m.get("suit")]
            if named and not seen["chooser"]:
                low, high = named[0]["tile"]
                page.click(f".hand-tile[data-tile='{low}-{high}']")
                page.wait_for_selector("#choices.chooser")
                labels = page.locator("#choices .choice-suit").all_inner_texts()
                assert len(labels) == 2 and labels[0] != labels[1], labels
                page.screenshot(path=shots / "loo-named-lead.png")
                page.locator("#choices .choice-suit").last.click()
                seen["chooser"] = True
            else:
                page.locator(".hand-tile.playable").first.click()
                if page.locator("#choices.chooser").is_visible():
                    page.locator("#choices .choice-suit").first.click()
        _after(page, version)
    end = next((p for p in pages.values() if p.locator("#round-end").is_visible()), None)
    if end is None:
        pages[0].wait_for_timeout(500)
        end = next((p for p in pages.values() if p.locator("#round-end").is_visible()), None)
    assert end is not None, "the hand should end"
    text = end.inner_text("#round-end")
    assert "dropped out" in text and "points scored" in text, text
    end.screenshot(path=shots / "loo-hand-end.png")
    seen["end"] = True
    assert all(seen.values()), seen
    for page in pages.values():
        page.context.close()
    assert not errors, errors


def _pick_and_play(page, state) -> None:
    """One play in Tien Gow by clicking: to follow, a button of a play that takes the lead when
    there is one, else the hand's last (weakest) tiles picked and laid face down; to lead, a
    combination's button at the first trick, else the weakest tile picked and led."""
    tricks = state["tricks"]
    quick = page.locator("#choices .choice-play")
    if quick.count() and (tricks["lead_size"] or tricks["trick_number"] == 1):
        quick.first.click()
        return
    size = tricks["lead_size"] or 1
    tiles = page.locator(".hand-tile.playable")
    for n in range(size):
        tiles.nth(tiles.count() - 1 - n).click()
    page.wait_for_selector("#play-selection:not([disabled])")
    page.click("#play-selection")


def test_tien_gow_plays_tiles_together_and_lays_them_face_down(browser, server, shots):
    """Four people at a Tien Gow table (seed 7: the first lead is a pair, then two tiles laid face
    down, then a higher pair takes the lead): the hand by suit with the tiles' names, a pick of
    tiles made into a play (Play enabled only for a legal pick), the trick with its face-down
    plays drawn as tile backs and no face, the tiles captured, and the hand's end; screenshots of
    the trick mid-play and of the hand's end on a desktop and a phone."""
    errors: list[str] = []
    table, tokens, pages = _people_pages(browser, server, "tien-gow", 4, 7, errors)
    fourth = None  # the seat that plays last to the first trick: its phone shows the trick at its fullest
    first_state = view(pages[0])
    order = first_state["tricks"]["order"]
    starter = first_state["current_player"]
    fourth = order[(order.index(starter) + 3) % 4]
    phone = _phone(browser, server, table, fourth, tokens[fourth], errors)
    # The hand: suit by suit, each tile with its name; two tiles alike are two tiles.
    page = pages[starter]
    names = page.locator(".hand-tile .tile-name").all_inner_texts()
    assert len(names) == 8 and all(names), names
    assert page.locator(".hand .suit-label").all_inner_texts()[0].lower() == "civil"
    for seat, p in pages.items():
        assert_dom_hand_is(p, server.get(f"/api/tables/{table}/state?token={tokens[seat]}")["hand"])
    seen = {"picked": False, "mid": False, "end": False}
    for _ in range(80):
        found = _turn_page(pages, table, tokens, server)
        if found is None:
            break
        seat, page = found
        if page.locator("#round-end").is_visible():
            break
        state = view(page)
        version = state["version"]
        tricks = state["tricks"]
        plays = tricks["plays"]
        if tricks["lead_size"] and tricks["lead_size"] > 1 and not seen["picked"]:
            # One tile of two picked: Play stays disabled, and says why; the second enables it.
            tiles = page.locator(".hand-tile.playable")
            tiles.first.click()
            assert page.locator("#play-selection").is_disabled()
            assert "as many as were led" in page.inner_text("#selection-words")
            tiles.first.click()  # put back
            # A hint picks the whole play the strongest player would build, and Play is enabled.
            page.click("#hint-button")
            page.wait_for_function("n => document.querySelectorAll('.hand-tile.picked').length === n",
                                   arg=tricks["lead_size"])  # fmt: skip
            assert page.locator("#play-selection").is_enabled()
            page.click("#choices .choice-cancel")
            seen["picked"] = True
        two = any(len(p["tiles"]) == 2 for p in plays) and any(p["face_down"] == 2 for p in plays)
        if len(plays) == 3 and two and not seen["mid"]:
            down = next(p for p in plays if p["face_down"])
            spot = page.locator(f".spot[data-seat='{down['seat']}']")
            assert spot.locator("svg.back").count() == 2 and spot.locator("svg:not(.back)").count() == 0
            assert "2 face down" in spot.inner_text()
            taking = next(p for p in plays if p["leading"])
            assert "taking it" in page.inner_text(f".spot[data-seat='{taking['seat']}']")
            lines = " ".join(state["last_actions"])
            assert "laid 2 tiles face down" in lines and "taking the lead" in lines, lines
            assert page.locator("#choices .choice-play").count() or "face down" in page.inner_text("#choices")
            page.screenshot(path=shots / "tien-gow-mid-trick.png")
            if seat == fourth:
                phone.wait_for_function("v => window.__state.version >= v", arg=version)
                phone.screenshot(path=shots / "tien-gow-phone.png")
            seen["mid"] = True
        _pick_and_play(page, state)
        _after(page, version)
    end = next((p for p in pages.values() if p.locator("#round-end").is_visible()), None)
    if end is None:
        pages[0].wait_for_timeout(500)
        end = next((p for p in pages.values() if p.locator("#round-end").is_visible()), None)
    assert end is not None, "the hand should end"
    text = end.inner_text("#round-end")
    assert "took the last trick" in text and "tiles captured" in text and "points scored" in text, text
    end.screenshot(path=shots / "tien-gow-hand-end.png")
    phone.wait_for_selector("#round-end:not([hidden])")
    phone.screenshot(path=shots / "tien-gow-hand-end-phone.png")
    seen["end"] = True
    assert all(seen.values()), seen
    # The captured tiles of the hand, as the summary says them, add up to the set.
    final = server.get(f"/api/tables/{table}/state?token={tokens[0]}")
    finished = final["round_end"] or final["last_round_end"]
    assert sum(finished["tricks"]["captured"]) == 32
    for page in pages.values():
        page.context.close()
    phone.context.close()
    assert not errors, errors
