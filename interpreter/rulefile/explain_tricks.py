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
from interpreter.rulefile import (
    explain_bower,
    explain_declaration,
    explain_melds,
    explain_passing,
    explain_turn_up_auction,
    explain_undealt,
)
from interpreter.rulefile.build_tricks import PIP_NAMES, ranked_tiles, tile_env
from interpreter.rulefile.explain_common import (
    ITEM,
    grouped,
    left_out,
    listed_set,
    per_count,
    say_by_count,
    say_counts,
    seating,
    set_sentence,
    side_word,
    tile_label,
)
from interpreter.rulefile.explain_lots import lots_words
from interpreter.rulefile.explain_pool import pool_words
from interpreter.rulefile.explain_standing import tracks_sentences
from interpreter.rulefile.ruleset import (
    Family,
    Ruleset,
    StartCriterion,
    StartRule,
    TargetCheck,
    TargetReach,
    Tie,
    Track,
    Undealt,
    Winner,
    double_set,
)
from interpreter.rulefile.trick_rules import (
    Aim,
    AllPass,
    BiddingRules,
    CallRules,
    Combination,
    Contract,
    Declarer,
    DoublePlace,
    FirstLeader,
    LedSuit,
    NamesSuit,
    Rounds,
    TakeTurnUp,
    Ties,
    TrickPlay,
    TrickRules,
    TrickScore,
    TrickStock,
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
        "opp_tricks": "the tricks the other sides took",
        "claimed": f"the {side} claimed the hand",
        "opp_claimed": "another side claimed the hand",
        "closer": f"the {side} closed the stock",
        "opp_closer": "another side closed the stock",
        "tricks_at_close": f"the tricks the {side} had taken when the stock was closed",
        "points_at_close": f"the points the {side} had taken when the stock was closed",
        "opp_tricks_at_close": "the tricks the other sides had taken when the stock was closed",
        "opp_points_at_close": "the points the other sides had taken when the stock was closed",
        "captured": f"the number of tiles the {side} captured",
        "opp_without_tricks": f"the number of other {side}s that took no trick",
        "dropped": f"the {side} dropped out of the hand",
        "walkover": "every other side dropped out of the hand",
        "all_tricks": f"the {side} took every trick",
        "opp_all_tricks": "another side took every trick",
        "opp_best": "the most points any one other side took",
        "dealer": f"the {side} holds the deal",
        "opp_dropped": "the number of players of other sides that dropped out",
        "opp_exchanged": "a player of another side exchanged his hand",
        "last_bonus": "the last trick was taken by a bonus play (tricks.last_bonus)",
        "declared_win": f"the {side}'s declaration ended the hand, won (declaration.wins_when)",
    }


# The names of `tricks.lead_trump` (LEAD_NAMES), of the player about to lead.
LEAD = {
    **names.COUNT,
    "trumps": "the number of trumps the leader holds",
    "tiles": "the number of tiles the leader holds",
    "won_last": "the leader took the last trick",
    "trick": "the number of tricks played this hand",
}

# The names of `tricks.count` and a contract's `rank` (TRICK_TILE_NAMES).
TRICK_TILE = {
    **names.TILE,
    "is_trump": "the tile is a trump",
    "trump": "the trump number",
    "rank": "the tile's rank in the set",
}
_TRUMP_NAMES = frozenset({"is_trump", "trump"})
# The names of `bidding.kitty_discard` (KITTY_TILE_NAMES).
KITTY_TILE = {**TRICK_TILE, "count": "the count"}


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
    elif explain_undealt.applies(ruleset, tricks):
        people.append(explain_undealt.sentence(ruleset, tricks, left))
    elif (tricks.stock is not None and tricks.stock.draw) or (tricks.calls is not None and tricks.calls.exchange):
        people.append("The tiles not dealt form the stock, face down.")
    elif tricks.stock is not None:  # a stock only turned up
        rest = "set aside unseen" if ruleset.deal.undealt is Undealt.DEAD else "stay face down"
        people.append(f"The tiles not dealt form the stock: all but the tile turned up {rest}; nobody draws them.")
    elif tricks.bidding is not None and tricks.bidding.kitty:
        people.append(_kitty(left))
        people += _kitty_discard(tricks.bidding)
    elif ruleset.deal.undealt is Undealt.DEAD:
        people.append("The tiles not dealt are set aside unseen.")
    else:
        people.append("The tiles not dealt stay face down; nobody draws them.")
    out.append(("Players and hands", people))
    out.append(("Starting a hand", _starting(ruleset, tricks)))
    passed_late = explain_passing.sentences(tricks.passing, ruleset.phase_kinds)
    late = passed_late if explain_passing.late(ruleset.phase_kinds) else []
    out.append(("Trumps", _trumps(ruleset, tricks) + late))
    if tricks.contracts:
        out.append(("Special contracts", _contracts(ruleset, tricks)))
    out.append(("Playing a hand", _playing(ruleset, tricks)))
    if tricks.combinations:
        out.append((_TOGETHER, _together(tricks)))
    out.append(("Counting", _counting(ruleset, tricks)))
    scoring = [f"At the end of a hand each {side} scores {words(tricks.hand, hand_names(side))}."]
    if tricks.collector is not None:
        scoring = [settlement_words(tricks, side)]
    if tricks.pair_factor is not None:
        factor = words(tricks.pair_factor, pair_names(side, ruleset.tracks))
        between = f"Every payment between two {side}s (the collector's, and one for a trick)"
        scoring.append(f"{between} is multiplied by {factor}.")
    if tricks.trick_scores:
        said = trick_scores_words(tricks.trick_scores, side)
        scoring.append(f"As soon as a trick is taken, straight into the score: {said}.")
    if tricks.last_bonus:
        bonus = last_bonus_words(tricks.last_bonus)
        scoring.append(f"The last trick earns the bonus (last_bonus) when it is taken by {bonus}.")
    scoring += tracks_sentences(ruleset, side, {**hand_names(side), "gained": f"what the {side} gained in the hand"})
    out.append(("Scoring a hand", scoring))
    out.append(("Winning", _winning(ruleset)))
    return out


def _kitty_discard(bidding: BiddingRules) -> list[str]:
    """`bidding.kitty_discard` in a sentence (none without it)."""
    if bidding.kitty_discard is None:
        return []
    return [
        f"The taker may lay away only tiles for which {words(bidding.kitty_discard, KITTY_TILE)} (under the "
        "trumps named), any tile when none it holds qualifies; a kitty tile it may not lay away stays in its hand."
    ]


