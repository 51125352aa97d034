"""A match that ends void (`match.void_when`) and the stakes settled at a match's end
(`match.stake`): Latin American Match Dominoes (rules/latin-american-match.yaml, Scarne) and
Hungarian Block Dominó's payments (rules/hungarian-block.yaml, pagat)."""

from __future__ import annotations

from pathlib import Path

from engine_helpers import RULES, diff_words, legal, of_type, play, problems, rules

from interpreter.engine import Match, deal
from interpreter.records.savegame import SavedGame, rebuild
from interpreter.rulefile.loader import load_ruleset

# Seat 0 holds the [6|6], leads it and goes out: a stroke for seats 0 and 2 (side 0).
OUT_AT_ONCE = deal("6-6", "0-0", "1-1", "2-2", starter=None)


def _latin(scores: list[int]) -> Match:
    m = Match(rules("latin-american-match"), players=4, seed=1, deals=[OUT_AT_ONCE], scores=scores)
    play(m, "lead 6-6")
    return m


def test_a_match_is_void_when_a_side_past_five_sees_the_other_reach_five() -> None:
    m = _latin([4, 6])  # side 0 reaches 5 strokes while side 1 holds 6: nobody wins
    assert m.scores == (5, 6)
    assert m.is_over and m.winners == ()
    assert of_type(m.events, "match_end")[0]["winners"] == []
    assert of_type(m.events, "stake") == []  # a void match pays no stake
    assert m.stakes == (0, 0)


def test_below_five_the_match_plays_on() -> None:
    m = _latin([3, 6])
    assert m.scores == (4, 6) and not m.is_over


def test_the_winners_collect_the_stake() -> None:
    m = _latin([9, 0])
    assert m.is_over and m.winners == (0,)
    assert [(e["side"], e["amount"], e["reason"]) for e in of_type(m.events, "stake")] == [
        (0, 1, "stake"),
        (1, -1, "stake"),
    ]
    assert m.stakes == (1, -1)


def test_the_survivor_collects_a_stake_from_each_and_the_pairs_settle_their_marks() -> None:
    # Two players: seat 0 leads the [8|8] and goes out (two tally marks); seat 1 takes 10 spots
    # past 100 and is out: seat 0 survives.
    m = Match(rules("hungarian-block"), players=2, seed=3, deals=[deal("8-8 8-1", "5-5")], scores=[0, 95])
    play(m, "lead 8-8", "pass")
    play(m, next(a for a in legal(m) if a.startswith("8-1")))
    assert m.is_over and m.winners == (0,) and m.tracks == {"marks": (2, 0)}
    stakes = [(e["side"], e["amount"], e["reason"]) for e in of_type(m.events, "stake")]
    assert stakes == [(0, 10, "stake"), (1, -10, "stake"), (0, 2, "settle"), (1, -2, "settle")]
    assert m.stakes == (12, -12)


def test_stake_and_void_when_are_checked() -> None:
    assert problems("extends: latin-american-match\nmatch: {stake: {pay: 1, settel: marks}}\n") == [
        "3:25: match.stake: unknown key 'settel'; did you mean 'settle'?"
    ]
    assert problems("extends: latin-american-match\nmatch: {stake: {pay: '2 - players'}}\n") == [
        "3:22: match.stake.pay: is -2 with 4 players; a stake is 0 or more"
    ]
    assert problems("extends: latin-american-match\nmatch: {void_when: 'scor > 1'}\n") == [
        "3:21: match.void_when: unknown name 'scor'; did you mean 'score'?"
    ]


def test_explain_diff_names_the_stake_and_the_void_match() -> None:
    said = diff_words("extends: latin-american-match\nmatch: {stake: null, void_when: null}\n", "latin-american-match")
    assert said == [
        "When the match is over with nobody winning changes. latin-american-match: the team's score after that "
        "round end's points is at least 6 and the highest score of another team after that round end's points is "
        "at least 5 house: never",
        "What is settled as the match ends changes. latin-american-match: each team that did not win pays every "
        "winning team 1 (nobody pays when nobody wins) house: none (nothing is settled)",
    ]


def test_a_match_settled_at_its_end_rebuilds_from_its_save(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        f"extends: {RULES / 'hungarian-block.yaml'}\nname: house\nmatch: {{eliminate_when: 'score >= 20'}}\n"
    )
    ruleset = load_ruleset(house)
    m = Match(ruleset, players=2, seed=2)
    while not m.is_over:
        m.apply(m.legal_actions()[0])
    assert of_type(m.events, "stake") and sum(m.stakes) == 0
    game = SavedGame(str(house), [], ruleset.digest, 2, ["human", "random"], m.events)
    resumed = rebuild(game, ruleset)
    assert (resumed.events, resumed.stakes) == (m.events, m.stakes)
