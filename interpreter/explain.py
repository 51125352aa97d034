"""A ruleset as rules for the table, in English, and what one ruleset changes relative to another.

Everything is generated from the compiled `Ruleset`, so a house-rule file reads exactly as it
plays. The comparison walks both rulesets field by field and puts each difference in words.
"""

from __future__ import annotations

import dataclasses
import enum
import textwrap
from collections.abc import Sequence
from typing import Any

from interpreter import expression_words as names
from interpreter.expression_words import words
from interpreter.expressions import Expr
from interpreter.ruleset import (
    TILE_CRITERIA,
    DemandStarts,
    Direction,
    DoubleAtEnd,
    DrawPolicy,
    InPlayScoring,
    Lead,
    Players,
    RoundEndScoring,
    Ruleset,
    Scorer,
    SidesOpen,
    Spinners,
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

_PIPS = "high + low"  # the usual tile value, said simply as "its pips"
_HALF_MATCHES_END = "half == end"


def _tile(pip: int) -> str:
    return f"[{pip}|{pip}]"


def _counts(counts: Sequence[int]) -> str:
    """Player counts as a reader says them: "2", "3 or 4", "2 to 8"."""
    ordered = sorted(counts)
    if len(ordered) == 1:
        return str(ordered[0])
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} or {ordered[1]}" if len(ordered) == 2 else f"{ordered[0]} to {ordered[-1]}"
    return ", ".join(map(str, ordered[:-1])) + f" or {ordered[-1]}"


def _per_count(table: dict[int, int], unit: str) -> str:
    """`{2: 7, 3: 5, 4: 5}` as "7 tiles with 2 players, 5 with 3 or 4"."""
    groups: dict[int, list[int]] = {}
    for players, value in sorted(table.items()):
        groups.setdefault(value, []).append(players)
    if len(groups) == 1:
        return f"{next(iter(groups))} {unit}"
    parts = [f"{value} with {_counts(players)} players" for value, players in groups.items()]
    parts[0] = parts[0].replace(" with", f" {unit} with", 1)
    return ", ".join(parts)


def _starter(rule: StartRule, lead: Lead, hub: bool) -> str:
    """Who a start criterion picks, and what they lead."""
    criterion = rule.criterion
    if hub:
        clause = ""  # trains have no lead: the starter simply plays first
    elif criterion in TILE_CRITERIA and lead is Lead.QUALIFYING:
        clause = ", who leads it"
    else:
        clause = ", who leads any tile"
    if criterion is StartCriterion.HIGHEST_DOUBLE:
        who = "the player holding the highest double"
    elif criterion is StartCriterion.HIGHEST_RANKED:
        assert rule.rank is not None
        who = f"the player holding the highest-ranked tile (rank: {words(rule.rank, names.TILE)})"
    elif criterion is StartCriterion.HOLDER:
        assert rule.tile is not None
        who = f"the player holding [{rule.tile[1]}|{rule.tile[0]}]"
    elif criterion is StartCriterion.LOTS:
        who = (
            "the winner of a draw of lots (each player draws a tile from a freshly shuffled set, the highest "
            "total wins, and the tiles go back)"
        )
    elif criterion is StartCriterion.RANDOM:
        who = "a player chosen at random"
    elif criterion is StartCriterion.PREVIOUS_WINNER:
        who = "the winner of the previous round"
    else:
        who = "the player after the previous round's starter"
    return who + clause


def _start_chain(rules: tuple[StartRule, ...], lead: Lead, hub: bool) -> str:
    """The start criteria in the order they are tried: "by X; failing that, by Y"."""
    parts = []
    for rule in rules:
        if rule.criterion is StartCriterion.REDEAL:
            parts.append("the tiles are shuffled and dealt again, and the choice starts over")
        else:
            parts.append(f"by {_starter(rule, lead, hub)}")
    return "; failing that, ".join(parts)


