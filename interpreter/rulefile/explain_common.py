"""What explain.py and explain_tricks.py both say: player counts and numbers by player count, who
scores (a player, a team or a side), the set, and the seating and the deal.

Both rulebooks, a layout game's and a trick game's, open with the same sections; keeping their
words here lets each family's module import them without importing the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.rulefile.ruleset import Players, Ruleset, Teams, double_set
from interpreter.rulefile.trick_rules import LedSuit, NamedTile

# A section's sentence that starts with this is an item of a list, set on lines of its own: a list
# of long entries (the special contracts) reads better than one paragraph running them together.
ITEM = "- "


def say_counts(counts: Sequence[int]) -> str:
    """Player counts as a reader says them: "2", "3 or 4", "2 to 8"."""
    ordered = sorted(counts)
    if len(ordered) == 1:
        return str(ordered[0])
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} or {ordered[1]}" if len(ordered) == 2 else f"{ordered[0]} to {ordered[-1]}"
    return ", ".join(map(str, ordered[:-1])) + f" or {ordered[-1]}"


def say_players(counts: Sequence[int]) -> str:
    """Player counts with their noun: "1 player", "3 or 4 players"."""
    return f"{say_counts(counts)} {'player' if list(counts) == [1] else 'players'}"


def grouped(table: dict[int, Any]) -> dict[Any, list[int]]:
    """The player counts of `table` by value, in order of the counts."""
    groups: dict[Any, list[int]] = {}
    for players, value in sorted(table.items()):
        groups.setdefault(value, []).append(players)
    return groups


def per_count(table: dict[int, int], unit: str) -> str:
    """`{2: 7, 3: 5, 4: 5}` as "7 tiles with 2 players, 5 with 3 or 4"."""
    groups = grouped(table)
    if len(groups) == 1:
        value = next(iter(groups))
        return f"{value} {unit.removesuffix('s') if value == 1 else unit}"
    parts = [f"{value} with {say_players(counts)}" for value, counts in groups.items()]
    parts[0] = parts[0].replace(" with", f" {unit} with", 1)
    return ", ".join(parts)


def say_by_count(table: dict[int, Any], say: Any = str) -> str:
    """`{2: 15, 3: 10, 4: 10}` as "15 with 2 players, 10 with 3 or 4" (each value put by `say`),
    or just "15" when every count has the same value."""
    groups = grouped(table)
    if len(groups) == 1:
        return say(next(iter(groups)))
    return ", ".join(f"{say(value)} with {say_players(counts)}" for value, counts in groups.items())


def side_word(players: Players) -> str:
    """Who scores: "player" without teams, "team" when partners play at every count, else "side"
    (also when a match chooses whether to play in partnerships)."""
    if not players.team_counts or (not players.partnered and not players.teams_optional):
        return "player"
    if players.teams_optional:
        return "side"
    return "team" if set(players.team_counts) == set(range(players.min, players.max + 1)) else "side"


def _teams_clause(players: Players) -> str:
    """How the teams sit: partners opposite, or `sides` teams in alternate seats."""
    if players.teams is not Teams.ALTERNATE:
        return "partners sit opposite each other and score as a team"
    sides = players.sides
    sizes = sorted({n // sides for n in players.team_counts})
    size = f" of {_TIMES[sizes[0]]}" if len(sizes) == 1 and sizes[0] < len(_TIMES) else ""
    return (
        f"the players form {_TIMES[sides]} teams{size}, sitting alternately (a player's team-mates sit "
        f"every {_TIMES[sides]} seats), each scoring as a team"
    )


_TIMES = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def left_out(ruleset: Ruleset) -> bool:
    """Whether the set as played is the double-max_pip set with tiles left out (`set.without`): each
    tile once, in id order, and nothing said of them; else `set.tiles` lists it (copies, names, suits)."""
    tiles = ruleset.tiles
    named = ruleset.tricks.named if ruleset.tricks is not None else ()
    kept = set(tiles)
    in_order = list(tiles) == [tile for tile in double_set(ruleset.max_pip) if tile in kept]
    return not named and len(kept) == len(tiles) and in_order


def tile_label(tile: tuple[int, int], about: NamedTile | None = None, *, suits: bool = True) -> str:
    """A tile as the rulebook names it: "6-6", or "6-6 (Heaven, civil, rank 11)" with what set.tiles
    says of it (`about`), its suit and rank left out unless `suits`."""
    said = [] if about is None else [about.name]
    if about is not None and suits:
        said += [about.suit, f"rank {about.rank}" if about.rank else ""]
    said = [part for part in said if part]
    return f"{tile[0]}-{tile[1]}" + (f" ({', '.join(said)})" if said else "")


def listed_set(ruleset: Ruleset) -> list[tuple[tuple[int, int], NamedTile | None, int]]:
    """The set `set.tiles` lists: each tile with what it says of it, and its copies, in the file's order."""
    named = ruleset.tricks.named if ruleset.tricks is not None else ()
    found: dict[tuple[tuple[int, int], NamedTile | None], int] = {}
    for i, tile in enumerate(ruleset.tiles):
        key = (tile, named[i] if named else None)
        found[key] = found.get(key, 0) + 1
    return [(tile, about, copies) for (tile, about), copies in found.items()]


