"""A trick game's special contracts in words (nel-o, splash, sevens: whatever a rule file names):
the bid that declares one ("3 marks — splash"), what it demands in one line ("your partner names
trumps and leads; your side must take every trick"), and the hand's verdict in the words of its
aim ("nel-o set: the bidder (You) took a trick").

Everything is read from the contract's fields (`trumps`, `declarer`, `partner_out`, `aim`, `rank`)
and from the engine (which bids bind a hand to a contract: `Auction.jumps`), never from its name,
so that any rule file's contracts are said right. The terminal and the web say the same words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from interpreter.engine import Match
from interpreter.engine.actions import NO_TRUMPS, TRUMPS
from interpreter.engine.tricks.auction import Auction
from interpreter.engine.tricks.tables import TrickTables
from interpreter.frontends.presentation.seats import Seat, together
from interpreter.rulefile.trick_rules import Aim, Contract, Declarer, Trump
from interpreter.text.untrusted import printable


def binding_bids(t: TrickTables, hand: Sequence[tuple[int, int]]) -> Mapping[int, Contract]:
    """The bids that, won by the holder of `hand`, declare a contract: a contract's `bid` whose
    `requires` the hand meets (the engine's `Auction.jumps`)."""
    if not t.rules.contracts or not hand:
        return {}
    return _jumps(t, t.mask_of(hand))


@lru_cache(maxsize=256)
def _jumps(t: TrickTables, hand: int) -> Mapping[int, Contract]:
    # Asked for every bid of a move list, twice (its words and its label), on every view: the
    # contracts' `requires` are worked out once per hand.
    return MappingProxyType(Auction.jumps(t, hand))


def doubles_place_words(place: str, max_pip: int) -> str:
    """The doubles' place a contract's declarer announces (contracts[].doubles: declared), in words."""
    return {
        "high": "each double the highest tile of its suit",
        "low": "each double the lowest tile of its suit",
        "own_suit": f"the doubles a suit of their own, [{max_pip}|{max_pip}] highest",
        "own_suit_low": "the doubles a suit of their own, [0|0] highest",
    }[place]


def contract_bid_text(t: TrickTables, value: int, contract: str) -> str:
    """A bid with the contract it declares: "3 marks — splash"."""
    bid = t.bid_of.get(value)
    name = printable(bid.name) if bid is not None else str(value)
    return f"{name} — {printable(contract)}"


def declared_contract(t: TrickTables, view: Any) -> Contract | None:
    """The special contract declared this hand (the view's), or None."""
    return t.contract_named(view.contract, view.doubles_place)


def suit_led(t: TrickTables, view: Any) -> int | None:
    """The suit led in the trick on the table as a player names it, or None: none is led yet, or
    the hand's contract ranks the tiles without suits (its `rank`: sevens), where the engine's one
    placeholder suit is no suit a player would name."""
    contract = declared_contract(t, view)
    return None if contract is not None and contract.rank is not None else view.led_suit


def _partners(match: Match) -> bool:
    return match.sides < match.players


def demand_words(match: Match, t: TrickTables, contract: Contract, bidder: str | None) -> str:
    """What a contract demands, in one line, said to its bidder (`bidder` None: "you", "your
    partner") or of the bidder named `bidder`: who names trumps and leads, the trumps or the
    ranking, the doubles' place its declarer announces, who sits out, and what the bidder's side
    must take."""
    you = bidder is None
    who = "you" if you else bidder
    partner = "your partner" if you else f"{bidder}'s partner"
    partners = _partners(match)
    clauses = []
    if contract.trumps is None and t.over_turn_up:  # the suit made in the auction stays trumps
        clauses.append("under the suit made trumps")
    elif contract.trumps is None:
        if contract.declarer is Declarer.PARTNER and partners:
            clauses.append(f"{partner} names trumps and leads")
        else:
            clauses.append(f"{who} {'name' if you else 'names'} trumps")
    elif contract.rank is not None:
        clauses.append(f"no suits: {_ranking(t, contract)}, the first played of equals")
    else:
        clauses.append("no trumps" if contract.trumps is Trump.NONE else "doubles are trumps")
        if contract.declarer is Declarer.PARTNER and partners:
            clauses.append(f"{partner} leads")
    if contract.name in t.contracts and t.contracts[contract.name].doubles_declared:  # doubles: declared
        if contract.doubles_declared:  # not announced yet
            clauses.append(f"{who} {'announce' if you else 'announces'} where the doubles rank")
        else:
            clauses.append(doubles_place_words(contract.doubles.value, t.max_pip))
    if contract.partner_out and partners:
        clauses.append(f"{partner} sits out")
    # The bidder alone must meet the aim when the partner sits out or there are no partners.
    alone = contract.partner_out or not partners
    subject = who if alone else "your side" if you else "their side"
    clauses.append(f"{subject} {aim_words(contract, None)}")
    return "; ".join(clauses)


def aim_words(contract: Contract | None, make: int | None) -> str:
    """ "must take every trick", "must take no trick", "must make 42"."""
    aim = Aim.BID if contract is None else contract.aim
    if aim is Aim.ALL_TRICKS:
        return "must take every trick"
    if aim is Aim.NO_TRICKS:
        return "must take no trick"
    return f"must make {make}" if make is not None else "must make the bid"


def _ranking(t: TrickTables, contract: Contract) -> str:
    """Which tile takes a trick under a ranked contract, from the engine's ranks: "the tile closest
    to 7 pips takes the trick" when a tile's rank falls with its distance from one number of pips
    (sevens), else "tiles of 7 pips rank highest and the highest played takes the trick"."""
    suits = t.suits(NO_TRUMPS if contract.trumps is None else contract.trumps.value, contract)
    ranks = suits.rank[0]
    by_pips: dict[int, set[int]] = {}
    for x, r in enumerate(ranks):
        by_pips.setdefault(t.low[x] + t.high[x], set()).add(r)
    best = max(ranks)
    top = {pips for pips, found in by_pips.items() if best in found}
    if len(top) != 1:
        return "the highest-ranked tile played takes the trick"
    centre = top.pop()
    if all(len(found) == 1 for found in by_pips.values()):
        rank = {pips: next(iter(found)) for pips, found in by_pips.items()}
        # The rank depends on the distance from `centre` alone, and falls as it grows.
        if all((rank[a] > rank[b]) == (abs(a - centre) < abs(b - centre)) for a in rank for b in rank):
            return f"the tile closest to {centre} pips takes the trick"
    return f"tiles of {centre} pips rank highest and the highest played takes the trick"


def contract_of_hand(t: TrickTables, events: Sequence[dict[str, Any]]) -> str | None:
    """The special contract declared among a hand's `events` (the declaration's action), or None."""
    for event in events:
        action = event.get("action") if event["type"] == "action" else None
        if action is not None and action["kind"] == TRUMPS and action.get("value") in t.contracts:
            return str(action["value"])
    return None


def verdict_words(
    match: Match, t: TrickTables, contract: str, made: bool, bidder: int, seats: Sequence[Seat], viewer: int | None
) -> str:
    """A contract's hand, made or set, in the words of its aim: "nel-o set: the bidder (You) took a
    trick", "splash made: your side took every trick", "sevens set: Player 2 took a trick"."""
    rules = t.contracts[contract]
    name = printable(contract)
    side = match.side_of(bidder)
    ours = viewer is not None and match.side_of(viewer) == side
    alone = rules.partner_out or not _partners(match)
    if alone:
        them = f"the bidder ({seats[bidder].name})"
    else:
        members = [s.name for n, s in enumerate(seats) if match.side_of(n) == side]
        them = "your side" if ours else together(members)
    # Who took the trick that sets an all-tricks contract: the viewer's side, or the others by name.
    others_names = [s.name for n, s in enumerate(seats) if match.side_of(n) != side]
    others = "your side" if viewer is not None and not ours and _partners(match) else together(others_names)
    if rules.aim is Aim.NO_TRICKS:
        return f"{name} made: {them} took no trick" if made else f"{name} set: {them} took a trick"
    if rules.aim is Aim.ALL_TRICKS:
        return f"{name} made: {them} took every trick" if made else f"{name} set: {others} took a trick"
    return f"{name} {'made' if made else 'set'}"
