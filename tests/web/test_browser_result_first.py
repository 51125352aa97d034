"""The result first, and the comforts that count, in a real browser (as tests/web/test_browser.py):
the match-over card leads with the winner and the final score, Play again beside them in the
card's first screenful on a phone; a round's card has one line of scores above its details; no
card scrolls sideways on a 390 px phone, in every family; the keyboard's focus goes into a card
that opens and back where it was when it closes; a touch screen shows no key hints (a laptop
does); a spectator's side panel at 1280×720 cuts nothing off.

Screenshots (where `shots` says): result-<family>-phone.png for each family's match over,
result-draw-1280.png, result-draw-1920.png, round-card-phone.png, round-card-1280.png,
round-card-1920.png, spectator-42-1280.png, spectator-mexican-train-1280.png."""

from __future__ import annotations

from tests.web import test_browser as base
from tests.web.test_browser_screens import LAPTOP, PHONE

browser, server, shots = base.browser, base.server, base.shots  # the fixtures, by name
HUMAN, computer, open_page, view = base.HUMAN, base.computer, base.open_page, base.view
DESKTOP = {"viewport": {"width": 1920, "height": 1080}}

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


def test_the_match_over_card_leads_with_the_winner_and_the_score(browser, server, shots):
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
            phone = open_page(browser, link, errors, PHONE)
        else:  # the same phone, from one finished table to the next
            phone.goto(link)
            phone.wait_for_selector("body[data-ready='1']")
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
        base.assert_card_fits(phone)
        if family == "draw":  # and on a laptop's screen and a large one
            for size, context in (("1280", LAPTOP), ("1920", DESKTOP)):
                wide = open_page(browser, link, errors, context)
                wide.wait_for_selector("#round-end:not([hidden])")
                assert wide.evaluate(CARD)["againInSight"], size
                wide.screenshot(path=shots / f"result-draw-{size}.png")
                wide.context.close()
    assert not errors, errors


def test_a_round_card_puts_its_scores_first_and_focus_comes_back(browser, server, shots):
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
    assert not errors, errors


# Each key hint a page shows: "(h)" on a button, the line of keys, "press Esc"; by its words.
KEY_HINTS = """() => [...document.querySelectorAll('.key-hint, #keys, #status')]
  .filter((el) => el.getBoundingClientRect().height > 0 && !el.closest('[hidden]'))
  .map((el) => el.innerText).filter((t) => /\\(h\\)|\\(d\\)|Keys:|Enter|Esc|↑|←/.test(t))"""


def test_touch_words_on_a_touch_screen_and_an_uncut_spectator_panel(browser, server, shots):
    errors: list[str] = []
    tablet = {**PHONE, "viewport": {"width": 1024, "height": 768}}  # wide, but touch: no keys either
    made = _made(server, "mexican-train", 2, {"match.rounds": "1"}, seed=4)
    link = server.base + made["seats"][0]["link"]
    laptop = open_page(browser, link, errors, LAPTOP)
    laptop.wait_for_function("window.__state.current_player === 0")
    assert any("Keys:" in hint for hint in laptop.evaluate(KEY_HINTS)), "a laptop shows its keys"
    assert laptop.inner_text("#status") == "Your turn."
    train = view(laptop)["spectator_link"]
    touch = open_page(browser, link, errors, tablet)
    assert touch.evaluate(KEY_HINTS) == [], "a touch screen shows key hints"
    assert touch.inner_text("#status").startswith("Your turn: tap a tile"), "a touch screen says how to play"
    laptop.context.close()
    touch.context.close()
    # The start page's radio buttons and checkbox on a phone: each label a finger's height.
    start = open_page(browser, server.base + "/", errors, PHONE)
    start.select_option("#variant", "blind-hughie")
    start.select_option("#players", "4")  # teams are offered
    heights = start.eval_on_selector_all(
        "label:has(> input[type=radio]), label:has(> input[type=checkbox])",
        "ls => ls.filter((l) => l.offsetParent).map((l) => [l.textContent.trim(), l.getBoundingClientRect().height])",
    )
    assert len(heights) >= 3 and all(height >= 44 for _, height in heights), heights
    start.context.close()
    # A spectator at 1280×720, of a Mexican Train table and of a 42 table mid-hand: the side panel
    # (the hand's score and the last actions) cuts nothing off.
    made = _made(server, "texas-42", 4, {})
    table, token = made["table"], made["seats"][0]["token"]
    state = server.get(f"/api/tables/{table}/state?token={token}")
    for _ in range(3):  # seat 0 bids the most, names trumps and leads; the computers answer at once
        body = {"index": state["legal"][-1]["index"], "version": state["version"]}
        state = server.post(f"/api/tables/{table}/action?token={token}", body)["state"]
    assert state["tricks"]["phase"] == "playing", state["tricks"]["phase"]
    for name, link in (("42", state["spectator_link"]), ("mexican-train", train)):
        watcher = open_page(browser, server.base + link, errors, LAPTOP)
        cut = watcher.evaluate(CUT)
        watcher.screenshot(path=shots / f"spectator-{name}-1280.png")
        assert cut == [], f"the spectator's panel cuts off ({name}): {cut}"
        watcher.context.close()
    assert not errors, errors


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