def _listed_sentence(ruleset: Ruleset) -> str:
    """A set `set.tiles` lists: "A set of 32 tiles: two each of 6-6 (Heaven), …; one each of 3-6 (Nine), …"."""
    tricks = ruleset.tricks
    suits = tricks is None or tricks.led_suit is not LedSuit.NAMED  # else said with the suits, in play
    runs: list[tuple[int, list[str]]] = []
    for tile, about, copies in listed_set(ruleset):
        label = tile_label(tile, about, suits=suits)
        if runs and runs[-1][0] == copies:
            runs[-1][1].append(label)
        else:
            runs.append((copies, [label]))
    if len(runs) == 1 and runs[0][0] == 1:
        return f"A set of {ruleset.set_size} tiles: {', '.join(runs[0][1])}."
    parts = []
    for copies, labels in runs:
        times = _TIMES[copies] if copies < len(_TIMES) else str(copies)
        parts.append(f"{times} {'each ' if len(labels) > 1 else ''}of {', '.join(labels)}")
    return f"A set of {ruleset.set_size} tiles: {'; '.join(parts)}."


def set_sentence(ruleset: Ruleset) -> str:
    """The set, as a sentence: "A double-6 set: 28 tiles, from [0|0] to [6|6]." (per count where it varies)."""
    n = ruleset.max_pip
    pips = ruleset.by_count.get("max_pip")
    whole = double_set(n)
    copies = len(ruleset.tiles) // len(whole)
    if copies > 1 and ruleset.tiles == whole * copies:  # set.copies of a complete set
        times = _TIMES[copies]
        return f"{times.capitalize()} double-{n} sets together: {ruleset.set_size} tiles, {times} of each."
    if ruleset.tiles and not left_out(ruleset):  # the tiles set.tiles lists
        return _listed_sentence(ruleset)
    if ruleset.tiles:  # a set with tiles left out (set.without)
        out = sorted(set(double_set(n)) - set(ruleset.tiles), key=lambda tile: (tile[1], tile[0]))
        named = [f"{low}-{high}" for low, high in out]
        if len(named) == 1:
            left = named[0]
        elif len(named) <= 12:
            left = f"{', '.join(named[:-1])} and {named[-1]}"
        else:
            left = f"{len(out)} of its tiles"
        return f"A double-{n} set without {left}: {ruleset.set_size} tiles."
    if not pips:
        return f"A double-{n} set: {ruleset.set_size} tiles, from [0|0] to [{n}|{n}]."
    sets = [
        f"a double-{pip} set: {(pip + 1) * (pip + 2) // 2} tiles, from [0|0] to [{pip}|{pip}], "
        f"with {say_players(counts)}"
        for pip, counts in grouped(pips).items()
    ]
    size = f"{'; '.join(sets)}."
    return size[0].upper() + size[1:]


def seating(ruleset: Ruleset) -> list[str]:
    """Who plays, in which direction, with which partners, and the hands dealt."""
    players = ruleset.players
    side = side_word(players)
    if players.max == 1:  # one player: no direction of play, nobody else dealt
        return [f"For 1 player. The player is dealt {per_count(ruleset.deal.hand_sizes, 'tiles')}."]
    count = f"{players.min} players" if players.min == players.max else f"{players.min} to {players.max} players"
    people = [f"For {count}; play goes {players.direction.value}."]
    together = _teams_clause(players)
    if players.teams_optional:
        usual = "in partnerships" if players.partnered else "without partnerships"
        people.append(
            f"A match with {say_counts(sorted(players.team_counts))} players may be played with or without "
            f"partnerships ({together}), as chosen when it starts; unless "
            f"chosen otherwise, it is played {usual}. Below, a side is a team, or a player who plays alone."
        )
    elif side == "team":
        people.append(f"{together[0].upper()}{together[1:]}.")
    elif side == "side":
        people.append(
            f"{together[0].upper()}{together[1:]} (with {say_counts(sorted(players.team_counts))} "
            "players); below, a side is a team, or a player who plays alone."
        )
    people.append(f"Each player is dealt {per_count(ruleset.deal.hand_sizes, 'tiles')}.")
    return people
