"""A tile that earns another turn or skips the next seat (docs/format.md, `play.again_when`,
`play.skip_when`), on Pass-Pass (rules/pass-pass.yaml): ends totalling 5 or 10 play again; equal
ends, or ends totalling 7, skip the next opponent."""

from __future__ import annotations

from engine_helpers import RULES, legal, of_type, play, rules, start

from interpreter.rulefile.explain import explain, explain_difference
from interpreter.rulefile.loader import load_ruleset_text

HANDS = (
    "6-4 4-1 0-0 0-2 0-3 5-5",
    "1-1 2-2 3-3 0-1 0-5 0-6",
    "1-2 1-3 1-5 1-6 2-3 2-4",
    "2-5 2-6 3-4 3-5 3-6 4-4",
)
BONEYARD = "0-4 4-5 5-6 6-6"


def test_ends_of_ten_play_again_and_ends_of_seven_skip_the_next_opponent() -> None:
    m = start("pass-pass", *HANDS, boneyard=BONEYARD)
    events = play(m, "lead 6-4")
    # 6 + 4 = 10: seat 0 takes another turn.
    assert m.current_player == 0 and of_type(events, "another_turn") == [{"type": "another_turn", "seat": 0}]
    events = play(m, "4-1 on arm 0")
    # Ends 6 and 1 total 7: seat 1 is skipped and seat 0's partner, seat 2, plays.
    assert of_type(events, "skipped") == [{"type": "skipped", "seat": 1}]
    assert m.current_player == 2
    assert legal(m) == ["1-2 on arm 0", "1-3 on arm 0", "1-5 on arm 0", "1-6 on arm 0", "6-1 on arm 1"]
    play(m, "1-2 on arm 0")  # ends 2 and 6: neither rule; the turn passes as usual
    assert m.current_player == 3


def test_explain_says_both_rules() -> None:
    said = " ".join(explain(rules("pass-pass")).split())
    assert "if the sum of the open ends equals 5 or the sum of the open ends equals 10, the same player takes" in said
    assert "the next player loses his turn" in said


def test_explain_diff_says_the_rule_that_changes() -> None:
    house = load_ruleset_text("extends: pass-pass\nname: t\nplay:\n  skip_when: null\n", "house.yaml", RULES)
    changed = " ".join(explain_difference(rules("pass-pass"), house).split())
    assert "When a tile laid skips the next player changes. t: never pass-pass: the number of open ends" in changed
