"""In a real browser (as tests/web/test_browser.py): a layout game's round end stays on the table,
the finished layout behind its summary, until the person presses Continue, at every pace; the
next deal comes only then. The scores so far, and a status line that says what is true (after
one's own move, a lost connection, a click that lost to another tab).

The result first, and the comforts that count (issue 31): the match-over card leads with the
winner and the final score, Play again beside them in the card's first screenful on a phone; a
round's card has one line of scores above its details; no card scrolls sideways on a 390 px
phone, in every family; the keyboard's focus goes into a card that opens, stays there, and comes
back when it closes; a touch screen shows no key hints (a laptop does); the start page's choices
are a finger's height; a spectator's side panel at 1280×720 cuts nothing off. Screenshots (where
`shots` says): result-<family>-phone.png for each family's match over, result-draw-1280.png,
result-draw-1920.png, round-card-phone.png, round-card-1280.png, round-card-1920.png,
spectator-42-1280.png, spectator-mexican-train-1280.png."""

from __future__ import annotations

from tests.web.test_browser import HUMAN, assert_card_fits, browser, computer, open_page, play_one, server, shots, view  # noqa: F401
from tests.web.test_browser_screens import LAPTOP, PHONE

TARGET = {"match.target": "150"}  # several rounds


def _until_round_end(page, limit: int = 2000) -> None:
    """Plays by clicking until the round-end summary is up (it is not closed here)."""
    for _ in range(limit):
        if page.locator("#round-end").is_visible():
            return
        assert play_one(page), "the match ended before a round did"
    raise AssertionError(f"no round end in {limit} moves")


def _set_pace(running, made: dict, pace_ms: int) -> None:
    token = made["seats"][0]["token"]
    running.post(f"/api/tables/{made['table']}/pace?token={token}", {"pace_ms": pace_ms})


def _check_kept(page, running, made: dict, wait_ms: int) -> dict:
    """The summary and the finished layout stay, and nobody moves, for `wait_ms`."""
    kept = view(page)
    assert kept["to_continue"] == [0] and kept["legal"] == []
    end = kept["round_end"]
    assert page.inner_text("#round-end-title") == f"Round {end['round']} over"
    body = page.inner_text("#round-end-body")
    assert "Every hand" in body and "Points this round" in body
    page.wait_for_timeout(wait_ms)  # at this pace the computer would have moved long before
    token = made["seats"][0]["token"]
    now = running.get(f"/api/tables/{made['table']}/state?token={token}")
    assert now["version"] == kept["version"] and now["to_continue"] == [0]
    assert page.locator("#round-end").is_visible() and view(page)["version"] == kept["version"]
    # The table behind it is the finished one: its tiles are those of the layout as the round ended.
    drawn = page.eval_on_selector_all("#table .laid > [role=img]", "els => els.length")
    laid = sum(len(arm["tiles"]) for arm in kept["layout"]["arms"])
    assert drawn == laid + 1 and laid > 0  # and the lead (or the hub's engine)
    return kept


def _table(state: dict) -> dict:
    """A view without the server's clock, which each live message carries as it is sent, nor who
    has the page open: a reload closes the page's live stream and opens another, and the state it
    reads in between may say its own seat away (the table's state is what must survive it)."""
    seats = [{k: v for k, v in seat.items() if k not in ("presence", "away_since")} for seat in state["seats"]]
    return {**{key: value for key, value in state.items() if key != "now"}, "seats": seats}


def _continue(page, kept: dict) -> dict:
    page.click("#round-end-close")
    page.wait_for_function("s => !window.__state.to_continue.length && window.__state.round > s", arg=kept["round"])
    assert not page.locator("#round-end").is_visible()
    after = view(page)
    assert after["round"] == kept["round"] + 1 and after["hand"] != kept["hand"]
    return after


