"""Playing with friends in a real browser (docs/web.md): two people join with their names, each is
"You" on their own page and named on the other's; a spectator's page shows no hand; "Play again"
at the match's end takes every open page (the spectator's too) to the next match, same seats and
names, each by a new token of its own. A seed typed on the start page (all 19 digits of the largest:
a JavaScript number would round it) is shown at the table exactly, as chosen: under the players on
a laptop, under the game's name on a phone. A friend on a phone says "Nice play!" and a bubble
shows it beside their seat on the others' pages, for a few seconds (beside their place at a trick
game's table); no spectator may say anything. "Your tables" on the start page lists the tables made
there with their game, seats and state as the server words them; one the server does not have is
said so and forgotten; abandoning the one made with a friend asks first, in words, then closes it
for everyone. Screenshots: friends-names.png, spectator.png, seed-chosen-laptop.png,
seed-chosen-phone.png, say-phone.png, say-laptop.png, say-trick-laptop.png, your-tables-phone.png,
your-tables-confirm-phone.png, your-tables-laptop.png."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlparse

from tests.web.test_browser import HUMAN, browser, computer, open_page, server, shots  # noqa: F401 (fixtures)
from tests.web.test_browser_screens import LAPTOP, TARGET

DESK = {"viewport": {"width": 1300, "height": 820}}
LARGEST = str(2**63 - 1)  # past 2**53: a JavaScript number would round it to ...808
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def _page(browser, url: str, errors: list[str]):  # noqa: F811 (the fixture's name)
    return open_page(browser, url, errors, DESK)


def _names_shown(page) -> list[str]:
    return page.eval_on_selector_all("#players .player strong", "els => els.map(e => e.textContent)")


def _play_out(server, table: str, tokens: dict[int, str]) -> None:  # noqa: F811
    """The match to its end by the API, each person's first legal move, continuing each round's end."""
    for _ in range(2000):
        views = {seat: server.get(f"/api/tables/{table}/state?token={token}") for seat, token in tokens.items()}
        if views[0]["over"]:
            return
        for seat, state in views.items():
            base = f"/api/tables/{table}/%s?token={tokens[seat]}"
            if seat in (state["to_continue"] or []):
                server.post(base % "continue", {})
            elif state["legal"]:
                server.post(base % "action", {"index": 0, "version": state["version"]})
    raise AssertionError("the match did not end")


def test_two_friends_a_spectator_and_play_again(browser, server, shots):  # noqa: F811
    errors: list[str] = []
    start = _page(browser, server.base + "/", errors)
    start.select_option("#variant", "draw")
    start.select_option("#players", "2")
    start.select_option("#seat-1", "human")
    start.fill("#target", "10")
    start.fill("#my-name", "Ann")
    start.click("#create")
    start.wait_for_selector("#links-box:not([hidden])")
    links = start.eval_on_selector_all(".seat-link", "els => els.map(e => e.href)")
    watch = start.get_attribute("#spectator-link", "href")
    assert len(links) == 2 and "token=" in watch and watch not in links
    assert start.locator("#links li").first.inner_text().startswith("Seat 1 (Ann):")

    ann = _page(browser, links[0], errors)
    assert ann.locator("#name-form").is_hidden()  # named on the start page
    assert ann.locator("#seed-note").is_hidden()  # no seed chosen: the deal is nobody's to know
    bob = _page(browser, links[1], errors)
    assert bob.locator("#name-form").is_visible()  # asked before sitting down
    bob.fill("#name-input", "You")  # refused, with the reason, and nothing changes
    bob.click("#name-sit")
    bob.wait_for_function("document.getElementById('name-error').textContent.includes('own screen')")
    bob.fill("#name-input", "Bob <i>")
    bob.click("#name-sit")
    bob.wait_for_selector("#name-form", state="hidden")
    assert bob.evaluate("localStorage.getItem('domino.name')") == "Bob <i>"  # for next time
    ann.wait_for_function("[...document.querySelectorAll('#players strong')].some(e => e.textContent === 'Bob <i>')")
    assert _names_shown(ann) == ["You", "Bob <i>"]
    assert _names_shown(bob) == ["Ann", "You"]
    assert bob.locator("#players i").count() == 0  # the name is text, never markup

    table = ann.evaluate("location.pathname.split('/').pop()")
    tokens = {seat: link.split("token=")[1] for seat, link in enumerate(links)}
    # A few moves, each by its own page, so that each page's last actions name the other.
    for _ in range(6):
        state = server.get(f"/api/tables/{table}/state?token={tokens[0]}")
        if state["over"] or state["to_continue"]:
            break
        mover = state["current_player"]
        page = (ann, bob)[mover]
        page.wait_for_function("v => window.__state.version >= v", arg=state["version"])
        if page.locator(".hand-tile.playable").count():
            page.locator(".hand-tile.playable").first.click()
            if page.locator(".target.hot").count():
                page.locator(".target.hot").first.click()
        else:
            page.locator("#draw, #pass").locator("visible=true").first.click()
        page.wait_for_function("v => window.__state.version > v", arg=state["version"])
    now = server.get(f"/api/tables/{table}/state?token={tokens[0]}")["version"]
    for page in (ann, bob):
        page.wait_for_function("v => window.__state.version >= v", arg=now)
    said = {name: page.inner_text("#last-actions") for name, page in (("ann", ann), ("bob", bob))}
    assert "Bob <i>" in said["ann"] and "Ann" not in said["ann"]
    assert "Ann" in said["bob"] and "Bob" not in said["bob"]
    bob.screenshot(path=shots / "friends-names.png")

    spectator = _page(browser, watch, errors)
    state = spectator.evaluate("window.__state")
    assert state["spectator"] is True and state["hand"] == [] and state["seat"] is None
    assert spectator.locator(".hand-tile").count() == 0 and spectator.locator("#hand").is_hidden()
    assert spectator.locator("#draw").is_hidden() and spectator.locator("#hint-button").is_hidden()
    assert spectator.locator("#watching").is_visible() and spectator.locator("#name-form").is_hidden()
    assert _names_shown(spectator) == ["Ann", "Bob <i>"]
    assert spectator.locator("#players .count").all_inner_texts() == [f"{n} tiles" for n in state["hand_counts"]]
    assert watch.endswith(ann.locator("#watch-link").get_attribute("href"))  # a seat may invite a spectator too
    spectator.screenshot(path=shots / "spectator.png")

    _play_out(server, table, tokens)
    ann.wait_for_selector("#play-again", state="visible")
    assert spectator.locator("#play-again").is_hidden()
    ann.click("#play-again")
    for page in (ann, bob, spectator):  # every open page follows to the next match, same seat
        page.wait_for_function("t => !location.pathname.endsWith(t)", arg=table, timeout=15000)
        page.wait_for_selector("body[data-ready='1']", timeout=15000)
    new = ann.evaluate("location.pathname.split('/').pop()")
    assert new != table and bob.evaluate("location.pathname.split('/').pop()") == new
    assert not ann.evaluate("window.__state.over")
    bob.wait_for_function("window.__state && window.__state.seats")
    assert _names_shown(bob) == ["Ann", "You"] and _names_shown(ann) == ["You", "Bob <i>"]
    assert spectator.evaluate("window.__state.spectator") is True
    # Each page holds its own new token now: the old ones act on nothing in the new match.
    token_of = "new URLSearchParams(location.search).get('token')"
    olds = {*tokens.values(), watch.split("token=")[1]}
    assert [page.evaluate("window.__state.seat") for page in (ann, bob)] == [0, 1]
    assert not {page.evaluate(token_of) for page in (ann, bob, spectator)} & olds
    assert len({page.evaluate(token_of) for page in (ann, bob, spectator)}) == 3
    # The start page's "Your tables" follows play again to Ann's own seat of the new match.
    start.reload()
    start.wait_for_selector(f"#your-tables-list li[data-table='{new}']:not(.loading)")
    assert start.get_attribute(".yt-resume", "href") == ann.evaluate("location.pathname + location.search")
    assert start.locator("#your-tables-list li").count() == 1
    assert not errors, errors


def test_the_creator_lets_a_computer_play_an_empty_seat_and_its_person_takes_it_back(browser, server, shots):  # noqa: F811
    body = {"variant": "draw", "players": 2, "seats": [{"kind": "human"}] * 2, "settings": {"match.target": "40"},
            "seed": 4, "pace_ms": 0, "name": "Ann"}  # fmt: skip
    made = server.post("/api/tables", body)
    errors: list[str] = []
    ann = _page(browser, server.base + made["seats"][0]["link"], errors)
    assert ann.locator("#pace-box").is_hidden()  # no computer at the table: no computer pace
    ann.click("#seats-button")  # the creator's offers: one menu
    ann.click("#seat-controls button[data-seat='1']")  # nobody came to seat 2
    ann.wait_for_selector("#players .player[data-seat='1'] .stand-in-note")
    assert ann.locator("#pace-box").is_visible()  # now a computer plays
    server.post(f"/api/tables/{made['table']}/pace?token={made['seats'][1]['token']}", {"pace_ms": 900})
    ann.wait_for_function("document.getElementById('pace').value === '900'")  # changed elsewhere, followed here
    server.post(f"/api/tables/{made['table']}/pace?token={made['seats'][1]['token']}", {"pace_ms": 0})
    assert ann.text_content("#seat-controls button[data-seat='1']") == "Give Player 2 their seat back"
    ann.wait_for_function("window.__state.current_player === 0")  # the computer moves for the empty seat
    version = ann.evaluate("window.__state.version")
    ann.locator(".hand-tile.playable, #draw").locator("visible=true").first.click()
    if ann.locator(".target.hot").count():
        ann.locator(".target.hot").first.click()
    ann.wait_for_function("v => window.__state.version >= v + 2 || window.__state.to_continue", arg=version)

    # Bob comes: opening the page gives him his seat back (the computer stood in for his absence).
    bob = _page(browser, server.base + made["seats"][1]["link"], errors)
    bob.wait_for_function("window.__state.seats[1].stand_in === null")
    assert bob.locator("#seat-controls .stand-in").count() == 1  # his own seat only: he is not the creator
    assert bob.text_content("#seat-controls .stand-in") == "Let a computer play for me"
    ann.wait_for_function("!document.querySelector('#players .stand-in-note')")
    # A computer he asks for himself stays until he takes it back: "Take my seat back" is a button of its own.
    bob.click("#seats-button")
    bob.click("#seats-menu button[data-seat='1']")
    bob.wait_for_function("window.__state.seats[1].stand_in !== null")
    assert bob.inner_text("#status") == "A computer plays your seat: take it back when you are ready."
    assert bob.locator("#seats-button").count() == 0
    bob.click("#seat-controls button[data-seat='1']")
    bob.wait_for_function("window.__state.seats[1].stand_in === null")
    bob.screenshot(path=shots / "seat-taken-back.png")
    assert not errors, errors


def test_a_spectator_sees_a_rounds_end_while_the_people_look_at_it(browser, server, shots):  # noqa: F811
    body = {"variant": "draw", "players": 2, "seats": [{"kind": "human"}] * 2, "settings": {"match.target": "100"},
            "seed": 4, "pace_ms": 0}  # fmt: skip
    made = server.post("/api/tables", body)
    table, tokens = made["table"], {n: seat["token"] for n, seat in enumerate(made["seats"])}
    errors: list[str] = []
    spectator = _page(browser, server.base + made["spectator"]["link"], errors)
    for _ in range(500):  # each person's first legal move, until the first round ends
        views = {seat: server.get(f"/api/tables/{table}/state?token={token}") for seat, token in tokens.items()}
        if views[0]["to_continue"]:
            break
        for seat, state in views.items():
            if state["legal"]:
                move = {"index": 0, "version": state["version"]}
                server.post(f"/api/tables/{table}/action?token={tokens[seat]}", move)
    spectator.wait_for_selector("#round-end", state="visible")
    assert spectator.inner_text("#round-end-title") == "Round 1 over"
    assert spectator.locator("#round-end-body .reveal strong").all_inner_texts() == ["Player 1", "Player 2"]
    assert spectator.inner_text("#round-end-close") == "Close"  # nothing for a spectator to continue
    spectator.screenshot(path=shots / "spectator-round-end.png")
    spectator.click("#round-end-close")
    spectator.wait_for_selector("#round-end", state="hidden")
    for token in tokens.values():
        server.post(f"/api/tables/{table}/continue?token={token}", {})
    spectator.wait_for_function("window.__state.round === 2 && !window.__state.to_continue.length")
    assert spectator.locator("#round-end").is_hidden()
    assert not errors, errors


def test_a_seed_typed_on_the_start_page_is_shown_exactly_at_the_table(browser, server, shots):  # noqa: F811
    errors: list[str] = []
    start = open_page(browser, server.base + "/", errors)
    start.select_option("#variant", "draw")
    start.select_option("#players", "2")
    start.select_option("#seat-1", "greedy")
    start.select_option("#pace", "0")
    start.fill("#seed", LARGEST)
    start.click("#create")
    start.wait_for_url("**/table/**")
    start.wait_for_selector("body[data-ready='1']")
    said = f"Dealt from chosen seed {LARGEST}"
    assert start.inner_text("#seed-note") == f"{said}: whoever chose it may know every hand."
    start.screenshot(path=shots / "seed-chosen-laptop.png")
    phone = open_page(browser, start.url, errors, PHONE)
    # On a phone, under the game's name, within the topbar's height: the table keeps all of its own.
    assert phone.locator("#seed-note").is_hidden()
    badge = phone.locator("#seed-badge")
    assert badge.inner_text() == f"Chosen seed {LARGEST}" and said in badge.get_attribute("title")
    inside = "e => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().bottom <= e.parentNode.offsetHeight"
    assert badge.evaluate(inside)
    phone.screenshot(path=shots / "seed-chosen-phone.png")
    assert not errors, errors


# --- saying something (sayings.js) -----------------------------------------------------------------

BUBBLE = ".say-bubble[data-seat='{}']"


def _beside(page, bubble: str, seat_box: str) -> None:
    """The bubble within a few pixels of its seat's box, overlapping it across."""
    near = page.evaluate(
        """([bubble, seat]) => {
        const b = document.querySelector(bubble).getBoundingClientRect();
        const s = document.querySelector(seat).getBoundingClientRect();
        const gap = Math.min(Math.abs(b.top - s.bottom), Math.abs(s.top - b.bottom));
        return { gap, across: b.left < s.right && s.left < b.right, onScreen: b.left >= 0 && b.right <= innerWidth };
    }""",
        [bubble, seat_box],
    )
    assert near["gap"] <= 12 and near["across"] and near["onScreen"], near


