"""The dealer taking the turned-up tile for a discard (docs/format.md, `stock.take_turn_up`): Domino
Loo (pagat: "the dealer, when he keeps his hand, may take the turned-up tile and discard one tile in
its place"). Keeping, the dealer takes the turn-up into his hand and lays one tile away: the
turn-up itself (it stays face up, out of play, and everybody sees it left) or a tile of his own
(face down: only he knows it)."""

from __future__ import annotations

from engine_helpers import line_in, problems, rules

from interpreter.engine import Action, Match, deal

# Three players: seat 0 calls first, seat 2 deals; 4-4 turned up makes fours trumps.
DEAL = deal(
    "6-3 6-2 1-2 4-0 4-1",
    "3-3 3-2 5-5 0-0 1-1",
    "6-6 5-0 3-1 2-0 4-2",
    boneyard="6-5 6-4 6-1 6-0 5-4 5-3 5-2 5-1 4-3 3-0 2-2 1-0 4-4",
    starter=0,
)


def keep_all(match: Match) -> None:
    for _ in range(3):
        match.apply(Action.parse("keep"))


def test_the_dealer_takes_the_turn_up_and_lays_a_tile_of_his_own_away() -> None:
    match = Match(rules("domino-loo"), 3, deals=[DEAL])
    keep_all(match)
    assert match.current_player == 2 and match.hand(2) == ((0, 2), (0, 5), (1, 3), (2, 4), (4, 4), (6, 6))
    assert [str(a) for a in match.legal_actions()] == [
        "discard 0-2", "discard 0-5", "discard 1-3", "discard 2-4", "discard 4-4", "discard 6-6",
    ]  # fmt: skip
    match.apply(Action.parse("discard 1-3"))
    assert match.phase == "playing" and match.current_player == 0
    assert (4, 4) in match.hand(2) and (1, 3) in match.dead and (4, 4) not in match.dead
    seen = [e for e in match.observation(0).history if e["type"] in ("take_turn_up", "action")][-2:]
    assert seen == [
        {"type": "take_turn_up", "seat": 2, "tile": [4, 4]},
        {"type": "action", "seat": 2, "action": {"kind": "discard"}},
    ]
    assert match.trick_view.turn_up_holder == 2


def test_laying_the_turn_up_away_leaves_it_face_up_for_all_to_see() -> None:
    match = Match(rules("domino-loo"), 3, deals=[DEAL])
    keep_all(match)
    match.apply(Action.parse("discard 4-4"))
    assert match.hand(2) == ((0, 2), (0, 5), (1, 3), (2, 4), (6, 6)) and (4, 4) in match.dead
    last = match.observation(0).history[-1]
    assert last == {"type": "action", "seat": 2, "action": {"kind": "discard", "tile": [4, 4]}}
    assert match.trick_view.turn_up_holder is None


def test_taking_the_turn_up_needs_one() -> None:
    found = problems("extends: domino-loo\nstock: {turn_up: false, draw: true, take_turn_up: dealer_may}\n")
    assert "3:51: stock.take_turn_up: gives the dealer the turned-up tile, so it needs stock.turn_up: true" in found
    assert problems("extends: domino-loo\ncalls: null\n") == [
        f"{line_in('domino-loo', 'take_turn_up:')}:17: stock.take_turn_up: the dealer takes the turned-up tile when "
        "he keeps his hand, so it needs calls",
    ]
