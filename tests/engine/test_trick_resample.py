"""A trick match resampled for one seat (`Match.resample`) against the match dealt normally at the
same point, field by field of its table (tricks/table.py) and its current phase (tricks/phases/):
what the seat has seen is the same, its own hand too, the hidden hands and the stock keep their
sizes, and every tile of the set is in exactly one place."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from interpreter.engine import Match
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.table import TrickTable
from interpreter.loader import load_ruleset, load_ruleset_text
from tests.engine.engine_helpers import PASSING

# Per rule file (players, the match's seed, the seed of the actions chosen), the mechanisms its first
# two hands bring: an auction and trumps
# (texas-42), a special contract a partner sits out (texas-42-house), a kitty (moon), calls, drops
# and exchanges from a stock with a turned-up tile (domino-loo), draws and the close of a stock
# (bingo), tricks of plays laid face down and picks (tien-gow), tiles passed before play and the
# undealt tile taken with the first trick (passing: tests/examples/passing.yaml), or shown face up
# and taken with the last (passing-shown), tiles passed once trumps are named (pass-after-bid:
# tests/examples/pass-after-bid.yaml, whose `phases` put the passing after the declaration), melds
# shown with a face-up widow (domino-pinochle).
GAMES = (
    ("texas-42", 4, 3, 7), ("texas-42-house", 4, 1, 7), ("moon", 3, 3, 7), ("domino-loo", 4, 3, 7),
    ("bingo", 2, 3, 0), ("tien-gow", 4, 4, 7), ("passing", 3, 1, 7),
    ("passing-shown", 3, 2, 7), ("pass-after-bid", 4, 2, 7), ("domino-pinochle", 3, 1, 7), ("domino-euchre", 4, 1, 7),
)  # fmt: skip

# Not compared as equal, each for its reason (checked below otherwise):
# the log: a sample logs only its own future; the random stream: a sample has its own.
OWN = {"events", "rng"}
# What the match counts for the hands after this one, shown to no seat: a sample starts them afresh.
LATER = {"dealt_hands": 0, "redeals": 0, "previous_winner": None}
# The hidden tiles, of which a sample keeps who holds or laid how many: the hands, the tiles out of
# play (undealt, thrown in, discarded, laid face down to tricks); the stock apart (below).
SHAPES = {
    "hands": lambda v: [m.bit_count() for m in v],
    "dead": len,
    "set_aside": lambda v: [seat for _, seat in v],
    "discards": len,
    "discard_seats": list,
    "face_down": lambda v: [m.bit_count() for m in v],
    "given": lambda v: [m.bit_count() for m in v],
    "widow": len,
}
# The points still to take, which only a contract's outcome reads: which tiles are out of play is
# hidden (when some are), and without a contract the deal counts them before trumps are known.
HIDDEN = {*SHAPES, "stock", "available"}
# Fields holding tile ids: compared by their tiles (a set holding a tile twice may give a seen tile
# either copy's id).
IDS = {"played", "last_trick", "widow_shown"}


def _ids(name: str, value: Any) -> list[int]:
    if name == "widow_shown":
        return list(value)
    return [x for _, x in value] if name == "last_trick" else [x for mask in value for x in bits(mask)]


def _tiles(table: TrickTable, ids: Any) -> Any:
    tiles = table.t.tiles
    return Counter(tiles[x] for x in ids)


def _conserved(table: TrickTable) -> bool:
    """Whether every tile id is in exactly one place: a hand, the stock, played, laid face down,
    out of play, or turned up and left out of play."""
    places: Counter[int] = Counter()
    for mask in (*table.hands, *table.played, *table.face_down):
        places.update(bits(mask))
    places.update(table.stock.tiles)
    places.update(table.dead)
    places.update(x for x, _ in table.set_aside)
    places.update(table.widow)  # the undealt tiles waiting for a trick's winner
    if not table.delivered:  # tiles passed wait on the table until every seat has given
        places.update(x for mask in table.given for x in bits(mask))
    up = table.stock.turn_up
    rules = table.t.rules.stock
    if up is not None and rules is not None and not rules.draw and not table.stock.taken:  # else in the dealer's hand
        places[up] += 1
    return sorted(places) == list(range(len(table.t.tiles))) and set(places.values()) == {1}


def _compare(match: Match, sample: Match, seat: int) -> None:
    real, got = match._table, sample._table  # type: ignore[attr-defined]
    for name in TrickTable.__slots__:
        mine, theirs = getattr(real, name), getattr(got, name)
        if name in OWN:
            continue
        if name in SHAPES:
            assert SHAPES[name](theirs) == SHAPES[name](mine), name
        elif name in LATER:
            assert theirs == LATER[name], name
        elif name in IDS:
            assert _tiles(real, _ids(name, mine)) == _tiles(got, _ids(name, theirs)), name
        elif name not in HIDDEN:
            if name == "auction":
                mine, theirs = (mine.bids, mine.high, mine.bidder, mine.must_declare), (
                    theirs.bids, theirs.high, theirs.bidder, theirs.must_declare)  # fmt: skip
            assert mine == theirs, name
    assert got.events == []
    assert _tiles(real, bits(real.hands[seat])) == _tiles(got, bits(got.hands[seat]))
    if real.auction.bidder is not None and not real.dead and not real.set_aside and not any(real.face_down):
        assert got.available == real.available
    pile, theirs_pile = real.stock, got.stock
    assert len(theirs_pile.tiles) == len(pile.tiles)
    assert (theirs_pile.holder, theirs_pile.closed_by) == (pile.holder, pile.closed_by)
    assert theirs_pile.at_close == pile.at_close
    assert _tiles(got, [theirs_pile.turn_up] if theirs_pile.turn_up is not None else []) == _tiles(
        real, [pile.turn_up] if pile.turn_up is not None else [])  # fmt: skip
    assert _tiles(got, got.own_discards(seat)) == _tiles(real, real.own_discards(seat))
    if real.t.rules.passing is not None:  # what the seat gave and received, and where its gift is
        assert got.passed_between(seat) == real.passed_between(seat) or [
            [real.t.tiles[x] for x in ids] for ids in real.passed_between(seat)  # type: ignore[union-attr]
        ] == [[got.t.tiles[x] for x in ids] for ids in got.passed_between(seat)]  # type: ignore[union-attr]
        to = real.t.passes_to(seat)
        gift = real.given[seat] & ~real.played[to]
        assert real.delivered == got.delivered and (not real.delivered or got.hands[to] & gift == gift)
    assert _conserved(real) and _conserved(got)
    # The phase: the same kind, and its own state as the seat has seen it.
    phase, theirs_phase = match._phase, sample._phase  # type: ignore[attr-defined]
    assert type(theirs_phase) is type(phase)
    assert vars(theirs_phase).keys() == vars(phase).keys()
    for name, mine in vars(phase).items():
        theirs = vars(theirs_phase)[name]
        if name == "picked" and seat != real.current:  # a seat's picks are its own: others know of none
            assert theirs == [], name
        elif name in ("trick", "picked"):
            assert [real.t.tiles[x] for x in mine] == [got.t.tiles[x] for x in theirs], name
        elif name == "plays":  # a play laid face down: only how many tiles
            shown = [(s, [real.t.tiles[x] for x in ids] if up else len(ids), up) for s, ids, up in mine]
            assert [(s, [got.t.tiles[x] for x in ids] if up else len(ids), up) for s, ids, up in theirs] == shown
        else:
            assert theirs == mine, name
    assert theirs_phase.describe(got, seat) == phase.describe(real, seat)
    if seat == match.current_player:
        assert sample.legal_actions() == match.legal_actions()
    assert sample.observation(seat).tricks == match.observation(seat).tricks


@pytest.mark.parametrize(("name", "players", "seed", "actions"), GAMES)
def test_a_resampled_match_is_the_match_dealt_normally_as_the_seat_has_seen_it(
    name: str, players: int, seed: int, actions: int
) -> None:
    if name.startswith("passing"):
        shown = "undealt: last_trick, undealt_face_up: true" if name == "passing-shown" else "undealt: first_trick"
        rules = load_ruleset_text(PASSING.read_text().replace("undealt: first_trick", shown), "p.yaml", PASSING.parent)
    elif name == "pass-after-bid":
        rules = load_ruleset(PASSING.parent / f"{name}.yaml")
    else:
        rules = load_ruleset(name)
    choose, deal = random.Random(actions), random.Random(8)
    match = Match(rules, players, seed=seed)
    checked = 0
    while not match.is_over and match.round <= 2:
        seat = match.current_player
        assert seat is not None
        for who in (seat, (seat + 1) % players):  # the seat to act, and one that waits
            _compare(match, match.resample(who, deal), who)
            checked += 1
        legal = match.legal_actions()
        match.apply(legal[choose.randrange(len(legal))])
    assert checked > 20
