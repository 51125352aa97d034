"""What a trick game's view says of the game, on scripted deals (docs/web.md, "A trick game's
view"): the finished trick held for the page until the next lead, special contracts named where
they are offered and declared with what each demands, the partner who sits out, the hand's verdict
in the words of the contract's aim, and the score sheet hand by hand. No browser: the JSON alone."""

from __future__ import annotations

import pytest

from interpreter.engine import Action, Match, deal
from interpreter.engine.actions import PASS_ACTION
from interpreter.frontends.web.views import seat_view, spectator_view
from interpreter.loader import load_ruleset
from tests.engine.engine_helpers import ALL_SIXES, SET_DEAL, bid, trumps
from tests.engine.engine_helpers import trick_play as play

PEOPLE = ["human"] * 4

# Seat 1 holds three doubles (splash, not plunge); its partner, seat 3, every six: named trumps,
# they take every trick.
SPLASH = deal(
    "3-3 4-4 5-5 5-0 4-3 4-2 4-1",
    "0-0 1-1 2-2 5-4 5-3 5-2 5-1",
    "4-0 3-2 3-1 3-0 2-1 2-0 1-0",
    "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
    starter=1,
)


@pytest.fixture(scope="module")
def t42():
    return load_ruleset("texas-42")


@pytest.fixture(scope="module")
def house():
    return load_ruleset("texas-42-house")


def _view(match: Match, ruleset, seat: int = 0) -> dict:
    return seat_view(match, ruleset, ["human"] * match.players, seat, len(match.events))


def _hand_end(match: Match, ruleset, seat: int) -> dict:
    """The hand's end as the seat's view shows it (right after it: `round_end`)."""
    view = _view(match, ruleset, seat)
    return view["round_end"] or view["last_round_end"]


# --- the finished trick, held until the next lead ---------------------------------------------------


def test_a_finished_trick_is_held_with_its_taker_until_the_next_lead(t42) -> None:
    match = Match(t42, 4, deals=[SET_DEAL])
    for action in (bid(30), PASS_ACTION, PASS_ACTION, PASS_ACTION, trumps(6), play("6-5"), play("5-0"), play("5-4")):
        match.apply(action)
    assert _view(match, t42)["tricks"]["finished"] is None  # a trick on the table is not finished
    events = match.apply(play("6-6"))
    taken = next(e for e in events if e["type"] == "trick")
    for view in (_view(match, t42, 1), spectator_view(match, t42, PEOPLE, len(match.events))):
        held = view["tricks"]["finished"]
        assert held["seat"] == taken["seat"] == 0 and held["side"] == 0
        assert held["tiles"] == [{"seat": s, "tile": list(t)} for s, t in taken["tiles"]]
        assert [p["seat"] for p in held["tiles"]] == [1, 2, 3, 0]  # as played, the leader first
        assert (held["number"], held["round"], held["points"]) == (1, 1, taken["points"])
        assert held["text"] == "Player 1 took the trick with [6|6]"
        assert view["tricks"]["trick"] == []
    assert _view(match, t42)["tricks"]["finished"]["text"] == "You took the trick with [6|6]"
    match.apply(play("5-5"))  # the next lead: the table moves on
    assert _view(match, t42)["tricks"]["finished"] is None


def test_the_last_trick_of_a_hand_is_held_over_the_next_deal(t42) -> None:
    match = Match(t42, 4, deals=[SET_DEAL])
    for action in (bid(30), PASS_ACTION, PASS_ACTION, PASS_ACTION, trumps(6)):
        match.apply(action)
    for tile in ("6-5", "5-0", "5-4", "6-6", "5-5", "1-1", "3-2"):
        match.apply(play(tile))
    events = match.apply(play("5-3"))  # 30 is out of reach: the hand ends, the next is dealt
    taken = next(e for e in events if e["type"] == "trick")
    view = _view(match, t42)
    assert view["round"] == 2 and view["tricks"]["phase"] == "bidding"
    held = view["tricks"]["finished"]
    assert (held["round"], held["number"], held["seat"]) == (1, 2, taken["seat"])
    assert len(held["tiles"]) == 4
    match.apply(match.legal_actions()[0])  # the next hand's first bid: the table has moved on
    assert _view(match, t42)["tricks"]["finished"] is None


def test_a_trick_of_plays_is_held_with_its_face_down_plays_counted() -> None:
    rules = load_ruleset("tien-gow")
    match = Match(rules, 4, seed=3)
    while not match.events_of("trick"):
        match.apply(match.legal_actions()[-1])  # the last legal play: often laid face down
    taken = match.events_of("trick")[0]
    held = _view(match, rules)["tricks"]["finished"]
    assert held["seat"] == taken["seat"]
    assert held["face_down"] == [list(x) for x in taken.get("face_down", ())]
    shown = sum(1 for _ in held["tiles"]) + sum(n for _, n in held["face_down"])
    assert shown == len(taken["tiles"]) + sum(n for _, n in taken.get("face_down", ()))


