"""Issue 29's small layout entries refused where they stand: the starter's own double under
`start.lead: qualifying` with `layout.train_start: own_double`."""

from __future__ import annotations

import pytest
from engine_helpers import problems

REFUSED = [
    ("extends: basic-trains\nstart:\n  first_round: [{highest_ranked: pips}, redeal]\n",
     "4:17: start.first_round[0]: the starter's first tile starts his own train (layout.train_start: own_double, "
     "start.lead: qualifying): a criterion picking a tile must pick a double (highest_double, or holder of one)"),
    ("extends: basic-trains\nstart:\n  later_rounds: [{holder: [9, 8]}, redeal]\n",
     "4:18: start.later_rounds[0]: the starter's first tile starts his own train (layout.train_start: own_double, "
     "start.lead: qualifying): a criterion picking a tile must pick a double (highest_double, or holder of one)"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "problem"), REFUSED)
def test_a_bad_setting_is_refused_where_it_stands(text: str, problem: str) -> None:
    assert problems(text) == [problem]


DEMAND_WHEN = [
    ('extends: train-dominoes\nlayout:\n  demand_when: "trun > 1"\n',
     "4:17: layout.demand_when: unknown name 'trun'; did you mean 'turn'?"),
    ('extends: basic-trains\nlayout:\n  demand_when: "turn > 1"\n',
     "4:16: layout.demand_when: says when a double demands tiles: needs layout.double_demand"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "problem"), DEMAND_WHEN)
def test_demand_when_is_refused_where_it_stands(text: str, problem: str) -> None:
    assert problems(text) == [problem]