def _kitty(left: dict[int, int]) -> str:
    """The tiles left over (`bidding.kitty`), which go to the winner of the auction."""
    if set(left.values()) == {1}:
        return (
            "The tile not dealt (the widow) goes face down to the winner of the auction once trumps are named, who "
            "takes it into their hand and then discards one tile (it or another) face down, out of play, before the "
            "first lead. Nobody else sees the widow or the discard."
        )
    return (
        f"The tiles not dealt (the kitty: {per_count(left, 'tiles')}) go face down to the winner of the auction once "
        "trumps are named, who takes them into their hand and then discards as many tiles face down, out of play, "
        "before the first lead. Nobody else sees the kitty or the discards."
    )


def _starter(rule: StartRule, side: str) -> str:
    if rule.criterion is StartCriterion.RANDOM:
        return "a player chosen at random"
    if rule.criterion is StartCriterion.NEXT_SEAT:
        return "the player after the previous hand's starter"
    if rule.criterion is StartCriterion.PREVIOUS_WINNER:
        if side == "player":
            return "the winner of the previous hand, the player who scored the most in it (nobody after a tie)"
        return (
            f"the winner of the previous hand: of the {side} that scored the most in it, the player who took its last "
            "trick, or else its first player in seat order (nobody after a tie)"
        )
    if rule.criterion in (StartCriterion.LOTS, StartCriterion.LOTS_LOWEST):
        return lots_words(rule)
    assert rule.tile is not None, "the loader allows only random, next_seat, previous_winner, lots and holder here"
    return f"the player holding {_tile(*rule.tile)}"


def starters(rules: tuple[StartRule, ...], side: str = "player") -> str:
    """A hand's start criteria in the order they are tried: "by X; failing that, by Y" (`side`:
    who scores, side_word's word). When the last may pick nobody, the engine draws a seat at random."""
    said = [f"by {_starter(rule, side)}" for rule in rules]
    if rules and rules[-1].criterion in (StartCriterion.PREVIOUS_WINNER, StartCriterion.HOLDER):
        said.append("by a player chosen at random")
    return "; failing that, ".join(said)


def _starting(ruleset: Ruleset, tricks: TrickRules) -> list[str]:
    start = ruleset.start
    side = side_word(ruleset.players)
    out = [f"The first hand is started {starters(start.first_round, side)}"]
    if start.later_rounds != start.first_round:
        out[0] += f"; each later hand, {starters(start.later_rounds, side)}."
    else:
        out[0] += ", and so is every later hand."
    bidding = tricks.bidding
    if not explain_passing.late(ruleset.phase_kinds):
        out += explain_passing.sentences(tricks.passing, ruleset.phase_kinds)
    if bidding is None:
        out.append("There is no bidding.")
        if tricks.calls is not None:
            out += _calls(ruleset, tricks.calls)
        return out + explain_melds.sentences(tricks.melds, side_word(ruleset.players), before=True)
    if bidding.over_turn_up:
        return out + explain_turn_up_auction.auction(ruleset, bidding, _maker_side(ruleset))
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
    out += _bids(bidding, ruleset.start.max_redeals, _worth_marks(tricks), _bidder_side(ruleset))
    return out


def _worth_marks(tricks: TrickRules) -> bool:
    """Whether a bid's marks count: the hand's score reads them (else the bids are said in points)."""
    return "bid_marks" in tricks.hand.names


def _calls(ruleset: Ruleset, calls: CallRules) -> list[str]:
    """What each player may say before the first lead (`calls`)."""
    counts = range(ruleset.players.min, ruleset.players.max + 1)
    choices = ["keep it"]
    if calls.drop:
        choices.append("drop out")
    if calls.exchange:
        choices.append("exchange it")
    out = [f"Before the first lead each player in turn, from the starter, looks at their hand and may {_or(choices)}."]
    if calls.drop:
        only = "" if set(calls.drop) >= set(counts) else f" (with {say_counts(sorted(calls.drop))} players only)"
        side = side_word(ruleset.players)
        out.append(f"A player who drops out{only} lays their hand down and sits the hand out.")
        if side == "player":
            out.append("If all players but one drop out, the hand is not played: it is a walkover for the one left.")
        else:
            out.append(
                f"A {side} drops out when all its players do; if all {side}s but one drop out, the hand is not played: "
                f"it is a walkover for the {side} left."
            )
    if calls.exchange:
        drawn = per_count(calls.exchange, "tiles")
        at = sorted(calls.exchange)
        only = "" if set(at) >= set(counts) else f" (with {say_counts(at)} players only)"
        hand = per_count({n: s for n, s in ruleset.deal.hand_sizes.items() if n in calls.exchange}, "tiles")
        out.append(
            f"A player who exchanges{only} lays their hand face down out of play, draws from the stock ({drawn}) "
            f"and discards down to {hand}; they may only while the stock holds that many."
        )
    return out


def _bids(bidding: BiddingRules, max_redeals: int, marks: bool = True, side: str = "the bidder's side") -> list[str]:
    """The bids (`marks`: what each is worth in marks counts, as the hand's score reads it)."""
    steps = f" in steps of {bidding.step}" if bidding.step != 1 else ""
    worth = f" each is worth {_marks(bidding.marks)}, and" if marks else ""
    out = [
        f"The number bids run from {bidding.min} to {bidding.max}{steps};{worth} {side} must take at least the "
        "number bid in points."
    ]
    if bidding.special:
        named = []
        for bid in bidding.special:
            only = f", bid only over a standing {bid.after}," if bid.after is not None else ""
            worth = f" and is worth {_marks(bid.marks)}" if marks else ""
            named.append(f'"{bid.name}" ({bid.value}){only} must take {bid.make} points{worth}')
        out.append(f"Above them come named bids: {'; '.join(named)}.")
    out += _raise_limit(bidding)
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


def _raise_limit(bidding: BiddingRules) -> list[str]:
    """`bidding.max_raise` and `bidding.names_suit` in sentences (none without them)."""
    out = []
    if bidding.names_suit is not NamesSuit.NONE:
        who = " any suit" if bidding.names_suit is NamesSuit.ANY else " a suit of a tile the bidder holds"
        out.append(
            f"Every bid names a suit with its number, in{who}; the suit of the winning bid is trumps, "
            "with no declaration."
        )
    if bidding.max_raise is not None:
        out.append(
            f"A bid may raise the standing bid by at most {bidding.max_raise}, and the first bid may be at most "
            f"{bidding.max_raise}; the bid of a special contract the bidder's hand meets is exempt."
        )
    return out


def _suits(ruleset: Ruleset) -> str:
    return f"a suit ({PIP_NAMES[0]} to {PIP_NAMES[ruleset.max_pip]})"


