"""What one seat may see of a table, as JSON: its own hand, the others' tile counts, the layout, its
legal moves on its turn, the last actions in words, and a round's end with every hand laid open.

Everything here is built from what the seat's observation holds, plus the round-end records of the
log (public once a round is over). No hidden tile reaches a view: the narration is told from the
seat's side (its own draws only), and the last actions come from the current round only, or, while
a finished round is shown, from that round.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from interpreter.engine import Action, ArmView, LayoutView, Match
from interpreter.engine.actions import (
    ACCEPT,
    BID,
    CLOSE,
    DECLARE,
    DISCARD,
    DOUBLES,
    DROP,
    EXCHANGE,
    GIVE,
    KEEP,
    MELD,
    NO_TRUMPS,
    PASS,
    PICK,
    PLACE,
    PLAY,
    TRUMPS,
)
from interpreter.engine.observation import TrickView
from interpreter.engine.tricks.phases.passing import receiver_words
from interpreter.engine.tricks.suits import suit_name
from interpreter.engine.tricks.tables import TrickTables
from interpreter.frontends.presentation.contracts import (
    aim_words,
    binding_bids,
    contract_bid_text,
    contract_of_hand,
    declared_contract,
    demand_words,
    doubles_place_words,
    suit_led,
    verdict_words,
)
from interpreter.frontends.presentation.ends import open_ends_line
from interpreter.frontends.presentation.narration import Narrator, side_names
from interpreter.frontends.presentation.places import move_words, place_words, why_words
from interpreter.frontends.presentation.plays import (
    captures_count,
    column_size,
    combination_of,
    grouped,
    hand_key,
    in_suit_order,
    lays_face_down,
    leading_play,
    named_tile,
    no_points,
    order_plays,
    rank_of,
    shown_play,
    suit_index,
    suit_names,
    takes_lead,
    tile_name,
    tiles_words,
)
from interpreter.frontends.presentation.score_sheet import score_rows
from interpreter.frontends.presentation.seats import Seat, seats_for, together
from interpreter.frontends.presentation.stakes import stakes_line
from interpreter.frontends.presentation.standing import standing_at
from interpreter.frontends.presentation.style import Style, hand_tile
from interpreter.frontends.presentation.tricks import (
    bid_suit_words,
    bid_text,
    callable_double,
    describe_trick_move,
    held_trumps,
    led_words,
    only_tricks_count,
    score_unit,
    suit_words,
    tables,
    taking_seat,
    tile_notes,
    tricks_in_hand,
    trump_words,
    widow_words,
)
from interpreter.frontends.web import draw_discard_view
from interpreter.frontends.web.counting_view import counting_hand, counting_moves, counting_round_end
from interpreter.frontends.web.partition_view import partition_hand, partition_moves, partition_round_end
from interpreter.frontends.web.tableau_view import tableau_json, tableau_moves
from interpreter.rulefile.explain import explain
from interpreter.rulefile.phase_kinds import (
    COUNTING,
    DRAW_DISCARD,
    LAYOUT,
    PARTITION,
    TABLEAU,
    TRICKS,
    PhaseParts,
    play_kind,
)
from interpreter.rulefile.ruleset import Ruleset
from interpreter.rulefile.trick_rules import LedSuit, TakeTurnUp
from interpreter.text.untrusted import printable

LAST_ACTIONS = 10  # lines of narration a view carries, newest last

_PLAIN = Style(False)


def _shared(arm: ArmView) -> bool:
    return arm.kind == "train" and arm.owner is None and arm.spinner is None


def layout_json(layout: LayoutView) -> dict[str, Any]:
    return {
        "arms": [
            {
                "id": arm.id,
                "kind": arm.kind,
                "owner": arm.owner,
                "value": arm.value,
                "tiles": [list(t) for t in arm.tiles],
                "marker": arm.marker,
                "open": arm.open,
                "root": list(arm.root),
                "spinner": list(arm.spinner) if arm.spinner is not None else None,
                # a shared train's name as its places are said ("the Mexican train"): the page's tag on
                # the table says it too; an owner's train is named by its owner, as each viewer says it
                "name": place_words(layout, arm.id, (), None) if _shared(arm) else None,
            }
            for arm in layout.arms
        ],
        "lead": list(layout.lead) if layout.lead is not None else None,
        "hub": list(layout.hub) if layout.hub is not None else None,
        "spinners": [list(t) for t in layout.spinners],
        "endwise": list(layout.endwise) if layout.endwise is not None else None,
        "open_doubles": [
            {"tile": list(d.tile), "arms": list(d.arms), "remaining": d.remaining, "active": d.active}
            for d in layout.open_doubles
        ],
        "ends": list(layout.ends),
        "end_sum": layout.end_sum,
        "shared_train_name": layout.shared_train_name,
    }


# The most legal moves a view lists (docs/web.md): the engine never offers more than a hand's
# picks and the groups it may lead (at most 2,000 by the loader), so this only guards the page.
MAX_LISTED = 2_500


def legal_json(legal: Sequence[Action], match: Match | None = None, seats: Sequence[Seat] = ()) -> list[dict[str, Any]]:
    """The legal moves; given their `match`, in the words of the terminal's move list as `text`
    ("[5|3] on the left end"; the others' trains named by `seats`), a tile's place as `where` ("the
    left end", "your train"); in a trick game a button's `label` ("1 mark (42)", "sixes"), `value`
    for bids and trumps."""
    out = [
        {
            "index": index,
            "kind": action.kind,
            "tile": list(action.tile) if action.tile is not None else None,
            "arm": action.arm,
            "half": action.half,
            "text": str(action),
        }
        for index, action in enumerate(legal)
    ]
    if match is not None:
        web_board(match).moves(out, legal, match, seats)
    if len(out) > MAX_LISTED:  # a defence: the engine's lists are bounded already (docs/web.md)
        out = out[:MAX_LISTED]
    return out


def _layout_moves(out: list[dict[str, Any]], legal: Sequence[Action], match: Match, seats: Sequence[Seat]) -> None:
    """A layout's moves in words: where each tile goes ("your train")."""
    layout, mover = match.layout, match.current_player  # legal moves are the mover's: "your train"
    for move, action in zip(out, legal, strict=True):
        move["text"] = move_words(action, layout, seats, mover)
        move["where"] = None if action.arm is None else place_words(layout, action.arm, seats, mover)


def _trick_moves(out: list[dict[str, Any]], legal: Sequence[Action], match: Match, seats: Sequence[Seat]) -> None:
    """A trick table's moves: a button's label and value, a play's tiles, and the whole plays a
    play built by picks may be sent as."""
    t = tables(match)
    for move, action in zip(out, legal, strict=True):
        move["value"] = action.value
        move["text"] = describe_trick_move(action, match)
        move.update(_trick_label(action, match))
        if grouped(t) and action.kind == PLAY and action.tile is not None:
            move.update(_play_json(t, match, action))
        elif action.kind == PICK:
            move["tiles"] = [list(action.tile)]  # type: ignore[arg-type]
    if any(action.kind == PICK for action in legal):
        # A play built by picks: the whole plays that take the lead come too (declared groups
        # held: bounded by the loader), sent as their action (the engine takes them as picks).
        for action in order_plays(match, legal):
            if action.kind == PLAY:
                move = {"index": None, "kind": PLAY, "tile": list(action.tile), "arm": None, "half": None,  # type: ignore[arg-type]
                        "text": describe_trick_move(action, match), "action": action.to_json()}  # fmt: skip
                out.append({**move, **_play_json(t, match, action)})


def _play_json(t: Any, match: Match, action: Action) -> dict[str, Any]:
    """A play to a trick of plays: its tiles (a play of several carries them all, `value` too),
    whether it takes the lead or goes face down, and the combination they make."""
    view = match.trick_view  # type: ignore[attr-defined]
    tiles = in_suit_order(t, action.tiles)
    found = combination_of(t, tiles)
    takes = takes_lead(t, view, tiles)
    face_down = lays_face_down(t, view, tiles)
    if not view.plays:
        label = printable(found[2]) if found is not None else named_tile(t, tiles[0])
    elif face_down:
        label = f"{tiles_words(tiles)} face down"
    else:
        label = shown_play(t, tiles)
    return {
        "value": [list(x) for x in action.tiles],
        "tiles": [list(x) for x in tiles],
        "lead": not view.plays,
        "takes_lead": takes and bool(view.plays),
        "face_down": face_down,
        "combination": None if found is None else printable(found[2]),
        "combination_kind": None if found is None else printable(found[0]),
        "label": label,
    }


_CALL_LABELS = {KEEP: "Keep", DROP: "Drop", EXCHANGE: "Exchange", CLOSE: "Close the stock", DECLARE: "Declare"}


def _turn_up_auction_json(t: TrickTables, view: TrickView) -> dict[str, Any]:
    """An auction over the turned-up suit (bidding.bids: turn_up): the suit offered, whether it was
    turned down, what each seat said ("accepted", "named threes"), and the suit made as the bid."""
    if not t.over_turn_up or view.turn_up is None:
        return {}
    n = len(view.played)  # a seat each
    made = None if view.bid_suit is None else suit_name(view.bid_suit, t.max_pip + 1)
    said = [
        "passed" if value is None else f"named {made}" if i >= n else "accepted"
        for i, (_, value) in enumerate(view.bids)
    ]
    return {
        "turn_up_auction": True,
        "offered": suit_name(t.turned_trump(t.index[view.turn_up]), t.max_pip + 1),
        "turned_down": view.turned_down,
        "said": said,
        "made": made,
        "dealer_takes": t.rules.stock is not None and t.rules.stock.take_turn_up is TakeTurnUp.DEALER_ON_ACCEPT,
    }


def _trick_label(action: Action, match: Match) -> dict[str, Any]:
    """A move's few words on its button, and for a declaration how many of its trumps the mover
    holds (the mover's own hand only: legal moves reach no other seat); a call or a close with
    what it does (`explain`), a lead that names its suit with that suit (`suit`)."""
    t = tables(match)
    if action.kind in _CALL_LABELS:
        words = describe_trick_move(action, match)
        return {"label": _CALL_LABELS[action.kind], "explain": words.split(": ", 1)[-1]}
    if action.kind == PLAY and action.tile is not None and isinstance(action.value, int):
        suit = suit_words(action.value, t.max_pip)
        return {"label": f"{hand_tile(action.tile)} as {suit}", "suit": suit}
    if action.kind == PLAY and action.tile is not None and callable_double(t, match, action):
        # A double led where the doubles may be called: its number, or the doubles.
        suit = DOUBLES if action.value == DOUBLES else suit_words(action.tile[0], t.max_pip)
        return {"label": f"{hand_tile(action.tile)} as {suit}", "suit": suit}
    if action.kind in (DISCARD, PICK, GIVE) and action.tile is not None:
        return {"label": hand_tile(action.tile)}
    seat = match.current_player
    if action.kind == ACCEPT:  # the turned-up suit as trumps (bidding.bids: turn_up), with the trumps held
        trump = t.turned_trump(t.index[match.trick_view.turn_up])  # type: ignore[attr-defined]
        held = len(held_trumps(t, trump, match.hand(seat))) if seat is not None else 0
        return {"label": f"accept {suit_name(trump, t.max_pip + 1)}", "held": held}
    if action.kind == BID:
        value = int(action.value)  # type: ignore[arg-type]
        # A bid that, won with this hand, declares a contract says so, and what it demands.
        bound = binding_bids(t, match.hand(seat)).get(value) if seat is not None else None
        if bound is None:
            return {"label": bid_text(t, value) + bid_suit_words(action.half, t)}
        return {"label": contract_bid_text(t, value, bound.name), "contract": printable(bound.name),
                "explain": demand_words(match, t, bound, None)}  # fmt: skip
    if action.kind == TRUMPS and isinstance(action.value, int | str):  # a declaration: a pip or a word
        declared = action.value
        if declared == NO_TRUMPS:
            return {"label": trump_words(NO_TRUMPS, t.max_pip)}
        if declared in t.contracts:  # a special contract (nel-o) in place of trumps, with what it demands
            contract = t.contracts[str(declared)]
            return {"label": printable(contract.name), "contract": printable(contract.name),
                    "explain": demand_words(match, t, contract, None)}  # fmt: skip
        held = len(held_trumps(t, declared, match.hand(seat))) if seat is not None else 0
        label = DOUBLES if declared == DOUBLES else suit_name(int(declared), t.max_pip + 1)
        return {"label": label, "held": held}
    if action.kind == PLACE:  # the doubles' place a contract's declarer announces
        place = str(action.value)
        return {"label": "Doubles " + place.replace("_", " "), "explain": doubles_place_words(place, t.max_pip)}
    if action.kind == PLAY and action.tile is not None:
        return {"label": hand_tile(action.tile)}
    if action.kind == MELD:
        label = " ".join(hand_tile(tile) for tile in action.tiles)
        return {"label": label, "explain": describe_trick_move(action, match)}
    if action.kind == PASS and match.phase == "melding":  # type: ignore[attr-defined]
        return {"label": "No more melds", "explain": "pass: show no other meld this hand"}
    if action.kind == PASS and match.phase == "playing":  # type: ignore[attr-defined]  # tricks.first_leader: starter_or_next
        return {"label": "Pass the lead", "explain": "the next player must lead the first trick"}
    return {"label": "pass" if action.kind == PASS else action.kind}


def _last_index(events: Sequence[dict[str, Any]], kinds: tuple[str, ...], before: int | None = None) -> int | None:
    end = len(events) if before is None else before
    for index in range(end - 1, -1, -1):
        if events[index]["type"] in kinds:
            return index
    return None


def shown_round_end(events: Sequence[dict[str, Any]]) -> int | None:
    """The index of the round end a view shows: the last one, while no action came after it."""
    end = _last_index(events, ("round_end",))
    if end is None:
        return None
    after = _last_index(events, ("action",))
    return end if after is None or after < end else None


_SENTENCE = re.compile(r"(When a player goes out|When the round is blocked), (.*?\.)(?= When |$)")


_EXPLAINED: OrderedDict[tuple[str, str], str] = OrderedDict()
MAX_EXPLAINED = 64  # rule sets whose explanation is kept (a view quotes it at every round end)


def explained(ruleset: Ruleset) -> str:
    """`explain(ruleset)`, kept by the rules' digest and how_to_play (words only, outside the digest,
    yet explained): views quote it after every action, and it costs milliseconds (every formula put
    into words, every paragraph wrapped)."""
    key = (ruleset.digest, ruleset.how_to_play)
    text = _EXPLAINED.get(key)
    if text is None:
        text = _EXPLAINED[key] = explain(ruleset)
        while len(_EXPLAINED) > MAX_EXPLAINED:
            _EXPLAINED.popitem(last=False)
    return text


def scoring_words(ruleset: Ruleset) -> dict[str, str]:
    """How a round is scored, in the words of `domino explain`: per round-end reason, its sentence."""
    text = explained(ruleset)
    found: dict[str, str] = {}
    section = text.split("End of a round\n", 1)[-1].split("\n\n", 1)[0]
    joined = " ".join(line.strip() for line in section.splitlines() if not set(line) <= {"-"})
    for lead, rest in _SENTENCE.findall(joined):
        found["domino" if "goes out" in lead else "blocked"] = f"{lead}, {rest}"
    if ruleset.match.check.value == "immediate":
        found["target"] = "The target was reached during play, so the round is not scored."
    return found


def hand_scoring_words(ruleset: Ruleset) -> str:
    """How a trick game's hand is scored, in the words of `domino explain` ("Scoring a hand")."""
    section = explained(ruleset).split("Scoring a hand\n", 1)
    if len(section) < 2:
        return ""
    lines = section[1].split("\n\n", 1)[0].splitlines()
    return " ".join(line.strip() for line in lines if line.strip() and not set(line.strip()) <= {"-"})


def _of_round_end(event: dict[str, Any]) -> bool:
    """Whether `event` is logged by a round's end, just before it: a score of the round end (not
    one scored in play), a track's new value, a player out of the match."""
    kind = event["type"]
    return kind in ("track", "eliminated") or (kind == "score" and event["reason"] not in ("in_play", "pass"))


def round_end_json(
    match: Match, seats: Sequence[Seat], ruleset: Ruleset, index: int, events: Sequence[dict[str, Any]],
    viewer: int | None = None,
) -> dict[str, Any]:  # fmt: skip
    record = events[index]
    first = index
    while first > 0 and _of_round_end(events[first - 1]):
        first -= 1  # the round end's own scores (and tracks, and players out), logged just before it
    told = Narrator(match, seats, _PLAIN).tell(list(events[first : index + 1]), None)
    board = web_board(match)
    rule = board.scoring_rule(ruleset)  # what a board that says it pays (the captured tiles, the last trick)
    if rule is None:
        rule = scoring_words(ruleset).get(record["reason"], "")
    words = [rule, *(line.strip() for line in told)]
    out = {
        "round": record["round"],
        "reason": record["reason"],
        "seat": record["seat"],
        "hands": [[list(t) for t in hand] for hand in record["hands"]],
        "pips": list(record["pips"]),
        "scores": list(record["scores"]),
        "words": [w for w in words if w],
    }
    if match.tracks or match.eliminated:
        out["tracks"], out["out"] = standing_at(match, record["round"])
    out.update(board.round_end(match, events, first, index, seats, viewer))
    return out


def _trick_scoring_rule(ruleset: Ruleset) -> str | None:
    """What the captured tiles and the last trick pay, where the tiles taken count."""
    return hand_scoring_words(ruleset) if captures_count(ruleset) else None


def _trick_round_end(
    match: Match, events: Sequence[dict[str, Any]], first: int, index: int, seats: Sequence[Seat], viewer: int | None
) -> dict[str, Any]:
    """A trick hand's end: its summary, and the contract's."""
    tricks = _hand_end_json(match, events, first, index)
    tricks.update(_contract_end(match, events, index, seats, viewer))
    return {"tricks": tricks}


def _hand_end_json(match: Match, events: Sequence[dict[str, Any]], first: int, index: int) -> dict[str, Any]:
    """A trick hand's end as the summary shows it, read from the log: the contract, made or set,
    each side's tricks and points, and what each side scored (a hand's unplayed tiles stay hidden);
    who claimed it, who closed the stock and where the sides stood then, who dropped out."""
    t = tables(match)
    record = events[index]
    deal = _last_index(events, ("deal",), before=index) or 0
    contract = next((e for e in events[deal:index] if e["type"] == "contract"), None)
    tricks = [0] * match.sides
    points = [0] * match.sides
    captured = [0] * match.sides
    last_taker: int | None = None
    at_close: dict[str, Any] | None = None  # the tricks and points (lists) and the stock (a count) at the close
    dropped: list[int] = []
    declared_win: int | None = None  # the side whose declaration won the hand
    draws = 0
    for event in events[deal:index]:
        if event["type"] == "trick":
            tricks[event["side"]] += 1
            points[event["side"]] += event["points"]
            captured[event["side"]] += len(event["tiles"]) + sum(n for _, n in event.get("face_down", ()))
            last_taker = event["seat"]
        elif event["type"] == "draw":
            draws += 1
        elif event["type"] == "action" and event["action"]["kind"] == CLOSE:
            at_close = {"tricks": tricks.copy(), "points": points.copy(), "stock": _stock_at(events[deal], draws, t)}
        elif event["type"] == "action" and event["action"]["kind"] == DROP:
            dropped.append(event["seat"])
        elif event["type"] == "declared" and event.get("wins"):  # declaration.wins_when
            declared_win = event["side"]
    gained = [0] * match.sides
    for event in events[first:index]:
        if event["type"] == "score":
            gained[event["side"]] += event["points"]
    bid = record.get("bid")
    total: int | None = None if grouped(t) else tricks_in_hand(t)  # tricks of plays: as many as leads
    if at_close is not None and total is not None:  # a closed stock's tiles are never played
        total -= at_close["stock"] // max(1, match.players - len(dropped))
    claimed = record.get("claimed")
    closer = record.get("closed_by")
    return {
        "bidder": record["seat"],
        "bidder_side": None if record["seat"] is None else match.side_of(record["seat"]),
        "bid": bid,
        "bid_text": None if bid is None else bid_text(t, bid),
        "make": None if contract is None else contract["make"],
        "made": record.get("made"),
        "tricks": tricks,
        "tricks_in_hand": total,
        "points": list(record["pips"]),
        "gained": gained,
        "unit": list(score_unit(match.ruleset)),
        "claimed": claimed,
        "declared_win": declared_win,
        "closed_by": closer,
        "closer_side": None if closer is None else match.side_of(closer),
        "at_close": at_close,
        "walkover": record["reason"] == "walkover",
        "dropped": dropped,
        "only_tricks": only_tricks_count(t),
        # Tricks of plays (Tien Gow): the tiles each side captured, in columns where the score
        # counts them so, and who took the last trick.
        "captured": captured,
        "captures": captures_count(match.ruleset),
        "columns_of": column_size(match.ruleset),
        "no_points": no_points(t),
        "last_taker": last_taker,
        "last_side": None if last_taker is None else match.side_of(last_taker),
        "grouped": grouped(t),
    }


def _contract_end(
    match: Match, events: Sequence[dict[str, Any]], index: int, seats: Sequence[Seat], viewer: int | None
) -> dict[str, Any]:
    """A hand's special contract (None: plain trumps, or none) and its verdict in the words of its
    aim ("nel-o set: the bidder (You) took a trick"); None where the hand had no contract."""
    t = tables(match)
    record = events[index]
    deal = _last_index(events, ("deal",), before=index) or 0
    contract = contract_of_hand(t, events[deal:index])
    if contract is None or record["seat"] is None:
        return {"contract": None, "verdict": None}
    made = bool(record.get("made"))
    return {"contract": printable(contract),
            "verdict": verdict_words(match, t, contract, made, record["seat"], seats, viewer)}  # fmt: skip


def _stock_at(deal: dict[str, Any], draws: int, t: Any) -> int:
    """Tiles in the stock after `draws` draws of a hand dealt by `deal` (its full record)."""
    stock = len(deal.get("boneyard") or ()) or int(deal.get("boneyard_size") or 0)
    rules = t.rules.stock
    if rules is not None and rules.turn_up and not rules.draw:
        stock -= 1
    return max(0, stock - draws)


def last_actions(
    match: Match, seats: Sequence[Seat], viewer: int | None, events: Sequence[dict[str, Any]]
) -> list[str]:
    """The last actions in words, told as `viewer` may hear them: those of the current round, or of the
    finished round while its end is shown (the next deal's line is told once its round has begun)."""
    shown = shown_round_end(events)
    if shown is None:
        start, end = _last_index(events, ("deal",)) or 0, len(events)
    else:
        start = _last_index(events, ("deal",), before=shown) or 0
        following = _last_index(events, ("deal",))
        end = following if following is not None and following > shown else len(events)
    lines = Narrator(match, seats, _PLAIN).tell(list(events[start:end]), viewer)
    return [line.strip() for line in lines if line.strip()][-LAST_ACTIONS:]


def tricks_json(
    match: Match, viewer: int | None, seats: Sequence[Seat], hand: Sequence[tuple[int, int]] = ()
) -> dict[str, Any] | None:
    """A trick game's hand as every seat sees it (TrickView), with the words the terminal uses;
    None for a board without tricks. Only played tiles appear: the trick, the last trick, each seat's
    played tiles; and for the viewer's own `hand`, what each tile is (a trump, what it counts)."""
    return web_board(match).hand(match, viewer, seats, hand)


def _trick_hand(
    match: Match, viewer: int | None, seats: Sequence[Seat], hand: Sequence[tuple[int, int]] = ()
) -> dict[str, Any]:
    t = tables(match)
    view = match.trick_view  # type: ignore[attr-defined]
    phase = match.phase  # type: ignore[attr-defined]
    # Around the table from the viewer, in the order of play: the next seat sits on the viewer's left.
    start = 0 if viewer is None else viewer
    order = [start]
    while len(order) < match.players:
        order.append(t.next_seat(order[-1]))
    leading = taking_seat(t, view)
    lowest = min((b.value for b in t.bids), default=None)
    stock = t.rules.stock
    calls = t.rules.calls
    turn_up = None
    if view.turn_up is not None:
        turn_up = {
            "tile": list(view.turn_up),
            "trump": view.declaration,
            "suit": suit_words(view.declaration, t.max_pip) if isinstance(view.declaration, int) else None,
            "drawn_last": bool(stock is not None and stock.draw),
            "taken": view.turn_up_taken,  # the dealer took it into his hand (stock.take_turn_up)
            "holder": view.turn_up_holder,
        }
    led = suit_led(t, view)
    return {
        "phase": phase,
        "dealer": view.dealer,
        "starter": view.starter,
        "order": order,
        "bids": [
            {"seat": seat, "value": value, "text": "pass" if value is None else bid_text(t, value)}
            for seat, value in view.bids
        ],
        "bidder": view.bidder,
        "bid": view.bid,
        "bid_text": None if view.bid is None else bid_text(t, view.bid) + bid_suit_words(view.bid_suit, t),
        **_turn_up_auction_json(t, view),
        "lowest_bid": None if lowest is None else bid_text(t, lowest),
        "make": view.make,
        "declaration": view.declaration,
        "trumps": None if view.declaration is None else trump_words(view.declaration, t.max_pip),
        "trick": [{"seat": seat, "tile": list(tile)} for seat, tile in view.trick],
        "trick_number": sum(view.tricks_won) + 1,
        "tricks_in_hand": tricks_in_hand(t),
        "led": None if led is None else led_words(led, t.max_pip, view.suit_names),
        "taking": leading,
        "last_trick": [{"seat": seat, "tile": list(tile)} for seat, tile in view.last_trick],
        "last_winner": view.last_winner,
        "tricks_won": list(view.tricks_won),
        "points_won": list(view.points_won),
        "played": [[list(tile) for tile in tiles] for tiles in view.played],
        "unit": list(score_unit(match.ruleset)),
        "hand_notes": [tile_notes(t, view.declaration, tile) for tile in hand],
        # The stock (Bingo, Loo): its size, the tile turned up for trumps, who closed it.
        **_contract_json(match, t, view, viewer, seats),
        "finished": finished_trick(match, seats),
        "has_stock": stock is not None or calls is not None,
        "stock": view.stock,
        "turn_up": turn_up,
        "closed_by": view.closed_by,
        "at_close": None if not view.at_close else {"tricks": list(view.at_close[0]), "points": list(view.at_close[1])},
        # The calls before the first lead (Loo): who said what, who is out of the hand.
        "calls": [{"seat": seat, "call": call} for seat, call in view.calls],
        "dropped": list(view.dropped),
        "only_tricks": only_tricks_count(t),  # a hand's points are its tricks: no column of its own
        "names_lead_suit": t.rules.led_suit is LedSuit.LEADER_NAMES,
        "to_discard": view.to_discard,
        "exchanging": bool(view.to_discard) and view.bidder is None,
        # Tiles passed before play: how many the player to give has left, to whom; the viewer's own.
        "to_give": view.to_give,
        "pass_to": receiver_words(t),
        **_passed_json(match, viewer),
        # The undealt tiles: how many wait for a trick's winner, and the tiles once shown.
        "widow_size": view.widow_size,
        "widow": [list(tile) for tile in view.widow],
        "widow_text": widow_words(t, view).strip(),
        # Declarations that score: per seat the tiles it showed and still holds (known to all).
        "shown": [[list(tile) for tile in tiles] for tiles in view.shown],
        # Melds shown this hand (melds), in order.
        "melds": [_meld_json(*meld) for meld in view.melds],
        **_plays_json(match, t, view, hand),
    }


def _meld_json(seat: int, name: str, tiles: Any, widow: Any, points: int) -> dict[str, Any]:
    """A meld shown (melds): who, its kind's name, its tiles, the widow's among them, its points."""
    listed = [list(x) for x in tiles]
    return {"seat": seat, "name": printable(name), "tiles": listed, "widow": [list(x) for x in widow], "points": points}


def _passed_json(match: Match, viewer: int | None) -> dict[str, Any]:
    """The tiles the viewer passed before play and received (its own view: every other seat's is hidden)."""
    own = match.observation(viewer).tricks if viewer is not None else None
    if own is None:
        return {"passed": [], "received": [], "received_text": ""}
    got = " ".join(hand_tile(tile) for tile in own.received)
    return {"passed": [list(tile) for tile in own.passed], "received": [list(tile) for tile in own.received],
            "received_text": f"Passed to you: {got}" if got else ""}  # fmt: skip


def _contract_json(match: Match, t: Any, view: Any, viewer: int | None, seats: Sequence[Seat]) -> dict[str, Any]:
    """The hand's contract as the table says it: "3 marks — splash" (`contract_text`, the bid
    alone for plain trumps), the special contract's name, its aim and what it demands (to the
    bidder: "your partner names trumps and leads; …"), and the seat that sits out."""
    # Declared, or bound by the winning bid (the bidder must declare it: the view says which).
    contract = declared_contract(t, view) or t.contracts.get(view.must_declare or "")
    bidder = None if view.phase == "bidding" else view.bidder
    text = None if bidder is None or view.bid is None else bid_text(t, view.bid)
    if contract is not None and view.bid is not None:
        text = contract_bid_text(t, view.bid, contract.name)
    demand = None
    if contract is not None and bidder is not None:
        demand = demand_words(match, t, contract, None if viewer == bidder else seats[bidder].name)
    return {
        "contract": None if contract is None else printable(contract.name),
        "contract_text": text,
        "aim": None if bidder is None else (contract.aim.value if contract is not None else "bid"),
        "aim_words": None if bidder is None else aim_words(contract, view.make),
        "demand": demand,
        "sitting_out": view.sitting_out,
        "fixed_trumps": contract is not None and contract.trumps is not None,  # said by the demand
        # Declared, its declarer yet to announce where the doubles rank (contracts[].doubles: declared).
        "placing_doubles": contract is not None and view.contract is not None and contract.doubles_declared,
    }


def finished_trick(match: Match, seats: Sequence[Seat]) -> dict[str, Any] | None:
    """The trick taken last, while nobody has moved since (the page holds it in the middle until
    the next lead, or a tap): who took it and with what, its tiles as played (face-up ones; the
    face-down plays as `[seat, how many]`, from its public record), its number in its hand and
    the hand's (it outlives its hand's end: the last trick of a hand is held over the next deal)."""
    events = match.events
    index = _last_index(events, ("trick",))
    if index is None or (_last_index(events, ("action",)) or 0) > index:
        return None
    record = events[index]
    deal = _last_index(events, ("deal",), before=index) or 0
    number = sum(1 for e in events[deal:index + 1] if e["type"] == "trick")
    t = tables(match)
    taker = record["seat"]
    tiles = [(seat, tuple(tile)) for seat, tile in record["tiles"]]
    best = [tile for seat, tile in tiles if seat == taker]
    said = shown_play(t, best) if grouped(t) else " ".join(hand_tile(tile) for tile in best)
    return {
        "seat": taker,
        "side": record["side"],
        "tiles": [{"seat": seat, "tile": list(tile)} for seat, tile in tiles],
        "face_down": [list(x) for x in record.get("face_down", ())],
        "points": record["points"],
        "number": number,
        "round": events[deal]["round"] if events[deal]["type"] == "deal" else match.round,
        "text": f"{seats[taker].name} took the trick with {said}",
    }


def _plays_json(match: Match, t: Any, view: Any, hand: Sequence[tuple[int, int]]) -> dict[str, Any]:
    """What a game of tiles played together and plays laid face down (Tien Gow) adds: the trick
    as plays (a play laid face down as how many tiles, never which), the play holding the lead,
    the tiles each side captured, the last trick's face-down plays (counts, from its public
    record), and the names, suits and ranks of the viewer's own tiles (a set with names)."""
    plays = grouped(t)
    best = leading_play(t, view) if plays else None
    out: dict[str, Any] = {
        "grouped": plays,
        "face_down_rule": bool(t.rules.face_down),
        "plays": [
            {"seat": seat, "tiles": [list(x) for x in in_suit_order(t, tiles)], "face_down": hidden,
             "name": _combination_name(t, tiles), "leading": index == best}
            for index, (seat, tiles, hidden) in enumerate(view.plays)
        ],
        "lead_size": len(view.plays[0][1]) if view.plays else None,
        "captured": list(view.captured),
        "captures": captures_count(match.ruleset),
        "columns_of": column_size(match.ruleset),
        "no_points": no_points(t),
        "last_face_down": _last_face_down(match),
        "suit_names": list(suit_names(t)),
        "hand_names": [tile_name(t, tile) for tile in hand],
        "hand_suits": [suit_index(t, tile) for tile in hand] if t.rules.named else [],
        "hand_ranks": [rank_of(t, tile) for tile in hand] if t.rules.named else [],
        "hand_order": sorted(range(len(hand)), key=lambda i: (hand_key(t, hand[i]), i)),
    }  # fmt: skip
    if plays and view.plays and len(view.plays[0][1]) > 1:  # tiles led together call for no suit
        found = combination_of(t, view.plays[0][1])
        out["led"] = f"{printable(found[0])} led" if found is not None else f"{len(view.plays[0][1])} tiles led"
    if plays:
        out["tricks_in_hand"] = None  # a hand has as many tricks as it has leads
    return out


def _combination_name(t: Any, tiles: Sequence[tuple[int, int]]) -> str | None:
    found = combination_of(t, tiles)
    return None if found is None else printable(found[2])


def _last_face_down(match: Match) -> list[list[int]]:
    """[seat, how many] of the plays laid face down in the last trick taken this hand."""
    for event in reversed(match.events):

        if event["type"] == "trick":
            return [list(x) for x in event.get("face_down", ())]
        if event["type"] == "deal":
            break
    return []


def last_play(match: Match, events: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The last turn of this round, read back from the log: who moved (`at`: the index of the
    turn's last action, so a page tells a new turn from one it has shown), and in a layout game the
    tiles laid in that turn, in order, each with its arm and the points it scored where it lies (the
    in-play scores logged after it). Plays on a layout are public; a trick game's plays may lie face
    down, so there only the mover is told. None before anyone moves in this round."""
    seat: int | None = None
    at = 0
    tiles: list[dict[str, Any]] = []
    points = 0  # in-play points logged after the action read next (going back)
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        kind = event["type"]
        if kind in ("deal", "match"):
            break
        if kind == "score":
            points += event["points"] if event["reason"] == "in_play" else 0
            continue
        if kind != "action":
            continue
        if seat is None:
            seat, at = event["seat"], index
        elif event["seat"] != seat:
            break
        action = event["action"]
        if action["kind"] == PLAY and web_board(match).lays_tiles:  # a trick match's layout is empty, not None
            tiles.append({"tile": list(action["tile"]), "arm": action.get("arm"), "points": points})
        points = 0
    if seat is None:
        return None
    tiles.reverse()
    return {"seat": seat, "at": at, "tiles": tiles, "points": sum(t["points"] for t in tiles)}


def history(events: Sequence[dict[str, Any]]) -> list[list[int]]:
    return [list(e["scores"]) for e in events if e["type"] == "round_end"]


def named_seats(kinds: Sequence[str], names: Mapping[int, str] | None = None, viewer: int | None = None) -> list[Seat]:
    """The seats as `viewer` calls them: "You" for its own, the name each person gave their seat,
    else "Player N" for a person (to a spectator too) and "Computer"/"Computer N" for the others."""
    out = []
    for number, seat in enumerate(seats_for(kinds)):
        if number == viewer:
            name = "You"
        elif names and number in names:
            name = names[number]
        else:
            name = f"Player {number + 1}" if seat.human else seat.name
        out.append(Seat(seat.kind, name))
    return out


def seats_json(kinds: Sequence[str], seats: Sequence[Seat], named: Collection[int] = ()) -> list[dict[str, Any]]:
    """Each seat: a person or a computer (its strength), its name as the viewer says it, and whether
    its person gave a name (`named`; the page asks a person for theirs until they have)."""
    return [
        {"seat": n, "kind": "human" if seat.human else "computer", "strength": None if seat.human else kind,
         "name": seat.name, "named": n in named}
        for n, (kind, seat) in enumerate(zip(kinds, seats, strict=True))
    ]  # fmt: skip


def _common(
    match: Match, ruleset: Ruleset, seats: Sequence[Seat], kinds: Sequence[str], named: Collection[int] = (),
    viewer: int | None = None,
) -> dict[str, Any]:  # fmt: skip
    events = match.events
    shown = shown_round_end(events)
    return {
        "variant": ruleset.name,
        "title": ruleset.title,
        # The page draws the board and the action panel by these kind names, never by the family.
        "board": web_board(match).renderer,
        "phase_kind": match.phase_kind,
        "round": match.round,
        "ends_said": open_ends_line(ruleset, match) if match.layout is not None else None,
        **_goal(match),
        "current_player": match.current_player,
        "over": match.is_over,
        "winners": list(match.winners) if match.is_over else [],
        "scores": list(match.scores),
        # scoring.tracks (per name, each side's value) and the seats out of the match: shown beside the scores.
        "tracks": {name: list(values) for name, values in match.tracks.items()},
        "eliminated": list(match.eliminated),
        # match.stake: each side's net as the match ended, in words (None before, or without one).
        "stakes_said": stakes_line(match, lambda side: together(side_names(match, seats, side))),
        "sides": match.sides,
        "seat_sides": [match.side_of(s) for s in range(match.players)],
        "seats": seats_json(kinds, seats, named),
        "round_end": round_end_json(match, seats, ruleset, shown, events, viewer) if shown is not None else None,
        "last_round_end": _last_round_end(match, seats, ruleset, events, shown, viewer),
        "history": history(events),
        "score_sheet": score_rows(match),
        "last_play": last_play(match, events),
        "tableau": tableau_json(match),  # a patience's columns, spares and stock (None in other games)
    }


def _last_round_end(
    match: Match, seats: Sequence[Seat], ruleset: Ruleset, events: Sequence[dict[str, Any]], shown: int | None,
    viewer: int | None = None,
) -> dict[str, Any] | None:  # fmt: skip
    """The last finished round's end, kept after the next round began: the next seat's move may come
    before a page has read `round_end` (a computer bids at once), and a hand decided early ends
    with no tile left to see. Only round-end records: public once the round is over."""
    if shown is not None:
        return None  # `round_end` is this very summary
    index = _last_index(events, ("round_end",))
    return None if index is None else round_end_json(match, seats, ruleset, index, events, viewer)


def _goal(match: Match) -> dict[str, int | bool | None]:
    """What ends the match for this number of players: a target score, a number of rounds, or both;
    and whether it is played until one player is left (match.eliminate_when)."""
    end = match.ruleset.match
    return {
        "target": end.target,
        "rounds": (end.rounds or {}).get(match.players),
        "until_one_left": end.eliminate_when is not None,
    }


def seat_view(
    match: Match, ruleset: Ruleset, kinds: Sequence[str], seat: int, version: int,
    waiting: Collection[int] | None = None, names: Mapping[int, str] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """What `seat` may see now, as the JSON of `GET /api/tables/ID/state`. `waiting`: the people who
    have not continued from the round's end yet (None where a round's end waits for nobody): while
    any has not, nobody has a move, and to those the table is shown as the round ended. `names`:
    the names the people gave their seats."""
    # Each seat has a screen of its own: it is "You" in its narration, as on the rest of its page.
    seats = named_seats(kinds, names, seat)
    observation = match.observation(seat)
    view = {
        "version": version,
        **_common(match, ruleset, seats, kinds, names or {}, seat),
        "seat": seat,
        "side": observation.side,
        "hand": [list(t) for t in observation.hand],
        "hand_counts": list(observation.hand_counts),
        "boneyard_count": observation.boneyard_count,
        "layout": layout_json(observation.layout),
        "legal": legal_json(observation.legal_actions, match, seats),
        # Why only draw, pass or a marker is offered, or what a pass beside a tile does (None otherwise).
        "why": web_board(match).why(match, observation.legal_actions),
        "last_actions": last_actions(match, seats, seat, match.events),
        "tricks": tricks_json(match, seat, seats, observation.hand),
        "to_continue": None if waiting is None else sorted(waiting),
    }
    if waiting:
        view["legal"] = []
        view["why"] = None
        if seat in waiting:
            view.update(_as_it_ended(match, seat))
    return view


def spectator_view(
    match: Match, ruleset: Ruleset, kinds: Sequence[str], version: int,
    waiting: Collection[int] | None = None, names: Mapping[int, str] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """What a spectator may see: what every seat sees, and nothing one seat alone does. No hand, no
    move; every hand's count, the stock's, the layout; the last actions told to no seat (nobody's
    draw named). While a round's end waits, the table as that round ended (every hand was open)."""
    seats = named_seats(kinds, names)
    public = match.observation(0)  # its counts, layout and stock size are every seat's to see
    view = {
        "version": version,
        **_common(match, ruleset, seats, kinds, names or {}),
        "seat": None,
        "side": None,
        "hand": [],
        "hand_counts": list(public.hand_counts),
        "boneyard_count": public.boneyard_count,
        "layout": layout_json(public.layout),
        "legal": [],
        "why": None,
        "last_actions": last_actions(match, seats, None, match.events),
        "tricks": tricks_json(match, None, seats),
        "to_continue": None if waiting is None else sorted(waiting),
    }
    if waiting:
        view.update(_as_it_ended(match, 0), hand=[])
    return view


def _as_it_ended(match: Match, seat: int) -> dict[str, Any]:
    """The table as the last round ended (every hand is public then): its layout, the seat's hand,
    the count of each hand and of the stock, nobody to play; the next deal's ends are not said."""
    events = match.events
    end = _last_index(events, ("round_end",))
    assert end is not None and match.finished_layout is not None  # a table waits only after a round end
    record = events[end]
    deal = _last_index(events, ("deal",), before=end) or 0
    draws = sum(1 for e in events[deal:end] if e["type"] == "draw")
    stock = len(events[deal].get("boneyard") or ()) - match.ruleset.deal.reserve - draws
    return {
        "round": record["round"],
        "hand": [list(t) for t in record["hands"][seat]],
        "hand_counts": [len(hand) for hand in record["hands"]],
        "boneyard_count": max(0, stock),
        "layout": layout_json(match.finished_layout),
        "ends_said": None,
        "current_player": None,
    }


def public_view(match: Match, ruleset: Ruleset, kinds: Sequence[str], step: int, steps: int) -> dict[str, Any]:
    """A replay's view at one step: the table with every hand open (a replay is public to its opener)."""
    seats = seats_for(kinds)
    current = match.current_player
    return {
        "step": step,
        "steps": steps,
        **_common(match, ruleset, seats, kinds),
        "seat": None,
        "side": None,
        "hand": [],
        "hands": [[list(t) for t in match.hand(s)] for s in range(match.players)],
        "hand_counts": [len(match.hand(s)) for s in range(match.players)],
        "boneyard_count": match.observation(0).boneyard_count,
        "layout": layout_json(match.layout),
        "legal": legal_json(match.legal_actions(), match, seats) if current is not None else [],
        "last_actions": last_actions(match, seats, current, match.events),
        "tricks": tricks_json(match, None, seats),
    }


@dataclass(frozen=True)
class WebBoard:
    """The web view's part for a board (the play kind of `Match.phase_kinds`): what the view says
    of the moves, the hand and a hand's end there, and the page's renderer for it."""

    renderer: str  # the name the page draws the board by (static/boards.js), sent as the view's "board"
    moves: Callable[[list[dict[str, Any]], Sequence[Action], Match, Sequence[Seat]], None]  # the moves' words
    why: Callable[[Match, Sequence[Action]], str | None]  # why only draw, pass or a marker is offered
    hand: Callable[[Match, int | None, Sequence[Seat], Sequence[tuple[int, int]]], dict[str, Any] | None]
    scoring_rule: Callable[[Ruleset], str | None]  # what a hand's end pays, where the board says it
    round_end: Callable[
        [Match, Sequence[dict[str, Any]], int, int, Sequence[Seat], int | None], dict[str, Any]
    ]  # a round's end's own fields
    lays_tiles: bool  # a play lays its tile on the layout (the last play shows where)
    pauses: bool  # a round's end waits for the people to continue (its finished layout is shown)
    sets_hand_size: bool  # the start form offers a hand size (a trick deal uses every tile)


WEB_BOARDS: PhaseParts[WebBoard] = PhaseParts(
    "the web view (web/views.py)",
    {
        LAYOUT: WebBoard(
            "layout", _layout_moves, why_words, lambda match, viewer, seats, hand: None, lambda ruleset: None,
            lambda match, events, first, index, seats, viewer: {}, lays_tiles=True, pauses=True, sets_hand_size=True,
        ),
        TRICKS: WebBoard(
            "tricks", _trick_moves, lambda match, legal: None, _trick_hand, _trick_scoring_rule, _trick_round_end,
            lays_tiles=False, pauses=False, sets_hand_size=False,
        ),
        COUNTING: WebBoard(
            "counting", counting_moves, lambda match, legal: None, counting_hand, lambda ruleset: None,
            counting_round_end, lays_tiles=False, pauses=False, sets_hand_size=False,
        ),
        TABLEAU: WebBoard(
            "tableau", tableau_moves, lambda match, legal: None, lambda match, viewer, seats, hand: None,
            lambda ruleset: None,
            lambda match, events, first, index, seats, viewer: {}, lays_tiles=False, pauses=False, sets_hand_size=False,
        ),
        DRAW_DISCARD: WebBoard(
            "draw_discard", draw_discard_view.moves, lambda match, legal: None, draw_discard_view.table_json,
            lambda ruleset: None, draw_discard_view.round_end, lays_tiles=False, pauses=False, sets_hand_size=False,
        ),
        PARTITION: WebBoard(
            "partition", partition_moves, lambda match, legal: None, partition_hand, lambda ruleset: None,
            partition_round_end, lays_tiles=False, pauses=False, sets_hand_size=False,
        ),
    },
)  # fmt: skip


def web_board(match: Match) -> WebBoard:
    """The web view's part for the board `match`'s hands are played on."""
    return WEB_BOARDS.part(play_kind(match.phase_kinds))


def ruleset_board(ruleset: Ruleset) -> WebBoard:
    """The web view's part for the board a game of `ruleset` is played on (before any match)."""
    return WEB_BOARDS.part(play_kind(ruleset.phase_kinds))
