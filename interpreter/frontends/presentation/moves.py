"""What a person types at the move prompt, read into one of the legal actions or a one-line reason why not.

A move is its number in the list, a tile (`6-3`, `[6|3]`, `6-3 2` for place 2, `6-3 open 6` for a lead
naming its open end), `discard 6-3`, or
draw / pass / marker / keep / redeal (deal.redeal_claim), a tile with `tap` after it (`6-3 2 tap`:
the last tile announced, play.announce_last); in a trick game also `bid 31`, `bid 2 marks`,
`trumps sixes`, `doubles`, `no trumps`,
`play 6-3 as 3` (a lead that names its suit), `play 6-6 6-6` (tiles played together), `discard 6-3`,
`close`, `keep`, `drop`, `exchange`.
Anything else is refused with a reason; the match is never touched here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence

from interpreter.engine import Action, IllegalAction, Match
from interpreter.engine.actions import TAP
from interpreter.engine.observation import LayoutView
from interpreter.engine.tiles import normal
from interpreter.frontends.presentation.boards import board_of
from interpreter.frontends.presentation.places import place_words
from interpreter.frontends.presentation.plays import grouped
from interpreter.frontends.presentation.refused import Refused as Refused  # re-exported: the front ends catch it
from interpreter.frontends.presentation.seats import Seat
from interpreter.frontends.presentation.style import hand_tile
from interpreter.frontends.presentation.tricks import read_trick_word, suit_words, tables, typed_tile
from interpreter.players.distinct import play_key
from interpreter.rulefile.ruleset import Ruleset

_TILE_MOVE = re.compile(
    r"^(?:lead\s+|play\s+)?\[?\s*(\d{1,2})\s*[-|:/]\s*(\d{1,2})\s*\]?(?:\s+(?:on\s+)?(?:arm\s+|train\s+|place\s+)?(\d{1,3}))?$"
)
# A lead naming the end it leaves open (start.lead_names_end): `6-3 open 6`, `lead 6-3 open 6`.
_OPEN_END_MOVE = re.compile(r"^(?:lead\s+)?\[?\s*(\d{1,2})\s*[-|:/]\s*(\d{1,2})\s*\]?\s+open\s+(\d{1,2})$")
# A tile laid face down in a layout game (draw.when_unable: discard): `discard 6-3`.
_DISCARD_MOVE = re.compile(r"^discard\s+\[?\s*(\d{1,2})\s*[-|:/]\s*(\d{1,2})\s*\]?$")
_WORDS = {"draw": "draw", "d": "draw", "pass": "pass", "p": "pass", "marker": "marker", "m": "marker"}
_WORDS |= {"keep": "keep", "redeal": "redeal"}  # a hand that may claim a redeal (deal.redeal_claim)
_WORDS |= {"turn": "turn"}  # a blind row's right end turned up (deal.hands: blind_row)


def numbered(legal: Sequence[Action], layout: LayoutView, rules: Ruleset | None = None) -> list[Action]:
    """The legal actions in the order they are numbered on screen: tiles as the hand shows them,
    highest first, each on its arms in order; then draw, pass or marker. Of several actions that
    lead to equivalent positions (`same_move`) only the first is listed."""

    def key(action: Action) -> tuple[int, int, int, int, int]:
        if action.tile is None:
            return (1, 0, 0, 0, 0)
        low, high = action.tile
        # A lead that names its suit comes once per end, the higher end first, as the hand reads.
        named = action.value if isinstance(action.value, int) else 0
        if action.arm is None and action.half is not None:  # a lead naming its open end: the higher first
            named = action.half
        last = action.half if action.half is not None and action.arm is not None else -named
        return (0, -high, -low, -1 if action.arm is None else action.arm, last)

    listed: dict[Hashable, Action] = {}
    for action in sorted(legal, key=key):
        listed.setdefault(same_move(action, layout, rules), action)
    return list(listed.values())


def same_move(action: Action, layout: LayoutView, rules: Ruleset | None = None) -> Hashable:
    """Equal for actions that lead to the same table, up to the numbering of two interchangeable
    arms that carry no tiles yet (the two ends of a lone double lead, empty shared trains): the
    rule the searches use, `interpreter.players.distinct.play_key`, where it is spelled out, with
    `same_table` (two ends showing one value over different tiles stay two moves on screen). Give
    the match's `rules` where `play.allowed` may read the arm played on."""
    return play_key(action, layout, rules, same_table=True)