def _side(players: Players) -> str:
    """Who scores: "player" without teams, "team" when partners play at every count, else "side"."""
    if players.teams is not Teams.OPPOSITE or not players.team_counts:
        return "player"
    return "team" if set(players.team_counts) == set(range(players.min, players.max + 1)) else "side"


def _of_player(side: str, did: str) -> str:
    """The scorer named by what one player did: "the player who went out", "the team of the player who …"."""
    return f"the player who {did}" if side == "player" else f"the {side} of the player who {did}"


def _scorer(scoring: RoundEndScoring, side: str) -> str:
    points = words(scoring.points, names.round_end(side))
    if scoring.scorer is Scorer.WENT_OUT:
        return f"{_of_player(side, 'went out')} scores {points}"
    if scoring.scorer is Scorer.LOWEST_PIPS:
        return f"the {side} with the lowest pip total scores {points} (a tie scores nobody)"
    if scoring.scorer is Scorer.FEWEST_TILES:
        return f"the {side} with the fewest tiles scores {points} (a tie scores nobody)"
    if scoring.scorer is Scorer.EACH:
        return f"every {side} adds {points} to their own score"
    return "nobody scores"


def _draw_rule(ruleset: Ruleset) -> str:
    policy = ruleset.draw.policy
    stuck = {
        DrawPolicy.NONE: "There is no drawing.",
        DrawPolicy.ONE_THEN_PASS: "A player who cannot play draws one tile from the boneyard, and the turn passes.",
        DrawPolicy.ONE_THEN_PLAY: "A player who cannot play draws one tile and plays it if it fits.",
        DrawPolicy.UNTIL_PLAYABLE: "A player who cannot play draws from the boneyard until a tile fits, and plays it.",
    }[policy]
    when = "cannot play" if policy is DrawPolicy.NONE else "can neither play nor draw"
    if ruleset.draw.when_unable is WhenUnable.MARKER:
        return (
            f"{stuck} A player who {when} puts a marker on their own train, which opens it to everyone until "
            "they play on it again, and the turn passes."
        )
    return f"{stuck} A player who {when} passes."


def _engine(ruleset: Ruleset, players: int) -> str:
    expr = ruleset.layout.engine
    assert expr is not None
    env = {"players": players, "max_pip": ruleset.max_pip, "set_size": ruleset.set_size}
    if not expr.names - {"players", "max_pip", "set_size"}:
        return f"the engine double {_tile(int(expr({**env, 'round': 1})))} sits in the centre in every round"
    first = [_tile(int(expr({**env, "round": r}))) for r in (1, 2, 3)]
    return (
        f"the engine double sits in the centre: {first[0]} in round 1, {first[1]} in round 2, {first[2]} in "
        f"round 3, and so on ({words(expr, names.ROUND)})"
    )


def _layout(ruleset: Ruleset) -> list[str]:
    layout = ruleset.layout
    out = []
    if layout.topology is Topology.HUB:
        engine = _engine(ruleset, ruleset.players.min)
        out.append(f"{engine[0].upper()}{engine[1:]}. Trains grow from it; every train starts with a tile matching it.")
        if layout.personal_trains:
            out.append("Every player owns a train; the others may play on it only while it carries its owner's marker.")
        if layout.shared_trains:
            several = layout.shared_trains > 1
            out.append(
                f"{layout.shared_trains if several else 'One'} shared train{'s' if several else ''} "
                f"may be started or extended by anyone."
            )
    else:
        out.append("The first tile (the lead) starts a line that grows at both ends.")
    arms = f"{layout.spinner_arms} ways ({layout.spinner_arms - 1} free when it is attached to the layout)"
    spinner = {
        Spinners.NONE: "Doubles are laid crosswise but do not branch.",
        Spinners.EVERY_DOUBLE: f"Every double is a spinner: it branches {arms}.",
        Spinners.FIRST_DOUBLE: f"The first double laid is a spinner: it branches {arms}.",
        Spinners.LEAD_DOUBLE: f"A double led as the first tile is a spinner: it branches {layout.spinner_arms} ways.",
    }[layout.spinners]
    if layout.topology is not Topology.HUB or layout.spinners is not Spinners.NONE:
        out.append(spinner)
    if layout.spinners is not Spinners.NONE and layout.sides_open is SidesOpen.AFTER_ENDS:
        out.append("A spinner's sides open only once both of its ends carry a tile.")
    if layout.double_demand:
        tiles = "a tile" if layout.double_demand == 1 else f"{layout.double_demand} tiles"
        text = f"A double laid on the layout must be answered with {tiles} on it before play goes anywhere else"
        if layout.demand_starts is DemandStarts.NEXT_TURN:
            text += "; the player who laid it may first play elsewhere"
        out.append(text + ".")
    return out