def test_a_friend_says_nice_play_and_the_table_shows_it_beside_their_seat(browser, server, shots):  # noqa: F811
    errors: list[str] = []
    made = server.table("draw", [HUMAN, HUMAN, computer()], {"match.target": "30"})
    links = [server.base + seat.get("link", "") for seat in made["seats"]]
    laptop = open_page(browser, links[0], errors, LAPTOP)
    phone = open_page(browser, links[1], errors, PHONE)
    phone.click("#name-skip")
    size = phone.eval_on_selector("#say-button", "b => [b.offsetWidth, b.offsetHeight]")
    assert min(size) >= 44, size
    phone.tap("#say-button")
    phone.wait_for_selector("#say-menu:not([hidden])")
    items = phone.eval_on_selector_all("#say-menu button", "els => els.map(e => e.offsetHeight)")
    assert len(items) == 11 and min(items) >= 44, items  # ten sayings and "Hide the others' messages"
    phone.tap("[data-say='nice']")
    laptop.wait_for_selector(BUBBLE.format(1))
    assert laptop.inner_text(BUBBLE.format(1)) == "Nice play!"
    _beside(laptop, BUBBLE.format(1), "#players .player[data-seat='1']")
    assert laptop.inner_text("#say-said") == "Player 2 says: Nice play!"
    phone.wait_for_selector(BUBBLE.format(1))  # the sayer sees it at their own seat too
    _beside(phone, BUBBLE.format(1), "#players .player[data-seat='1']")
    phone.screenshot(path=str(shots / "say-phone.png"))
    laptop.screenshot(path=str(shots / "say-laptop.png"))

    # A reload shows what is new from then on, not what was said before.
    laptop.clock.install()
    laptop.reload()
    laptop.wait_for_selector("body[data-ready='1']")
    assert laptop.evaluate("window.__state.said.length") == 1 and laptop.locator(".say-bubble").count() == 0
    token = made["seats"][1]["token"]
    server.post(f"/api/tables/{made['table']}/say?token={token}", {"say": "thumbs"})
    laptop.wait_for_selector(BUBBLE.format(1))
    laptop.clock.fast_forward(6000)  # the page's clock: a bubble goes after five seconds
    laptop.wait_for_selector(".say-bubble", state="detached")

    # By keyboard: Enter opens the menu at its first word, an arrow moves on, Esc closes it and
    # gives the focus back to Say…; the table's own keys see none of them.
    laptop.focus("#say-button")
    laptop.keyboard.press("Enter")
    laptop.wait_for_selector("#say-menu:not([hidden])")
    laptop.keyboard.press("ArrowDown")
    assert laptop.evaluate("document.activeElement.dataset.say") == "luck"
    laptop.keyboard.press("Escape")
    assert laptop.locator("#say-menu").is_hidden() and laptop.evaluate("document.activeElement.id") == "say-button"
    # Hidden: the others' next message reaches the page, and no bubble shows it.
    laptop.click("#say-button")
    laptop.click("#say-hide")
    assert laptop.get_attribute("#say-hide", "aria-pressed") == "true"
    server.post(f"/api/tables/{made['table']}/say?token={token}", {"say": "gg"})
    laptop.wait_for_function("window.__state.said.length === 3")
    assert laptop.locator(".say-bubble").count() == 0
    assert laptop.evaluate("localStorage.getItem('domino.sayings.hidden')") == "1"

    watcher = open_page(browser, server.base + made["spectator"]["link"], errors, LAPTOP)
    assert watcher.locator("#say-button").is_hidden() and "said" not in watcher.evaluate("window.__state")
    assert not errors, errors


