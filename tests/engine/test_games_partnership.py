"""Partnership games, on scripted deals of their bundled rule files: Cuban dominoes (rules/cuban.yaml)."""

from __future__ import annotations

import random

from engine_helpers import legal, of_type, play, rules, scores_in, start

from interpreter.engine import deal
from interpreter.engine.layout.determinize import LayoutDeterminizer
from interpreter.players.greedy import GreedyPlayer


def test_cuban_counter_clockwise_the_team_of_the_domino_scores_the_losing_teams_pips() -> None:
    """pagat (https://www.pagat.com/domino/line/cuban.html): "It is played by four people, in two
    partnerships, partners sitting opposite. The direction of play is counter-clockwise" / "In subsequent
    deals a member of the team that won the previous round plays first"; onlinedominogames.com: "Winning
    team scores total pip count of remaining dominoes in losing team's hands (ignoring their own pip
    count)"."""
    m = start("cuban", "9-9 0-1", "9-8 2-3", "8-7 5-5", "7-7 9-1", starter=0)
    assert [m.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    play(m, "lead 9-9")
    assert m.current_player == 3 and legal(m) == ["9-1 on arm 0", "9-1 on arm 1"]
    play(m, "9-1 on arm 0")
    assert m.current_player == 2 and legal(m) == ["pass"]
    play(m, "pass")
    assert m.current_player == 1
    events = play(m, "9-8 on arm 1", "1-0 on arm 0")
    end = of_type(events, "round_end")[0]
    assert (end["reason"], end["seat"]) == ("domino", 0)
    assert scores_in(events) == [(0, 19, "domino")]  # seat 1's 2-3 and seat 3's 7-7; not partner 2's tiles
    deal_2 = of_type(events, "deal")[0]
    # The winning team chooses: its winner, seat 0, leads or passes the lead to partner 2.
    assert (deal_2["starter"], deal_2["how"]) == (0, "winning_side_choice")


def test_cuban_a_blocked_round_goes_to_the_team_with_fewer_pips() -> None:
    """onlinedominogames.com (https://onlinedominogames.com/cuban-dominoes): "Blocked rounds are won by
    the team with lower pip count. Winning team scores total pip count of remaining dominoes in losing
    team's hands"."""
    m = start("cuban", "9-9 0-0", "9-8 1-1", "2-2", "9-7 3-3", starter=0)
    events = play(m, "lead 9-9", "9-7 on arm 0", "pass", "9-8 on arm 1", "pass", "pass", "pass", "pass")
    end = of_type(events, "round_end")[0]
    # Seat 1 holds the lightest hand (2), but team 0 + 4 = 4 beats team 2 + 6 = 8.
    assert (end["reason"], end["pips"]) == ("blocked", [0, 2, 4, 6])
    assert scores_in(events) == [(0, 8, "blocked")]
    assert of_type(events, "deal")[0]["starter"] == 0  # the winning team's lighter hand chooses


def test_cuban_the_winning_team_chooses_which_partner_leads_the_next_round() -> None:
    """pagat.com/domino/line/cuban.html: "In subsequent deals a member of the team that won the
    previous round plays first": the winner leads, or passes the lead to the partner."""
    later = deal("0-0 1-1", "0-1 2-2", "0-2 3-3", "0-3 4-4", starter=None)
    m = start("cuban", "9-9", "9-1 0-5", "9-2 0-6", "9-3 0-7", later=[later])
    play(m, "lead 9-9")  # seat 0 goes out: team 0 and 2 win the round
    second = of_type(m.events, "deal")[1]
    assert (second["starter"], second["how"]) == (0, "winning_side_choice")
    assert legal(m) == ["lead 0-0", "lead 1-1", "pass"]
    play(m, "pass")
    assert m.current_player == 2 and legal(m) == ["lead 0-2", "lead 3-3"]


def test_partnership_block_the_blocker_of_the_losing_team_is_followed_by_the_next_seat() -> None:
    """The `dominoes` package's Series: "If a player makes the game stuck, and his/her team loses,
    then the following player (from the other team) will start the following game"; a stuck game
    scores "sum(team_points)", every pip left, to the lighter team."""
    later = deal("0-1 1-1", "0-4 2-2", "0-5 3-3", "0-6 4-4", starter=None)
    m = start("partnership-block", "6-6 0-0", "6-1 5-5", "4-4 0-2", "2-2 0-3", later=[later])
    events = play(m, "lead 6-6", "6-1 on arm 0", "pass", "pass", "pass", "pass")
    end = of_type(events, "round_end")[0]
    assert (end["reason"], end["pips"]) == ("blocked", [0, 10, 10, 7])
    assert scores_in(events) == [(0, 27, "blocked")]  # team 0 (10) beats team 1 (17): all 27 pips
    second = of_type(events, "deal")[0]
    assert (second["starter"], second["how"]) == (2, "after_last_player")  # seat 1 blocked and lost


def test_partnership_block_the_player_who_dominoes_starts_the_next_game() -> None:
    """The `dominoes` package's Series: "If a player wins by playing their last domino, that player
    will start the following game"; the win scores every pip left, the partner's too."""
    later = deal("0-1 1-1", "0-4 2-2", "0-5 3-3", "0-6 4-4", starter=None)
    m = start("partnership-block", "6-6 2-3", "6-1", "4-4 0-2", "2-2 0-3", later=[later])
    events = play(m, "lead 6-6", "6-1 on arm 0")
    assert scores_in(events) == [(1, 5 + 10 + 7, "domino")]  # seats 0, 2 and 3: 2-3, 4-4 0-2, 2-2 0-3
    second = of_type(events, "deal")[0]
    assert (second["starter"], second["how"]) == (1, "last_player_if_won")


def test_cuban_a_determinization_offers_the_winning_side_the_same_choice_of_leader() -> None:
    """Search players (greedy, ismcts) rebuild the round from what the seat sees: the winner's choice
    to lead or pass the lead to the partner must be theirs there too, or the pass they were offered is
    refused as "a player who can play must play" (`domino simulate cuban --players greedy,...`)."""
    later = deal("0-0 1-1", "0-1 2-2", "0-2 3-3", "0-3 4-4", starter=None)
    m = start("cuban", "9-9", "9-1 0-5", "9-2 0-6", "9-3 0-7", later=[later])
    play(m, "lead 9-9")
    rng = random.Random(0)
    table = LayoutDeterminizer(rules("cuban"), m.observation(0)).sample(rng)
    assert legal(table) == ["lead 0-0", "lead 1-1", "pass"]
    play(table, "pass")
    assert table.current_player == 2 and len(legal(table)) == 2 and "pass" not in legal(table)
    assert str(GreedyPlayer(1).choose(m.observation(0), m.legal_actions())) in legal(m)
    play(m, "pass")  # the partner, seen from its own seat, must lead
    table = LayoutDeterminizer(rules("cuban"), m.observation(2)).sample(rng)
    assert table.current_player == 2 and legal(table) == ["lead 0-2", "lead 3-3"]
