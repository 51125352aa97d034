"""A trick game's rules as a rulebook in English, and the words `explain --diff` uses for the
trick sections: the trick family's half of explain.py.

Everything is generated from the compiled `Ruleset` and its `TrickRules`; the count tiles are found
by evaluating the count formula over every tile of the set, so the text lists what is played.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from interpreter.expressions import words as names
from interpreter.expressions.language import Expr
from interpreter.expressions.words import words
from interpreter.rulefile.build_tricks import PIP_NAMES, set_tiles, tile_env
from interpreter.rulefile.explain_common import (
    ITEM,
    grouped,
    per_count,
    say_by_count,
    say_counts,
    seating,
    set_sentence,
    side_word,
)
from interpreter.rulefile.ruleset import (
    Family,
    Ruleset,
    StartCriterion,
    StartRule,
    TargetCheck,
    TargetReach,
    Tie,
    Undealt,
    Winner,
    double_set,
)
from interpreter.rulefile.trick_rules import (
    Aim,
    AllPass,
    Bidding,
    Contract,
    Declarer,
    DoublePlace,
    FirstLeader,
    Rounds,
    TrickRules,
    Trump,
)

# Beyond this many counting tiles the count is said as its formula, not as a list of tiles.
_MOST_LISTED = 12


def hand_names(side: str) -> dict[str, str]:
    """The names of `scoring.hand` (HAND_NAMES), read for the scoring `side` ("player", "team", "side")."""
    return {
        **names.COUNT,
        "round": "the hand number",
        "score": f"the {side}'s score before this hand",
        "points": f"the points the {side} took",
        "opp_points": "the points the other sides took",
        "tricks": f"the tricks the {side} took",
        "count": f"the count of the tiles the {side} took",
        "last_trick": f"the {side} took the last trick",
        "bidder": f"the {side} won the auction",
        "bid": "the winning bid",
        "bid_marks": "the marks the winning bid is worth",
        "made": "the bid was made",
    }


def _marks(n: int) -> str:
    return f"{n} mark{'' if n == 1 else 's'}"


def _tile(low: int, high: int) -> str:
    return f"{low}-{high}"


def _and(items: list[str], word: str = "and") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} {items[-1]}"


def _or(items: list[str]) -> str:
    return _and(items, "or")


def sections(ruleset: Ruleset) -> list[tuple[str, list[str]]]:
    """The rulebook of a trick game, section by section."""
    tricks = ruleset.tricks
    assert tricks is not None, "a trick game has trick rules"
    side = side_word(ruleset.players)
    out: list[tuple[str, list[str]]] = [("The set", [set_sentence(ruleset)])]
    people = seating(ruleset)
    left = {n: ruleset.for_players(n).set_size - n * size for n, size in ruleset.deal.hand_sizes.items()}
    if not any(left.values()):
        people.append("Every tile is dealt.")
    elif ruleset.deal.undealt is Undealt.DEAD:
        people.append("The tiles not dealt are set aside unseen.")
    else:
        people.append("The tiles not dealt stay face down; nobody draws them.")
    out.append(("Players and hands", people))
    out.append(("Starting a hand", _starting(ruleset, tricks)))
    out.append(("Trumps", _trumps(ruleset, tricks)))
    if tricks.contracts:
        out.append(("Special contracts", _contracts(ruleset, tricks)))
    out.append(("Playing a hand", _playing(tricks)))
    out.append(("Counting", _counting(ruleset, tricks)))
    out.append(("Scoring a hand", [f"At the end of a hand each {side} scores {words(tricks.hand, hand_names(side))}."]))
    out.append(("Winning", _winning(ruleset)))
    return out


def _starter(rule: StartRule) -> str:
    if rule.criterion is StartCriterion.RANDOM:
        return "a player chosen at random"
    if rule.criterion is StartCriterion.NEXT_SEAT:
        return "the player after the previous hand's starter"
    assert rule.tile is not None, "the loader allows only random, next_seat and holder in a trick game"
    return f"the player holding {_tile(*rule.tile)}"


def starters(rules: tuple[StartRule, ...]) -> str:
    """A hand's start criteria in the order they are tried: "by X; failing that, by Y"."""
    return "; failing that, ".join(f"by {_starter(rule)}" for rule in rules)


