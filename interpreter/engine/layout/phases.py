"""The layout family's round as a sequence of phases (engine/phases.py): the deal, the play to
the layout, the round's scoring, then the next deal, until a phase ends the match. The deal and
the calls hand over to the next kind of the ruleset's sequence (`hand_over`: the calls where
`deal.redeal_claim` asks for them, then the play); the play's end is scored as it ended (the
reason and who went out), and the scoring deals the next round: a cycle.

Each phase does its part on the `LayoutTable` it is handed (table.py). The deal and the scoring
take no decision: they do their work when made (`following` makes them) and are done at once.
The play phase's own state is the turn in progress; its rules are in legal.py (what is legal
and why not), turns.py (what an action does) and playout.py (its fast random round).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from interpreter.engine import phases
from interpreter.engine.actions import DISCARD, DRAW, MARKER, PLAY, TURN, Action, IllegalAction
from interpreter.engine.layout.dealing import deal_round
from interpreter.engine.layout.legal import compute_legal, why_illegal
from interpreter.engine.layout.playout import general_round, random_round
from interpreter.engine.layout.rounds import score_round
from interpreter.engine.layout.table import LayoutTable
from interpreter.engine.layout.turns import BLOCKED, dead, discard, draw, lay, pass_turn, turn_row, turned
from interpreter.engine.layout.views import seen
from interpreter.engine.tiles import bits

_OVER = "the match is over"

# How a round enters the phase of each kind after the deal, by kind: claims.py, which builds on
# this module, registers the calls (a redeal claimed from a hand, deal.redeal_claim).
ENTRIES: dict[str, Callable[[LayoutTable], LayoutPhase]] = {}


def hand_over(table: LayoutTable, finished: str) -> LayoutPhase:
    """The phase after one of kind `finished`: the next kind of the round's sequence, entered now."""
    sequence = table.rules.phase_kinds
    return ENTRIES[sequence[sequence.index(finished) + 1]](table)


class LayoutPhase(phases.Phase[LayoutTable]):
    """A phase of a layout round, as the match drives it."""

    # The attributes the hot path reads are set on the instance, not given class defaults: a
    # lookup that misses the instance's dict and finds the class's value is not specialized by
    # Python 3.11 (2% of an ISMCTS iteration on draw). `done` stays a class value because it
    # overrides the contract's abstract property.
    listed: list[Action] | None  # the legal actions, once listed, until the next action
    done = False  # an attribute, not a property: the match asks after every action

    def listing(self, table: LayoutTable) -> list[Action]:
        """The legal actions themselves, not a copy: for the match's own checks, never to change."""
        return []

    def legal(self, table: LayoutTable) -> list[Action]:
        return self.listing(table).copy()

    def playout(self, table: LayoutTable, rand: Callable[[], float], heavy: float) -> None:
        """Random play until the round ends (`Match.playout`): nothing where no decision is taken."""

    @abstractmethod
    def following(self, table: LayoutTable) -> LayoutPhase | None: ...

    @abstractmethod
    def copy(self) -> LayoutPhase: ...

    @abstractmethod
    def why_illegal(self, table: LayoutTable, action: object) -> str: ...


class _NoDecision(LayoutPhase):
    """A phase that takes no decision: it did its work when it was made."""

    done = True

    def apply(self, table: LayoutTable, action: Action) -> None:
        raise IllegalAction(self.why_illegal(table, action))

    def why_illegal(self, table: LayoutTable, action: object) -> str:
        return _OVER

    def describe(self, table: LayoutTable, seat: int) -> Mapping[str, Any]:
        return seen(table, set())


class DealPhase(_NoDecision):
    """Deals the next round onto the table and opens it (dealing.py); play follows."""

    kind = phases.DEAL
    name = "dealing"

    def __init__(self, table: LayoutTable) -> None:
        self.listed = None
        deal_round(table)

    def following(self, table: LayoutTable) -> LayoutPhase:
        return hand_over(table, self.kind)

    def copy(self) -> DealPhase:
        return self  # it holds nothing


