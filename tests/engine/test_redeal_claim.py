"""A redeal claimed from a player's own hand (docs/format.md, `deal.redeal_claim`): before the
first play, each player whose hand as dealt meets the condition keeps it or shows it and has the
tiles dealt again; nobody else is asked."""

from __future__ import annotations

import random

from engine_helpers import legal, of_type, play, rules

from interpreter.engine import Match, deal
from interpreter.rulefile.explain import explain

# Cuban (double-nine, ten tiles each, seat 0 starts): seat 1 holds five doubles, seat 3 six.
CLAIMED = deal(
    "0-1 0-2 0-3 0-4 0-5 0-6 0-7 0-8 0-9 1-2",
    "0-0 1-1 2-2 3-3 4-4 1-3 1-4 1-5 1-6 1-7",
    "1-8 1-9 2-3 2-4 2-5 2-6 2-7 2-8 2-9 3-4",
    "5-5 6-6 7-7 8-8 9-9 3-5 3-6 3-7 3-8 3-9",
    starter=0,
)
# The deal after a claim: nobody holds five doubles.
AGAIN = deal(
    "0-0 0-1 0-2 0-3 0-4 0-5 0-6 0-7 0-8 0-9",
    "1-1 1-2 1-3 1-4 1-5 1-6 1-7 1-8 1-9 2-3",
    "2-2 2-4 2-5 2-6 2-7 2-8 2-9 3-4 3-5 3-6",
    "3-3 3-7 3-8 3-9 4-5 4-6 4-7 4-8 4-9 5-6",
    starter=2,
)


def test_only_a_hand_of_five_doubles_is_asked_and_its_claim_deals_again() -> None:
    m = Match(rules("cuban"), players=4, deals=[CLAIMED, AGAIN])
    # Counter-clockwise from seat 0: seat 3 (six doubles) is asked first; seats 0 and 2 never.
    assert (m.phase_kind, m.current_player, legal(m)) == ("calls", 3, ["keep", "redeal"])
    play(m, "keep")
    assert (m.current_player, legal(m)) == (1, ["keep", "redeal"])
    events = play(m, "redeal")
    assert of_type(events, "redeal_claim") == [
        {"type": "redeal_claim", "seat": 1, "tiles": [[0, 0], [1, 1], [2, 2], [3, 3], [4, 4]]}
    ]
    # The same round, dealt again (the second scripted deal); nobody may claim now: play begins.
    redealt = of_type(events, "deal")
    assert [(d["round"], d["starter"]) for d in redealt] == [(1, 2)]
    assert (m.round, m.phase_kind, m.current_player) == (1, "layout", 2)
    assert m.hand(2)[0] == (2, 2)


def test_a_kept_hand_plays_on_from_the_starter() -> None:
    m = Match(rules("cuban"), players=4, deals=[CLAIMED])
    play(m, "keep", "keep")
    assert (m.phase_kind, m.current_player) == ("layout", 0)
    assert len(of_type(m.events, "deal")) == 1


def test_the_claim_is_said_in_words_and_a_game_without_it_has_no_calls() -> None:
    assert "may keep it, or show it and have the tiles dealt again" in explain(rules("cuban"))
    assert rules("puerto-rican-500").phase_kinds == ("deal", "calls", "layout", "scoring")
    assert rules("draw").phase_kinds == ("deal", "layout", "scoring")


def _seen(m: Match, seat: int) -> tuple[object, ...]:
    o = m.observation(seat)
    return (o.round, o.current_player, o.hand, o.hand_counts, o.layout, o.scores, o.legal_actions, m.phase_kind)


def test_a_match_resampled_while_a_claim_is_asked_keeps_what_the_seat_saw() -> None:
    m = Match(rules("cuban"), players=4, deals=[CLAIMED, AGAIN])
    play(m, "keep")  # seat 3 kept; seat 1 is asked
    rng = random.Random(5)
    sample = m.resample(1, rng)
    assert _seen(sample, 1) == _seen(m, 1)

    # Every tile in one place (the hands and the 15 tiles left undealt), the hands' sizes kept.
    def placed(x: Match) -> list[tuple[int, int]]:
        return sorted([t for s in range(4) for t in x.hand(s)] + list(x.dead))

    assert placed(sample) == placed(m) and len(set(placed(sample))) == 55
    assert [len(sample.hand(s)) for s in range(4)] == [10] * 4
    # The sample plays on: its claim deals the round again, and its asking goes on from there.
    play(sample, "redeal")
    assert sample.round == 1 and len(of_type(sample.events, "deal")) >= 1