def _starting(ruleset: Ruleset, tricks: TrickRules) -> list[str]:
    start = ruleset.start
    out = [f"The first hand is started {starters(start.first_round)}"]
    if start.later_rounds != start.first_round:
        out[0] += f"; each later hand, {starters(start.later_rounds)}."
    else:
        out[0] += ", and so is every later hand."
    bidding = tricks.bidding
    if bidding is None:
        out.append("There is no bidding.")
        return out
    direction = ruleset.players.direction.value
    if bidding.rounds is Rounds.UNTIL_PASSES:
        out.append(
            f"The starter bids first, then each player in turn ({direction}) bids or passes, round after round; "
            "a player who passes is out of the auction. A bid must be higher than the standing bid; the "
            "auction ends when all but the highest bidder have passed."
        )
    else:
        out.append(
            f"The starter bids first, then each player in turn ({direction}) bids once or passes. A bid must be "
            "higher than the standing bid; the highest bid wins the auction."
        )
    out += _bids(bidding, ruleset.start.max_redeals)
    return out


def _bids(bidding: Bidding, max_redeals: int) -> list[str]:
    steps = f" in steps of {bidding.step}" if bidding.step != 1 else ""
    out = [
        f"The number bids run from {bidding.min} to {bidding.max}{steps}; each is worth {_marks(bidding.marks)}, "
        "and the bidder's side must take at least the number bid in points."
    ]
    if bidding.special:
        named = []
        for bid in bidding.special:
            only = f", bid only over a standing {bid.after}," if bid.after is not None else ""
            named.append(f'"{bid.name}" ({bid.value}){only} must take {bid.make} and is worth {_marks(bid.marks)}')
        out.append(f"Above them come named bids: {'; '.join(named)}.")
    if bidding.all_pass is AllPass.REDEAL:
        out.append(
            "If everyone passes, the tiles are shuffled and dealt again, and the next player starts the hand "
            f"(a safety bound: after {max_redeals} such deals in a row, the last player to speak "
            "must bid)."
        )
    else:
        out.append(
            f"If everyone else has passed, the last player to speak may not pass: they must bid at least {bidding.min}."
        )
    return out


def _suits(ruleset: Ruleset) -> str:
    return f"a suit ({PIP_NAMES[0]} to {PIP_NAMES[ruleset.max_pip]})"


def _trumps(ruleset: Ruleset, tricks: TrickRules) -> list[str]:
    if tricks.bidding is None:
        if tricks.fixed_trump is None:
            out = ["There are no trumps."]
        else:
            out = [f"{PIP_NAMES[tricks.fixed_trump].capitalize()} are trumps."]
    else:
        said = {
            Trump.SUITS: _suits(ruleset),
            Trump.DOUBLES: "the doubles (a suit of their own)",
            Trump.NONE: 'no trumps ("follow me")',
        }
        choices = [said[t] for t in Trump if t in tricks.trumps]
        out = [f"The winner of the auction declares trumps: {_or(choices)}."]
        if tricks.contracts:
            out.append("Instead, they may declare one of the special contracts below.")
    if Trump.SUITS in tricks.trumps:
        out.append("Every tile showing the trump number is a trump, and belongs to no other suit.")
    place = "highest" if tricks.doubles is DoublePlace.HIGH else "lowest"
    out.append(f"A double is the {place} tile of its suit.")
    if Trump.DOUBLES in tricks.trumps:
        top = ruleset.max_pip
        out.append(f"When the doubles are trumps, they rank by their pips, [{top}|{top}] highest.")
    return out


# The names of a contract's `requires` (BIDDER_HAND_NAMES), read as of the bidder's hand as dealt.
BIDDER_HAND = {
    **names.COUNT,
    "doubles": "the number of doubles",
    "tiles": "the number of tiles",
    "count": "the count of the tiles",
    "longest": "the most tiles of one suit (its double included)",
}


def bid_name(bidding: Bidding, value: int) -> str:
    """A bid by its name in the rules: "1 mark (42)" for a named bid, the number for a number bid."""
    named = next((s.name for s in bidding.special if s.value == value), None)
    return str(value) if named is None else f"{named} ({value})"


