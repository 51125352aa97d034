"""`counter`: the rule-of-thumb player for trick games, the baseline a person would write.

It never searches and draws nothing at random: every choice follows from the seat's observation
and the rules (through the engine's trick tables: the count of each tile, the bids, the
declarations and the suits each declaration makes), so nothing here names a game.

- Bidding: for each declaration it could make, it counts the tricks its hand should take —
  the top trumps it holds in an unbroken run from the highest, a share of its other trumps,
  and the off-suit tiles nothing unseen outranks (a high double, then the tiles below it in a
  run) — and turns them into points (`estimate`): each trick's points, the count on its own
  winners, a share of the others' count (all of it on a hand that takes every trick for
  certain), and half of what is left for a partner (a share measured: bench/ai_42.py
  calibrate). It bids the highest legal bid whose `make` is within the best estimate (among
  equal makes, the fewest marks, unless the hand takes everything for certain), or passes. It
  passes when its partner holds the standing bid, bids the lowest bid when it may not pass, and,
  as the last seat to speak after everyone passed, bids the lowest bid on a hand within
  `LAST_SEAT_SLACK` of it rather than throw the deal in.
- Where the rules make taking tricks hurt (`direction.taking_pays`: the lowest total wins, or
  the hand's score falls as a side takes more), it passes, declares what its hand takes least
  under, and plays to lose tricks and load the others' with count (`_Table.duck`).
- Declaring: what it counted the bid on: the declaration of the best estimate (which in
  practice is the suit it holds most of, a run of doubles making "doubles" win); ties go to
  more trumps, then the higher suit.
- Leading: its highest trump while an opponent may still hold one (when that trump is the
  highest unseen one, or its side named trumps: drawing trumps is the declarer's job), then a
  tile nothing unseen outranks in its suit and no opponent can trump (the high doubles first,
  count first), else its lowest tile.
- Following: when the partner takes the trick and no opponent still to play can beat it, it
  throws its richest count tile; when an opponent leads the trick and a tile of its own wins
  it for certain, it wins with the cheapest such tile; otherwise it plays its lowest tile
  (least count, then not a trump, then the lowest rank).
- Where the leader names the suit of a led tile, it names the end under which the tile ranks
  highest (a 6-3 led as threes is the best three after the double).
- Calls before the first lead: it keeps a hand that holds a top tile or two trumps (or one trump,
  where it may not drop out); otherwise it exchanges it when it may, else drops out when it may,
  else keeps it. It never closes a stock.
- Tiles played together (`tricks.combinations`): it leads its strongest combination, else its
  highest tile; it follows with the cheapest play that takes the lead, else lays its lowest tiles.

On a layout (its part per board: `COUNTER_BOARDS`) it plays as `heavy` does, so every player
plays every game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple, TypeVar

from interpreter.engine import Action, Observation, actions
from interpreter.engine.actions import BID, DISCARD, DOUBLES, DROP, EXCHANGE, GIVE, KEEP, MELD, PASS, PICK, PLAY, TRUMPS
from interpreter.engine.counting import policy as counting_policy
from interpreter.engine.draw_discard import policy as draw_discard_policy
from interpreter.engine.tableau.policy import by_totals
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.picks import pick_towards
from interpreter.engine.tricks.suits import Declaration, Suits
from interpreter.engine.tricks.tables import TrickTables, trick_tables_for
from interpreter.players import splitting
from interpreter.players.direction import taking_pays
from interpreter.players.heavy import HeavyPlayer
from interpreter.rulefile.phase_kinds import (
    AUCTION,
    COUNTING,
    DRAW_DISCARD,
    LAYOUT,
    MELDING,
    PARTITION,
    TABLEAU,
    TRICKS,
    PhaseParts,
    play_kind,
)
from interpreter.rulefile.trick_rules import Aim, TakeTurnUp

# The estimate's shares, each a person's rule of thumb (documented in `estimate`).
OTHER_TRUMP = 0.6  # a trump below the top run wins this often when the hand holds trump control
OTHER_TRUMP_WEAK = 0.3  # ... and this often without control
SURE_OFF = 0.8  # an unbeatable off-suit tile wins this often once trumps are drawn (control)
SURE_OFF_WEAK = 0.5  # ... and without control (an opponent may trump it)
SURE_NO_TRUMPS = 0.9  # ... and when nothing is a trump
RUN_DECAY = 0.7  # each further tile of an off-suit run counts this much less (the suit runs out)
LAST_SEAT_SLACK = 4.0  # points: how far below the lowest bid the last seat to speak still bids it
CAPTURE = 0.5  # of the others' count a trick holds on average, what a won trick takes
PARTNER = 0.5  # of the points left after its own, what a partner is expected to take (measured: bench/ai_42.py)


class CounterPlayer:
    name = "counter"
    observes = True

    def __init__(self, seed: int) -> None:
        # Deterministic: it takes no random choice. The layout fallback is `heavy`, also seedless.
        self._layout = HeavyPlayer(seed)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return COUNTER_BOARDS.part(play_kind(observation.rules.phase_kinds))(self, observation, legal)

    def _on_layout(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return self._layout.choose(observation, legal)

    def _on_tableau(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A patience: the engine's policy, counting the removals it leaves open among the tiles in sight."""
        assert observation.tableau is not None, "a patience's observation has its tableau"
        return by_totals(observation.tableau, legal, looks_ahead=True)

    def _on_tricks(self, observation: Observation, legal: Sequence[Action]) -> Action:
        n = len(observation.hand_counts)
        rules = observation.rules.for_players(n)
        t = trick_tables_for(rules, n)
        # Where taking tricks and count hurts (the lowest total wins, or the hand's score falls
        # as a side takes more: `taking_pays`), every choice turns to leaving them to the others.
        pays = taking_pays(rules, n)
        kinds = {a.kind for a in legal}
        if MELD in kinds or (observation.tricks is not None and observation.tricks.phase_kind == MELDING):
            return _meld(legal)
        if PLAY in kinds:  # a pass beside the plays hands the first lead on (starter_or_next): it leads itself
            legal = [a for a in legal if a.kind != PASS]
        elif is_turn_up_call(observation, legal):
            return turn_up_call(t, observation, legal)
        elif BID in kinds or PASS in kinds:  # else a pass exists only in the auction of a trick game
            return bid(t, observation, legal)
        if TRUMPS in kinds:
            return _declare(t, observation, legal, pays)
        if actions.PLACE in kinds:
            return _place_doubles(t, observation, legal)
        if DISCARD in kinds:
            return _discard(t, observation, legal)
        if GIVE in kinds:
            return _give(t, legal, pays)
        if KEEP in kinds:
            return _call(t, observation, legal)
        if t.grouped and any(a.kind == PICK for a in legal):
            return _pick(t, observation, pays)
        if t.grouped:
            plays = [a for a in legal if a.kind == PLAY] or list(legal)
            return _group_play(t, observation, plays) if pays else _group_duck(t, plays)
        table = _Table(t, observation)
        plays = [a for a in legal if a.kind == PLAY]
        return table.play(plays) if pays else table.duck(plays)


