"""A trick game's table as text: the auction or the contract and trumps (or the tile turned up for
them), the stock, the calls before the first lead, the trick on the table with who played what,
the last trick and who took it, each side's tricks and points this hand, the players and their
scores, one player's hand, and the numbered moves."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from interpreter.engine import Action, Match
from interpreter.engine.actions import BID, DROP, EXCHANGE, KEEP, PASS, PICK, PLACE
from interpreter.engine.observation import TrickView
from interpreter.engine.tricks.phases.passing import receiver_words
from interpreter.engine.tricks.suits import suit_name
from interpreter.engine.tricks.tables import TrickTables
from interpreter.frontends.presentation.contracts import (
    aim_words,
    contract_bid_text,
    declared_contract,
    demand_words,
    suit_led,
)
from interpreter.frontends.presentation.plays import (
    captured_words,
    captures_count,
    combination_of,
    grouped,
    hand_key,
    in_suit_order,
    leading_play,
    named_tile,
    no_points,
    shown_play,
    suit_index,
    suit_names,
    tiles_count,
    tiles_words,
)
from interpreter.frontends.presentation.seats import Seat, together
from interpreter.frontends.presentation.style import Style, hand_tile
from interpreter.frontends.presentation.tricks import (
    bid_text,
    counted,
    describe_trick_move,
    led_words,
    only_tricks_count,
    score_unit,
    stock_words,
    suit_words,
    tables,
    taking_seat,
    trump_words,
    widow_words,
)
from interpreter.frontends.terminal.asked import ASKED
from interpreter.frontends.terminal.table import goal, hand_line, player_lines
from interpreter.rulefile import phase_kinds as kinds
from interpreter.rulefile.phase_kinds import PhaseParts
from interpreter.rulefile.ruleset import Ruleset
from interpreter.rulefile.trick_rules import Aim, LedSuit
from interpreter.text.untrusted import printable

_GRID_WIDTH = 78  # short moves (the bids) are laid out in columns up to this width
_PLAIN_ESCAPES = re.compile(r"\x1b\[[0-9;]*m")  # a painted word's colour codes take no room
CALLED = {KEEP: "kept the hand", DROP: "dropped out", EXCHANGE: "exchanged the hand"}


def _side_names(match: Match, seats: Sequence[Seat], side: int) -> str:
    return together([seat.name for number, seat in enumerate(seats) if match.side_of(number) == side])


def auction_lines(match: Match, seats: Sequence[Seat], legal: Sequence[Action], style: Style) -> list[str]:
    t = tables(match)
    view = match.trick_view  # type: ignore[attr-defined]
    width = max(len(seat.name) for seat in seats)
    if t.over_turn_up:
        return _turn_up_auction_lines(t, view, seats, legal, style)
    lines = [style.heading("Auction") + f"  {seats[view.starter].name} bid first; each player bids once or passes."]
    for seat, value in view.bids:
        said = "passed" if value is None else f"bid {bid_text(t, value)}"
        lines.append(f"  {seats[seat].name:<{width}}  {said}")
    bids = [a.value for a in legal if a.kind == BID and isinstance(a.value, int)]
    lowest = f"; the lowest bid now is {bid_text(t, min(bids))}" if bids else ""
    if view.bid is None:
        lines.append(f"No bid yet{lowest}.")
    else:
        lines.append(f"The bid stands at {bid_text(t, view.bid)}, by {seats[view.bidder].name}{lowest}.")
    if bids and not any(a.kind == PASS for a in legal):
        lines.append("Everyone else passed: you must bid.")
    return lines


def _turn_up_auction_lines(
    t: TrickTables, view: TrickView, seats: Sequence[Seat], legal: Sequence[Action], style: Style
) -> list[str]:
    """An auction over the turned-up suit (bidding.bids: turn_up): who accepted, passed or named."""
    width = max(len(seat.name) for seat in seats)
    up = hand_tile(view.turn_up) if view.turn_up is not None else "tile"
    offered = suit_name(t.turned_trump(t.index[view.turn_up]), t.max_pip + 1) if view.turn_up is not None else ""
    first = seats[view.starter].name
    speaks = "speak" if first == "You" else "speaks"
    lines = [
        style.heading("Auction")
        + f"  {first} {speaks} first; each accepts the turned-up {up} ({offered}) as trumps or passes."
    ]
    for i, (seat, value) in enumerate(view.bids):
        said = "passed" if value is None else "accepted"
        if value is not None and i >= len(seats) and view.bid_suit is not None:  # the second round: a suit named
            said = f"named {suit_name(view.bid_suit, t.max_pip + 1)}"
        lines.append(f"  {seats[seat].name:<{width}}  {said}")
        if i == len(seats) - 1 and view.turned_down:
            lines.append(f"The {up} is turned down: each may name another suit as trumps, or pass.")
    if not any(a.kind == PASS for a in legal):
        lines.append("Everyone else passed: you must make trumps.")
    return lines


def contract_line(match: Match, seats: Sequence[Seat], style: Style) -> str:
    t = tables(match)
    view = match.trick_view  # type: ignore[attr-defined]
    if view.bidder is None and t.over_turn_up and view.turn_up is not None:  # not made yet: offered, or turned down
        offered = suit_name(t.turned_trump(t.index[view.turn_up]), t.max_pip + 1)
        said = f"not made: {offered} turned down" if view.turned_down else f"{offered} offered"
        return style.heading("Trumps") + f"  {said}, by the turned-up {hand_tile(view.turn_up)} (face up, out of play)"
    if view.bidder is None and view.turn_up is not None:  # trumps turned up from the stock
        stock = t.rules.stock
        where = "" if stock is not None and stock.draw else " (face up, out of play)"
        if view.turn_up_taken:  # the dealer took it into his hand (stock.take_turn_up)
            where = f" (taken by {seats[view.turn_up_holder].name})" if view.turn_up_holder is not None else " (played)"
        trump = view.declaration
        said = f"{suit_words(trump, t.max_pip)}" if isinstance(trump, int) else trump_words(trump, t.max_pip)
        return style.heading("Trumps") + f"  {said}, from the turned-up {hand_tile(view.turn_up)}{where}"
    if view.bidder is None and t.rules.led_suit is LedSuit.NAMED:  # the set's own suits, no trumps
        names = list(suit_names(t))
        suits = " or ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + f" or {names[-1]}"
        text = f"No trumps; a tile led calls for its suit: {suits}"
        if t.rules.combinations:
            text += "; pairs and sets may be led too"
        return text + "."
    if view.bidder is None:  # no auction: the file's fixed trumps
        declaration = t.fixed if view.declaration is None else view.declaration
        return f"No auction this hand; {trump_words(declaration, t.max_pip)}.{widow_words(t, view)}"
    side = match.side_of(view.bidder)
    # A special contract, declared or bound by the winning bid: its name with the bid, what it demands.
    contract = declared_contract(t, view) or t.contracts.get(view.must_declare or "")
    if contract is not None:
        bidder = seats[view.bidder].name
        text = style.heading("Contract") + f"  {bidder} bid {contract_bid_text(t, view.bid, contract.name)}: "
        text += demand_words(match, t, contract, None if bidder == "You" else bidder)
        if view.declaration is not None and contract.trumps is None and view.declaration != contract.name:
            text += f"; {trump_words(view.declaration, t.max_pip)}"
        return text + "."
    made = (
        f"made {suit_name(view.bid_suit, t.max_pip + 1)} trumps" if t.over_turn_up else f"bid {bid_text(t, view.bid)}"
    )
    text = style.heading("Contract") + f"  {seats[view.bidder].name} {made}: "
    text += f"{_side_names(match, seats, side)} "
    text += f"must make {view.make}"
    if t.over_turn_up:  # the suit made is said already
        return text + "."
    if view.declaration is not None:
        return text + f"; {trump_words(view.declaration, t.max_pip)}."
    return text + "; trumps not named yet."


def stock_line(match: Match, seats: Sequence[Seat], viewer: int, style: Style) -> list[str]:
    """The stock, where the game has one: how many tiles, the turned-up tile, who closed it."""
    t = tables(match)
    if t.rules.stock is None and t.rules.calls is None:
        return []
    view = match.trick_view  # type: ignore[attr-defined]
    return [style.heading("Stock") + f"  {stock_words(t, view, seats, viewer)}"]


def calls_lines(match: Match, seats: Sequence[Seat], style: Style) -> list[str]:
    """The calls before the first lead: what each choice means is in the moves; here, who said what."""
    view = match.trick_view  # type: ignore[attr-defined]
    width = max(len(seat.name) for seat in seats)
    head = "  each player in turn, before the first lead: keep the hand, drop out or exchange it"
    lines = [style.heading("Calls") + head]
    for seat, call in view.calls:
        lines.append(f"  {seats[seat].name:<{width}}  {CALLED.get(call, call)}")
    if match.current_player is not None:
        lines.append(f"  {seats[match.current_player].name:<{width}}  to call now")
    return lines


def trick_lines(match: Match, seats: Sequence[Seat], style: Style) -> list[str]:
    t = tables(match)
    view = match.trick_view  # type: ignore[attr-defined]
    width = max(len(seat.name) for seat in seats)
    number = sum(view.tricks_won) + 1
    lines = []
    if view.phase == "passing":  # tiles passed before play: who gives how many more, to whom
        who = seats[match.current_player].name if match.current_player is not None else ""
        verb = "pass" if who == "You" else "passes"
        lines.append(style.heading("Passing") + f"  {who} {verb} {view.to_give} more face down to {receiver_words(t)}")
        return lines
    who = seats[match.current_player].name if match.current_player is not None else ""
    # The dealer's, for the turned-up tile he took (keeping his hand, or its suit accepted in the auction).
    if view.to_discard and view.turn_up_taken and view.turn_up_holder == match.current_player:
        lay = "lay" if who == "You" else "lays"
        lines.append(style.heading("Turn-up") + f"  {who} took it, and {lay} one tile away for it")
        return lines
    if view.to_discard and view.bidder is None:  # an exchange: the new hand, discarded down to size
        lines.append(style.heading("Exchange") + f"  {who} lays {view.to_discard} of the new tiles face down")
        return lines
    if view.to_discard:
        taker = seats[view.bidder].name if view.bidder is not None else ""
        lines.append(style.heading("Widow") + f"  {taker} took it, and lays {view.to_discard} face down")
    elif grouped(t):
        lines += _plays_lines(match, seats, style, number)
        return lines
    elif view.trick:
        leading = taking_seat(t, view)
        led_suit = suit_led(t, view)
        led = "" if led_suit is None else f"  {led_words(led_suit, t.max_pip, view.suit_names)}"
        lines.append(style.heading(f"Trick {number}") + led)
        for seat, tile in view.trick:
            best = "  ← taking it so far" if seat == leading and len(view.trick) > 1 else ""
            lines.append(f"  {seats[seat].name:<{width}}  {hand_tile(tile)}{best}")
    else:
        to_lead = match.current_player
        who = "" if to_lead is None else f": {seats[to_lead].name} to lead"
        lines.append(style.heading(f"Trick {number}") + f"  nothing played yet{who}")
    if view.last_trick and view.last_winner is not None:
        played = ", ".join(f"{seats[seat].name} {hand_tile(tile)}" for seat, tile in view.last_trick)
        lines.append(style.quiet(f"Last trick, taken by {seats[view.last_winner].name}: {played}"))
    return lines


def _plays_lines(match: Match, seats: Sequence[Seat], style: Style, number: int) -> list[str]:
    """A trick of plays (tiles played together, plays laid face down): who led it with what,
    what each other seat played (face up) or how many tiles it laid face down (never which), and
    which play holds the lead; then the last trick, its face-down plays counted."""
    t = tables(match)
    view = match.trick_view  # type: ignore[attr-defined]
    width = max(len(seat.name) for seat in seats)
    lines = []
    if view.plays:
        first = view.plays[0][1]
        if len(first) == 1 and view.led_suit is not None:
            led = led_words(view.led_suit, t.max_pip, view.suit_names)
        else:
            found = combination_of(t, first)
            led = f"{printable(found[0])} led" if found is not None else f"{len(first)} tiles led"
        lines.append(style.heading(f"Trick {number}") + f"  {led} by {seats[view.plays[0][0]].name}")
        best = leading_play(t, view)
        for index, (seat, tiles, hidden) in enumerate(view.plays):
            name = f"{seats[seat].name:<{width}}"
            if not tiles:
                lines.append(style.quiet(f"  {name}  laid {tiles_count(hidden)} face down"))
                continue
            taking = "  ← taking it so far" if index == best and len(view.plays) > 1 else ""
            lines.append(f"  {name}  {shown_play(t, tiles)}{taking}")
        waiting = match.current_player
        if waiting is not None and len(view.plays) < match.players:
            lines.append(style.quiet(f"  {seats[waiting].name:<{width}}  to play {tiles_count(len(first))}"))
    else:
        to_lead = match.current_player
        who = "" if to_lead is None else f": {seats[to_lead].name} to lead"
        lines.append(style.heading(f"Trick {number}") + f"  nothing played yet{who}")
    last = _last_trick_record(match)
    if view.last_trick and view.last_winner is not None and last is not None:
        shown: dict[int, list] = {}
        for seat, tile in view.last_trick:
            shown.setdefault(seat, []).append(tile)
        parts = [f"{seats[seat].name} {tiles_words(in_suit_order(t, tiles))}" for seat, tiles in shown.items()]
        text = f"Last trick, taken by {seats[view.last_winner].name}: {', '.join(parts)}"
        hidden = last.get("face_down", ())
        if hidden:  # every play of a trick is as many tiles as the lead
            names = [seats[seat].name for seat, _ in hidden]
            each = " each" if len(names) > 1 else ""
            text += f"; {together(names)}{each} laid {tiles_count(hidden[0][1])} face down"
        lines.append(style.quiet(text))
    return lines


def _last_trick_record(match: Match) -> dict | None:
    """The log's record of the last trick taken this hand (public: its face-down plays are counts)."""
    for event in reversed(match.events):
        if event["type"] == "trick":
            return event
        if event["type"] == "deal":
            return None
    return None


