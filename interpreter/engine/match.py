"""The match's contract: what every family's match has and what it shares.

`Match` declares the members every game has (legal actions, apply, clone, the observation of a
seat, whose turn it is, the returns, resampling for one seat's view, the event log, ...) and
keeps what is the same in every family: seats and sides, the scores, the winners and the
returns, and the event log itself. A family (interpreter/engine/layout, interpreter/engine/tricks)
subclasses `Match`, implements every abstract member (a family missing one cannot be
instantiated), registers itself with `register`, and its determinizer with `register_resampler`.

`new_match(ruleset, ...)` is the one factory: it looks the ruleset's family up in the table of
families. `Match(ruleset, ...)` (docs/engine.md) goes through the same table.

The attributes this base reads (`_rules`, `_n`, `_sides`, `_seat_side`, `_scores`, `_winners`,
`_over`) are set by every family's constructor, and their meaning is the same in all of them.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.actions import Action
from interpreter.engine.observation import History, LayoutView, Observation
from interpreter.engine.scoring import check_scores
from interpreter.engine.stakes import totals as stake_totals
from interpreter.engine.tiles import Tile
from interpreter.rulefile.ruleset import Family, Ruleset

_FAMILIES: dict[Family, type[Match]] = {}
# A family's determinizer as `Match.resample`: (match, seat, rng) -> a match consistent with what
# the seat knows. Registered by the determinizer's module (it builds the family's matches, so the
# family's match module cannot import it); interpreter/engine/__init__.py imports every one.
Resampler = Callable[["Match", int, random.Random], "Match"]
_RESAMPLERS: dict[Family, Resampler] = {}


def register(family: Family, cls: type[Match]) -> None:
    """`cls` plays the rulesets of `family` (called once, where the family's match is defined)."""
    _FAMILIES[family] = cls


def register_resampler(family: Family, resampler: Resampler) -> None:
    """`resampler` is `Match.resample` for `family` (called once, where its determinizer is defined)."""
    _RESAMPLERS[family] = resampler


def match_class(ruleset: object, families: Mapping[Family, type[Match]] | None = None) -> type[Match]:
    """The class that plays `ruleset`: its family's in `families` (the registered ones by default).
    Anything but a Ruleset is refused with a TypeError (`Match(...)` passes on what it was given)."""
    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"a Match is built from a Ruleset, not {type(ruleset).__name__}")
    return (_FAMILIES if families is None else families)[ruleset.family]


def new_match(
    ruleset: Ruleset, *args: Any, families: Mapping[Family, type[Match]] | None = None, **kwargs: Any
) -> Match:
    """A match of `ruleset` (the arguments of `Match`: players, seed, deals, scores, teams), of the
    class its family has in `families` (the registered ones by default)."""
    return match_class(ruleset, families)(ruleset, *args, **kwargs)


