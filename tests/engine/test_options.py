"""Rule-file options no bundled variant uses, on a bundled ruleset with one option changed.

The engine must honour every option of docs/format.md, not only the combinations shipped today.
"""

from __future__ import annotations

import dataclasses

import pytest
from engine_helpers import legal, of_type, play, rules, scores_in

from interpreter.engine import Action, IllegalAction, Match, deal
from interpreter.rulefile.ruleset import (
    DemandStarts,
    Direction,
    DoubleAtEnd,
    Ruleset,
    Spinners,
    StartCriterion,
    StartRule,
    Tie,
    Winner,
)


def _with(name: str, **sections: dict) -> Ruleset:
    """The bundled ruleset `name` with some fields of some sections replaced."""
    base = rules(name)
    changes = {key: dataclasses.replace(getattr(base, key), **fields) for key, fields in sections.items()}
    return dataclasses.replace(base, **changes)


def _start(ruleset: Ruleset, *hands: str, boneyard: str = "", starter: int | None = 0, **kw: object) -> Match:
    return Match(ruleset, players=len(hands), deals=[deal(*hands, boneyard=boneyard, starter=starter)], **kw)  # type: ignore[arg-type]


def test_counterclockwise_turns_and_next_seat() -> None:
    r = _with("draw", players={"direction": Direction.COUNTERCLOCKWISE})
    m = _start(r, "6-6 0-1", "6-2 0-2", "6-3 0-3")
    play(m, "lead 6-6")
    assert m.current_player == 2


def test_optional_play_offers_drawing_beside_the_plays() -> None:
    r = _with("draw", play={"forced": False})
    m = _start(r, "6-6 0-1", "6-2 0-2", boneyard="3-3")
    play(m, "lead 6-6")
    assert legal(m) == [*(f"6-2 on arm {i}" for i in range(4)), "draw"]
    m = _start(r, "6-6 0-1", "6-2 0-2")
    play(m, "lead 6-6")
    assert legal(m)[-1] == "pass"


def test_double_demand_of_three_each_free_arm_of_the_spinner_takes_a_tile() -> None:
    r = _with("draw", layout={"double_demand": 3})
    m = _start(r, "6-6 3-3 3-1 3-2 0-0", "6-3 3-4 3-5 2-2 1-1 4-4")
    play(m, "lead 6-6", "6-3 on arm 0", "3-3 on arm 0")
    [double] = m.layout.open_doubles
    assert (double.tile, double.arms, double.remaining, double.active) == ((3, 3), (0, 4, 5), 3, True)
    # Arms 1-3 show 6 and seat 1 holds nothing for them anyway; the demand allows only 0, 4, 5.
    assert legal(m) == [f"3-{x} on arm {a}" for a in (0, 4, 5) for x in (4, 5)]
    play(m, "3-4 on arm 4")
    assert legal(m) == ["3-1 on arm 0", "3-2 on arm 0", "3-1 on arm 5", "3-2 on arm 5"]
    play(m, "3-1 on arm 5")
    assert legal(m) == ["3-5 on arm 0"]  # 4-4 would fit arm 4, but the double still wants arm 0
    play(m, "3-5 on arm 0")
    assert m.layout.open_doubles == ()


def test_demand_starting_immediately_binds_the_player_who_laid_the_double() -> None:
    r = _with("mexican-train", layout={"demand_starts": DemandStarts.IMMEDIATELY})
    m = _start(r, "12-6 6-6 12-4 6-3 0-0", "12-9 6-1 9-5")
    play(m, "12-6 on arm 0", "12-9 on arm 1", "6-6 on arm 0")
    assert m.current_player == 0 and legal(m) == ["6-3 on arm 0"]


def test_lead_double_spinner_only_the_lead_branches() -> None:
    r = _with("draw", layout={"spinners": Spinners.LEAD_DOUBLE})
    m = _start(r, "5-5 5-3 3-3", "5-1 0-0")
    play(m, "lead 5-5")
    assert len(m.layout.arms) == 4
    play(m, "5-1 on arm 0", "5-3 on arm 1")
    assert legal(m) == ["pass"]
    m = _start(r, "6-6 6-3 3-3 2-2", "0-1")
    play(m, "lead 6-6", "pass", "6-3 on arm 0", "pass", "3-3 on arm 0")
    assert len(m.layout.arms) == 4 and m.layout.spinners == ((6, 6),)