def _play(ruleset: Ruleset) -> list[str]:
    play = ruleset.play
    if " ".join(play.match.source.split()) == _HALF_MATCHES_END:
        out = ["A tile is laid against an open end with a matching half; its other half becomes the new open end."]
    else:
        out = [
            f"A tile may be laid against an open end when {words(play.match, names.MATCH)}; its other half becomes "
            "the new open end."
        ]
    out.append(
        "Playing is compulsory when you can." if play.forced else "You may draw or pass even when you could play."
    )
    if play.again_after_double:
        out.append("A player who lays a double plays again.")
    return out


def _in_play(scoring: InPlayScoring, side: str) -> str:
    double = "both halves" if scoring.double_at_end is DoubleAtEnd.BOTH_HALVES else "one half"
    when = words(scoring.when, names.in_play(side))
    condition = "" if when == "always" else f"when {when}, "
    points = words(scoring.points, names.in_play(side))
    scores = f"After every tile laid, {condition}{_of_player(side, 'laid it')} scores {points}."
    return f"{scores} A double at an open end counts {double}."


def _match_end(ruleset: Ruleset) -> list[str]:
    end = ruleset.match
    side = _side(ruleset.players)
    best = "highest" if end.winner is Winner.HIGHEST else "lowest"
    out = []
    if end.target is not None:
        reach = (
            f"{end.target} points or more" if end.reach is TargetReach.AT_LEAST else f"more than {end.target} points"
        )
        when = (
            f"the moment a {side} has "
            if end.check is TargetCheck.IMMEDIATE
            else f"at the end of the first round after which a {side} has "
        )
        out.append(f"The match ends {when}{reach}; the {best} total wins.")
        if end.check is TargetCheck.IMMEDIATE:
            out.append("That can happen in the middle of a round, which then is not scored.")
    if end.rounds:
        rounds = _per_count(end.rounds, "rounds")
        lead = "Otherwise the match ends" if end.target is not None else "The match lasts"
        out.append(f"{lead} after {rounds}" if end.target is not None else f"{lead} {rounds}; the {best} total wins.")
    out.append(
        "Tied winners share the win." if end.tie is Tie.SHARE else "A tie for the win is settled by another round."
    )
    return out