def test_the_round_end_stays_at_pace_instant_until_continue_and_survives_a_reload(browser, server, shots):  # noqa: F811
    made = server.table("draw", [HUMAN, computer()], TARGET, seed=4)
    errors: list[str] = []
    page = open_page(browser, server.base + made["seats"][0]["link"], errors)
    _until_round_end(page)
    kept = _check_kept(page, server, made, 1500)
    page.screenshot(path=shots / "round-end-kept.png")
    # "See the table": the summary folds away; the finished table is all in sight, Continue stays.
    page.click("#round-end-peek")
    assert not page.locator("#round-end-body").is_visible() and page.locator("#round-end-close").is_visible()
    page.screenshot(path=shots / "round-end-kept-table.png")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#round-end").is_visible()
    assert _table(view(page)) == _table(kept)  # the state comes from the server
    _continue(page, kept)
    assert page.inner_text("#status") in ("Your turn.", "Waiting for Computer…")
    assert not errors, errors


def test_the_round_end_stays_at_pace_fast_and_the_next_deal_waits(browser, server, shots):  # noqa: F811
    made = server.table("straight", [HUMAN, computer()], TARGET, seed=5)
    errors: list[str] = []
    page = open_page(browser, server.base + made["seats"][0]["link"], errors)
    _set_pace(server, made, 400)
    _until_round_end(page)
    kept = _check_kept(page, server, made, 2500)  # the summary closed itself after 1.6 s before
    page.screenshot(path=shots / "round-end-kept-straight.png")
    page.keyboard.press("Enter")  # the keyboard's Continue
    page.wait_for_function("s => !window.__state.to_continue.length && window.__state.round > s", arg=kept["round"])
    assert not errors, errors


def test_the_scores_so_far_list_each_round(browser, server, shots):  # noqa: F811
    made = server.table("draw", [HUMAN, computer()], TARGET, seed=4)
    errors: list[str] = []
    page = open_page(browser, server.base + made["seats"][0]["link"], errors)
    page.click("#scores-button")
    assert page.inner_text("#scores-body") == "No round has ended yet. Scores now: You 0, Computer 0."
    page.keyboard.press("Escape")
    assert not page.locator("#scores").is_visible()
    _until_round_end(page)
    _continue(page, view(page))
    page.click("#scores-button")
    sheet = view(page)["score_sheet"]
    rows = page.eval_on_selector_all("#scores-body tr", "rows => rows.map(r => r.innerText)")
    assert len(rows) == 1 + len(sheet) and sheet[0]["round"] == 1
    assert rows[1].split("\t")[0] == "1" and str(sheet[0]["scores"][0]) in rows[1]
    page.screenshot(path=shots / "scores-so-far.png")
    page.click("#scores-close")
    assert not page.locator("#scores").is_visible()
    assert not errors, errors


def test_the_status_says_what_is_true(browser, server, shots):  # noqa: F811
    made = server.table("draw", [HUMAN, computer()], TARGET, seed=4)
    errors: list[str] = []
    link = server.base + made["seats"][0]["link"]
    page = open_page(browser, link, errors)
    page.wait_for_function("window.__state.current_player === 0 && window.__state.legal.length")
    _set_pace(server, made, 900)  # the computer's move comes well after the answer to one's own
    play_one(page)
    assert page.inner_text("#status") in ("Waiting for Computer…", "Your turn.")  # never blank after one's move
    page.screenshot(path=shots / "status-waiting.png")
    _set_pace(server, made, 0)
    # A second tab of the same seat that has not heard of a move yet: its click loses, and it says why.
    page.wait_for_function("window.__state.current_player === 0 && window.__state.legal.length")
    other = open_page(browser, link, errors)
    other.evaluate("window.__events.close()")  # its live stream is slow: it still shows the old table
    stale = view(other)["version"]
    play_one(page)
    play_one(other)  # refused: brought up to date
    assert view(other)["version"] > stale
    said = other.inner_text("#status")
    assert said.startswith("Not played: the table had moved on before your click"), said
    other.screenshot(path=shots / "status-click-lost.png")
    other.close()
    # The live stream drops (the server stops): the page says so, and clears it once it is back.
    server.kill()
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Connection lost')")
    page.screenshot(path=shots / "status-connection-lost.png")
    server.start()
    page.wait_for_function("!document.getElementById('status').textContent.startsWith('Connection lost')",
                           timeout=20000)  # fmt: skip
    assert page.inner_text("#status") in ("Your turn.", "Waiting for Computer…")
    assert not [e for e in errors if "Failed to fetch" not in e], errors