def _contracts(ruleset: Ruleset, tricks: TrickRules) -> list[str]:
    out = ["Instead of naming trumps, the winner of the auction may declare one of these contracts:"]
    out += [f"{ITEM}{contract_words(ruleset, tricks, c)}." for c in tricks.contracts]
    side = _bidder_side(ruleset)
    out.append(f"A special contract is made, for the score of the hand, when {side} does what it must.")
    return out


def _bidder_side(ruleset: Ruleset) -> str:
    return "the bidder's side" if ruleset.players.team_counts else "the bidder"


def contract_words(ruleset: Ruleset, tricks: TrickRules, contract: Contract) -> str:
    """One contract as the rulebook says it: "nel-o: a bid of at least 1 mark (42); no trumps; …"."""
    assert tricks.bidding is not None, "the loader allows contracts only with an auction"
    bidding = tricks.bidding
    side = _bidder_side(ruleset)
    clauses = []
    if contract.min_bid is not None:
        clauses.append(f"a bid of at least {bid_name(bidding, contract.min_bid)}")
    if contract.requires is not None:
        clauses.append(f"declared only when, in the bidder's hand as dealt, {words(contract.requires, BIDDER_HAND)}")
    if contract.bid is not None:
        clauses.append(
            f"a player holding such a hand may bid {bid_name(bidding, contract.bid)} over any lower bid, out of the "
            f"usual order, and on winning the auction with it must declare {contract.name}"
        )
    partner = contract.declarer is Declarer.PARTNER
    declarer = "the bidder's partner" if partner else "the bidder"
    leads = partner or tricks.first_leader is FirstLeader.STARTER  # else the winner of the auction leads as usual
    if contract.trumps is None:
        clauses.append(f"{declarer} names trumps" + (" and leads the first trick" if leads else ""))
    else:
        if contract.rank is None:  # a ranked contract says it has no trumps with its ranking
            clauses.append("no trumps" if contract.trumps is Trump.NONE else "the doubles are trumps")
        if leads:
            clauses.append(f"{declarer} leads the first trick")
    if contract.rank is not None:
        clauses.append(f"there are no suits and no trumps: {_ranking(ruleset, contract)}")
        clauses.append(
            "each player must play one of their highest-ranked tiles, and the highest-ranked tile played takes the "
            "trick (the first played, among equals)"
        )
    elif contract.trumps is not Trump.DOUBLES and (contract.trumps is not None or contract.doubles != tricks.doubles):
        # Said when it is not simply the game's rule under trumps named as usual.
        clauses.append(_DOUBLES_IN_CONTRACT[contract.doubles].format(top=ruleset.max_pip))
    if contract.partner_out:
        clauses.append("the bidder's partner lays their hand down and sits out")
    aim = {
        Aim.BID: "must take what the bid must make, as usual",
        Aim.ALL_TRICKS: "must take every trick",
        Aim.NO_TRICKS: "must take no trick",
    }[contract.aim]
    clauses.append(f"{side} {aim}")
    return f"{contract.name}: {'; '.join(clauses)}"


_DOUBLES_IN_CONTRACT = {
    DoublePlace.HIGH: "a double is the highest tile of its suit",
    DoublePlace.LOW: "a double is the lowest tile of its suit",
    DoublePlace.OWN_SUIT: "doubles form a suit of their own, [{top}|{top}] highest",
}


def _ranking(ruleset: Ruleset, contract: Contract) -> str:
    """How the tiles of a ranked contract rank: by their pips when the rank reads only the pips
    ("tiles of 7 pips rank highest, then 6 or 8, …"), else the rank formula in words."""
    assert contract.rank is not None
    rules = ruleset.for_players(ruleset.players.min)
    env = {"players": ruleset.players.min, "max_pip": rules.max_pip, "set_size": rules.set_size}
    by_pips: dict[int, set[int]] = {}
    for low, high in set_tiles(rules.max_pip, rules.tiles):
        rank = contract.rank(tile_env(env, low, high))  # evaluated for every tile when the file loaded
        by_pips.setdefault(low + high, set()).add(rank)  # type: ignore[arg-type]  # an INT formula
    if any(len(ranks) > 1 for ranks in by_pips.values()) or len(ruleset.by_count.get("max_pip", {})) > 1:
        return f"a tile ranks by {words(contract.rank, names.TILE)}, the higher the better"
    levels: dict[int, list[int]] = {}
    for pips, ranks in sorted(by_pips.items()):
        levels.setdefault(next(iter(ranks)), []).append(pips)
    ordered = [_or([str(p) for p in pips]) for _, pips in sorted(levels.items(), reverse=True)]
    if len(ordered) == 1:
        return "every tile ranks the same"
    return f"tiles rank by their pips, highest first: {', then '.join(ordered)}"