# What the counter player does per board (the play kind of the rules' sequence): at a layout it
# plays as `heavy` does; at a trick table it counts; at a patience it counts the removals it leaves.
COUNTER_BOARDS: PhaseParts[Callable[[CounterPlayer, Observation, Sequence[Action]], Action]] = PhaseParts(
    "the counter player (players/counter.py)",
    {
        LAYOUT: CounterPlayer._on_layout,
        TRICKS: CounterPlayer._on_tricks,
        COUNTING: lambda player, observation, legal: counting_policy.choose(observation, legal),
        TABLEAU: CounterPlayer._on_tableau,
        DRAW_DISCARD: lambda player, observation, legal: draw_discard_policy.choose(observation, legal, counting=True),
        PARTITION: splitting.counter_split,
    },
)


def _own(t: TrickTables, observation: Observation) -> int:
    return t.mask_of(observation.hand)


def _call(t: TrickTables, observation: Observation, legal: Sequence[Action]) -> Action:
    """Keep a hand likely to take a trick: a top tile or two trumps in it, or one trump where there
    is no dropping out; else exchange it, else drop out, if allowed. (Keeping on any lone trump
    gets a hand with no trick penalised so often that scores can drift away from the target.)"""
    view = observation.tricks
    assert view is not None and view.declaration is not None
    s = t.suits(view.declaration)
    own = _own(t, observation)
    kinds = {a.kind: a for a in legal}
    trumps = (own & s.trumps).bit_count()
    if own & s.top or trumps >= 2 or (trumps and DROP not in kinds):
        return kinds[KEEP]
    return kinds.get(EXCHANGE) or kinds.get(DROP) or kinds[KEEP]


