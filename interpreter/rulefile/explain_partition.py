"""`explain`'s words for a partition game (family: partition): the split, the ranking table, the
showdown and the bank, in a rulebook's words (docs/format.md, "Partition games")."""

from __future__ import annotations

from typing import Any

from interpreter.expressions.words import words
from interpreter.rulefile.explain_common import seating, set_sentence
from interpreter.rulefile.partition_rules import Against, Bank, BankerSplits, PartitionRules, RankEntry, ShowdownTie
from interpreter.rulefile.ruleset import Ruleset, StartRule

GROUP = {
    "total": "its pip total (each wild tile as counted)",
    "pips": "its printed pips",
    "size": "its number of tiles",
    "doubles": "the doubles in it",
    "top_rank": "the rank of its highest tile",
    "low_rank": "the rank of its lowest tile",
    "value": "its value",
}
SETTLE = {
    "won": "the hands he won",
    "lost": "the hands he lost",
    "tied": "the hands tied",
    "groups": "the hands compared",
    "stuck": "he is stuck",
    "banker_stuck": "the banker is stuck",
    "players": "the number of players",
}
# With against: each, what a player collects from each other player.
EACH = {
    **{name: said for name, said in SETTLE.items() if name != "banker_stuck"},
    "won": "the number of hands he won from him",
    "lost": "the number of hands he lost to him",
    "tied": "the number of hands tied with him",
    "opp_stuck": "the other is stuck",
}
BANK = {"banker_stuck": "the banker was stuck", "round": "the round number", "players": "the number of players"}


def _tiles(tiles: frozenset[tuple[int, int]]) -> str:
    said = [f"{a}-{b}" for a, b in sorted(tiles)]
    return said[0] if len(said) == 1 else "any of " + ", ".join(said)


def _entry(entry: RankEntry) -> str:
    if entry.tiles is not None:
        what = " with ".join(_tiles(place) for place in entry.tiles)
    elif entry.when is not None and entry.when.constant is not True:
        what = f"where {words(entry.when, GROUP)}"
    else:
        what = "any other hand"
    value = "" if entry.value is None else f", worth {words(entry.value, GROUP)}"
    tie = ""
    if entry.tiebreak:
        when = "" if entry.tiebreak_when is None else f" (only where {words(entry.tiebreak_when, GROUP)})"
        tie = f"; equal ones go to the higher top tile{when}"
    return f"{entry.name}: {what}{value}{tie}"


def _split(rules: PartitionRules, ruleset: Ruleset) -> list[str]:
    groups = rules.groups
    named = [f"{g.name} of {g.size}" for g in groups]
    out = [
        f"Each player splits his {rules.hand_size} tiles, face down, into {len(groups)} hands: "
        + ", ".join(named[:-1])
        + f" and {named[-1]}."
    ]
    for g in groups:
        if g.must is not None:
            out.append(f"The {g.name} hand must meet this: {words(g.must, GROUP)}.")
        if not g.compared:
            out.append(f"The {g.name} hand is only laid aside: it is not compared.")
    sizes = [g.size for g in groups if g.compared]
    if len(set(sizes)) < len(sizes):
        out.append("Of two compared hands of one size, the higher ranked is always the first named.")
    for wild in rules.wild:
        counts = " or ".join(map(str, wild.counts))
        out.append(f"The {', '.join(f'{a}-{b}' for a, b in sorted(wild.tiles))} count {counts}, whichever is better.")
    out.append(
        "A player whose hand cannot be split this way is stuck: he has no choice, and his hand is not compared."
    )
    out.append("Nobody sees another's split, nor his tiles, before the showdown.")
    return out


def sections(ruleset: Ruleset) -> list[tuple[str, list[str]]]:
    rules = ruleset.partition
    assert rules is not None
    people = [*seating(ruleset), "The tiles nobody is dealt are out of play."]
    if rules.deals_per_shuffle > 1:
        people.append(
            f"{rules.deals_per_shuffle} hands are dealt from each shuffle: each later one from the tiles the earlier "
            "ones did not deal (everyone has seen those at their showdowns)."
        )
    bank = _bank(rules)
    ranking = ["A hand ranks by this table, the first entry that fits it, highest first:"]
    ranking += [f"- {_entry(entry)}" for entry in rules.ranking]
    ranking.append("A hand of a higher entry beats any of a lower one; within an entry the higher value wins.")
    showdown = _showdown(rules)
    return [
        ("The set", [set_sentence(ruleset)]),
        ("Players and hands", people),
        ("The bank", bank),
        ("Splitting the hand", _split(rules, ruleset)),
        ("Ranking", ranking),
        ("The showdown", showdown),
        ("Winning", [_rounds(ruleset)]),
    ]