# --- the result first, and the comforts that count (issue 31) ---

DESKTOP = {"viewport": {"width": 1920, "height": 1080}}
PHONE_1X = {**PHONE, "device_scale_factor": 1}  # the same phone, its screenshots drawn at a quarter of the pixels

# The card as a person first sees it: its head's lines, where Play again is, whether the card
# starts at its top, scrolls sideways or reaches past the screen, and where the focus is.
CARD = """() => {
  const card = document.querySelector('#round-end .card');
  const box = (el) => el.getBoundingClientRect();
  const shown = (el) => el && !el.closest('[hidden]') && box(el).height > 0;
  const again = document.getElementById('play-again');
  const score = document.getElementById('round-end-score');
  const body = document.getElementById('round-end-body');
  return {
    title: document.getElementById('round-end-title').innerText,
    score: shown(score) ? score.innerText : null,
    scoreAboveBody: shown(score) && box(score).bottom <= box(body).top + 1,
    againInSight: shown(again) && box(again).top >= box(card).top
      && box(again).bottom <= Math.min(innerHeight, box(card).bottom),
    atTop: card.scrollTop === 0 && box(card).top >= 0,
    sideways: card.scrollWidth > card.clientWidth + 1 || box(card).right > innerWidth || box(card).left < 0,
    focusInside: card.contains(document.activeElement),
  };
}"""


def _play_out(running, made: dict, stop_at_round_end: bool = False) -> dict:
    """Seat 0 plays (a bid rather than a pass: a 42 hand all pass is dealt again) and continues, the
    computers answering at once (pace 0), until the match ends or a round does: its view then."""
    table, token = made["table"], made["seats"][0]["token"]
    state = running.get(f"/api/tables/{table}/state?token={token}")
    for _ in range(2000):
        if state["over"] or (stop_at_round_end and state["to_continue"]):
            return state
        if state["to_continue"]:
            state = running.post(f"/api/tables/{table}/continue?token={token}", {})["state"]
        elif state["legal"]:
            move = next((m for m in state["legal"] if m["kind"] != "pass"), state["legal"][0])
            body = {"index": move["index"], "version": state["version"]}
            state = running.post(f"/api/tables/{table}/action?token={token}", body)["state"]
        else:
            state = running.get(f"/api/tables/{table}/state?token={token}")
    raise AssertionError(f"{table}: no end in 2000 steps")


def _made(running, variant: str, players: int, settings: dict, seed: int = 3) -> dict:
    return running.table(variant, [HUMAN] + [computer()] * (players - 1), settings, seed=seed)


def _names(state: dict) -> list[str]:
    """Each side's name as the page says it to seat 0: "You", another seat's, or partners joined by "&"."""

    def seat(s: int) -> str:
        info = state["seats"][s]
        return "You" if s == state["seat"] else info["name"] if info["name"] != "You" else f"Player {s + 1}"

    sides = state["seat_sides"]
    return [" & ".join(seat(s) for s, x in enumerate(sides) if x == side) for side in range(state["sides"])]