def read_move(text: str, legal: Sequence[Action], match: Match, seats: Sequence[Seat] = ()) -> Action:
    """The legal action `text` names; Refused with the reason otherwise. `seats` name the others'
    trains in a refusal ("Computer 2's train")."""
    words = " ".join(text.strip().lower().split())
    if words.isdigit():
        number = int(words)
        if not 1 <= number <= len(legal):
            raise Refused(f"there is no move {number}: {_choose(legal)}{_bid_by_number(number, legal, match)}")
        return legal[number - 1]
    own = board_of(match).read_word
    if own is not None:
        return _own_word_move(own, text, words, legal, match)
    if words in _WORDS:
        return _unable(_WORDS[words], legal, match)
    down = _DISCARD_MOVE.match(words)
    if down is not None:
        tile = normal((int(down.group(1)), int(down.group(2))))
        for action in legal:
            if action.kind == "discard" and action.tile == tile:
                return action
        raise Refused(f"you cannot lay {hand_tile(tile)} face down now: {_choose(legal)}")
    named = _OPEN_END_MOVE.match(words)
    if named is not None:
        lead = Action.play((int(named.group(1)), int(named.group(2))), half=int(named.group(3)))
        if lead in legal:
            return lead
        raise Refused(f"'{text.strip()}' is no lead you may make now: {_choose(legal)}")
    tapped = words.endswith(" tap")  # the last tile announced (play.announce_last)
    found = _TILE_MOVE.match(words[:-4].rstrip() if tapped else words)
    if found is None:
        raise Refused(f"'{text.strip()}' is not a move: {_choose(legal)}, a tile like 6-3, or help")
    played = normal((int(found.group(1)), int(found.group(2))))
    arm = None if found.group(3) is None else int(found.group(3))
    return _tile_move(played, arm, legal, match, seats, tapped)


def _said(legal: Sequence[Action], tapped: bool) -> Sequence[Action]:
    """The moves a tile typed with `tap` after it (or without) may be, where the rules offer both
    (play.announce_last): a play without it leaves the last tile unannounced."""
    offered = any(a.value == TAP for a in legal)
    if tapped and not offered:
        raise Refused("'tap' announces the last tile of a play that leaves one: type the tile without it")
    return [a for a in legal if (a.value == TAP) == tapped] if offered else legal


def _bid_by_number(value: int, legal: Sequence[Action], match: Match) -> str:
    """A bid typed as a bare number ("31") is read as a move's number: say how to bid it, or the
    engine's reason why that bid cannot be made."""
    if not any(action.kind == "bid" for action in legal):
        return ""
    found = read_trick_word(f"bid {value}", legal, match)
    if isinstance(found, Action):
        return f"; to bid {value}, type bid {value} or {legal.index(found) + 1}"
    return f"; as a bid: {found}" if found else ""


def _own_word_move(
    read: Callable[[str, Sequence[Action], Match], Action | str | None],
    text: str, words: str, legal: Sequence[Action], match: Match,
) -> Action:  # fmt: skip
    """The move a board's own reader of words (a trick table's) finds in `words`."""
    found = read(words, legal, match)
    if isinstance(found, Action):
        return found
    if found is None:
        raise Refused(f"'{text.strip()}' is not a move: {_choose(legal)}, {_trick_examples(legal, match)}, or help")
    # The engine's reason, with what can be done instead.
    raise Refused(f"{found}; {_trick_alternatives(words, legal, match)}")


def _trick_examples(legal: Sequence[Action], match: Match) -> str:
    """What may be typed now, as examples: "bid 31, pass", "keep, drop", "a tile like 6-3, close"."""
    phase = getattr(match, "phase", "")
    if phase == "bidding":
        return "bid 31, pass"
    if phase == "declaring":
        return "trumps sixes, doubles, no trumps"
    kinds = list(dict.fromkeys(a.kind for a in legal if a.tile is None))
    if phase == "calling":
        return ", ".join(kinds)
    if phase == "discarding":
        return "discard 6-3"
    # Tiles played together (a trick game's only): to follow, as many as were led.
    if match.ruleset.tricks is not None and grouped(tables(match)):
        plays = match.trick_view.plays  # type: ignore[attr-defined]
        size = len(plays[0][1]) if plays else 0
        if size == 1:
            return ", ".join(["a tile like 6-3", *kinds])
        if size:
            return ", ".join([f"{size} tiles like play {' '.join(['6-6', '1-1', '4-4', '1-3'][:size])}", *kinds])
        return ", ".join(["a tile like 6-3, tiles led together like play 6-6 6-6", *kinds])
    named = next((a for a in legal if a.kind == "play" and isinstance(a.value, int)), None)
    example = "a tile like 6-3"
    if named is not None and named.tile is not None:
        low, high = named.tile
        example += f" (a lead that names its suit: play {high}-{low} as {named.value})"
    return ", ".join([example, *kinds])