class RoundScoring(_NoDecision):
    """Scores the round that ended in play (rounds.py); the next deal follows unless the match is over."""

    kind = phases.SCORING
    name = "scoring"

    def __init__(self, table: LayoutTable, reason: str, out: int | None) -> None:
        self.listed = None
        score_round(table, reason, out)

    def following(self, table: LayoutTable) -> DealPhase | None:
        return None if table.winners is not None else DealPhase(table)

    def copy(self) -> RoundScoring:
        return self  # it holds nothing


class PlayPhase(LayoutPhase):
    """Tiles laid onto the layout, turn by turn, until the round ends. Its own state is the turn
    in progress; the round's is on the table."""

    kind = phases.LAYOUT
    name = "playing"

    def __init__(self) -> None:
        self.listed = None
        # A turn of several tiles (play.per_turn): the arms its tiles went on, and, fixed by its
        # first tile, how many it lays and whether it must be laid whole.
        self.turn_arms: tuple[int, ...] = ()
        self.turn_need = 1
        self.turn_whole = False
        self.ended: str | None = None  # why the round ended (turns.DOMINO, BLOCKED, TARGET)
        self.out: int | None = None  # the seat that went out
        self.first_out: int | None = None  # under play.until: all_out, the first seat whose hand emptied
        # Where a rule reads `turn` (LayoutTables.counts_turns): the turns each seat has begun this round (a
        # turn begins when a seat acts after another one), and the seat that acted last.
        self.turns: tuple[int, ...] = ()
        self.actor = -1
        self.passes = 0  # seats in a row unable to lay or draw: all of them block the round
        self.drew = False  # the current seat drew this turn
        self.drawn = -1  # under one_then_play, the tile just drawn: the only one that may be played
        self.extra = False  # the current seat laid a double and may (not must) play again
        self.turn_laid = 0  # the tiles laid so far in a turn of several
        self.silent = -1  # the seat whose play left it one tile unannounced (play.announce_last), until the next turn
        self.done = False
        self.__dict__ = dict(self.__dict__)  # not split: why in LayoutTable.__init__

    def listing(self, table: LayoutTable) -> list[Action]:
        listed = self.listed
        if listed is None:
            listed = self.listed = [] if self.ended else compute_legal(table, self)
        return listed

    def apply(self, table: LayoutTable, action: Action) -> None:
        self.listed = None
        kind, tile, arm_id, half, _ = action
        seat = table.current
        if table.t.counts_turns and seat != self.actor:
            self.turns = tuple(n + (s == seat) for s, n in enumerate(self.turns or (0,) * table.n))
            self.actor = seat
        if kind == DISCARD:
            t = table.t
            found = None if tile is None else t.index.get(tuple(tile))  # type: ignore[arg-type]
            discard(table, self, seat, None if found is None else t.held(found, table.hands[seat]), action)
        elif kind == PLAY:
            t = table.t
            tile_id = t.id_of[tile[0]][tile[1]]  # type: ignore[index]
            if t.twins:  # the copy held (a resampling skeleton holds every tile: one not laid yet)
                tile_id = t.held(tile_id, table.hands[seat] & ~table.laid_mask())
            lay(table, self, seat, tile_id, arm_id, half, action)
        elif kind == DRAW:
            draw(table, self, seat)
        elif kind == TURN:
            turn_row(table, self, seat)
        else:
            pass_turn(table, self, seat, kind == MARKER)
        if kind != PLAY and self.silent not in (-1, seat) and table.current != seat:
            self.silent = -1  # the next player's turn passed without a tile laid: no draw for the silence
        if table.t.stop_when_dead and not self.ended and dead(table):
            self.end(BLOCKED)
        if table.t.all_out and not self.ended:  # a seat whose hand is empty is passed over
            while not table.hands[table.current]:
                table.current = (table.current + table.t.step) % table.n

    def why_illegal(self, table: LayoutTable, action: object) -> str:
        return why_illegal(table, self, action)

    def describe(self, table: LayoutTable, seat: int) -> Mapping[str, Any]:
        """The table as every seat sees it, the arms open to the seat to play marked open."""
        live = not (self.ended or table.needs_lead)
        return seen(table, {arm.id for arm in table.open_arms(table.current)} if live else set())

    def end(self, reason: str, out: int | None = None) -> None:
        """The round ends in play, for `reason` (`out`: the seat that went out)."""
        self.ended = reason
        self.out = out
        self.done = True

    def following(self, table: LayoutTable) -> RoundScoring | None:
        if table.winners is not None:  # a score during play won the match
            return None
        assert self.ended is not None
        return RoundScoring(table, self.ended, self.out)

    def copy(self) -> PlayPhase:
        new = object.__new__(PlayPhase)
        new.__dict__ = self.__dict__.copy()  # combined (see __init__): a copy is one block copy
        return new

    def playout(self, table: LayoutTable, rand: Callable[[], float], heavy: float) -> None:
        """Random play (`Match.playout`) until the round ends: the inlined turn where it knows
        every rule in force (`LayoutTables.plain`), else one listed decision at a time."""
        fast = table.t.plain
        while not self.ended:
            if fast:
                random_round(table, self, rand, heavy)
            else:
                general_round(table, self, rand, heavy)

    # --- resampling: the round replayed from its public log on a skeleton (LayoutMatch._replaying)

    def replay(self, table: LayoutTable, event: Mapping[str, Any]) -> None:
        """Redo one event of the round's public log: a lead turned up, a hand refilled (drawn in
        full: a skeleton's hands never empty) or drawn to for a last tile not announced, a seat's action."""
        kind = event["type"]
        if kind == "lead_turned_up":  # a skeleton's empty boneyard turned nothing up
            table.turn_up(table.t.free_copy(table.t.index[tuple(event["tile"])], table.laid_mask()))
        elif kind in ("refill", "unannounced"):  # a skeleton's full hands never leave one tile to announce
            table.next_draw += event["tiles"]
        elif kind == "turned":  # a blind row's tile turned up: the skeleton holds no row
            turned(table, self, event["seat"], table.t.index[tuple(event["tile"])])
        elif kind == "action" and event["action"]["kind"] == TURN:
            self._to_act(table, event["seat"])  # what it turned up follows, as a `turned` event
        elif kind == "action":
            self._to_act(table, event["seat"])
            self.apply(table, logged_action(event["action"]))

    def replayed(self, table: LayoutTable, current: int | None, seat: int, hand: int, legal: Sequence[Action]) -> None:
        """The replay is done: `current` acts next (None: as replayed), and `seat` holds `hand`,
        with `legal` actions if it is to act."""
        if current is not None:
            self._to_act(table, current)
        self.listed = None
        table.hands[seat] = hand
        if self.drawn >= 0 and table.current == seat and not table.t.blind:  # a blind row's is public
            self.drawn = _own_drawn(table, seat, legal)

    def _to_act(self, table: LayoutTable, seat: int) -> None:
        """`seat` acts next, as the log says: a turn of several tiles kept going ended before it."""
        if seat != table.current:
            self.reset_turn()
            self.extra = False
        table.current = seat

    def turn(self, seat: int) -> int:
        """`seat`'s own turn number this round, from 1: the one it is in, or is about to begin."""
        begun = self.turns[seat] if self.turns else 0
        return begun if seat == self.actor else begun + 1

    def reset_turn(self) -> None:
        self.turn_laid = 0
        self.turn_arms = ()


def logged_action(data: Mapping[str, Any]) -> Action:
    """The action of a public log's `action` event: a tile laid face down is logged without it."""
    return Action(DISCARD) if data == {"kind": DISCARD} else Action.from_json(data)


def _own_drawn(table: LayoutTable, seat: int, legal: Sequence[Action]) -> int:
    """The tile `seat` just drew under one_then_play: the only one its legal plays use, or else
    (it fits nowhere) any of its tiles that fits no open arm."""
    for action in legal:
        if action.kind == PLAY and action.tile is not None:
            return table.t.held(table.t.index[action.tile], table.hands[seat])
    loose = bits(table.hands[seat] & ~table.fitting(seat))
    return loose[0] if loose else bits(table.hands[seat])[0]


ENTRIES[phases.LAYOUT] = lambda table: PlayPhase()
