"""The trick family's half of building a ruleset (docs/format.md, "Trick games"): the sections
`bidding`, `trumps`, `tricks`, `stock`, `calls`, `contracts` and `scoring.hand` compiled into a
`TrickRules`, and the checks that keep each family's sections out of the other's files.

A trick file shares `set`, `players`, `deal`, `start` and `match` with the layout family; its
layout sections are refused rather than ignored, so a file never says something it does not play.
Every check reports a positioned problem through the builder, as build.py's own checks do.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from interpreter.expressions.language import Expr, ExpressionRuntimeError, Type
from interpreter.rulefile.build_auction import (
    check_kitty_discard,
    check_names_suit,
    kitty_discard,
    max_raise,
    names_suit,
)
from interpreter.rulefile.build_declaration import build_declaration
from interpreter.rulefile.build_groups import build_combinations
from interpreter.rulefile.build_hand_scoring import trick_plays, trick_scores
from interpreter.rulefile.build_melds import build_melds
from interpreter.rulefile.build_passing import build_passing
from interpreter.rulefile.build_tracks import pair_track_names
from interpreter.rulefile.build_turn_up_auction import (
    bids_option,
    check_turn_up_auction,
    refuse_turn_up_keys,
    turn_up_bidding,
)
from interpreter.rulefile.build_undealt import build_undealt, refuse_in_layout, take_turn_up
from interpreter.rulefile.ruleset import Deal, Players, StartCriterion, Undealt
from interpreter.rulefile.trick_rules import (
    BIDDER_HAND_NAMES,
    DECLARED_PLACE,
    HAND_NAMES,
    JOINS_NAMES,
    LEAD_NAMES,
    MAX_BIDS,
    PAIR_NAMES,
    TRICK_TILE_NAMES,
    Aim,
    AllPass,
    BiddingRules,
    Bids,
    CallRules,
    Combination,
    Contract,
    Declarer,
    DoublePlace,
    FirstLeader,
    JoinsRank,
    LedSuit,
    NamedTile,
    Rounds,
    SpecialBid,
    Ties,
    TrickRules,
    TrickScore,
    TrickStock,
    Trump,
)
from interpreter.text.tiles import parse_tile
from interpreter.text.untrusted import printable

if TYPE_CHECKING:
    from interpreter.rulefile.build import Path_, _Builder

# The sections only a layout game plays, with what a trick file uses instead.
LAYOUT_ONLY: dict[tuple[str, ...], str] = {
    ("layout",): "tiles are played to tricks, not to a layout",
    ("play",): "what may be played to a trick is tricks.must_follow",
    ("draw",): "nobody draws in a trick game",
    ("scoring", "in_play"): "a hand scores at its end, by scoring.hand",
    ("scoring", "on_pass"): "a hand scores at its end, by scoring.hand",
    ("scoring", "domino"): "a hand scores at its end, by scoring.hand",
    ("scoring", "blocked"): "a hand scores at its end, by scoring.hand",
    ("set", "tile_value"): "what a captured tile counts is tricks.count",
    ("start", "lead"): "who leads the first trick is tricks.first_leader",
    ("deal", "reserve"): "nobody draws in a trick game",
    ("deal", "refill"): "nobody draws in a trick game",
    ("start", "lead_from"): "who leads the first trick is tricks.first_leader",
    ("start", "after_stock_lead"): "who leads the first trick is tricks.first_leader",
    ("start", "lead_names_end"): "a trick has no open ends",
    ("start", "tied_winner"): "previous_winner of a trick game is the seat of the side that gained the most",
    ("match", "reset_when"): "a trick game's scores do not reset",
    ("match", "win_requires"): "a trick game's winner is the match's best side",
    ("match", "eliminate_when"): "every player plays every hand of a trick game",
    ("match", "void_when"): "a trick game's match ends by its target or its rounds",
    ("match", "stake"): "a trick game's stakes are its pool (match.pool)",
}
TRICK_ONLY: tuple[tuple[str, ...], ...] = (
    ("bidding",), ("trumps",), ("tricks",), ("stock",), ("calls",), ("contracts",), ("scoring", "hand"),
    ("scoring", "collector"), ("scoring", "pair_factor"),
    ("passing",),
    ("declaration",),
    ("melds",),
)  # fmt: skip

PIP_NAMES = (
    "blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "elevens", "twelves", "thirteens", "fourteens", "fifteens", "sixteens", "seventeens", "eighteens",
)  # fmt: skip



def trump_words(max_pip: int) -> frozenset[str]:
    """What a trumps declaration is called in a double-`max_pip` set: a suit (sixes, six), the
    doubles, or no trumps. A contract is declared by its name where trumps are declared by theirs,
    so it may not be called any of these (nor a number, a suit's too); "sevens" is free below double-7."""
    suits = PIP_NAMES[: max_pip + 1]
    singular = {name.removesuffix("es" if name.endswith("xes") else "s") for name in suits}  # six, seven
    return frozenset({*suits, *singular, "double", "doubles", "none", "no trumps", "follow me"})

# A hand's starter is a seat: the tile criteria of layout games (the starter leads the tile that
# chose them) and the criteria that read how a layout round ended mean nothing here.
TRICK_START = {
    StartCriterion.RANDOM, StartCriterion.NEXT_SEAT, StartCriterion.HOLDER, StartCriterion.PREVIOUS_WINNER,
    StartCriterion.LOTS, StartCriterion.LOTS_LOWEST,
}  # fmt: skip
_TRICK_START_WORDS = "random, next_seat, previous_winner, lots, lots_lowest, {lots: FORMULA} or {holder: [a, b]}"


def written(data: Mapping[str, Any], path: tuple[str | int, ...]) -> bool:
    """Whether the merged rule document gives `path` a value (null removes a key, so it is none)."""
    node: Any = data
    for key in path:
        if not isinstance(node, Mapping) or key not in node:
            return False
        node = node[key]
    return node is not None


def refuse_trick_sections(b: _Builder) -> None:
    """A layout file that writes a trick section: said, never silently ignored."""
    for path in TRICK_ONLY:
        if written(b.data, path):
            b.problem(path, "belongs to trick games (family: tricks); this is a layout game", key=True)
    refuse_in_layout(b)


def build_tricks(
    b: _Builder, counts: range, max_pips: Mapping[int, int], players: Players, deal: Deal
) -> TrickRules | None:
    """The trick rules of a file whose family is `tricks`, or None when a part could not be built
    (its problems are reported)."""
    for path, instead in LAYOUT_ONLY.items():
        if written(b.data, path):
            b.problem(path, f"belongs to layout games, and this is a trick game (family: tricks): {instead}", key=True)
    if not written(b.data, ("tricks",)):
        b.problem(("family",), "a trick game needs a tricks section: what a trick and a captured tile are worth")
    if not written(b.data, ("scoring", "hand")):
        where: Path_ = ("scoring",) if written(b.data, ("scoring",)) else ("family",)
        message = "a trick game needs scoring.hand: the formula each side scores at the end of a hand"
        b.problem(where, message, key=where == ("scoring",))
    if players.min < 2:
        b.problem(("players", "min"), f"a trick needs at least two players, not {players.min}")
    _check_start(b)
    led_suit = b.option(LedSuit, "tricks", "led_suit")
    if led_suit is LedSuit.NAMED:
        _check_named_set(b)
    stock = _stock(b, deal, led_suit)
    count = b.expr(("tricks", "count"), TRICK_TILE_NAMES, Type.INT)
    most: dict[int, int] = {}
    if count is not None and written(b.data, ("tricks",)):  # what a hand holds needs what a trick is worth
        most = _most_points(b, count, counts, max_pips, deal, _declarations(b, led_suit, stock), stock)
    bidding = _bidding(b, most)
    trumps, fixed = _trumps(b, bidding, min(max_pips.values(), default=0), led_suit, stock)
    first_leader = b.option(FirstLeader, "tricks", "first_leader")
    if first_leader is FirstLeader.BIDDER and bidding is None:
        b.problem(("tricks", "first_leader"), "bidder needs an auction (a bidding section); without one, use starter")
    if first_leader is FirstLeader.STARTER_OR_NEXT and bidding is not None:
        message = "starter_or_next is for a game without bidding (the auction decides who leads); use bidder or starter"
        b.problem(("tricks", "first_leader"), message)
    stop = bool(b.get("tricks", "stop_when_decided"))
    if stop and bidding is None:
        b.problem(("tricks", "stop_when_decided"), "without bidding there is no bid to decide; leave it out")
    hand = b.expr(("scoring", "hand"), HAND_NAMES, Type.INT)
    contracts = _contracts(b, bidding, players, counts, max_pips, led_suit)
    check_names_suit(b, bidding, trumps, contracts, max_pips)
    check_turn_up_auction(b, bidding, stock, contracts)
    check_kitty_discard(b, bidding, count, tuple(b.tiles or ()) or _full_set(max_pips))
    pip_order = _pip_order(b, max_pips, led_suit)
    top = _top(b, counts, max_pips)
    must_trump, must_beat = bool(b.get("tricks", "must_trump")), bool(b.get("tricks", "must_beat"))
    lead_trump = b.expr(("tricks", "lead_trump"), LEAD_NAMES, Type.BOOL)
    stop_when = b.expr(("tricks", "stop_when"), HAND_NAMES, Type.BOOL)
    trumped = (stock is not None and stock.turn_up) or trumps != {Trump.NONE}
    trumped = trumped or any(c.trumps is Trump.DOUBLES for c in contracts or ())
    if must_trump and not trumped and not top:
        b.problem(
            ("tricks", "must_trump"),
            "this game never has trumps, nor tricks.top tiles, so there is nothing to trump with; leave it out",
        )
    if lead_trump is not None and not trumped:
        b.problem(("tricks", "lead_trump"), "this game never has trumps, so nobody can lead one; leave it out")
    if stock is not None and stock.free_while_open and not (b.get("tricks", "must_follow") or must_trump or must_beat):
        b.problem(
            ("stock", "free_while_open"),
            "frees play from tricks.must_follow, must_trump and must_beat while the stock is open, and this game "
            "asks none of them; leave it out",
        )
    calls = _calls(b, counts, deal, stock)
    whole_set = tuple(b.tiles or ()) or _full_set(max_pips)
    combinations = build_combinations(b, whole_set, deal.hand_sizes, parse_tile)
    last_bonus = trick_plays(b, ("tricks", "last_bonus"), combinations, whole_set, parse_tile)
    scored = trick_scores(b, combinations, whole_set, parse_tile, trumped)
    if combinations and led_suit is not LedSuit.NAMED:
        b.problem(
            ("tricks", "combinations"),
            "tiles led together need a set whose tiles name their suits (set.tiles and tricks.led_suit: named)",
        )
    if combinations and (stock is not None or calls is not None or bidding is not None):
        b.problem(("tricks", "combinations"), "tiles led together are not played with a stock, calls or bidding")
    passing = build_passing(b, counts, deal, written(b.data, ("passing",)))
    grouped = bool(combinations) or bool(b.get("tricks", "face_down"))
    declaration = build_declaration(b, written(b.data, ("declaration",)), grouped)
    undealt_face_up = build_undealt(b, deal, bidding, stock, calls)
    doubles_callable = _doubles_callable(b, led_suit)
    ties = _ties(b, bidding, contracts, led_suit, whole_set, grouped)
    joins = _joins(b, trumps, stock)
    parts = (("bidding", bidding), ("calls", calls), ("declaration", declaration))
    between = tuple(name for name, part in parts if part)
    numbers = max(max_pips.values(), default=0) + 1
    melds = build_melds(b, written(b.data, ("melds",)), numbers, undealt_face_up, between)
    if count is None or hand is None or contracts is None:
        return None
    return TrickRules(
        bidding=bidding,
        trumps=trumps,
        fixed_trump=fixed,
        doubles=b.option(DoublePlace, "trumps", "doubles"),
        must_follow=bool(b.get("tricks", "must_follow")),
        first_leader=first_leader,
        trick_points=b.get("tricks", "points"),
        last_trick=b.get("tricks", "last_trick"),
        count=count,
        stop_when_decided=stop,
        hand=hand,
        contracts=contracts,
        stock=stock,
        must_trump=must_trump,
        must_beat=must_beat,
        top=top,
        pip_order=pip_order,
        led_suit=led_suit,
        ties=ties,
        lead_trump=lead_trump,
        stop_when=stop_when,
        calls=calls,
        named=b.named,
        combinations=combinations,
        face_down=bool(b.get("tricks", "face_down")),
        forfeit_last=_forfeit_last(b, combinations),
        last_bonus=last_bonus,
        trick_scores=scored,
        collector=b.expr(("scoring", "collector"), HAND_NAMES, Type.BOOL),
        pair_factor=_pair_factor(b, scored),
        passing=passing,
        declaration=declaration,
        undealt_face_up=undealt_face_up,
        doubles_callable=doubles_callable,
        joins=joins,
        joins_rank=b.option(JoinsRank, "trumps", "joins_rank"),
        melds=melds,
    )


def _forfeit_last(b: _Builder, combinations: tuple[Combination, ...]) -> Expr[bool] | None:
    """`tricks.forfeit_last`: who may not take a last trick led with one tile. A trick of plays
    (tricks.face_down or tricks.combinations) says whether each play takes the lead as it is
    laid; a plain trick does not, so it cannot have it."""
    condition = b.expr(("tricks", "forfeit_last"), HAND_NAMES, Type.BOOL)
    if condition is not None and not (b.get("tricks", "face_down") or combinations):
        b.problem(
            ("tricks", "forfeit_last"),
            "a player barred from the last trick is a rule of tricks of plays, and this game lays no play face "
            "down (tricks.face_down) nor leads tiles together (tricks.combinations); leave it out",
        )
    return condition


def _pair_factor(b: _Builder, scored: tuple[TrickScore, ...]) -> Expr[int] | None:
    """`scoring.pair_factor`, which multiplies the payments between two sides: of a collector's
    settlement, or of a trick score paid by each other side; refused where there are none."""
    factor = b.expr(("scoring", "pair_factor"), {**PAIR_NAMES, **pair_track_names(b.tracks)}, Type.INT)
    if factor is not None and not written(b.data, ("scoring", "collector")) and not any(s.from_each for s in scored):
        b.problem(
            ("scoring", "pair_factor"),
            "multiplies the payments between two sides, and there are none: it needs scoring.collector or a "
            "tricks.trick_scores entry with from: each",
        )
    return factor


def _joins(b: _Builder, trumps: frozenset[Trump], stock: TrickStock | None) -> Expr[bool] | None:
    """The tiles that join trumps under a suit (trumps.joins, a bower), once compiled and checked."""
    joins = b.expr(("trumps", "joins"), JOINS_NAMES, Type.BOOL)
    if joins is not None and Trump.SUITS not in trumps and not (stock is not None and stock.turn_up):
        b.problem(("trumps", "joins"), "makes tiles trumps under a suit of trumps, and this game never has one")
    if written(b.data, ("trumps", "joins_rank")) and joins is None:
        b.problem(("trumps", "joins_rank"), "says where the tiles of trumps.joins rank; without it, leave it out")
    return joins


def _ties(
    b: _Builder, bidding: BiddingRules | None, contracts: tuple[Contract, ...] | None, led_suit: LedSuit,
    whole_set: tuple[tuple[int, int], ...], grouped: bool,
) -> Ties:  # fmt: skip
    """`tricks.ties`: who takes a trick among equal tiles. bidder_side favours the auction's winner,
    so it needs an auction, in tricks of one tile a seat; and it says something only where two tiles
    can rank the same."""
    ties = b.option(Ties, "tricks", "ties")
    if not written(b.data, ("tricks", "ties")):
        return ties
    if ties is Ties.BIDDER_SIDE and bidding is None:
        b.problem(("tricks", "ties"), "bidder_side needs an auction (a bidding section); without one, use first_played")
    if ties is Ties.BIDDER_SIDE and grouped:
        message = "bidder_side is played in tricks of one tile a seat, not with tricks.face_down or tricks.combinations"
        b.problem(("tricks", "ties"), message)
    ranked = any(c.rank is not None for c in contracts or ())
    if not ranked and led_suit is not LedSuit.NAMED and len(set(whole_set)) == len(whole_set):
        b.problem(
            ("tricks", "ties"),
            "no two tiles in a trick can rank the same in this game (no contract's rank, no tricks.led_suit: "
            "named, no tile twice in the set); leave it out",
        )
    return ties


def _doubles_callable(b: _Builder, led_suit: LedSuit) -> bool:
    """Whether a double led may call the doubles as a suit (tricks.doubles_callable), once checked."""
    callable_ = bool(b.get("tricks", "doubles_callable"))
    if callable_ and led_suit is not LedSuit.LEADER_NAMES:
        message = "lets the leader call a double's suit, so it needs tricks.led_suit: leader_names"
        b.problem(("tricks", "doubles_callable"), message)
    elif callable_ and b.option(DoublePlace, "trumps", "doubles") is DoublePlace.OWN_SUIT:
        message = "trumps.doubles: own_suit makes the doubles a suit of their own always; leave it out"
        b.problem(("tricks", "doubles_callable"), message)
    return callable_


def _full_set(max_pips: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    """The complete set of the largest double a player count plays."""
    return tuple(set_tiles(max(max_pips.values(), default=0)))


def _check_start(b: _Builder) -> None:
    """The starter of a hand is chosen among seats: random, next_seat or {holder: [a, b]}."""
    if not written(b.data, ("start", "first_round")):
        b.problem(
            ("family",),
            f"a trick game says who starts a hand in start.first_round ({_TRICK_START_WORDS}); the default, "
            "[highest_double, lots], is for layout games",
        )
        return
    for key in ("first_round", "later_rounds"):
        for i, item in enumerate(b.get("start", key) or ()):
            name = item if isinstance(item, str) else next(iter(item))
            if name in ("when", "start"):  # a condition on the previous round: layout games only
                b.problem(("start", key, i), f"a 'when' entry chooses a starter in layout games only; a trick "
                          f"game's starter is chosen by {_TRICK_START_WORDS}")  # fmt: skip
                continue
            if StartCriterion(name) not in TRICK_START:
                b.problem(
                    ("start", key, i),
                    f"'{name}' chooses a starter in layout games only; a trick game's starter is chosen by "
                    f"{_TRICK_START_WORDS}",
                )


def set_tiles(max_pip: int, tiles: tuple[tuple[int, int], ...] = ()) -> list[tuple[int, int]]:
    """Every tile of a double-`max_pip` set as (low, high), from [0|0] on, by high then low end; of
    `tiles` only, where the file gives the set (`set.without`, `set.tiles`)."""
    if tiles:
        return sorted(tiles, key=lambda tile: (tile[1], tile[0]))
    return [(low, high) for high in range(max_pip + 1) for low in range(high + 1)]


def ranked_tiles(
    max_pip: int, tiles: tuple[tuple[int, int], ...] = (), named: tuple[NamedTile, ...] = ()
) -> list[tuple[int, int, int]]:
    """`set_tiles`, each tile with its rank as `set.tiles` gives it (0 where it gives none): (low, high, rank)."""
    if not tiles:
        return [(low, high, 0) for low, high in set_tiles(max_pip)]
    ranks = [about.rank for about in named] if named else [0] * len(tiles)
    found = sorted(zip(tiles, ranks, strict=True), key=lambda item: (item[0][1], item[0][0]))
    return [(low, high, rank) for (low, high), rank in found]


# A declaration of trumps as a tile formula reads it (TRICK_TILE_NAMES): the trump number (-1 for
# none), and whether the doubles are the trumps.
Declaration = tuple[int, bool]
NO_TRUMPS: Declaration = (-1, False)


def tile_env(
    count_env: Mapping[str, int], low: int, high: int, *, rank: int = 0, trumps: Declaration = NO_TRUMPS
) -> dict[str, object]:
    """The names of one tile (TRICK_TILE_NAMES), over the count names of a player count, under `trumps`."""
    trump, doubles = trumps
    is_trump = low == high if doubles else trump in (low, high)
    return {
        **count_env, "high": high, "low": low, "pips": high + low, "is_double": high == low,
        "is_trump": is_trump, "trump": trump, "rank": rank,
    }  # fmt: skip


def declaration_words(trumps: Declaration) -> str:
    trump, doubles = trumps
    if doubles:
        return "when the doubles are trumps"
    return f"when {PIP_NAMES[trump]} are trumps" if trump >= 0 else "without trumps"


def _declarations(b: _Builder, led_suit: LedSuit, stock: TrickStock | None) -> tuple[bool, bool]:
    """Whether a hand's trumps may be a number, and whether they may be the doubles (no trumps, or
    trumps not yet known, may always be)."""
    if led_suit is LedSuit.NAMED:
        return False, False
    choices = set(b.get("trumps", "choices") or ()) if written(b.data, ("bidding",)) else set()
    contracts = b.get("contracts") or ()
    suits = "suits" in choices or b.get("trumps", "fixed") is not None or bool(stock and stock.turn_up)
    doubles = "doubles" in choices or any(c.get("trumps") == "doubles" for c in contracts)
    return suits, doubles


def _most_points(
    b: _Builder,
    count: Expr[int],
    counts: range,
    max_pips: Mapping[int, int],
    deal: Deal,
    declarations: tuple[bool, bool],
    stock: TrickStock | None,
) -> dict[int, int]:
    """The most points one side can take in a hand, per player count: every trick and the last
    trick's bonus, and the highest-counting tiles that can be dealt (every tile, when the stock is
    drawn), under the trumps that count them highest. Evaluating the count of every tile under every
    trump here also makes a count that fails on some tile fail when the file loads."""
    most: dict[int, int] = {}
    suits, doubles = declarations
    reads_trumps = bool(count.names & {"is_trump", "trump"})
    for n in counts:
        if n not in max_pips or n not in deal.hand_sizes:  # reported already
            continue
        cases = [NO_TRUMPS]
        if reads_trumps:
            cases += [(pip, False) for pip in range(max_pips[n] + 1)] if suits else []
            cases += [(-1, True)] if doubles else []
        size = deal.hand_sizes[n]
        tricks, captured = size, n * size
        if stock is not None and stock.draw:  # every tile is played
            tricks, captured = b.envs[n]["set_size"] // n, b.envs[n]["set_size"]
        best = 0
        for trumps in cases:
            values: list[int] = []
            for low, high, rank in ranked_tiles(max_pips[n], b.tiles, b.named):
                try:
                    values.append(count(tile_env(b.envs[n], low, high, rank=rank, trumps=trumps)))
                except ExpressionRuntimeError as error:
                    under = f" {declaration_words(trumps)}" if reads_trumps else ""
                    message = f"cannot be evaluated for {low}-{high} with {n} players{under}: {error.cause}"
                    b.problem(("tricks", "count"), message)
                    return {}
            best = max(best, sum(v for v in sorted(values, reverse=True)[:captured] if v > 0))
        most[n] = tricks * b.get("tricks", "points") + b.get("tricks", "last_trick") + best
    return most


def _check_named_set(b: _Builder) -> None:
    """`tricks.led_suit: named` takes every tile's suit and rank from `set.tiles`."""
    entries = b.get("set", "tiles")
    if entries is None:
        b.problem(
            ("tricks", "led_suit"),
            "named takes each tile's suit and rank from set.tiles, and this game does not list its tiles there",
        )
        return
    for i, entry in enumerate(entries):
        lacking = [key for key in ("suit", "rank") if entry.get(key) is None]
        if lacking:
            b.problem(
                ("set", "tiles", i),
                f"tricks.led_suit is named, so every tile needs a suit and a rank; {entry['tile']} has no "
                + " and no ".join(lacking),
            )


def _stock(b: _Builder, deal: Deal, led_suit: LedSuit) -> TrickStock | None:
    """The stock, or None when the file has none: what it does, and that the deal leaves one."""
    if not written(b.data, ("stock",)):
        return None
    turn_up, draw, close, free = (bool(b.get("stock", key)) for key in ("turn_up", "draw", "close", "free_while_open"))
    if not (turn_up or draw):
        b.problem(("stock",), "a stock is turned up (turn_up), drawn from (draw), or both: give one of them", key=True)
    for key, on in (("close", close), ("free_while_open", free)):
        if on and not draw:
            what = "closing stops the drawing" if key == "close" else "the stock is open while it is drawn from"
            b.problem(("stock", key), f"{what}, and nobody draws: it needs stock.draw")
    if turn_up:
        if written(b.data, ("bidding",)) and bids_option(b) is not Bids.TURN_UP:
            b.problem(
                ("stock", "turn_up"),
                "the turned-up tile makes trumps, so nobody declares them: a game with a turn-up has no bidding "
                "but one over its suit (bidding.bids: turn_up)",
            )
        if written(b.data, ("trumps", "fixed")):
            b.problem(
                ("trumps", "fixed"),
                "the turned-up tile's higher end is trumps (stock.turn_up), so trumps.fixed cannot fix them too; "
                "leave it out",
            )
        if led_suit is LedSuit.NAMED:
            b.problem(
                ("stock", "turn_up"),
                "tricks.led_suit: named plays the suits set.tiles gives, without trumps, so nothing is turned up "
                "for trumps",
            )
    if draw and b.get("bidding", "kitty"):
        b.problem(
            ("stock", "draw"),
            "the kitty (bidding.kitty) takes the tiles not dealt, so there is no stock to draw from; leave one of "
            "them out",
        )
    if draw and deal.undealt is Undealt.DEAD:
        b.problem(("deal", "undealt"), "the tiles not dealt are the stock, drawn from (stock.draw): not dead")
    for n, size in sorted(deal.hand_sizes.items()):
        if n not in b.envs or not (turn_up or draw):
            continue
        left = b.envs[n]["set_size"] - n * size
        if left < 0:  # the hands do not fit: reported with the hand sizes
            continue
        if left == 0:
            message = f"with {n} players every tile is dealt: no tile is left for the stock"
            b.problem(("stock", "turn_up" if turn_up else "draw"), message)
            break
        if draw and left % n and not b.get("bidding", "kitty"):
            b.problem(
                ("stock", "draw"),
                f"with {n} players the stock holds {_tiles(left)}, not a multiple of {n}: every player draws one "
                "after each trick, so the hands would come out uneven",
            )
            break
    taken = take_turn_up(b, turn_up, draw)
    return TrickStock(turn_up=turn_up, draw=draw, close=close, free_while_open=free, take_turn_up=taken)


def _tiles(n: int) -> str:
    return f"{n} tile{'' if n == 1 else 's'}"


_COUNT_KEY = re.compile(r"^(\d{1,2})(?:-(\d{1,2}))?$")


def _calls(b: _Builder, counts: range, deal: Deal, stock: TrickStock | None) -> CallRules | None:
    """The calls before the first lead, or None when the file has none."""
    if not written(b.data, ("calls",)):
        return None
    if written(b.data, ("bidding",)):
        message = "the calls (keep, drop, exchange) are made instead of an auction: a game with bidding has none"
        b.problem(("calls",), message, key=True)
    allowed = "" if not counts else f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
    drop: set[int] = set()
    raw = b.get("calls", "drop")
    if raw is True:
        drop = set(counts)
    elif isinstance(raw, list):
        for i, n in enumerate(raw):
            if n not in counts:
                b.problem(("calls", "drop", i), f"{n} is not a player count of this game (for {allowed} players)")
            elif n in drop:
                b.problem(("calls", "drop", i), f"{n} is listed already")
            drop.add(n)
    exchange: dict[int, int] = {}
    where: dict[int, tuple[str | int, ...]] = {}
    raw = b.get("calls", "exchange")
    if isinstance(raw, int):
        exchange = dict.fromkeys(counts, raw)
        where = dict.fromkeys(counts, ("calls", "exchange"))
    elif isinstance(raw, Mapping):
        for key, drawn in raw.items():
            path = ("calls", "exchange", key)
            m = _COUNT_KEY.match(str(key))
            assert m, "the schema admits only player counts and ranges of them"
            first, last = int(m.group(1)), int(m.group(2) or m.group(1))
            if first > last:
                b.problem(path, f"the range '{key}' is empty")
            for n in range(first, last + 1):
                if n not in counts:
                    b.problem(path, f"{n} is not a player count of this game (for {allowed} players)")
                elif n in exchange:
                    b.problem(path, f"{n} players is given twice")
                else:
                    exchange[n], where[n] = drawn, path
    for n, drawn in sorted(exchange.items()):
        size = deal.hand_sizes.get(n)
        if size is None or n not in b.envs:  # reported already
            continue
        left = b.envs[n]["set_size"] - n * size - (1 if stock is not None and stock.turn_up and not stock.draw else 0)
        if left < 0:  # the hands (and the turn-up) do not fit: reported already
            continue
        if drawn < size:
            b.problem(
                where[n],
                f"with {n} players a hand is {size} tiles: an exchange draws at least a hand (and discards down to "
                f"one), not {drawn}",
            )
        elif drawn > left:
            message = f"with {n} players the stock holds {_tiles(left)} after the deal, never {drawn} to exchange"
            b.problem(where[n], message)
    if exchange and deal.undealt is Undealt.DEAD:
        message = "the tiles not dealt are the stock an exchange draws from (calls.exchange): not dead"
        b.problem(("deal", "undealt"), message)
    if not drop and not exchange:
        b.problem(("calls",), "offers no call but keep: give drop, exchange, or both", key=True)
    return CallRules(drop=frozenset(drop), exchange=exchange)


def _pip_order(b: _Builder, max_pips: Mapping[int, int], led_suit: LedSuit) -> tuple[int, ...]:
    """The order of the numbers, lowest first; () for the usual order 0, 1, …, max_pip."""
    raw = b.get("tricks", "pip_order")
    path = ("tricks", "pip_order")
    if raw is None:
        return ()
    if led_suit is LedSuit.NAMED:
        b.problem(
            path,
            "tricks.led_suit: named ranks every tile as set.tiles says, so the order of the numbers plays no part; "
            "leave it out",
        )
        return ()
    pips = set(max_pips.values())
    if len(pips) != 1:
        if pips:
            b.problem(path, "one order of the numbers needs one set for every player count: give set.max_pip a number")
        return ()
    top = pips.pop()
    seen: dict[int, int] = {}
    for i, pip in enumerate(raw):
        if pip > top:
            b.problem((*path, i), f"{pip} is not a number of a double-{top} set")
        elif pip in seen:
            b.problem((*path, i), f"{pip} is listed already; every number 0 … {top} is listed once")
        seen.setdefault(pip, i)
    missing = [str(pip) for pip in range(top + 1) if pip not in seen]
    if missing:
        said = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + f" and {missing[-1]}"
        b.problem(path, f"misses {said}: list every number 0 … {top} once, from the lowest rank to the highest")
    if missing or len(raw) != top + 1:
        return ()
    order = tuple(raw)
    return () if order == tuple(range(top + 1)) else order


def _top(b: _Builder, counts: range, max_pips: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    """The tiles that take any trick they are played to: tiles of the set, each once."""
    found: list[tuple[int, int]] = []
    for i, text in enumerate(b.get("tricks", "top") or ()):
        path = ("tricks", "top", i)
        tile = parse_tile(text)
        said = f"{tile[0]}-{tile[1]}"
        if tile in found:
            b.problem(path, f"{said} is listed already")
            continue
        lacking = [n for n in counts if n in max_pips and tile not in set_tiles(max_pips[n], b.tiles)]
        if lacking:
            more = "" if len(lacking) == len(counts) else f" with {lacking[0]} players"
            b.problem(path, f"{said} is not a tile of the set{more}")
            continue
        found.append(tile)
    return tuple(found)


def _bidding(b: _Builder, most: Mapping[int, int]) -> BiddingRules | None:
    if not written(b.data, ("bidding",)):
        return None
    if bids_option(b) is Bids.TURN_UP:
        return turn_up_bidding(b, most)
    refuse_turn_up_keys(b)
    low, high = b.get("bidding", "min"), b.get("bidding", "max")
    step = b.get("bidding", "step")
    if low > high:
        b.problem(("bidding", "min"), f"min ({low}) is greater than max ({high})")
    elif (high - low) % step:
        last = high - (high - low) % step
        b.problem(
            ("bidding", "step"), f"steps of {step} from {low} never bid max ({high}); the last number bid is {last}"
        )
    bids = (high - low) // step + 1 if low <= high else 0
    if bids > MAX_BIDS:  # every bid above the standing one is a legal move: a bounded list
        b.problem(
            ("bidding", "max"),
            f"the number bids from {low} to {high} in steps of {step} are {bids:,}; an auction offers "
            f"{MAX_BIDS:,} at most (a larger step, or a narrower min … max)",
        )
    fewest = min(most.values(), default=None)
    if fewest is not None and high > fewest:
        b.problem(("bidding", "max"), f"{high} can never be made: a side takes at most {_points_of(most)} in a hand")
    raw = b.get("bidding", "special") or []
    numbers = range(low, high + 1, step)  # not a set: the file may ask for a million before it is refused
    seen: dict[int, str] = {}
    names: set[str] = set()
    for i, item in enumerate(raw):
        path: Path_ = ("bidding", "special", i)
        name, value, make = item["name"], item["value"], item["make"]
        if name in names:
            b.problem((*path, "name"), f"'{name}' names another bid too; every bid needs a name of its own")
        names.add(name)
        if value <= high:
            b.problem(
                (*path, "value"), f"{value} is not above bidding.max ({high}); a named bid ranks above the number bids"
            )
        elif value in seen:
            b.problem(
                (*path, "value"), f"{value} is the value of '{seen[value]}' too; every bid needs a value of its own"
            )
        seen.setdefault(value, name)
        if fewest is not None and make > fewest:
            b.problem((*path, "make"), f"{make} can never be made: a side takes at most {_points_of(most)} in a hand")
    for i, item in enumerate(raw):
        after = item.get("after")
        if after is None:
            continue
        path = ("bidding", "special", i, "after")
        if after not in numbers and after not in seen:
            b.problem(path, f"no bid has the value {after}; after names the standing bid this one may be made over")
        elif after >= item["value"]:
            b.problem(
                path, f"a bid must be higher than the standing one, so {item['value']} can never be bid over {after}"
            )
    special = tuple(
        sorted(
            (SpecialBid(s["name"], s["value"], s["make"], s["marks"], s.get("after")) for s in raw),
            key=lambda s: s.value,
        )
    )  # in the order of the bids, as BiddingRules.values() lists them
    kitty = bool(b.get("bidding", "kitty"))
    return BiddingRules(
        low,
        high,
        step,
        b.get("bidding", "marks"),
        special,
        b.option(AllPass, "bidding", "all_pass"),
        kitty,
        b.option(Rounds, "bidding", "rounds"),
        max_raise(b, low, step),
        names_suit(b),
        kitty_discard(b, kitty),
    )


def _points_of(most: Mapping[int, int]) -> str:
    """The most points a side can take, said per player count when it differs."""
    if len(set(most.values())) == 1:
        return f"{next(iter(most.values()))} points"
    return ", ".join(f"{points} points with {n} players" for n, points in sorted(most.items()))


def _trumps(
    b: _Builder, bidding: BiddingRules | None, max_pip: int, led_suit: LedSuit, stock: TrickStock | None
) -> tuple[frozenset[Trump], int | None]:
    """What the bidder may declare; without bidding the one declaration there is, and its suit. A
    turned-up tile names a suit (`stock.turn_up`: a suit, no fixed one); named suits have no trumps."""
    if led_suit is LedSuit.NAMED:
        _no_trumps_named(b, bidding)
        return frozenset({Trump.NONE}), None
    if stock is not None and stock.turn_up:  # bidding and trumps.fixed are refused with it (_stock)
        if written(b.data, ("trumps", "choices")) and bidding is None:
            b.problem(
                ("trumps", "choices"),
                "the turned-up tile makes trumps (stock.turn_up): nobody declares them; leave it out",
                key=True,
            )
        return frozenset({Trump.SUITS}), None
    fixed = b.get("trumps", "fixed")
    if bidding is not None:
        if fixed is not None:
            b.problem(
                ("trumps", "fixed"),
                "only a game without bidding fixes the trumps; here the winner of the auction declares them "
                "(trumps.choices)",
            )
        return frozenset(Trump(c) for c in b.get("trumps", "choices")), None
    if written(b.data, ("trumps", "choices")):
        b.problem(
            ("trumps", "choices"),
            "without bidding nobody declares trumps: trumps.fixed names the trump suit (leave it out for no trumps)",
            key=True,
        )
    if fixed is not None and fixed > max_pip:
        b.problem(("trumps", "fixed"), f"{fixed} is not a number of a double-{max_pip} set")
    return frozenset({Trump.SUITS if fixed is not None else Trump.NONE}), fixed


def _no_trumps_named(b: _Builder, bidding: BiddingRules | None) -> None:
    """`tricks.led_suit: named` plays without trumps: the trumps section can say nothing but that."""
    why = "tricks.led_suit: named plays the suits set.tiles gives, without trumps"
    if written(b.data, ("trumps", "fixed")):
        b.problem(("trumps", "fixed"), f"{why}; leave it out")
    choices = b.get("trumps", "choices")
    if written(b.data, ("trumps", "choices")) and (bidding is None or set(choices) != {"none"}):
        instead = "write [none] or leave it out" if bidding is not None else "leave it out"
        b.problem(("trumps", "choices"), f"{why}: nobody declares trumps; {instead}")
    if written(b.data, ("trumps", "doubles")):
        b.problem(
            ("trumps", "doubles"), f"{why}: every tile ranks in its suit as set.tiles says; leave it out", key=True
        )


def _contracts(
    b: _Builder,
    bidding: BiddingRules | None,
    players: Players,
    counts: range,
    max_pips: Mapping[int, int],
    led_suit: LedSuit = LedSuit.HIGHER_END,
) -> tuple[Contract, ...] | None:
    """The special contracts, or None when one could not be built (its problems are reported)."""
    raw = b.get("contracts") or []
    if not raw:
        return ()
    if bidding is None:
        message = "special contracts are declared by the winner of an auction; this game has no bidding"
        b.problem(("contracts",), message, key=True)
        return None
    values = bidding.values()
    bid_of: dict[int, str] = {}  # a bid out of the usual order, to the contract it names
    names: set[str] = set()
    taken = trump_words(max(max_pips.values(), default=0))
    built: list[Contract] = []
    for i, item in enumerate(raw):
        path = ("contracts", i)
        name = item["name"]
        said = " ".join(name.casefold().split())
        # A contract is declared by its name exactly as written (a save, a log, a typed line), so
        # the name must survive being typed: no spaces at its ends, no control characters.
        if name != name.strip():
            b.problem(
                (*path, "name"),
                f"'{name}' starts or ends with a space: a contract is declared by its name as written, "
                "so it has no spaces at its ends",
            )
        elif any(ord(c) < 32 or 127 <= ord(c) < 160 for c in name):
            b.problem(
                (*path, "name"),
                f"'{printable(name, keep='')}' holds a control character: a contract is declared by its name "
                "as written, which a player must be able to type",
            )
        elif said in taken or said.isdigit():
            b.problem(
                (*path, "name"),
                f"'{name}' is what a trumps declaration is called; a contract needs a name of its own",
            )
        elif said in names:
            b.problem((*path, "name"), f"'{name}' names another contract too; every contract needs a name of its own")
        names.add(said)
        min_bid, bid = item.get("min_bid"), item.get("bid")
        _check_contract_bids(b, path, item, values, bid_of)
        requires = b.expr((*path, "requires"), BIDDER_HAND_NAMES, Type.BOOL)
        trumps = Trump(item["trumps"]) if item.get("trumps") is not None else None
        declarer = b.option(Declarer, *path, "declarer")
        partner_out = bool(b.get(*path, "partner_out"))
        for key, needs_partner in (("partner_out", partner_out), ("declarer", declarer is Declarer.PARTNER)):
            if needs_partner:
                _check_partners(b, (*path, key), players, counts)
        if partner_out and declarer is Declarer.PARTNER:
            b.problem(
                (*path, "declarer"),
                "the partner sits out (partner_out), so cannot name trumps and lead; leave one of them out",
            )
        rank = _contract_rank(b, path, item, trumps, counts, max_pips)
        doubles = item.get("doubles")
        declared = doubles == DECLARED_PLACE
        if led_suit is LedSuit.NAMED:
            why = "tricks.led_suit: named plays the suits set.tiles gives, without trumps"
            if trumps is Trump.DOUBLES:
                b.problem((*path, "trumps"), f"{why}: the doubles cannot be trumps; write trumps: none")
            if doubles is not None:
                b.problem((*path, "doubles"), f"{why}: every tile ranks in its suit as set.tiles says; leave it out")
                doubles = None
        if doubles is not None and (trumps is Trump.DOUBLES or item.get("rank") is not None):
            why = (
                "the doubles are the trump suit, ranked by their pips"
                if trumps is Trump.DOUBLES
                else "a ranked contract has no suits"
            )
            b.problem((*path, "doubles"), f"{why}: where a double ranks in its suit says nothing here; leave it out")
        built.append(
            Contract(
                name=name,
                min_bid=min_bid,
                requires=requires,
                bid=bid,
                trumps=trumps,
                declarer=declarer,
                doubles=DoublePlace(doubles)
                if doubles is not None and not declared
                else b.option(DoublePlace, "trumps", "doubles"),
                partner_out=partner_out,
                aim=b.option(Aim, *path, "aim"),
                rank=rank,
                score=b.expr((*path, "score"), HAND_NAMES, Type.INT),
                doubles_declared=declared and doubles is not None,
            )
        )
    if any(p.path[:1] == ("contracts",) for p in b.problems):
        return None
    return tuple(built)


def _check_contract_bids(
    b: _Builder, path: Path_, item: Mapping[str, Any], values: tuple[int, ...], bid_of: dict[int, str]
) -> None:
    """A contract's min_bid and bid are bids there are; a bid out of the usual order belongs to the
    hands `requires` admits and to one contract, which its winner can declare. `bid_of` collects
    each such bid's contract, in the file's order."""
    min_bid, bid = item.get("min_bid"), item.get("bid")
    for key, value in (("min_bid", min_bid), ("bid", bid)):
        if value is not None and value not in values:
            b.problem((*path, key), f"no bid has the value {value}; {key} must be one of the bids")
    if bid is None:
        return
    if item.get("requires") is None:
        b.problem((*path, "bid"), "a bid out of the usual order needs requires: the hands that may make it")
    elif bid in bid_of:
        b.problem(
            (*path, "bid"),
            f"{bid} is the bid of '{bid_of[bid]}' too; a bid out of the usual order names the one contract its "
            "winner must declare",
        )
    bid_of.setdefault(bid, item["name"])
    if min_bid is not None and bid < min_bid:
        b.problem(
            (*path, "bid"),
            f"{bid} is below min_bid ({min_bid}): a player who wins the auction with it could not declare the "
            "contract it is bid for",
        )


def _check_partners(b: _Builder, path: Path_, players: Players, counts: range) -> None:
    """A partner who sits out or declares needs a partner at every player count, in every match."""
    alone = [n for n in counts if n not in players.team_counts]
    if alone:
        message = f"needs partnerships (players.teams: opposite), and with {alone[0]} players nobody has a partner"
        b.problem(path, message)
    elif players.teams_optional:
        b.problem(path, "needs partnerships, and a match may be played without them (players.teams_optional)")
    else:
        # One partner sits out or declares: a team of three has no one partner to name.
        larger = [n for n in counts if players.team_sides(n) * 2 != n]
        if larger:
            n, sides = larger[0], players.team_sides(larger[0])
            b.problem(
                path,
                f"needs partners in pairs, and with {n} players in {sides} teams each team has {n // sides}",
            )


def _contract_rank(
    b: _Builder,
    path: Path_,
    item: Mapping[str, Any],
    trumps: Trump | None,
    counts: range,
    max_pips: Mapping[int, int],
) -> Expr[int] | None:
    """A ranked contract's rank, worked out for every tile of the set now so that it cannot fail in
    play; a rank with trumps is refused, since a ranked contract has no suits to be trumps."""
    if item.get("rank") is None:
        return None
    if trumps is Trump.DOUBLES:
        b.problem((*path, "trumps"), "a ranked contract has no suits, so no trumps: write trumps: none")
    elif trumps is None:
        b.problem((*path, "rank"), "a ranked contract has no suits, so no trumps: it needs trumps: none")
    rank = b.expr((*path, "rank"), TRICK_TILE_NAMES, Type.INT)
    if rank is None:
        return None
    for n in counts:
        if n not in max_pips:  # reported already
            continue
        for low, high, tile_rank in ranked_tiles(max_pips[n], b.tiles, b.named):
            try:
                rank(tile_env(b.envs[n], low, high, rank=tile_rank))  # no trumps in a ranked contract
            except ExpressionRuntimeError as error:
                b.problem((*path, "rank"), f"cannot be evaluated for {low}-{high} with {n} players: {error.cause}")
                return None
    return rank
