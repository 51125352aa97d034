"""A rule file's own sequence of phases (docs/format.md, `phases`): the passing placed after the
auction and the naming of trumps, so the bidder's side knows trumps when it passes; the loader's
checks of a written sequence; and every file's played phases following its sequence."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import Match, deal
from interpreter.loader import load_ruleset, load_ruleset_text
from interpreter.resources import load_schema
from interpreter.rulefile.explain import differences, explain
from interpreter.rulefile.loader import RuleFileError
from interpreter.rulefile.phase_kinds import KINDS
from interpreter.rulefile.ruleset import Ruleset
from tests.engine.engine_helpers import legal, of_type, play
from tests.rule_files import FILES, ruleset

EXAMPLE = FILES["examples/pass-after-bid.yaml"]
# Seat 0 bids; its partner (seat 2) holds the 6-6 it will pass across once sixes are trumps.
HANDS = (
    "6-5 6-4 6-3 5-5 4-4 3-3 2-2", "5-4 5-3 5-2 5-1 4-3 4-2 4-1",
    "6-6 6-2 6-1 6-0 1-1 0-0 5-0", "4-0 3-2 3-1 3-0 2-1 2-0 1-0",
)  # fmt: skip


@pytest.fixture(scope="module")
def after_bid() -> Ruleset:
    return load_ruleset(EXAMPLE)


def _kinds_walked(match: Match, moves: list[str]) -> list[str]:
    walked = [match.phase_kind]
    for move in moves:
        play(match, move)
        if match.phase_kind != walked[-1]:
            walked.append(match.phase_kind)
    return walked


def test_the_passing_after_the_auction_comes_once_trumps_are_named(after_bid: Ruleset) -> None:
    assert after_bid.phase_kinds == ("deal", "auction", "declaration", "passing", "tricks", "scoring")
    match = Match(after_bid, 4, deals=[deal(*HANDS, starter=0)])
    walked = _kinds_walked(match, ["bid 30", "pass", "pass", "pass", "trumps 6"])
    assert walked == ["auction", "declaration", "passing"]
    # The passing starts from the seat that will lead, and everyone knows trumps while passing.
    assert (match.phase, match.current_player) == ("passing", 0)
    assert match.observation(2).tricks.declaration == 6
    walked = _kinds_walked(match, ["give 2-2", "give 4-1", "give 6-6", "give 1-0"])
    assert walked == ["passing", "tricks"]
    assert (match.phase, match.current_player) == ("playing", 0)
    assert (6, 6) in match.hand(0) and (2, 2) in match.hand(2) and (0, 1) in match.hand(1)
    events = []
    while match.phase == "playing" and match.round == 1:  # every seat plays its first legal tile
        events += play(match, legal(match)[0])
    (end,) = of_type(events, "round_end")
    assert (end["made"], end["pips"], end["scores"]) == (True, [30, 0], [1, 0])  # made at 30: stop_when_decided


def test_without_phases_the_same_file_passes_before_the_auction(after_bid: Ruleset, tmp_path) -> None:
    text = EXAMPLE.read_text().replace("phases: [deal, auction, declaration, passing, tricks, scoring]\n", "")
    default = load_ruleset_text(text, "default.yaml", EXAMPLE.parent)
    assert default.phase_kinds == ("deal", "passing", "auction", "declaration", "tricks", "scoring")
    match = Match(default, 4, deals=[deal(*HANDS, starter=0)])
    assert (match.phase, match.current_player) == ("passing", 0)
    assert match.observation(2).tricks.declaration is None
    assert differences(default, after_bid) == [
        "The order of a hand's phases changes.\n"
        "    pass-after-bid: the deal, the auction, the declaration, the passing, the tricks, the scoring\n"
        "    pass-after-bid: the deal, the passing, the auction, the declaration, the tricks, the scoring"
        " (the rules' default)"
    ]


def test_explain_says_the_hands_sequence_when_the_file_writes_one(after_bid: Ruleset) -> None:
    words = " ".join(explain(after_bid).split())
    assert "A hand goes: the deal, the auction, the declaration, the passing, the tricks, the scoring." in words


@pytest.mark.parametrize(
    ("written", "where", "said"),
    [
        ("[deal, auction, declaraton, passing, tricks, scoring]", "12:25", "did you mean 'declaration'?"),
        ("[deal, auction, declaration, passing, tricks, scoring, calls]", "12:64",
         "calls: this hand has no calls phase (a calls section makes one, or deal.redeal_claim in a layout game)"),
        ("[deal, declaration, passing, tricks, scoring]", "12:9", "auction is left out"),
        ("[deal, declaration, auction, passing, tricks, scoring]", "12:16",
         "declaration cannot come before auction: the declaration is the auction winner's, so it follows"),
        ("[auction, deal, declaration, passing, tricks, scoring]", "12:10", "the deal comes first"),
        ("[deal, auction, declaration, passing, scoring, tricks]", "12:56", "the scoring comes last"),
        ("[deal, auction, passing, declaration, tricks, scoring]", "12:25",
         "passing cannot come between auction and declaration"),
        ("[deal, auction, declaration, tricks, passing, scoring]", "12:46", "passing comes before tricks"),
        ("[deal, auction, declaration, passing, tricks, tricks, scoring]", "12:55", "tricks is listed twice"),
    ],
)  # fmt: skip
def test_a_sequence_the_engine_cannot_play_is_refused_where_it_is_written(written: str, where: str, said: str) -> None:
    text = EXAMPLE.read_text().replace("[deal, auction, declaration, passing, tricks, scoring]", written)
    with pytest.raises(RuleFileError) as refused:
        load_ruleset_text(text, "bad.yaml", EXAMPLE.parent)
    message = str(refused.value)
    assert f"bad.yaml:{where}:" in message and said in message, message


def test_a_passing_without_its_section_is_refused(tmp_path) -> None:
    text = EXAMPLE.read_text().replace("passing: {count: 1, to: across}\n", "")
    with pytest.raises(RuleFileError, match="passing: this hand has no passing phase"):
        load_ruleset_text(text, "bad.yaml", EXAMPLE.parent)


def test_a_layout_file_naming_another_play_is_told_its_own() -> None:
    text = "name: x\nextends: draw\nphases: [deal, tricks, scoring]\n"
    with pytest.raises(RuleFileError, match=r"x.yaml:3:16: phases\[1\]: tricks: this hand plays its tiles in a layout"
                       r" phase; did you mean 'layout'\?"):  # fmt: skip
        load_ruleset_text(text, "x.yaml", EXAMPLE.parent)
    assert load_ruleset_text(text.replace("tricks", "layout"), "x.yaml", EXAMPLE.parent).phases == (
        "deal", "layout", "scoring")  # fmt: skip


def _phase_kinds_played(rules: Ruleset, seed: int) -> list[str]:
    """The kinds a seeded random match goes through in its first hand, each once where it repeats."""
    players = rules.players.min
    match = Match(rules, players, seed=seed)
    rng = random.Random(seed)
    walked = [match.phase_kind]
    while not match.is_over and match.round == 1:
        match.apply(rng.choice(match.legal_actions()))
        if match.phase_kind != walked[-1]:
            walked.append(match.phase_kind)
    return walked


@pytest.mark.parametrize("file", sorted(FILES))
def test_a_played_hand_goes_through_its_files_sequence_in_order(file: str) -> None:
    rules = ruleset(file)
    sequence = rules.phase_kinds
    walked = _phase_kinds_played(rules, 1)
    # The cycles aside (an exchange's discards back to the calls, the deal again after a passed-out
    # auction): the kinds walked, each from its first time, follow the sequence's order.
    firsts = list(dict.fromkeys(walked))
    assert set(firsts) <= set(sequence), (file, walked)
    assert sorted(firsts, key=sequence.index) == firsts, (file, walked)


def test_the_schema_offers_every_kind_of_phase() -> None:
    schema = load_schema()
    assert tuple(schema["properties"]["phases"]["items"]["enum"]) == KINDS