def _trumps(ruleset: Ruleset, tricks: TrickRules) -> list[str]:
    out = _pip_order(ruleset, tricks)
    stock = tricks.stock
    if tricks.led_suit is LedSuit.NAMED:
        return [*out, "There are no trumps.", *_top(tricks, trumped=False)]
    if stock is not None and stock.turn_up:
        higher = "its higher end in that order" if tricks.pip_order else "its higher end"
        kept = "it is the last tile drawn" if stock.draw else "it stays face up, out of play"
        if tricks.bidding is not None and tricks.bidding.over_turn_up:
            out += explain_turn_up_auction.turned_up(higher, kept, stock.take_turn_up)
        else:
            out.append(
                f"After the deal a tile of the stock is turned up: {higher} is trumps (a double: its own number); "
                f"{kept}."
            )
        if stock.take_turn_up is TakeTurnUp.DEALER_MAY:
            out.append(
                "The dealer, keeping his hand in the calls, takes the turned-up tile into it and lays one tile away "
                "in its place: one of his own, face down, or the turned-up tile itself, which then stays face up, "
                "out of play (trumps stay as they are)."
            )
    elif tricks.bidding is None:
        if tricks.fixed_trump is None:
            out.append("There are no trumps.")
        else:
            out.append(f"{PIP_NAMES[tricks.fixed_trump].capitalize()} are trumps.")
    elif tricks.bidding.names_suit is not NamesSuit.NONE:
        out.append(f"The suit named with the winning bid is trumps: {_suits(ruleset)}.")
    else:
        said = {
            Trump.SUITS: _suits(ruleset),
            Trump.DOUBLES: "the doubles (a suit of their own)",
            Trump.NONE: 'no trumps ("follow me")',
        }
        choices = [said[t] for t in Trump if t in tricks.trumps]
        out.append(f"The winner of the auction declares trumps: {_or(choices)}.")
        if tricks.contracts:
            out.append("Instead, they may declare one of the special contracts below.")
    if Trump.SUITS in tricks.trumps:
        out.append("Every tile showing the trump number is a trump, and belongs to no other suit.")
    out += explain_bower.sentences(ruleset, tricks)
    place = "highest" if tricks.doubles is DoublePlace.HIGH else "lowest"
    out.append(f"A double is the {place} tile of its suit.")
    if Trump.DOUBLES in tricks.trumps:
        top = ruleset.max_pip
        out.append(f"When the doubles are trumps, they rank by their pips, [{top}|{top}] highest.")
    return out + _top(tricks, trumped=has_trumps(tricks))


def has_trumps(tricks: TrickRules) -> bool:
    """Whether a hand of this game may have trumps."""
    if tricks.led_suit is LedSuit.NAMED:
        return False
    turned = tricks.stock is not None and tricks.stock.turn_up
    return turned or tricks.trumps != {Trump.NONE} or any(c.trumps is Trump.DOUBLES for c in tricks.contracts)


def _top(tricks: TrickRules, *, trumped: bool) -> list[str]:
    """The tiles that take any trick they are played to."""
    if not tricks.top:
        return []
    tiles = _and([_tile(*tile) for tile in tricks.top])
    over = ", even over trumps" if trumped else ""
    if len(tricks.top) == 1:
        return [f"The {tiles} takes any trick it is played to{over}."]
    return [f"The {tiles} each take any trick they are played to{over}: the first of them played wins it."]


def _pip_order(ruleset: Ruleset, tricks: TrickRules) -> list[str]:
    """The order of the numbers, where it is not the usual one: "Blanks rank as sevens: …"."""
    order = tricks.pip_order
    if not order:
        return []
    top = len(order) - 1
    listed = ", ".join(map(str, order))
    usual = [pip for pip in range(top + 1) if pip != order[-1]]
    said = f"the numbers rank {listed}, from the lowest"
    if list(order[:-1]) == usual and top + 1 < len(PIP_NAMES):  # one number moved to the top
        said = f"{PIP_NAMES[order[-1]]} rank as {PIP_NAMES[top + 1]}: {said}"
    said = said[0].upper() + said[1:]
    return [f"{said}; this decides a tile's higher end and its place in a suit."]


# The names of a contract's `requires` (BIDDER_HAND_NAMES), read as of the bidder's hand as dealt.
BIDDER_HAND = {
    **names.COUNT,
    "doubles": "the number of doubles",
    "tiles": "the number of tiles",
    "count": "the count of the tiles",
    "longest": "the most tiles of one suit (its double included)",
}


def bid_name(bidding: BiddingRules, value: int) -> str:
    """A bid by its name in the rules: "1 mark (42)" for a named bid, the number for a number bid."""
    named = next((s.name for s in bidding.special if s.value == value), None)
    return str(value) if named is None else f"{named} ({value})"


def _contracts(ruleset: Ruleset, tricks: TrickRules) -> list[str]:
    if tricks.bidding is not None and tricks.bidding.over_turn_up:
        out = ["Instead of playing the suit made as usual, the player who made it may declare one of these contracts:"]
    else:
        out = ["Instead of naming trumps, the winner of the auction may declare one of these contracts:"]
    out += [f"{ITEM}{contract_words(ruleset, tricks, c)}." for c in tricks.contracts]
    side = _bidder_side(ruleset)
    out.append(f"A special contract is made, for the score of the hand, when {side} does what it must.")
    return out


def _bidder_side(ruleset: Ruleset) -> str:
    return "the bidder's side" if ruleset.players.team_counts else "the bidder"