def _playing(tricks: TrickRules) -> list[str]:
    leader = "winner of the auction" if tricks.first_leader is FirstLeader.BIDDER else "starter"
    out = [
        f"The {leader} leads the first trick, and each player in turn plays one tile to it; the winner of a trick "
        "leads the next."
    ]
    suit = "a led tile's suit is its higher end, a double its own number, a trump only trumps"
    if tricks.must_follow:
        out.append(
            f"You must follow the suit led when you can: {suit}. A tile follows a suit when it shows that number "
            "and is not a trump; a player who cannot follow may play any tile."
        )
    else:
        out.append(f"You may play any tile; nobody has to follow the suit led ({suit}).")
    if tricks.trumps == {Trump.NONE}:
        out.append("The highest tile of the suit led wins the trick.")
    else:
        out.append("The highest trump played wins the trick; without a trump, the highest tile of the suit led.")
    out.append("Within a suit a tile ranks by its other number.")
    if tricks.stop_when_decided:
        what = "its bid or contract" if tricks.contracts else "its bid"
        out.append(f"Play stops as soon as it is certain whether the bidder's side makes {what}.")
    return out


def _count_tiles(tricks: TrickRules, ruleset: Ruleset, players: int) -> str:
    """The tiles that count, grouped by value from the highest: "5-5 and 4-6 count 10; 0-5, … count 5"."""
    rules = ruleset.for_players(players)
    env = {"players": players, "max_pip": rules.max_pip, "set_size": rules.set_size}
    values: dict[int, list[tuple[int, int]]] = {}
    for low, high in set_tiles(rules.max_pip, rules.tiles):
        value = _counted(tricks, env, low, high)
        if value:
            values.setdefault(value, []).append((low, high))
    if sum(map(len, values.values())) > _MOST_LISTED:
        return f"a tile counts {words(tricks.count, names.TILE)}"
    groups = []
    for value, tiles in sorted(values.items(), reverse=True):
        ordered = sorted(tiles, key=lambda t: (t[0] != t[1], t))  # the doubles first, then by their lower end
        verb = "counts" if len(ordered) == 1 else "count"
        groups.append(f"{_and([_tile(*t) for t in ordered])} {verb} {value}")
    return "; ".join(groups) if groups else "no tile counts anything"


def _counting(ruleset: Ruleset, tricks: TrickRules) -> list[str]:
    pips = ruleset.by_count.get("max_pip")
    if pips:  # the set changes with the player count, and so may the tiles that count
        parts = [
            f"with {say_counts(counts)} players, {_count_tiles(tricks, ruleset, counts[0])}"
            for counts in grouped(pips).values()
        ]
        tiles = "; ".join(parts)
    else:
        tiles = _count_tiles(tricks, ruleset, ruleset.players.min)
    if tricks.count.constant is not None:
        tiles = f"every tile counts {tricks.count.constant}" if tricks.count.constant else "no tile counts anything"
    each = f"; each trick {tricks.trick_points}" if tricks.trick_points else ""
    out = [f"A side counts the tiles it takes in its tricks: {tiles}{each}."]
    if tricks.last_trick:
        out.append(f"The last trick counts {tricks.last_trick} more.")
    full = {n: size for n, size in ruleset.deal.hand_sizes.items() if ruleset.for_players(n).set_size == n * size}
    if full and tricks.count.constant is None:
        totals = {n: _total(ruleset, tricks, n, size) for n, size in full.items()}
        held = per_count(totals, "points")
        if len(set(totals.values())) == 1 and len(full) < len(ruleset.deal.hand_sizes):
            held += f" with {say_counts(sorted(full))} players"  # the only counts that deal every tile
        out.append(f"A hand holds {held} in all.")
    return out