def _partners(observation: Observation) -> bool:
    return len(observation.scores) < len(observation.hand_counts)


class _Shape(NamedTuple):
    """What `estimate` reads of one declaration, worked out once: the trumps highest first (and
    each one's place), each suit's tiles highest first, the suit each tile leads, the counts."""

    trumps: tuple[int, ...]
    place: dict[int, int]
    ranked: tuple[tuple[int, ...], ...]
    led_suit: tuple[int, ...]
    counts: tuple[int, ...]  # each tile's count (not `count`: a tuple's own method has that name)
    total: int  # the count of the whole set
    available: float


@lru_cache(maxsize=1024)
def _shape(t: TrickTables, declaration: Declaration) -> _Shape:
    s = t.suits(declaration)
    count = t.count_for(s)
    tiles = range(len(t.tiles))
    trumps = tuple(sorted((x for x in tiles if (s.trumps >> x) & 1), key=lambda x: -s.rank[s.trump][x]))
    ranked = tuple(
        tuple(sorted((x for x in tiles if (s.follows[suit] >> x) & 1), key=lambda x: -s.rank[suit][x]))
        for suit in range(t.max_pip + 1)
    )
    place = {x: i for i, x in enumerate(trumps)}
    return _Shape(trumps, place, ranked, tuple(s.led_suit), count, sum(count), _available(t, count))


def estimate(t: TrickTables, hand: int, declaration: Declaration, partners: bool) -> float:
    """The points a hand (a mask of tile ids) should take as declarer under `declaration`.

    Tricks: every trump of the unbroken run from the highest trump is one; another trump a
    share (more with trump control: at least as many trumps as the others hold together, or
    two top trumps and a third); an off-suit tile that no tile outside the hand outranks in the
    suit it leads, a share (more with control, since trumps drawn cannot ruff it; a run below
    it counts less and less). Points: each trick's points plus the share `CAPTURE` of the
    others' average count on it — all of it as the sure tricks reach every trick — the count of
    its own tiles in proportion to how surely they win (half the rest with a partner, who may
    take it), and `PARTNER` of what remains.
    """
    shape = _shape(t, declaration)
    trumps, count, led_suit = shape.trumps, shape.counts, shape.led_suit
    held_tiles = bits(hand)
    held = sum(1 for x in held_tiles if x in shape.place)
    run = 0
    for x in trumps:
        if not (hand >> x) & 1:
            break
        run += 1
    control = not trumps or held >= len(trumps) - held or (run >= 2 and held >= 3)
    wins = [0.0] * len(t.tiles)
    place = shape.place
    for x in held_tiles:
        if x in place:
            wins[x] = 1.0 if place[x] < run else OTHER_TRUMP if control else OTHER_TRUMP_WEAK
    sure = SURE_NO_TRUMPS if not trumps else SURE_OFF if control else SURE_OFF_WEAK
    for suit, ranked in enumerate(shape.ranked):
        # This suit's tiles, highest first: the unbroken run the hand holds from the top wins.
        share = sure
        for x in ranked:
            if not (hand >> x) & 1:
                break
            if led_suit[x] == suit and not wins[x]:
                wins[x] = share
                share *= RUN_DECAY
    rules = t.rules
    own_count = sum(count[x] for x in held_tiles)
    others = len(t.tiles) - len(held_tiles)
    available = shape.available
    per_tile = (shape.total - own_count) / others if others else 0.0
    tricks = sum(wins)
    # The others throw little count onto a trick they cannot take, but a hand that takes every
    # trick for certain takes every tile: the share grows to all of it with the sure tricks.
    sure_tricks = sum(1 for w in wins if w == 1.0)
    capture = CAPTURE + (1 - CAPTURE) * min(1.0, sure_tricks / t.hand_size)
    points = tricks * (rules.trick_points + capture * (t.players - 1) * per_tile)
    for x in held_tiles:
        if count[x]:
            points += count[x] * (wins[x] + ((1 - wins[x]) * 0.5 if partners else 0.0))
    points += rules.last_trick * min(1.0, tricks / t.hand_size)
    if partners:
        points += PARTNER * max(0.0, available - points)
    return min(points, available)


def _available(t: TrickTables, count: Sequence[int] | None = None) -> float:
    """Every point of a hand: its tricks, its count, the last trick's bonus."""
    rules = t.rules
    return float(t.hand_size * rules.trick_points + sum(t.count if count is None else count) + rules.last_trick)


