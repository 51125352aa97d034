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
from dataclasses import dataclass
from typing import Any, TypeVar

from interpreter.expressions import (
    Expr,
    ExpressionError,
    ExpressionRuntimeError,
    ExprProblem,
    Type,
    compile_expression,
)
from interpreter.resources import load_schema
from interpreter.ruleset import (
    COUNT_NAMES,
    IN_PLAY_NAMES,
    MATCH_NAMES,
    ROUND_END_NAMES,
    ROUND_NAMES,
    TILE_NAMES,
    Deal,
    DemandStarts,
    Direction,
    DoubleAtEnd,
    Draw,
    DrawPolicy,
    InPlayScoring,
    Layout,
    Lead,
    MatchEnd,
    Play,
    Players,
    RoundEndScoring,
    Ruleset,
    Scorer,
    SidesOpen,
    Spinners,
    Start,
    StartCriterion,
    StartRule,
    TargetCheck,
    TargetReach,
    Teams,
    Tie,
    Topology,
    Undealt,
    WhenUnable,
    Winner,
)

Path_ = tuple[str | int, ...]
E = TypeVar("E")

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

    def problem(self, path: Path_, message: str, expr: ExprProblem | None = None) -> None:
        self.problems.append(BuildProblem(path, message, expr))

    def get(self, *path: str | int) -> Any:
        """The value at `path`, or the schema's default for it when the file leaves it out."""
        node: Any = self.data
        for key in path:
            found = isinstance(node, Mapping) and key in node
            found = found or (isinstance(node, list) and isinstance(key, int) and key < len(node))
            if found:
                node = node[key]
            else:
                return self.default(path)  # type: ignore[arg-type]
        return node

    def default(self, path: tuple[str, ...]) -> Any:
        node = self.schema
        for key in path:
            node = node["properties"][key]
        return node.get("default")

    def option(self, enum: type[E], *path: str) -> E:
        return enum(self.get(*path))

    def expr(self, path: Path_, names: Mapping[str, Type], expected: Type) -> Expr | None:
        value = self.get(*path)
        if value is None:
            return None
        source = str(value).lower() if isinstance(value, bool) else str(value)
        try:
            return compile_expression(source, names, expected, origin=self.origin_of(path))
        except ExpressionError as error:
            for p in error.problems:
                self.problem(path, p.message, p)
            return None

    def evaluate(self, expr: Expr, env: Mapping[str, object], path: Path_) -> Any:
        try:
            return expr(env)
        except ExpressionRuntimeError as error:
            message = f"cannot be evaluated for {_describe(env)}: {error.cause}"
            if not any(p.path == path and p.message.startswith("cannot be evaluated") for p in self.problems):
                self.problem(path, message)
            return None


def _describe(env: Mapping[str, object]) -> str:
    return ", ".join(f"{k} = {v}" for k, v in env.items() if k in ("players", "round"))


def build_ruleset(
    data: Mapping[str, Any], *, source: str, origin_of: Callable[[Path_], str]
) -> tuple[Ruleset | None, list[BuildProblem]]:
    b = _Builder(data, origin_of)
    max_pip: int = b.get("set", "max_pip")
    set_size = (max_pip + 1) * (max_pip + 2) // 2
    players = _players(b, max_pip, set_size)
    counts = range(players.min, players.max + 1) if players.min <= players.max else range(0)
    deal = _deal(b, counts, max_pip, set_size)
    start = _start(b, max_pip)
    layout = _layout(b)
    play = Play(
        forced=b.get("play", "forced"),
        again_after_double=b.get("play", "again_after_double"),
        match=b.expr(("play", "match"), MATCH_NAMES, Type.BOOL),  # type: ignore[arg-type]
    )
    draw = Draw(b.option(DrawPolicy, "draw", "policy"), b.option(WhenUnable, "draw", "when_unable"))
    in_play = _in_play(b)
    domino = _round_end(b, "domino")
    blocked = _round_end(b, "blocked")
    match = _match(b, counts, max_pip, set_size)
    tile_value = b.expr(("set", "tile_value"), TILE_NAMES, Type.INT)
    if layout.engine is not None:
        _check_engine(b, layout.engine, counts, match, max_pip, set_size)
    _check_consistency(b, deal, layout, draw, blocked, set_size)
    if b.problems:
        return None, b.problems
    name = b.get("name")
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()
    ruleset = Ruleset(
        name=name,
        title=b.get("title") or name,
        description=b.get("description") or "",
        source=source,
        max_pip=max_pip,
        tile_value=tile_value,  # type: ignore[arg-type]
        players=players,
        deal=deal,
        start=start,
        layout=layout,
        play=play,
        draw=draw,
        in_play=in_play,
        domino=domino,
        blocked=blocked,
        match=match,
        digest=digest,
    )
    return ruleset, []


