"""In a real browser (as tests/web/test_browser.py): a layout game's round end stays on the table,
the finished layout behind its summary, until the person presses Continue, at every pace; the
next deal comes only then. The scores so far, and a status line that says what is true (after
one's own move, a lost connection, a click that lost to another tab)."""

from __future__ import annotations

from tests.web.test_browser import HUMAN, browser, computer, open_page, play_one, server, shots, view  # noqa: F401

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
    """A view without the server's clock, which each live message carries as it is sent."""
    return {key: value for key, value in state.items() if key != "now"}


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