_Chosen = TypeVar("_Chosen", bound=Declaration)  # a suit's pip chosen among pips is a pip


def _best_declaration(t: TrickTables, hand: int, choices: Sequence[_Chosen], partners: bool) -> _Chosen:
    def key(d: _Chosen) -> tuple[float, int, int]:
        s = t.suits(d)
        pip = d if isinstance(d, int) else -1
        return (round(estimate(t, hand, d, partners), 6), (s.trumps & hand).bit_count(), pip)

    return max(choices, key=key)


def bid(t: TrickTables, observation: Observation, legal: Sequence[Action]) -> Action:
    """counter's bid (or pass) in the auction, for the seat whose turn it is (`bid_for`); where
    taking tricks hurts (`taking_pays`), a pass, or the lowest bid when it may not pass."""
    view = observation.tricks
    assert view is not None
    n = len(observation.hand_counts)
    if not taking_pays(observation.rules.for_players(n), n):
        return next((a for a in legal if a.kind == PASS), None) or min(legal, key=lambda a: a.value)  # type: ignore[arg-type, return-value]
    standing = next((seat for seat, value in reversed(view.bids) if value is not None), None)
    sides = len(observation.scores)
    partner_holds = standing is not None and standing != observation.seat and standing % sides == observation.side
    last = len(view.bids) == len(observation.hand_counts) - 1 and all(v is None for _, v in view.bids)
    if partner_holds or not any(a.kind == PASS for a in legal):
        return _in_best_suit(t, observation, legal, bid_for(t, legal, 0.0, partner_holds, last))
    chosen = bid_for(t, legal, worth(t, _own(t, observation), _partners(observation)), partner_holds, last)
    return _in_best_suit(t, observation, legal, chosen)


def _in_best_suit(t: TrickTables, observation: Observation, legal: Sequence[Action], chosen: Action) -> Action:
    """A bid that names its suit (bidding.names_suit) in the suit the hand would best declare."""
    if chosen.kind != BID or chosen.half is None:
        return chosen
    suits = [a.half for a in legal if a.kind == BID and a.value == chosen.value and a.half is not None]
    best = _best_declaration(t, _own(t, observation), suits, _partners(observation))
    return chosen._replace(half=best)


def worth(t: TrickTables, hand: int, partners: bool) -> float:
    """What a hand should take as declarer under its best declaration (`estimate`)."""
    return max(estimate(t, hand, d, partners) for d in t.declarations)


def bid_for(t: TrickTables, legal: Sequence[Action], best: float, partner_holds: bool, last: bool) -> Action:
    """counter's bid from what its hand is worth (`best`, `worth`): the lowest bid when it may not
    pass; a pass when its partner holds the standing bid (`partner_holds`); the highest bid within
    the worth, or the lowest bid within `LAST_SEAT_SLACK` of it for the `last` seat to speak when
    everyone else passed; else a pass. (ismcts's model of the other seats' bids uses it too.)"""
    bids = [a for a in legal if a.kind == BID]
    passing = next((a for a in legal if a.kind == PASS), None)
    if passing is None:
        return min(bids, key=_amount)
    if partner_holds:
        return passing  # the partner holds the bid: let it play
    within = [a for a in bids if t.bid_of[_amount(a)].make <= best]
    if not within:
        lowest = min(bids, key=lambda a: t.bid_of[_amount(a)].make, default=None)
        if last and lowest is not None and t.bid_of[_amount(lowest)].make <= best + LAST_SEAT_SLACK:
            # Everyone else passed: a pass throws the deal in. A hand about worth the lowest bid
            # bids it, as people do (made about as often as set: no worse than a redeal).
            return lowest
        return passing
    # Among bids that must make as much, the fewest marks: a set costs what the bid is worth. A
    # hand that takes everything for certain risks nothing, so it bids the most.
    certain = best >= _available(t)
    return max(within, key=lambda a: (t.bid_of[_amount(a)].make, (1 if certain else -1) * t.bid_of[_amount(a)].marks))


def _amount(bid: Action) -> int:
    """A bid's amount (a bid's `value` is always one: the union type of `value` cannot say so)."""
    assert isinstance(bid.value, int)
    return bid.value


