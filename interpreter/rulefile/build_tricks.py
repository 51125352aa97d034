"""The trick family's half of building a ruleset (docs/format.md, "Trick games"): the sections
`bidding`, `trumps`, `tricks` and `scoring.hand` compiled into a `TrickRules`, and the checks that
keep each family's sections out of the other's files.

A trick file shares `set`, `players`, `deal`, `start` and `match` with the layout family; its
layout sections are refused rather than ignored, so a file never says something it does not play.
Every check reports a positioned problem through the builder, as build.py's own checks do.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from interpreter.expressions.language import Expr, ExpressionRuntimeError, Type
from interpreter.rulefile.ruleset import TILE_NAMES, Deal, Players, StartCriterion
from interpreter.rulefile.trick_rules import (
    BIDDER_HAND_NAMES,
    HAND_NAMES,
    Aim,
    AllPass,
    Bidding,
    Contract,
    Declarer,
    DoublePlace,
    FirstLeader,
    Rounds,
    SpecialBid,
    TrickRules,
    Trump,
)

if TYPE_CHECKING:
    from interpreter.rulefile.build import Path_, _Builder

# The sections only a layout game plays, with what a trick file uses instead.
LAYOUT_ONLY: dict[tuple[str, ...], str] = {
    ("layout",): "tiles are played to tricks, not to a layout",
    ("play",): "what may be played to a trick is tricks.must_follow",
    ("draw",): "nobody draws in a trick game",
    ("scoring", "in_play"): "a hand scores at its end, by scoring.hand",
    ("scoring", "domino"): "a hand scores at its end, by scoring.hand",
    ("scoring", "blocked"): "a hand scores at its end, by scoring.hand",
    ("set", "tile_value"): "what a captured tile counts is tricks.count",
    ("start", "lead"): "who leads the first trick is tricks.first_leader",
    ("deal", "reserve"): "nobody draws in a trick game",
}
TRICK_ONLY: tuple[tuple[str, ...], ...] = (
    ("bidding",), ("trumps",), ("tricks",), ("contracts",), ("scoring", "hand"),
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
TRICK_START = {StartCriterion.RANDOM, StartCriterion.NEXT_SEAT, StartCriterion.HOLDER}
_TRICK_START_WORDS = "random, next_seat or {holder: [a, b]}"


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
    count = b.expr(("tricks", "count"), TILE_NAMES, Type.INT)
    most: dict[int, int] = {}
    if count is not None and written(b.data, ("tricks",)):  # what a hand holds needs what a trick is worth
        most = _most_points(b, count, counts, max_pips, deal)
    bidding = _bidding(b, most)
    trumps, fixed = _trumps(b, bidding, min(max_pips.values(), default=0))
    first_leader = b.option(FirstLeader, "tricks", "first_leader")
    if first_leader is FirstLeader.BIDDER and bidding is None:
        b.problem(("tricks", "first_leader"), "bidder needs an auction (a bidding section); without one, use starter")
    stop = bool(b.get("tricks", "stop_when_decided"))
    if stop and bidding is None:
        b.problem(("tricks", "stop_when_decided"), "without bidding there is no bid to decide; leave it out")
    hand = b.expr(("scoring", "hand"), HAND_NAMES, Type.INT)
    contracts = _contracts(b, bidding, players, counts, max_pips)
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
    )


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
            if StartCriterion(name) not in TRICK_START:
                b.problem(
                    ("start", key, i),
                    f"'{name}' chooses a starter in layout games only; a trick game's starter is chosen by "
                    f"{_TRICK_START_WORDS}",
                )


def set_tiles(max_pip: int, tiles: tuple[tuple[int, int], ...] = ()) -> list[tuple[int, int]]:
    """Every tile of a double-`max_pip` set as (low, high), from [0|0] on, by high then low end; of
    `tiles` only, where the file leaves some out (`set.without`)."""
    if tiles:
        return sorted(tiles, key=lambda tile: (tile[1], tile[0]))
    return [(low, high) for high in range(max_pip + 1) for low in range(high + 1)]


def tile_env(count_env: Mapping[str, int], low: int, high: int) -> dict[str, object]:
    """The tile names of one tile (TILE_NAMES), over the count names of a player count."""
    return {**count_env, "high": high, "low": low, "pips": high + low, "is_double": high == low}


def _most_points(
    b: _Builder, count: Expr, counts: range, max_pips: Mapping[int, int], deal: Deal
) -> dict[int, int]:
    """The most points one side can take in a hand, per player count: every trick and the last
    trick's bonus, and the highest-counting tiles that can be dealt. Evaluating the count of every
    tile here also makes a count that fails on some tile fail when the file loads."""
    most: dict[int, int] = {}
    for n in counts:
        if n not in max_pips or n not in deal.hand_sizes:  # reported already
            continue
        values: list[int] = []
        for low, high in set_tiles(max_pips[n], b.tiles):
            try:
                values.append(count(tile_env(b.envs[n], low, high)))  # type: ignore[arg-type]  # an INT formula
            except ExpressionRuntimeError as error:
                b.problem(("tricks", "count"), f"cannot be evaluated for {low}-{high} with {n} players: {error.cause}")
                return {}
        size = deal.hand_sizes[n]
        dealt = sorted(values, reverse=True)[: n * size]
        most[n] = size * b.get("tricks", "points") + b.get("tricks", "last_trick") + sum(v for v in dealt if v > 0)
    return most


def _bidding(b: _Builder, most: Mapping[int, int]) -> Bidding | None:
    if not written(b.data, ("bidding",)):
        return None
    low, high = b.get("bidding", "min"), b.get("bidding", "max")
    step = b.get("bidding", "step")
    if low > high:
        b.problem(("bidding", "min"), f"min ({low}) is greater than max ({high})")
    elif (high - low) % step:
        last = high - (high - low) % step
        b.problem(
            ("bidding", "step"), f"steps of {step} from {low} never bid max ({high}); the last number bid is {last}"
        )
    fewest = min(most.values(), default=None)
    if fewest is not None and high > fewest:
        b.problem(("bidding", "max"), f"{high} can never be made: a side takes at most {_points_of(most)} in a hand")
    raw = b.get("bidding", "special") or []
    values = set(range(low, high + 1, step))
    seen: dict[int, str] = {}
    names: set[str] = set()
    for i, item in enumerate(raw):
        path = ("bidding", "special", i)
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
    values |= set(seen)
    for i, item in enumerate(raw):
        after = item.get("after")
        if after is None:
            continue
        path = ("bidding", "special", i, "after")
        if after not in values:
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
    )  # in the order of the bids, as Bidding.values() lists them
    kitty = bool(b.get("bidding", "kitty"))
    return Bidding(
        low,
        high,
        step,
        b.get("bidding", "marks"),
        special,
        b.option(AllPass, "bidding", "all_pass"),
        kitty,
        b.option(Rounds, "bidding", "rounds"),
    )


def _points_of(most: Mapping[int, int]) -> str:
    """The most points a side can take, said per player count when it differs."""
    if len(set(most.values())) == 1:
        return f"{next(iter(most.values()))} points"
    return ", ".join(f"{points} points with {n} players" for n, points in sorted(most.items()))


def _trumps(b: _Builder, bidding: Bidding | None, max_pip: int) -> tuple[frozenset[Trump], int | None]:
    """What the bidder may declare; without bidding the one declaration there is, and its suit."""
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


def _contracts(
    b: _Builder, bidding: Bidding | None, players: Players, counts: range, max_pips: Mapping[int, int]
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
        if said in taken or said.isdigit():
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
                doubles=DoublePlace(doubles) if doubles is not None else b.option(DoublePlace, "trumps", "doubles"),
                partner_out=partner_out,
                aim=b.option(Aim, *path, "aim"),
                rank=rank,
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


def _contract_rank(
    b: _Builder,
    path: Path_,
    item: Mapping[str, Any],
    trumps: Trump | None,
    counts: range,
    max_pips: Mapping[int, int],
) -> Expr | None:
    """A ranked contract's rank, worked out for every tile of the set now so that it cannot fail in
    play; a rank with trumps is refused, since a ranked contract has no suits to be trumps."""
    if item.get("rank") is None:
        return None
    if trumps is Trump.DOUBLES:
        b.problem((*path, "trumps"), "a ranked contract has no suits, so no trumps: write trumps: none")
    elif trumps is None:
        b.problem((*path, "rank"), "a ranked contract has no suits, so no trumps: it needs trumps: none")
    rank = b.expr((*path, "rank"), TILE_NAMES, Type.INT)
    if rank is None:
        return None
    for n in counts:
        if n not in max_pips:  # reported already
            continue
        for low, high in set_tiles(max_pips[n], b.tiles):
            try:
                rank(tile_env(b.envs[n], low, high))
            except ExpressionRuntimeError as error:
                b.problem((*path, "rank"), f"cannot be evaluated for {low}-{high} with {n} players: {error.cause}")
                return None
    return rank
