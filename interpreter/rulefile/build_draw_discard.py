"""`draw_discard` and scoring's `out` and `stock_out` compiled into `DrawDiscardRules`
(docs/format.md, "Draw and discard games"), with the checks against the set and the deal, and the
refusal of these keys in the other families and of the other families' keys in this one."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import TYPE_CHECKING

from interpreter.expressions.language import ExpressionRuntimeError, Type
from interpreter.rulefile.build_tricks import LAYOUT_ONLY, TRICK_ONLY, written
from interpreter.rulefile.draw_discard_rules import (
    MAX_CHECKED,
    PAIR_NAMES,
    TAKEN_NAMES,
    DrawDiscardRules,
    Drawn,
    GroupKind,
    PaidBy,
    ShowWhen,
    StockOut,
    Take,
    Tile,
    Untaken,
    cover_names,
    out_names,
    pair_env,
    stock_out_names,
)
from interpreter.rulefile.ruleset import COUNT_NAMES, Deal, Players, StartCriterion, double_set
from interpreter.rulefile.trick_rules import NamedTile

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder

# The keys of this family, refused in the others.
OWN = (("draw_discard",), ("scoring", "out"), ("scoring", "stock_out"))
# Who starts a hand: a seat at random, the next seat, or the last hand's out player.
_STARTS = {StartCriterion.RANDOM, StartCriterion.NEXT_SEAT, StartCriterion.PREVIOUS_WINNER}
_START_WORDS = "random, next_seat or previous_winner"


def refuse_draw_discard_sections(b: _Builder, family: str) -> None:
    """A layout or trick file that writes this family's keys: said, never silently ignored."""
    for path in OWN:
        if written(b.data, path):
            b.problem(
                path, f"belongs to draw and discard games (family: draw_discard); this is a {family} game", key=True
            )


def build_draw_discard(b: _Builder, counts: range, players: Players, deal: Deal) -> DrawDiscardRules | None:
    """The rules of a file whose family is draw_discard, or None when a part has a problem (reported)."""
    for path in (*LAYOUT_ONLY, *TRICK_ONLY):
        if written(b.data, path):
            b.problem(path, "belongs to another family of games; this is a draw and discard game", key=True)
    if not written(b.data, ("draw_discard",)):
        b.problem(
            ("family",), "a draw and discard game needs a draw_discard section: its groups and when a hand is complete"
        )
        return None
    if players.partnered:
        b.problem(("players", "teams"), "every player of a draw and discard game plays for himself")
    if players.min < 2:
        b.problem(("players", "min"), f"a draw and discard game needs at least two players, not {players.min}")
    _check_start(b)
    take = b.option(Take, "draw_discard", "take")
    show = b.option(ShowWhen, "draw_discard", "show")
    then_draw = bool(b.get("draw_discard", "then_draw"))
    if then_draw and take is Take.NONE:
        b.problem(
            ("draw_discard", "then_draw"), "a player draws after a take, and take: none lets nobody take a discard"
        )
    drawn = b.option(Drawn, "draw_discard", "drawn")
    if drawn is Drawn.DISCARD_UNLESS_OUT and take is Take.NONE:
        b.problem(("draw_discard", "drawn"), "with take: none and every drawn tile thrown unless it completes the "
                  "hand, the hand dealt never changes")  # fmt: skip
    if take is Take.LAST_TO_GROUP and show is ShowWhen.AT_OUT:
        b.problem(("draw_discard", "take"), "last_to_group lays the discard face up in a group: needs show: when_made")
    must_show = bool(b.get("draw_discard", "must_show"))
    if must_show and show is ShowWhen.AT_OUT:
        b.problem(("draw_discard", "must_show"), "groups are shown only as a player goes out (show: at_out)")
    starter_extra = int(b.get("draw_discard", "starter_extra") or 0)
    set_tiles = b.tiles or double_set(next(iter(b.envs.values()), {"max_pip": 6})["max_pip"])
    values = tuple(
        about.value if about.value is not None else low + high
        for (low, high), about in zip(set_tiles, b.named or [NamedTile()] * len(set_tiles), strict=True)
    )
    kinds = _groups(b, counts, set_tiles, values)
    names = tuple(kind.name for kind in kinds)
    _check_sizes(b, deal, starter_extra)
    complete = b.expr(("draw_discard", "complete"), cover_names(names), Type.BOOL)
    if not written(b.data, ("draw_discard", "complete")):
        b.problem(
            ("draw_discard",), "a draw and discard game needs draw_discard.complete: when a hand is complete", key=True
        )
    turn_limit = b.formula(("draw_discard", "turn_limit"), COUNT_NAMES, Type.INT)
    for n in counts:
        limit = b.evaluate(turn_limit, b.envs[n], ("draw_discard", "turn_limit")) if n in b.envs else None
        if limit is not None and not 1 <= int(limit) <= 10_000:
            b.problem(
                ("draw_discard", "turn_limit"), f"with {n} players the hand would last at most {limit} turns: 1 … 10000"
            )
            break
    take_to_out = b.expr(("draw_discard", "take_to_out"), TAKEN_NAMES, Type.BOOL)
    if written(b.data, ("draw_discard", "take_to_out")) and take is Take.NONE:
        b.problem(("draw_discard", "take_to_out"), "take: none lets nobody take a discard, to go out or otherwise")
    out_from = b.option(PaidBy, "scoring", "out", "from")
    if take_to_out is not None and take_to_out.constant is False and out_from is PaidBy.DISCARDER:
        b.problem(("draw_discard", "take_to_out"), "no discard may complete a hand, and scoring.out.from: discarder "
                  "makes the discarder pay for one; from: each or none")  # fmt: skip
    out_points = b.formula(("scoring", "out", "points"), out_names(names), Type.INT)
    stock_out_points = b.formula(("scoring", "stock_out", "points"), stock_out_names(names), Type.INT)
    if complete is None or not kinds or len(kinds) != len(b.get("draw_discard", "groups")):
        return None
    return DrawDiscardRules(
        starter_extra=starter_extra,
        take=take,
        then_draw=then_draw,
        untaken=b.option(Untaken, "draw_discard", "untaken"),
        stock_out=b.option(StockOut, "draw_discard", "stock_out"),
        turn_limit=turn_limit,
        groups=kinds,
        show=show,
        must_show=must_show,
        complete=complete,
        out_points=out_points,
        out_from=out_from,
        stock_out_points=stock_out_points,
        values=values,
        take_to_out=None if take_to_out is None or take_to_out.constant is True else take_to_out,
        drawn=drawn,
    )