def _counted(tricks: TrickRules, env: dict[str, int], low: int, high: int) -> int:
    """What the tile low-high counts (the loader evaluated it for every tile, so it does not fail)."""
    value = tricks.count(tile_env(env, low, high))
    assert isinstance(value, int), "tricks.count is a number formula"
    return value


def _total(ruleset: Ruleset, tricks: TrickRules, players: int, size: int) -> int:
    """What a hand holds when every tile is dealt: the count of the whole set, every trick, the bonus."""
    rules = ruleset.for_players(players)
    env = {"players": players, "max_pip": rules.max_pip, "set_size": rules.set_size}
    count = sum(_counted(tricks, env, low, high) for low, high in set_tiles(rules.max_pip, rules.tiles))
    return count + size * tricks.trick_points + tricks.last_trick


def _winning(ruleset: Ruleset) -> list[str]:
    end = ruleset.match
    side = side_word(ruleset.players)
    best = "highest" if end.winner is Winner.HIGHEST else "lowest"
    out = []
    if end.target is not None:
        targets = ruleset.by_count.get("target", {ruleset.players.min: end.target})
        if end.reach is TargetReach.AT_LEAST:
            reach = say_by_count(targets, lambda target: f"{target} or more")
        else:
            reach = say_by_count(targets, lambda target: f"more than {target}")
        when = "the moment" if end.check is TargetCheck.IMMEDIATE else "at the end of the first hand after which"
        out.append(f"The match ends {when} a {side} has a score of {reach}; the {best} total wins.")
    if end.rounds:
        hands = per_count(end.rounds, "hands")
        if end.target is not None:
            out.append(f"Otherwise the match ends after {hands}.")
        else:
            out.append(f"The match lasts {hands}; the {best} total wins.")
    tie = "Tied winners share the win." if end.tie is Tie.SHARE else "A tie for the win is settled by another hand."
    out.append(tie)
    return out


# --- the words of `explain --diff` for the trick sections ---------------------------------------

LABELS = {
    "family": "the kind of game",
    "tricks.bidding.min": "the lowest bid",
    "tricks.bidding.max": "the highest number bid",
    "tricks.bidding.step": "the step between number bids",
    "tricks.bidding.marks": "what a number bid is worth",
    "tricks.bidding.special": "the named bids",
    "tricks.bidding.all_pass": "what happens when everyone passes",
    "tricks.bidding.kitty": "the kitty (the undealt tiles) going to the winner of the auction",
    "tricks.bidding.rounds": "how long the auction goes on",
    "tiles": "the set",
    "tricks.trumps": "the choice of trumps",
    "tricks.fixed_trump": "the trump suit",
    "tricks.doubles": "a double's place in its suit",
    "tricks.must_follow": "following suit",
    "tricks.first_leader": "who leads the first trick",
    "tricks.trick_points": "what a trick is worth",
    "tricks.last_trick": "the bonus for the last trick",
    "tricks.count": "what a captured tile counts",
    "tricks.stop_when_decided": "stopping once the bid is decided",
    "tricks.hand": "the score of a hand",
}  # tricks.contracts: said contract by contract (contract_changes)

ENUM_WORDS: dict[enum.Enum, str] = {
    Family.LAYOUT: "a layout game",
    Family.TRICKS: "a trick-taking game",
    AllPass.REDEAL: "a redeal",
    AllPass.FORCED: "a forced bid",
    DoublePlace.HIGH: "highest",
    DoublePlace.LOW: "lowest",
    FirstLeader.BIDDER: "the winner of the auction",
    FirstLeader.STARTER: "the hand's starter",
    Rounds.ONCE: "one round",
    Rounds.UNTIL_PASSES: "round after round, until all but the highest bidder have passed",
}

BOOLEAN_WORDS = {
    "tricks.must_follow": ("compulsory", "not required"),
    "tricks.stop_when_decided": ("yes", "no, every trick is played"),
    "tricks.bidding.kitty": ("yes", "no"),
}