def this_hand_lines(match: Match, seats: Sequence[Seat], style: Style) -> list[str]:
    """Each side's tricks and points this hand, what the bidder's side still needs, who dropped
    out, and where the sides stood when the stock was closed."""
    t = tables(match)
    view = match.trick_view  # type: ignore[attr-defined]
    bidder_side = None if view.bidder is None else match.side_of(view.bidder)
    names = [_side_names(match, seats, side) for side in range(match.sides)]
    width = max(len(name) for name in names)
    only_tricks = only_tricks_count(t) or no_points(t)
    captures = captures_count(match.ruleset) or grouped(t)
    closer_side = None if view.closed_by is None else match.side_of(view.closed_by)
    lines = [style.heading("This hand")]
    for side in range(match.sides):
        members = [s for s in range(match.players) if match.side_of(s) == side]
        if members and all(s in view.dropped for s in members):
            lines.append(style.quiet(f"  {names[side]:<{width}}  dropped out of this hand"))
            continue
        tricks = counted(view.tricks_won[side], ("trick", "tricks"))
        points = view.points_won[side]
        text = f"  {names[side]:<{width}}  {tricks:<9}"
        if not only_tricks:
            text += f" {points:>2} point{'s' if points != 1 else ''}"
        if captures and view.captured:
            text += f" {captured_words(match.ruleset, view.captured[side])}"
        contract = declared_contract(t, view)
        if side == bidder_side and contract is not None and contract.aim is not Aim.BID:
            text += f" — {aim_words(contract, view.make)}: {counted(view.tricks_won[side], ('trick', 'tricks'))} so far"
        elif side == bidder_side and view.make is not None:
            short = view.make - view.points_won[side]
            text += f" — needs {short} more to make {view.make}" if short > 0 else f" — has made {view.make}"
        if side == closer_side and view.at_close:
            text += f" — closed the stock at {counted(view.at_close[1][side], ('point', 'points'))}"
        elif closer_side is not None and view.at_close:
            text += f" — had {counted(view.at_close[1][side], ('point', 'points'))} when the stock was closed"
        if view.declared and view.declared[side] and not view.tricks_won[side]:  # declaration.after_trick
            text += f" — {view.declared[side]} declared, counted once a trick is taken"
        lines.append(text.rstrip())
    return lines + _shown_lines(seats, view)