def _check_start(b: _Builder) -> None:
    for key in ("first_round", "later_rounds"):
        for i, item in enumerate(b.get("start", key) or ()):
            name = item if isinstance(item, str) else next(iter(item))
            if name in ("when", "start") or StartCriterion(name) not in _STARTS:
                b.problem(("start", key, i), f"'{name}' chooses a starter in other families; a draw and discard "
                          f"game's starter is chosen by {_START_WORDS}")  # fmt: skip


def _check_sizes(b: _Builder, deal: Deal, starter_extra: int) -> None:
    """The hands, the starter's extra tiles and one tile to draw fit in the set; the hand checked for
    completeness (a hand and the tile taken or drawn) is within the matcher's bound."""
    for n, size in deal.hand_sizes.items():
        if n not in b.envs:
            continue
        set_size = b.envs[n]["set_size"]
        needed = n * size + starter_extra + 1
        if needed > set_size:
            extra = f" and {starter_extra} more" if starter_extra else ""
            b.problem(("deal", "hand_size"), f"{n} players of {size} tiles{extra} and one to draw need {needed} "
                      f"tiles; the set holds {set_size}")  # fmt: skip
            return
        if max(size + 1, size + starter_extra) > MAX_CHECKED:
            b.problem(("deal", "hand_size"), f"a hand checked for completeness holds {size} tiles and the one taken "
                      f"or drawn; at most {MAX_CHECKED} (the bound of the search for its groups)")  # fmt: skip
            return