def test_three_armed_spinner() -> None:
    r = _with("draw", layout={"spinner_arms": 3})
    m = _start(r, "6-6 6-3 3-3 2-2", "0-1")
    play(m, "lead 6-6")
    assert [a.kind for a in m.layout.arms] == ["end", "end", "side"]
    play(m, "pass", "6-3 on arm 0", "pass", "3-3 on arm 0")
    assert [a.kind for a in m.layout.arms] == ["end", "end", "side", "side"]


def test_double_at_end_counting_one_half() -> None:
    base = rules("straight")
    assert base.in_play is not None
    r = dataclasses.replace(base, in_play=dataclasses.replace(base.in_play, double_at_end=DoubleAtEnd.ONE_HALF))
    m = _start(r, "5-5 5-2 1-1", "5-0 0-0")
    assert scores_in(play(m, "lead 5-5")) == [(0, 5, "in_play")]  # both halves would make it 10
    m = _start(r, "4-4 4-2", "4-1")
    play(m, "lead 4-4")
    assert m.layout.ends == (4,)


def test_tie_play_on_plays_another_round_share_ends_with_several_winners() -> None:
    tied = deal("6-6 0-5", "1-4")
    for tie, over in ((Tie.SHARE, True), (Tie.PLAY_ON, False)):
        r = _with("draw", match={"tie": tie})
        m = Match(r, players=2, deals=[dataclasses.replace(tied, starter=0)], scores=[100, 100])
        play(m, "lead 6-6", "pass", "pass")  # blocked, 5 against 5: nobody scores
        assert m.is_over is over
        assert m.winners == ((0, 1) if over else ())


def test_lowest_total_wins_among_all_sides_once_one_is_past_the_target() -> None:
    # A penalty game (format.md, `match.winner`): passing the target ends the match, the lowest
    # total of all sides wins. tests/engine/test_match_end.py has the other cases.
    r = _with("draw", match={"winner": Winner.LOWEST})
    m = Match(r, players=3, deals=[deal("1-2", "3-4", "5-6", starter=0)], scores=[120, 105, 0])
    play(m, "lead 1-2")
    assert m.scores == (138, 105, 0) and m.winners == (2,)


def test_redeals_stop_after_max_redeals_and_fall_back_to_random() -> None:
    r = _with("doubles", start={"max_redeals": 0})
    no_doubles = deal("0-1 0-2 0-3 0-4 0-5 0-6 1-2 1-3", "1-4 1-5 1-6 2-3 2-4 2-5 2-6 3-4")
    m = Match(r, players=2, seed=1, deals=[no_doubles])
    record = of_type(m.events, "deal")[0]
    assert (record["how"], record["redeals"], record["lead"]) == ("random", 0, None)
    assert len(legal(m)) == 8


def test_a_start_list_that_picks_nobody_falls_back_to_random() -> None:
    r = _with("draw", start={"first_round": (StartRule(StartCriterion.HIGHEST_DOUBLE),)})
    m = Match(r, players=2, seed=1, deals=[deal("0-1 0-2", "1-2 2-3")])
    assert of_type(m.events, "deal")[0]["how"] == "random"


def test_previous_winner_after_a_blocked_round_is_the_lowest_seat_of_the_scoring_side() -> None:
    m = Match(rules("straight-partners"), players=4, deals=[deal("6-6 2-3", "4-5", "0-1", "3-4", starter=0)])
    events = play(m, "lead 6-6", "pass", "pass", "pass", "pass")
    assert scores_in(events) == [(0, 15, "blocked")]  # team 0 holds 5 + 1, team 1 9 + 7
    record = of_type(m.events, "deal")[1]
    assert (record["starter"], record["how"]) == (2, "previous_winner")  # seat 2 holds 1 pip, seat 0 holds 5


def test_optional_play_one_then_play_after_drawing_only_the_drawn_tile() -> None:
    r = _with("doubles", play={"forced": False})
    m = _start(r, "6-6 1-2", "6-1 0-1", boneyard="6-3 4-4 5-5 2-2")
    play(m, "lead 6-6")
    assert legal(m) == [f"6-1 on arm {i}" for i in range(4)] + ["draw"]
    play(m, "draw")
    assert legal(m) == [f"6-3 on arm {i}" for i in range(4)] + ["pass"]
    with pytest.raises(IllegalAction, match="only the drawn tile 3-6 may be played"):
        m.apply(Action.parse("6-1 on arm 0"))