class Match(ABC):
    """One match under one ruleset. Public API: docs/engine.md. `Match(ruleset, players, seed=0,
    deals=None, scores=None, teams=None)` is a match of the ruleset's family (its subclass, chosen
    by `match_class` as `new_match` does)."""

    _rules: Ruleset
    _n: int
    _sides: int
    _seat_side: list[int]
    _scores: list[int]
    _winners: tuple[int, ...]
    _over: bool
    # The event log as compact records (events.py), turned into dicts only when read:
    # `_event_dicts` / `_public_dicts` are those dicts so far, for the log list `_dicts_of`. Once
    # `events` has been read, a family keeps the list it returned up to date after each action
    # (`_live`): callers may hold on to it and watch it grow.
    _events: list[ev.Record]
    _event_dicts: list[dict[str, Any]]
    _public_dicts: list[dict[str, Any]]
    _dicts_of: list[ev.Record]
    _live: bool

    def __new__(cls, ruleset: Ruleset | None = None, *args: Any, **kwargs: Any) -> Match:
        if cls is Match:
            cls = match_class(ruleset)
        return object.__new__(cls)

    def _seat(self, ruleset: Ruleset, players: int, teams: bool | None, scores: Sequence[int] | None) -> Ruleset:
        """Set the seats, sides and starting scores every family's constructor begins with, and an
        empty event log; the ruleset as a match of `players` plays it (`ruleset.for_players`)."""
        check_players(ruleset, players)
        partnered = partnerships(ruleset, players, teams)
        ruleset = ruleset.for_players(players, partnered)
        self._rules = ruleset
        self._n = players
        self._sides = ruleset.players.team_sides(players) if partnered else players
        self._seat_side = [seat % self._sides for seat in range(players)]
        if scores is not None and len(scores) != self._sides:
            raise ValueError(f"{len(scores)} initial scores for {self._sides} sides")
        self._scores = [0] * self._sides if scores is None else [int(s) for s in scores]
        if scores is not None:
            check_scores(self._scores)
        self._restart_log()
        return ruleset

    # --- the contract: what every family implements ------------------------------------------

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The current player's legal actions, in the family's documented order (a fresh list);
        empty once the match is over."""

    @abstractmethod
    def apply(self, action: Action) -> Sequence[dict[str, Any]]:
        """Do `action` for the current player and return the events it logged. An action that is
        not legal raises IllegalAction with the reason and leaves the match unchanged."""

    @abstractmethod
    def clone(self) -> Match:
        """An independent copy with the same future (its random stream included)."""

    @abstractmethod
    def observation(self, seat: int) -> Observation:
        """What `seat` knows: its hand, the table, the counts, the scores, the public log, and its
        legal actions when it is to act."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act; None once the match is over."""

    @property
    @abstractmethod
    def phase_kind(self) -> str:
        """The kind of the hand's current phase (one of engine/phases.py's KINDS): the key a front
        end, a player or the agents' encoding looks its part up by, never the game's family."""

    @property
    @abstractmethod
    def phase_kinds(self) -> tuple[str, ...]:
        """The kinds of phase a hand of this match may go through, in order (fixed for the match):
        what a front end prepares for before the first action (the board of the play phase)."""

    @property
    @abstractmethod
    def round(self) -> int:
        """The number of the round (hand) being played, from 1."""

    @abstractmethod
    def hand(self, seat: int) -> tuple[Tile, ...]:
        """The tiles `seat` holds."""

    @property
    @abstractmethod
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles still to draw, next first."""

    @property
    @abstractmethod
    def dead(self) -> tuple[Tile, ...]:
        """The tiles out of play this round."""

    @property
    @abstractmethod
    def layout(self) -> LayoutView:
        """The tiles laid out on the table (an empty layout in a family that lays none out)."""

    @abstractmethod
    def playout(self, rng: random.Random, *, until: str = "round", heavy: float = 0.0) -> None:
        """Play random legal actions from `rng` until the round (`until="round"`) or the match
        (`until="match"`) ends; `heavy` is the share of decisions taken by the family's cheap
        policy instead. The same actions, state and log as the loop over `legal_actions` and
        `apply` it stands for."""

    def policy_choice(self) -> Action | None:
        """The family's named policy's action now, for a decision no immediate score tells apart
        (a counting game's crib: the tiles whose loss leaves the best show); None where the family
        has none. A player that looks at the score alone (greedy) breaks its ties with it."""
        return None

    def resample(self, seat: int, rng: random.Random) -> Match:
        """A match in which every tile hidden from `seat` is dealt again at random from `rng`,
        consistent with what `seat` has seen: built from `observation(seat)` only, by the family's
        determinizer (`register_resampler`), which searching players sample once per iteration."""
        return _RESAMPLERS[self._rules.family](self, seat, rng)

    # --- what every family has the same -------------------------------------------------------

    @property
    def ruleset(self) -> Ruleset:
        """The rules as this match plays them (for its number of players and partnerships)."""
        return self._rules

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._n

    @property
    def sides(self) -> int:
        """The number of sides: the seats, or the partnerships."""
        return self._sides

    def side_of(self, seat: int) -> int:
        """The side `seat` plays for (seat % sides)."""
        return self._seat_side[seat]

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self._over

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning sides once the match is over (several on a tie); () before."""
        return self._winners

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score."""
        return tuple(self._scores)

    @property
    def tracks(self) -> dict[str, tuple[int, ...]]:
        """scoring.tracks: per track name, its value per side; empty in a game without tracks."""
        return {}

    @property
    def eliminated(self) -> tuple[int, ...]:
        """The seats out of the match (match.eliminate_when), in the order they went out."""
        return ()

    @property
    def stakes(self) -> tuple[int, ...]:
        """What each side received (paid, negative) as the match ended (match.stake); 0s before."""
        if self._rules.match.stake is None:
            return (0,) * self._sides
        return stake_totals(self.events_of("stake"), self._sides)

    @property
    @abstractmethod
    def pool(self) -> int:
        """What the players staked into the pool (`match.pool`) and nobody has taken yet; 0 without one."""

    @property
    def finished_layout(self) -> LayoutView | None:
        """The layout of the last round that ended, as it ended; None while none has, and in a
        family that lays no tiles out (a trick game)."""
        return None

    def returns(self) -> tuple[float, ...]:
        """Per seat: its side's share of the win (1/k for k winning sides), 0.0 otherwise or before the end."""
        share = 1.0 / len(self._winners) if self._winners else 0.0
        return tuple(share if self._seat_side[s] in self._winners else 0.0 for s in range(self._n))

    # --- the event log ------------------------------------------------------------------------

    def _catch_up(self) -> None:
        """Bring the state up to date before it is read (a family that defers work overrides it)."""
        return None  # nothing deferred by default

    @property
    def events(self) -> list[dict[str, Any]]:
        """The whole log so far. The list itself, kept up to date as the match goes on: read it,
        do not change it."""
        self._catch_up()
        self._live = True
        return self._event_dicts_now()

    def events_of(self, kind: str) -> list[dict[str, Any]]:
        """The log's events of one type (say "round_end"), in order, as `events` holds them; the
        dicts of the other records are not built."""
        self._catch_up()
        if self._live:
            return [event for event in self._event_dicts_now() if event["type"] == kind]
        tags = ev.TAGS_OF_TYPE.get(kind, ())
        return [
            ev.materialise(record)
            for record in self._events
            if (
                (record[0] in tags or (record[0] == ev.HIDDEN and record[1]["type"] == kind))
                if isinstance(record, tuple)
                else record["type"] == kind
            )
        ]

    def _restart_log(self) -> None:
        """Start an empty log (a new match, or a determinization's, which logs only its own future)."""
        self._events = []
        self._event_dicts = []
        self._public_dicts = []
        self._dicts_of = self._events
        self._live = False

    def _copy_log(self, new: Match) -> None:
        """Give the copy `new` a log of its own, equal to this one's; it builds its own dicts when read."""
        new._events = self._events.copy()
        new._event_dicts = []
        new._public_dicts = []
        new._dicts_of = new._events
        new._live = False

    def _event_dicts_now(self) -> list[dict[str, Any]]:
        """The log's records so far as event dicts: the ones built before and the new ones."""
        log = self._events
        out = self._event_dicts
        if self._dicts_of is not log:  # the log was replaced (a probe or a determinization)
            out = self._event_dicts = []
            self._public_dicts = []
            self._dicts_of = log
        if len(out) < len(log):
            out += ev.materialise_all(log[len(out) :])
        return out

    def _logged_since(self, start: int) -> Sequence[dict[str, Any]]:
        """The events logged from record `start` on, as `apply` returns them: from the live list when
        somebody holds it (keeping it current), else a slice whose dicts are built when first read."""
        if self._live:
            return self._event_dicts_now()[start:]
        return ev.LogSlice(self._events, start, len(self._events))

    def _history(self) -> History:
        """The public log: the events as every seat may see them (a view of the log as it is now)."""
        events = self._event_dicts_now()
        log = self._events
        out = self._public_dicts
        for i in range(len(out), len(events)):
            out.append(ev.public(log[i], events[i]))
        return History(out, len(out))


def check_players(ruleset: Ruleset, players: int) -> None:
    if not ruleset.players.min <= players <= ruleset.players.max:
        low, high = ruleset.players.min, ruleset.players.max
        allowed = str(low) if low == high else f"{low}–{high}"
        raise ValueError(f"'{ruleset.name}' is for {allowed} players, not {players}")


def partnerships(ruleset: Ruleset, players: int, teams: bool | None) -> bool:
    """Whether a match of `players` is played in partnerships: the file's choice, or `teams` where
    the file lets a match choose (players.teams_optional)."""
    rules = ruleset.players
    default = rules.partnered and players in rules.team_counts
    if teams is None or teams == default:
        return default
    if not rules.teams_optional:
        raise ValueError(f"'{ruleset.name}' does not let a match choose partnerships")
    if teams and players not in rules.team_counts:
        raise ValueError(f"'{ruleset.name}' has no partnerships with {players} players")
    return teams
