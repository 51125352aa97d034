"""From a schema-valid, merged rule document (plain data) to a compiled `Ruleset`.

This is the semantic half of loading: options become enums, expressions are compiled against the
names of the place they stand in, and whatever can be decided once (hand sizes, teams and round
counts for every allowed player count) is evaluated here, so that a file that cannot be played
fails when it loads and never mid-game.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Literal, TypeVar, overload

from interpreter.expressions.language import (
    MAX_VALUE,
    Expr,
    ExpressionError,
    ExpressionRuntimeError,
    ExprProblem,
    Type,
    Value,
    compile_expression,
    describe_value,
)
from interpreter.resources import load_schema
from interpreter.rulefile import phase_kinds
from interpreter.rulefile.build_counting import build_counting, refuse_counting_sections
from interpreter.rulefile.build_draw_discard import build_draw_discard, refuse_draw_discard_sections
from interpreter.rulefile.build_layout_rules import (
    announce_last,
    check_blind_rows,
    check_spinner_choice,
    check_undealt_to_starter,
    play_until,
)
from interpreter.rulefile.build_partition import build_partition, refuse_partition_sections
from interpreter.rulefile.build_phases import build_phases
from interpreter.rulefile.build_pool import build_pool
from interpreter.rulefile.build_stake import build_stake, build_void
from interpreter.rulefile.build_start_options import check_start_options
from interpreter.rulefile.build_tableau import build_tableau, refuse_tableau_section
from interpreter.rulefile.build_tracks import build_elimination, build_tracks, track_names
from interpreter.rulefile.build_tricks import build_tricks, refuse_trick_sections
from interpreter.rulefile.ruleset import (
    COUNT_NAMES,
    COUNT_VALUE_FIELDS,
    DEALT_HAND_NAMES,
    IN_PLAY_NAMES,
    MATCH_NAMES,
    ON_PASS_NAMES,
    PLAY_NAMES,
    PREVIOUS_ROUND_CRITERIA,
    RESET_NAMES,
    ROUND_END_NAMES,
    ROUND_NAMES,
    START_NAMES,
    TEAM_COUNT_NAMES,
    TILE_NAMES,
    TURN_NAMES,
    AfterStockLead,
    Deal,
    DecidedBy,
    DemandStarts,
    Direction,
    DoubleAtEnd,
    Draw,
    DrawPolicy,
    EngineMissing,
    Family,
    Hands,
    InPlayScoring,
    Layout,
    Lead,
    LeadFrom,
    MatchEnd,
    OnPassScoring,
    Play,
    Players,
    RoundEndScoring,
    Ruleset,
    Scorer,
    SidesOpen,
    SpinnerCount,
    Spinners,
    Start,
    StartCriterion,
    StartRule,
    TargetCheck,
    TargetReach,
    Teams,
    Tie,
    TiedWinner,
    Topology,
    Track,
    Undealt,
    WhenUnable,
    Winner,
    double_set,
)
from interpreter.rulefile.trick_rules import NamedTile
from interpreter.text.tiles import parse_tile

Path_ = tuple[str | int, ...]
E = TypeVar("E", bound=Enum)
V = TypeVar("V", bound=Value)

# What stands in for a formula with a problem while the rest of the file is checked (_Builder.formula).
_STAND_INS: dict[Type, Expr[Value]] = {
    Type.INT: compile_expression("0", {}, Type.INT),
    Type.BOOL: compile_expression("false", {}, Type.BOOL),
}
_RANGE = re.compile(r"^(\d{1,2})(?:-(\d{1,2}))?$")


@dataclass(frozen=True)
class BuildProblem:
    path: Path_
    message: str
    expr: ExprProblem | None = None
    key: bool = False


class _Builder:
    def __init__(self, data: Mapping[str, Any], origin_of: Callable[[Path_], str]) -> None:
        self.data = data
        self.origin_of = origin_of
        self.problems: list[BuildProblem] = []
        self.schema = load_schema()
        self.envs: dict[int, dict[str, int]] = {}  # per allowed player count: the count names
        self.tiles: tuple[tuple[int, int], ...] = ()  # the set as played, where set.without or set.tiles gives it
        self.named: tuple[NamedTile, ...] = ()  # per tile id, what set.tiles says of it (names, suits, ranks)
        self.tracks: tuple[Track, ...] = ()  # scoring.tracks, which some formulas read (build_tracks.py)

    def problem(self, path: Path_, message: str, expr: ExprProblem | None = None, *, key: bool = False) -> None:
        """A problem at `path`'s value, or at its key (`key`: the key itself is the mistake)."""
        self.problems.append(BuildProblem(path, message, expr, key))

    def get(self, *path: str | int) -> Any:
        """The value at `path`, or the schema's default for it when the file leaves it out."""
        node: Any = self.data
        for key in path:
            found = isinstance(node, Mapping) and key in node
            found = found or (isinstance(node, list) and isinstance(key, int) and key < len(node))
            if found:
                node = node[key]
            else:
                return self.default(path)
        return node

    def default(self, path: Path_) -> Any:
        node = self.schema
        for key in path:
            node = node["items"] if isinstance(key, int) else node["properties"][key]  # an int: a list's item
        return node.get("default")

    def option(self, enum: type[E], *path: str | int) -> E:
        return enum(self.get(*path))

    @overload
    def expr(self, path: Path_, names: Mapping[str, Type], expected: Literal[Type.INT]) -> Expr[int] | None: ...
    @overload
    def expr(self, path: Path_, names: Mapping[str, Type], expected: Literal[Type.BOOL]) -> Expr[bool] | None: ...
    @overload
    def expr(self, path: Path_, names: Mapping[str, Type], expected: Type) -> Expr[Value] | None: ...
    def expr(self, path: Path_, names: Mapping[str, Type], expected: Type) -> Expr[Value] | None:
        """The formula at `path` compiled; None where there is none, or where it has a problem."""
        value = self.get(*path)
        if value is None:
            return None
        source = str(value).lower() if isinstance(value, bool) else str(value)
        try:
            expr = compile_expression(source, names, expected, origin=self.origin_of(path))
        except ExpressionError as error:
            for p in error.problems:
                self.problem(path, p.message, p)
            return None
        number = expr.constant
        if expr.type is Type.INT and isinstance(number, int) and not -MAX_VALUE <= number <= MAX_VALUE:
            self.problem(path, f"the formula gives {describe_value(number)}")
            return None
        return expr

    @overload
    def formula(self, path: Path_, names: Mapping[str, Type], expected: Literal[Type.INT]) -> Expr[int]: ...
    @overload
    def formula(self, path: Path_, names: Mapping[str, Type], expected: Literal[Type.BOOL]) -> Expr[bool]: ...
    def formula(self, path: Path_, names: Mapping[str, Type], expected: Type) -> Expr[Value]:
        """A formula the rules always have (the file's, or the schema's default). One with a problem
        refuses the file; until then, a stand-in of its type (never played) keeps the parts typed."""
        expr = self.expr(path, names, expected)
        if expr is None:
            assert self.problems, f"{path} has no formula and no default"
            return _STAND_INS[expected]
        return expr

    def evaluate(self, expr: Expr[V], env: Mapping[str, object], path: Path_) -> V | None:
        try:
            return expr(env)
        except ExpressionRuntimeError as error:
            message = f"cannot be evaluated for {_describe(env)}: {error.cause}"
            if not any(p.path == path and p.message.startswith("cannot be evaluated") for p in self.problems):
                self.problem(path, message)
            return None