# --- special contracts: offered, declared, sitting out, the verdict --------------------------------------


def test_a_bid_that_binds_to_a_contract_is_labelled_with_it(house) -> None:
    match = Match(house, 4, deals=[SPLASH])
    labels = {m["value"]: m["label"] for m in _view(match, house, 1)["legal"] if m["kind"] == "bid"}
    assert labels[126] == "3 marks — splash"  # three doubles: a bid of 3 marks declares splash
    assert labels[84] == "2 marks (84)" and labels[42] == "1 mark (42)"  # no contract's bid: plain
    assert 168 not in labels  # plunge wants four doubles


def test_the_declaration_names_each_contract_with_what_it_demands(house) -> None:
    match = Match(house, 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(42)):
        match.apply(action)
    moves = {m["value"]: m for m in _view(match, house)["legal"]}
    assert moves["nel-o"]["label"] == "nel-o"
    assert moves["nel-o"]["explain"] == (
        "no trumps; you announce where the doubles rank; your partner sits out; you must take no trick"
    )
    assert moves["sevens"]["explain"] == (
        "no suits: the tile closest to 7 pips takes the trick, the first played of equals; your side must take "
        "every trick"
    )
    assert "explain" not in moves[6]  # plain trumps need no words


def test_a_contract_without_suits_names_no_suit_led(house, t42) -> None:
    """Sevens ranks tiles by their pips, not by suits: the table says no suit was led (it said
    "blanks led", the engine's one placeholder suit), while plain trumps still say theirs."""
    match = Match(house, 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(42), trumps("sevens")):
        match.apply(action)
    lead = next(m for m in _view(match, house)["legal"] if m["kind"] == "play")
    match.apply(play(f"{lead['tile'][0]}-{lead['tile'][1]}"))
    shown = _view(match, house, 1)["tricks"]
    assert len(shown["trick"]) == 1 and shown["led"] is None
    tile = f"[{lead['tile'][1]}|{lead['tile'][0]}]"
    assert _view(match, house, 1)["last_actions"][-1] == f"Player 1 led {tile}."  # no "(sixes led)"
    plain = Match(t42, 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(42), trumps(6), play("6-6")):
        plain.apply(action)
    assert _view(plain, t42, 1)["tricks"]["led"] == "trumps led"


def test_a_declared_splash_is_said_with_its_bid_and_its_aim(house) -> None:
    match = Match(house, 4, deals=[SPLASH])
    for action in (bid(126), PASS_ACTION, PASS_ACTION, PASS_ACTION):
        match.apply(action)
    offered = _view(match, house, 1)["legal"]
    assert [(m["label"], m["explain"]) for m in offered] == [
        ("splash", "your partner names trumps and leads; your side must take every trick")
    ]
    match.apply(trumps("splash"))
    for seat in (1, 0):
        tricks = _view(match, house, seat)["tricks"]
        said = (tricks["contract"], tricks["contract_text"], tricks["aim"])
        assert said == ("splash", "3 marks — splash", "all_tricks")
    assert _view(match, house, 0)["tricks"]["demand"] == (
        "Player 2's partner names trumps and leads; their side must take every trick"
    )
    match.apply(trumps(6))
    for lead in ("6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"):
        match.apply(play(lead))
        for _ in range(3):
            match.apply(match.legal_actions()[0])
    end = _hand_end(match, house, 1)
    assert end["reason"] == "made" and end["tricks"]["contract"] == "splash"
    assert end["tricks"]["verdict"] == "splash made: your side took every trick"
    assert _hand_end(match, house, 0)["tricks"]["verdict"] == ("splash made: Player 2 & Player 4 took every trick")


def test_nel_o_shows_the_partner_sitting_out_and_is_set_by_the_bidders_trick(house) -> None:
    match = Match(house, 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(42), trumps("nel-o")):
        match.apply(action)
    moves = {m["label"]: m for m in _view(match, house, 0)["legal"]}  # the nel-o bidder places the doubles
    assert moves["Doubles own suit low"]["explain"] == "the doubles a suit of their own, [0|0] highest"
    match.apply(Action.parse("doubles high"))
    assert _view(match, house, 1)["last_actions"][-1] == (
        "Player 1 announced the doubles' place: each double the highest tile of its suit."
    )
    tricks = _view(match, house, 1)["tricks"]
    assert (tricks["contract_text"], tricks["sitting_out"], tricks["aim"]) == ("1 mark — nel-o", 2, "no_tricks")
    assert tricks["demand"] == (
        "no trumps; each double the highest tile of its suit; Player 1's partner sits out; Player 1 must take no trick"
    )
    assert tricks["aim_words"] == "must take no trick"
    match.apply(play("6-6"))
    match.apply(match.legal_actions()[0])
    match.apply(match.legal_actions()[0])  # seat 2 sits out: the trick is complete
    end = _hand_end(match, house, 0)
    assert (end["reason"], end["tricks"]["contract"]) == ("set", "nel-o")
    assert end["tricks"]["verdict"] == "nel-o set: the bidder (You) took a trick"
    assert "could not make" not in end["tricks"]["verdict"]


