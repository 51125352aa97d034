"""A trick game in words: bids, trumps, the stock
and its turned-up tile, the calls before the first lead, tricks and hands, told from one seat's
side; tiles played together and plays laid face down are said by plays.py.

Everything said here is read from the engine: the bids' names and what they must make from its
tables (`trick_tables_for`), a tile's suit, whether it is a trump and what it counts from the
declaration's `Suits`, why a move is refused from `IllegalAction`. Nothing here decides what is
legal. Names from the rule file (a bid's name, a named suit) go through `printable`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from interpreter.engine import Action, IllegalAction, Match
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
    PLACES,
    PLAY,
    TRUMPS,
)
from interpreter.engine.observation import TrickView
from interpreter.engine.phases import AUCTION
from interpreter.engine.tiles import Tile, normal
from interpreter.engine.tricks.phases.passing import receiver_words
from interpreter.engine.tricks.suits import PIP_NAMES, Declaration, Suits, suit_name
from interpreter.engine.tricks.tables import TrickTables, trick_tables_for
from interpreter.frontends.presentation.contracts import (
    binding_bids,
    contract_bid_text,
    demand_words,
    doubles_place_words,
    verdict_words,
)
from interpreter.frontends.presentation.plays import (
    captured_words,
    captures_count,
    grouped,
    in_suit_order,
    leading_play,
    named_tile,
    no_points,
    play_move_words,
    shown_play,
    tiles_count,
    tiles_words,
)
from interpreter.frontends.presentation.pool import pool_words
from interpreter.frontends.presentation.seats import Seat, plural, together
from interpreter.frontends.presentation.standing import beside_score
from interpreter.frontends.presentation.style import Style, hand_tile
from interpreter.rulefile.ruleset import Ruleset
from interpreter.rulefile.trick_rules import LedSuit, MeldsWhen
from interpreter.text.untrusted import printable


def tables(match: Match) -> TrickTables:
    return trick_tables_for(match.ruleset, match.players)


def score_unit(ruleset: Ruleset) -> tuple[str, str]:
    """What a side's match score counts, singular and plural: marks when the hand expression
    reads `bid_marks`; game points when a hand is claimed at a number of points
    (`tricks.stop_when`), which are not those points; points otherwise.
    """
    rules = ruleset.tricks
    names: frozenset[str] = getattr(getattr(rules, "hand", None), "names", frozenset())
    if "bid_marks" in names:
        return ("mark", "marks")
    if getattr(rules, "stop_when", None) is not None:
        return ("game point", "game points")
    return ("point", "points")


def counted(number: int, unit: tuple[str, str]) -> str:
    return f"{number} {unit[0] if abs(number) == 1 else unit[1]}"


def bid_text(t: TrickTables, value: int) -> str:
    """A bid as a player says it: "31", or a named bid with its place: "1 mark (42)"."""
    bid = t.bid_of.get(value)
    if bid is None:
        return str(value)
    name = printable(bid.name)
    return name if name == str(value) else f"{name} ({value})"


def bid_suit_words(suit: int | None, t: TrickTables) -> str:
    """The suit a bid names (bidding.names_suit), as " in fives"; nothing for a bid without one."""
    return "" if suit is None else f" in {suit_words(suit, t.max_pip)}"


def suit_words(suit: int, max_pip: int, names: Sequence[str] = ()) -> str:
    """A suit as a player says it: "fives", "trumps", or the set's own name for it ("civil")."""
    return printable(suit_name(suit, max_pip + 1, tuple(names)))


def trump_words(declaration: Declaration, max_pip: int) -> str:
    """A declaration as the table hears it: "trumps: sixes", "doubles are trumps", "no trumps (follow me)"."""
    if declaration == DOUBLES:
        return "doubles are trumps"
    if declaration == NO_TRUMPS:
        return "no trumps (follow me)"
    return f"trumps: {suit_name(int(declaration), max_pip + 1)}"


def led_words(suit: int, max_pip: int, names: Sequence[str] = ()) -> str:
    return suit_words(suit, max_pip, names) + " led"


def tricks_in_hand(t: TrickTables) -> int:
    """How many tricks a hand has when it is played out: a hand's tiles, and with a stock drawn
    after each trick, the stock's share too (Bingo: 7 + 7)."""
    stock = t.rules.stock
    if stock is None or not stock.draw:
        return t.hand_size
    return len(t.tiles) // t.players


def only_tricks_count(t: TrickTables) -> bool:
    """Whether a hand's points are its tricks, one each (nothing counted, no bonus): then the
    points go unsaid beside the tricks."""
    rules = t.rules
    return rules.trick_points == 1 and rules.last_trick == 0 and not any(t.count)


def current_suits(t: TrickTables, view: TrickView) -> Suits | None:
    """The suits of the hand being played (None before trumps are known)."""
    if view.declaration is None:
        return None
    return t.suits(view.declaration, t.contract_named(view.contract, view.doubles_place))


def taking_seat(t: TrickTables, view: TrickView) -> int | None:
    """The seat whose tile takes the trick on the table as it stands (the suit led as named); in
    a trick of plays, the seat of the play that holds the lead."""
    if grouped(t):
        best = leading_play(t, view)
        return None if best is None else view.plays[best][0]
    suits = current_suits(t, view)
    if suits is None or not view.trick:
        return None
    ahead = t.tie_places([seat for seat, _ in view.trick], view.bidder, len(view.tricks_won))
    index = suits.winner([t.index[tile] for _, tile in view.trick], view.led_suit, ahead)
    return view.trick[index][0]


def tile_notes(t: TrickTables, declaration: Declaration | None, tile: tuple[int, int]) -> list[str]:
    """What a player weighs about a tile: whether it is a trump, whether it takes any trick (a `top`
    tile, Bingo's 0-0), what it counts (under the hand's trumps, when the count reads them)."""
    index = t.index[tile]
    notes = []
    count = t.count
    if declaration is not None:
        suits = t.suits(declaration)
        count = t.count_for(suits)
        if (suits.trumps >> index) & 1:
            notes.append("trump")
    if (t.top >> index) & 1:
        notes.append("beats all")
    if count[index]:
        notes.append(f"counts {count[index]}")
    return notes