# Accepting or passing a turned-up suit (bidding.bids: turn_up). A seat accepts it (or, once it was
# turned down, names the suit its hand is best in) when its own hand, as maker under that suit,
# should take what the maker must (`estimate` without a partner's share) with PARTNER_TAKES points
# more from its partner; a dealer who takes the turned-up tile counts it in his hand in place of
# his weakest tile. Without the partner's share: a hand with no trump and a few high tiles would
# otherwise make trumps on what its partner was supposed to take. (players/auction.py reads the
# other seats' calls back by the same measure.)
PARTNER_TAKES = 1.0  # points: what a partner adds to the maker's hand (a trick of five, in Euchre)


def is_turn_up_call(observation: Observation, legal: Sequence[Action]) -> bool:
    """Whether the decision is a call in an auction over the turned-up suit."""
    view = observation.tricks
    if view is None or view.phase_kind != AUCTION:
        return False
    return any(a.kind in (actions.ACCEPT, TRUMPS) for a in legal)


def turn_up_call(t: TrickTables, observation: Observation, legal: Sequence[Action]) -> Action:
    """Accept (or name a suit) when the hand is worth it, else pass."""
    passing = next((a for a in legal if a.kind == PASS), None)
    n = len(observation.hand_counts)
    if passing is not None and not taking_pays(observation.rules.for_players(n), n):
        return passing
    hand = t.mask_of(observation.hand)
    view = observation.tricks
    assert view is not None
    make = t.bids[0].make
    calls = [a for a in legal if a.kind != PASS]
    worth = {a: _call_worth(t, observation, hand, _call_suit(t, observation, a)) for a in calls}
    best = max(calls, key=lambda a: (round(worth[a], 6), -calls.index(a)))
    if passing is None or worth[best] + PARTNER_TAKES >= make:
        return best
    return passing


def _call_suit(t: TrickTables, observation: Observation, action: Action) -> int:
    """The suit a call makes trumps: the turned-up tile's, or the one named."""
    if action.kind == actions.ACCEPT:
        view = observation.tricks
        assert view is not None and view.turn_up is not None
        return t.turned_trump(t.index[view.turn_up])
    assert isinstance(action.value, int)
    return action.value


def _call_worth(t: TrickTables, observation: Observation, hand: int, suit: int) -> float:
    """What the hand should take as maker under `suit`, without its partner; a dealer accepting
    counts the turned-up tile he then takes, for his weakest tile."""
    view = observation.tricks
    assert view is not None
    stock = t.rules.stock
    takes = stock is not None and stock.take_turn_up is TakeTurnUp.DEALER_ON_ACCEPT
    if takes and observation.seat == view.dealer and not view.turned_down and view.turn_up is not None:
        whole = hand | 1 << t.index[view.turn_up]
        return max(estimate(t, whole & ~(1 << x), suit, False) for x in bits(whole))
    return estimate(t, hand, suit, False)


def _group_play(t: TrickTables, observation: Observation, legal: list[Action]) -> Action:
    """Tricks of tiles played together: lead the strongest combination held (else the highest
    tile); follow with the cheapest play that takes the lead of the trick, else lay the lowest
    tiles down."""
    view = observation.tricks
    assert view is not None
    rank = t.named_rank

    def low(action: Action) -> int:
        return sum(rank[t.index[tile]] for tile in action.tiles)

    def strength(action: Action) -> tuple[int, int]:
        group = t.groups.of.get(action.tiles)
        return (len(action.tiles), group[1]) if group is not None else (1, rank[t.index[action.tile]])  # type: ignore[index]

    if not view.plays:
        return max(legal, key=strength)
    best = next(tiles for _, tiles, _ in reversed(view.plays) if tiles)  # the face-up play that leads it
    suits = t.suits(view.declaration if view.declaration is not None else t.fixed)
    taking = []
    for action in legal:
        if len(action.tiles) == 1:
            if suits.winner([t.index[best[0]], t.index[action.tile]], view.led_suit) == 1:  # type: ignore[index]
                taking.append(action)
        elif t.groups.beats(action.tiles, tuple(sorted(best))):
            taking.append(action)
    return min(taking, key=strength) if taking else min(legal, key=low)


def _pick(t: TrickTables, observation: Observation, pays: bool) -> Action:
    """A play to follow built tile by tile (the engine offers picks): towards the cheapest
    combination held that takes the lead of the trick where taking pays, else towards the lowest
    tiles (laid face down). The same target at every pick (tricks/picks.py `toward`)."""
    view = observation.tricks
    assert view is not None
    size = len(view.plays[0][1])
    best = tuple(sorted(next(tiles for _, tiles, _ in reversed(view.plays) if tiles)))
    takes_lead = (lambda group: t.groups.beats(group, best)) if pays else None
    tile = pick_towards(t.groups, list(observation.hand), list(view.picked), size, takes_lead,
                        lambda tile: t.named_rank[t.index[tile]])  # fmt: skip
    return Action(PICK, tile)


