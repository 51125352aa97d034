"""Teams of any shape (docs/format.md, "players"): `teams: alternate` seats `sides` teams in
alternate seats (seat i plays for team i mod sides), so six players make two teams of three; a
hand's score goes to the whole team, and what needs partners in pairs is refused."""

from __future__ import annotations

from engine_helpers import bid, house, problems, rules, trumps
from engine_helpers import trick_play as play

from interpreter.engine import Match, deal
from interpreter.engine.actions import PASS_ACTION
from interpreter.rulefile.explain import differences, explain

SIX = (
    "extends: texas-42\nplayers: {min: 6, max: 6, teams: alternate, sides: 2}\ndeal: {hand_size: 4}\n"
    "bidding: {min: 20, max: 30, special: []}\n"
)

# Seat 1 bids first (seat 0 deals) and holds the top sixes; its team-mate seat 3 holds the rest of
# them. 0-4, 0-5, 1-5 and 4-5 are not dealt.
DEAL = deal(
    "0-0 0-1 0-2 0-3",
    "6-6 6-5 6-4 6-3",
    "1-1 1-2 1-3 1-4",
    "6-2 6-1 6-0 5-5",
    "2-2 2-3 2-4 2-5",
    "3-3 3-4 3-5 4-4",
    starter=1,
)


def test_two_teams_of_three_sit_alternately_and_score_together() -> None:
    match = Match(house(SIX), 6, deals=[DEAL])
    assert match.sides == 2 and [match.side_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    for action in (bid(30), PASS_ACTION, PASS_ACTION, PASS_ACTION, PASS_ACTION, PASS_ACTION, trumps(6)):
        match.apply(action)
    takers = []
    for lead in ("6-6", "6-5", "6-4", "6-3"):
        if match.is_over or match.round > 1:
            break
        events = match.apply(play(lead))
        while not any(e["type"] == "trick" for e in events):
            events = match.apply(match.legal_actions()[0])
        takers += [e["seat"] for e in events if e["type"] == "trick"]
    end = match.events_of("round_end")[0]
    assert takers == [1, 1, 1, 1]
    # Every trick and its count go to seats 1, 3 and 5 together: 4 tricks + 6-4, 5-5, 1-4, 2-3 = 34.
    assert (end["made"], end["pips"], end["scores"]) == (True, [0, 34], [0, 1])
    assert match.scores == (0, 1)


def test_teams_must_share_the_seats_evenly() -> None:
    assert problems(SIX.replace("min: 6", "min: 5")) == [
        "3:52: players.sides: 2 teams cannot share 5 players evenly",
    ]
    assert problems(SIX.replace("min: 6, max: 6", "min: 5, max: 5").replace("sides: 2", "sides: 5")) == [
        "3:52: players.sides: 5 teams of 5 players would be teams of one; use teams: none",
    ]
    assert problems("extends: texas-42\nplayers: {teams: opposite, sides: 2}\n") == [
        "3:28: players.sides: counts the teams of teams: alternate; partners opposite are in pairs",
    ]


def test_a_partner_who_sits_out_needs_teams_of_two() -> None:
    contracts = "contracts:\n  - {name: nello, trumps: none, aim: no_tricks, partner_out: true}\n"
    assert problems(SIX + contracts) == [
        "7:62: contracts[0].partner_out: needs partners in pairs, and with 6 players in 2 teams each team has 3",
    ]


def test_explain_says_the_shape_of_the_teams() -> None:
    assert "two teams of three, sitting alternately" in explain(house(SIX))
    changes = differences(house(SIX), rules("texas-42"))
    assert "Team play changes from partners sitting opposite to teams in alternate seats." in changes
    assert "The number of teams in alternate seats changes from none (partners in pairs) to 2." in changes