# --- the score sheet ---------------------------------------------------------------------------


def test_the_score_sheet_says_each_hands_bidder_bid_contract_and_marks(house) -> None:
    match = Match(house, 4, deals=[ALL_SIXES, SPLASH])
    nel_o = (bid(42), trumps("nel-o"), Action.parse("doubles high"), play("6-6"))
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, *nel_o):
        match.apply(action)
    match.apply(match.legal_actions()[0])
    match.apply(match.legal_actions()[0])
    assert match.round == 2
    (row,) = _view(match, house, 0)["score_sheet"]
    assert (row["bidder"], row["bid_text"], row["contract"], row["made"]) == (0, "1 mark (42)", "nel-o", False)
    assert (row["points"], row["scores"], row["pips"]) == ([0, 1], [0, 1], match.events_of("round_end")[0]["pips"])
    starter = match.current_player
    for action in (bid(30), PASS_ACTION, PASS_ACTION, PASS_ACTION, trumps(3)):
        match.apply(action)
    while match.round == 2:
        match.apply(match.legal_actions()[0])
    second = _view(match, house, 0)["score_sheet"][1]
    assert (second["bidder"], second["bid_text"], second["contract"]) == (starter, "30", "trumps: threes")
    assert second["scores"] == [a + b for a, b in zip(row["scores"], second["points"], strict=True)]


def test_a_trick_game_without_an_auction_lists_each_hands_points() -> None:
    rules = load_ruleset("bingo")
    match = Match(rules, 2, seed=2)
    while match.round == 1:
        match.apply(match.legal_actions()[0])
    (row,) = _view(match, rules)["score_sheet"]
    end = match.events_of("round_end")[0]
    assert row["bidder"] is None and row["contract"] is None and row["pips"] == end["pips"]


def test_a_plunge_set_by_a_trick_says_who_took_it(house) -> None:
    four_doubles = deal(
        "4-4 5-5 6-6 0-1 0-2 0-3 0-4",
        "0-0 1-1 2-2 3-3 0-5 0-6 1-2",
        "1-3 1-4 1-5 1-6 2-3 2-4 2-5",
        "2-6 3-4 3-5 3-6 4-5 4-6 5-6",
        starter=1,
    )
    match = Match(house, 4, deals=[four_doubles])
    for action in (bid(168), PASS_ACTION, PASS_ACTION, PASS_ACTION, trumps("plunge"), trumps(6), play("5-6")):
        match.apply(action)
    match.apply(play("6-6"))  # seat 0's double-six takes the first trick: set at once
    while match.round == 1:
        match.apply(match.legal_actions()[0])
    assert _hand_end(match, house, 0)["tricks"]["verdict"] == "plunge set: your side took a trick"
    assert _hand_end(match, house, 1)["tricks"]["verdict"] == "plunge set: Player 1 & Player 3 took a trick"


def test_a_bid_that_binds_is_told_with_its_contract_not_a_number_to_make(house) -> None:
    match = Match(house, 4, deals=[SPLASH])
    for action in (bid(126), PASS_ACTION, PASS_ACTION, PASS_ACTION):
        match.apply(action)
    told = _view(match, house, 1)["last_actions"]
    assert "You won the bid at 3 marks — splash with Player 4 (worth 3 marks)." in told  # not "must make 42"
    match.apply(trumps("splash"))
    told = _view(match, house, 0)["last_actions"]
    demand = "Player 2's partner names trumps and leads; their side must take every trick"
    assert told[-1] == f"Player 2 declared splash: {demand}."


def test_a_bid_followed_by_a_contract_is_told_with_it_once_declared(house) -> None:
    match = Match(house, 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(42)):
        match.apply(action)
    told = _view(match, house, 0)["last_actions"]
    assert told[-1] == "You won the bid at 1 mark (42) and must make 42 with Player 3 (worth 1 mark)."  # not known yet
    match.apply(trumps("nel-o"))
    told = _view(match, house, 0)["last_actions"]
    assert told[-2:] == ["You won the bid at 1 mark — nel-o (worth 1 mark).",
                         "You declared nel-o: no trumps; you announce where the doubles rank; your partner sits out; "
                         "you must take no trick."]  # fmt: skip