def _shown_lines(seats: Sequence[Seat], view: TrickView) -> list[str]:
    """The tiles each player showed in a declaration and still holds: everybody knows them."""
    return [
        f"  {seats[seat].name} showed {' '.join(hand_tile(tile) for tile in tiles)}"
        for seat, tiles in enumerate(view.shown)
        if tiles
    ]


def _grid(entries: Sequence[str]) -> list[str]:
    """Short moves in columns, row by row: fifteen bids need not take fifteen lines."""
    cell = max(len(e) for e in entries) + 3
    per_row = max(1, _GRID_WIDTH // cell)
    rows = [entries[i : i + per_row] for i in range(0, len(entries), per_row)]
    return [" ".join(e.ljust(cell - 1) for e in row).rstrip() for row in rows]


def trick_screen(
    match: Match, ruleset: Ruleset, seats: Sequence[Seat], viewer: int, legal: Sequence[Action], style: Style
) -> str:
    """Everything a player of a trick game needs to choose a move, with the moves numbered from 1."""
    unit = score_unit(ruleset)
    view = match.trick_view  # type: ignore[attr-defined]
    header = f"{printable(ruleset.title)} · hand {match.round} · {goal(match.ruleset, match.players, unit[1], 'hands')}"
    lines = [style.heading(f"── {header} ──")]
    panel = PANELS.part(match.phase_kind)
    phase = ASKED.part(match.phase_kind)
    lines += panel.lines(match, seats, viewer, legal, style)
    lines.append(style.heading("Players"))
    # Marks are the match's score in 42; a game scored in points calls it the score, as the
    # hand's points are another count.
    notes = {seat: "dropped out" for seat in view.dropped}
    if view.sitting_out is not None:
        said = f" ({printable(view.contract)})" if view.contract else ""
        notes[view.sitting_out] = f"sits out this hand{said}"
    lines += player_lines(match, seats, style, "marks" if unit[0] == "mark" else "score", notes)
    lines.append("")
    t = tables(match)
    if t.rules.named:  # a set whose tiles have names (and suits): the hand read suit by suit
        lines += named_hand_lines(match, viewer, seats, legal, style)
    else:
        lines.append(hand_line(match, viewer, seats, legal, style))
    you = seats[viewer].name == "You"
    ask = panel.ask(t, legal)
    if ask is not None:
        whose = ask[0].upper() + ask[1:] if you else f"{seats[viewer].name}, {ask}"
    else:
        whose = f"Your {phase}" if you else f"{seats[viewer].name}'s {phase}"
    lines.append(style.heading(whose))
    if panel.follows and grouped(t) and view.plays:
        lines += _follow_moves(match, legal, style)
        return "\n".join(lines) + "\n"
    entries = [f"{number:>2}  {describe_trick_move(a, match)}" for number, a in enumerate(legal, start=1)]
    lines += ["  " + row for row in (_grid(entries) if panel.grid else entries)]
    return "\n".join(lines) + "\n"


Lines = Callable[[Match, Sequence[Seat], int, Sequence[Action], Style], list[str]]


@dataclass(frozen=True)
class Panel:
    """The trick table's part in one kind of phase: what is drawn above the players, and how the
    moves are asked for and listed."""

    lines: Lines
    ask: Callable[[TrickTables, Sequence[Action]], str | None] = lambda t, legal: None  # None: "Your bid"
    grid: bool = False  # the moves in columns (the bids, short and many)
    follows: bool = False  # following a trick of plays: the plays that take the lead first, then those face down


def _auction(match: Match, seats: Sequence[Seat], viewer: int, legal: Sequence[Action], style: Style) -> list[str]:
    return auction_lines(match, seats, legal, style)


def _contract(match: Match, seats: Sequence[Seat], viewer: int, legal: Sequence[Action], style: Style) -> list[str]:
    return [contract_line(match, seats, style), *stock_line(match, seats, viewer, style)]


def _calls(match: Match, seats: Sequence[Seat], viewer: int, legal: Sequence[Action], style: Style) -> list[str]:
    return _contract(match, seats, viewer, legal, style) + calls_lines(match, seats, style)


def _discard(match: Match, seats: Sequence[Seat], viewer: int, legal: Sequence[Action], style: Style) -> list[str]:
    return _contract(match, seats, viewer, legal, style) + trick_lines(match, seats, style)


def _tricks(match: Match, seats: Sequence[Seat], viewer: int, legal: Sequence[Action], style: Style) -> list[str]:
    return _discard(match, seats, viewer, legal, style) + this_hand_lines(match, seats, style)


def _melding(match: Match, seats: Sequence[Seat], viewer: int, legal: Sequence[Action], style: Style) -> list[str]:
    """The melds shown so far this hand (melds), under whose turn it is to show them."""
    view = match.trick_view  # type: ignore[attr-defined]
    who = seats[match.current_player].name if match.current_player is not None else ""
    lines = [contract_line(match, seats, style), style.heading("Melds") + f"  {who} to show melds, or pass"]
    for seat, name, tiles, widow, points in view.melds:
        used = f" (the widow's {' '.join(hand_tile(x) for x in widow)})" if widow else ""
        said = " ".join(hand_tile(x) for x in tiles)
        lines.append(f"  {seats[seat].name}  {printable(name)}: {said}{used} — {counted(points, ('point', 'points'))}")
    return lines


def _declare_ask(t: TrickTables, legal: Sequence[Action]) -> str:
    """Only a contract to declare (a bid that binds to it), a contract among the trumps, or trumps;
    or where the doubles rank, announced by a contract's declarer (contracts[].doubles: declared)."""
    if any(a.kind == PLACE for a in legal):
        return "announce where the doubles rank"
    contracts = sum(1 for a in legal if a.value in t.contracts)
    return "declare it" if contracts == len(legal) else "name trumps or declare" if contracts else "name trumps"


PANELS: PhaseParts[Panel] = PhaseParts(
    "the terminal's trick table (terminal/trick_table.py)",
    {
        kinds.AUCTION: Panel(_auction, grid=True),
        kinds.DECLARATION: Panel(_contract, _declare_ask),
        kinds.CALLS: Panel(_calls),
        kinds.DISCARD: Panel(_discard, lambda t, legal: "lay a tile face down"),
        kinds.PASSING: Panel(_discard, lambda t, legal: f"pass a tile face down to {receiver_words(t)}"),
        kinds.UNDEALT: Panel(_discard, lambda t, legal: "lay a tile away for the turned-up tile you took"),
        kinds.MELDING: Panel(_melding, lambda t, legal: "show a meld, or pass when you have no more"),
        kinds.TRICKS: Panel(_tricks, follows=True),
    },
)


_MANY_FACE_DOWN = 10  # more plays laid face down than this are listed in columns, by their tiles


def _follow_moves(match: Match, legal: Sequence[Action], style: Style) -> list[str]:
    """A seat's plays to a trick of plays, numbered as `legal` lists them (those that take the
    lead first): those in words, then the plays laid face down, in words while they are few,
    else in columns of their tiles under a line that says they go face down."""
    t = tables(match)
    words = [describe_trick_move(a, match) for a in legal]
    picks = [n for n, action in enumerate(legal) if action.kind == PICK]
    if picks:  # a play built tile by tile: the plays that take the lead, then the picks
        size = len(match.trick_view.plays[0][1])  # type: ignore[attr-defined]
        lines = [f"  {n + 1:>2}  {said}" for n, said in enumerate(words) if n not in picks]
        example = " ".join(f"{high}-{low}" for low, high in sorted(match.hand(match.current_player))[:size])  # type: ignore[arg-type]
        verb = "Or lay" if lines else "Lay"
        lines.append(style.heading(f"{verb} {tiles_count(size)} face down (the others see how many, never which):"))
        lines.append(f"  type them at once, as in 'play {example}', or pick them one at a time, in the order listed:")
        entries = [f"{n + 1:>2}  {words[n]}" for n in picks]
        return lines + ["  " + row for row in _grid(entries)]
    down = [n for n, said in enumerate(words) if said.startswith("lay ") and said.endswith(" face down")]
    lines = [f"  {n + 1:>2}  {said}" for n, said in enumerate(words) if n not in down]
    if len(down) <= _MANY_FACE_DOWN:
        return lines + [f"  {n + 1:>2}  {words[n]}" for n in down]
    size = len(legal[down[0]].tiles)
    verb = "Or lay" if lines else "Lay"
    lines.append(style.heading(f"{verb} {tiles_count(size)} face down (the others see how many, never which):"))
    entries = [f"{n + 1:>2}  {tiles_words(sorted(legal[n].tiles, key=lambda x: hand_key(t, x)))}" for n in down]
    return lines + ["  " + row for row in _grid(entries)]


def named_hand_lines(
    match: Match, seat: int, seats: Sequence[Seat], legal: Sequence[Action], style: Style
) -> list[str]:
    """A hand of a set whose tiles have names, suit by suit, highest first: "civil  [6|6] Heaven
    · [1|1] Earth · [1|1] Earth" (two tiles alike are two tiles); the tiles that may be played
    stand out."""
    t = tables(match)
    playable = {tile for action in legal if action.kind in ("play", "discard") for tile in action.tiles}
    owner = "Your hand" if seats[seat].name == "You" else f"{seats[seat].name}'s hand"
    tiles = sorted(match.hand(seat), key=lambda tile: hand_key(t, tile))
    if not tiles:
        return [f"{owner}: (empty)"]
    names = suit_names(t)
    width = max((len(n) for n in names), default=0)
    lines = [f"{owner}:"]
    for suit in dict.fromkeys(suit_index(t, tile) for tile in tiles):
        row = [tile for tile in tiles if suit_index(t, tile) == suit]
        shown = [style.paint(named_tile(t, x), "bold", "green") if x in playable else named_tile(t, x) for x in row]
        label = f"{names[suit]:<{width}}  " if names else ""
        lines += _wrapped("  " + label, shown, " · ")
    return lines


def _wrapped(lead: str, parts: Sequence[str], joiner: str) -> list[str]:
    """`parts` after `lead`, joined, wrapped to the width of the move grid (the continuations
    indented under the first part); colour codes take no room."""
    lines: list[str] = []
    current, used = lead, len(lead)
    for part in parts:
        size = len(_PLAIN_ESCAPES.sub("", part))
        if used > len(lead) and used + len(joiner) + size > _GRID_WIDTH:
            lines.append(current)
            current, used = " " * len(lead) + part, len(lead) + size
        elif used > len(lead):
            current, used = current + joiner + part, used + len(joiner) + size
        else:
            current, used = current + part, used + size
    lines.append(current)
    return lines