def say(path: str, value: Any, ruleset: Ruleset) -> str | None:
    """A trick section's value in words for `explain --diff`, or None for a value said the usual way."""
    if path == "tricks.hand" and value is not None:
        return words(value, hand_names(side_word(ruleset.players)))
    if path == "tricks.count" and value is not None:
        return words(value, names.TILE)
    if path == "tricks.trumps":
        said = {Trump.SUITS: "a suit", Trump.DOUBLES: "the doubles", Trump.NONE: "no trumps"}
        return _or([said[t] for t in Trump if t in value])
    if path == "tricks.fixed_trump" and value is not None:
        return PIP_NAMES[value] if value < len(PIP_NAMES) else str(value)
    if path == "tiles":  # the set as played: what it leaves out of the complete set
        if not value:
            return f"the complete double-{ruleset.max_pip} set"
        out = sorted(set(double_set(ruleset.max_pip)) - set(value), key=lambda tile: (tile[1], tile[0]))
        return f"without {', '.join(f'{low}-{high}' for low, high in out)}"
    if path == "tricks.bidding.special":
        bids = []
        for s in value:
            over = "" if s.after is None else f" over {s.after}"
            bids.append(f"{s.name} ({s.value}{over}, makes {s.make}, worth {_marks(s.marks)})")
        return "; ".join(bids) or "none"
    return None


def auction(bidding: Bidding, max_redeals: int) -> str:
    """An auction one ruleset has and the other has not, in a sentence."""
    return " ".join(_bids(bidding, max_redeals))


# What `explain --diff` calls each part of a contract, and how it says each part's value.
_CONTRACT_LABELS = {
    "min_bid": "the lowest bid",
    "requires": "the hand it needs",
    "bid": "its bid out of the usual order",
    "trumps": "its trumps",
    "declarer": "who names trumps and leads",
    "doubles": "a double's place",
    "partner_out": "the bidder's partner",
    "aim": "what the bidder's side must take",
    "rank": "the rank of a tile",
}


def _contract_part(part: str, value: Any, ruleset: Ruleset) -> str:
    bidding = ruleset.tricks.bidding if ruleset.tricks is not None else None
    if part in ("min_bid", "bid"):
        if value is None or bidding is None:
            return "any bid" if part == "min_bid" else "none"
        return bid_name(bidding, value)
    if part == "requires":
        return "any hand" if value is None else words(value, BIDDER_HAND)
    if part == "rank":
        return "none (suits as usual)" if value is None else words(value, names.TILE)
    said: dict[Any, str] = {
        None: "named by the declarer",
        Trump.NONE: "no trumps",
        Trump.DOUBLES: "the doubles",
        Declarer.BIDDER: "the bidder",
        Declarer.PARTNER: "the bidder's partner",
        DoublePlace.HIGH: "highest in its suit",
        DoublePlace.LOW: "lowest in its suit",
        DoublePlace.OWN_SUIT: "a suit of their own",
        Aim.BID: "what the bid must make",
        Aim.ALL_TRICKS: "every trick",
        Aim.NO_TRICKS: "no trick",
        True: "sits out",
        False: "plays",
    }
    return said[value]


def _same_part(a: Any, b: Any) -> bool:
    if isinstance(a, Expr) and isinstance(b, Expr):  # the same formula, wherever it was written
        return " ".join(a.source.split()) == " ".join(b.source.split())
    return type(a) is type(b) and a == b


def contract_changes(a: Ruleset, b: Ruleset) -> list[str]:
    """What `a` changes relative to `b` in the special contracts: each contract added, dropped, or
    changed part by part (contracts are matched by name; their order is only the order they are listed)."""
    assert a.tricks is not None and b.tricks is not None
    old = {c.name: c for c in b.tricks.contracts}
    new = {c.name: c for c in a.tricks.contracts}
    out = []
    for name, contract in new.items():
        if name not in old:
            out.append(f"Adds the special contract {contract_words(a, a.tricks, contract)}.")
            continue
        for field in dataclasses.fields(Contract):
            before, after = getattr(old[name], field.name), getattr(contract, field.name)
            if field.name == "name" or _same_part(before, after):
                continue
            label = _CONTRACT_LABELS[field.name]
            was, now = _contract_part(field.name, before, b), _contract_part(field.name, after, a)
            out.append(f"The special contract {name}: {label} changes from {was} to {now}.")
    out += [f"Drops the special contract {name}." for name in old if name not in new]
    return out