def test_at_a_trick_game_the_bubble_is_beside_the_seats_place(browser, server, shots):  # noqa: F811
    errors: list[str] = []
    made = server.table("texas-42", [HUMAN, HUMAN, computer(), computer()])
    page = open_page(browser, server.base + made["seats"][0]["link"], errors, LAPTOP)
    server.post(f"/api/tables/{made['table']}/say?token={made['seats'][1]['token']}", {"say": "luck"})
    page.wait_for_selector(BUBBLE.format(1))
    assert page.inner_text(BUBBLE.format(1)) == "Good luck!"
    _beside(page, BUBBLE.format(1), "#trick-table .spot[data-seat='1'] .spot-name")
    page.screenshot(path=str(shots / "say-trick-laptop.png"))
# --- your tables -------------------------------------------------------------------------------------

GONE = "game-20990101-000000-00000000"

ROWS = """() => [...document.querySelectorAll('#your-tables-list li')].map((row) => ({
  id: row.dataset.table,
  game: row.querySelector('.yt-game').textContent,
  seats: row.querySelector('.yt-seats').textContent,
  state: row.querySelector('.yt-state').textContent,
  resume: row.querySelector('.yt-resume') && !row.querySelector('.yt-resume').hidden
    ? row.querySelector('.yt-resume').getAttribute('href') : null,
  button: row.querySelector('.yt-abandon').textContent,
}))"""