def held_trumps(t: TrickTables, declaration: Declaration, hand: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    trumps = t.suits(declaration).trumps
    return [tile for tile in hand if (trumps >> t.index[tile]) & 1]


def turn_up_words(t: TrickTables, tile: Tile, trump: Declaration | None) -> str:
    """ "[5|3] is turned up: fives are trumps"."""
    if trump is None or not isinstance(trump, int):
        return f"{hand_tile(tile)} is turned up"
    return f"{hand_tile(tile)} is turned up: {suit_name(trump, t.max_pip + 1)} are trumps"


def stock_words(t: TrickTables, view: TrickView, seats: Sequence[Seat], viewer: int | None) -> str:
    """The stock as the table sees it: "8 tiles; the turned-up [5|3] is drawn last", "closed by
    Computer, 8 tiles left: nobody draws again", "empty; Computer holds the turned-up [5|3]"."""
    stock = t.rules.stock
    draws = stock is not None and stock.draw
    left = counted(view.stock, ("tile", "tiles"))
    if view.closed_by is not None:
        return f"closed by {seats[view.closed_by].name} with {left} in it: nobody draws again"
    if view.stock:
        text = left
        if view.turn_up is not None and draws and view.turn_up_holder is None:
            text += f"; the turned-up {hand_tile(view.turn_up)} is drawn last"
        return text
    text = "empty"
    if view.turn_up is not None and draws and view.turn_up_holder is not None:
        who = seats[view.turn_up_holder].name
        holds = "hold" if view.turn_up_holder == viewer else "holds"
        text += f"; {who} {holds} the turned-up {hand_tile(view.turn_up)}"
    return text


def call_words(kind: str, t: TrickTables) -> str:
    """A call before the first lead, said with what it does."""
    if kind == KEEP:
        return "keep: play this hand"
    if kind == DROP:
        return "drop: throw it in and sit this hand out"
    calls = t.rules.calls
    draw = calls.exchange.get(t.players, t.hand_size) if calls is not None else t.hand_size
    text = f"exchange: lay this hand face down and draw {draw} new tiles from the stock"
    extra = draw - t.hand_size
    if extra > 0:
        text += f", then lay {extra} of them face down"
    return text


def declare_words(t: TrickTables, match: Match) -> str:
    """What declaring does, from the rules (declaration), said to the player about to lead."""
    declaration = t.rules.declaration
    assert declaration is not None
    shown = "your doubles" if declaration.shows.value == "doubles" else "your hand"
    text = f"declare: show {shown} to everybody, for points"
    if declaration.after_trick:
        who = "you have" if match.sides == t.players else "your side has"
        text += f" (they count once {who} taken a trick)"
    return text + (", then lead one of the tiles shown" if declaration.lead_shown else "")


def close_words(t: TrickTables) -> str:
    """What closing the stock does, from the rules."""
    stock = t.rules.stock
    parts = ["close the stock: nobody draws again"]
    if stock is not None and stock.free_while_open and (t.rules.must_follow or t.rules.must_trump):
        parts.append("the rules of following apply from now on")
    if t.rules.last_trick:
        parts.append("the last trick earns no bonus")
    return "; ".join(parts)


def describe_trick_move(action: Action, match: Match) -> str:
    """A numbered move of a trick game: "pass", "bid 31", "trumps: sixes — you hold 3: …",
    "[6|4] (trump, counts 10)", "lead [6|3] as threes", "close the stock: …", "keep: …"."""
    t = tables(match)
    if action.kind == PASS and match.phase == "melding":  # type: ignore[attr-defined]
        return "pass: no more melds"
    if action.kind == MELD:
        return meld_words(action, match.trick_view.widow)  # type: ignore[attr-defined]
    if action.kind == PASS and match.phase == "playing":  # type: ignore[attr-defined]  # tricks.first_leader: starter_or_next
        return "pass: hand the first lead to the next player, who must lead"
    if action.kind == PASS:
        return "pass"
    if action.kind == ACCEPT:  # an auction over the turned-up suit (bidding.bids: turn_up)
        view = match.trick_view  # type: ignore[attr-defined]
        return "accept " + _suit_held(t, match, t.turned_trump(t.index[view.turn_up]))
    if action.kind == TRUMPS and match.phase_kind == AUCTION:  # naming another suit once it was turned down
        return "name " + _suit_held(t, match, action.value)  # type: ignore[arg-type]
    if action.kind == BID:
        value = int(action.value)  # type: ignore[arg-type]
        seat = match.current_player
        bound = binding_bids(t, match.hand(seat)).get(value) if seat is not None else None
        said = bid_text(t, value) if bound is None else contract_bid_text(t, value, bound.name)
        return f"bid {said}{bid_suit_words(action.half, t)}"
    if action.kind == PLACE:
        return f"doubles {str(action.value).replace('_', ' ')} — {doubles_place_words(str(action.value), t.max_pip)}"
    if action.kind == TRUMPS:
        if action.value in t.contracts:  # a special contract, with what it demands of the declarer
            contract = t.contracts[str(action.value)]
            return f"{printable(contract.name)} — {demand_words(match, t, contract, None)}"
        words = trump_words(action.value, t.max_pip)  # type: ignore[arg-type]
        if action.value == NO_TRUMPS:
            return words
        seat = match.current_player
        held = held_trumps(t, action.value, match.hand(seat)) if seat is not None else []  # type: ignore[arg-type]
        shown = " ".join(hand_tile(tile) for tile in sorted(held, key=lambda x: (-x[1], -x[0])))
        return f"{words} — you hold {len(held)}{': ' + shown if held else ''}"
    if action.kind == PLAY and action.tile is not None and grouped(t):
        return play_move_words(t, match.trick_view, action)  # type: ignore[attr-defined]
    if action.kind == PICK and action.tile is not None:
        return f"pick {named_tile(t, action.tile)}"
    if action.kind == PLAY and action.tile is not None:
        notes = tile_notes(t, match.trick_view.declaration, action.tile)  # type: ignore[attr-defined]
        said = f" ({', '.join(notes)})" if notes else ""
        if isinstance(action.value, int):  # a lead whose suit the leader names
            return f"lead {hand_tile(action.tile)} as {suit_words(int(action.value), t.max_pip)}{said}"
        if callable_double(t, match, action):  # a double led calling its number or the doubles
            suit = DOUBLES if action.value == DOUBLES else suit_words(action.tile[0], t.max_pip)
            return f"lead {hand_tile(action.tile)} as {suit}{said}"
        return hand_tile(action.tile) + said
    if action.kind == DISCARD and action.tile is not None:
        return f"lay {hand_tile(action.tile)} face down"
    if action.kind == GIVE and action.tile is not None:
        return f"pass {hand_tile(action.tile)} to {receiver_words(t)}"
    if action.kind == CLOSE:
        return close_words(t)
    if action.kind == DECLARE:
        return declare_words(t, match)
    if action.kind in (KEEP, DROP, EXCHANGE):
        return call_words(action.kind, t)
    return str(action)


def meld_words(action: Action, widow: Sequence[Tile]) -> str:
    """A meld offered: "show [0|6] [1|6] [2|6]", the widow's tiles said as such."""
    tiles = action.tiles
    own = " ".join(hand_tile(tile) for tile in tiles if tile not in widow)
    used = [hand_tile(tile) for tile in tiles if tile in widow]
    return f"show {own}" + (f" with the widow's {' '.join(used)}" if used else "")


def _suit_held(t: TrickTables, match: Match, suit: int) -> str:
    """ "fives as trumps — you hold 4: [6|5] [5|5] [5|3] [4|4]": a suit offered to the current seat."""
    seat = match.current_player
    held = held_trumps(t, suit, match.hand(seat)) if seat is not None else []
    shown = " ".join(hand_tile(tile) for tile in held)
    return f"{suit_name(suit, t.max_pip + 1)} as trumps — you hold {len(held)}{': ' + shown if held else ''}"


def callable_double(t: TrickTables, match: Match, action: Action) -> bool:
    """Whether `action` leads a double that may call the doubles or its number (tricks.doubles_callable;
    not a trump, which leads trumps)."""
    tile = action.tile
    if not t.rules.doubles_callable or tile is None or tile[0] != tile[1]:
        return False
    return action.value == DOUBLES or Action(PLAY, tile, value=DOUBLES) in match.legal_actions()


def widow_words(t: TrickTables, view: TrickView) -> str:
    """The undealt tiles waiting for a trick's winner, or shown face up out of play, as a sentence
    after another (a leading space; "" when neither)."""
    shown = " ".join(hand_tile(tile) for tile in view.widow)
    if view.widow_size:
        which = "first" if t.widow_trick == 1 else "last"
        what = shown or counted(view.widow_size, ("tile", "tiles")) + " face down"
        return f" Not dealt: {what}, for the winner of the {which} trick."
    return f" Not dealt, face up: {shown}." if shown and t.rules.undealt_face_up and not t.widow_trick else ""


# --- reading what a person types -----------------------------------------------------------------

_TILE = re.compile(
    r"^(?:play\s+|lead\s+|discard\s+|give\s+|pass\s+)?\[?\s*(\d{1,2})\s*[-|:/]\s*(\d{1,2})\s*\]?(?:\s+as\s+([a-z0-9]+))?$"
)
_NO_TRUMPS = ("none", "no trumps", "no trump", "notrumps", "follow me", "followme", "nt")
_BARE = {
    "close": CLOSE, "close the stock": CLOSE, "declare": DECLARE, "keep": KEEP, "drop": DROP, "drop out": DROP,
    "exchange": EXCHANGE, "accept": ACCEPT,
}  # fmt: skip


def typed_tile(words: str) -> tuple[int, int] | None:
    """The tile `words` names ("6-3", "play 6-3 as 3", "discard [6|3]"), or None."""
    found = _TILE.match(words)
    return None if found is None else normal((int(found.group(1)), int(found.group(2))))


def read_trick_word(words: str, legal: Sequence[Action], match: Match) -> Action | str | None:
    """The action `words` names in a trick game ("bid 31", "pass", "trumps sixes", "6-4",
    "play 6-3 as 3", "discard 6-3", "close", "keep"), or the engine's reason why it cannot be
    played (a str), or None if the words name no move at all."""
    t = tables(match)
    wanted = _named(words, t)
    if wanted is None:
        return None
    if isinstance(wanted, str):
        return wanted
    seat = match.current_player
    if wanted.tile is not None and seat is not None:
        hand = list(match.hand(seat))
        for tile in wanted.tiles if wanted.kind == PLAY else (wanted.tile,):
            if wanted.tiles.count(tile) > hand.count(tile) and hand.count(tile):
                return f"you do not hold {hand_tile(tile)} twice"
            if tile not in hand:
                return f"you do not hold {hand_tile(tile)}"
    if wanted.kind == PLAY and wanted.tile is not None and grouped(t):
        # Tiles played together: the play of exactly those tiles (one tile: its one play).
        same = [a for a in legal if a.kind == PLAY and a.tiles == wanted.tiles]
        if same:
            return same[0]
    elif wanted.kind in (PLAY, DISCARD, GIVE) and wanted.tile is not None:
        # A tile typed as such stands for its one move (played, led, laid face down or passed);
        # "as N" picks the lead whose suit is N. A tile led two ways needs its "as": the engine says so.
        same = [a for a in legal if a.tile == wanted.tile and a.kind in (PLAY, DISCARD, GIVE)]
        if wanted.kind in (DISCARD, GIVE):
            same = [a for a in same if a.kind == wanted.kind]
        if wanted.value is not None:
            same = [a for a in same if a.value == wanted.value]
        if len(same) == 1:
            return same[0]
        if len(same) > 1:
            wanted = Action(PLAY, wanted.tile)
    if wanted in legal:
        return wanted
    try:
        match.clone().apply(wanted)  # only to learn the engine's reason: the match itself is untouched
    except IllegalAction as illegal:
        return illegal.reason
    if any(a.kind == PICK for a in legal):
        return wanted  # the whole play the picks would make: the engine takes it as those picks
    raise AssertionError(f"{wanted} is legal but not among the legal actions")


def typed_tiles(words: str) -> list[tuple[int, int]] | None:
    """The tiles `words` name when they name two or more ("play 6-6 6-6", "6-6, 1-1"), or None."""
    rest = re.sub(r"^(?:play|lead)\s+", "", words)
    parts = [p for p in re.split(r"[\s,]+", rest) if p]
    if len(parts) < 2:
        return None
    tiles = [typed_tile(part) for part in parts]
    return None if any(tile is None for tile in tiles) else tiles  # type: ignore[return-value]


def _named(words: str, t: TrickTables) -> Action | str | None:
    if words in ("pass", "p"):
        return Action(PASS)
    if words in _BARE:
        return Action(_BARE[words])
    several = typed_tiles(words)
    if several is not None:
        if len(several) > 32:
            return "that is more tiles than a hand holds"
        return Action.group(several)
    if words.startswith(("meld ", "show ")):  # a meld shown, by its tiles: "meld 0-6 1-6 2-6"
        tiles = [typed_tile(part) for part in re.split(r"[\s,]+", words[5:].strip()) if part]
        if not tiles or any(tile is None for tile in tiles):
            return "name the meld's tiles, as in 'meld 0-6 1-6 2-6'"
        return Action.meld(tiles)  # type: ignore[arg-type]
    if words.startswith("pick "):  # a tile picked towards a play of several tiles
        found = _TILE.match(words[5:].strip())
        if found is None or found.group(3) is not None:
            return "pick one tile of your hand, as in 'pick 6-3'"
        return Action(PICK, normal((int(found.group(1)), int(found.group(2)))))
    found = _TILE.match(words)
    if found:
        tile = normal((int(found.group(1)), int(found.group(2))))
        if words.startswith("discard"):
            return Action(DISCARD, tile)
        if words.startswith(("give", "pass")):  # a tile passed before play: "give 6-3", "pass 6-3"
            return Action(GIVE, tile)
        if found.group(3) is None:
            return Action.play(tile)
        suit = _declaration(found.group(3), t.max_pip)
        if suit == DOUBLES and t.rules.doubles_callable:
            return Action(PLAY, tile, value=DOUBLES)
        if not isinstance(suit, int):
            return f"'as {found.group(3)}' names no suit: say an end of the tile, as in 'play 6-3 as 3'"
        return Action(PLAY, tile, value=suit)
    kind, _, rest = words.partition(" ")
    if kind == PLACE and rest.replace(" ", "_") in PLACES:  # the doubles' place: "doubles low", "doubles own suit"
        return Action(PLACE, value=rest.replace(" ", "_"))
    if kind in ("bid", "b") and rest:
        rest, _, named = rest.partition(" in ")
        suit = _declaration(named.strip(), t.max_pip) if named else None
        if named and not isinstance(suit, int):
            return f"'in {named.strip()}' names no suit: say a number or a suit, as in 'bid 30 in fives'"
        half = suit if isinstance(suit, int) else None
        if rest.isdigit() and len(rest) <= 6:
            return Action(BID, value=int(rest), half=half)
        for bid in t.bids:  # a named bid by its name: "bid 2 marks"
            if printable(bid.name).lower() == rest:
                return Action(BID, value=bid.value, half=half)
        return f"there is no bid '{rest}'"
    if kind in ("trumps", "trump", "t", "declare", "name") and rest:  # "name threes": over a turned-down suit
        words = rest
    for name in t.contracts:  # a special contract by its name: "nel-o", "declare splash"
        if printable(name).lower() == words:
            return Action(TRUMPS, value=name)
    declaration = _declaration(words, t.max_pip)
    return None if declaration is None else Action(TRUMPS, value=declaration)


def _declaration(words: str, max_pip: int) -> Declaration | None:
    if words in _NO_TRUMPS:
        return NO_TRUMPS
    if words in (DOUBLES, "double"):
        return DOUBLES
    names = {name: pip for pip, name in enumerate(PIP_NAMES[: max_pip + 1])}
    names.update({name[:-1]: pip for name, pip in list(names.items())})  # "six" as well as "sixes"
    names.update({"six": 6, "aces": 1, "ace": 1, "deuces": 2, "deuce": 2, "treys": 3, "trey": 3, "blank": 0})
    if words in names and names[words] <= max_pip:
        return names[words]
    if words.isdigit() and int(words) <= max_pip:
        return int(words)  # only after "trumps": a bare number is a move's number
    return None


# --- the story of a hand --------------------------------------------------------------------------


@dataclass
class _Hand:
    """What the log has said of the current hand, for telling what comes next."""

    declaration: Declaration | None = None
    led: int | None = None  # the suit led in the trick on the table
    on_table: int = 0  # tiles in the trick on the table
    tricks: list[int] = field(default_factory=list)  # per side, tricks taken
    points: list[int] = field(default_factory=list)  # per side, points taken
    contract: dict[str, Any] | None = None
    stock: int = 0  # tiles in the stock
    turn_up: Tile | None = None  # the tile turned up for trumps
    turn_up_last: bool = False  # it is the stock's last tile (drawn last)
    drawing: str = "trick"  # what a draw is now: "kitty" (the widow), "exchange" or "trick"
    closed_by: int | None = None
    at_close: tuple[list[int], list[int]] = ([], [])  # per side: tricks, points when the stock was closed
    dropped: list[int] = field(default_factory=list)  # seats out of the hand
    captured: list[int] = field(default_factory=list)  # per side, tiles captured (face down ones too)
    last_taker: int | None = None  # the seat that took the last trick so far
    taken: int = 0  # tiles taken in tricks so far this hand
    lead: tuple[Tile, ...] = ()  # the tiles led to the trick on the table (tiles played together)
    special: str | None = None  # the special contract declared (nel-o, splash), if any
    melding: int = 0  # the seats still to say they have no more melds (melds): a pass is theirs
    declared_win: int | None = None  # the side whose declaration won the hand (declaration.wins_when)


class TrickNarrator:
    """The event log of a trick game in words (the layout family's `Narrator` hands trick games here)."""

    def __init__(self, match: Match, seats: Sequence[Seat], style: Style) -> None:
        self.match = match
        self.seats = seats
        self.style = style
        self.t = tables(match)
        self.unit = score_unit(match.ruleset)

    def name(self, seat: int) -> str:
        name = self.seats[seat].name
        return self.style.paint(name, "green" if self.seats[seat].human else "cyan")

    def side_names(self, side: int) -> list[str]:
        return [seat.name for number, seat in enumerate(self.seats) if self.match.side_of(number) == side]

    def side(self, side: int, viewer: int | None) -> str:
        """A side as the viewer hears it: "your side", "you", or its players' names."""
        if viewer is not None and self.match.side_of(viewer) == side:
            return "your side" if len(self.side_names(side)) > 1 else "you"
        return together(self.side_names(side))

    def tell(self, events: Sequence[dict[str, Any]], viewer: int | None, start: int | None = None) -> list[str]:
        """`events`, which begin at `start` in the match's log (found when not given), in words."""
        start = self._start(events, start)
        hand = self._context(start)
        face_down = self._face_down(events, start)
        lines: list[str] = []
        scores: list[str] = []  # the hand's scores, told after its end, which the log records after them
        index = 0
        while index < len(events):
            event = events[index]
            kind = event["type"]
            if kind == "draw":  # the draws of one moment (after a trick, an exchange) are told together
                end = index
                while end < len(events) and events[end]["type"] == "draw":
                    end += 1
                lines += self._draws(events[index:end], hand, viewer)
                index = end
                continue
            if kind == "deal":
                hand = self._new_hand(event)
                lines += self._deal(event, hand)
            elif kind == "turn_up":
                lines.append(self._turn_up(event, hand))
            elif kind == "turn_down":  # everyone passed the turned-up suit (bidding.bids: turn_up)
                lines.append(self._turn_down(event, hand))
            elif kind == "take_turn_up":  # the dealer keeps his hand and takes the turned-up tile
                tile = hand_tile(normal(tuple(event["tile"])))
                lines.append(f"{self.name(event['seat'])} took the turned-up {tile}, to lay one tile away for it.")
            elif kind == "passed":
                lines.append(self._passed(event, viewer))
            elif kind in ("widow_shown", "widow_taken"):
                lines.append(self._widow(event, hand))
            elif kind == "declared":
                self._follow(event, hand)
                lines.append(self._declared(event, viewer))
            elif kind == "action" and event["action"]["kind"] == DECLARE:
                pass  # told by the declaration's own record, which follows with the tiles
            elif kind == "meld":
                lines.append(self._meld(event))
            elif kind == "action" and event["action"]["kind"] == MELD:
                pass  # told by the meld's own record, which follows with its name and points
            elif kind == "action" and event["action"]["kind"] == PASS and hand.melding:
                self._follow(event, hand)
                who = self.name(event["seat"])
                lines.append(f"{who} {'have' if self.seats[event['seat']].name == 'You' else 'has'} no more melds.")
            elif kind == "action" and event["action"]["kind"] == PICK:
                # A tile picked towards a play: only the picker hears which; the others hear the
                # play once it is made (face up, or how many face down).
                tile = event["action"].get("tile")
                if event["seat"] == viewer and tile:
                    lines.append(f"{self.name(event['seat'])} picked {hand_tile(normal(tuple(tile)))}.")
            elif kind == "action" and index in face_down:
                lines.append(self._laid_face_down(event, hand, viewer))
            elif kind == "action":
                lines.append(self._action(event, hand, viewer))
            elif kind == "contract":
                lines.append(self._contract(event, hand, viewer))
            elif kind == "trick":
                lines.append(self._trick(event, hand, viewer))
            elif kind == "score" and event["reason"] in ("trick", "ante", "meld"):  # scored in the hand: told at once
                lines.append(self._score(event))
            elif kind == "score":
                scores.append(self._score(event))
            elif kind == "round_end":
                lines += self._hand_end(event, hand, scores, viewer)
                scores = []
            elif kind == "match_end":
                lines.append(self.style.heading(result_line(self.match, self.seats)))
            index += 1
        return lines

    def _widow(self, event: dict[str, Any], hand: _Hand) -> str:
        """The undealt tiles shown face up after the deal, or taken with a trick (and what they count)."""
        self._follow(event, hand)
        tiles = " ".join(hand_tile(normal(tuple(tile))) for tile in event["tiles"])
        if event["type"] == "widow_shown":
            return f"The tiles not dealt are turned face up: {tiles}."
        count = f", which count {event['count']}" if event["count"] else ""
        return f"{self.name(event['seat'])} took the tiles not dealt with the trick: {tiles}{count}."

    def _declared(self, event: dict[str, Any], viewer: int | None) -> str:
        """A declaration: the tiles shown and what they score (declaration)."""
        tiles = " ".join(hand_tile(normal(tuple(tile))) for tile in event["tiles"])
        declaration = self.t.rules.declaration
        when = ""
        if event.get("wins"):  # declaration.wins_when
            return self.style.paint(
                f"{self.name(event['seat'])} declared {tiles}: the declaration wins the hand at once.", "bold"
            )
        if declaration is not None and declaration.after_trick:
            who = self.side(event["side"], viewer)
            plural = who == "you" or (who != "your side" and len(self.side_names(event["side"])) > 1)
            when = f", counted once {who} {'take' if plural else 'takes'} a trick"
        return self.style.paint(f"{self.name(event['seat'])} declared {tiles}: {event['points']} points{when}.", "bold")

    def _meld(self, event: dict[str, Any]) -> str:
        """A meld shown (melds): its name, its tiles (the widow's among them said) and its points."""
        tiles = " ".join(hand_tile(normal(tuple(tile))) for tile in event["tiles"])
        widow = " ".join(hand_tile(normal(tuple(tile))) for tile in event["widow"])
        used = f", with the widow's {widow}" if widow else ""
        said = f"{self.name(event['seat'])} showed a meld, {printable(event['name'])}: {tiles}{used}"
        return self.style.paint(f"{said} — {counted(event['points'], ('point', 'points'))}.", "bold")

    def _passed(self, event: dict[str, Any], viewer: int | None) -> str:
        """The tiles passed change hands; a player told in this hand hears what they received."""
        said = f"The passed tiles change hands: each player takes up {counted(event['count'], ('tile', 'tiles'))}."
        if viewer is None or event["round"] != self.match.round:
            return said
        view = self.match.observation(viewer).tricks
        if view is None or not view.received:
            return said
        got = " ".join(hand_tile(tile) for tile in view.received)
        return f"{said} {self.name(viewer)} received {got}."

    def _start(self, events: Sequence[dict[str, Any]], start: int | None) -> int:
        """Where `events` begin in the match's log."""
        if start is not None or not events:
            return start or 0
        log = self.match.events
        return next((i for i in range(len(log) - 1, -1, -1) if log[i] is events[0]), 0)

    def _face_down(self, events: Sequence[dict[str, Any]], start: int) -> set[int]:
        """The indices in `events` of plays laid face down (tricks.face_down): their public record,
        the one every other seat reads, carries no tile."""
        if not self.t.rules.face_down:
            return set()
        public = self.match.observation(0).history
        out = set()
        for index, event in enumerate(events):
            if event["type"] != "action" or event["action"]["kind"] != PLAY:
                continue
            if "tile" not in event["action"]:  # a public record itself
                out.add(index)
                continue
            if start + index >= len(public):
                continue
            seen = public[start + index]
            if seen.get("type") == "action" and seen.get("seat") == event["seat"] and "tile" not in seen["action"]:
                out.add(index)
        return out

    def _context(self, start: int) -> _Hand:
        """The hand as it stood before the log's record `start`: from the hand's deal, read silently."""
        log = self.match.events
        hand = self._empty_hand()
        for event in log[:start]:
            if event["type"] == "deal":
                hand = self._new_hand(event)
            else:
                self._follow(event, hand)
        return hand

    def _empty_hand(self) -> _Hand:
        sides = self.match.sides
        return _Hand(tricks=[0] * sides, points=[0] * sides, captured=[0] * sides)

    def _new_hand(self, event: dict[str, Any]) -> _Hand:
        hand = self._empty_hand()
        if self.t.rules.bidding is None:
            hand.declaration = self.t.fixed
        # The full deal lists the stock; its public form, only how many.
        hand.stock = len(event.get("boneyard") or ()) or int(event.get("boneyard_size") or 0)
        stock = self.t.rules.stock
        if stock is not None and stock.turn_up and not stock.draw and hand.stock:
            hand.stock -= 1  # the tile turned up stays face up, out of play
        melds = self.t.rules.melds
        if melds is not None and melds.when is MeldsWhen.BEFORE_TRICKS:
            hand.melding = self.t.players
        return hand

    def _follow(self, event: dict[str, Any], hand: _Hand) -> None:
        """Keep `hand` up to date with one event."""
        kind = event["type"]
        if kind == "contract":
            hand.contract = event
            hand.drawing = "kitty"  # the widow goes to the auction's winner
            if len(self.t.declarations) == 1:  # nothing to declare: play starts under the one choice
                hand.declaration = self.t.declarations[0]
        elif kind == "turn_up":
            stock = self.t.rules.stock
            hand.turn_up = normal(tuple(event["tile"]))
            hand.declaration = event["trump"]
            hand.turn_up_last = stock is not None and stock.draw
        elif kind == "draw":
            if hand.drawing != "kitty":
                hand.stock = max(0, hand.stock - 1)
        elif kind == "declared" and event.get("wins"):  # a declaration that wins the hand at once
            hand.declared_win = event["side"]
        elif kind == "widow_taken":  # the undealt tiles, taken with a trick: captured, and counted
            hand.points[event["side"]] += event["count"]
            hand.captured[event["side"]] += len(event["tiles"])
            hand.taken += len(event["tiles"])
        elif kind == "trick":
            hand.tricks[event["side"]] += 1
            hand.points[event["side"]] += event["points"]
            taken = len(event["tiles"]) + sum(n for _, n in event.get("face_down", ()))
            hand.captured[event["side"]] += taken
            hand.taken += taken
            hand.last_taker = event["seat"]
            hand.on_table, hand.led, hand.lead = 0, None, ()
            hand.drawing = "trick"
            melds = self.t.rules.melds
            if melds is not None and melds.when is MeldsWhen.AFTER_TRICKS and sum(hand.tricks) == self.t.hand_size:
                hand.melding = self.t.players  # the melds follow the last trick
        elif kind == "action":
            action = event["action"]
            kind = action["kind"]
            if kind == PASS and hand.melding:
                hand.melding -= 1
            if kind == TRUMPS:
                hand.declaration = action["value"]
                if action["value"] in self.t.contracts:
                    hand.special = str(action["value"])
            elif kind == EXCHANGE:
                hand.drawing = "exchange"
            elif kind == DROP:
                hand.dropped.append(event["seat"])
            elif kind == CLOSE:
                hand.closed_by = event["seat"]
                hand.at_close = (hand.tricks.copy(), hand.points.copy())
            elif kind == PLAY:
                if hand.on_table == 0 and "tile" in action:
                    hand.lead = tuple(normal(tuple(x)) for x in action.get("tiles") or [action["tile"]])
                if hand.on_table > 0 or action.get("tiles"):
                    pass  # a follow, or tiles led together, which call for no suit
                elif action.get("value") is not None:
                    hand.led = action["value"]  # the suit the leader named
                elif hand.special is not None and self.t.contracts[hand.special].rank is not None:
                    pass  # a contract that ranks the tiles without suits (sevens): no suit is led
                elif hand.declaration is not None:
                    tile = normal(tuple(action["tile"]))
                    hand.led = self.t.suits(hand.declaration).led_suit[self.t.index[tile]]
                hand.on_table += 1

    def _suit(self, suit: int, hand: _Hand) -> str:
        names = () if hand.declaration is None else self.t.suits(hand.declaration).names
        return suit_words(suit, self.t.max_pip, names)

    def _deal(self, event: dict[str, Any], hand: _Hand) -> list[str]:
        dealt = {len(h) for h in event.get("hands") or ()} or set(event.get("hand_sizes", ()))
        sizes = " or ".join(map(str, sorted(dealt)))
        starter = event["starter"]
        you = plural([self.seats[starter].name])
        rules = self.t.rules
        bidding = rules.bidding is not None
        if bidding:
            verb = "bid" if you else "bids"
        elif rules.calls is not None:
            verb = "call and lead" if you else "calls and leads"
        else:
            verb = "lead" if you else "leads"
        how = {
            "random": ", chosen at random",
            "next_seat": ", next in turn",
            "holder": ", holding the tile that starts",
            "previous_winner": ", as the winner of the last hand",
            "lots": ", after drawing lots",
            "lots_lowest": ", after drawing lots (the lowest wins)",
        }
        text = f"Hand {event['round']}: {sizes} tiles each"
        if hand.stock:
            text += f", {hand.stock} in the stock"
        named = rules.led_suit is LedSuit.NAMED  # the set's own suits: there are never trumps to name
        if not bidding and not (rules.stock is not None and rules.stock.turn_up) and not named:
            text += f"; {trump_words(self.t.fixed, self.t.max_pip)}"
        text += f". {self.name(starter)} {verb} first{how.get(event['how'], '')}."
        lines = [""]
        if event["how"] == "redeal":
            lines.append(self.style.heading("Everyone passed: the tiles are shuffled and dealt again."))
        return [*lines, self.style.heading(text)]

    def _turn_up(self, event: dict[str, Any], hand: _Hand) -> str:
        self._follow(event, hand)
        text = turn_up_words(self.t, hand.turn_up, event["trump"])  # type: ignore[arg-type]
        if self.t.over_turn_up:  # its suit is only offered, in the auction
            text = text.replace(" are trumps", " are offered as trumps")
        if hand.turn_up_last:
            text += "; it stays in sight, the last tile of the stock"
        else:
            text += "; it stays face up, out of play"
        return self.style.paint(text + ".", "bold")

    def _draws(self, draws: Sequence[dict[str, Any]], hand: _Hand, viewer: int | None) -> list[str]:
        """Draws told as the viewer may know them: its own tiles by name, another's as "a tile"
        (the turned-up tile, public, by name whoever draws it)."""
        context = hand.drawing
        said: list[tuple[int, Tile | None, bool]] = []  # (seat, the tile if the viewer may see it, the turn-up)
        for event in draws:
            self._follow(event, hand)
            seat, tile = event["seat"], event.get("tile")
            turn_up = hand.turn_up_last and hand.stock == 0 and context != "kitty"
            shown = normal(tuple(tile)) if tile and seat == viewer else None
            said.append((seat, shown, turn_up))
        if context == "kitty" and len(said) > 1:  # a kitty of several tiles, told at once
            seat = said[0][0]
            tiles = [shown for _, shown, _ in said if shown]
            if tiles:
                return [f"{self.name(seat)} took the kitty: {' '.join(hand_tile(t) for t in tiles)}."]
            return [f"{self.name(seat)} took the kitty ({counted(len(said), ('tile', 'tiles'))})."]
        if context == "kitty":  # the widow, face down: only its taker hears the tile
            out = []
            for seat, shown, _ in said:
                who = self.name(seat)
                tile_said = f": {hand_tile(shown)}" if shown else ""
                out.append(f"{who} took {'the widow' if shown else 'a tile of the widow'}{tile_said}.")
            return out
        if context == "exchange":
            seat = said[0][0]
            tiles = [shown for _, shown, _ in said if shown]
            if tiles:
                text = f"{self.name(seat)} drew {' '.join(hand_tile(t) for t in tiles)} from the stock"
            else:
                text = f"{self.name(seat)} drew {counted(len(said), ('tile', 'tiles'))} from the stock"
                if any(up for _, _, up in said) and hand.turn_up is not None:
                    text += f", the turned-up {hand_tile(hand.turn_up)} among them"
            return [text + "."]
        parts = []
        for seat, shown, turn_up in said:
            if turn_up and hand.turn_up is not None:
                parts.append(f"{self.name(seat)} drew the turned-up {hand_tile(hand.turn_up)}")
            elif shown:
                parts.append(f"{self.name(seat)} drew {hand_tile(shown)}")
            else:
                parts.append(f"{self.name(seat)} drew a tile")
        left = f"{counted(hand.stock, ('tile', 'tiles'))} left in the stock" if hand.stock else "the stock is empty"
        return ["; ".join(parts) + f" ({left})."]

    def _action(self, event: dict[str, Any], hand: _Hand, viewer: int | None = None) -> str:
        seat = event["seat"]
        who = self.name(seat)
        action = event["action"]
        kind = action["kind"]
        stock = hand.stock
        self._follow(event, hand)
        their = "your" if self.seats[seat].name == "You" else "their"
        if kind == DISCARD:  # face down: only its owner hears the tile
            tile = normal(tuple(action["tile"])) if action.get("tile") else None
            if tile is not None and tile == hand.turn_up:  # the turned-up tile, declined: face up for all
                return f"{who} left the turned-up {hand_tile(tile)} face up, out of play."
            if seat == viewer and action.get("tile"):
                return f"{who} laid {hand_tile(normal(tuple(action['tile'])))} face down."
            return f"{who} laid a tile face down."
        if kind == GIVE:  # face down: only its giver hears the tile (its receiver, once they change hands)
            if seat == viewer and action.get("tile"):
                return f"{who} passed {hand_tile(normal(tuple(action['tile'])))} face down."
            return f"{who} passed a tile face down."
        if kind == PASS and self.t.rules.bidding is None:
            return f"{who} handed the first lead to the next player."  # tricks.first_leader: starter_or_next
        if kind == PASS:
            return f"{who} passed."
        if kind == ACCEPT:
            return f"{who} accepted {suit_name(hand.declaration, self.t.max_pip + 1)} as trumps."  # type: ignore[arg-type]
        if kind == TRUMPS and hand.contract is None:  # named in the auction, once the turn-up was turned down
            return f"{who} named {suit_name(action['value'], self.t.max_pip + 1)} as trumps."
        if kind == BID:
            return f"{who} bid {bid_text(self.t, action['value'])}{bid_suit_words(action.get('suit'), self.t)}."
        if kind == CLOSE:
            return self.style.paint(
                f"{who} closed the stock with {counted(stock, ('tile', 'tiles'))} in it: nobody draws again.", "bold"
            )
        if kind == KEEP:
            return f"{who} kept {their} hand."
        if kind == DROP:
            return f"{who} dropped out of this hand."
        if kind == EXCHANGE:
            return f"{who} exchanged {their} hand: it goes face down, out of play."
        if kind == PLACE:
            return f"{who} announced the doubles' place: {doubles_place_words(action['value'], self.t.max_pip)}."
        if kind == TRUMPS:
            value = action["value"]
            if value == DOUBLES:
                return f"{who} declared: doubles are trumps."
            if value == NO_TRUMPS:
                return f"{who} declared no trumps (follow me)."
            if value in self.t.contracts:
                bidder = None if self.seats[seat].name == "You" else self.seats[seat].name
                demand = demand_words(self.match, self.t, self.t.contracts[value], bidder)
                return f"{who} declared {printable(str(value))}: {demand}."
            return f"{who} declared {trump_words(value, self.t.max_pip)}."
        if grouped(self.t):
            return self._play(event, hand)
        tile = normal(tuple(action["tile"]))
        if hand.on_table == 1:
            if action.get("value") is not None:
                return f"{who} led {hand_tile(tile)} as {self._suit(action['value'], hand)}."
            led = "" if hand.led is None else f" ({self._suit(hand.led, hand)} led)"
            return f"{who} led {hand_tile(tile)}{led}."
        trump = hand.declaration is not None and "trump" in tile_notes(self.t, hand.declaration, tile)
        off_suit = trump and hand.led != self.t.max_pip + 1
        return f"{who} played {hand_tile(tile)}{', a trump' if off_suit else ''}."

    def _play(self, event: dict[str, Any], hand: _Hand) -> str:
        """A play shown face up to a trick of plays (its record followed already): "Computer 3
        led the pair of Heavens [6|6] [6|6].", "You played [6|6] Heaven, taking the lead."."""
        who = self.name(event["seat"])
        action = event["action"]
        tiles = [normal(tuple(x)) for x in action.get("tiles") or [action["tile"]]]
        said = shown_play(self.t, tiles)
        if hand.on_table == 1:
            led = ""
            if hand.led is not None:
                led = f" ({self._suit(hand.led, hand)} led)"
            elif len(tiles) > 1:
                found = self.t.groups.of.get(tuple(sorted(tiles)))
                led = f" ({printable(found[0])})" if found is not None else ""
            return f"{who} led {said}{led}."
        taking = ", taking the lead" if self.t.rules.face_down else ""  # a play face up takes it
        return f"{who} played {said}{taking}."

    def _laid_face_down(self, event: dict[str, Any], hand: _Hand, viewer: int | None) -> str:
        """A play laid face down: its tiles to its owner only, how many to everyone else."""
        self._follow(event, hand)
        seat = event["seat"]
        action = event["action"]
        tiles = [normal(tuple(x)) for x in action.get("tiles") or ([action["tile"]] if "tile" in action else [])]
        if seat == viewer and tiles:
            said = named_tile(self.t, tiles[0]) if len(tiles) == 1 else tiles_words(in_suit_order(self.t, tiles))
            return f"{self.name(seat)} laid {said} face down."
        count = max(len(tiles), len(hand.lead), 1)  # as many as were led
        return f"{self.name(seat)} laid {tiles_count(count)} face down."

    def _turn_down(self, event: dict[str, Any], hand: _Hand) -> str:
        hand.declaration = None  # no trumps until a suit is named
        up = "" if hand.turn_up is None else f" {hand_tile(hand.turn_up)}"
        turned = suit_name(event["suit"], self.t.max_pip + 1)
        said = f"Everyone passed: the turned-up{up} is turned down; any suit but {turned} may be named."
        return self.style.heading(said)

    def _contract(self, event: dict[str, Any], hand: _Hand, viewer: int | None) -> str:
        self._follow(event, hand)
        seat = event["seat"]
        side = self.match.side_of(seat)
        partners = [n for s, n in enumerate(self.seats) if self.match.side_of(s) == side and s not in (seat, viewer)]
        who = self.name(seat)
        if viewer is not None and viewer != seat and self.match.side_of(viewer) == side:
            who += ", your partner,"  # the viewer is said; a team of three names the third
        bound = self._bound(event)
        if self.t.over_turn_up:  # an auction over the turned-up suit: one bid, the suit made (alone, ...)
            made = suit_name(event["suit"], self.t.max_pip + 1)
            text = f"{who} made {made} trumps{'' if bound is None else ' (' + printable(bound) + ')'}"
            text += f" and must take {event['make']}"
            if bound is not None and self.t.contracts[bound].partner_out:
                partners = []  # the partner sits out: the maker plays alone
        elif bound is not None:  # the bid declares a contract: its aim, said at the declaration, is the goal
            text = f"{who} won the bid at {contract_bid_text(self.t, event['bid'], bound)}"
            if self.t.contracts[bound].partner_out:
                partners = []  # the partner sits out: the bidder plays alone
        else:
            said = bid_text(self.t, event["bid"]) + bid_suit_words(event.get("suit"), self.t)
            text = f"{who} won the bid at {said} and must make {event['make']}"
        if partners:
            text += f" with {together([p.name for p in partners])}"
        if self.unit[0] == "mark":
            text += f" (worth {counted(event['marks'], self.unit)})"
        if len(self.t.declarations) == 1:
            text += f"; {trump_words(self.t.declarations[0], self.t.max_pip)}"
        return self.style.paint(text + ".", "bold")

    def _bound(self, event: dict[str, Any]) -> str | None:
        """The special contract the winner of the auction declares: read from the declaration that
        follows in the log, or, while that is still to come, the one the bid binds its bidder to (a
        contract's `bid`, won with a hand that meets its `requires`: the engine's `must_declare`)."""
        if not self.t.rules.contracts:
            return None
        log = self.match.events
        at = next((i for i in range(len(log) - 1, -1, -1) if log[i] is event), None)
        if at is None:
            return None
        for later in log[at + 1 :]:
            if later["type"] == "deal":
                return None
            if later["type"] == "action" and later["action"]["kind"] == TRUMPS:
                found = self.t.contracts.get(later["action"]["value"])
                return None if found is None else found.name
        return self.match.trick_view.must_declare  # type: ignore[attr-defined]

    def _trick(self, event: dict[str, Any], hand: _Hand, viewer: int | None) -> str:
        self._follow(event, hand)
        taker = event["seat"]
        tiles = [(seat, normal(tuple(tile))) for seat, tile in event["tiles"]]
        if grouped(self.t):
            return self._trick_of_plays(event, tiles, viewer)
        best = next(tile for seat, tile in tiles if seat == taker)
        points, count = event["points"], event["count"]
        text = f"{self.name(taker)} took the trick with {hand_tile(best)}: {counted(points, ('point', 'points'))}"
        if self.match.sides < self.match.players:  # partners: say which side the points go to
            text += f" for {self.side(event['side'], viewer)}"
        # The count tiles by name, as players tally them: "[5|5] 10, [3|2] 5, +1 for the trick".
        value = self.t.count if hand.declaration is None else self.t.count_for(self.t.suits(hand.declaration))
        counts = [f"{hand_tile(tile)} {value[self.t.index[tile]]}" for _, tile in tiles if value[self.t.index[tile]]]
        trick_part = min(self.t.rules.trick_points, points - count)
        bonus = points - count - trick_part
        extras = [f"+{trick_part} for the trick"] if trick_part and counts else []
        extras += [f"+{bonus} for the last trick"] if bonus else []
        if counts or extras:
            text += f" ({', '.join(counts + extras)})"
        return text + "."

    def _trick_of_plays(self, event: dict[str, Any], tiles: list[tuple[int, Tile]], viewer: int | None) -> str:
        """ "Computer 3 took the trick with the pair of Heavens [6|6] [6|6], capturing 8 tiles (6
        of them face down)." Points where tricks carry any, the side where partners play."""
        taker = event["seat"]
        best = [tile for seat, tile in tiles if seat == taker]
        text = f"{self.name(taker)} took the trick with {shown_play(self.t, best)}"
        parts = []
        if not no_points(self.t):
            parts.append(counted(event["points"], ("point", "points")))
        hidden = sum(n for _, n in event.get("face_down", ()))
        if captures_count(self.match.ruleset) or hidden:
            taken = len(tiles) + hidden
            said = f"capturing {tiles_count(taken)}"
            if hidden:
                said += f" ({hidden} of them face down)" if hidden < taken else " (the others face down)"
            parts.append(said)
        if parts:
            text += ", " + ", ".join(parts)
        if self.match.sides < self.match.players:  # partners: say which side takes it
            text += f" for {self.side(event['side'], viewer)}"
        return text + "."

    def _score(self, event: dict[str, Any]) -> str:
        names = self.side_names(event["side"])
        who = together([self.style.paint(n, "bold") for n in names])
        verb = "score" if plural(names) else "scores"
        staked = pool_words(event, who, plural(names))
        if staked is not None:
            return f"  {staked}"
        if event["reason"] == "trick" and event["points"] < 0:  # tricks.trick_scores' from: each
            pays = "pay" if plural(names) else "pays"
            return f"  {who} {pays} {counted(-event['points'], self.unit)} for the trick (total {event['total']})."
        now = " for the trick" if event["reason"] == "trick" else ""
        return f"  {who} {verb} {counted(event['points'], self.unit)}{now} (total {event['total']})."

    def _hand_end(self, event: dict[str, Any], hand: _Hand, scores: list[str], viewer: int | None) -> list[str]:
        number, points = event["round"], event["pips"]
        played = sum(hand.tricks)
        total = tricks_in_hand(self.t)
        stock = self.t.rules.stock
        if stock is not None and stock.draw and hand.closed_by is not None:  # a closed stock's tiles stay unplayed
            total -= hand.stock // max(1, self.match.players - len(hand.dropped))
        reason = event["reason"]
        early = 0 < played < total  # decided before the last trick (a walkover plays none)
        text = f"Hand {number} over" + (f" after {played} of {total} tricks" if early else "")
        if grouped(self.t):  # tricks of plays: a hand has as many tricks as its leads
            in_play = (self.match.players - len(hand.dropped)) * self.t.hand_size
            early = 0 < hand.taken < in_play
            after = f" after {counted(played, ('trick', 'tricks'))}, with tiles unplayed"
            text = f"Hand {number} over" + (after if early else "")
        bidder = event.get("seat")
        claimed, closer = event.get("claimed"), event.get("closed_by")
        if reason == "walkover":
            left = [self.seats[s].name for s in range(self.match.players) if s not in hand.dropped]
            text += f" before the first lead: everyone else dropped out, a walkover for {together(left)}."
        elif bidder is not None and reason in ("made", "set"):
            side = self.match.side_of(bidder)
            names = self.side_names(side)
            bid = bid_text(self.t, event["bid"])
            make = hand.contract["make"] if hand.contract else event["bid"]
            if hand.special is not None:
                verdict = verdict_words(self.match, self.t, hand.special, reason == "made", bidder, self.seats, viewer)
                text += f": {verdict}."
            elif reason == "made":
                text += f": {together(names)} made the bid of {bid}."
            else:
                were = ("are" if plural(names) else "is") if early else ("were" if plural(names) else "was")
                text += f": {together(names)} {were} set"
                text += f"; {make} can no longer be made." if early else f", {make} needed."
        elif claimed is not None and hand.declared_win == claimed:
            text += f": {together(self.side_names(claimed))} won it by the declaration."
        elif claimed is not None:
            took = counted(points[claimed], ("point", "points"))
            text += f": {together(self.side_names(claimed))} claimed it with {took}"
            if closer is not None:
                text += f" (the stock closed by {self.seats[closer].name})"
            text += "."
        elif closer is not None:
            side = self.match.side_of(closer)
            took = counted(points[side], ("point", "points"))
            text += f": {self.seats[closer].name} closed the stock but fell short, with {took} and no claim."
        elif hand.last_taker is not None and "last_trick" in _scoring_names(self.t.rules):
            text += f": {self.seats[hand.last_taker].name} took the last trick."  # what the score reads
        else:
            text += "."
        lines = [self.style.heading(text)]
        only_tricks = only_tricks_count(self.t) or no_points(self.t)
        captures = captures_count(self.match.ruleset)
        for side in range(self.match.sides if reason != "walkover" else 0):  # a walkover played no trick
            said_side = together(self.side_names(side))
            members = [s for s in range(self.match.players) if self.match.side_of(s) == side]
            if members and all(s in hand.dropped for s in members):
                lines.append(f"  {said_side}: dropped out.")
                continue
            said = counted(hand.tricks[side], ("trick", "tricks"))
            if not only_tricks:
                said += f", {counted(points[side], ('point', 'points'))}"
            if captures:
                said += f", {captured_words(self.match.ruleset, hand.captured[side])}"
            tricks_at, points_at = hand.at_close
            if closer is not None and tricks_at:
                at = counted(tricks_at[side], ("trick", "tricks"))
                said += f" ({at}, {counted(points_at[side], ('point', 'points'))} when the stock was closed)"
            lines.append(f"  {said_side}: {said}.")
        lines += scores
        lines.append(scores_line(self.match, self.seats, event["scores"]))
        return lines


def scores_line(match: Match, seats: Sequence[Seat], scores: Sequence[int]) -> str:
    """ "Marks — You & Computer 3: 1, Computer 2 & Computer 4: 0"; a track beside a score: "You: 3 · streak 1"
    (the tracks as they stand now: told at a hand's end, before they change again)."""
    unit = score_unit(match.ruleset)
    names = [[s.name for n, s in enumerate(seats) if match.side_of(n) == side] for side in range(match.sides)]
    tracks = match.tracks
    sides = [f"{together(names[side])}: {score}{beside_score(tracks, (), side)}" for side, score in enumerate(scores)]
    label = "Marks" if unit[0] == "mark" else "Scores"
    return f"{label} — " + ", ".join(sides)


def result_line(match: Match, seats: Sequence[Seat]) -> str:
    """ "Match over after 9 hands: You & Computer 3 win, 7 to 4 marks."."""
    names = [[s.name for n, s in enumerate(seats) if match.side_of(n) == side] for side in range(match.sides)]
    hands = f"{match.round} hand{'s' if match.round != 1 else ''}"
    winners = [name for side in match.winners for name in names[side]]
    if len(match.winners) > 1:
        return (
            f"Match over after {hands}: {together(winners)} share the win. {scores_line(match, seats, match.scores)}."
        )
    others = [score for side, score in enumerate(match.scores) if side not in match.winners]
    best = match.scores[match.winners[0]]
    scores = " to ".join(str(s) for s in [best, *others])
    unit = score_unit(match.ruleset)[1]
    return f"Match over after {hands}: {together(winners)} {'win' if plural(winners) else 'wins'}, {scores} {unit}."


def _scoring_names(rules: Any) -> frozenset[str]:
    """The hand names a hand's score reads: `scoring.hand`'s and the collector's (who collects)."""
    read: frozenset[str] = getattr(rules.hand, "names", frozenset())
    return read | (rules.collector.names if rules.collector is not None else frozenset())
