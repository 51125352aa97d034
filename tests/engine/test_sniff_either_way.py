"""The first double laid endwise or sidewise at its player's option (docs/format.md,
`layout.spinners: first_double_optional`): Sniff's "may be put down endwise or sidewise"."""

from __future__ import annotations

from engine_helpers import legal, play, rules, scores_in, start

from interpreter.engine import Action
from interpreter.rulefile.explain import explain


def test_the_sniff_laid_endwise_is_no_spinner_and_counts_its_open_half_once() -> None:
    m = start("sniff", "4-4 1-1 0-2", "4-1 6-6 0-3", boneyard="2-3 5-6", starter=0)
    assert legal(m) == ["lead 0-2", "lead 1-1 sidewise", "lead 1-1 endwise", "lead 4-4 sidewise", "lead 4-4 endwise"]
    assert scores_in(play(m, "lead 4-4 endwise")) == []  # 4 + 4
    assert len(m.layout.arms) == 2 and m.layout.spinners == ()
    assert scores_in(play(m, "4-1 on arm 0")) == [(1, 5, "in_play")]  # 1 + 4: the endwise double shows one 4
    assert legal(m) == ["1-1 on arm 0"]  # the sniff is down: later doubles go as the rules say, no choice


def test_the_sniff_laid_sidewise_is_a_spinner_and_counts_both_halves() -> None:
    m = start("sniff", "4-4 1-1 0-2", "4-1 6-6 0-3", boneyard="2-3 5-6", starter=0)
    play(m, "lead 4-4 sidewise")
    assert len(m.layout.arms) == 4
    assert scores_in(play(m, "4-1 on arm 0")) == []  # 1 + 4 + 4


def test_the_choice_is_written_and_read_back() -> None:
    for text in ("lead 4-4 endwise", "lead 4-4 sidewise", "4-4 on arm 1 endwise", "4-4 on arm 1 sidewise"):
        action = Action.parse(text)
        assert str(action) == text and Action.from_json(action.to_json()) == action


def test_explain_says_the_first_double_goes_either_way() -> None:
    said = " ".join(explain(rules("sniff")).split())
    assert (
        "The first double laid goes sidewise, as a spinner that branches 4 ways (3 free when it is attached to the "
        "layout), or endwise, in line like any other tile, at its player's option."
    ) in said
