"""A trick game (Texas 42) in words: bids, trumps, tricks and hands, told from one seat's side.

Everything said here is read from the engine: the bids' names and what they must make from its
tables (`trick_tables_for`), a tile's suit, whether it is a trump and what it counts from the
declaration's `Suits`, why a move is refused from `IllegalAction`. Nothing here decides what is
legal. Names from the rule file (a bid's name) go through `printable`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from interpreter.engine import Action, IllegalAction, Match, TrickMatch
from interpreter.engine.actions import BID, DISCARD, DOUBLES, NO_TRUMPS, PASS, PLAY, TRUMPS
from interpreter.engine.tiles import normal
from interpreter.engine.tricks.suits import PIP_NAMES, Declaration, suit_name
from interpreter.engine.tricks.tables import TrickTables, trick_tables_for
from interpreter.frontends.presentation.seats import Seat, plural, together
from interpreter.frontends.presentation.style import Style, hand_tile
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.untrusted import printable


def is_trick_game(match: Match) -> bool:
    return isinstance(match, TrickMatch)


def tables(match: Match) -> TrickTables:
    return trick_tables_for(match.ruleset, match.players)


def score_unit(ruleset: Ruleset) -> tuple[str, str]:
    """What a side's match score counts, singular and plural: Texas 42 scores marks (its hand
    expression reads `bid_marks`), a points variant scores points."""
    rules = ruleset.tricks
    names = getattr(getattr(rules, "hand", None), "names", frozenset())
    return ("mark", "marks") if "bid_marks" in names else ("point", "points")


def counted(number: int, unit: tuple[str, str]) -> str:
    return f"{number} {unit[0] if number == 1 else unit[1]}"


def bid_text(t: TrickTables, value: int) -> str:
    """A bid as a player says it: "31", or a named bid with its place: "1 mark (42)"."""
    bid = t.bid_of.get(value)
    if bid is None:
        return str(value)
    name = printable(bid.name)
    return name if name == str(value) else f"{name} ({value})"


def trump_words(declaration: Declaration, max_pip: int) -> str:
    """A declaration as the table hears it: "trumps: sixes", "doubles are trumps", "no trumps (follow me)"."""
    if declaration == DOUBLES:
        return "doubles are trumps"
    if declaration == NO_TRUMPS:
        return "no trumps (follow me)"
    return f"trumps: {suit_name(int(declaration), max_pip + 1)}"


def led_words(suit: int, max_pip: int) -> str:
    return suit_name(suit, max_pip + 1) + " led"


def tile_notes(t: TrickTables, declaration: Declaration | None, tile: tuple[int, int]) -> list[str]:
    """What a player weighs about a tile: whether it is a trump, what it counts."""
    index = t.index[tile]
    notes = []
    if declaration is not None and (t.suits(declaration).trumps >> index) & 1:
        notes.append("trump")
    if t.count[index]:
        notes.append(f"counts {t.count[index]}")
    return notes


def held_trumps(t: TrickTables, declaration: Declaration, hand: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    trumps = t.suits(declaration).trumps
    return [tile for tile in hand if (trumps >> t.index[tile]) & 1]


def describe_trick_move(action: Action, match: Match) -> str:
    """A numbered move of a trick game: "pass", "bid 31", "trumps: sixes — you hold 3: …",
    "[6|4] (trump, counts 10)"."""
    t = tables(match)
    if action.kind == PASS:
        return "pass"
    if action.kind == BID:
        return f"bid {bid_text(t, int(action.value))}"  # type: ignore[arg-type]
    if action.kind == TRUMPS:
        words = trump_words(action.value, t.max_pip)  # type: ignore[arg-type]
        if action.value == NO_TRUMPS:
            return words
        seat = match.current_player
        held = held_trumps(t, action.value, match.hand(seat)) if seat is not None else []  # type: ignore[arg-type]
        shown = " ".join(hand_tile(tile) for tile in sorted(held, key=lambda x: (-x[1], -x[0])))
        return f"{words} — you hold {len(held)}{': ' + shown if held else ''}"
    if action.kind == PLAY and action.tile is not None:
        notes = tile_notes(t, match.trick_view.declaration, action.tile)  # type: ignore[attr-defined]
        return hand_tile(action.tile) + (f" ({', '.join(notes)})" if notes else "")
    if action.kind == DISCARD and action.tile is not None:
        return f"lay {hand_tile(action.tile)} face down"
    return str(action)


# --- reading what a person types -----------------------------------------------------------------

_TILE = re.compile(r"^(?:play\s+|lead\s+)?\[?\s*(\d{1,2})\s*[-|:/]\s*(\d{1,2})\s*\]?$")
_NO_TRUMPS = ("none", "no trumps", "no trump", "notrumps", "follow me", "followme", "nt")


def read_trick_word(words: str, legal: Sequence[Action], match: Match) -> Action | str | None:
    """The action `words` names in a trick game ("bid 31", "pass", "trumps sixes", "6-4"), or the
    engine's reason why it cannot be played (a str), or None if the words name no move at all."""
    t = tables(match)
    wanted = _named(words, t)
    if wanted is None:
        return None
    if isinstance(wanted, str):
        return wanted
    if wanted.kind == PLAY:
        wanted = next((a for a in legal if a.tile == wanted.tile), wanted)
    if wanted in legal:
        return wanted
    try:
        match.clone().apply(wanted)  # only to learn the engine's reason: the match itself is untouched
    except IllegalAction as illegal:
        return illegal.reason
    raise AssertionError(f"{wanted} is legal but not among the legal actions")


