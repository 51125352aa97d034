"""The shared words of a partition game: a hand told as it goes (who banks, who has set his tiles
face down, who is stuck, the showdown with every hand's groups and their names, what each player
settled with the banker), a split read from typed words, and the match's result line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.engine import Action, Match
from interpreter.engine.actions import SPLIT
from interpreter.engine.partition.tables import partition_tables_for
from interpreter.frontends.presentation.refused import Refused
from interpreter.frontends.presentation.seats import Seat, plural, together
from interpreter.frontends.presentation.style import Style, hand_tile
from interpreter.rulefile.partition_rules import Against


def groups_text(groups: Sequence[Sequence[Sequence[int]]]) -> str:
    """ "6-6 4-5 | 1-3 2-2": a split's groups as they are typed."""
    return " | ".join(" ".join(hand_tile((a, b)) for a, b in group) for group in groups)


def rank_words(entry: str, value: int | None) -> str:
    """ "points 8", or "pair of Teens" for an entry with no value of its own."""
    return entry if value is None else f"{entry} {value}"


def _scores(match: Match, seats: Sequence[Seat], scores: Sequence[int]) -> str:
    return "Scores — " + ", ".join(f"{seat.name}: {score}" for seat, score in zip(seats, scores, strict=False))


class PartitionNarrator:
    """The event log of a partition game in words."""

    def __init__(self, match: Match, seats: Sequence[Seat], style: Style) -> None:
        self.match = match
        self.seats = seats
        self.style = style
        rules = match.ruleset.partition
        assert rules is not None
        self.names = [g.name for g in rules.groups]
        self.compared = [g.name for g in rules.groups if g.compared]
        self.each = rules.against is Against.EACH  # nobody banks: the "banker" only deals

    def name(self, seat: int) -> str:
        name = self.seats[seat].name
        return self.style.paint(name, "green" if self.seats[seat].human else "cyan")

    def _verb(self, seat: int, you: str, others: str) -> str:
        return you if plural([self.seats[seat].name]) else others

    def tell(self, events: Sequence[dict[str, Any]], viewer: int | None, start: int | None = None) -> list[str]:
        lines: list[str] = []
        for event in events:
            kind = event["type"]
            if kind == "deal":
                size = len(event["hands"][0]) if "hands" in event else event["hand_sizes"][0]
                banker = event["starter"]
                banks = self._verb(banker, "deal", "deals") if self.each else self._verb(banker, "bank", "banks")
                text = f"Hand {event['round']}: {size} tiles each. {self.name(banker)} {banks}."
                lines += ["", self.style.heading(text)]
            elif kind == "action" and event["action"]["kind"] == SPLIT:
                seat = event["seat"]
                groups = event["action"].get("groups")
                if groups is not None and seat == viewer:
                    lines.append(f"{self.name(seat)} set {groups_text(groups)} face down.")
                else:
                    lines.append(f"{self.name(seat)} {self._verb(seat, 'set', 'sets')} the tiles face down.")
            elif kind == "stuck":
                seat = event["seat"]
                lines.append(f"{self.name(seat)} cannot split the hand: stuck.")
            elif kind == "showdown":
                lines += self._showdown(event)
            elif kind == "settle":
                lines.append("  " + self._settle(event))
            elif kind == "round_end":
                lines.append(_scores(self.match, self.seats, event["scores"]))
            elif kind == "match_end":
                lines.append(self.style.heading(result_line(self.match, self.seats)))
        return lines

    def _showdown(self, event: dict[str, Any]) -> list[str]:
        banker = event["banker"]
        banks = f"{self.seats[banker].name} {self._verb(banker, 'bank', 'banks')}"
        who = "everyone against everyone" if self.each else banks
        lines = [self.style.heading(f"Showdown — {who}.")]
        ranks = event["ranks"]
        for seat, groups in enumerate(event["groups"]):
            if not groups:
                held = " ".join(hand_tile((a, b)) for a, b in event["hands"][seat])
                lines.append(f"  {self.name(seat)}: stuck with {held}.")
                continue
            said = iter(ranks[seat])
            parts = []
            shown = self.names if len(groups) == len(self.names) else self.compared
            for name, group in zip(shown, groups, strict=True):
                tiles = " ".join(hand_tile((a, b)) for a, b in group)
                if name in self.compared:
                    parts.append(f"{name} {tiles} ({rank_words(*next(said))})")
                else:
                    parts.append(f"{name} {tiles}")
            lines.append(f"  {self.name(seat)}: " + "; ".join(parts) + ".")
        return lines

    def _settle(self, event: dict[str, Any]) -> str:
        points = event["points"]
        outcome = "wins" if points > 0 else "loses" if points < 0 else "pushes"
        against = event.get("against")
        other = "the bank stuck" if against is None else f"{self.seats[against].name} stuck"
        said = (("stuck", event.get("stuck")), (other, event.get("banker_stuck") or event.get("opp_stuck")))
        stuck = [who for who, was in said if was]
        counted = " and ".join(stuck) if stuck else f"won {event['won']}, lost {event['lost']}, tied {event['tied']}"
        whom = "the bank" if against is None else self.name(against)
        return f"{self.name(event['seat'])} against {whom}: {counted} — {outcome} {abs(points) or ''}".rstrip() + "."


