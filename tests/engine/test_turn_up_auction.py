"""An auction over the turned-up suit (docs/format.md, `bidding.bids: turn_up`): Domino Euchre
(pagat: "The auction begins with the player to the dealer's left and continues clockwise round
to the dealer. It ends as soon as a player accepts the turned up trump suit."). Each seat accepts
the turned-up suit or passes; the first to accept closes the auction and the dealer takes the
turned-up tile for a discard. When all pass, the tile is turned down and each may name another
suit; when all pass again the hand is dealt again by the next dealer."""

from __future__ import annotations

from engine_helpers import legal, play, rules

from interpreter.engine import Action, Match, deal
from interpreter.engine.actions import ACCEPT, PASS_ACTION
from interpreter.players import make_player

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
