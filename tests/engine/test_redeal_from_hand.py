"""A deal thrown in because of a hand (docs/format.md, `deal.redeal_when`): when any hand as
dealt meets the condition, the tiles are dealt again before anybody plays."""

from __future__ import annotations

import dataclasses

from engine_helpers import house, of_type, rules

from interpreter.engine import Match, deal
from interpreter.rulefile.explain import explain, explain_difference
from interpreter.rulefile.ruleset import Ruleset

# Four hands of basic-trains (13 tiles each at four players); seat 2 holds no double.
HANDS = (
    "0-0 0-1 0-2 0-3 0-4 0-5 0-6 0-7 0-8 0-9 1-2 1-3 1-4",
    "1-1 1-5 1-6 1-7 1-8 1-9 2-3 2-4 2-5 2-6 2-7 2-8 2-9",
    "3-4 3-5 3-6 3-7 3-8 3-9 4-5 4-6 4-7 4-8 4-9 5-6 5-7",
    "2-2 3-3 4-4 5-5 5-8 5-9 6-6 6-7 6-8 6-9 7-7 7-8 8-8",
)


def _dealt(ruleset: Ruleset) -> dict:
    m = Match(ruleset, players=4, seed=3, deals=[deal(*HANDS, starter=None)])
    return of_type(m.events, "deal")[0]


def _texts(record: dict) -> list[str]:
    return [" ".join(f"{a}-{b}" for a, b in hand) for hand in record["hands"]]


def test_a_hand_without_a_double_throws_the_deal_in() -> None:
    record = _dealt(rules("basic-trains"))
    # Seat 2 held no double: the scripted deal was void, the tiles were dealt again, and the deal
    # that stands gives every hand a double.
    assert record["redeals"] >= 1 and _texts(record) != list(HANDS)
    assert all(any(a == b for a, b in hand) for hand in record["hands"])
    assert (record["how"], record["starter"]) == ("highest_double", _holder_of_highest_double(record))


def test_without_the_condition_the_same_deal_stands() -> None:
    base = rules("basic-trains")
    plain = dataclasses.replace(base, deal=dataclasses.replace(base.deal, redeal_when=None))
    record = _dealt(plain)
    assert (record["redeals"], _texts(record), record["starter"]) == (0, list(HANDS), 3)


def test_the_redeal_stops_at_max_redeals() -> None:
    base = rules("basic-trains")
    always = dataclasses.replace(base, start=dataclasses.replace(base.start, max_redeals=2))
    # With every hand void ("tiles > 0" holds for each), the deal stands after two redeals.
    condition = house("extends: basic-trains\ndeal: {redeal_when: tiles > 0}\n").deal.redeal_when
    record = _dealt(dataclasses.replace(always, deal=dataclasses.replace(base.deal, redeal_when=condition)))
    assert record["redeals"] == 2


def _holder_of_highest_double(record: dict) -> int:
    best = max((a, seat) for seat, hand in enumerate(record["hands"]) for a, b in hand if a == b)
    return best[1]


def test_explain_says_which_hand_throws_the_deal_in() -> None:
    said = " ".join(explain(rules("basic-trains")).split())
    assert (
        "The deal is void, and the tiles are dealt again before anybody plays, when in any player's hand as "
        "dealt there are no doubles held (after 100 such deals in a row, the deal stands)." in said
    )
    other = house("extends: basic-trains\ndeal: {redeal_when: doubles < 2}\n")
    changed = " ".join(explain_difference(rules("basic-trains"), other).split())
    assert "The hand that throws the deal in changes. house: the number of doubles held is less than 2 " in changed
    assert changed.endswith("basic-trains: there are no doubles held")
