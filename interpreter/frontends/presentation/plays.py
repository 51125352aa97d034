"""Tiles played together and plays laid face down (Tien Gow: `tricks.combinations`,
`tricks.face_down`), in words: a set's tile names ("[6|6] Heaven"), a hand read suit by suit,
the combinations by their names ("the pair of Heavens [6|6] [6|6]"), which play holds the lead
of the trick on the table, and the moves of a seat in the order a person weighs them: the plays
that take the lead first, then those laid face down.

What takes the lead is read from the engine's tables (`TrickTables.groups`, the hand's `Suits`),
as `taking_seat` reads who takes a trick; nothing here decides what is legal. A play laid face
down shows no tile to anyone but its owner: the table shows how many tiles, never which.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from interpreter.engine import Action, Match
from interpreter.engine.actions import PICK, PLAY
from interpreter.engine.observation import TrickView
from interpreter.engine.tiles import Tile
from interpreter.engine.tricks.picks import completes
from interpreter.engine.tricks.suits import Suits
from interpreter.engine.tricks.tables import TrickTables, trick_tables_for
from interpreter.frontends.presentation.style import hand_tile
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.untrusted import printable

# Words that already make a name a noun phrase: "a Heaven and two nines", "two Geese and a five".
_DETERMINERS = ("a", "an", "the", "one", "two", "three", "four", "some", "both")


def grouped(t: TrickTables) -> bool:
    """Whether a trick is of plays (tiles led together, or laid face down) rather than of tiles."""
    return bool(t.grouped)


def _suits(t: TrickTables, view: TrickView) -> Suits | None:
    if view.declaration is None:
        return None
    return t.suits(view.declaration, t.contract_named(view.contract, view.doubles_place))


def tile_name(t: TrickTables, tile: Tile) -> str:
    """The set's own name for a tile ("Heaven"), or "" where the set names none."""
    named = t.rules.named
    index = t.index.get(tile)
    if not named or index is None:
        return ""
    return printable(named[index].name)


def named_tile(t: TrickTables, tile: Tile) -> str:
    """ "[6|6] Heaven", or "[6|3]" in a set without names."""
    name = tile_name(t, tile)
    return f"{hand_tile(tile)} {name}" if name else hand_tile(tile)


def tiles_words(tiles: Iterable[Tile]) -> str:
    """ "[6|6] [6|6]": tiles as they are played together, in the hand's order."""
    return " ".join(hand_tile(tile) for tile in tiles)


def suit_index(t: TrickTables, tile: Tile) -> int:
    """The suit a tile belongs to in a set that names suits (0 where it names none)."""
    named = t.rules.named
    index = t.index.get(tile)
    if not named or index is None:
        return 0
    names = list(dict.fromkeys(n.suit for n in named))
    return names.index(named[index].suit)


def suit_names(t: TrickTables) -> tuple[str, ...]:
    """The set's suits in the file's order (civil, military), or () where it names none."""
    return tuple(printable(name) for name in dict.fromkeys(n.suit for n in t.rules.named if n.suit))


def rank_of(t: TrickTables, tile: Tile) -> int:
    index = t.index.get(tile)
    return 0 if index is None else t.named_rank[index]


def hand_key(t: TrickTables, tile: Tile) -> tuple[int, int, int, int]:
    """A hand read as its players read it: suit by suit (the set's order), the highest rank first;
    in a set without named suits, the higher half first."""
    low, high = tile
    if t.rules.named:
        return (suit_index(t, tile), -rank_of(t, tile), -high, -low)
    return (0, 0, -high, -low)


def in_suit_order(t: TrickTables, tiles: Iterable[Tile]) -> list[Tile]:
    return sorted(tiles, key=lambda tile: hand_key(t, tile))


def combination_of(t: TrickTables, tiles: Sequence[Tile]) -> tuple[str, int, str] | None:
    """(kind, rank, name) of the combination `tiles` make, or None."""
    if len(tiles) < 2:
        return None
    return t.groups.of.get(tuple(sorted(tiles)))


def combination_words(name: str) -> str:
    """A combination's name as a sentence says it: "the pair of Heavens", "Gee Joon", "a Heaven
    and two nines" (a name that is a proper noun, or starts with its own article, as it is)."""
    name = printable(name)
    first = name.split(" ", 1)[0]
    if not name or not first[:1].islower() or first.lower() in _DETERMINERS:
        return name
    return f"the {name}"


def leading_play(t: TrickTables, view: TrickView) -> int | None:
    """The index in `view.plays` of the play that holds the lead of the trick on the table: the
    first, until a later play of one tile beats its tile (the suit led, a higher rank) or a later
    combination beats it (the same kind, a higher rank). A play laid face down never holds it."""
    suits = _suits(t, view)
    if not view.plays or suits is None:
        return None
    best = 0
    for index, (_, tiles, _) in enumerate(view.plays[1:], start=1):
        if tiles and _beats(t, suits, view, tiles, view.plays[best][1]):
            best = index
    return best


def _beats(t: TrickTables, suits: Suits, view: TrickView, tiles: Sequence[Tile], best: Sequence[Tile]) -> bool:
    if len(tiles) != len(best) or not best:
        return False
    if len(tiles) == 1:
        return suits.winner([t.index[best[0]], t.index[tiles[0]]], view.led_suit) == 1
    return t.groups.beats(tuple(sorted(tiles)), tuple(sorted(best)))


def takes_lead(t: TrickTables, view: TrickView, tiles: Sequence[Tile]) -> bool:
    """Whether playing `tiles` now would take the lead of the trick (a lead always holds it)."""
    best = leading_play(t, view)
    if best is None:
        return True
    if view.forfeits:  # the last trick, which this seat may not take (tricks.forfeit_last)
        return False
    suits = _suits(t, view)
    return suits is not None and _beats(t, suits, view, tiles, view.plays[best][1])