def _maker_side(ruleset: Ruleset) -> str:
    """Who must make the mark after an auction over the turned-up suit."""
    return "the maker's side" if ruleset.players.team_counts else "the maker"


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
        bid = bid_name(bidding, contract.bid)
        also = ", in the usual order or out of it," if _on_the_ladder(bidding, contract.bid) else ""
        clauses.append(
            f"a player holding such a hand may bid {bid} over any lower bid, out of the usual order; one who wins the "
            f"auction with {bid}{also} while holding such a hand must declare {contract.name}"
        )
    partner = contract.declarer is Declarer.PARTNER
    declarer = "the bidder's partner" if partner else "the bidder"
    leads = partner or tricks.first_leader is FirstLeader.STARTER  # else the winner of the auction leads as usual
    if contract.trumps is None and bidding.over_turn_up:
        clauses.append("under the suit made trumps in the auction" + (f"; {declarer} leads" if leads else ""))
    elif contract.trumps is None:
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
            f"trick ({_among_equals(tricks, 'the first played, among equals')})"
        )
    elif contract.doubles_declared:
        clauses.append(
            f"{declarer}, on declaring it, announces where the doubles rank: {_PLACES_ANNOUNCED}".format(
                top=ruleset.max_pip
            )
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
    if contract.score is not None:
        who = side_word(ruleset.players)
        scored = words(contract.score, hand_names(who))
        clauses.append(f"each {who} then scores {scored}, not the usual score of a hand")
    return f"{contract.name}: {'; '.join(clauses)}"


def pair_names(side: str, tracks: tuple[Track, ...] = ()) -> dict[str, str]:
    """The names of `scoring.pair_factor` (PAIR_NAMES, and the `tracks`), for a payment between two sides."""
    return {
        **{track.name: f"the {side}'s {track.name.replace('_', ' ')}" for track in tracks},
        **{f"opp_{track.name}": f"the other {side}'s {track.name.replace('_', ' ')}" for track in tracks},
        **names.COUNT,
        "started": f"the {side} paying or being paid holds the hand's starter",
        "opp_started": f"the other {side} of the payment holds the hand's starter",
        "settling": "the payment is the hand's settlement (not a trick's)",
    }


def settlement_words(tricks: TrickRules, side: str) -> str:
    """A hand settled with one collector (`scoring.collector`), in a sentence."""
    assert tricks.collector is not None
    who = words(tricks.collector, hand_names(side))
    scored = words(tricks.hand, hand_names(side))
    return (
        f"At the end of a hand the {side} for which {who} collects from every other {side}: each other {side} "
        f"scores {scored}, and the collector scores minus what they score together (when that holds for no "
        f"{side}, or for several, each {side} scores that)."
    )


def trick_scores_words(scores: tuple[TrickScore, ...], side: str) -> str:
    """`tricks.trick_scores` in words: "when 0-0 and the double of trumps are played to one trick,
    the player who takes it scores 1; when the Gee Joon takes a trick, the player who took it
    collects 2 from each other player"."""
    said = []
    for score in scores:
        if score.play is not None:
            when = f"when {last_bonus_words((score.play,))} takes a trick"
        elif len(score.played) > 1:
            tiles = ["the double of trumps" if tile is None else _tile(*tile) for tile in score.played]
            when = f"when {_and(tiles)} are played to one trick"
        else:
            tile = score.played[0]
            when = f"when {'the double of trumps' if tile is None else _tile(*tile)} is played to a trick"
        paid = f"collects {score.points} from each other {side}" if score.from_each else f"scores {score.points}"
        said.append(f"{when}, the {side} who takes it {paid}")
    return "; ".join(said)


def last_bonus_words(plays: tuple[TrickPlay, ...]) -> str:
    """The plays of `tricks.last_bonus`: "any quartet, the Gee Joon, or 1-2 alone"."""
    said = []
    for play in plays:
        if play.tiles:
            tiles = " ".join(_tile(*tile) for tile in play.tiles)
            said.append(f"{tiles} alone" if len(play.tiles) == 1 else f"exactly {tiles}")
        else:
            said.append(f"the {play.name}" if play.name else f"any {play.kind}")
    return _or(said)


def _on_the_ladder(bidding: BiddingRules, value: int) -> bool:
    """Whether `value` is also a bid of the usual order (a number bid, or a named bid's value)."""
    numbered = bidding.min <= value <= bidding.max and (value - bidding.min) % bidding.step == 0
    return numbered or any(bid.value == value for bid in bidding.special)


_DOUBLES_IN_CONTRACT = {
    DoublePlace.HIGH: "a double is the highest tile of its suit",
    DoublePlace.LOW: "a double is the lowest tile of its suit",
    DoublePlace.OWN_SUIT: "doubles form a suit of their own, [{top}|{top}] highest",
    DoublePlace.OWN_SUIT_LOW: "doubles form a suit of their own, [0|0] highest",
}
# contracts[].doubles: declared, in words: the four places a declarer may announce.
_PLACES_ANNOUNCED = (
    "highest or lowest in their suits, or a suit of their own with [{top}|{top}] highest (own_suit) or with [0|0] "
    "highest (own_suit_low)"
)


def _ranking(ruleset: Ruleset, contract: Contract) -> str:
    """How the tiles of a ranked contract rank: by their pips when the rank reads only the pips
    ("tiles of 7 pips rank highest, then 6 or 8, …"), else the rank formula in words."""
    assert contract.rank is not None
    rules = ruleset.for_players(ruleset.players.min)
    env = {"players": ruleset.players.min, "max_pip": rules.max_pip, "set_size": rules.set_size}
    by_pips: dict[int, set[int]] = {}
    named = ruleset.tricks.named if ruleset.tricks is not None else ()
    for low, high, tile_rank in ranked_tiles(rules.max_pip, rules.tiles, named):
        rank = contract.rank(tile_env(env, low, high, rank=tile_rank))  # evaluated for every tile when the file loaded
        by_pips.setdefault(low + high, set()).add(rank)
    if any(len(ranks) > 1 for ranks in by_pips.values()) or len(ruleset.by_count.get("max_pip", {})) > 1:
        return f"a tile ranks by {words(contract.rank, TRICK_TILE)}, the higher the better"
    levels: dict[int, list[int]] = {}
    for pips, ranks in sorted(by_pips.items()):
        levels.setdefault(next(iter(ranks)), []).append(pips)
    ordered = [_or([str(p) for p in pips]) for _, pips in sorted(levels.items(), reverse=True)]
    if len(ordered) == 1:
        return "every tile ranks the same"
    return f"tiles rank by their pips, highest first: {', then '.join(ordered)}"


def _among_equals(tricks: TrickRules, usual: str) -> str:
    """Who takes a trick among equally ranked tiles (tricks.ties); `usual`: the words for the first played."""
    if tricks.ties is Ties.BIDDER_SIDE:
        return (
            "among equal tiles, one played by the winner of the auction or a partner, over an opponent's played "
            "before it (a tie does not set the bidder), else the first played"
        )
    return usual


def _playing(ruleset: Ruleset, tricks: TrickRules) -> list[str]:
    leader = "winner of the auction" if tricks.first_leader is FirstLeader.BIDDER else "starter"
    if tricks.combinations:
        out = [
            f'The {leader} leads the first trick: one tile, or tiles together (see "{_TOGETHER}" below); each other '
            "player in turn then plays as many tiles. The player who takes a trick captures every tile played to it, "
            "and leads the next."
        ]
    else:
        out = [
            f"The {leader} leads the first trick, and each player in turn plays one tile to it; the winner of a trick "
            "leads the next."
        ]
    if tricks.first_leader is FirstLeader.STARTER_OR_NEXT:
        out.append(
            "The starter may instead hand the first lead to the next player (pass), who must then lead; the "
            "starter plays last to that trick."
        )
    stock = tricks.stock
    if tricks.lead_trump is not None:
        out.append(f"A leader who holds a trump must lead one when {words(tricks.lead_trump, LEAD)}.")
    if tricks.led_suit is LedSuit.NAMED:
        suit = f"a led tile's suit is its own in the set: {_or(_suit_names(ruleset))}"
    elif tricks.led_suit is LedSuit.LEADER_NAMES and tricks.doubles_callable:
        suit = (
            "the leader says which end of the tile they lead is its suit; a double led may be called its own "
            "number or the doubles, which every double follows, the highest by pips taking the trick (a trump "
            "is only trumps)"
        )
    elif tricks.led_suit is LedSuit.LEADER_NAMES:
        suit = (
            "the leader says which end of the tile they lead is its suit (a double is its own number, a trump "
            "only trumps)"
        )
    else:
        suit = "a led tile's suit is its higher end, a double its own number, a trump only trumps"
    follows = (
        "A tile follows a suit when it belongs to it"
        if tricks.led_suit is LedSuit.NAMED
        else "A tile follows a suit when it shows that number and is not a trump"
    )
    free = stock is not None and stock.free_while_open
    if free:
        out.append("While the stock is neither empty nor closed, you may play any tile; the rules below apply after.")
    if tricks.must_follow:
        out.append(
            f"You must follow the suit led when you can: {suit}. {follows}; a player who cannot follow may play any "
            "tile" + (", but see below." if tricks.must_trump else ".")
        )
    else:
        out.append(f"You may play any tile; nobody has to follow the suit led ({suit}).")
    if tricks.must_trump:
        tops = f"the {_or([_tile(*tile) for tile in tricks.top])}" if tricks.top else ""
        if not has_trumps(tricks):  # the top tiles are all there is to trump with
            out.append(f"A player who cannot follow must play {tops} if they hold it.")
        else:
            also = f" (or {tops})" if tops else ""
            out.append(f"A player who cannot follow must play a trump{also} if they hold one.")
    if tricks.must_beat:
        out.append(
            "Of the tiles they may play, a player must play one that would take the trick as it stands, if they "
            "have one."
        )
    if tricks.led_suit is LedSuit.NAMED:
        one = "When one tile is led, the" if tricks.combinations else "The"
        equals = _among_equals(tricks, "among equal tiles, the first played")
        out.append(f"{one} highest-ranked tile of the suit led wins the trick; {equals}.")
        if tricks.combinations:
            out.append(
                "When tiles are led together, the highest combination of their kind played to the trick wins it."
            )
        out += [_face_down(tricks)] if tricks.face_down else []
        out += _forfeit_last(tricks)
        out.append(f"Within a suit the tiles rank as the set gives them, highest first: {_suit_ranks(ruleset)}.")
    else:
        if not has_trumps(tricks):
            out.append("The highest tile of the suit led wins the trick.")
        else:
            out.append("The highest trump played wins the trick; without a trump, the highest tile of the suit led.")
        out += [_face_down(tricks)] if tricks.face_down else []
        order = ", in the order of the numbers above" if tricks.pip_order else ""
        out.append(f"Within a suit a tile ranks by its other number{order}.")
    if stock is not None and stock.draw:
        out.append("After each trick its winner, then the others in turn, draw a tile from the stock while it lasts.")
    if stock is not None and stock.close:
        bonus = ", and the last trick earns no bonus this hand" if tricks.last_trick else ""
        out.append(
            "A player about to lead who has taken a trick this hand may close the stock instead of leading at once: "
            f"nobody draws again{bonus}."
        )
    out += explain_declaration.sentences(tricks.declaration, side_word(ruleset.players))
    out += explain_melds.sentences(tricks.melds, side_word(ruleset.players), before=False)
    if tricks.stop_when is not None:
        side = side_word(ruleset.players)
        out.append(
            f"After each trick, if for a {side} {words(tricks.stop_when, hand_names(side))}, the hand stops at once: "
            f"that {side} claims it."
        )
    if tricks.stop_when_decided:
        what = "its bid or contract" if tricks.contracts else "its bid"
        out.append(f"Play stops as soon as it is certain whether the bidder's side makes {what}.")
    return out


def _face_down(tricks: TrickRules) -> str:
    """What `tricks.face_down` does, in a sentence."""
    beat = "a tile that does not beat the best so far"
    if tricks.combinations:
        beat += ", or tiles that do not make a higher combination of the same kind"
    return (
        f"A play that does not take the lead of the trick ({beat}) is laid face down: the other players never see "
        "its tiles. The player who takes the trick captures them with the rest."
    )


def _forfeit_last(tricks: TrickRules) -> list[str]:
    """Who may not take a last trick led with one tile (`tricks.forfeit_last`), in a sentence."""
    if tricks.forfeit_last is None:
        return []
    how = "lays it face down, even one that would beat" if tricks.face_down else "plays it, even one that would beat"
    return [
        f"When the last trick is led with one tile, {_forfeiter(tricks.forfeit_last)} {how}: he cannot take that "
        "trick."
    ]


def _forfeiter(condition: Any) -> str:
    """Who may not take a last trick led with one tile (`tricks.forfeit_last`), in words."""
    return f"a player for whom {words(condition, hand_names('player'))}"


_TOGETHER = "Tiles led together"


def _article(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def places_words(combination: Combination) -> str:
    """A combination's tiles, place by place: "6-6 6-6", "6-6 with either 3-6 or 4-5"."""
    fixed = [_tile(*place[0]) for place in combination.tiles if len(place) == 1]
    choices = [f"either {_or([_tile(*tile) for tile in place])}" for place in combination.tiles if len(place) > 1]
    said = " ".join(fixed)
    if choices:
        said += (" with " if fixed else "") + " and ".join(choices)
    return said


def combination_words(combination: Combination) -> str:
    """A combination by its name and tiles: "pair of Heavens (6-6 6-6)", "Jaap Gow (mixed nines:
    3-6 4-5)" for a name that ends in words of its own between brackets."""
    if combination.name.endswith(")"):
        return f"{combination.name[:-1]}: {places_words(combination)})"
    return f"{combination.name} ({places_words(combination)})"


def _kinds(tricks: TrickRules) -> dict[str, list[Combination]]:
    """The combinations by kind, the kinds in the order of the file, each from its highest rank
    (equal ranks in the order of the file)."""
    kinds: dict[str, list[Combination]] = {}
    for combination in tricks.combinations:
        kinds.setdefault(combination.kind, []).append(combination)
    return {kind: sorted(listed, key=lambda c: -c.rank) for kind, listed in kinds.items()}


def _together(tricks: TrickRules) -> list[str]:
    """The combinations that may be led (`tricks.combinations`), kind by kind from the highest."""
    kinds = _kinds(tricks)
    sizes = sorted({len(c.tiles) for c in tricks.combinations})
    example = next((kind for kind, listed in kinds.items() if len(listed) > 1), None)
    such = f": {_article(example)} beats only a lower {example}" if example is not None else ""
    out = [
        f"Instead of one tile, the leader may lead {_or([str(n) for n in sizes])} tiles together when they make one "
        "of the combinations below. Each other player then plays as many tiles, any they hold. Tiles played "
        f"together take the lead of the trick only when they make a combination of the same kind as the best so "
        f"far, ranked higher{such}. Of equal combinations the first played keeps the lead. The combinations, "
        "kind by kind, each from the highest:"
    ]
    for kind, listed in kinds.items():
        counts = _or([str(n) for n in sorted({len(c.tiles) for c in listed})])
        levels: list[list[Combination]] = []
        for combination in listed:
            if levels and levels[-1][0].rank == combination.rank:
                levels[-1].append(combination)
            else:
                levels.append([combination])
        said = ", ".join(" = ".join(combination_words(c) for c in level) for level in levels)
        if len(listed) == 1:
            said += ", the only one of its kind: nothing beats it, and it beats nothing"
        out.append(f"{ITEM}{kind} ({counts} tiles): {said}.")
    return out


def _suit_names(ruleset: Ruleset) -> list[str]:
    """The suits of a set that names them (`tricks.led_suit: named`), in the order of the file."""
    return list(dict.fromkeys(about.suit for _, about, _ in listed_set(ruleset) if about is not None))


def _suit_ranks(ruleset: Ruleset) -> str:
    """Each named suit's tiles from the highest rank: "civil: 6-6 (Heaven), then 1-1 (Earth), …"."""
    parts = []
    for suit in _suit_names(ruleset):
        ranks: dict[int, list[str]] = {}
        for tile, about, _ in listed_set(ruleset):
            if about is not None and about.suit == suit:
                label = tile_label(tile, about, suits=False)
                if label not in ranks.setdefault(about.rank, []):
                    ranks[about.rank].append(label)
        levels = [_or(labels) for _, labels in sorted(ranks.items(), reverse=True)]
        parts.append(f"{suit}: {', then '.join(levels)}")
    return "; ".join(parts)


def _tile_values(tricks: TrickRules, ruleset: Ruleset, players: int) -> dict[int, list[tuple[int, int]]]:
    """The tiles of the set by what they count (each tile once), without trumps."""
    rules = ruleset.for_players(players)
    env = {"players": players, "max_pip": rules.max_pip, "set_size": rules.set_size}
    values: dict[int, list[tuple[int, int]]] = {}
    for low, high, rank in ranked_tiles(rules.max_pip, rules.tiles, tricks.named):
        value = _counted(tricks, env, low, high, rank)
        if value and (low, high) not in values.get(value, []):
            values.setdefault(value, []).append((low, high))
    return values


def _count_tiles(tricks: TrickRules, ruleset: Ruleset, players: int) -> str:
    """The tiles that count, grouped by value from the highest: "5-5 and 4-6 count 10; 0-5, … count 5"."""
    values = _tile_values(tricks, ruleset, players)
    if sum(map(len, values.values())) > _MOST_LISTED or tricks.count.names & _TRUMP_NAMES:
        return f"a tile counts {words(tricks.count, TRICK_TILE)}"
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
    side = side_word(ruleset.players)
    takes = "they take in their" if side == "player" else "it takes in its"
    out = [f"A {side} counts the tiles {takes} tricks: {tiles}{each}."]
    if tricks.count.constant == 0 and not tricks.trick_points:  # only the hand's score says anything
        out = ["Neither a trick nor the tiles in it count anything by themselves: see how a hand is scored."]
    if tricks.count.constant == 0 and tricks.trick_points:  # only the tricks count
        taker = f"the {side} {'who' if side == 'player' else 'that'} takes it"
        out = [f"Each trick counts {tricks.trick_points} to {taker}; the tiles in it count nothing."]
    if tricks.last_trick:
        closed = " (not in a hand whose stock was closed)" if tricks.stock is not None and tricks.stock.close else ""
        out.append(f"The last trick counts {tricks.last_trick} more{closed}.")
    # Every tile is played, or taken with a trick (deal.undealt: first_trick / last_trick).
    drawn = (tricks.stock is not None and tricks.stock.draw) or explain_undealt.taken(ruleset)
    if tricks.combinations and tricks.trick_points:
        return out  # tiles led together make fewer tricks: what a hand holds in all varies
    full = {
        n: size for n, size in ruleset.deal.hand_sizes.items() if drawn or ruleset.for_players(n).set_size == n * size
    }
    if full and tricks.count.constant is None and not tricks.count.names & _TRUMP_NAMES:
        totals = {n: _total(ruleset, tricks, n, ruleset.for_players(n).set_size // n) for n in full}
        held = per_count(totals, "points")
        if len(set(totals.values())) == 1 and len(full) < len(ruleset.deal.hand_sizes):
            held += f" with {say_counts(sorted(full))} players"  # the only counts that deal every tile
        out.append(f"A hand holds {held} in all.")
    return out


def _counted(tricks: TrickRules, env: dict[str, int], low: int, high: int, rank: int = 0) -> int:
    """What the tile low-high counts without trumps (the loader evaluated it for every tile under
    every trump, so it does not fail)."""
    value = tricks.count(tile_env(env, low, high, rank=rank))
    assert isinstance(value, int), "tricks.count is a number formula"
    return value


def _total(ruleset: Ruleset, tricks: TrickRules, players: int, size: int) -> int:
    """What a hand holds when every tile is played: the count of the whole set, every trick, the bonus."""
    rules = ruleset.for_players(players)
    env = {"players": players, "max_pip": rules.max_pip, "set_size": rules.set_size}
    tiles = ranked_tiles(rules.max_pip, rules.tiles, tricks.named)
    count = sum(_counted(tricks, env, low, high, rank) for low, high, rank in tiles)
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
    if end.pool is not None:
        said = pool_words(end.pool, ruleset, hand_names(side))
        out.append(f"{said[0].upper()}{said[1:]}.")
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
    "tricks.bidding.max_raise": "the largest raise",
    "tricks.bidding.names_suit": "the suit a bid names",
    "tricks.bidding.kitty_discard": "what the kitty's taker may lay away",
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
    "tricks.stock.turn_up": "turning up a tile of the stock for trumps",
    "tricks.stock.draw": "drawing from the stock after each trick",
    "tricks.stock.close": "closing the stock",
    "tricks.stock.free_while_open": "playing any tile while the stock is open",
    "tricks.stock.take_turn_up": "taking the turned-up tile",
    "tricks.must_trump": "trumping when unable to follow",
    "tricks.must_beat": "beating the trick when able",
    "tricks.top": "which tiles take any trick",
    "tricks.pip_order": "the order of the numbers",
    "tricks.led_suit": "the suit a tile led calls for",
    "tricks.ties": "who takes a trick among equally ranked tiles",
    "tricks.lead_trump": "when a leader holding a trump must lead one",
    "tricks.stop_when": "when a side's claim stops the hand",
    "tricks.calls.drop": "dropping out of a hand",
    "tricks.calls.exchange": "exchanging a hand",
    "tricks.named": "what the set says of its tiles (names, suits, ranks)",
    "tricks.face_down": "laying face down a play that does not take the lead of its trick",
    "tricks.forfeit_last": "who cannot take a last trick of single tiles",
    "tricks.last_bonus": "the plays that earn the last trick's bonus (last_bonus)",
    "tricks.trick_scores": "the points scored as a trick is taken",
    "tricks.collector": "who collects from every other side at a hand's end",
    "tricks.pair_factor": "what a payment between two sides is multiplied by",
    **explain_passing.LABELS,
    **explain_declaration.LABELS,
    **explain_melds.LABELS,
    **explain_undealt.LABELS,
    "tricks.doubles_callable": "calling the doubles as the suit led",
    **explain_bower.LABELS,
    **explain_turn_up_auction.LABELS,
}  # tricks.contracts and tricks.combinations: said one by one (contract_changes, combination_changes)

ENUM_WORDS: dict[enum.Enum, str] = {
    Family.LAYOUT: "a layout game",
    Family.TRICKS: "a trick-taking game",
    AllPass.REDEAL: "a redeal",
    NamesSuit.NONE: "none (the winner declares trumps)",
    NamesSuit.ANY: "any suit",
    NamesSuit.HOLDER: "a suit the bidder holds",
    TakeTurnUp.NONE: "nobody",
    TakeTurnUp.DEALER_MAY: "the dealer, keeping his hand, for a discard",
    AllPass.FORCED: "a forced bid",
    DoublePlace.HIGH: "highest",
    DoublePlace.LOW: "lowest",
    FirstLeader.BIDDER: "the winner of the auction",
    FirstLeader.STARTER: "the hand's starter",
    FirstLeader.STARTER_OR_NEXT: "the hand's starter, or the next player if the starter hands it on",
    Rounds.ONCE: "one round",
    Rounds.UNTIL_PASSES: "round after round, until all but the highest bidder have passed",
    LedSuit.HIGHER_END: "its higher end",
    LedSuit.LEADER_NAMES: "the end the leader names",
    LedSuit.NAMED: "its suit in the set",
    Ties.FIRST_PLAYED: "the first played",
    Ties.BIDDER_SIDE: "the auction winner's side, over an opponent's played before it",
    **explain_passing.ENUM_WORDS,
    **explain_declaration.ENUM_WORDS,
    **explain_melds.ENUM_WORDS,
    **explain_undealt.ENUM_WORDS,
    **explain_bower.ENUM_WORDS,
    **explain_turn_up_auction.ENUM_WORDS,
}

BOOLEAN_WORDS = {
    "tricks.must_follow": ("compulsory", "not required"),
    "tricks.must_trump": ("compulsory", "not required"),
    "tricks.must_beat": ("compulsory", "not required"),
    "tricks.stop_when_decided": ("yes", "no, every trick is played"),
    "tricks.bidding.kitty": ("yes", "no"),
    "tricks.face_down": ("yes, unseen", "no, every play face up"),
    **explain_undealt.BOOLEAN_WORDS,
    **explain_declaration.BOOLEAN_WORDS,
    **explain_melds.BOOLEAN_WORDS,
    "tricks.doubles_callable": ("yes, a double led may call the doubles", "no, a double leads its own number"),
}


def compared(fields: dict[str, Any]) -> None:
    """A trick ruleset's leaves as `explain --diff` compares them: no stock, or no calls, compares as
    a stock or calls that do nothing, so adding one says what it does, key by key."""
    for path, nothing in (
        ("tricks.stock", TrickStock()), ("tricks.calls", CallRules()), ("tricks.passing", explain_passing.NOTHING),
    ):  # fmt: skip
        if path in fields and fields[path] is None:
            del fields[path]
            fields.update({f"{path}.{f.name}": getattr(nothing, f.name) for f in dataclasses.fields(nothing)})


def _listed(ruleset: Ruleset) -> str:
    """A set `set.tiles` lists, for `explain --diff`: "32 tiles: 6-6 ×2, 1-1 ×2, …"."""
    tiles: dict[tuple[int, int], int] = {}
    for tile in ruleset.tiles:
        tiles[tile] = tiles.get(tile, 0) + 1
    said = [_tile(*tile) + (f" ×{copies}" if copies > 1 else "") for tile, copies in tiles.items()]
    return f"{len(ruleset.tiles)} tiles: {', '.join(said)}"


def say(path: str, value: Any, ruleset: Ruleset) -> str | None:
    """A trick section's value in words for `explain --diff`, or None for a value said the usual way."""
    if path in ("tricks.hand", "tricks.stop_when") and value is not None:
        return words(value, hand_names(side_word(ruleset.players)))
    if path == "tricks.stop_when":
        return "none, every trick is played"
    if path == "tricks.forfeit_last":
        return "nobody" if value is None else _forfeiter(value)
    if path == "tricks.last_bonus":
        return last_bonus_words(value) if value else "none"
    if path == "tricks.collector":
        nobody = "nobody: each side scores by scoring.hand"
        return nobody if value is None else words(value, hand_names(side_word(ruleset.players)))
    if path == "tricks.pair_factor":
        return "1" if value is None else words(value, pair_names(side_word(ruleset.players), ruleset.tracks))
    if path == "tricks.trick_scores":
        return trick_scores_words(value, side_word(ruleset.players)) if value else "none"
    if path == "tricks.lead_trump":
        return "never" if value is None else words(value, LEAD)
    if path == "tricks.count" and value is not None:
        return words(value, TRICK_TILE)
    if path == "tricks.top":
        return _and([_tile(*tile) for tile in value]) if value else "none"
    if path == "tricks.pip_order":
        return ", ".join(map(str, value)) + ", from the lowest" if value else "the usual order (0 lowest)"
    if path == "tricks.calls.drop":
        counts = range(ruleset.players.min, ruleset.players.max + 1)
        if not value:
            return "no"
        return "yes" if value >= set(counts) else f"with {say_counts(sorted(value))} players"
    if path == "tricks.calls.exchange":
        return say_by_count(value, lambda drawn: f"{drawn} tiles drawn") if value else "no"
    if path.startswith("tricks.passing."):
        return explain_passing.say(path, value)
    if path.startswith("tricks.declaration."):
        return explain_declaration.say(path, value)
    if path.startswith("tricks.melds"):
        return explain_melds.say(path, value)
    if path == "tricks.joins":
        return explain_bower.say(path, value)
    if path == "tricks.named":
        if not value:
            return "nothing"
        return "; ".join(tile_label(tile, about) for tile, about, _ in listed_set(ruleset))
    if path == "tricks.trumps":
        said = {Trump.SUITS: "a suit", Trump.DOUBLES: "the doubles", Trump.NONE: "no trumps"}
        return _or([said[t] for t in Trump if t in value])
    if path == "tricks.fixed_trump" and value is not None:
        return PIP_NAMES[value] if value < len(PIP_NAMES) else str(value)
    if path == "tiles":  # the set as played: what it leaves out of the complete set, or the tiles listed
        if not value:
            return f"the complete double-{ruleset.max_pip} set"
        if not left_out(ruleset):
            return _listed(ruleset)
        out = sorted(set(double_set(ruleset.max_pip)) - set(value), key=lambda tile: (tile[1], tile[0]))
        return f"without {', '.join(f'{low}-{high}' for low, high in out)}"
    if path == "tricks.bidding.kitty_discard":
        return "any tile" if value is None else f"tiles for which {words(value, KITTY_TILE)}"
    if path == "tricks.bidding.max_raise":
        return "any" if value is None else str(value)
    if path == "tricks.bidding.special":
        bids = []
        for s in value:
            over = "" if s.after is None else f" over {s.after}"
            bids.append(f"{s.name} ({s.value}{over}, makes {s.make}, worth {_marks(s.marks)})")
        return "; ".join(bids) or "none"
    return None


def auction(ruleset: Ruleset) -> str:
    """The auction of a ruleset whose counterpart has none, in a sentence."""
    tricks = ruleset.tricks
    assert tricks is not None and tricks.bidding is not None
    if tricks.bidding.over_turn_up:
        return " ".join(explain_turn_up_auction.auction(ruleset, tricks.bidding, _maker_side(ruleset)))
    return " ".join(_bids(tricks.bidding, ruleset.start.max_redeals, _worth_marks(tricks), _bidder_side(ruleset)))


# What `explain --diff` calls each part of a contract, and how it says each part's value.
_CONTRACT_LABELS = {
    "min_bid": "the lowest bid",
    "requires": "the hand it needs",
    "bid": "the bid that binds to it",
    "trumps": "its trumps",
    "declarer": "who names trumps and leads",
    "doubles": "a double's place",
    "doubles_declared": "who places the doubles",
    "partner_out": "the bidder's partner",
    "aim": "what the bidder's side must take",
    "rank": "the rank of a tile",
    "score": "its score",
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
    if part == "score":
        return "the usual score of a hand" if value is None else words(value, hand_names(side_word(ruleset.players)))
    if part == "doubles_declared":
        return "the declarer" if value else "the rule file"
    said: dict[Any, str] = {
        None: "named by the declarer",
        Trump.NONE: "no trumps",
        Trump.DOUBLES: "the doubles",
        Declarer.BIDDER: "the bidder",
        Declarer.PARTNER: "the bidder's partner",
        DoublePlace.HIGH: "highest in its suit",
        DoublePlace.LOW: "lowest in its suit",
        DoublePlace.OWN_SUIT: "a suit of their own",
        DoublePlace.OWN_SUIT_LOW: "a suit of their own, [0|0] highest",
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


def _kinds_said(combinations: tuple[Combination, ...]) -> str:
    """Combinations in a few words: "32 combinations of 7 kinds: Supreme pair, civil pair, …"."""
    kinds = list(dict.fromkeys(c.kind for c in combinations))
    many = f"{len(combinations)} combination{'s' if len(combinations) > 1 else ''}"
    return f"{many} of {len(kinds)} kind{'s' if len(kinds) > 1 else ''}: {', '.join(kinds)}"


def _by_kind(combinations: list[Combination], verb: str, *, ranks: bool) -> list[str]:
    """Combinations added or dropped, one entry per kind: "Drops 2 combinations of the kind civil
    pair: pair of Men (4-4 4-4), pair of Geese (1-3 1-3)."."""
    kinds: dict[str, list[Combination]] = {}
    for combination in combinations:
        kinds.setdefault(combination.kind, []).append(combination)
    out = []
    for kind, listed in kinds.items():
        said = [combination_words(c) + (f", of rank {c.rank}" if ranks else "") for c in listed]
        many = f"{len(listed)} combinations" if len(listed) > 1 else "a combination"
        out.append(f"{verb} {many} of the kind {kind}: {'; '.join(said) if ranks else ', '.join(said)}.")
    return out


def combination_changes(a: Ruleset, b: Ruleset) -> list[str]:
    """What `a` changes relative to `b` in the tiles that may be led together: leading together
    added or dropped as a whole, else the combinations added and dropped (one entry per kind), and
    each one changed, part by part (matched by name; their order is only the order they are listed)."""
    assert a.tricks is not None and b.tricks is not None
    old = {c.name: c for c in b.tricks.combinations}
    new = {c.name: c for c in a.tricks.combinations}
    if not old and new:
        return [f"Adds tiles led together: {_kinds_said(a.tricks.combinations)}."]
    if old and not new:
        return [
            f"Drops tiles led together: one tile is led at a time. {b.name} has {_kinds_said(b.tricks.combinations)}."
        ]
    out = []
    for name, combination in new.items():
        was = old.get(name)
        if was is None:
            continue
        if was.tiles != combination.tiles:
            before, after = places_words(was), places_words(combination)
            out.append(f"The combination {name}: its tiles change from {before} to {after}.")
        if was.kind != combination.kind:
            out.append(f"The combination {name}: its kind changes from {was.kind} to {combination.kind}.")
        if was.rank != combination.rank:
            out.append(f"The combination {name}: its rank changes from {was.rank} to {combination.rank}.")
    out += _by_kind([c for name, c in new.items() if name not in old], "Adds", ranks=True)
    out += _by_kind([c for name, c in old.items() if name not in new], "Drops", ranks=False)
    return out