SMALL = """(target) => [...document.querySelectorAll('#your-tables a, #your-tables button')]
  .filter((el) => el.getClientRects().length && !el.closest('dialog:not([open])'))
  .map((el) => [el.textContent, el.getBoundingClientRect()])
  .filter(([, r]) => r.width < target - 0.5 || r.height < target - 0.5)
  .map(([text, r]) => `${text} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`)"""


def _make(page, second: str) -> None:
    """A draw table from the start page: Ann and a second seat ("human": a friend, or a computer)."""
    page.select_option("#variant", "draw")
    page.select_option("#players", "2")
    page.select_option("#seat-1", second)
    page.fill("#my-name", "Ann")
    if second != "human":
        page.select_option("#pace", "0")
    page.click("#create")


def _summary(server, link: str) -> dict:  # noqa: F811 (the fixture's name)
    found = urlparse(link)
    token = parse_qs(found.query)["token"][0]
    return server.get(f"/api/tables/{found.path.rsplit('/', 1)[1]}/summary?token={token}")


def _listed(page, count: int) -> list[dict]:
    page.wait_for_function(
        "(n) => document.querySelectorAll('#your-tables-list li:not(.loading)').length === n", arg=count
    )
    return page.evaluate(ROWS)


def test_your_tables_lists_two_tables_with_their_state_and_abandons_one(browser, server, shots):  # noqa: F811
    errors: list[str] = []
    page = open_page(browser, server.base + "/", errors, PHONE)
    assert page.locator("#your-tables").is_hidden()  # nothing made here yet
    _make(page, "human")  # two people: the links are shown, the page stays
    page.wait_for_selector("#links-box:not([hidden])")
    with_friend = page.get_attribute("#go", "href")
    assert [row["resume"] for row in _listed(page, 1)] == [with_friend]  # listed at once
    _make(page, "greedy")  # alone with a computer: straight to the table
    page.wait_for_url("**/table/**")
    page.wait_for_selector("body[data-ready='1']")
    alone = page.evaluate("location.pathname + location.search")
    page.evaluate(f"""() => {{ const list = JSON.parse(localStorage.getItem('domino.tables'));
        list.push({{id: '{GONE}', link: '/table/{GONE}?seat=0&token={"t" * 32}', title: 'Gone', added: ''}});
        localStorage.setItem('domino.tables', JSON.stringify(list)); }}""")
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    rows = _listed(page, 3)
    assert [row["resume"] for row in rows[:2]] == [alone, with_friend]  # the most recent first
    for row, link in zip(rows, (alone, with_friend), strict=False):
        truth = _summary(server, link)
        assert row["game"] == truth["title"] and row["state"] == truth["state"]
        assert row["seats"] == ", ".join(seat["name"] for seat in truth["seats"])
        assert row["button"] == "Abandon"
    assert rows[1]["seats"] == "You, Player 2"
    assert rows[2]["state"].startswith("no longer on this server") and rows[2]["button"] == "Forget"
    assert rows[2]["resume"] is None
    assert page.evaluate(SMALL, TARGET) == []
    page.screenshot(path=shots / "your-tables-phone.png")

    # The same list in a laptop's browser.
    stored = page.evaluate("localStorage.getItem('domino.tables')")
    laptop = browser.new_context(**LAPTOP).new_page()
    laptop.add_init_script(f"localStorage.setItem('domino.tables', {json.dumps(stored)})")
    laptop.on("pageerror", lambda error: errors.append(str(error)))
    laptop.goto(server.base + "/")
    _listed(laptop, 3)
    laptop.screenshot(path=shots / "your-tables-laptop.png")
    laptop.context.close()

    page.locator(f"#your-tables-list li[data-table='{GONE}'] .yt-abandon").click()  # gone: forgotten at once
    _listed(page, 2)
    table = rows[1]["id"]
    page.locator(f"#your-tables-list li[data-table='{table}'] .yt-abandon").click()
    question = page.locator("#your-tables-confirm")
    question.wait_for(state="visible")
    assert "Close this table?" in question.inner_text() and "Player 2" in question.inner_text()
    page.screenshot(path=shots / "your-tables-confirm-phone.png")
    page.click("#your-tables-cancel")  # kept
    assert question.is_hidden() and len(_listed(page, 2)) == 2
    page.locator(f"#your-tables-list li[data-table='{table}'] .yt-abandon").click()
    page.click("#your-tables-yes")
    assert [row["id"] for row in _listed(page, 1)] == [rows[0]["id"]]
    assert _summary(server, with_friend)["stopped"] == "closed by Ann"
    stored = json.loads(page.evaluate("localStorage.getItem('domino.tables')"))
    assert [entry["id"] for entry in stored] == [rows[0]["id"]]
    assert not errors, errors
