"""Melds shown and scored in a trick game (docs/format.md, "Melds"): Domino Pinochle's runs in a suit
and runs of doubles, the face-up widow standing in anyone's meld, before the tricks or after them."""

from __future__ import annotations

import random

from interpreter.engine import Action, Match, deal
from interpreter.frontends.presentation.tricks import describe_trick_move, read_trick_word
from interpreter.loader import load_ruleset_text
from interpreter.players import make_player
from interpreter.rulefile.explain import differences, explain
from tests.engine.engine_helpers import RULES, legal, of_type, play, problems, scores_in

# The widow is 2-3 (the 28th tile). Seat 0 holds a run of sixes (0-6 1-6 2-6) and, with the widow,
# one of twos (1-2 2-2 + 2-3); seat 1 holds no meld, even with the widow; seat 2 holds a run of
# threes that the widow makes four long (1-3 3-3 3-4 + 2-3).
HANDS = (
    "1-2 2-2 0-6 1-6 2-6 0-0 4-4 3-5 0-4", "0-1 0-3 0-5 1-4 2-5 3-6 4-6 5-5 6-6", "0-2 1-1 1-3 1-5 2-4 3-3 3-4 4-5 5-6",
)  # fmt: skip
PINOCHLE = (RULES / "domino-pinochle.yaml").read_text()


def _match(text: str = PINOCHLE, scores: tuple[int, ...] | None = None) -> Match:
    return Match(load_ruleset_text(text, "pinochle.yaml", RULES), 3, deals=[deal(*HANDS, starter=0)], scores=scores)


def test_a_seat_shows_its_two_melds_one_with_the_widow_and_scores_them_at_once() -> None:
    match = _match()
    assert match.phase_kinds == ("deal", "melding", "tricks", "scoring")
    assert match.trick_view.widow == ((2, 3),) and match.phase_kind == "melding"
    assert legal(match) == ["pass", "meld 0-6 1-6 2-6", "meld 1-2 2-2 2-3"]
    # Typed at the terminal, in any order; told in words with the widow's tile.
    typed = read_trick_word("meld 6-2 6-0 6-1", match.legal_actions(), match)
    assert typed == Action.parse("meld 0-6 1-6 2-6")
    assert [describe_trick_move(a, match) for a in match.legal_actions()] == [
        "pass: no more melds", "show [6|0] [6|1] [6|2]", "show [2|1] [2|2] with the widow's [3|2]"
    ]  # fmt: skip
    events = play(match, "meld 0-6 1-6 2-6")
    assert of_type(events, "meld") == [
        {"type": "meld", "seat": 0, "side": 0, "name": "sequence", "tiles": [[0, 6], [1, 6], [2, 6]], "widow": [],
         "points": 3}
    ]  # fmt: skip
    assert scores_in(events) == [(0, 3, "meld")] and match.scores == (3, 0, 0)
    assert legal(match) == ["pass", "meld 1-2 2-2 2-3"]  # a tile in one meld only
    events = play(match, "meld 1-2 2-2 2-3", "pass")
    assert [(e["name"], e["widow"], e["points"]) for e in of_type(events, "meld")] == [("sequence", [[2, 3]], 2)]
    assert match.scores == (5, 0, 0)
    # Seat 1 has no meld: it can only say so. Seat 2's run of threes, four long with the widow: 3 + 1 + 1.
    assert legal(match) == ["pass"]
    play(match, "pass")
    assert "meld 1-3 2-3 3-3 3-4" in legal(match)
    play(match, "meld 1-3 2-3 3-3 3-4", "pass")
    assert match.scores == (5, 0, 5) and match.phase_kind == "tricks" and match.current_player == 0
    # The shown tiles stay in their holders' hands, face up to every seat.
    view = match.observation(1).tricks
    assert view is not None and view.shown[0] == ((0, 6), (1, 2), (1, 6), (2, 2), (2, 6))
    assert [m[:3] for m in view.melds] == [(0, "sequence", ((0, 6), (1, 6), (2, 6))),
                                           (0, "sequence", ((1, 2), (2, 2), (2, 3))),
                                           (2, "sequence", ((1, 3), (2, 3), (3, 3), (3, 4)))]  # fmt: skip


def test_a_player_at_the_target_after_the_melds_wins_before_a_tile_is_led() -> None:
    match = _match(scores=(247, 0, 0))
    play(match, "meld 0-6 1-6 2-6", "pass", "pass")
    assert not match.is_over  # checked once every player has melded
    events = play(match, "pass")
    assert match.is_over and match.winners == (0,) and match.scores == (250, 0, 0)
    assert of_type(events, "round_end")[0]["reason"] == "target" and not match.events_of("trick")