def _group_duck(t: TrickTables, legal: list[Action]) -> Action:
    """Tricks of tiles played together where taking hurts: the weakest play, single tiles first."""
    rank = t.named_rank

    def strength(action: Action) -> tuple[int, int]:
        group = t.groups.of.get(action.tiles)
        return (len(action.tiles), group[1]) if group is not None else (1, rank[t.index[action.tile]])  # type: ignore[index]

    return min(legal, key=strength)


def _discard(t: TrickTables, observation: Observation, legal: Sequence[Action]) -> Action:
    """After taking the kitty: lay down the least useful tile, a low plain tile that counts nothing
    (not a trump, not a double), as a person would."""
    view = observation.tricks
    assert view is not None
    contract = t.contract_named(view.contract, view.doubles_place)
    trumps = t.suits(view.declaration, contract).trumps if view.declaration is not None else 0

    count = t.count if view.declaration is None else t.count_for(t.suits(view.declaration, contract))

    def keep(action: Action) -> tuple[int, int, int, int]:
        x = t.index[action.tile]  # type: ignore[index]
        low, high = t.tiles[x]
        return ((trumps >> x) & 1, count[x], int(low == high), low + high)

    return min(legal, key=keep)


def _meld(legal: Sequence[Action]) -> Action:
    """Show every meld, the longest first (a tile stands in one meld: the longer run scores more),
    and pass once none is left."""
    melds = [a for a in legal if a.kind == MELD]
    if not melds:
        return next(a for a in legal if a.kind == PASS)
    return max(melds, key=lambda a: len(a.tiles))


def _give(t: TrickTables, legal: Sequence[Action], pays: bool) -> Action:
    """A tile to pass before play: where taking pays, the least useful (a low tile that counts
    nothing); where it hurts, the most dangerous to keep (the richest count, then the highest)."""

    def worth(action: Action) -> tuple[int, int, int]:
        x = t.index[action.tile]  # type: ignore[index]
        low, high = t.tiles[x]
        return (t.count[x], int(low == high), low + high)

    return min(legal, key=worth) if pays else max(legal, key=worth)


def _place_doubles(t: TrickTables, observation: Observation, legal: Sequence[Action]) -> Action:
    """The doubles' place a contract's declarer announces (contracts[].doubles: declared): the one
    under which the hand holds most tiles that no tile outside it outranks in the suit they lead,
    or fewest where the contract's aim is to take no trick (the first of equals)."""
    view = observation.tricks
    assert view is not None
    contract = t.contract_named(view.contract)
    assert contract is not None
    hand = _own(t, observation)

    def sure(action: Action) -> int:
        placed = t.contract_named(contract.name, str(action.value))
        s = t.suits(actions.NO_TRUMPS, placed)  # its suits without trumps: the doubles' place is what differs
        count = 0
        for x in bits(hand):
            suit = s.led_suit[x]
            ranks = s.rank[suit]
            if all(ranks[y] < ranks[x] for y in bits(s.follows[suit] & ~hand)):
                count += 1
        return count

    return min(legal, key=sure) if contract.aim is Aim.NO_TRICKS else max(legal, key=sure)


def _declare(t: TrickTables, observation: Observation, legal: Sequence[Action], pays: bool) -> Action:
    # Special contracts (nel-o, sevens, ...) ask for other hands than this count measures: it
    # declares one only when it must (having bid out of the ladder by it).
    choices = [
        a.value for a in legal if a.kind == TRUMPS and isinstance(a.value, int | str) and a.value not in t.contracts
    ]
    if not choices:
        return legal[0]
    hand, partners = _own(t, observation), _partners(observation)
    if pays:
        chosen = _best_declaration(t, hand, choices, partners)
    else:  # the declaration under which the hand takes least
        chosen = min(choices, key=lambda d: estimate(t, hand, d, partners))
    return next(a for a in legal if a.value == chosen)


