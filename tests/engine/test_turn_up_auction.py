"""An auction over the turned-up suit (docs/format.md, `bidding.bids: turn_up`): Domino Euchre
(pagat: "The auction begins with the player to the dealer's left and continues clockwise round
to the dealer. It ends as soon as a player accepts the turned up trump suit."). Each seat accepts
the turned-up suit or passes; the first to accept closes the auction and the dealer takes the
turned-up tile for a discard. When all pass, the tile is turned down and each may name another
suit; when all pass again the hand is dealt again by the next dealer."""

from __future__ import annotations

from engine_helpers import house, legal, line_in, play, problems, rules

from interpreter.engine import Action, Match, deal
from interpreter.engine.actions import ACCEPT, PASS_ACTION
from interpreter.engine.tricks.tables import trick_tables_for
from interpreter.frontends.presentation.tricks import read_trick_word
from interpreter.players import make_player
from interpreter.players.auction import auction_fit
from interpreter.rulefile.explain import differences, explain

# Four players: seat 0 speaks first, seat 3 deals; 5-2 turned up makes fives trumps.
DEAL = deal(
    "6-6 6-4 3-3 2-1 0-0",
    "6-2 6-3 4-3 1-0 2-2",
    "5-5 6-5 4-4 5-3 1-1",
    "6-0 5-0 4-1 3-1 2-0",
    boneyard="0-3 0-4 1-5 1-6 2-3 2-4 4-5 2-5",
    starter=0,
)


NAMES = ("counter", "greedy", "ismcts")


def euchre() -> Match:
    return Match(rules("domino-euchre"), 4, deals=[DEAL])


def test_seat_2_accepts_fives_and_the_dealer_takes_the_turn_up_for_a_discard() -> None:
    match = euchre()
    assert match.phase == "bidding" and legal(match) == ["pass", "accept"]
    play(match, "pass", "pass", "accept")
    # The dealer takes 5-2 into his hand and lays one tile away, face down.
    assert match.current_player == 3 and match.hand(3) == ((0, 2), (0, 5), (0, 6), (1, 3), (1, 4), (2, 5))
    play(match, "discard 0-2")
    assert (2, 5) in match.hand(3) and (0, 2) in match.dead and (2, 5) not in match.dead
    # The maker plays with his partner, or alone (contracts), under the suit he accepted.
    assert match.current_player == 2 and legal(match) == ["trumps 5", "trumps alone"]
    play(match, "trumps 5")
    assert match.phase == "playing" and match.current_player == 2
    assert match.trick_view.declaration == 5 and match.trick_view.bidder == 2
    contract = match.events_of("contract")[0]
    assert (contract["seat"], contract["suit"], contract["make"]) == (2, 5, 3)
    seen = [e["type"] for e in match.observation(0).history if e["type"] in ("take_turn_up", "turn_down")]
    assert seen == ["take_turn_up"]
    assert {"type": "action", "seat": 2, "action": {"kind": "accept"}} in match.observation(0).history


def test_all_pass_then_seat_1_names_threes_and_the_turn_up_stays_out_of_play() -> None:
    match = euchre()
    play(match, "pass", "pass", "pass", "pass")
    assert [e["type"] for e in match.observation(1).history][-1] == "turn_down"
    # The second round, from seat 0 again: any suit but the fives turned down.
    assert match.phase == "bidding" and match.current_player == 0
    assert legal(match) == ["pass", *(f"trumps {s}" for s in (0, 1, 2, 3, 4, 6))]
    play(match, "pass", "trumps 3")
    assert match.current_player == 1 and legal(match) == ["trumps 3", "trumps alone"]
    play(match, "trumps alone")  # seat 3, his partner, sits the hand out
    assert match.phase == "playing" and match.current_player == 1
    assert match.trick_view.declaration == 3 and match.trick_view.sitting_out == 3
    assert match.hand(3) == ((0, 2), (0, 5), (0, 6), (1, 3), (1, 4)) and (2, 5) in match.dead


def test_all_pass_twice_and_the_next_dealer_deals_again() -> None:
    match = euchre()
    play(match, *["pass"] * 8)
    assert match.scores == (0, 0) and match.round == 1
    assert match.phase == "bidding" and match.current_player == 1 and legal(match) == ["pass", "accept"]
    assert match.events_of("deal")[-1]["redeals"] == 1


