"""Hand scoring that reads which contract was declared and how the hand was won (issue 29, M16:
a contract's `score`, `tricks.last_bonus`, the hand names `all_tricks`, `opp_all_tricks`,
`opp_best`, `last_bonus`), on scripted deals with their exact outcome."""

from __future__ import annotations

from engine_helpers import (
    ALL_SIXES,
    TIEN_GOW_DEAL,
    TIEN_GOW_GEE_JOON,
    TIEN_GOW_QUARTET,
    TIEN_GOW_SINGLES,
    TIEN_GOW_SWEEP,
    bid,
    house,
    play,
    problem_messages,
    rules,
    trumps,
)

from interpreter.engine import Match
from interpreter.engine.actions import PASS_ACTION


def test_tien_gow_doubles_the_hand_won_by_a_quartet_and_again_for_every_trick() -> None:
    match = Match(rules("tien-gow"), 4, deals=[TIEN_GOW_DEAL])
    events = play(match, *TIEN_GOW_SWEEP)  # the Gee Joon, four singles, the quartet last
    (end,) = [e for e in events if e["type"] == "round_end"]
    # Seat 0 captured 32 tiles (8 columns): 4 + 8 + 3 players without a trick = 15, doubled for
    # the quartet's last trick and doubled again for every trick; each other seat pays 5 × 4. (And
    # during the hand the Gee Joon took 2 and the quartet 4 from each: test_trick_scores.py.) Every
    # payment is doubled again: seat 0 is the banker (test_pool.py).
    assert end["scores"] == [2 * (60 + 18), 2 * (-20 - 6), 2 * (-20 - 6), 2 * (-20 - 6)]


def test_tien_gow_doubles_a_hand_of_every_trick_once_when_a_single_tile_takes_the_last() -> None:
    match = Match(rules("tien-gow"), 4, deals=[TIEN_GOW_DEAL])
    events = play(match, *TIEN_GOW_QUARTET, *TIEN_GOW_GEE_JOON, *TIEN_GOW_SINGLES)  # a single takes the last
    (end,) = [e for e in events if e["type"] == "round_end"]
    assert end["scores"] == [2 * (30 + 18), 2 * (-10 - 6), 2 * (-10 - 6), 2 * (-10 - 6)]  # the banker's, doubled


NEL_O = """extends: texas-42-house
contracts:
  - {name: nel-o, min_bid: 42, trumps: none, partner_out: true, aim: no_tricks,
     score: "if bidder then (if made then 3 else 0) else (if made then 0 else opp_best + 1)"}
"""


def test_a_declared_contract_scores_by_its_own_formula() -> None:
    match = Match(house(NEL_O), 4, deals=[ALL_SIXES])
    for action in (PASS_ACTION, PASS_ACTION, PASS_ACTION, bid(42), trumps("nel-o")):
        match.apply(action)
    play(match, "play 6-6")
    match.apply(match.legal_actions()[0])
    events = match.apply(match.legal_actions()[0])
    (end,) = [e for e in events if e["type"] == "round_end"]
    # Set by the first trick (6-6 0-5 0-0), taken by the bidder: the other side scores the
    # bidder's points (1 trick and the 0-5's 5) and 1.
    assert (end["reason"], end["scores"]) == ("set", [0, 7])


def test_last_bonus_names_combinations_the_file_has() -> None:
    text = "extends: tien-gow\ntricks: {last_bonus: [{kind: quartets}, {combination: Gee Jon}, {tiles: [0-0]}, {}]}\n"
    assert problem_messages(text) == [
        "tricks.last_bonus[0].kind: 'quartets' is not a combination kind of tricks.combinations; "
        "did you mean 'quartet'?",
        "tricks.last_bonus[1].combination: 'Gee Jon' is not a combination name of tricks.combinations; "
        "did you mean 'Gee Joon'?",
        "tricks.last_bonus[2].tiles[0]: 0-0 is not a tile of the set",
        "tricks.last_bonus[3]: name one play: a combination, a kind of combination, or tiles",
    ]


def test_explain_says_the_bonus_plays_and_a_contracts_own_score() -> None:
    from interpreter.rulefile.explain import differences, explain

    text = " ".join(explain(rules("tien-gow")).split())
    assert (
        "The last trick earns the bonus (last_bonus) when it is taken by any quartet, the Gee Joon or 1-2 alone."
        in text
    )
    nel_o = " ".join(explain(house(NEL_O)).split())
    assert "each team then scores (3 if the bid was made, otherwise 0) if the team won the auction" in nel_o
    changes = differences(house(NEL_O), rules("texas-42-house"))
    assert any(
        c.startswith("The special contract nel-o: its score changes from the usual score of a hand to") for c in changes
    )
    single = differences(house("extends: tien-gow\ntricks: {last_bonus: [{tiles: [1-2]}]}\n"), rules("tien-gow"))
    assert single == [
        "The plays that earn the last trick's bonus (last_bonus) changes from any quartet, the Gee Joon or 1-2 alone "
        "to 1-2 alone."
    ]