def lays_face_down(t: TrickTables, view: TrickView, tiles: Sequence[Tile]) -> bool:
    """Whether a play of `tiles` now would be laid face down (it does not take the lead)."""
    return bool(t.rules.face_down) and not takes_lead(t, view, tiles)


def shown_play(t: TrickTables, tiles: Sequence[Tile]) -> str:
    """Tiles played face up: a combination by its name and tiles ("the pair of Heavens [6|6]
    [6|6]"), one tile with its name ("[6|6] Heaven"), other tiles as they are."""
    ordered = in_suit_order(t, tiles)
    found = combination_of(t, ordered)
    if found is not None:
        return f"{combination_words(found[2])} {tiles_words(ordered)}"
    if len(ordered) == 1:
        return named_tile(t, ordered[0])
    return tiles_words(ordered)


def tiles_count(n: int) -> str:
    return "a tile" if n == 1 else f"{n} tiles"


def play_move_words(t: TrickTables, view: TrickView, action: Action) -> str:
    """A play in the move list of a game of plays: "lead [6|6] Heaven", "lead the pair of
    Heavens [6|6] [6|6] (civil pair)", "play the pair of Earths [1|1] [1|1]: takes the lead",
    "lay [1|5] [1|6] face down"."""
    tiles = in_suit_order(t, action.tiles)
    if not view.plays:
        found = combination_of(t, tiles)
        kind = f" ({printable(found[0])})" if found is not None else ""
        return f"lead {shown_play(t, tiles)}{kind}"
    if lays_face_down(t, view, tiles):
        return f"lay {named_tile(t, tiles[0]) if len(tiles) == 1 else tiles_words(tiles)} face down"
    if takes_lead(t, view, tiles):
        verb = "" if len(tiles) == 1 else "play "
        return f"{verb}{shown_play(t, tiles)}: takes the lead"
    return f"play {shown_play(t, tiles)}"


def order_plays(match: Match, legal: Sequence[Action]) -> list[Action]:
    """A game of plays' moves in the order a person weighs them. Leading: one tile, in the hand's
    order, then the combinations in the file's order. Following: the plays that take the lead,
    strongest tiles first, then the others (laid face down), the weakest tiles first; where the
    engine offers picks (a play of several tiles built tile by tile), the whole plays that take
    the lead, then the picks. Other moves keep their place after them."""
    t = trick_tables_for(match.ruleset, match.players)
    view = match.trick_view  # type: ignore[attr-defined]
    plays = [a for a in legal if a.kind == PLAY and a.tile is not None]
    others = [a for a in legal if not (a.kind == PLAY and a.tile is not None)]
    order = {c.name: n for n, c in enumerate(t.rules.combinations)}

    def strength(action: Action) -> list[tuple[int, int, int, int]]:
        return [hand_key(t, tile) for tile in in_suit_order(t, action.tiles)]

    if not view.plays:
        singles = sorted((a for a in plays if len(a.tiles) == 1), key=strength)
        groups = [a for a in plays if len(a.tiles) > 1]
        groups.sort(key=lambda a: (order.get((combination_of(t, a.tiles) or ("", 0, ""))[2], len(order)), strength(a)))
        return [*singles, *groups, *others]
    picks = [a for a in legal if a.kind == PICK]
    if picks:  # a play built by picks: the whole plays that take the lead (few: declared groups), then the picks
        seat = match.current_player
        picked = match.observation(seat).tricks.picked if seat is not None else ()  # type: ignore[union-attr]
        size = len(view.plays[0][1])
        held = match.hand(seat) if seat is not None else ()
        leads = [g for g in t.groups.leads(held) if len(g) == size and completes(g, picked)]
        taking = sorted((Action.group(g) for g in leads if takes_lead(t, view, g)), key=strength)
        picks.sort(key=lambda a: a.tiles)  # the engine's order: each pick comes after the one before
        return [*taking, *picks, *(a for a in others if a.kind != PICK)]
    taking = sorted((a for a in plays if takes_lead(t, view, a.tiles)), key=strength)
    rest = [a for a in plays if a not in taking]
    rest.sort(key=lambda a: [tuple(-x for x in k) for k in reversed(strength(a))])
    return [*taking, *rest, *others]


_COLUMNS = re.compile(r"\bcaptured\s*//\s*(\d{1,2})\b")


def column_size(ruleset: Ruleset) -> int | None:
    """How many captured tiles make a column, where the hand's score counts them so
    (`captured // 4`: Tien Gow's columns of four); None otherwise."""
    rules = ruleset.tricks
    hand = getattr(rules, "hand", None)
    found = _COLUMNS.search(getattr(hand, "source", "") or "")
    return int(found.group(1)) if found and int(found.group(1)) > 0 else None


def captures_count(ruleset: Ruleset) -> bool:
    """Whether a hand's score reads the tiles each side captured (`captured`)."""
    rules = ruleset.tricks
    return "captured" in getattr(getattr(rules, "hand", None), "names", frozenset())


def no_points(t: TrickTables) -> bool:
    """Whether tricks never carry points (none a trick, no count, no bonus): then no points are said."""
    rules = t.rules
    return rules.trick_points == 0 and rules.last_trick == 0 and not any(t.count)


def captured_words(ruleset: Ruleset, captured: int) -> str:
    """ "8 tiles captured (2 columns)"; "1 tile captured"."""
    text = f"{captured} tile{'s' if captured != 1 else ''} captured"
    size = column_size(ruleset)
    if size:
        columns = captured // size
        text += f" ({columns} column{'s' if columns != 1 else ''})"
    return text
