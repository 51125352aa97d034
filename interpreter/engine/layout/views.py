"""What a viewer sees of a layout table: the layout as a `LayoutView`, the hand and boneyard
counts (`Phase.describe`, `Match.layout`, `Match.finished_layout`)."""

from __future__ import annotations

from typing import Any

from interpreter.engine.layout.arms import Demand, LaidLayout
from interpreter.engine.layout.table import LayoutTable
from interpreter.engine.observation import ArmView, LayoutView, OpenDouble


def layout_view(table: LayoutTable, lay: LaidLayout, demands: list[Demand], open_ids: set[int]) -> LayoutView:
    """`lay` as a viewer sees it, the arms `open_ids` open."""
    t = table.t
    ends = table.counted_ends(lay) if lay.arms else []
    arms = tuple(
        ArmView(
            id=arm.id,
            kind=arm.kind,
            owner=arm.owner,
            value=arm.value,
            tiles=tuple((half, t.low[tile] + t.high[tile] - half) for tile, half in arm.tiles),
            marker=arm.owner is not None and lay.markers[arm.owner],
            open=arm.id in open_ids,
            root=t.tiles[arm.root],
            spinner=None if arm.spinner is None else t.tiles[arm.spinner.tile],
        )
        for arm in lay.arms
    )
    doubles = tuple(OpenDouble(t.tiles[d.tile], tuple(d.arms), d.remaining, d.active) for d in demands)
    return LayoutView(
        arms=arms,
        lead=None if lay.lead is None else t.tiles[lay.lead],
        hub=None if lay.engine is None else t.tiles[lay.engine],
        spinners=tuple(t.tiles[s.tile] for s in lay.spinners),
        open_doubles=doubles,
        tiles=tuple(t.tiles[tile] for tile in lay.tile_ids()),
        ends=tuple(ends),
        end_sum=sum(ends),
        shared_train_name=table.rules.layout.shared_train_name,
        endwise=None if lay.endwise < 0 else t.tiles[lay.endwise],
        closed=lay.closed,
    )


def seen(table: LayoutTable, open_ids: set[int]) -> dict[str, Any]:
    """What every seat sees of the table (`Phase.describe`): the layout with the arms `open_ids`
    open, the number of tiles each seat holds, and the number left to draw."""
    return {
        "layout": layout_view(table, table.layout, table.demands, open_ids),
        "hand_counts": tuple(h.bit_count() for h in table.hands),
        "boneyard_count": table.drawable(),
    }
