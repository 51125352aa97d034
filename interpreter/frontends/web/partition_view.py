"""The web view's part for a partition table: each legal split in words (what each compared
group is worth), and the hand as the viewer may see it — the banker, which seats have set their
tiles face down or are stuck, the viewer's own split once made, and the last showdown (every hand
shown, with its groups' names and what each player settled). Nothing hidden from the viewer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.engine import Action, Match
from interpreter.frontends.presentation.partition import PartitionNarrator, describe_split, split_worth
from interpreter.frontends.presentation.seats import Seat
from interpreter.frontends.presentation.style import Style
from interpreter.rulefile.partition_rules import Against, BankerSplits

PLAIN = Style(colour=False)  # the page's words carry no terminal colours


def partition_moves(out: list[dict[str, Any]], legal: Sequence[Action], match: Match, seats: Sequence[Seat]) -> None:
    for move, action in zip(out, legal, strict=True):
        move["text"] = describe_split(action, match, seats)
        move["label"] = str(action)
        move["groups"] = [[list(t) for t in group] for group in action.groups]
        move["worth"] = split_worth(action, match)


def partition_hand(
    match: Match, viewer: int | None, seats: Sequence[Seat], hand: Sequence[tuple[int, int]] = ()
) -> dict[str, Any]:
    rules = match.ruleset.partition
    assert rules is not None
    view = match.view(viewer)  # type: ignore[attr-defined]  # PartitionMatch: the viewer's own split only
    return {
        "banker": view.banker,
        "house_way": rules.banker is BankerSplits.HOUSE_WAY,
        "each": rules.against is Against.EACH,  # nobody banks: the banker seat only deals
        "groups": list(view.groups),
        "sizes": list(view.sizes),
        "compared": list(view.compared),
        "done": list(view.done),
        "stuck": list(view.stuck),
        "own": [[list(t) for t in group] for group in view.own],
        "used": [list(t) for t in view.used],  # dealt earlier this shuffle, all shown: not in this hand
        "shown": None
        if not view.shown
        else {
            "banker": view.shown_banker,
            "groups": [[[list(t) for t in group] for group in groups] for groups in view.shown],
            "hands": [[list(t) for t in hand] for hand in view.shown_hands],
            "ranks": [[list(rank) for rank in ranks] for ranks in view.ranks],
            "settled": list(view.settled),
        },
    }


def partition_round_end(
    match: Match, events: Sequence[dict[str, Any]], first: int, index: int, seats: Sequence[Seat], viewer: int | None
) -> dict[str, Any]:
    """A hand's end in the showdown's words: every split with its groups' names, and what each
    player settled with the bank (the log's showdown onwards; all public once shown)."""
    start = next((i for i in range(index, -1, -1) if events[i]["type"] == "showdown"), first)
    told = PartitionNarrator(match, seats, PLAIN).tell(list(events[start : index + 1]), viewer)
    return {"words": [line.strip() for line in told if line.strip()]}
