"""Texas 42's special contracts at the terminal (rules/texas-42-house.yaml): a bid that declares one
and a declaration say the contract's name and what it demands, the contract line says "3 marks —
splash", the partner who sits out is shown so, the hand's verdict speaks of the contract's aim, and
`scores` prints the score sheet hand by hand. The same words as the page's (presentation/contracts.py).

The scripted deals make each outcome exact; the CLI game's words are worked out from the engine."""

from __future__ import annotations

import pytest

from interpreter.engine import Match
from interpreter.engine.actions import PASS_ACTION
from interpreter.frontends.presentation.moves import numbered
from interpreter.frontends.presentation.seats import Seat
from interpreter.frontends.presentation.style import Style
from interpreter.frontends.presentation.tricks import describe_trick_move, read_trick_word
from interpreter.frontends.terminal.trick_table import trick_screen
from interpreter.loader import load_ruleset
from tests.clirunner import domino
from tests.engine.engine_helpers import ALL_SIXES, bid, trumps
from tests.web.test_trick_table_views import SPLASH

PLAIN = Style(False)
SEATS = [Seat("human", "You"), Seat("human", "Ann"), Seat("human", "Bob"), Seat("human", "Cy")]


@pytest.fixture(scope="module")
def house():
    return load_ruleset("texas-42-house")


def _screen(match: Match, rules, seat: int) -> str:
    seats = [Seat("human", "You" if n == seat else s.name if s.name != "You" else "Dee") for n, s in enumerate(SEATS)]
    legal = numbered(match.legal_actions(), match.layout, match.ruleset)
    return trick_screen(match, rules, seats, seat, legal, PLAIN)


def test_a_bid_and_a_declaration_say_the_contract_and_what_it_demands(house) -> None:
    match = Match(house, 4, deals=[SPLASH])
    assert "bid 3 marks — splash" in _screen(match, house, 1)
    for action in (bid(126), PASS_ACTION, PASS_ACTION, PASS_ACTION):
        match.apply(action)
    screen = _screen(match, house, 1)
    assert "Declare it\n   1  splash — your partner names trumps and leads; your side must take every trick" in screen
    assert "Contract  You bid 3 marks — splash" in screen
    assert read_trick_word("splash", match.legal_actions(), match) == trumps("splash")  # typed by its name
    match.apply(trumps("splash"))
    match.apply(trumps(6))
    screen = _screen(match, house, 0)
    said = "Contract  Ann bid 3 marks — splash: Ann's partner names trumps and leads; their side must take every"
    assert said in screen
    assert "trumps: sixes" in screen


def test_nel_o_shows_the_partner_sitting_out_and_the_verdict_of_its_aim(house) -> None:
    match = Match(house, 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(42)):
        match.apply(action)
    moves = [describe_trick_move(a, match) for a in match.legal_actions()]
    assert (
        "nel-o — no trumps; you announce where the doubles rank; your partner sits out; you must take no trick"
        in moves
    )
    match.apply(trumps("nel-o"))
    screen = _screen(match, house, 1)
    assert "Contract  Dee bid 1 mark — nel-o: no trumps; Dee announces where the doubles rank;" in screen
    assert "Announce where the doubles rank" in screen
    match.apply(match.legal_actions()[0])  # doubles high
    screen = _screen(match, house, 1)
    assert (
        "Contract  Dee bid 1 mark — nel-o: no trumps; each double the highest tile of its suit; Dee's partner"
        " sits out; Dee must take no trick." in screen
    )
    assert "sits out this hand (nel-o)" in next(line for line in screen.splitlines() if line.strip().startswith("Bob"))
    assert "must take no trick: 0 tricks so far" in screen


def test_sevens_names_no_suit_led(house) -> None:
    """Sevens ranks the tiles without suits: the trick line names no suit led (it said "sixes led",
    the engine's placeholder suit seen through plain no-trumps)."""
    match = Match(house, 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(42), trumps("sevens")):
        match.apply(action)
    match.apply(match.legal_actions()[0])
    trick = next(line for line in _screen(match, house, 1).splitlines() if line.startswith("Trick 1"))
    assert trick.rstrip() == "Trick 1", trick


def test_a_hot_seat_nel_o_hand_is_declared_set_and_on_the_score_sheet(tmp_path, house) -> None:
    """Four people at one keyboard: the dealer bids 1 mark, declares nel-o by typing its name and
    plays; the hand's end says the verdict of its aim, and `scores` prints the sheet."""
    seed = 3
    match = Match(house, 4, seed=seed)
    typed: list[str] = []
    while match.trick_view.phase == "bidding":  # type: ignore[attr-defined]
        last = len(match.trick_view.bids) == 3  # type: ignore[attr-defined]
        action = bid(42) if last else PASS_ACTION
        typed.append("bid 42" if last else "pass")
        match.apply(action)
    typed.append("nel-o")
    match.apply(trumps("nel-o"))
    typed.append("1")  # the doubles' place the nel-o bidder announces: the first offered (high)
    match.apply(numbered(match.legal_actions(), match.layout, match.ruleset)[0])
    while match.round == 1:
        typed.append("1")
        match.apply(numbered(match.legal_actions(), match.layout, match.ruleset)[0])
    end = match.events_of("round_end")[0]
    typed += ["scores", "quit"]
    result = domino("play", "texas-42-house", "--players", "human,human,human,human", "--seed", str(seed),
                    "--save", "g.json", cwd=tmp_path, stdin="\n".join(typed) + "\n")  # fmt: skip
    out = result.stdout
    bidder = f"Player {end['seat'] + 1}"  # at one keyboard nobody is "You"
    assert (
        f"{bidder} declared nel-o: no trumps; {bidder} announces where the doubles rank; {bidder}'s partner sits"
        f" out; {bidder} must take no trick." in out
    )
    assert f"nel-o: no trumps; each double the highest tile of its suit; {bidder}'s partner sits out" in out
    took = "made: the bidder ({}) took no trick" if end["made"] else "set: the bidder ({}) took a trick"
    assert f"nel-o {took.format(bidder)}." in out
    assert "could not make" not in out and "42 needed" not in out
    sheet = out[out.index("Score sheet") :]
    row = next(line for line in sheet.splitlines() if line.strip().startswith("1 "))
    assert bidder in row and "1 mark (42)" in row and "nel-o" in row and ("made" if end["made"] else "set") in row
    assert " = ".join(["", str(end["scores"][0])]).strip() in row


def test_scores_before_any_hand_ended_says_so(tmp_path) -> None:
    result = domino("play", "texas-42", "--players", "human,greedy,greedy,greedy", "--seed", "1", "--save", "g.json",
                    cwd=tmp_path, stdin="scores\nquit\n")  # fmt: skip
    assert "No hand has ended yet." in result.stdout