def split_worth(action: Action, match: Match) -> list[str]:
    """Per group of a split, what it is worth: a compared group's ranking entry and value ("Wong
    11"), a group only laid aside its total as its rule reads it ("20 laid aside")."""
    rules = match.ruleset.partition
    assert rules is not None
    ranker = partition_tables_for(match.ruleset, match.players).ranker
    out = []
    for group, tiles in zip(rules.groups, action.groups, strict=True):
        if group.compared:
            rank = ranker.rank(tiles)
            out.append(rank_words(rank.name, rank.value if rank.valued else None))
        else:  # the total its rule holds for (a wild tile read the way that meets it)
            readings = list(ranker.readings(tiles))
            meeting = [env["total"] for env in readings if group.must is None or group.must(env)]
            out.append(f"{(meeting or [readings[0]['total']])[0]} laid aside")
    return out


def describe_split(action: Action, match: Match, seats: Sequence[Seat]) -> str:
    """ "split 6-6 4-5 | 1-3 2-2 — high: Wong 11, low: points 8"."""
    rules = match.ruleset.partition
    assert rules is not None
    worth = split_worth(action, match)
    return f"{action} — " + ", ".join(f"{g.name}: {w}" for g, w in zip(rules.groups, worth, strict=True))


def result_line(match: Match, seats: Sequence[Seat]) -> str:
    """ "Match over after 10 hands: Ann wins, 4 to -1 to -3."."""
    names = [seat.name for seat in seats]
    hands = f"{match.round} hand{'s' if match.round != 1 else ''}"
    winners = [names[side] for side in match.winners]
    if len(winners) > 1:
        return f"Match over after {hands}: {together(winners)} share the win. {_scores(match, seats, match.scores)}."
    best = match.scores[match.winners[0]]
    others = [score for side, score in enumerate(match.scores) if side not in match.winners]
    scores = " to ".join(str(s) for s in [best, *others])
    return f"Match over after {hands}: {together(winners)} {'win' if plural(winners) else 'wins'}, {scores}."


def read_split(words: str, legal: Sequence[Action], match: Match) -> Action:
    """The split `words` names ("split 6-6 4-5 | 1-3 2-2", or the tiles alone with the |), the
    groups in any order; else Refused, saying what may be typed (the reason is complete: the
    trick table's alternatives are not added to it)."""
    text = words.strip().lower()
    numbers = f"type a number from 1 to {len(legal)}" if len(legal) > 1 else "type 1"
    example = f"or a split such as '{legal[0]}'"
    if "|" not in text:
        raise Refused(f"'{words.strip()}' is not a split: {numbers}, {example}")
    try:
        wanted = Action.parse(text if text.startswith("split ") else f"split {text}")
    except ValueError as error:
        raise Refused(f"{error}: {numbers}") from None
    key = sorted(wanted.groups)
    for action in legal:
        if sorted(action.groups) == key:
            return action
    raise Refused(f"that is no legal split of your hand: {numbers}, {example}")