def _env(players: int, max_pip: int, set_size: int) -> dict[str, int]:
    return {"players": players, "max_pip": max_pip, "set_size": set_size}


def _players(b: _Builder, max_pip: int, set_size: int) -> Players:
    low, high = b.get("players", "min"), b.get("players", "max")
    if low > high:
        b.problem(("players", "min"), f"min ({low}) is greater than max ({high})")
    teams = b.option(Teams, "players", "teams")
    team_counts: set[int] = set()
    if teams is Teams.OPPOSITE:
        when = b.expr(("players", "teams_when"), COUNT_NAMES, Type.BOOL)
        for n in range(low, high + 1):
            if when is not None and not b.evaluate(when, _env(n, max_pip, set_size), ("players", "teams_when")):
                continue
            if n % 2:
                b.problem(("players", "teams"), f"partners sit opposite, which needs an even player count, not {n}")
            team_counts.add(n)
    return Players(low, high, b.option(Direction, "players", "direction"), teams, frozenset(team_counts))


def _table_sizes(b: _Builder, table: Mapping[str, int], counts: range) -> dict[int, int]:
    path = ("deal", "hand_size")
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
        b.problem(path, "no hand size for " + ", ".join(f"{n} players" for n in missing))
    return {n: s for n, s in sizes.items() if n in counts}


def _deal(b: _Builder, counts: range, max_pip: int, set_size: int) -> Deal:
    path = ("deal", "hand_size")
    raw = b.get(*path)
    sizes: dict[int, int] = {}
    if isinstance(raw, Mapping):
        sizes = _table_sizes(b, raw, counts)
    else:
        formula = b.expr(path, COUNT_NAMES, Type.INT)
        if formula is not None:
            for n in counts:
                size = b.evaluate(formula, _env(n, max_pip, set_size), path)
                if size is not None:
                    sizes[n] = size
    for n, size in sizes.items():
        if size < 1:
            b.problem(path, f"a hand of {size} tiles for {n} players; every hand needs at least one tile")
    return Deal(sizes, b.option(Undealt, "deal", "undealt"), b.get("deal", "reserve"))


def _start_rules(b: _Builder, key: str, max_pip: int) -> tuple[StartRule, ...]:
    rules: list[StartRule] = []
    for i, item in enumerate(b.get("start", key)):
        path = ("start", key, i)
        if isinstance(item, str):
            criterion = StartCriterion(item)
            if key == "first_round" and criterion in (StartCriterion.PREVIOUS_WINNER, StartCriterion.NEXT_SEAT):
                b.problem(path, f"'{item}' needs a previous round; use it in start.later_rounds")
            rules.append(StartRule(criterion))
        elif "highest_ranked" in item:
            rank = b.expr((*path, "highest_ranked"), TILE_NAMES, Type.INT)
            rules.append(StartRule(StartCriterion.HIGHEST_RANKED, rank=rank))
        else:
            low, high = sorted(item["holder"])
            if high > max_pip:
                b.problem((*path, "holder"), f"[{low}|{high}] is not in a double-{max_pip} set")
            rules.append(StartRule(StartCriterion.HOLDER, tile=(low, high)))
    return tuple(rules)


def _start(b: _Builder, max_pip: int) -> Start:
    first = _start_rules(b, "first_round", max_pip)
    later = _start_rules(b, "later_rounds", max_pip) if b.get("start", "later_rounds") is not None else first
    return Start(first, later, b.option(Lead, "start", "lead"), b.get("start", "max_redeals"))


def _layout(b: _Builder) -> Layout:
    topology = b.option(Topology, "layout", "topology")
    engine = b.expr(("layout", "engine"), ROUND_NAMES, Type.INT) if topology is Topology.HUB else None
    return Layout(
        topology=topology,
        spinners=b.option(Spinners, "layout", "spinners"),
        spinner_arms=b.get("layout", "spinner_arms"),
        sides_open=b.option(SidesOpen, "layout", "sides_open"),
        double_demand=b.get("layout", "double_demand"),
        demand_starts=b.option(DemandStarts, "layout", "demand_starts"),
        engine=engine,
        personal_trains=b.get("layout", "personal_trains"),
        shared_trains=b.get("layout", "shared_trains"),
    )