def _groups(b: _Builder, counts: range, set_tiles: tuple[Tile, ...], values: tuple[int, ...]) -> tuple[GroupKind, ...]:
    """The group kinds, each checked: one of `when`, `tiles` and `run`, a name of its own, tiles the
    set holds, and at least one group the set can make. A run is kept as the sequences it lists."""
    kinds: list[GroupKind] = []
    held = Counter(set_tiles)
    seen: set[str] = set()
    for i, _ in enumerate(b.get("draw_discard", "groups") or ()):
        at = ("draw_discard", "groups", i)
        name = str(b.get(*at, "name"))
        if name in seen:
            b.problem((*at, "name"), f"two kinds of group are called '{name}'")
        if name in cover_names(()) or name in ("from_discard", "first_turn", "others_pips", "pool", "pips"):
            b.problem((*at, "name"), f"'{name}' is a name the formulas already read: call the kind otherwise")
        seen.add(name)
        given = [key for key in ("when", "tiles", "run") if b.get(*at, key) is not None]
        if len(given) != 1:
            said = " and ".join(given) if given else "none of them"
            message = f"a kind of group is a pair meeting `when`, listed `tiles` or a `run`; '{name}' gives {said}"
            b.problem(at, message, key=True)
            continue
        if given == ["run"]:
            run, length = b.get(*at, "run"), int(b.get(*at, "length"))
            runs = _runs(run, length, held)
            if not runs:
                b.problem((*at, "length"), f"the set holds no run of {length} ({run})")
                continue
            kinds.append(GroupKind(name, tiles=runs))
            continue
        if given == ["when"]:
            when = b.expr((*at, "when"), PAIR_NAMES, Type.BOOL)
            if when is not None and _pairs_made(b, (*at, "when"), when, counts, set_tiles, values):
                kinds.append(GroupKind(name, when=when))
            continue
        listed = _listed(b, (*at, "tiles"), held)
        if listed:
            kinds.append(GroupKind(name, tiles=listed))
    return tuple(kinds)


def _pairs_made(
    b: _Builder,
    at: tuple[str | int, ...],
    when: object,
    counts: range,
    set_tiles: tuple[Tile, ...],
    values: tuple[int, ...],
) -> bool:
    """Whether the pair condition can be evaluated for every two tiles of the set and holds for some
    two of them (for each player count)."""
    distinct = sorted(set(zip(set_tiles, values, strict=True)))
    copies = Counter(zip(set_tiles, values, strict=True))
    for n in counts:
        if n not in b.envs:
            continue
        made = False
        for (ta, va), (tb, vb) in itertools.combinations_with_replacement(distinct, 2):
            if ta == tb and va == vb and copies[ta, va] < 2:
                continue
            env = {**b.envs[n], **pair_env(ta, va, "a"), **pair_env(tb, vb, "b"), "same": ta == tb}
            try:
                made = made or bool(when(env))  # type: ignore[operator]
            except ExpressionRuntimeError as error:
                b.problem(at, f"cannot be evaluated for {ta[0]}-{ta[1]} with {tb[0]}-{tb[1]}: {error.cause}")
                return False
        if not made:
            b.problem(at, f"no two tiles of the set make this group (with {n} players)")
            return False
    return True


def _runs(run: str, length: int, held: Counter[Tile]) -> tuple[tuple[tuple[Tile, ...], ...], ...]:
    """Every sequence of `length` the set holds, as listed groups: doubles of consecutive numbers, or
    (suit) tiles sharing one number whose other numbers are consecutive."""
    top = max((high for _, high in held), default=0)
    suits: list[int | None] = [None] if run == "doubles" else list(range(top + 1))
    out = []
    for start in range(top - length + 2):
        for suit in suits:
            tiles = [(k, k) if suit is None else (min(suit, k), max(suit, k)) for k in range(start, start + length)]
            if all(tile in held for tile in tiles) and len(set(tiles)) == length:
                out.append(tuple((tile,) for tile in tiles))
    return tuple(out)


def _listed(b: _Builder, at: tuple[str | int, ...], held: Counter[Tile]) -> tuple[tuple[tuple[Tile, ...], ...], ...]:
    """The listed groups as positions of alternatives, each tile one the set holds, each group one the
    set holds enough copies for."""
    out = []
    for g, group in enumerate(b.get(*at)):
        positions = []
        for p, place in enumerate(group):
            words = place if isinstance(place, list) else [place]
            tiles = []
            for word in words:
                low, high = sorted(int(x) for x in word.split("-"))
                if (low, high) not in held:
                    b.problem((*at, g, p), f"{word}: the set holds no such tile")
                    return ()
                tiles.append((low, high))
            positions.append(tuple(tiles))
        fixed = Counter(place[0] for place in positions if len(place) == 1)
        short = [tile for tile, k in fixed.items() if held[tile] < k]
        if short:
            low, high = short[0]
            b.problem((*at, g), f"this group needs {fixed[short[0]]} of {low}-{high}; the set holds {held[short[0]]}")
            return ()
        out.append(tuple(positions))
    return tuple(out)