def explain(ruleset: Ruleset) -> str:
    """The rules of `ruleset` as text to read at the table."""
    players = ruleset.players
    side = _side(players)
    hub = ruleset.layout.topology is Topology.HUB
    n = ruleset.max_pip
    sections: list[tuple[str, list[str]]] = []

    value = (
        "its pips" if " ".join(ruleset.tile_value.source.split()) == _PIPS else words(ruleset.tile_value, names.TILE)
    )
    size = f"A double-{n} set: {ruleset.set_size} tiles, from [0|0] to [{n}|{n}]."
    sections.append(("The set", [f"{size} A tile left in a hand counts {value}."]))

    count = f"{players.min} players" if players.min == players.max else f"{players.min} to {players.max} players"
    people = [f"For {count}; play goes {players.direction.value}."]
    if side == "team":
        people.append("Partners sit opposite each other and score as a team.")
    elif side == "side":
        people.append(
            f"Partners sit opposite each other and score as a team (with {_counts(sorted(players.team_counts))} "
            "players); below, a side is a team, or a player who plays alone."
        )
    people.append(f"Each player is dealt {_per_count(ruleset.deal.hand_sizes, 'tiles')}.")
    if ruleset.deal.undealt is Undealt.DEAD:
        people.append("The tiles not dealt are set aside unseen; nobody draws them.")
    else:
        reserve = ruleset.deal.reserve
        kept = f" The last {reserve} tiles of the boneyard are never drawn." if reserve else ""
        people.append(f"The tiles not dealt form the boneyard, face down.{kept}")
    sections.append(("Players and hands", people))

    start = ruleset.start
    opening = [f"The first round is started {_start_chain(start.first_round, start.lead, hub)}."]
    if start.later_rounds != start.first_round:
        opening.append(f"Later rounds are started {_start_chain(start.later_rounds, start.lead, hub)}.")
    else:
        opening.append("Every round starts the same way.")
    sections.append(("Starting a round", opening))

    sections.append(("The layout", _layout(ruleset)))
    sections.append(("Playing", [*_play(ruleset), _draw_rule(ruleset)]))

    if ruleset.in_play is not None:
        sections.append(("Scoring during play", [_in_play(ruleset.in_play, side)]))
    ending = [
        "A round ends when a player plays their last tile, or when it is blocked: nobody can play or draw.",
        f"When a player goes out, {_scorer(ruleset.domino, side)}.",
        f"When the round is blocked, {_scorer(ruleset.blocked, side)}.",
    ]
    sections.append(("End of a round", ending))
    sections.append(("Winning", _match_end(ruleset)))

    title = ruleset.title
    out = [title, "=" * len(title)]
    if ruleset.description:
        out.append(ruleset.description)
    for heading, sentences in sections:
        out += ["", heading, "-" * len(heading), *(_wrap(" ".join(sentences)))]
    return "\n".join(out) + "\n"


def _wrap(text: str, width: int = 92) -> list[str]:
    return textwrap.wrap(text, width) or [""]


# --- comparing two rulesets ------------------------------------------------------------------

_IDENTITY = {"name", "title", "description", "source", "digest"}

_LABELS = {
    "max_pip": "the set",
    "tile_value": "what a tile left in a hand counts",
    "players.min": "the minimum number of players",
    "players.max": "the maximum number of players",
    "players.direction": "the direction of play",
    "players.teams": "team play",
    "players.team_counts": "the player count for team play",
    "deal.hand_sizes": "the hand size",
    "deal.undealt": "what happens to the tiles not dealt",
    "deal.reserve": "the number of boneyard tiles never drawn",
    "start.first_round": "who starts the first round",
    "start.later_rounds": "who starts later rounds",
    "start.lead": "the first tile",
    "start.max_redeals": "the most redeals in a row",
    "layout.topology": "the layout",
    "layout.spinners": "which doubles are spinners",
    "layout.spinner_arms": "the number of a spinner's arms",
    "layout.sides_open": "when a spinner's sides open",
    "layout.double_demand": "the number of tiles a double demands",
    "layout.demand_starts": "when a double's demand binds",
    "layout.engine": "the engine double's pip",
    "layout.personal_trains": "owning a personal train",
    "layout.shared_trains": "the number of shared trains",
    "play.forced": "playing when able",
    "play.again_after_double": "another play after a double",
    "play.match": "when a tile may be laid",
    "draw.policy": "drawing",
    "draw.when_unable": "what a player who can neither play nor draw does",
    "in_play.when": "when play scores",
    "in_play.points": "the score during play",
    "in_play.double_at_end": "a double at an open end",
    "domino.scorer": "who scores when a player goes out",
    "domino.points": "the score for going out",
    "blocked.scorer": "who scores a blocked round",
    "blocked.points": "the score for a blocked round",
    "match.target": "the target",
    "match.reach": "reaching the target",
    "match.check": "when the target is checked",
    "match.rounds": "the number of rounds",
    "match.winner": "the winning total",
    "match.tie": "a tie for the win",
}