def test_a_player_who_must_show_his_melds_passes_only_once_he_has_none() -> None:
    match = _match(PINOCHLE.replace("optional: true", "optional: false"))
    assert legal(match) == ["meld 0-6 1-6 2-6", "meld 1-2 2-2 2-3"]
    play(match, "meld 0-6 1-6 2-6", "meld 1-2 2-2 2-3")
    assert legal(match) == ["pass"]


def test_melds_after_the_tricks_are_shown_from_the_hand_as_dealt_and_scored_with_the_hand() -> None:
    match = _match(PINOCHLE.replace("when: before_tricks", "when: after_tricks"))
    assert match.phase_kinds == ("deal", "tricks", "melding", "scoring")
    assert match.phase_kind == "tricks"
    while match.phase_kind == "tricks":
        match.apply(match.legal_actions()[0])
    assert match.current_player == 0 and legal(match) == ["pass", "meld 0-6 1-6 2-6", "meld 1-2 2-2 2-3"]
    sample = match.resample(1, random.Random(1))  # every tile is played: another seat's sample offers the same
    assert sample.phase_kind == "melding" and sample.legal_actions() == match.legal_actions()
    events = play(match, "meld 0-6 1-6 2-6", "pass", "pass", "pass")
    assert scores_in(events)[0] == (0, 3, "meld")
    assert of_type(events, "round_end") and match.scores[0] >= 3


def test_the_loader_refuses_melds_it_cannot_play_with_positions() -> None:
    said = problems(
        "extends: domino-pinochle\nmelds:\n  when: befor_tricks\n  kinds:\n    - {name: sequence, run: suits}\n"
    )
    assert any("4:9:" in p and "did you mean 'before_tricks'" in p for p in said), said
    assert any("6:29:" in p and "did you mean 'suit'" in p for p in said), said
    said = problems("extends: domino-pinochle\nmelds:\n  kinds: [{name: long, run: doubles, length: 8}]\n"
                    "  points: from_hand + wid\n")  # fmt: skip
    assert any(p.startswith("4:46:") and "a run of 8 needs 8 numbers; the set has 7" in p for p in said), said
    assert any(p.startswith("5:23:") and "wid" in p for p in said), said


def test_the_widow_in_a_meld_needs_it_face_up() -> None:
    said = problems("extends: domino-pinochle\ndeal: {undealt_face_up: false}\n")
    assert any("melds.widow: shared needs deal.undealt_face_up" in p for p in said), said


def test_explain_says_the_melds_and_diff_names_the_change() -> None:
    rules = load_ruleset_text(PINOCHLE, "pinochle.yaml", RULES)
    said = " ".join(explain(rules).split())
    assert "Before the first lead, each player from the starter shows the melds it holds" in said, said
    after = load_ruleset_text(PINOCHLE.replace("when: before_tricks", "when: after_tricks"), "p.yaml", RULES)
    (said,) = differences(after, rules)
    before, after_said = "before the first lead, scored at once", "after the last trick, from the hand as dealt"
    assert said.startswith("When the melds are shown changes.") and said.index(before) < said.index(after_said)


def test_the_counter_player_shows_every_meld_it_holds_then_passes() -> None:
    match = _match()
    player = make_player("counter", seed=1)
    chosen = []
    while match.current_player == 0:
        action = player.choose(match.observation(0), match.legal_actions())
        chosen.append(str(action))
        match.apply(action)
    assert sorted(chosen[:2]) == ["meld 0-6 1-6 2-6", "meld 1-2 2-2 2-3"] and chosen[2:] == ["pass"]


def test_a_search_sample_keeps_shown_tiles_in_their_holders_hand_until_played() -> None:
    match = _match()
    play(match, "meld 0-6 1-6 2-6", "pass", "pass")
    rng = random.Random(3)
    for _ in range(5):
        sample = match.resample(1, rng)
        assert sample.phase_kind == "melding" and sample.current_player == 2
        hand = set(sample.observation(0).hand)
        assert {(0, 6), (1, 6), (2, 6)} <= hand and len(hand) == 9
        assert str(sample.legal_actions()[0]) == "pass"
    play(match, "pass", "lead 0-6")
    for _ in range(5):
        hand = set(match.resample(2, rng).observation(0).hand)
        assert {(1, 6), (2, 6)} <= hand and (0, 6) not in hand and len(hand) == 8
    assert Action.parse("meld 0-6 1-6 2-6") == Action.from_json(Action.parse("meld 2-6 0-6 1-6").to_json())
