"""Where a tile goes, in the words a player uses, as one viewer says it: "the left end", "above the
[5|5]", "your train", "Computer 2's train", "the shared train", "the left toe of the [5|5]"; and why
a turn offers nothing but draw, pass or a marker, read from the engine's state (or that a pass
beside a tile ends the optional rest of a turn).

The terminal (the table's rows, the move list, the hint), the narration of moves and the web page
(its moves' `text` and `where`, the last actions, `why`) all take their words from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.engine import Action, ArmView, LayoutView, Match
from interpreter.engine.actions import ENDWISE, SIDEWISE, TAP
from interpreter.frontends.presentation.seats import Seat
from interpreter.frontends.presentation.style import hand_tile, tile
from interpreter.rulefile.ruleset import DrawPolicy

SHARED = "the shared train"  # unless the rules name it (layout.shared_train_name)
_LEAD_SIDES = ("above", "below")  # a lead spinner's side arms, as the page draws them: north, then south
_TOES = ("left", "right")  # a double's side arms on a train, left of the way the train runs first
_SIDES = ("one side", "the other side")


def _owner(owner: int, seats: Sequence[Seat], viewer: int | None, mover: int | None = None) -> str:
    """The owner of a train as the viewer says it: "your" for the viewer's own, "their" for the
    mover's own in a sentence about the mover, else a name's."""
    name = seats[owner].name if 0 <= owner < len(seats) else f"Player {owner + 1}"
    if owner == viewer or name == "You":
        return "your"
    return "their" if owner == mover else f"{name}'s"


def _siblings(layout: LayoutView, arm: ArmView) -> list[ArmView]:
    """The side arms of `arm`'s spinner, in the order they were opened."""
    return [a for a in layout.arms if a.spinner is not None and a.spinner == arm.spinner and a.root == arm.root]


def _train(layout: LayoutView, arm: ArmView, seats: Sequence[Seat], viewer: int | None, mover: int | None) -> str:
    """A train from the hub or from its owner's own double (not a spinner's side arm)."""
    if arm.owner is None:
        shared = [a for a in layout.arms if a.kind == "train" and a.owner is None and a.spinner is None]
        if len(shared) <= 1:
            return layout.shared_train_name or SHARED
        return f"shared train {shared.index(arm) + 1}"
    train = f"{_owner(arm.owner, seats, viewer, mover)} train"
    if arm.root == layout.hub:
        return train
    # A train from its owner's own double runs from both of its ends.
    ends = [a for a in layout.arms if a.owner == arm.owner and a.spinner is None and a.root == arm.root]
    if len(ends) < 2:
        return train
    return f"one end of {train}" if ends.index(arm) == 0 else f"the other end of {train}"


def _spinner_double(layout: LayoutView, arm: ArmView, at: int) -> tuple[int, int] | None:
    """The double just before position `at` of `arm` when it is a spinner with side arms: a tile
    laid there goes on past it as one of its toes."""
    if not 0 < at <= len(arm.tiles):
        return None
    touching, outer = arm.tiles[at - 1]
    if touching != outer:
        return None
    double = (touching, outer)
    return double if any(a.spinner == double and a.root == double for a in layout.arms) else None


def place_words(
    layout: LayoutView,
    arm_id: int,
    seats: Sequence[Seat],
    viewer: int | None,
    at: int | None = None,
    mover: int | None = None,
) -> str:
    """Where arm `arm_id` is, as `viewer` says it (None: a spectator, every train by its owner's
    name): "the left end", "above the [5|5]", "your train", "Computer 2's train", "the shared
    train", "the left toe of the [5|5]". `at`: the position on the arm a tile goes to or went to
    (its open end when not given): a train goes on past a spinner double as its middle toe.
    `mover`: the seat a sentence is about, whose own train is "their train"."""
    if not 0 <= arm_id < len(layout.arms):
        return f"place {arm_id}"
    arm = layout.arms[arm_id]
    if arm.kind == "end":
        return "the left end" if arm.id == 0 else "the right end" if arm.id == 1 else f"end {arm.id + 1}"
    if arm.spinner is not None:
        sides = _siblings(layout, arm)
        index = sides.index(arm) if arm in sides else 0
        double = tile(*arm.spinner)
        if arm.kind == "train":  # a double on a train: its toes
            toe = f"{_TOES[index]} toe" if index < len(_TOES) else f"toe {index + 1}"
            return f"the {toe} of the {double}"
        if arm.root == layout.lead:
            if index < len(_LEAD_SIDES):
                return f"{_LEAD_SIDES[index]} the {double}"
            return f"side {index + 1} of the {double}"
        side = _SIDES[index] if index < len(_SIDES) else f"side {index + 1}"
        return f"{side} of the {double}"
    if arm.kind == "train":
        passed = _spinner_double(layout, arm, len(arm.tiles) if at is None else at)
        if passed is not None:  # the train runs on past its double: the middle toe
            return f"the middle toe of the {tile(*passed)}"
        return _train(layout, arm, seats, viewer, mover)
    return f"place {arm_id}"


def on_place(
    layout: LayoutView,
    arm_id: int,
    seats: Sequence[Seat],
    viewer: int | None,
    at: int | None = None,
    mover: int | None = None,
) -> str:
    """ "on the left end", "above the [5|5]" (a side says where by itself)."""
    words = place_words(layout, arm_id, seats, viewer, at, mover)
    return words if words.startswith(("above", "below")) else f"on {words}"