def _named(words: str, t: TrickTables) -> Action | str | None:
    if words in ("pass", "p"):
        return Action(PASS)
    found = _TILE.match(words)
    if found:
        return Action.play(normal((int(found.group(1)), int(found.group(2)))))
    kind, _, rest = words.partition(" ")
    if kind in ("bid", "b") and rest:
        if rest.isdigit() and len(rest) <= 6:
            return Action(BID, value=int(rest))
        for bid in t.bids:  # a named bid by its name: "bid 2 marks"
            if printable(bid.name).lower() == rest:
                return Action(BID, value=bid.value)
        return f"there is no bid '{rest}'"
    if kind in ("trumps", "trump", "t") and rest:
        words = rest
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
    contract: dict[str, Any] | None = None


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
        hand = self._context(events, start)
        lines: list[str] = []
        scores: list[str] = []  # the hand's scores, told after its end, which the log records after them
        for event in events:
            kind = event["type"]
            if kind == "deal":
                hand = self._new_hand(event)
                lines += self._deal(event)
            elif kind == "action":
                lines.append(self._action(event, hand, viewer))
            elif kind == "draw":  # the kitty, face down: only its taker hears the tile
                tile = event.get("tile")
                who = self.name(event["seat"])
                shown = f": {hand_tile(normal(tuple(tile)))}" if tile and event["seat"] == viewer else ""  # type: ignore[arg-type]
                lines.append(f"{who} took {'the widow' if shown else 'a tile of the widow'}{shown}.")
            elif kind == "contract":
                lines.append(self._contract(event, hand, viewer))
            elif kind == "trick":
                lines.append(self._trick(event, hand, viewer))
            elif kind == "score":
                scores.append(self._score(event))
            elif kind == "round_end":
                lines += self._hand_end(event, hand, scores, viewer)
                scores = []
            elif kind == "match_end":
                lines.append(self.style.heading(result_line(self.match, self.seats)))
        return lines

    def _context(self, events: Sequence[dict[str, Any]], start: int | None) -> _Hand:
        """The hand as it stood before `events`: the log from the hand's deal, read silently."""
        log = self.match.events
        if start is None and events:
            start = next((i for i in range(len(log) - 1, -1, -1) if log[i] is events[0]), 0)
        hand = _Hand(tricks=[0] * self.match.sides)
        for event in log[: start or 0]:
            if event["type"] == "deal":
                hand = self._new_hand(event)
            else:
                self._follow(event, hand)
        return hand

    def _new_hand(self, event: dict[str, Any]) -> _Hand:
        bidding = self.t.rules.bidding is not None
        return _Hand(declaration=None if bidding else self.t.fixed, tricks=[0] * self.match.sides)

    def _follow(self, event: dict[str, Any], hand: _Hand) -> None:
        """Keep `hand` up to date with one event."""
        kind = event["type"]
        if kind == "contract":
            hand.contract = event
            if len(self.t.declarations) == 1:  # nothing to declare: play starts under the one choice
                hand.declaration = self.t.declarations[0]
        elif kind == "trick":
            hand.tricks[event["side"]] += 1
            hand.on_table, hand.led = 0, None
        elif kind == "action" and event["action"]["kind"] == TRUMPS:
            hand.declaration = event["action"]["value"]
        elif kind == "action" and event["action"]["kind"] == PLAY:
            if hand.on_table == 0 and hand.declaration is not None:
                tile = normal(tuple(event["action"]["tile"]))  # type: ignore[arg-type]
                hand.led = self.t.suits(hand.declaration).led_suit[self.t.index[tile]]
            hand.on_table += 1

    def _deal(self, event: dict[str, Any]) -> list[str]:
        sizes = " or ".join(map(str, sorted({len(h) for h in event["hands"]})))
        starter = event["starter"]
        you = plural([self.seats[starter].name])
        bidding = self.t.rules.bidding is not None
        verb = ("bid" if you else "bids") if bidding else ("lead" if you else "leads")
        how = {
            "random": ", chosen at random",
            "next_seat": ", next in turn",
            "holder": ", holding the tile that starts",
        }
        text = f"Hand {event['round']}: {sizes} tiles each"
        if not bidding:
            text += f"; {trump_words(self.t.fixed, self.t.max_pip)}"
        text += f". {self.name(starter)} {verb} first{how.get(event['how'], '')}."
        lines = [""]
        if event["how"] == "redeal":
            lines.append(self.style.heading("Everyone passed: the tiles are shuffled and dealt again."))
        return [*lines, self.style.heading(text)]

    def _action(self, event: dict[str, Any], hand: _Hand, viewer: int | None = None) -> str:
        who = self.name(event["seat"])
        action = event["action"]
        kind = action["kind"]
        self._follow(event, hand)
        if kind == DISCARD:  # face down: only its owner hears the tile
            if event["seat"] == viewer and action.get("tile"):
                return f"{who} laid {hand_tile(normal(tuple(action['tile'])))} face down."  # type: ignore[arg-type]
            return f"{who} laid a tile face down."
        if kind == PASS:
            return f"{who} passed."
        if kind == BID:
            return f"{who} bid {bid_text(self.t, action['value'])}."
        if kind == TRUMPS:
            value = action["value"]
            if value == DOUBLES:
                return f"{who} declared: doubles are trumps."
            if value == NO_TRUMPS:
                return f"{who} declared no trumps (follow me)."
            if value in self.t.contracts:
                return f"{who} declared {value}."
            return f"{who} declared {trump_words(value, self.t.max_pip)}."
        tile = normal(tuple(action["tile"]))  # type: ignore[arg-type]
        if hand.on_table == 1:
            led = "" if hand.led is None else f" ({led_words(hand.led, self.t.max_pip)})"
            return f"{who} led {hand_tile(tile)}{led}."
        trump = hand.declaration is not None and "trump" in tile_notes(self.t, hand.declaration, tile)
        off_suit = trump and hand.led != self.t.max_pip + 1
        return f"{who} played {hand_tile(tile)}{', a trump' if off_suit else ''}."

    def _contract(self, event: dict[str, Any], hand: _Hand, viewer: int | None) -> str:
        self._follow(event, hand)
        seat = event["seat"]
        side = self.match.side_of(seat)
        partners = [n for s, n in enumerate(self.seats) if self.match.side_of(s) == side and s != seat]
        who = self.name(seat)
        if viewer is not None and viewer != seat and self.match.side_of(viewer) == side:
            who += ", your partner,"
            partners = []  # said already
        text = f"{who} won the bid at {bid_text(self.t, event['bid'])} and must make {event['make']}"
        if partners:
            text += f" with {together([p.name for p in partners])}"
        if self.unit[0] == "mark":
            text += f" (worth {counted(event['marks'], self.unit)})"
        if len(self.t.declarations) == 1:
            text += f"; {trump_words(self.t.declarations[0], self.t.max_pip)}"
        return self.style.paint(text + ".", "bold")

    def _trick(self, event: dict[str, Any], hand: _Hand, viewer: int | None) -> str:
        self._follow(event, hand)
        taker = event["seat"]
        tiles = [(seat, normal(tuple(tile))) for seat, tile in event["tiles"]]  # type: ignore[arg-type]
        best = next(tile for seat, tile in tiles if seat == taker)
        points, count = event["points"], event["count"]
        text = f"{self.name(taker)} took the trick with {hand_tile(best)}: {counted(points, ('point', 'points'))}"
        if self.match.sides < self.match.players:  # partners: say which side the points go to
            text += f" for {self.side(event['side'], viewer)}"
        # The count tiles by name, as players tally them: "[5|5] 10, [3|2] 5, +1 for the trick".
        counts = [f"{hand_tile(tile)} {self.t.count[self.t.index[tile]]}" for _, tile in tiles]
        counts = [c for c, (_, tile) in zip(counts, tiles, strict=True) if self.t.count[self.t.index[tile]]]
        rest = points - count
        if counts and rest:
            text += f" ({', '.join(counts)}, +{rest} for the trick)"
        elif counts:
            text += f" ({', '.join(counts)})"
        return text + "."

    def _score(self, event: dict[str, Any]) -> str:
        names = self.side_names(event["side"])
        who = together([self.style.paint(n, "bold") for n in names])
        verb = "score" if plural(names) else "scores"
        return f"  {who} {verb} {counted(event['points'], self.unit)} (total {event['total']})."

    def _hand_end(self, event: dict[str, Any], hand: _Hand, scores: list[str], viewer: int | None) -> list[str]:
        number, points = event["round"], event["pips"]
        played = sum(hand.tricks)
        early = played < self.t.hand_size  # the contract was decided before the last trick
        text = f"Hand {number} over" + (f" after {played} of {self.t.hand_size} tricks" if early else "")
        bidder = event.get("seat")
        if bidder is None or event["reason"] not in ("made", "set"):
            text += "."
        else:
            side = self.match.side_of(bidder)
            names = self.side_names(side)
            bid = bid_text(self.t, event["bid"])
            make = hand.contract["make"] if hand.contract else event["bid"]
            if event["reason"] == "made":
                text += f": {together(names)} made the bid of {bid}."
            else:
                were = ("are" if plural(names) else "is") if early else ("were" if plural(names) else "was")
                text += f": {together(names)} {were} set"
                text += f"; {make} can no longer be made." if early else f", {make} needed."
        lines = [self.style.heading(text)]
        for side in range(self.match.sides):
            tricks = counted(hand.tricks[side], ("trick", "tricks"))
            taken = counted(points[side], ("point", "points"))
            lines.append(f"  {together(self.side_names(side))}: {tricks}, {taken}.")
        lines += scores
        lines.append(scores_line(self.match, self.seats, event["scores"]))
        return lines


def scores_line(match: Match, seats: Sequence[Seat], scores: Sequence[int]) -> str:
    """ "Marks — You & Computer 3: 1, Computer 2 & Computer 4: 0"."""
    unit = score_unit(match.ruleset)
    names = [[s.name for n, s in enumerate(seats) if match.side_of(n) == side] for side in range(match.sides)]
    sides = [f"{together(names[side])}: {score}" for side, score in enumerate(scores)]
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