def test_the_computer_players_accept_a_strong_trump_hand_and_pass_a_weak_one() -> None:
    match = euchre()
    # Seat 0 holds no five: nothing to make trumps with.
    weak = {name: make_player(name, seed=1).choose(match.observation(0), match.legal_actions()) for name in NAMES}
    play(match, "pass", "pass")
    # Seat 2 holds both bowers of fives (5-5, 4-4), 6-5 and 5-3, and the top one.
    strong = {name: make_player(name, seed=1).choose(match.observation(2), match.legal_actions()) for name in NAMES}
    assert weak == dict.fromkeys(NAMES, PASS_ACTION) and strong == dict.fromkeys(NAMES, Action(ACCEPT))


def test_the_loader_refuses_what_an_auction_over_the_turned_up_suit_cannot_say() -> None:
    assert problems("extends: domino-euchre\nbidding: {min: 3}\n") == [
        "3:11: bidding.min: is for number bids; an auction over the turned-up suit has none"
    ]
    assert problems("extends: domino-euchre\nstock: null\n") == [
        f"{line_in('domino-euchre', 'bids:')}:9: bidding.bids: turn_up is an auction over the turned-up tile's suit, "
        "so it needs stock.turn_up: true"
    ]
    assert "3:17: bidding.bids: 'turnup' is not one of numbers, turn_up; did you mean 'turn_up'?" in problems(
        "extends: domino-euchre\nbidding: {bids: turnup}\n"
    )
    assert problems("extends: domino-euchre\nbidding: {make: 6}\n") == [
        "3:17: bidding.make: 6 can never be made: a side takes at most 5 points in a hand"
    ]
    assert problems("extends: texas-42\nbidding: {make: 30}\n") == [
        "3:11: bidding.make: is for an auction over the turned-up suit (bidding.bids: turn_up); a number bid makes "
        "its own value"
    ]
    assert problems("extends: domino-loo\nstock: {take_turn_up: dealer_on_accept}\n") == [
        "3:23: stock.take_turn_up: the dealer takes the turned-up tile when its suit is accepted, so it needs "
        "bidding.bids: turn_up"
    ]


def test_explain_says_the_auction_and_its_changes() -> None:
    text = explain(rules("domino-euchre")).replace("\n", " ")
    assert "each accepts the suit of the turned-up tile as trumps, or passes. The first to accept closes" in text
    assert "If everyone passes, the turned-up tile is turned down, and each player in turn from the starter" in text
    forced = house("extends: domino-euchre\nbidding: {second_round: none, all_pass: forced}\n")
    assert differences(forced, rules("domino-euchre"))[:2] == [
        "What happens when everyone passes changes from a redeal to a forced bid.",
        "What follows when everyone passes the turned-up suit changes from a second round naming another suit to "
        "nothing more.",
    ]
    assert "If everyone else has passed, the dealer may not pass: he must accept." in explain(forced).replace("\n", " ")
    assert differences(house("extends: domino-euchre\nbidding: {make: 4}\n"), rules("domino-euchre")) == [
        "What the side that makes trumps must take changes from 3 to 4."
    ]


def test_the_search_sampler_reads_the_calls_back() -> None:
    match = euchre()
    play(match, "pass", "pass", "accept", "discard 0-2")
    t = trick_tables_for(match.ruleset, 4)
    fit = auction_fit(t, match.observation(3))
    assert fit is not None
    as_dealt = [t.mask_of(match.hand(seat)) for seat in range(4)]
    as_dealt[3] = t.mask_of(DEAL.hands[3])
    assert fit(as_dealt) == 0  # the deal itself fits every call
    # Seat 2 accepted fives: a sample giving it seat 0's hand (no five) misses; seat 0 passed them:
    # a sample giving it seat 2's bowers misses too.
    swapped = [as_dealt[2], as_dealt[1], as_dealt[0], as_dealt[3]]
    assert fit(swapped) > 1


def test_a_player_types_a_call_in_words() -> None:
    match = euchre()
    assert read_trick_word("accept", match.legal_actions(), match) == Action(ACCEPT)
    play(match, *["pass"] * 4)
    assert str(read_trick_word("name threes", match.legal_actions(), match)) == "trumps 3"
    assert read_trick_word("accept", match.legal_actions(), match) == (
        "name a suit other than the one turned down (as in 'trumps 3'), or pass"
    )