class _Table:
    """One play decision: what the seat knows of the tiles, the suits and the trick."""

    def __init__(self, t: TrickTables, observation: Observation) -> None:
        view = observation.tricks
        assert view is not None and view.declaration is not None
        self.t = t
        self.s: Suits = t.suits(view.declaration, t.contract_named(view.contract, view.doubles_place))
        self.seat = observation.seat
        self.n = len(observation.hand_counts)
        sides = len(observation.scores)
        self.side_of = [seat % sides for seat in range(self.n)]
        self.side = observation.side
        self.count = t.count_for(self.s)
        self.hand = _own(t, observation)
        seen = self.hand
        played = []
        for tiles in view.played:  # the current trick's tiles are among the played
            mask = t.mask_of(tiles, seen)
            played.append(mask)
            seen |= mask
        turn_up = view.turn_up
        face_up = turn_up is not None and view.turn_up_holder is None and not t.rules.stock.draw  # type: ignore[union-attr]
        if turn_up is not None and face_up and not any(turn_up in tiles for tiles in view.played):
            seen |= t.mask_of((turn_up,), seen)  # face up out of play
        self.unseen = ((1 << len(t.tiles)) - 1) & ~seen
        self.trick = [next(x for x in t.copies[tile] if (played[seat] >> x) & 1) for seat, tile in view.trick]
        self.led = view.led_suit
        self.trick_seats = [seat for seat, _ in view.trick]
        # Per seat: the tiles it cannot hold, from the suits it showed out of.
        self.voids = [set(voids) for voids in view.voids]
        self.cannot = [0] * self.n
        for seat, voids in enumerate(view.voids):
            for suit in voids:
                self.cannot[seat] |= self.s.follows[suit]
        bidder = view.bidder
        self.declarer_side = bidder is not None and self.side_of[bidder] == self.side
        # Who takes the trick among equal tiles, this seat's tile included (tricks.ties).
        self.ahead = t.tie_places([*self.trick_seats, self.seat], bidder, sides)
        self.opponents = [seat for seat in range(self.n) if self.side_of[seat] != self.side]
        # Who plays to this trick after this seat.
        after, seat = [], t.next_seat(self.seat)
        for _ in range(self.n - 1 - len(self.trick)):
            after.append(seat)
            seat = t.next_seat(seat)
        self.after_all = after
        self.after = [seat for seat in after if self.side_of[seat] != self.side]

    # --- what a tile is worth ---------------------------------------------------------------

    def is_trump(self, x: int) -> bool:
        return bool((self.s.trumps >> x) & 1)

    def rank(self, x: int) -> int:
        """Its rank in the suit led (trumps, for a trump; its own suit when leading)."""
        s = self.s
        if self.is_trump(x):
            return s.rank[s.trump][x]
        led = self.led if self.trick else s.led_suit[x]
        return s.rank[led][x]  # type: ignore[index]  # off the suit led: NOT_IN_SUIT, below every tile in it

    def low_key(self, x: int) -> tuple[int, bool, int, int]:
        """Smaller is cheaper to give away: less count, not a trump, a lower rank, fewer pips."""
        return (self.count[x], self.is_trump(x), self.rank(x), self.t.low[x] + self.t.high[x])

    def cheap_key(self, x: int) -> tuple[bool, int, int]:
        """The cheapest certain win is the smallest: not a trump if possible, then the lowest rank
        (the higher tiles stay to win later tricks), then its own count aboard."""
        return (self.is_trump(x), self.rank(x), -self.count[x])

    # --- who can beat what -----------------------------------------------------------------

    def beatable(self, trick: list[int], seats: Sequence[int]) -> bool:
        """Whether a tile unseen by this seat, in the hand of one of `seats`, could take `trick`
        from its winner. A seat known to lack a suit holds none of it; one that may follow the
        suit led might still be out of it and trump, so a trump counts unless it showed none."""
        if not seats:
            return False
        winner = self.s.winner
        for x in range(len(self.t.tiles)):
            if not (self.unseen >> x) & 1:
                continue
            if any(not (self.cannot[seat] >> x) & 1 for seat in seats) and winner([*trick, x], self.led) == len(trick):
                return True
        return False

    def safe_lead(self, x: int) -> bool:
        """Nothing unseen outranks `x` in its suit, and no opponent is known to be out of that
        suit while it may still hold a trump."""
        s = self.s
        led = s.led_suit[x]
        rank = s.rank[led]
        if any(rank[y] > rank[x] for y in self.t.ids(self.unseen & s.follows[led])):
            return False
        if led == s.trump:
            return True
        unseen_trumps = self.unseen & s.trumps
        return not any(led in self.voids[seat] and unseen_trumps & ~self.cannot[seat] for seat in self.opponents)

    # --- the choice ---------------------------------------------------------------------------

    def play(self, plays: list[Action]) -> Action:
        t, s = self.t, self.s
        tiles: dict[int, Action] = {}

        def suit(a: Action) -> int:  # the suit a lead names: a pip, the doubles (tricks.doubles_callable),
            # or none: a double led as its own number
            if a.value is None:
                return a.tile[0]  # type: ignore[index]
            if a.value == DOUBLES:
                return s.trump + 1
            assert isinstance(a.value, int)  # a pip named
            return a.value

        for a in plays:  # a tile led once per end (the leader names the suit): the end it ranks best under
            x = next(i for i in t.copies[a.tile] if (self.hand >> i) & 1)  # type: ignore[index]
            held = tiles.get(x)
            if held is None or (a.value is not None and s.rank[suit(a)][x] > s.rank[suit(held)][x]):
                tiles[x] = a
        chosen = self._lead(list(tiles)) if not self.trick else self._follow(list(tiles))
        return tiles[chosen]

    def duck(self, plays: list[Action]) -> Action:
        """Where taking tricks and count hurts: lose every trick it can, and load the others'."""
        t = self.t
        tiles = {next(i for i in t.copies[a.tile] if (self.hand >> i) & 1): a for a in plays}  # type: ignore[index]
        mine = list(tiles)
        others = [seat for seat in range(self.n) if self.side_of[seat] != self.side]
        if not self.trick:
            # Lead what someone else can still beat, the lowest first; count goes with it.
            return tiles[min(mine, key=lambda x: (not self.beatable([x], others), self.is_trump(x), self.rank(x),
                                                  -self.count[x]))]  # fmt: skip
        s = self.s
        trick = self.trick
        leader = self.trick_seats[s.winner(trick, self.led, self.ahead)]
        losing = [x for x in mine if s.winner([*trick, x], self.led, self.ahead) != len(trick)]
        if losing:
            if self.side_of[leader] == self.side:  # the partner takes it: the least count onto it
                return tiles[min(losing, key=lambda x: (self.count[x], -self.rank(x)))]
            # The others take it: the worst count onto it, then the tile most likely to win later.
            return tiles[max(losing, key=lambda x: (self.count[x], self.is_trump(x), self.rank(x)))]
        after = [seat for seat in self.after_all if self.side_of[seat] != self.side]
        if not after:  # the trick is this side's whatever it plays: shed the highest, the least count
            return tiles[min(mine, key=lambda x: (self.count[x], -self.rank(x)))]
        # Someone after may still take it: the lowest winner, the least count.
        return tiles[min(mine, key=lambda x: (self.count[x], self.is_trump(x), self.rank(x)))]

    def _lead(self, mine: list[int]) -> int:
        s = self.s
        trumps = [x for x in mine if self.is_trump(x)]
        unseen_trumps = self.unseen & s.trumps
        opponents_trumps = any(unseen_trumps & ~self.cannot[o] for o in self.opponents)
        if trumps and opponents_trumps:
            top = max(trumps, key=self.rank)
            if self.declarer_side or self.safe_lead(top):
                return top
        sure = [x for x in mine if not self.is_trump(x) and self.safe_lead(x)]
        if sure:
            t = self.t
            # The high doubles first, then the tiles carrying count: take them while they are sure.
            return max(sure, key=lambda x: (t.low[x] == t.high[x], self.count[x], self.rank(x)))
        return min(mine, key=self.low_key)

    def _follow(self, mine: list[int]) -> int:
        s = self.s
        trick = self.trick
        leader = self.trick_seats[s.winner(trick, self.led, self.ahead)]
        taking = [x for x in mine if s.winner([*trick, x], self.led, self.ahead) == len(trick)]
        if self.side_of[leader] == self.side:
            if not self.beatable(trick, self.after):
                # The partner's trick is safe: give it count, without overtaking it if possible.
                keep = [x for x in mine if x not in taking] or mine
                richest = max(keep, key=lambda x: (self.count[x], not self.is_trump(x), -self.rank(x)))
                return richest if self.count[richest] else min(keep, key=self.low_key)
            sure = [x for x in taking if not self.beatable([*trick, x], self.after)]
            if sure:
                return min(sure, key=self.cheap_key)
            return min(mine, key=self.low_key)
        sure = [x for x in taking if not self.beatable([*trick, x], self.after)]
        if sure:
            return min(sure, key=self.cheap_key)
        return min(mine, key=self.low_key)