def _in_play(b: _Builder) -> InPlayScoring | None:
    if b.get("scoring", "in_play") is None:
        return None
    when = b.expr(("scoring", "in_play", "when"), IN_PLAY_NAMES, Type.BOOL)
    points = b.expr(("scoring", "in_play", "points"), IN_PLAY_NAMES, Type.INT)
    return InPlayScoring(when, points, b.option(DoubleAtEnd, "scoring", "in_play", "double_at_end"))  # type: ignore[arg-type]


def _round_end(b: _Builder, which: str) -> RoundEndScoring:
    scorer = b.option(Scorer, "scoring", which, "scorer")
    points = b.expr(("scoring", which, "points"), ROUND_END_NAMES, Type.INT)
    return RoundEndScoring(scorer, points)  # type: ignore[arg-type]


def _match(b: _Builder, counts: range, max_pip: int, set_size: int) -> MatchEnd:
    rounds: dict[int, int] | None = None
    formula = b.expr(("match", "rounds"), COUNT_NAMES, Type.INT)
    if formula is not None:
        rounds = {}
        for n in counts:
            value = b.evaluate(formula, _env(n, max_pip, set_size), ("match", "rounds"))
            if value is None:
                continue
            if not 1 <= value <= 1000:
                b.problem(("match", "rounds"), f"{value} rounds for {n} players; a match has 1 to 1000 rounds")
            rounds[n] = value
    target = b.get("match", "target")
    if target is None and formula is None and not any(p.path[:2] == ("match", "rounds") for p in b.problems):
        b.problem(("match",), "a match needs a way to end: give match.target, match.rounds, or both")
    return MatchEnd(
        target=target,
        reach=b.option(TargetReach, "match", "reach"),
        check=b.option(TargetCheck, "match", "check"),
        rounds=rounds,
        winner=b.option(Winner, "match", "winner"),
        tie=b.option(Tie, "match", "tie"),
    )


def _check_engine(
    b: _Builder, engine: Expr, counts: range, match: MatchEnd, max_pip: int, set_size: int
) -> None:
    path = ("layout", "engine")
    for n in counts:
        last_round = match.rounds.get(n, 1) if match.rounds else 1
        for r in range(1, last_round + 1):
            pip = b.evaluate(engine, {**_env(n, max_pip, set_size), "round": r}, path)
            if pip is None:
                return
            if not 0 <= pip <= max_pip:
                b.problem(path, f"round {r} with {n} players gives engine double [{pip}|{pip}], not in the set")
                return


def _check_consistency(
    b: _Builder, deal: Deal, layout: Layout, draw: Draw, blocked: RoundEndScoring, set_size: int
) -> None:
    engine_tiles = 1 if layout.topology is Topology.HUB else 0
    for n, size in deal.hand_sizes.items():
        needed = n * size + deal.reserve + engine_tiles
        if needed > set_size:
            extra = f" + {deal.reserve} in reserve" if deal.reserve else ""
            extra += " + the engine" if engine_tiles else ""
            b.problem(
                ("deal", "hand_size"),
                f"{n} hands of {size} tiles{extra} need {needed} tiles; the set has {set_size}",
            )
    if layout.topology is Topology.HUB and not layout.personal_trains and layout.shared_trains == 0:
        b.problem(("layout", "shared_trains"), "a hub needs trains: personal_trains or shared_trains > 0")
    if draw.when_unable is WhenUnable.MARKER and not (
        layout.topology is Topology.HUB and layout.personal_trains
    ):
        b.problem(("draw", "when_unable"), "a marker goes on a personal train: needs topology hub with personal_trains")
    if layout.double_demand > 1 and layout.spinners is Spinners.NONE:
        b.problem(
            ("layout", "double_demand"),
            f"a double without spinners has one free arm, so it cannot demand {layout.double_demand} tiles",
        )
    if layout.double_demand > layout.spinner_arms - 1:
        b.problem(
            ("layout", "double_demand"),
            f"a double attached to the layout has {layout.spinner_arms - 1} free arms, "
            f"so it cannot demand {layout.double_demand} tiles",
        )
    if deal.undealt is Undealt.DEAD and draw.policy is not DrawPolicy.NONE:
        b.problem(
            ("draw", "policy"),
            f"'{draw.policy.value}' draws from the boneyard, but deal.undealt is dead, so there is nothing "
            "to draw; use draw.policy none, or deal.undealt boneyard",
        )
    if blocked.scorer is Scorer.WENT_OUT:
        b.problem(("scoring", "blocked", "scorer"), "nobody went out in a blocked round; choose another scorer")