# Keys that only name things for the players: they change no play, so they are not part of the
# rules' digest, and a saved game (which names its rules by digest) goes on after they change.
WORDS_ONLY = (("layout", "shared_train_name"),)
WORDS_ONLY_TOP = ("how_to_play",)  # the same, at the top level of the file


def _played(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """`data` without its words-only keys (WORDS_ONLY, WORDS_ONLY_TOP): what the digest is taken of."""
    out = {k: v for k, v in data.items() if k not in WORDS_ONLY_TOP}
    for section, key in WORDS_ONLY:
        if isinstance(out.get(section), Mapping) and key in out[section]:
            out[section] = {k: v for k, v in out[section].items() if k != key}
    return out


def _describe(env: Mapping[str, object]) -> str:
    return ", ".join(f"{k} = {v}" for k, v in env.items() if k in ("players", "round"))


def build_ruleset(
    data: Mapping[str, Any], *, source: str, origin_of: Callable[[Path_], str]
) -> tuple[Ruleset | None, list[BuildProblem]]:
    b = _Builder(data, origin_of)
    family = b.option(Family, "family")
    low, high = b.get("players", "min"), b.get("players", "max")
    counts = range(low, high + 1) if low <= high else range(0)
    by_count: dict[str, dict[int, int]] = {}
    max_pips = _count_values(b, COUNT_VALUE_FIELDS["max_pip"], counts, "players")
    if b.get("set", "tiles") is not None:
        tiles, b.named = _set_listed(b, counts, max_pips)
    else:
        tiles = _set_without(b, counts, max_pips)
    tiles, b.named = _set_copies(b, tiles, b.named, max_pips)
    b.tiles = tiles
    for n in counts:
        pip = max_pips.get(n, 0)
        b.envs[n] = _env(n, pip, len(tiles) if tiles else (pip + 1) * (pip + 2) // 2)
    by_count["max_pip"] = max_pips
    players = _players(b, counts)
    for key in ("reserve", "shared_trains"):
        by_count[key] = _count_values(b, COUNT_VALUE_FIELDS[key], counts)
    # The target may read `teams`: its values for the partnership choice a match may make against
    # the file's default go to `by_choice`.
    by_choice: dict[str, dict[int, int]] = {}
    by_count["target"] = _count_values(b, COUNT_VALUE_FIELDS["target"], counts, players=players, other=by_choice)
    max_pip = max_pips.get(low, 0)
    deal = _deal(b, counts, by_count["reserve"].get(low, 0))
    start = _start(b, min(max_pips.values(), default=max_pip))
    layout = _layout(b, by_count["shared_trains"].get(low, 0))
    again = b.get("play", "again_after_double")
    allowed = b.expr(("play", "allowed"), PLAY_NAMES, Type.BOOL)
    play = Play(
        forced=b.get("play", "forced"),
        again_after_double=again in (True, "may"),
        match=b.formula(("play", "match"), MATCH_NAMES, Type.BOOL),
        again_optional=again == "may",
        allowed=None if allowed is not None and allowed.constant is True else allowed,
        **_turn(b),
        **_turn_rules(b),
        until=play_until(b, players),
        announce_draw=announce_last(b, family, layout),
    )
    draw = Draw(
        b.option(DrawPolicy, "draw", "policy"),
        b.option(WhenUnable, "draw", "when_unable"),
        b.get("draw", "voluntary"),
        bool(b.get("draw", "stop_when_dead")),
        bool(b.get("draw", "discard_any_time")),
    )
    in_play = _in_play(b)
    on_pass = _on_pass(b)
    tracks = build_tracks(b, family)
    b.tracks = tracks
    tracked = track_names(tracks)  # the tracks' names, read at a round's end beside its own names
    domino = _round_end(b, "domino", tracked)
    blocked = _round_end(b, "blocked", tracked)
    tableau = None
    if family is Family.TABLEAU:  # a patience: its own match end (build_tableau.py)
        tableau, match = build_tableau(b, tiles or double_set(max_pips.get(low, 0)), max_pips.get(low, 0))
    else:
        refuse_tableau_section(b)
        match = _match(b, counts, by_count["target"].get(low), tracked)
    if b.get("match", "eliminate_when") is not None and family is Family.LAYOUT:
        match = replace(match, eliminate_when=build_elimination(b, players, tracks))
    tile_value = b.formula(("set", "tile_value"), TILE_NAMES, Type.INT)
    tricks = counting = partition = None
    check_undealt_to_starter(b, family, deal, layout, draw)
    check_blind_rows(b, family, deal, layout, draw, play)
    if family is not Family.COUNTING:
        refuse_counting_sections(b)
    if family is Family.COUNTING:
        counting = build_counting(b, counts, max_pips, deal, tile_value)
    draw_discard = None
    if family is Family.DRAW_DISCARD:
        draw_discard = build_draw_discard(b, counts, players, deal)
    else:
        refuse_draw_discard_sections(b, family.value)
    if family is Family.PARTITION:
        partition = build_partition(b, deal, players.max, players.teams is not Teams.NONE)
    else:
        refuse_partition_sections(b)
    if family is Family.TRICKS:
        # A trick file's layout sections are refused, so they hold their defaults: the layout
        # checks below would only judge those defaults against the trick sections.
        tricks = build_tricks(b, counts, max_pips, players, deal)
        _check_hand_sizes(b, deal, by_count, engine_tiles=0)
        if tricks is not None and tricks.bidding is not None and tricks.bidding.kitty:
            for n, size in deal.hand_sizes.items():
                if n in b.envs and b.envs[n]["set_size"] <= n * size:
                    left = f"with {n} players every tile is dealt: no tile is left for a kitty"
                    b.problem(("bidding", "kitty"), left)
                    break
        if tricks is not None and not b.problems:
            _check_hand_can_score(b, players, tricks.hand, match, by_count["target"])
    elif family is Family.LAYOUT:
        refuse_trick_sections(b)
        if layout.engine is not None:
            _check_engine(b, layout.engine, counts, match, max_pips)
        _check_consistency(b, deal, layout, draw, blocked, play, by_count)
        _check_stock_lead(b, deal, layout, start, by_count["reserve"])
        _check_lead_entries(b, deal, layout, start, by_count["reserve"])
        _check_own_first_double(b, layout, start)
        check_spinner_choice(b, layout)
        check_start_options(b, layout, start)
        if not b.problems:
            _check_can_end(b, players, (in_play, on_pass), (domino, blocked), match, by_count["target"])
    if b.problems:
        return None, b.problems
    name = b.get("name")
    digest = hashlib.sha256(json.dumps(_played(data), sort_keys=True, default=str).encode()).hexdigest()
    ruleset = Ruleset(
        name=name,
        title=b.get("title") or name,
        description=b.get("description") or "",
        source=source,
        max_pip=max_pip,
        tile_value=tile_value,
        players=players,
        deal=deal,
        start=start,
        layout=layout,
        play=play,
        draw=draw,
        in_play=in_play,
        on_pass=on_pass,
        domino=domino,
        blocked=blocked,
        match=match,
        digest=digest,
        tags=tuple(b.get("tags") or ()),
        not_expressible=tuple(b.get("not_expressible") or ()),
        how_to_play=b.get("how_to_play") or "",
        family=family,
        tricks=tricks,
        counting=counting,
        tableau=tableau,
        draw_discard=draw_discard,
        partition=partition,
        tracks=tracks,
        tiles=tiles,
        by_count={key: table for key, table in by_count.items() if len(set(table.values())) > 1},
        by_choice={key: table for key, table in by_choice.items() if table},
    )
    # The file's own order of the phases its other keys make (build_phases.py): checked once
    # the ruleset says which phases those are.
    phases = build_phases(b, phase_kinds.sequence_of(ruleset))
    if b.problems:
        return None, b.problems
    return (replace(ruleset, phases=phases) if phases else ruleset), []


def _set_without(b: _Builder, counts: range, max_pips: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    """The tiles played when `set.without` leaves some out (empty: the complete set)."""
    if b.get("set", "without") is None:
        return ()
    if len(set(max_pips.values())) > 1:
        b.problem(("set", "without"), "set.without needs one set for every player count: give set.max_pip a number")
        return ()
    names = {k: v for k, v in TILE_NAMES.items() if k != "set_size"}  # the size is what this decides
    without = b.expr(("set", "without"), names, Type.BOOL)
    if without is None or not counts or not max_pips:
        return ()
    pip = next(iter(max_pips.values()))
    kept = []
    for low, high in double_set(pip):
        env = {"players": counts[0], "max_pip": pip, "high": high, "low": low, "pips": low + high}
        env["is_double"] = low == high
        try:
            if not without(env):
                kept.append((low, high))
        except ExpressionRuntimeError as error:
            b.problem(("set", "without"), f"cannot be evaluated for {low}-{high}: {error.cause}")
            return ()
    if not kept:
        b.problem(("set", "without"), "leaves no tile in the set")
        return ()
    return tuple(kept)


def _set_listed(
    b: _Builder, counts: range, max_pips: dict[int, int]
) -> tuple[tuple[tuple[int, int], ...], tuple[NamedTile, ...]]:
    """The tiles played when `set.tiles` lists them (each entry `copies` times, in the file's
    order), and what the entries say of each (empty when no entry names, suits or ranks a tile).
    `max_pips` gets the largest pip listed for every player count."""
    if b.get("set", "without") is not None:
        b.problem(
            ("set", "without"),
            "set.tiles lists every tile of the set, and set.without leaves tiles out of a double-max_pip set: "
            "give one of them (without: null in a house rule)",
            key=True,
        )
    tiles: list[tuple[int, int]] = []
    named: list[NamedTile] = []
    for i, entry in enumerate(b.get("set", "tiles")):
        tile = parse_tile(entry["tile"])
        if max(tile) > 18:
            b.problem(("set", "tiles", i, "tile"), f"{entry['tile']}: a set's numbers run from 0 to 18 at most")
            continue
        copies = entry.get("copies") or 1
        about = NamedTile(entry.get("name") or "", entry.get("suit") or "", entry.get("rank") or 0, entry.get("value"))
        tiles += [tile] * copies
        named += [about] * copies
    if not tiles:
        return (), ()
    largest = max(high for _, high in tiles)
    if b.get("set", "max_pip") is not None:
        disagree = sorted({pip for pip in max_pips.values() if pip != largest})
        if disagree:
            b.problem(
                ("set", "max_pip"),
                f"set.tiles gives the set, whose largest number is {largest}, not {disagree[0]}: leave set.max_pip "
                "out (max_pip: null in a house rule)",
            )
    max_pips.update(dict.fromkeys(counts, largest))
    said = tuple(named) if any(about != NamedTile() for about in named) else ()
    return tuple(tiles), said


def _set_copies(
    b: _Builder, tiles: tuple[tuple[int, int], ...], named: tuple[NamedTile, ...], max_pips: Mapping[int, int]
) -> tuple[tuple[tuple[int, int], ...], tuple[NamedTile, ...]]:
    """The set `set.copies` times over, whole set after whole set (`tiles` empty: the complete
    double-max_pip set), with what set.tiles says of each copy."""
    copies = b.get("set", "copies") or 1
    if copies == 1:
        return tiles, named
    if not tiles:
        if len(set(max_pips.values())) > 1:
            b.problem(("set", "copies"), "set.copies needs one set for every player count: give set.max_pip a number")
            return (), named
        tiles = double_set(next(iter(max_pips.values()), 0))
    return tiles * copies, named * copies


def _env(players: int, max_pip: int, set_size: int) -> dict[str, int]:
    return {"players": players, "max_pip": max_pip, "set_size": set_size}


def _turn(b: _Builder) -> dict[str, Any]:
    """`play.per_turn`, `turn_rest` and `whole_turn`: the Play fields of a turn of several tiles."""
    per_turn = b.expr(("play", "per_turn"), TURN_NAMES, Type.INT)
    whole = b.expr(("play", "whole_turn"), TURN_NAMES, Type.BOOL)
    rest_optional = b.get("play", "turn_rest") == "may"
    if per_turn is not None and per_turn.constant is not None:
        if per_turn.constant < 1:
            b.problem(("play", "per_turn"), f"a turn lays at least one tile, not {per_turn.constant}")
        if per_turn.constant <= 1:
            per_turn = None
    if whole is not None and whole.constant is False:
        whole = None
    # One tile a turn: a rest is nonsense (a per_turn that did not compile, or is below 1, is reported already).
    if per_turn is None and str(b.get("play", "per_turn")).strip() in ("None", "1"):
        for key, given in (("turn_rest", rest_optional), ("whole_turn", whole is not None)):
            if given:
                b.problem(("play", key), "a turn of one tile has no rest: this needs play.per_turn above 1")
    elif rest_optional and whole is not None:
        b.problem(("play", "turn_rest"), "a whole turn cannot be cut short: use turn_rest must, or no whole_turn")
    return {"per_turn": per_turn, "rest_optional": rest_optional, "whole_turn": whole}


def _players(b: _Builder, counts: range) -> Players:
    low, high = b.get("players", "min"), b.get("players", "max")
    if low > high:
        b.problem(("players", "min"), f"min ({low}) is greater than max ({high})")
    teams = b.option(Teams, "players", "teams")
    optional = bool(b.get("players", "teams_optional"))
    sides = _team_count(b, teams)
    team_counts: set[int] = set()
    if teams is not Teams.NONE or optional:
        when = b.expr(("players", "teams_when"), COUNT_NAMES, Type.BOOL)
        for n in counts:
            if when is not None and not b.evaluate(when, b.envs[n], ("players", "teams_when")):
                continue
            if n % (sides or 2):
                if optional:  # the choice exists only where the teams share the seats evenly
                    continue
                if sides:
                    b.problem(("players", "sides"), f"{sides} teams cannot share {n} players evenly")
                else:
                    message = f"partners sit opposite, which needs an even player count, not {n}"
                    b.problem(("players", "teams"), message)
            elif sides and n == sides:
                b.problem(
                    ("players", "sides"),
                    f"{sides} teams of {n} players would be teams of one; use teams: none",
                )
            team_counts.add(n)
        if optional and not team_counts:
            b.problem(("players", "teams_optional"), "no allowed player count is even, so partnerships never apply")
    direction = b.option(Direction, "players", "direction")
    return Players(low, high, direction, teams, frozenset(team_counts), optional, sides)


def _team_count(b: _Builder, teams: Teams) -> int:
    """How many teams `teams: alternate` seats (players.sides); 0 for partners in pairs."""
    sides = b.get("players", "sides")
    if teams is Teams.ALTERNATE:
        return int(sides)
    if b.get("players") is not None and "sides" in b.get("players"):
        b.problem(
            ("players", "sides"),
            "counts the teams of teams: alternate; partners opposite are in pairs"
            if teams is Teams.OPPOSITE
            else "counts the teams of teams: alternate, and this file has no teams",
            key=True,
        )
    return 0


def _count_values(
    b: _Builder,
    path: tuple[str, str],
    counts: range,
    *names: str,
    players: Players | None = None,
    other: dict[str, dict[int, int]] | None = None,
) -> dict[int, int]:
    """A number that may depend on the player count (an integer, a formula of the count names, or
    a player-count table), for every allowed count; empty when the file leaves it out. `names`
    narrows the count names a formula may read (the set size cannot read itself). With `players`,
    a formula may also read `teams` (the file's partnership choice at each count); where a match
    may choose otherwise (players.teams_optional), the values that differ for the other choice go
    to `other[key]`."""
    raw = b.get(*path)
    if raw is None:
        return {}
    if isinstance(raw, Mapping):
        return _table(b, path, raw, counts)
    allowed: Mapping[str, Type] = {k: COUNT_NAMES[k] for k in names} if names else COUNT_NAMES
    if players is not None:
        allowed = TEAM_COUNT_NAMES
    formula = b.expr(path, allowed, Type.INT)
    values: dict[int, int] = {}
    chosen: dict[int, int] = {}
    if formula is not None:
        for n in counts:
            env: dict[str, object] = {**(b.envs.get(n) or {"players": n})}
            if players is not None:
                default = players.partnered and n in players.team_counts
                env["teams"] = default
                if players.teams_optional and n in players.team_counts and "teams" in formula.names:
                    value = b.evaluate(formula, {**env, "teams": not default}, path)
                    if value is not None:
                        chosen[n] = value
            value = b.evaluate(formula, env, path)
            if value is not None:
                values[n] = value
    _check_range(b, path, values)
    _check_range(b, path, chosen)
    if other is not None:
        other[path[-1]] = {n: value for n, value in chosen.items() if value != values.get(n)}
    return values


def _check_range(b: _Builder, path: Path_, values: Mapping[int, int]) -> None:
    """A formula's values obey the bounds the schema gives the key's integers."""
    node = b.schema
    for key in path:
        node = node["properties"][key]
    bounds = node["oneOf"][0]
    for n, value in values.items():
        if not bounds["minimum"] <= value <= bounds["maximum"]:
            b.problem(path, f"{value} for {n} players is outside {bounds['minimum']} … {bounds['maximum']}")
            return


def _table(b: _Builder, path: Path_, table: Mapping[str, int], counts: range) -> dict[int, int]:
    sizes: dict[int, int] = {}
    for key, size in table.items():
        m = _RANGE.match(str(key))
        if not m:
            b.problem((*path, key), f"'{key}' is not a player count or range like '3-4'")
            continue
        first, last = int(m.group(1)), int(m.group(2) or m.group(1))
        if first > last:
            b.problem((*path, key), f"the range '{key}' is empty")
        for n in range(first, last + 1):
            if n in sizes:
                b.problem((*path, key), f"{n} players is given twice")
            sizes[n] = size
    # Entries outside players.min–max are allowed: a house rule that narrows the player range
    # should not have to restate an inherited table.
    missing = [n for n in counts if n not in sizes]
    if missing:
        b.problem(path, f"no {_WHAT[path]} for " + ", ".join(f"{n} players" for n in missing))
    return {n: s for n, s in sizes.items() if n in counts}


_WHAT: dict[Path_, str] = {
    ("deal", "hand_size"): "hand size",
    **{p: p[1].replace("_", " ") for p in COUNT_VALUE_FIELDS.values()},
}


def _deal(b: _Builder, counts: range, reserve: int) -> Deal:
    path = ("deal", "hand_size")
    raw = b.get(*path)
    sizes: dict[int, int] = {}
    if isinstance(raw, Mapping):
        sizes = _table(b, path, raw, counts)
    else:
        formula = b.expr(path, COUNT_NAMES, Type.INT)
        if formula is not None:
            for n in counts:
                size = b.evaluate(formula, b.envs[n], path)
                if size is not None:
                    sizes[n] = size
    for n, size in sizes.items():
        if size < 1:
            b.problem(path, f"a hand of {size} tiles for {n} players; every hand needs at least one tile")
    undealt = b.option(Undealt, "deal", "undealt")
    refill = bool(b.get("deal", "refill"))
    if refill and undealt is not Undealt.BONEYARD and b.get("family") != Family.TRICKS.value:
        b.problem(("deal", "refill"), "a hand refilled from the stock needs deal.undealt: boneyard")
    return Deal(
        sizes, undealt, reserve, refill, _redeal_on(b, "redeal_when"), _redeal_on(b, "redeal_claim"),
        b.option(Hands, "deal", "hands"),
    )  # fmt: skip


def _redeal_on(b: _Builder, key: str) -> Expr[bool] | None:
    """`deal.redeal_when` (the deal is void) or `deal.redeal_claim` (a player may throw it in): a
    condition over one hand as dealt, which the layout family's deal reads."""
    path = ("deal", key)
    if b.get(*path) is None:
        return None
    if b.get("family") == Family.TRICKS.value:
        b.problem(
            path, "a deal thrown in because of a hand is played in layout games only, not yet in trick games"
        )
        return None
    condition = b.expr(path, DEALT_HAND_NAMES, Type.BOOL)
    if condition is not None and condition.constant is True:
        said = "no deal could stand" if key == "redeal_when" else "every player could throw every deal in"
        b.problem(path, f"this condition always holds: {said}")
        return None
    return condition


def _start_rules(
    b: _Builder,
    key: str,
    max_pip: int,
    items: list[Any] | None = None,
    prefix: Path_ = (),
    when: Expr[bool] | None = None,
) -> tuple[StartRule, ...]:
    """The criteria of `start.KEY` (or, with `items`, of a `when` entry's list at `prefix`, each
    guarded by `when`), flattened: a `when` entry's criteria stand in its place, sharing its guard."""
    rules: list[StartRule] = []
    for i, item in enumerate(b.get("start", key) if items is None else items):
        path = (*prefix, i) if prefix else ("start", key, i)
        if isinstance(item, str):
            criterion = StartCriterion(item)
            if key == "first_round" and criterion in PREVIOUS_ROUND_CRITERIA:
                b.problem(path, f"'{item}' needs a previous round; use it in start.later_rounds")
            if criterion is StartCriterion.LOTS_PER_SIDE and b.get("players", "teams") in (None, Teams.NONE.value):
                b.problem(path, "'lots_per_side' draws a lot for each side, so it needs partnerships (players.teams)")
            rules.append(StartRule(criterion, when=when))
        elif len(item) != 1 and set(item) not in ({"when", "start"}, *({g, "start"} for g in _LEAD_GUARDS)):
            entries = (
                "{highest_ranked: FORMULA}, {lots: FORMULA}, {holder: [a, b]}, {when: CONDITION, start: [criteria]}, "
                "{stock_lead: CONDITION, start: [criteria]} or {draw_until: CONDITION, start: [criteria]}"
            )
            b.problem(path, f"an entry is one of {entries}")
        elif _LEAD_GUARDS & item.keys():
            rules += _lead_guard_rules(b, key, max_pip, item, path, prefix, when)
        elif "when" in item or "start" in item:
            if key == "first_round":
                b.problem(path, "a 'when' entry reads the previous round; use it in start.later_rounds")
            elif prefix:
                b.problem(path, "a 'when' entry's list holds criteria, not another 'when'")
            elif item.get("when") is None or item.get("start") is None:
                b.problem(path, "a 'when' entry needs both when: CONDITION and start: [criteria]")
            else:
                guard = b.expr((*path, "when"), START_NAMES, Type.BOOL)
                if guard is not None:
                    rules += _start_rules(b, key, max_pip, item["start"], (*path, "start"), guard)
        elif "highest_ranked" in item:
            rank = b.expr((*path, "highest_ranked"), TILE_NAMES, Type.INT)
            rules.append(StartRule(StartCriterion.HIGHEST_RANKED, rank=rank, when=when))
        elif "lots" in item:  # lots whose tiles rank by a formula (e.g. every double above every other tile)
            rank = b.expr((*path, "lots"), TILE_NAMES, Type.INT)
            rules.append(StartRule(StartCriterion.LOTS, rank=rank, when=when))
        else:
            low, high = sorted(item["holder"])
            if high > max_pip:
                b.problem((*path, "holder"), f"[{low}|{high}] is not in a double-{max_pip} set")
            elif b.tiles and (low, high) not in b.tiles:
                b.problem((*path, "holder"), f"[{low}|{high}] is not in the set: set.tiles or set.without leave it out")
            rules.append(StartRule(StartCriterion.HOLDER, tile=(low, high), when=when))
    return tuple(rules)


# Start entries whose criteria pick who plays first onto a lead from the undealt tiles: turned up
# from them (`stock_lead`) or drawn from the boneyard by that player (`draw_until`).
_LEAD_GUARDS = frozenset({"stock_lead", "draw_until"})


def _lead_guard_rules(
    b: _Builder, key: str, max_pip: int, item: Mapping[str, Any], path: Path_, prefix: Path_, when: Expr[bool] | None
) -> tuple[StartRule, ...]:
    """A `{stock_lead | draw_until: CONDITION, start: [criteria]}` entry: its criteria, each
    carrying the condition over a tile (TILE_NAMES) that says which undealt tile is the lead."""
    guard_key = next(g for g in sorted(_LEAD_GUARDS) if g in item)
    if prefix:
        b.problem(path, f"a '{guard_key}' entry's list holds criteria, not another entry of its own")
        return ()
    if b.get("family") == Family.TRICKS.value:
        b.problem(path, "a lead from the undealt tiles starts a layout game, not a trick game")
        return ()
    if item.get("start") is None:
        b.problem(path, f"a '{guard_key}' entry needs both {guard_key}: CONDITION and start: [criteria]")
        return ()
    guard = b.expr((*path, guard_key), TILE_NAMES, Type.BOOL)
    if guard is None:
        return ()
    inner = _start_rules(b, key, max_pip, item["start"], (*path, "start"), when)
    if guard_key == "stock_lead":
        return tuple(replace(rule, stock_lead=guard) for rule in inner)
    return tuple(replace(rule, draw_until=guard) for rule in inner)


def _start(b: _Builder, max_pip: int) -> Start:
    first = _start_rules(b, "first_round", max_pip)
    later = _start_rules(b, "later_rounds", max_pip) if b.get("start", "later_rounds") is not None else first
    return Start(
        first,
        later,
        _lead(b),
        b.get("start", "max_redeals"),
        b.option(LeadFrom, "start", "lead_from"),
        b.option(AfterStockLead, "start", "after_stock_lead"),
        bool(b.get("start", "lead_names_end")),
        b.option(TiedWinner, "start", "tied_winner"),
    )


def _lead(b: _Builder) -> Lead:
    """`start.lead`; unsaid under `layout.train_start: own_double` it is `any` (the starter starts
    his train from any double of his own, as such files always meant), `qualifying` elsewhere."""
    given = b.data.get("start")
    said = isinstance(given, Mapping) and given.get("lead") is not None
    if not said and b.get("layout", "train_start") == "own_double":
        return Lead.ANY
    return b.option(Lead, "start", "lead")


def _check_own_first_double(b: _Builder, layout: Layout, start: Start) -> None:
    """Under `start.lead: qualifying` the starter's own train starts from the criterion's tile
    (`layout.train_start: own_double`): a criterion that picks a tile must pick a double."""
    if not layout.own_double_trains or start.lead is not Lead.QUALIFYING:
        return
    for key, rules in (("first_round", start.first_round), ("later_rounds", start.later_rounds)):
        for i, rule in enumerate(rules):
            double = rule.tile is not None and rule.tile[0] == rule.tile[1]
            criterion = rule.criterion
            if criterion is StartCriterion.HIGHEST_RANKED or (criterion is StartCriterion.HOLDER and not double):
                b.problem(
                    ("start", key, i),
                    "the starter's first tile starts his own train (layout.train_start: own_double, start.lead: "
                    "qualifying): a criterion picking a tile must pick a double (highest_double, or holder of one)",
                )
                return


def _check_stock_lead(b: _Builder, deal: Deal, layout: Layout, start: Start, reserve: dict[int, int]) -> None:
    """A lead turned up from the stock needs a line (a hub's lead is its engine) and a boneyard
    that keeps a tile to turn up at every player count."""
    path = ("start", "lead_from")
    if start.lead_from is not LeadFrom.STOCK:
        given = b.data.get("start")
        if isinstance(given, Mapping) and given.get("after_stock_lead") is not None:
            b.problem(
                ("start", "after_stock_lead"),
                "says who plays first onto a lead from the stock; it needs start.lead_from: stock",
            )
        return
    if layout.topology is not Topology.LINE:
        b.problem(path, "a lead from the stock needs layout.topology: line (a hub's engine is its lead)")
    elif deal.undealt is not Undealt.BONEYARD:
        b.problem(path, "a lead from the stock needs deal.undealt: boneyard")
    else:
        for n, size in deal.hand_sizes.items():
            if n in b.envs and b.envs[n]["set_size"] - n * size - reserve.get(n, 0) < 1:
                left = "every tile is dealt" if not reserve.get(n) else "only the reserve is left"
                b.problem(path, f"a lead from the stock needs a tile left undealt; with {n} players {left}")
                break


def _check_lead_entries(b: _Builder, deal: Deal, layout: Layout, start: Start, reserve: dict[int, int]) -> None:
    """A `{stock_lead: ...}` start entry turns up a tile left undealt onto a line: it needs a line
    (a hub's lead is its engine) and, at one player count at least, a tile left undealt; a
    `{draw_until: ...}` entry, a boneyard to draw from and a lead that is the tile drawn."""
    sizes = deal.hand_sizes.items()
    left = [n for n, size in sizes if n in b.envs and b.envs[n]["set_size"] - n * size - reserve.get(n, 0) > 0]
    for key in ("first_round", "later_rounds"):
        entries = b.get("start", key)
        for i, item in enumerate(entries if isinstance(entries, list) else ()):
            if isinstance(item, Mapping) and "draw_until" in item:
                _check_draw_until(b, deal, layout, start, ("start", key, i, "draw_until"))
            if not (isinstance(item, Mapping) and "stock_lead" in item):
                continue
            path = ("start", key, i, "stock_lead")
            if start.lead_from is LeadFrom.STOCK:
                b.problem(path, "start.lead_from: stock already turns the lead up from the boneyard; use one")
            elif layout.topology is not Topology.LINE:
                b.problem(path, "a lead from the undealt tiles needs layout.topology: line (a hub leads its engine)")
            elif not left:
                b.problem(path, "turns up a tile left undealt, but every player count deals every tile")


def _turn_rules(b: _Builder) -> dict[str, Any]:
    """`play.again_when` and `play.skip_when`: conditions over the in-play names, read after a tile
    that ends a turn is laid."""
    found: dict[str, Any] = {}
    for key in ("again_when", "skip_when"):
        condition = b.expr(("play", key), IN_PLAY_NAMES, Type.BOOL)
        if condition is not None and condition.constant is not None:
            said = "always holds: the same player would play for ever" if key == "again_when" else "always holds"
            b.problem(("play", key), f"this condition {said}" if condition.constant else "this condition never holds")
            condition = None
        found[key] = condition
    if found["again_when"] is not None and b.get("play", "per_turn") not in (None, 1, "1"):
        b.problem(("play", "again_when"), "play.per_turn already shapes a turn of several tiles; use one of them")
    return found


def _check_draw_until(b: _Builder, deal: Deal, layout: Layout, start: Start, path: Path_) -> None:
    """A `{draw_until: ...}` start entry: its player draws from the boneyard and leads what he drew."""
    if deal.undealt is not Undealt.BONEYARD:
        b.problem(path, "the starter draws for a lead from the boneyard: needs deal.undealt: boneyard")
    elif layout.topology is not Topology.LINE:
        b.problem(path, "a lead drawn from the boneyard needs layout.topology: line (a hub leads its engine)")
    elif start.lead is not Lead.QUALIFYING:
        b.problem(path, "the tile drawn for is the one led: needs start.lead: qualifying")
    elif start.lead_from is LeadFrom.STOCK:
        b.problem(path, "start.lead_from: stock turns the lead up from the boneyard; use one")


def _layout(b: _Builder, shared_trains: int) -> Layout:
    topology = b.option(Topology, "layout", "topology")
    # `none`: a hub with no engine at all, every train started from its owner's double.
    no_engine = b.get("layout", "engine") == "none"
    engine = b.expr(("layout", "engine"), ROUND_NAMES, Type.INT) if topology is Topology.HUB and not no_engine else None
    return Layout(
        topology=topology,
        spinners=b.option(Spinners, "layout", "spinners"),
        spinner_arms=b.get("layout", "spinner_arms"),
        sides_open=b.option(SidesOpen, "layout", "sides_open"),
        double_demand=b.get("layout", "double_demand"),
        lead_demand=b.get("layout", "lead_demand"),
        demand_starts=b.option(DemandStarts, "layout", "demand_starts"),
        demand_when=_demand_when(b),
        engine=engine,
        personal_trains=b.get("layout", "personal_trains"),
        shared_trains=shared_trains,
        engine_dealt=bool(b.get("layout", "engine_dealt")),
        engine_missing=b.option(EngineMissing, "layout", "engine_missing"),
        own_double_trains=b.get("layout", "train_start") == "own_double",
        stand_in=None if b.get("layout", "stand_in") is None else tuple(sorted(b.get("layout", "stand_in"))),
        open_trains=bool(b.get("layout", "open_trains")),
        shared_train_name=b.get("layout", "shared_train_name"),
    )


def _in_play(b: _Builder) -> InPlayScoring | None:
    if b.get("scoring", "in_play") is None:
        return None
    when = b.formula(("scoring", "in_play", "when"), IN_PLAY_NAMES, Type.BOOL)
    points = b.formula(("scoring", "in_play", "points"), IN_PLAY_NAMES, Type.INT)
    return InPlayScoring(
        when,
        points,
        b.option(DoubleAtEnd, "scoring", "in_play", "double_at_end"),
        b.option(SpinnerCount, "scoring", "in_play", "spinner_count"),
    )


def _on_pass(b: _Builder) -> OnPassScoring | None:
    if b.get("scoring", "on_pass") is None:
        return None
    when = b.formula(("scoring", "on_pass", "when"), ON_PASS_NAMES, Type.BOOL)
    points = b.formula(("scoring", "on_pass", "points"), ON_PASS_NAMES, Type.INT)
    return OnPassScoring(when, points)


def _round_end(b: _Builder, which: str, tracked: Mapping[str, Type]) -> RoundEndScoring:
    names = {**ROUND_END_NAMES, **tracked}
    points = b.formula(("scoring", which, "points"), names, Type.INT)
    raw = b.get("scoring", which, "scorer")
    if isinstance(raw, Mapping):  # {lowest: FORMULA} or {highest: FORMULA}
        (order, _), = raw.items()
        rank = b.expr(("scoring", which, "scorer", order), names, Type.INT)
        decided_by = _decided_by(b, which, f"{{{order}: ...}}")
        return RoundEndScoring(Scorer.RANKED, points, rank, order == "lowest", decided_by)
    return RoundEndScoring(Scorer(raw), points, decided_by=_decided_by(b, which, raw))


def _decided_by(b: _Builder, which: str, scorer: str) -> DecidedBy:
    """`scoring.blocked.decided_by`: two hands compared by their pips need the pips scorer."""
    if which != "blocked":
        return DecidedBy.SIDES
    decided_by = b.option(DecidedBy, "scoring", "blocked", "decided_by")
    if decided_by is DecidedBy.BLOCKER_AND_LEFT and scorer != Scorer.LOWEST_PIPS.value:
        message = (
            "blocker_and_left compares two hands' pips, the lower winning: it needs scorer: lowest_pips, "
            f"not {scorer}"
        )
        b.problem(("scoring", "blocked", "decided_by"), message)
    return decided_by


def _match(b: _Builder, counts: range, target: int | None, tracked: Mapping[str, Type]) -> MatchEnd:
    rounds: dict[int, int] | None = None
    formula = b.expr(("match", "rounds"), COUNT_NAMES, Type.INT)
    if formula is not None:
        rounds = {}
        for n in counts:
            value = b.evaluate(formula, b.envs[n], ("match", "rounds"))
            if value is None:
                continue
            if not 1 <= value <= 1000:
                b.problem(("match", "rounds"), f"{value} rounds for {n} players; a match has 1 to 1000 rounds")
            rounds[n] = value
    ends = target is not None or formula is not None or b.get("match", "eliminate_when") not in (None, False)
    if not ends and not any(p.path[:1] == ("match",) for p in b.problems):
        b.problem(("match",), "a match needs a way to end: give match.target, match.rounds, or both")
    check = b.option(TargetCheck, "match", "check")
    requires = b.expr(("match", "win_requires"), {**ROUND_END_NAMES, **tracked}, Type.BOOL)
    if requires is not None and requires.constant is True:
        requires = None
    if requires is not None and check is TargetCheck.IMMEDIATE:
        b.problem(
            ("match", "win_requires"),
            "is read at a round's end; a match that may end mid-round (match.check: immediate) cannot read it",
        )
    reset = b.expr(("match", "reset_when"), {**RESET_NAMES, **tracked}, Type.BOOL)
    return MatchEnd(
        target=target,
        reach=b.option(TargetReach, "match", "reach"),
        check=check,
        rounds=rounds,
        winner=b.option(Winner, "match", "winner"),
        tie=b.option(Tie, "match", "tie"),
        win_requires=requires,
        reset_when=None if reset is None or reset.constant is False else reset,
        pool=build_pool(b),
        void_when=build_void(b, tracked),
        stake=build_stake(b, tracked),
    )


# The rounds of a match without a fixed round count whose engine formula the loader checks (the most
# a fixed count may be); a later round's engine is checked when it is dealt (engine/dealing.py).
ENGINE_ROUNDS_CHECKED = 1000


def _check_engine(b: _Builder, engine: Expr[int], counts: range, match: MatchEnd, max_pips: dict[int, int]) -> None:
    """The engine double is in the set in every round the match can reach (up to ENGINE_ROUNDS_CHECKED)."""
    path = ("layout", "engine")
    for n in counts:
        if n not in max_pips:  # the set's size for n players is itself a problem, reported already
            continue
        fixed = match.rounds.get(n) if match.rounds else None
        if "round" not in engine.names:
            last_round = 1
        elif fixed is not None and match.tie is Tie.SHARE:  # (an out-of-range count is reported already)
            last_round = min(max(fixed, 1), ENGINE_ROUNDS_CHECKED)
        else:  # a target, or ties played on past the last round
            last_round = ENGINE_ROUNDS_CHECKED
        for r in range(1, last_round + 1):
            pip = b.evaluate(engine, {**b.envs[n], "round": r}, path)
            if pip is None:
                return
            if not 0 <= pip <= max_pips[n] or (b.tiles and (pip, pip) not in b.tiles):
                b.problem(path, f"round {r} with {n} players gives engine double [{pip}|{pip}], not in the set")
                return


def _check_no_engine(b: _Builder, layout: Layout, by_count: dict[str, dict[int, int]]) -> None:
    """A hub without an engine (`layout.engine: none`): every train starts from its owner's double."""
    path = ("layout", "engine")
    if not (layout.personal_trains and layout.own_double_trains):
        b.problem(path, "a hub without an engine starts every train from its owner's double: needs personal_trains "
                  "with train_start: own_double")  # fmt: skip
    elif layout.shared_trains or any(by_count["shared_trains"].values()):
        b.problem(path, "a shared train starts at the engine: a hub without one needs shared_trains: 0")
    elif layout.engine_dealt:
        b.problem(path, "a hub without an engine deals none: leave engine_dealt out")


def _check_discards(b: _Builder, draw: Draw) -> None:
    """A turn that lays a tile face down (`draw.when_unable: discard`) replaces drawing."""
    if draw.when_unable is WhenUnable.DISCARD and draw.policy is not DrawPolicy.NONE:
        b.problem(("draw", "when_unable"), "a player who cannot play discards, never draws: needs draw.policy: none")
    if draw.discard_any_time and draw.when_unable is not WhenUnable.DISCARD:
        b.problem(("draw", "discard_any_time"), "discarding instead of playing needs draw.when_unable: discard")


def _side_counts(players: Players, n: int) -> set[int]:
    """How many sides a match of `n` players may have: n, or its teams."""
    if n not in players.team_counts:
        return {n}
    return {n, players.team_sides(n)} if players.teams_optional else {players.team_sides(n)}


def _never_positive(expr: Expr[int], fixed: Mapping[str, object]) -> bool:
    """Whether `expr` provably never gives more than 0: it reads only names whose values are fixed
    (`fixed`), and gives 0 or less with them. Anything it cannot decide counts as "may be positive"."""
    if not expr.names <= fixed.keys():
        return False
    try:
        value = expr(fixed)
    except ExpressionRuntimeError:
        return False  # reported when it happens, with its own message
    return value <= 0


def _dead_sources(
    b: _Builder,
    during: tuple[InPlayScoring | None, OnPassScoring | None],
    round_ends: tuple[RoundEndScoring, ...],
    n: int,
    sides: int,
) -> list[str] | None:
    """Why no side can ever gain a point with `n` players in `sides` sides, or None if one may."""
    env = {"players": n, "max_pip": b.envs[n]["max_pip"]}
    reasons = []
    in_play, on_pass = during
    if in_play is None:
        reasons.append("there is no scoring.in_play")
    elif in_play.when.constant is False:
        reasons.append("scoring.in_play.when is never true")
    elif _never_positive(in_play.points, env):
        reasons.append(f"scoring.in_play.points ({in_play.points.source}) is never above 0")
    else:
        return None
    if on_pass is not None:
        if on_pass.when.constant is False:
            reasons.append("scoring.on_pass.when is never true")
        elif _never_positive(on_pass.points, env):
            reasons.append(f"scoring.on_pass.points ({on_pass.points.source}) is never above 0")
        else:
            return None
    alone = {"opp_pips": 0, "opp_tiles": 0, "opp_doubles": 0, "opponents": 0} if sides == 1 else {}
    for which, scoring in zip(("domino", "blocked"), round_ends, strict=True):
        if scoring.scorer is Scorer.NOBODY:
            reasons.append(f"scoring.{which}.scorer is nobody")
            continue
        went_out = which == "domino" and scoring.scorer is Scorer.WENT_OUT
        fixed = {**env, **alone, **({"went_out": went_out} if which == "blocked" or went_out else {})}
        if not _never_positive(scoring.points, fixed):
            return None
        lone = " with a single side" if alone and not _never_positive(scoring.points, env) else ""
        reasons.append(f"scoring.{which}.points ({scoring.points.source}) is never above 0{lone}")
    return reasons


def _check_can_end(
    b: _Builder,
    players: Players,
    during: tuple[InPlayScoring | None, OnPassScoring | None],
    round_ends: tuple[RoundEndScoring, ...],
    match: MatchEnd,
    targets: dict[int, int],
) -> None:
    """Refuse a match that provably never ends: a target no side can reach because no side can ever
    gain a point, or a tie played on forever because every score stays 0. What cannot be decided
    here is stopped by the engine's round limit (engine/limits.py)."""
    for n in range(players.min, players.max + 1):
        for sides in sorted(_side_counts(players, n)):
            reasons = _dead_sources(b, during, round_ends, n, sides)
            if reasons is None:
                continue
            who = f"with {n} player{'s' if n != 1 else ''}"
            if sides == 1 and n == players.min:
                who += " (players.min)"
            why = "; ".join(reasons)
            if match.rounds is None and n in targets:
                b.problem(
                    ("match", "target"),
                    f"{who} no side can ever score, so the target of {targets[n]} is never reached and the "
                    f"match would never end: {why}",
                )
                return
            if match.rounds is not None and match.tie is Tie.PLAY_ON and sides > 1:
                b.problem(
                    ("match", "tie"),
                    f"{who} no side can ever score, so all sides stay tied at 0 and with play_on the match "
                    f"would never end: {why}",
                )
                return


def _check_consistency(
    b: _Builder,
    deal: Deal,
    layout: Layout,
    draw: Draw,
    blocked: RoundEndScoring,
    play: Play,
    by_count: dict[str, dict[int, int]],
) -> None:
    hub = layout.topology is Topology.HUB
    no_engine = hub and layout.engine is None
    _check_hand_sizes(b, deal, by_count, engine_tiles=1 if hub and not (layout.engine_dealt or no_engine) else 0)
    if no_engine:
        _check_no_engine(b, layout, by_count)
    for n, shared in by_count["shared_trains"].items():
        if hub and not layout.personal_trains and shared == 0:
            b.problem(
                ("layout", "shared_trains"),
                f"a hub needs trains: personal_trains or shared_trains > 0 ({n} players)"
            )
            break
    _check_demands(b, layout, by_count)
    if layout.own_double_trains and not (hub and layout.personal_trains):
        b.problem(
            ("layout", "train_start"),
            "a train from one's own double is a personal train: needs topology hub with personal_trains",
        )
    if layout.open_trains and not (hub and layout.personal_trains):
        b.problem(
            ("layout", "open_trains"), "only personal trains open and close: needs topology hub with personal_trains"
        )
    if layout.stand_in is not None:
        low, high = layout.stand_in
        top = min(by_count["max_pip"].values(), default=high)
        if not (hub and layout.engine_dealt):
            b.problem(
                ("layout", "stand_in"),
                "a stand-in takes the place of a dealt engine: needs topology hub with engine_dealt",
            )
        elif high > top:
            b.problem(("layout", "stand_in"), f"[{low}|{high}] is not in a double-{top} set")
        elif layout.engine is not None and layout.engine.constant == high == low:
            b.problem(("layout", "stand_in"), f"[{low}|{high}] is the engine itself; name another tile")
    if layout.engine_dealt and not hub:
        b.problem(("layout", "engine_dealt"), "only a hub has an engine; use it with topology hub")
    if layout.engine_dealt and layout.engine_missing is not EngineMissing.REDEAL and (
        deal.undealt is Undealt.DEAD or draw.policy is DrawPolicy.NONE
    ):
        b.problem(("layout", "engine_missing"), "drawing for a missing engine needs a boneyard to draw from")
    _check_discards(b, draw)
    if draw.voluntary and draw.policy is DrawPolicy.NONE:
        b.problem(("draw", "voluntary"), "a voluntary draw needs drawing: draw.policy is none")
    if play.again_optional and not play.forced:
        b.problem(("play", "again_after_double"), "'may' is the same as true when play is not forced; use true")
    if draw.when_unable is WhenUnable.MARKER and not (
        layout.topology is Topology.HUB and layout.personal_trains
    ):
        b.problem(("draw", "when_unable"), "a marker goes on a personal train: needs topology hub with personal_trains")
    if deal.undealt is Undealt.DEAD and draw.policy is not DrawPolicy.NONE:
        b.problem(
            ("draw", "policy"),
            f"'{draw.policy.value}' draws from the boneyard, but deal.undealt is dead, so there is nothing "
            "to draw; use draw.policy none, or deal.undealt boneyard",
        )
    if blocked.scorer is Scorer.WENT_OUT:
        b.problem(("scoring", "blocked", "scorer"), "nobody went out in a blocked round; choose another scorer")


def _check_hand_sizes(b: _Builder, deal: Deal, by_count: dict[str, dict[int, int]], *, engine_tiles: int) -> None:
    """Every hand, the reserve and a hub's engine set aside fit in the set, for every player count."""
    for n, size in deal.hand_sizes.items():
        if n not in by_count["max_pip"]:  # no set for n players: its own problem, reported already
            continue
        reserve = by_count["reserve"].get(n, 0)
        set_size = b.envs[n]["set_size"]
        needed = n * size + reserve + engine_tiles
        if needed > set_size:
            extra = f" + {reserve} in reserve" if reserve else ""
            extra += " + the engine" if engine_tiles else ""
            b.problem(
                ("deal", "hand_size"),
                f"{n} hands of {size} tiles{extra} need {needed} tiles; the set has {set_size}",
            )


def _check_hand_can_score(
    b: _Builder, players: Players, hand: Expr[int], match: MatchEnd, targets: dict[int, int]
) -> None:
    """A trick game's `_check_can_end`: a hand score that reads nothing a hand changes and is never
    above 0 means no side ever gains a point, so a target is never reached."""
    if match.rounds is not None:
        return
    for n in range(players.min, players.max + 1):
        # `round` is not fixed: a score that reads it may be 0 in the first hands and not later.
        if n in targets and _never_positive(hand, b.envs[n]):
            b.problem(
                ("match", "target"),
                f"with {n} players no side can ever score (scoring.hand, {hand.source}, is never above 0), so "
                f"the target of {targets[n]} is never reached and the match would never end",
            )
            return


def _demand_when(b: _Builder) -> Expr[bool] | None:
    """`layout.demand_when`: when a double laid on an arm makes its demand (layout.double_demand)."""
    when = b.expr(("layout", "demand_when"), TURN_NAMES, Type.BOOL)
    if when is not None and not b.get("layout", "double_demand"):
        b.problem(("layout", "demand_when"), "says when a double demands tiles: needs layout.double_demand")
    return when


def _check_demands(b: _Builder, layout: Layout, by_count: dict[str, dict[int, int]]) -> None:
    """A demand can be met: a double laid on an arm has one free arm unless it becomes a spinner,
    and the lead or the engine no more arms than it opens."""
    demand = layout.double_demand
    if demand > 1 and layout.spinners in (Spinners.NONE, Spinners.LEAD_DOUBLE):
        b.problem(
            ("layout", "double_demand"),
            f"with spinners: {layout.spinners.value}, a double laid on an arm is no spinner and has one free arm, "
            f"so it cannot demand {demand} tiles",
        )
    elif demand > layout.spinner_arms - 1:
        b.problem(
            ("layout", "double_demand"),
            f"a double attached to the layout has {layout.spinner_arms - 1} free arms, "
            f"so it cannot demand {demand} tiles",
        )
    lead = layout.lead_demand
    if not lead:
        return
    if layout.topology is Topology.HUB:
        for n, shared in sorted(by_count["shared_trains"].items()):
            trains = (n if layout.personal_trains and not layout.own_double_trains else 0) + shared
            if lead > trains:
                b.problem(("layout", "lead_demand"), f"the engine has {trains} trains with {n} players, not {lead}")
                return
    else:
        arms = layout.spinner_arms if layout.spinners is not Spinners.NONE else 2
        if lead > arms:
            b.problem(("layout", "lead_demand"), f"a lead double has {arms} arms here; it cannot demand {lead} tiles")