def _bank(rules: PartitionRules) -> list[str]:
    """Who banks (with nobody banking: who deals, and so sets his tiles last) and how he splits."""
    if rules.against is Against.EACH:
        first = "drawn at random" if rules.first_banker_random else "the first seat"
        moves = "stays with the same seat" if rules.bank is Bank.FIXED else "passes to the next player after every hand"
        return [f"Nobody banks. The first dealer is {first}; the deal {moves}.", "The dealer sets his tiles last."]
    bank = [
        "The first banker is drawn at random." if rules.first_banker_random else "The first seat banks first.",
    ]
    if rules.bank is Bank.FIXED:
        bank.append("The same seat banks every hand (the house).")
    else:
        stays = "" if rules.bank_stays_when is None else f", except when {words(rules.bank_stays_when, BANK)}"
        bank.append(f"After every hand the bank passes to the next player{stays}.")
    if rules.banker is BankerSplits.HOUSE_WAY:
        bank.append(f"The banker sets his tiles by the house way ({_house_way(rules)}), after everyone else.")
    else:
        bank.append("The banker sets his tiles as he likes, last.")
    return bank


def _showdown(rules: PartitionRules) -> list[str]:
    tie = "a copy goes to the banker" if rules.tie is ShowdownTie.BANKER else "equal hands push"
    if rules.against is Against.EACH:
        return [
            "At the showdown every hand is turned up. Every player's hands are compared with every other player's "
            f"of the same name, pair by pair; {tie}.",
            f"From each other player, each player collects {words(rules.settle, EACH)} (a negative amount he "
            "pays), and the other collects from him alike.",
        ]
    return [
        "At the showdown every hand is turned up. Each player's hands are compared with the banker's of the same "
        f"name; {tie}.",
        f"Each player scores {words(rules.settle, SETTLE)}; the banker scores the opposite of what they all score.",
    ]


def _house_way(rules: PartitionRules) -> str:
    if rules.house_way_name != "steps":
        return rules.house_way_name.replace("_", " ")
    names: dict[str, str] = {}
    for g in rules.compared:
        names |= {f"{g}_value": f"the {g} hand's value", f"{g}_class": f"the {g} hand's entry",
                  f"{g}_top_rank": f"the rank of the {g} hand's top tile"}  # fmt: skip
    return "; then ".join(
        ("where a split allows " + words(step.when, names) + ", " if step.when is not None else "")
        + "the most "
        + words(step.maximize, names)
        for step in rules.house_way
    )


def _rounds(ruleset: Ruleset) -> str:
    rounds = ruleset.match.rounds or {}
    if len(set(rounds.values())) == 1:
        return f"The match is {next(iter(rounds.values()))} hands; the highest total wins."
    per = ", ".join(f"{r} with {n} players" for n, r in sorted(rounds.items()))
    return f"The match is {per} hands; the highest total wins."


def starters(rules: tuple[StartRule, ...], ruleset: Ruleset, side: str) -> str:
    """Who starts: in a partition game the bank decides (the `start` section is not written)."""
    return "the banker"


def compared(fields: dict[str, Any], ruleset: Ruleset) -> None:
    """`explain --diff`'s leaves of a partition game: each part said as the rulebook says it (a
    split, a ranking entry and the showdown are compared as their words, not field by field)."""
    for path in [p for p in fields if p.startswith("partition")]:
        del fields[path]
    rules = ruleset.partition
    if rules is None:
        return
    fields["the split"] = " ".join(_split(rules, ruleset))
    fields["the ranking"] = "; ".join(_entry(entry) for entry in rules.ranking)
    fields["the bank"] = " ".join(_bank(rules))
    fields["the showdown"] = " ".join(_showdown(rules))