_ENUM_WORDS: dict[enum.Enum, str] = {
    Direction.CLOCKWISE: "clockwise",
    Direction.COUNTERCLOCKWISE: "counterclockwise",
    Teams.NONE: "no teams",
    Teams.OPPOSITE: "partners sitting opposite",
    Undealt.BONEYARD: "they form the boneyard",
    Undealt.DEAD: "they are set aside unseen",
    Lead.QUALIFYING: "the tile that chose the starter",
    Lead.ANY: "any tile",
    Topology.LINE: "a line",
    Topology.HUB: "trains from an engine double",
    Spinners.NONE: "none",
    Spinners.FIRST_DOUBLE: "the first double laid",
    Spinners.EVERY_DOUBLE: "every double",
    Spinners.LEAD_DOUBLE: "a double led first",
    SidesOpen.IMMEDIATELY: "at once",
    SidesOpen.AFTER_ENDS: "once both ends carry a tile",
    DemandStarts.IMMEDIATELY: "at once",
    DemandStarts.NEXT_TURN: "from the next turn",
    DrawPolicy.NONE: "no drawing",
    DrawPolicy.ONE_THEN_PASS: "draw one (the turn then passes)",
    DrawPolicy.ONE_THEN_PLAY: "draw one and play it if it fits",
    DrawPolicy.UNTIL_PLAYABLE: "draw until a tile fits",
    WhenUnable.PASS: "pass",
    WhenUnable.MARKER: "put out a marker and pass",
    DoubleAtEnd.BOTH_HALVES: "counts both halves",
    DoubleAtEnd.ONE_HALF: "counts one half",
    Scorer.LOWEST_PIPS: "the lowest pip total",
    Scorer.FEWEST_TILES: "the fewest tiles",
    Scorer.EACH: "everyone, for themselves",
    Scorer.NOBODY: "nobody",
    TargetReach.AT_LEAST: "reaching it",
    TargetReach.MORE_THAN: "passing it",
    TargetCheck.ROUND_END: "at the end of a round",
    TargetCheck.IMMEDIATE: "the moment it is reached",
    Winner.HIGHEST: "the highest",
    Winner.LOWEST: "the lowest",
    Tie.SHARE: "shared",
    Tie.PLAY_ON: "settled by another round",
}

_BOOLEAN_WORDS = {
    "play.forced": ("compulsory", "optional"),
    "play.again_after_double": ("yes", "no"),
    "layout.personal_trains": ("yes", "no"),
}

# The names an expression at each place may read, for putting it in words.
_EXPRESSION_NAMES = {
    "tile_value": names.TILE,
    "layout.engine": names.ROUND,
    "play.match": names.MATCH,
}


def _expression_names(path: str, side: str) -> dict[str, str]:
    if path.startswith("in_play."):
        return names.in_play(side)
    if path in ("domino.points", "blocked.points"):
        return names.round_end(side)
    return _EXPRESSION_NAMES.get(path, {})


def _fields(value: Any, prefix: str = "") -> dict[str, Any]:
    """Every leaf of a ruleset by its dotted path; expressions and start lists are leaves."""
    if dataclasses.is_dataclass(value) and not isinstance(value, Expr | StartRule):
        out: dict[str, Any] = {}
        for field in dataclasses.fields(value):
            path = f"{prefix}.{field.name}" if prefix else field.name
            if path not in _IDENTITY:
                out.update(_fields(getattr(value, field.name), path))
        return out
    return {prefix: value}


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, Expr) and isinstance(b, Expr):
        return " ".join(a.source.split()) == " ".join(b.source.split())
    return a == b