def test_the_match_over_card_leads_with_the_winner_and_the_score(browser, server, shots):  # noqa: F811
    errors: list[str] = []
    families = [
        ("draw", "draw", 2, {"match.rounds": "2"}),
        ("42", "texas-42", 4, {"match.target": "2"}),
        ("patience", "luzon", 1, {}),
        ("partition", "pai-gow", 2, {"match.rounds": "2"}),
        ("draw-and-discard", "three-dozen", 2, {}),
        ("counting", "domino-cribbage", 2, {"match.target": "31"}),
    ]
    phone = None
    for family, variant, players, settings in families:
        made = _made(server, variant, players, settings)
        state = _play_out(server, made)
        link = server.base + made["seats"][0]["link"]
        if phone is None:
            phone = open_page(browser, link, errors, PHONE_1X)
        else:  # the same phone, from one finished table to the next
            _goto(phone, link)
        phone.wait_for_selector("#round-end:not([hidden])")
        seen = phone.evaluate(CARD)
        phone.screenshot(path=shots / f"result-{family}-phone.png")
        names = _names(state)
        if players == 1:  # a patience: won, or how far it got
            t = state["tableau"]
            said = "You won" if state["winners"] else f"cleared {len(t['removed'])} of {t['set_size']}"
            assert said in seen["title"], (family, seen)
        else:
            winners = [names[side] for side in state["winners"]] or ["nobody"]
            assert seen["title"].startswith("Match over: ") and all(w in seen["title"] for w in winners), (family, seen)
            for name, score in zip(names, state["scores"], strict=True):
                assert f"{name}: {score}" in seen["score"], (family, seen)
        assert seen["againInSight"], f"{family}: Play again is not in the card's first screenful: {seen}"
        assert seen["atTop"] and not seen["sideways"], (family, seen)
        assert seen["focusInside"], f"{family}: the focus stayed outside the card that opened"
        assert_card_fits(phone)
        if family == "draw":  # and on a laptop's screen, then a large one
            wide = open_page(browser, link, errors, LAPTOP)
            for size in ("1280", "1920"):
                wide.set_viewport_size(DESKTOP["viewport"] if size == "1920" else LAPTOP["viewport"])
                wide.wait_for_selector("#round-end:not([hidden])")
                assert wide.evaluate(CARD)["againInSight"], size
                wide.screenshot(path=shots / f"result-draw-{size}.png")
            wide.context.close()
    assert not errors, errors


def test_a_round_card_puts_its_scores_first_and_focus_comes_back(browser, server, shots):  # noqa: F811
    errors: list[str] = []
    made = _made(server, "draw", 2, {"match.target": "150"})
    state = _play_out(server, made, stop_at_round_end=True)
    link = server.base + made["seats"][0]["link"]
    for size, context in (("1280", LAPTOP), ("1920", DESKTOP), ("phone", PHONE)):
        page = open_page(browser, link, errors, context)
        page.wait_for_selector("#round-end:not([hidden])")
        seen = page.evaluate(CARD)
        page.screenshot(path=shots / f"round-card-{size}.png")
        assert seen["title"] == f"Round {state['round_end']['round']} over", seen
        for name, score in zip(_names(state), state["round_end"]["scores"], strict=True):
            assert f"{name}: {score}" in seen["score"], seen
        assert seen["scoreAboveBody"] and seen["atTop"] and not seen["sideways"], (size, seen)
        assert seen["focusInside"], f"{size}: the focus stayed outside the card that opened"
        if size == "1280":  # Tab goes round the card's own buttons, never to the table behind it
            for key in ("Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"):
                page.keyboard.press(key)
                assert page.evaluate(CARD)["focusInside"], f"{key} left the card"
        if size != "phone":
            page.context.close()
    # The scores so far: the focus goes into the card, and Esc brings it back to its button.
    page.click("#round-end-peek")  # the summary folded: the table's own buttons are there to press
    page.focus("#scores-button")
    page.keyboard.press("Enter")
    assert page.evaluate("document.getElementById('scores').contains(document.activeElement)")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "scores-button"
    # The phone's last actions: opened, the focus goes into the list; Esc folds it, back on its button.
    page.focus("#log-toggle")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "last-actions"
    assert page.locator("#last-actions li").first.is_visible()
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "log-toggle"
    assert page.get_attribute("#log-toggle", "aria-expanded") == "false"
    # Continue: the card closes, and the focus comes back to the table: the hand, dealt anew.
    page.focus("#round-end-close")
    page.keyboard.press("Enter")
    page.wait_for_function("s => window.__state.round > s", arg=state["round"])
    page.wait_for_selector("#round-end", state="hidden")
    assert page.evaluate("document.activeElement.id") == "hand"
    assert not errors, errors


# Each key hint the page shows, in the words a person reads: "(h)" on a button, "Pass (p)", the
# line of keys, "press Esc", "(or ↑/↓ and Enter)".
KEY_HINTS = r"""() => document.body.innerText.split('\n')
  .filter((line) => /\([hdpm]\)|Keys:|press Esc|↑|←/.test(line))"""


