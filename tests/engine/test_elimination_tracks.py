"""A player eliminated at a score while the rest play on (`match.eliminate_when`), and score
tracks kept beside the score (`scoring.tracks`): Hungarian Block Dominó (rules/hungarian-block.yaml),
three players, anticlockwise (seat 0, then 2, then 1); and Tien Gow's banker's streak (rules/tien-gow.yaml)."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from engine_helpers import (
    RULES,
    TIEN_GOW_DEAL,
    TIEN_GOW_SWEEP,
    diff_words,
    legal,
    line_in,
    of_type,
    play,
    problems,
    rules,
)

from interpreter.engine import Match, deal
from interpreter.records.savegame import SavedGame, rebuild
from interpreter.rulefile.loader import load_ruleset

# Seat 0 holds the highest double, leads it and goes out; seat 1 holds no spots; seat 2 keeps
# the 5-5 (10 spots).
FIRST = deal("8-8 8-1", "0-0", "8-7 5-5", starter=None)


def _first_hand(scores: list[int], later: list = ()) -> Match:  # type: ignore[assignment]
    m = Match(rules("hungarian-block"), players=3, seed=3, deals=[FIRST, *later], scores=scores)
    play(m, "lead 8-8")
    play(m, next(a for a in legal(m) if a.startswith("8-7")))
    play(m, "pass")
    play(m, next(a for a in legal(m) if a.startswith("8-1")))
    return m


def test_a_player_past_100_sits_out_and_the_two_left_are_dealt_the_two_player_hand() -> None:
    m = _first_hand([0, 0, 95])
    assert [(e["side"], e["points"]) for e in of_type(m.events, "score")] == [(0, 0), (1, 0), (2, 10)]
    assert of_type(m.events, "eliminated") == [{"type": "eliminated", "round": 1, "seat": 2, "side": 2, "score": 105}]
    assert m.eliminated == (2,)
    assert not m.is_over
    record = of_type(m.events, "deal")[-1]
    assert (record["round"], record["starter"], record["how"]) == (2, 0, "previous_winner")
    assert [len(m.hand(seat)) for seat in range(3)] == [21, 21, 0]  # the 2-player deal: 21 each
    seats = []
    while m.round == 2 and not m.is_over:
        seats.append(m.current_player)
        m.apply(m.legal_actions()[0])
    assert set(seats) == {0, 1}  # the seat that is out never has a move
    assert all(a != b for a, b in itertools.pairwise(seats))  # 0 and 1 take turns


def test_the_last_player_left_wins() -> None:
    m = Match(rules("hungarian-block"), players=2, seed=3, deals=[deal("8-8 8-1", "5-5")], scores=[0, 95])
    play(m, "lead 8-8", "pass")
    play(m, next(a for a in legal(m) if a.startswith("8-1")))
    assert m.is_over and m.winners == (0,)
    assert m.eliminated == (1,)


def test_the_tally_marks_are_counted_over_two_hands() -> None:
    # Hand 2: seat 0 (the winner of hand 1) leads the 0-0 and nobody can follow: blocked, and seat
    # 1 holds the fewest spots (3): one mark, no penalty; the others add their spots.
    second = deal("0-0 6-6", "1-2", "5-6 4-4", starter=None)
    m = _first_hand([0, 0, 0], [second])
    assert m.tracks == {"marks": (2, 0, 0)}
    play(m, "lead 0-0", "pass", "pass", "pass")
    assert m.tracks == {"marks": (2, 1, 0)}
    assert m.scores == (12, 0, 29)
    assert [(e["side"], e["name"], e["value"]) for e in of_type(m.events, "track")] == [
        (0, "marks", 2),
        (1, "marks", 1),
    ]
    assert m.observation(2).tracks == {"marks": (2, 1, 0)}


def test_an_out_seat_s_scripted_hand_must_be_empty() -> None:
    with pytest.raises(ValueError, match="seat 2 is out of the match: its scripted hand must be empty"):
        _first_hand([0, 0, 95], [deal("0-0", "1-1", "2-2", starter=0)])  # the deal after hand 1


def test_eliminate_when_and_tracks_are_checked() -> None:
    assert problems("extends: partnership-block\nmatch: {eliminate_when: 'score >= 100'}\n") == [
        "3:25: match.eliminate_when: is for players playing alone, not in partnerships"
    ]
    assert problems("extends: texas-42\nmatch: {eliminate_when: 'score > 1'}\n") == [
        "3:9: match.eliminate_when: belongs to layout games, and this is a trick game (family: tricks): "
        "every player plays every hand of a trick game"
    ]
    assert problems("extends: domino-pool\nmatch: {eliminate_when: 'score >= 5'}\n") == [
        "3:25: match.eliminate_when: a player out of the match would still stake into match.pool each hand: not "
        "with a pool"
    ]
    (immediate,) = problems("extends: hungarian-block\nmatch: {check: immediate, target: 5}\n")
    assert immediate.startswith(
        "3:9: match.eliminate_when: is read at a round's end, and match.check: immediate may end the match "
        "mid-round (match.eliminate_when is set in "
    ) and immediate.endswith(f"hungarian-block.yaml:{line_in('hungarian-block', 'eliminate_when:')}:19)")
    assert problems("extends: hungarian-block\nmatch: {eliminate_when: 'scor > 1'}\n") == [
        "3:26: match.eliminate_when: unknown name 'scor'; did you mean 'score'?"
    ]
    assert problems("extends: hungarian-block\nscoring: {trakcs: [{name: a, each_hand: '1'}]}\n") == [
        "3:11: scoring: unknown key 'trakcs'; did you mean 'tracks'?"
    ]
    no_stake = "match: {stake: null}\n"  # (its settle reads the file's marks)
    assert problems(f"extends: hungarian-block\n{no_stake}scoring: {{tracks: [{{name: pips, each_hand: '1'}}]}}\n") == [
        "4:27: scoring.tracks[0].name: 'pips' is already a round-end name; a track needs a name of its own"
    ]
    twice = "{tracks: [{name: a, each_hand: '1'}, {name: a, each_hand: '2'}]}"
    assert problems(f"extends: hungarian-block\n{no_stake}scoring: {twice}\n") == [
        "4:54: scoring.tracks[1].name: 'a' names two tracks"
    ]


def test_a_match_saved_after_an_elimination_resumes_and_samples_the_same(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    base = RULES / "hungarian-block.yaml"
    house.write_text(f"extends: {base}\nname: house\nmatch: {{eliminate_when: 'score >= 25'}}\n")
    rules = load_ruleset(house)
    m = Match(rules, players=3, seed=2)  # seat 1 is out after the first round (35 spots)
    while m.round < 2:
        m.apply(m.legal_actions()[0])
    m.apply(m.legal_actions()[0])
    assert m.eliminated == (1,) and not m.is_over
    game = SavedGame(str(house), [], rules.digest, 2, ["human", "random", "random"], m.events)
    resumed = rebuild(game, rules)
    assert (resumed.events, resumed.eliminated, resumed.tracks) == (m.events, m.eliminated, m.tracks)
    seat = m.current_player
    sample = m.resample(seat, random.Random(1))  # a search's view: the seat out holds nothing
    assert (sample.eliminated, sample.tracks, sample.scores) == (m.eliminated, m.tracks, m.scores)
    assert sample.hand(1) == () and sample.current_player == seat
    sample.apply(sample.legal_actions()[0])
    assert sample.current_player != 1


def test_tien_gow_hong_kong_the_banker_s_second_win_in_a_row_doubles_his_settlement() -> None:
    # pagat: "if the new banker wins a second time, he is paid 4 points per trick below par by the
    # other players (tricks x banker double x double for second win)". Seat 0, the banker, sweeps
    # two hands (TIEN_GOW_SWEEP): each other player pays 5 x 2 (quartet last) x 2 (every trick) x 2
    # (banker), and in the second hand x 2 again; the trick payments (4 and 8 each) are not multiplied.
    m = Match(rules("tien-gow"), 4, deals=[TIEN_GOW_DEAL, TIEN_GOW_DEAL])
    play(m, *TIEN_GOW_SWEEP)
    assert m.tracks == {"streak": (1, 0, 0, 0)}
    assert m.resample(0, random.Random(1)).tracks == m.tracks  # a search's sample pays by the same streak
    play(m, *TIEN_GOW_SWEEP)
    assert [e["scores"] for e in m.events_of("round_end")] == [
        [12 + 24 + 120, -4 - 8 - 40, -4 - 8 - 40, -4 - 8 - 40],
        [2 * (12 + 24) + 120 + 240, 2 * (-4 - 8) - 40 - 80, 2 * (-4 - 8) - 40 - 80, 2 * (-4 - 8) - 40 - 80],
    ]
    assert m.tracks == {"streak": (2, 0, 0, 0)} and m.observation(1).tracks == m.tracks


def test_explain_diff_says_who_is_out_and_what_is_kept_beside_the_score() -> None:
    match = "match: {eliminate_when: 'score >= 150', stake: {settle: null}}"  # (the settle reads the marks)
    text = f"extends: hungarian-block\n{match}\nscoring: {{tracks: null}}\n"
    assert diff_words(text, "hungarian-block") == [
        "When a player is out of the match changes. hungarian-block: the player's score after that round end's "
        "points is at least 100 house: the player's score after that round end's points is at least 150",
        "What is kept beside the score changes. hungarian-block: marks (from 0; at each round's end, the player's "
        "marks + (2 if the player went out, otherwise 1 if the pips left in their own hand is less than the smallest "
        "of the pips left in each opponent's hand, otherwise 0)) house: none",
        "What is settled as the match ends changes. hungarian-block: each player that did not win pays every winning "
        "player 10 (nobody pays when nobody wins); then every two players settle up: reading the player's marks for "
        "each, the one with less pays the other the difference house: each player that did not win pays every "
        "winning player 10 (nobody pays when nobody wins)",
    ]
