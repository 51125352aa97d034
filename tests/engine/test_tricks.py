"""The trick family on scripted deals: the auction, trumps, following suit, who takes a trick,
the count, a contract made or set, and the match to its target (Texas 42's rules as the example;
docs/format.md, "Trick games")."""

from __future__ import annotations

import dataclasses
import random

import pytest
from engine_helpers import ALL_SIXES, SET_DEAL, bid, trumps
from engine_helpers import trick_play as play

from interpreter.engine import Action, IllegalAction, Match, TrickMatch, deal
from interpreter.engine.actions import BID, PASS_ACTION
from interpreter.engine.tricks.determinize import TrickDeterminizer
from interpreter.loader import load_ruleset, load_ruleset_text


@pytest.fixture(scope="module")
def t42():
    return load_ruleset("texas-42")


def test_a_trick_file_makes_a_trick_match(t42) -> None:
    match = Match(t42, 4, seed=1)
    assert isinstance(match, TrickMatch) and isinstance(match, Match)
    assert match.sides == 2 and [match.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert len(match.hand(0)) == 7 and match.boneyard == () and match.dead == ()


def test_a_bid_of_thirty_is_set_as_soon_as_the_defenders_take_thirteen(t42) -> None:
    match = Match(t42, 4, deals=[SET_DEAL])
    assert match.current_player == 1  # the starter bids first; the dealer (seat 0) bids last
    for action in (bid(30), PASS_ACTION, PASS_ACTION, PASS_ACTION):
        match.apply(action)
    assert match.current_player == 1 and match.legal_actions() == [trumps(p) for p in range(7)] + [
        trumps("doubles"),
        trumps("none"),
    ]
    match.apply(trumps(6))
    # Trick 1: 6-5 led is a trump; seats 2 and 3 hold no six and may play anything; seat 0 holds
    # 6-4 and 6-6 and must play one of them; the double is the highest six.
    match.apply(play("6-5"))
    match.apply(play("5-0"))
    match.apply(play("5-4"))
    assert match.legal_actions() == [play("4-6"), play("6-6")]
    with pytest.raises(IllegalAction, match="you must follow trumps: 0-1 does not"):
        match.apply(play("0-1"))
    events = match.apply(play("6-6"))
    trick = next(e for e in events if e["type"] == "trick")
    assert (trick["seat"], trick["side"], trick["count"], trick["points"]) == (0, 0, 5, 6)
    # Trick 2: 5-5 is led as a five (a double's suit is its number); seat 1 has no five that is
    # not a trump, seat 3 must follow fives.
    match.apply(play("5-5"))
    assert match.legal_actions() == [play(t) for t in ("0-6", "1-1", "1-6", "2-6", "3-6", "4-4")]
    match.apply(play("1-1"))
    match.apply(play("3-2"))
    assert match.legal_actions() == [play("1-5"), play("2-5"), play("3-5")]
    with pytest.raises(IllegalAction, match="you must follow fives: 3-4 does not"):
        match.apply(play("4-3"))
    events = match.apply(play("5-3"))
    # 6 + 1 + 15 = 22 points to the defenders: 30 is out of reach, and the hand stops.
    trick = next(e for e in events if e["type"] == "trick")
    assert (trick["seat"], trick["count"], trick["points"]) == (0, 15, 16)
    end = next(e for e in events if e["type"] == "round_end")
    assert (end["reason"], end["made"], end["bid"], end["pips"], end["scores"]) == ("set", False, 30, [22, 0], [1, 0])
    assert match.scores == (1, 0) and match.round == 2 and not match.is_over
    assert match.current_player == 2  # the next seat bids first in the next hand


def test_all_seven_tricks_make_a_bid_of_one_mark(t42) -> None:
    match = Match(t42, 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(42), trumps(6)):
        match.apply(action)
    assert match.current_player == 0  # the bidder leads
    takers = []
    for lead in ("6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"):
        events = list(match.apply(play(lead)))
        for _ in range(3):  # nobody else holds a six: each plays its first tile
            events += match.apply(match.legal_actions()[0])
        takers += [e["seat"] for e in events if e["type"] == "trick"]
    assert takers == [0] * 7
    end = match.events_of("round_end")[0]
    assert (end["reason"], end["made"], end["pips"], end["scores"]) == ("made", True, [42, 0], [1, 0])


def test_the_marks_ladder_and_a_redeal_when_everyone_passes(t42) -> None:
    match = Match(t42, 4, deals=[SET_DEAL, SET_DEAL])
    values = [a.value for a in match.legal_actions() if a.kind == BID]
    assert values == [*range(30, 42), 42, 84]  # 3 marks only over 2 marks
    match.apply(bid(84))
    assert [a.value for a in match.legal_actions() if a.kind == BID] == [126]
    with pytest.raises(IllegalAction, match="a bid of 168 is not allowed now"):
        match.apply(bid(168))
    again = Match(t42, 4, deals=[SET_DEAL])
    for _ in range(4):
        again.apply(PASS_ACTION)
    deals = again.events_of("deal")
    seen = [(d["round"], d["starter"], d["how"], d["redeals"]) for d in deals]
    assert seen == [(1, 1, "scripted", 0), (1, 2, "redeal", 1)]
    assert again.round == 1 and again.current_player == 2


def test_the_forced_bid_house_rule(t42) -> None:
    forced = load_ruleset("texas-42-forced-bid")
    match = Match(forced, 4, deals=[SET_DEAL])
    for _ in range(3):
        match.apply(PASS_ACTION)
    legal = match.legal_actions()
    assert PASS_ACTION not in legal and legal[0] == bid(30)
    with pytest.raises(IllegalAction, match="everyone else passed: you must bid"):
        match.apply(PASS_ACTION)


def test_a_trump_belongs_to_trumps_only(t42) -> None:
    """texas42.net: with fours trumps, "if the deuce-ace is led, and the only deuce in your hand is
    the four-deuce, a trump, you do not have to play it"."""
    hands = deal(
        "2-1 6-6 6-5 6-4 6-3 6-2 6-1",
        "4-2 5-5 5-4 5-3 5-1 5-0 0-0",
        "4-4 4-3 4-1 4-0 3-3 3-2 3-1",
        "3-0 2-2 2-0 1-1 1-0 6-0 5-2",
        starter=0,
    )
    match = Match(t42, 4, deals=[hands])
    for action in (bid(30), PASS_ACTION, PASS_ACTION, PASS_ACTION, trumps(4), play("2-1")):
        match.apply(action)
    assert len(match.legal_actions()) == 7  # 4-2 is a four: seat 1 holds no deuce and plays anything


def test_doubles_as_trumps_and_no_trumps(t42) -> None:
    match = Match(t42, 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(30), trumps("doubles"), play("6-6")):
        match.apply(action)
    assert match.legal_actions() == [play("4-4"), play("5-5")]  # a double led is a trump: follow with a double
    match = Match(t42, 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(30), trumps("none"), play("6-6")):
        match.apply(action)
    assert len(match.legal_actions()) == 7  # follow me: 6-6 leads sixes, and seat 1 holds none
    for _ in range(3):
        match.apply(match.legal_actions()[0])
    assert match.events_of("trick")[0]["seat"] == 0


def test_a_match_goes_to_seven_marks_and_is_reproducible(t42) -> None:
    first = Match(t42, 4, seed=11)
    first.playout(random.Random(5), until="match")
    again = Match(t42, 4, seed=11)
    again.playout(random.Random(5), until="match")
    assert first.is_over and max(first.scores) >= 7 and first.events == again.events
    assert first.winners == (max(range(2), key=lambda s: first.scores[s]),)


def test_the_playout_is_the_loop_over_legal_actions_and_apply(t42) -> None:
    for seed in range(20):
        fast = Match(t42, 4, seed=seed)
        fast.playout(random.Random(seed), until="match")
        slow = Match(t42, 4, seed=seed)
        rng = random.Random(seed)
        while not slow.is_over:
            legal = slow.legal_actions()
            slow.apply(legal[int(rng.random() * len(legal))] if len(legal) > 1 else legal[0])
        assert fast.events == slow.events


def test_a_seat_sees_no_hand_but_its_own(t42) -> None:
    match = Match(t42, 4, seed=3)
    match.playout(random.Random(2), until="round")
    history = match.observation(1).history
    deals = [e for e in history if e["type"] == "deal"]
    assert deals and all("hands" not in d and "dead" not in d for d in deals)
    assert all(e["hands"] == [[], [], [], []] for e in history if e["type"] == "round_end")


def test_a_determinization_keeps_what_play_revealed(t42) -> None:
    rng = random.Random(4)
    checked = 0
    for seed in range(12):
        match = Match(t42, 4, seed=seed)
        while not match.is_over and match.round == 1:
            seat = match.current_player
            observation = match.observation(seat)
            sample = TrickDeterminizer(t42, observation).sample(rng)
            assert sample.hand(seat) == match.hand(seat)
            assert sample.legal_actions() == match.legal_actions()
            assert [len(sample.hand(s)) for s in range(4)] == [len(match.hand(s)) for s in range(4)]
            view = match.trick_view
            if view.declaration is not None:
                suits = match._table.suits
                for other, voids in enumerate(view.voids):
                    for suit in voids:
                        assert not sample._table.hands[other] & suits.follows[suit]
                        checked += 1
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    assert checked > 0


def test_a_hand_in_which_nobody_scores_still_ends(tmp_path) -> None:
    """Found by the fuzzer: a hand whose score is 0 for every side ended with an internal error."""
    text = "name: late\nextends: texas-42\nscoring: {hand: 'if round > 1 then 1 else 0'}\n"
    rules = load_ruleset_text(text, "late.yaml", tmp_path)
    match = Match(rules, 4, deals=[SET_DEAL])
    for action in (bid(30), PASS_ACTION, PASS_ACTION, PASS_ACTION, trumps(6)):
        match.apply(action)
    for tile in ("6-5", "5-0", "5-4", "6-6", "5-5", "1-1", "3-2", "5-3"):
        match.apply(play(tile))
    (end,) = match.events_of("round_end")
    assert (end["reason"], end["scores"]) == ("set", [0, 0]) and match.events_of("score") == []
    assert match.round == 2


# --- special contracts (rules/texas-42-house.yaml) ------------------------------------------------

FOUR_DOUBLES = deal(
    "4-4 5-5 6-6 0-1 0-2 0-3 0-4",
    "0-0 1-1 2-2 3-3 0-5 0-6 1-2",
    "1-3 1-4 1-5 1-6 2-3 2-4 2-5",
    "2-6 3-4 3-5 3-6 4-5 4-6 5-6",
    starter=1,
)


@pytest.fixture(scope="module")
def house():
    return load_ruleset("texas-42-house")


def test_nel_o_sits_the_partner_out_and_is_set_by_one_trick(house) -> None:
    match = Match(house, 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(42)):
        match.apply(action)
    declared = [a.value for a in match.legal_actions()]
    assert declared == [*range(7), "doubles", "none", "nel-o", "sevens"]  # 1 double: no plunge, no splash
    match.apply(trumps("nel-o"))
    match.apply(Action.parse("doubles high"))
    assert match.trick_view.sitting_out == 2 and match.current_player == 0
    match.apply(play("6-6"))
    assert match.current_player == 1
    match.apply(match.legal_actions()[0])
    assert match.current_player == 3  # seat 2 sits out
    events = match.apply(match.legal_actions()[0])
    trick = next(e for e in events if e["type"] == "trick")
    assert (trick["seat"], len(trick["tiles"])) == (0, 3)
    end = next(e for e in events if e["type"] == "round_end")
    assert (end["reason"], end["scores"]) == ("set", [0, 1])  # the bidder took a trick: set at once


NEL_O_SIXES = deal(
    "0-6 1-6 2-6 3-6 4-6 5-6 0-0",
    "6-6 1-1 1-2 1-3 1-4 1-5 2-2",
    "0-1 0-2 0-3 0-4 0-5 2-3 2-4",
    "2-5 3-3 3-4 3-5 4-4 4-5 5-5",
    starter=1,
)


def test_the_nel_o_bidder_announces_the_doubles_low_and_a_double_six_loses_to_six_one(house) -> None:
    """texas-42-house: the nel-o bidder places the doubles after declaring (contracts[].doubles:
    declared); low, seat 1's 6-6 is the lowest six, so the bidder's 6-1 takes the trick: set."""
    match = Match(house, 4, deals=[NEL_O_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(42), trumps("nel-o")):
        match.apply(action)
    assert [str(a) for a in match.legal_actions()] == [
        "doubles high", "doubles low", "doubles own_suit", "doubles own_suit_low",
    ]  # fmt: skip
    assert match.current_player == 0
    events = match.apply(Action.parse("doubles low"))
    assert events[0]["action"] == {"kind": "doubles", "value": "low"}
    assert match.trick_view.doubles_place == "low"
    match.apply(play("1-6"))
    assert match.legal_actions() == [play("6-6")]  # seat 1's only six
    match.apply(play("6-6"))
    events = match.apply(play("2-5"))
    trick = next(e for e in events if e["type"] == "trick")
    assert trick["seat"] == 0
    end = next(e for e in events if e["type"] == "round_end")
    assert (end["reason"], end["scores"]) == ("set", [0, 1])


def test_plunge_bids_out_of_the_ladder_and_the_partner_names_trumps_and_leads(house) -> None:
    match = Match(house, 4, deals=[FOUR_DOUBLES])
    values = [a.value for a in match.legal_actions() if a.kind == BID]
    assert values == [*range(30, 42), 42, 84, 126, 168]  # four doubles: splash and plunge too
    match.apply(bid(168))
    assert [a.value for a in match.legal_actions() if a.kind == BID] == [210]  # no doubles: the ladder only
    for _ in range(3):
        match.apply(PASS_ACTION)
    assert match.current_player == 1 and match.legal_actions() == [trumps("plunge")]
    match.apply(trumps("plunge"))
    assert match.current_player == 3  # the partner names trumps
    assert len(match.legal_actions()) == 9
    match.apply(trumps(6))
    assert match.current_player == 3 and match.trick_view.contract == "plunge"
    match.apply(play("5-6"))
    assert match.legal_actions() == [play("6-6")]  # seat 0's only six, and sixes are trumps
    events = list(match.apply(play("6-6")))
    for _ in range(2):
        events += match.apply(match.legal_actions()[0])
    end = next(e for e in events if e["type"] == "round_end")
    assert (end["reason"], end["scores"]) == ("set", [4, 0])  # a trick lost: set, 4 marks to the others


def declared_after(house, starter: int, *bids: int | None) -> list:
    """What the auction's winner may declare on FOUR_DOUBLES (seat 1: four doubles, seat 0: three,
    seats 2 and 3: none) after `bids` in turn from `starter` (None: a pass)."""
    match = Match(house, 4, deals=[dataclasses.replace(FOUR_DOUBLES, starter=starter)])
    for value in bids:
        match.apply(PASS_ACTION if value is None else bid(value))
    return [a.value for a in match.legal_actions()]


def test_a_contracts_bid_binds_also_when_it_is_a_bid_of_the_ladder(house) -> None:
    # Four doubles bid 168, "4 marks", over 126 as the ladder allows: plunge's bid, so plunge.
    assert declared_after(house, 2, 84, 126, None, 168) == ["plunge"]
    # Three doubles bid 126, "3 marks", over 84: splash's bid, so splash.
    assert declared_after(house, 3, 84, 126, None, None) == ["splash"]


def test_a_contracts_bid_does_not_bind_a_hand_that_does_not_meet_it(house) -> None:
    # No double bids 126 over 84: not a splash hand, so trumps or any contract its bid allows.
    assert declared_after(house, 2, 84, 126, None, None) == [*range(7), "doubles", "none", "nel-o", "sevens"]


def test_sevens_plays_the_tile_closest_to_seven(house) -> None:
    match = Match(house, 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(42), trumps("sevens")):
        match.apply(action)
    assert match.legal_actions() == [play("1-6")]
    with pytest.raises(IllegalAction, match=r"highest-ranked tiles \(sevens\): 6-6 is not one"):
        match.apply(play("6-6"))
    match.apply(play("1-6"))
    assert match.legal_actions() == [play("2-5")]
    match.apply(play("2-5"))
    assert match.legal_actions() == [play("3-4")]
    match.apply(play("3-4"))
    assert match.legal_actions() == [play("2-2")]
    events = match.apply(play("2-2"))
    trick = next(e for e in events if e["type"] == "trick")
    assert trick["seat"] == 0  # three tiles of 7 pips: the first played takes it


def test_doubles_as_a_suit_of_their_own(tmp_path) -> None:
    text = "name: own\nextends: texas-42\ncontracts: [{name: apart, trumps: none, doubles: own_suit}]\n"
    rules = load_ruleset_text(text, "own.yaml", tmp_path)
    match = Match(rules, 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(30), trumps("apart"), play("6-6")):
        match.apply(action)
    assert match.legal_actions() == [play("4-4"), play("5-5")]  # a double led calls for a double


# --- a set with tiles left out and a widow (rules/moon.yaml) --------------------------------------

MOON_DEAL = deal(
    "6-6 5-6 4-6 3-6 2-6 1-6 5-5",
    "4-4 4-5 3-5 2-5 1-5 3-4 2-4",
    "1-1 2-2 3-3 1-2 1-3 1-4 2-3",
    starter=1,
)  # the 22nd tile, 0-0, is the widow


def test_moon_shot_takes_the_widow_discards_it_face_down_and_scores_21() -> None:
    moon = load_ruleset("moon")
    assert moon.set_size == 22 and (0, 1) not in moon.set_tiles() and (0, 0) in moon.set_tiles()
    match = Match(moon, 3, deals=[MOON_DEAL])
    assert match.dead == ((0, 0),)
    match.apply(PASS_ACTION)
    match.apply(PASS_ACTION)
    assert [a.value for a in match.legal_actions() if a.kind == BID] == [4, 5, 6, 7, 21]
    match.apply(bid(21))
    assert [a.value for a in match.legal_actions()] == [*range(7), "none"]  # no doubles contract
    match.apply(trumps(6))
    assert match.current_player == 0 and len(match.hand(0)) == 8  # the widow joined the hand
    held = ("0-0", "1-6", "2-6", "3-6", "4-6", "5-5", "5-6", "6-6")  # in tile order
    assert match.legal_actions() == [Action.parse(f"discard {tile}") for tile in held]
    match.apply(Action.parse("discard 0-0"))
    seen = match.observation(1)
    draws = [e for e in seen.history if e["type"] == "draw"]
    discards = [e for e in seen.history if e["type"] == "action" and e["action"]["kind"] == "discard"]
    assert draws == [{"type": "draw", "seat": 0}]  # the widow, face down
    assert discards == [{"type": "action", "seat": 0, "action": {"kind": "discard"}}]
    assert match.observation(0).tricks.discards == ((0, 0),) and seen.tricks.discards == ()
    for lead in ("6-6", "5-6", "4-6", "3-6", "2-6", "1-6", "5-5"):
        match.apply(play(lead))
        for _ in range(2):
            match.apply(match.legal_actions()[0])
    end = match.events_of("round_end")[0]
    assert (end["made"], end["pips"], end["scores"]) == (True, [7, 0, 0], [21, 0, 0])
    assert match.is_over and match.winners == (0,)


def test_an_auction_round_after_round_until_the_others_pass(tmp_path) -> None:
    text = "name: rounds\nextends: texas-42\nbidding: {rounds: until_passes}\n"
    rules = load_ruleset_text(text, "rounds.yaml", tmp_path)
    match = Match(rules, 4, deals=[SET_DEAL])  # seat 1 bids first
    for action in (bid(30), bid(31), PASS_ACTION, bid(32)):  # seats 1, 2, 3 (out), 0
        match.apply(action)
    assert match.current_player == 1 and match.phase == "bidding"  # round two: seat 1 again
    match.apply(bid(33))
    assert match.current_player == 2  # seat 3 passed: it is skipped from now on
    match.apply(PASS_ACTION)
    assert match.current_player == 0
    match.apply(PASS_ACTION)  # all but seat 1 have passed: it won at 33
    contract = match.events_of("contract")[0]
    assert (contract["seat"], contract["bid"], match.phase, match.current_player) == (1, 33, "declaring", 1)
    assert [value for _, value in match.trick_view.bids] == [30, 31, None, 32, 33, None, None]


def test_with_rounds_until_passes_a_pass_out_still_deals_again(tmp_path) -> None:
    text = "name: rounds\nextends: texas-42\nbidding: {rounds: until_passes}\n"
    rules = load_ruleset_text(text, "rounds.yaml", tmp_path)
    match = Match(rules, 4, deals=[SET_DEAL, SET_DEAL])
    for _ in range(4):
        match.apply(PASS_ACTION)
    assert match.round == 1 and match.events_of("deal")[-1]["how"] == "redeal" and match.current_player == 2


def test_a_hand_whose_bidders_partner_sits_out_ends_after_the_last_trick_of_the_seats_in_play():
    """Nel-o: the bidder's partner sits out with seven tiles; the hand ends once the three seats in
    play have laid theirs (a random match of the house rules stalled there: no legal action; seed 3
    reaches a nel-o hand since the house rules limit raises, as seed 1 did before)."""
    import random

    from interpreter.engine import Match
    from interpreter.resources import bundled_variants
    from interpreter.rulefile.loader import load_ruleset

    match = Match(load_ruleset(bundled_variants()["texas-42-house"]), players=4, seed=3)
    chooser = random.Random(3)
    nello = False
    while not match.is_over and match.round < 4:
        legal = match.legal_actions()
        assert legal, f"round {match.round}: a hand that is not over offers no action"
        match.apply(chooser.choice(legal))
        nello = nello or any(e.get("action", {}).get("value") == "nel-o" for e in match.events[-1:])
    assert nello  # the deal that stalled