# The choice a hand meeting deal.redeal_claim is offered before the first play, in words.
CLAIM_WORDS = {"keep": "keep your hand", "redeal": "show your hand and have the tiles dealt again"}
CLAIM_WORDS["turn"] = "turn up the tile at the right end of your row"  # deal.hands: blind_row


def move_words(action: Action, layout: LayoutView, seats: Sequence[Seat], viewer: int | None) -> str:
    """A layout game's move in words: "[5|3] on the left end", "lead [6|6]", "lead [5|2], the 5 end
    open" (the leader names the end left open), "draw"."""
    if action.tile is None:
        return CLAIM_WORDS.get(action.kind, action.kind)
    if action.kind == "discard":  # draw.when_unable: discard
        return f"lay {hand_tile(action.tile)} face down"
    if action.arm is None and action.half is not None:  # start.lead_names_end
        return f"lead {hand_tile(action.tile)}, the {action.half} end open"
    if action.arm is None:
        return f"lead {hand_tile(action.tile)}{way_words(action.value)}"
    low, high = action.tile
    touching = action.half if action.half is not None else low
    where = on_place(layout, action.arm, seats, viewer)
    return f"{tile(touching, low + high - touching)} {where}{way_words(action.value)}"


_WAY_WORDS = {SIDEWISE: ", sidewise: a spinner", ENDWISE: ", endwise: in line, no spinner"}
_WAY_WORDS[TAP] = ", tapping the table: one tile left"  # the last tile announced (play.announce_last)


def way_words(value: object) -> str:
    """How a double goes where its player chooses (layout.spinners: first_double_optional), or a
    last tile announced (play.announce_last), as the end of a move's words: ", sidewise: a
    spinner"; "" for any other play."""
    return _WAY_WORDS.get(value, "") if isinstance(value, str) else ""


def played_words(
    action: dict[str, Any], layout: LayoutView, seats: Sequence[Seat], viewer: int | None, mover: int | None = None
) -> str:
    """A logged play (its event's `action`) in words, as `viewer` hears it told of `mover`: "[5|3]
    on the left end", "[4|0] on their train"."""
    low, high = action["tile"]
    arm, half = action["arm"], action["half"]
    outer = low + high - half
    # Where on its arm the tile lies (its open end when the layout is from before it was laid).
    laid = layout.arms[arm].tiles if 0 <= arm < len(layout.arms) else ()
    at = next((i for i, t in enumerate(laid) if t == (half, outer)), len(laid))
    return f"{tile(half, outer)} {on_place(layout, arm, seats, viewer, at, mover)}{way_words(action.get('value'))}"


_OPENED = "put out your marker, your train is now open to everyone"
_REST = "end your turn here: the rest of it is optional"


def _values(values: Sequence[int]) -> str:
    """3; 3 or 5; 0, 3 or 5."""
    said = [str(v) for v in sorted(set(values))]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} or {said[-1]}"


def _last_own_action(match: Match, seat: int) -> str | None:
    """What `seat` did last in this turn: "draw", "play" (a tile laid), or None when another seat
    moved after it, or the round began since."""
    for event in reversed(match.events):
        if event["type"] in ("deal", "round_end"):
            return None
        if event["type"] == "action":
            if event["seat"] != seat:
                return None
            kind = event["action"]["kind"]
            return "play" if event["action"].get("tile") is not None else kind
    return None


def why_words(match: Match, legal: Sequence[Action]) -> str | None:
    """Why a layout game's turn offers only draw, pass or a marker, read from the engine's state:
    the open places' values, the double that must be covered first, the boneyard, what the player
    just did; or what a pass beside a tile does after the turn's own tile (it ends a rest of the
    turn that is optional); None otherwise (a tile may be laid, or no turn is asked)."""
    seat = match.current_player
    if seat is None or not legal:
        return None
    kinds = {action.kind for action in legal}
    if any(action.tile is not None for action in legal):
        # Only a tile already laid this turn makes the pass a stop (not a turn given up unplayed).
        return _REST if "pass" in kinds and _last_own_action(match, seat) == "play" else None
    if not kinds & {"draw", "pass", "marker"}:
        return None
    layout = match.layout
    rules = match.ruleset
    verb = "matches" if " ".join(rules.play.match.source.split()) == "half == end" else "fits"
    values = [arm.value for arm in layout.arms if arm.open]
    if not layout.arms:  # nothing laid yet to play on: the turn leads
        nothing = "no tile of yours may start the table"
    elif not values:
        nothing = "no place is open to you"
    else:
        nothing = f"no tile {verb} {_values(values)}"
    demand = next((d for d in layout.open_doubles if d.active), None)
    first = "" if demand is None else f"the {tile(*demand.tile)} must be covered first; "
    done = _last_own_action(match, seat)
    boneyard = match.observation(seat).boneyard_count
    if "draw" in kinds:
        return f"{first}{nothing} — draw again" if done == "draw" else f"{first}{nothing} — draw one"
    if done == "draw":
        reason = "nothing fits after drawing"
    elif done == "play":
        reason = "no more tile fits"
    elif boneyard == 0 and rules.draw.policy is not DrawPolicy.NONE:
        reason = f"the boneyard is empty and {nothing}"
    else:
        reason = nothing
    if "marker" in kinds:
        return f"{first}{reason}: {_OPENED}"
    return f"{first}{reason}: pass"