def _trick_alternatives(words: str, legal: Sequence[Action], match: Match) -> str:
    picks = [a for a in legal if a.kind == "pick"]
    if picks and match.current_player is not None:  # a play to follow, built tile by tile
        size = len(match.trick_view.plays[0][1])  # type: ignore[attr-defined]
        example = " ".join(f"{high}-{low}" for low, high in sorted(match.hand(match.current_player))[:size])
        low, high = picks[0].tile  # type: ignore[misc]
        at_once = f"type the {size} tiles to play at once, as in 'play {example}'"
        return f"{_choose(legal)}, {at_once}, or pick one, as in 'pick {high}-{low}'"
    if match.ruleset.tricks is not None and grouped(tables(match)):  # tricks of plays: a move's number, or its tiles
        return _plays_alternatives([a for a in legal if a.kind == "play"], legal)
    tile = typed_tile(words)
    same = [(n, a) for n, a in enumerate(legal, start=1) if tile is not None and a.tile == tile]
    if len(same) > 1:  # a lead that names its suit: its moves by number
        max_pip = match.ruleset.max_pip
        ways = " or ".join(f"{n} (as {suit_words(int(a.value), max_pip)})" for n, a in same)  # type: ignore[arg-type]
        return f"or type {ways}"
    tiles = list(dict.fromkeys(a.tile for a in legal if a.tile is not None))
    if tiles:
        verb = "lay down" if all(a.kind == "discard" for a in legal) else "play"
        return f"you can {verb} " + ", ".join(hand_tile(t) for t in tiles)
    return _choose(legal)


def _plays_alternatives(plays: Sequence[Action], legal: Sequence[Action]) -> str:
    """What may be typed instead, in a trick of plays: a move's number, or its tiles."""
    size = len(plays[-1].tiles) if plays else 1
    example = " ".join(f"{high}-{low}" for low, high in plays[-1].tiles) if plays else "6-3"
    many = f"the {size} tiles" if size > 1 else "the tile"
    return f"{_choose(legal)}, or type {many} to play, as in 'play {example}'"


def _choose(legal: Sequence[Action]) -> str:
    return "type 1" if len(legal) == 1 else f"type a number from 1 to {len(legal)}"


def _unable(kind: str, legal: Sequence[Action], match: Match) -> Action:
    for action in legal:
        if action.kind == kind:
            return action
    try:
        match.clone().apply(Action(kind))  # only to learn the engine's reason: the match itself is untouched
    except IllegalAction as illegal:
        raise Refused(f"you cannot {kind} now: {illegal.reason}") from None
    raise AssertionError(f"{kind} is legal but not among the legal actions")


def _tile_move(
    played: tuple[int, int],
    arm: int | None,
    legal: Sequence[Action],
    match: Match,
    seats: Sequence[Seat],
    tapped: bool = False,
) -> Action:
    name = hand_tile(played)
    seat = match.current_player
    assert seat is not None
    if played not in match.hand(seat):
        raise Refused(f"you do not hold {name}")
    # A named arm may be one whose twin stands for it in the list: it is as good a move.
    layout = match.layout
    rules = match.ruleset
    number = {same_move(a, layout, rules): n for n, a in enumerate(legal, start=1)}
    candidates = _said(legal if arm is None else match.legal_actions(), tapped)
    fits = [
        (number.get(same_move(a, layout, rules), 0), a) for a in candidates if a.tile == played and arm in (None, a.arm)
    ]
    if len(fits) == 1:
        return fits[0][1]
    if fits:
        numbers = ", ".join(str(n) for n, _ in fits)
        arms = sorted({a.arm for _, a in fits if a.arm is not None})
        if arm is None and len(arms) > 1:
            example = f"{played[1]}-{played[0]} {arms[0]}"
            said = [f"{place_words(layout, a, seats, seat)} ({a})" for a in arms]
            where = f"{', '.join(said[:-1])} and {said[-1]}"
            raise Refused(f"{name} fits {where}: add the place's number ({example}) or type the move's ({numbers})")
        if all(a.arm is None and a.half is not None for _, a in fits):  # the leader names the open end
            ways = " or ".join(f"{n} (the {a.half} end open)" for n, a in sorted(fits, key=lambda f: f[0]))
            raise Refused(f"{name} leads with either end open: type {ways}")
        raise Refused(f"{name} goes there two ways: type its number ({numbers})")
    why = f"{name} cannot be played now"
    places = match.layout.arms
    if arm is not None and not 0 <= arm < len(places):
        why = f"there is no place {arm}"
    elif arm is not None:
        target = places[arm]
        where = place_words(layout, arm, seats, seat)
        why += f": {where} is not open to you" if not target.open else f": {where} shows {target.value}"
    raise Refused(f"{why}; {_alternatives(legal)}")


def _alternatives(legal: Sequence[Action]) -> str:
    tiles = list(dict.fromkeys(a.tile for a in legal if a.tile is not None))
    if tiles:
        return "you can play " + ", ".join(hand_tile(t) for t in tiles)
    return f"nothing fits: {legal[0].kind}"