def _say(path: str, value: Any, ruleset: Ruleset) -> str:
    hub = ruleset.layout.topology is Topology.HUB
    side = _side(ruleset.players)
    if value is None:
        return "none"
    if isinstance(value, Expr):
        return words(value, _expression_names(path, side))
    if value is Scorer.WENT_OUT:
        return _of_player(side, "went out")
    if isinstance(value, enum.Enum):
        return _ENUM_WORDS.get(value, value.value.replace("_", " "))
    if isinstance(value, bool):
        yes, no = _BOOLEAN_WORDS.get(path, ("yes", "no"))
        return yes if value else no
    if path == "max_pip":
        return f"double-{value}"
    if path in ("deal.hand_sizes", "match.rounds"):
        return _per_count(value, "tiles" if path == "deal.hand_sizes" else "rounds")
    if path == "players.team_counts":
        return f"{_counts(sorted(value))} players" if value else "none"
    if isinstance(value, tuple) and all(isinstance(rule, StartRule) for rule in value):
        return _start_chain(value, ruleset.start.lead, hub)
    return str(value)


_SHORT = 40  # values longer than this are set on lines of their own


def differences(a: Ruleset, b: Ruleset) -> list[str]:
    """What `a` changes relative to `b`, one entry per differing field, in the ruleset's order."""
    fields_a, fields_b = _fields(a), _fields(b)
    out = []
    if (a.in_play is None) != (b.in_play is None):
        # Scoring during play that only one of them has is one difference, not one per field.
        if a.in_play is not None:
            scoring = _in_play(a.in_play, _side(a.players))
            out.append(f"Adds scoring during play: {scoring[0].lower()}{scoring[1:]}")
        else:
            out.append("Drops scoring during play.")
        for fields in (fields_a, fields_b):
            for path in [p for p in fields if p.startswith("in_play")]:
                del fields[path]
    if a.players.teams is not b.players.teams:
        del fields_a["players.team_counts"], fields_b["players.team_counts"]  # said by the teams themselves
    for path in dict.fromkeys([*fields_b, *fields_a]):
        old, new = fields_b.get(path), fields_a.get(path)
        label = _LABELS.get(path, path)
        if isinstance(old, dict) and isinstance(new, dict):
            old, new, label = _per_count_change(old, new, label)
        if _same(old, new):
            continue
        label = f"{label[0].upper()}{label[1:]}"
        before, after = _say(path, old, b), _say(path, new, a)
        if max(len(before), len(after)) <= _SHORT:
            out.append(f"{label} changes from {before} to {after}.")
        else:
            out.append(f"{label} changes.\n    {b.name}: {before}\n    {a.name}: {after}")
    return out


def _per_count_change(
    old: dict[int, int], new: dict[int, int], label: str
) -> tuple[dict[int, int], dict[int, int], str]:
    """Two tables by player count, cut to the counts where they differ, and the label for those.

    Only the counts both allow are compared: a count one of them does not allow has no value to
    change from (a narrowed player range is a difference of its own).
    """
    common = old.keys() & new.keys()
    if not common:
        return old, new, label
    changed = sorted(n for n in common if old[n] != new[n])
    if changed and not old.keys() == new.keys() == set(changed):
        label = f"{label} with {_counts(changed)} players"
    return {n: old[n] for n in changed}, {n: new[n] for n in changed}, label


def explain_difference(a: Ruleset, b: Ruleset) -> str:
    found = differences(a, b)
    if not found:
        return f"{a.name} plays exactly like {b.name}.\n"
    lines = [f"What {_label(a)} changes relative to {_label(b)}:"]
    lines += [f"- {entry}" for entry in found]
    return "\n".join(lines) + "\n"


def _label(rules: Ruleset) -> str:
    return rules.name if rules.title == rules.name else f"{rules.name} ({rules.title})"