def test_touch_words_on_a_touch_screen_and_an_uncut_spectator_panel(browser, server, shots):  # noqa: F811
    """One laptop page and one touch page, each sent from table to table (fewer browsers to start)."""
    errors: list[str] = []
    tablet = {**PHONE, "viewport": {"width": 1024, "height": 768}}  # wide, but touch: no keys either
    made = _made(server, "mexican-train", 2, {"match.rounds": "1"}, seed=4)
    link = server.base + made["seats"][0]["link"]
    laptop = open_page(browser, link, errors, LAPTOP)
    laptop.wait_for_function("window.__state.current_player === 0")
    assert any(hint.startswith("Keys:") for hint in laptop.evaluate(KEY_HINTS)), "a laptop shows its keys"
    assert laptop.inner_text("#status") == "Your turn."
    train = view(laptop)["spectator_link"]
    touch = open_page(browser, link, errors, tablet)
    assert touch.evaluate(KEY_HINTS) == [], "a touch screen shows key hints"
    assert touch.inner_text("#status").startswith("Your turn: tap a tile"), "a touch screen says how to play"
    # A 42 auction on a phone: Pass without its key.
    touch.set_viewport_size({"width": 390, "height": 844})
    made = _made(server, "texas-42", 4, {})
    table, token = made["table"], made["seats"][0]["token"]
    _goto(touch, server.base + made["seats"][0]["link"])
    assert touch.locator("#choices .choice-pass").is_visible() and touch.evaluate(KEY_HINTS) == []
    # The start page's radio buttons and checkbox on a phone: each label a finger's height.
    touch.goto(server.base + "/")
    touch.select_option("#variant", "blind-hughie")
    touch.select_option("#players", "4")  # teams are offered
    heights = touch.eval_on_selector_all(
        "label:has(> input[type=radio]), label:has(> input[type=checkbox])",
        "ls => ls.filter((l) => l.offsetParent).map((l) => [l.textContent.trim(), l.getBoundingClientRect().height])",
    )
    assert len(heights) >= 3 and all(height >= 44 for _, height in heights), heights
    touch.context.close()
    # A spectator at 1280×720, of the 42 table mid-hand and of the Mexican Train table: the side
    # panel (the hand's score and the last actions) cuts nothing off.
    state = server.get(f"/api/tables/{table}/state?token={token}")
    for _ in range(3):  # seat 0 bids the most, names trumps and leads; the computers answer at once
        body = {"index": state["legal"][-1]["index"], "version": state["version"]}
        state = server.post(f"/api/tables/{table}/action?token={token}", body)["state"]
    assert state["tricks"]["phase"] == "playing", state["tricks"]["phase"]
    for name, link in (("42", state["spectator_link"]), ("mexican-train", train)):
        _goto(laptop, server.base + link)
        cut = laptop.evaluate(CUT)
        laptop.screenshot(path=shots / f"spectator-{name}-1280.png")
        assert cut == [], f"the spectator's panel cuts off ({name}): {cut}"
    assert not errors, errors


def _goto(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=15000)


# What the side panel cuts off: each element past its right edge (or the screen's), the newest of
# the last actions out of sight, the hand's score scrolled away.
CUT = """() => { const panel = document.querySelector('.side-panel'); const box = (el) => el.getBoundingClientRect();
  const edge = Math.min(box(panel).right, innerWidth);
  const cut = [...panel.querySelectorAll('*')].filter((el) => box(el).right > edge + 1)
    .map((el) => `${el.tagName} ${el.textContent.slice(0, 20)}`);
  const list = document.getElementById('last-actions'), newest = list.lastElementChild;
  const seen = (el, within) => box(el).top >= box(within).top - 1
    && box(el).bottom <= Math.min(box(within).bottom, innerHeight) + 1;
  if (newest && !(seen(newest, list) && seen(newest, panel))) cut.push(`the newest action: ${newest.textContent}`);
  const score = document.getElementById('hand-score');
  if (score && !seen(score, panel)) cut.push('the hand score');
  return cut; }"""
