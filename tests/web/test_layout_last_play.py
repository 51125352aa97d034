"""What just happened on the table (issue 20): a seat's view carries the last turn's plays as
`last_play` — who moved, the tiles laid in that turn (several when a double is followed up, or
two tiles a turn) with the arm each went on and the points each scored there — read from the
engine's log, so the page highlights them and shows the points at the tile without knowing a rule."""

from __future__ import annotations

from interpreter.engine import Action, Match
from interpreter.frontends.computers import computer_choice
from interpreter.frontends.web.views import seat_view
from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import load_ruleset


def _match(variant: str, players: int, seed: int) -> tuple[Match, object, list[str]]:
    ruleset = load_ruleset(bundled_variants()[variant])
    return Match(ruleset, players=players, seed=seed), ruleset, ["greedy"] * players


def test_a_scoring_play_is_the_last_play_with_its_points_at_the_tile() -> None:
    match, ruleset, kinds = _match("fives-and-threes", 2, 1)
    assert seat_view(match, ruleset, kinds, 1, 0)["last_play"] is None, "nothing played yet this round"
    match.apply(Action.play((4, 5)))  # the lead: 4 + 5 = 9, three threes
    view = seat_view(match, ruleset, kinds, 1, 1)
    assert view["last_play"] == {"seat": 0, "at": 2, "tiles": [{"tile": [4, 5], "arm": None, "points": 3}], "points": 3}
    match.apply(Action.play((2, 5), 1, 5))  # 4 + 2 = 6: two threes
    match.apply(Action.play((4, 4), 0, 4))  # 8 + 2 = 10: two fives
    match.apply(Action.play((2, 6), 1, 2))  # 8 + 6 = 14: nothing
    view = seat_view(match, ruleset, kinds, 0, 4)
    assert view["last_play"] == {"seat": 1, "at": 8, "tiles": [{"tile": [2, 6], "arm": 1, "points": 0}], "points": 0}


def test_a_turn_of_several_tiles_is_one_last_play_and_a_draw_after_it_stays_in_the_turn() -> None:
    match, ruleset, kinds = _match("mexican-train", 3, 2)
    while len(match.events) < 40:  # greedy play up to seat 2's double [6|6], its draw and its pass
        match.apply(computer_choice(match, "greedy", 1))
    assert [e["action"]["kind"] for e in match.events[36:40] if e["type"] == "action"] == ["play", "draw", "pass"]
    view = seat_view(match, ruleset, kinds, 0, 1)
    assert view["last_play"] == {"seat": 2, "at": 39, "tiles": [{"tile": [6, 6], "arm": 3, "points": 0}], "points": 0}
    while len(match.events) < 46:  # seat 1 lays [10|10], answers it with [3|3] (another double)...
        match.apply(computer_choice(match, "greedy", 1))
    view = seat_view(match, ruleset, kinds, 0, 2)
    assert view["last_play"]["seat"] == 1
    assert [t["tile"] for t in view["last_play"]["tiles"]] == [[10, 10], [3, 3]]


def test_a_new_deal_has_no_last_play_and_a_trick_game_names_the_mover_only() -> None:
    match, ruleset, kinds = _match("fives-and-threes", 2, 1)
    round_one = match.round
    while match.round == round_one and not match.is_over:
        match.apply(computer_choice(match, "greedy", 1))
    assert seat_view(match, ruleset, kinds, 0, 1)["last_play"] is None
    match, ruleset, kinds = _match("texas-42", 4, 1)
    match.apply(computer_choice(match, "greedy", 1))  # a bid: nobody lays a tile
    last = seat_view(match, ruleset, kinds, 1, 1)["last_play"]
    assert last is not None and last["tiles"] == [] and last["seat"] == match.events[-1]["seat"]
