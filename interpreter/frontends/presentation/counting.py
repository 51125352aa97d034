"""The shared words of a counting game (the `counting` board): the hand told from its log, as a
seat may know it — the deal, the crib laid face down, the tile turned up, each tile laid with the
running total it makes, the gos and what each peg is for, and the show's items as a cribbage
player calls them ("fifteen 2, fifteen 4, a pair is 6")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.engine import Action, Match
from interpreter.engine.actions import DISCARD, GO
from interpreter.frontends.presentation.seats import Seat, plural, together
from interpreter.frontends.presentation.style import Style, hand_tile
from interpreter.rulefile.ruleset import Ruleset

_ROWS = {2: "a pair", 6: "a pair royal", 12: "a double pair royal"}


def _tiles(tiles: Sequence[Sequence[int]]) -> str:
    return " ".join(hand_tile((t[0], t[1])) for t in tiles)


def called(items: Sequence[dict[str, Any]]) -> str:
    """A show's items as called aloud: "fifteen 2, fifteen 4, a pair is 6, a run of 3 is 9"."""
    out: list[str] = []
    running = 0
    for item in items:
        running += item["points"]
        if item["kind"] == "fifteen":
            out.append(f"fifteen {running}")
        elif item["kind"] == "pair":
            out.append(f"a pair is {running}")
        else:
            out.append(f"a run of {len(item['tiles'])} is {running}")
    return ", ".join(out) if out else "nothing"


class CountingNarrator:
    """The event log of a counting game in words."""

    def __init__(self, match: Match, seats: Sequence[Seat], style: Style) -> None:
        self.match = match
        self.seats = seats
        self.style = style
        self.total = 0  # the running total the last `count` event told

    def name(self, seat: int) -> str:
        name = self.seats[seat].name
        return self.style.paint(name, "green" if self.seats[seat].human else "cyan")

    def _verb(self, seat: int, you: str, other: str) -> str:
        return you if plural([self.seats[seat].name]) else other

    def tell(self, events: Sequence[dict[str, Any]], viewer: int | None, start: int | None = None) -> list[str]:
        lines: list[str] = []
        for event in events:
            kind = event["type"]
            if kind == "deal":
                lines += self._deal(event)
            elif kind == "action":
                lines.append(self._action(event, viewer))
            elif kind == "starter":
                lines.append(f"{self.name(event['seat'])} {self._verb(event['seat'], 'turn', 'turns')} up "
                             f"{hand_tile(tuple(event['tile']))}: the starter, in every show.")  # fmt: skip
            elif kind == "count":
                self.total = event["total"]
                if lines and not lines[-1].endswith(")"):
                    lines[-1] += f" ({event['total']})"
            elif kind == "count_over":
                lines.append(f"The count ends at {event['total']}.")
            elif kind == "score":
                lines.append("  " + self._score(event))
            elif kind == "show":
                lines.append(self._show(event))
            elif kind == "round_end":
                lines.append(f"End of hand {event['round']}. {self._scores(event['scores'])}")
            elif kind == "match_end":
                lines.append(self.style.heading(result_line(self.match, self.seats)))
        return lines

    def _deal(self, event: dict[str, Any]) -> list[str]:
        sizes = event.get("hand_sizes") or [len(hand) for hand in event.get("hands", ())]
        dealer = event.get("dealer", (event["starter"] - 1) % len(self.seats))
        return [self.style.heading(f"Hand {event['round']}"),
                f"{self.name(dealer)} {self._verb(dealer, 'deal', 'deals')} {sizes[0] if sizes else 0} tiles each "
                f"and {self._verb(dealer, 'own', 'owns')} the crib; {self.name(event['starter'])} "
                f"{self._verb(event['starter'], 'lay', 'lays')} first."]  # fmt: skip

    def _action(self, event: dict[str, Any], viewer: int | None) -> str:
        seat = event["seat"]
        action = event["action"]
        who = self.name(seat)
        if action["kind"] == "discard":
            shown = f" {hand_tile(tuple(action['tile']))}" if "tile" in action and seat == viewer else " a tile"
            return f"{who} {self._verb(seat, 'lay', 'lays')}{shown} face down into the crib."
        if action["kind"] == "go":
            return f"{who} {self._verb(seat, 'say', 'says')} go."
        return f"{who} {self._verb(seat, 'lay', 'lays')} {hand_tile(tuple(action['tile']))}"

    def _score(self, event: dict[str, Any]) -> str:
        seat = event["seat"]
        who = self.name(seat) if seat is not None else f"side {event['side'] + 1}"
        points = event["points"]
        why = {
            "total": f"for {self.total}",
            "pair": f"for {_ROWS.get(points, 'a pair')}",
            "run": f"for a run of {points}",
            "go": "for the go",
            "hand": "for the hand",
            "crib": "for the crib",
        }.get(event["reason"], event["reason"])
        verb = self._verb(seat, "score", "scores") if seat is not None else "scores"
        return f"{who} {verb} {points} {why} ({event['total']})."

    def _show(self, event: dict[str, Any]) -> str:
        seat = event["seat"]
        what = "the crib" if event["crib"] else self._verb(seat, "your hand", "the hand")
        up = f" with {hand_tile(tuple(event['turn_up']))}" if event["turn_up"] else ""
        return f"{self.name(seat)} {self._verb(seat, 'show', 'shows')} {what} {_tiles(event['tiles'])}{up}: " \
               f"{called(event['items'])}."  # fmt: skip

    def _scores(self, scores: Sequence[int]) -> str:
        return scores_line(self.match, self.seats, scores)


def scores_line(match: Match, seats: Sequence[Seat], scores: Sequence[int]) -> str:
    names = [[s.name for n, s in enumerate(seats) if match.side_of(n) == side] for side in range(match.sides)]
    return "Scores — " + ", ".join(f"{together(names[side])}: {score}" for side, score in enumerate(scores))


def result_line(match: Match, seats: Sequence[Seat]) -> str:
    """ "Match over after 9 hands: You win, 121 to 104."."""
    names = [[s.name for n, s in enumerate(seats) if match.side_of(n) == side] for side in range(match.sides)]
    hands = f"{match.round} hand{'s' if match.round != 1 else ''}"
    winners = [name for side in match.winners for name in names[side]]
    if not winners:
        return f"Match over after {hands}."
    others = [score for side, score in enumerate(match.scores) if side not in match.winners]
    scores = " to ".join(str(s) for s in [match.scores[match.winners[0]], *others])
    return f"Match over after {hands}: {together(winners)} {'win' if plural(winners) else 'wins'}, {scores}."


def describe_counting_move(action: Action, match: Match, seats: Sequence[Seat]) -> str:
    if action.kind == GO:
        return "go (no tile fits under the limit)"
    assert action.tile is not None
    if action.kind == DISCARD:
        return f"{hand_tile(action.tile)} face down into the crib"
    view = match.observation(match.current_player or 0).counting
    total = "" if view is None else f" (count {view.total} → {view.total + tile_count(match.ruleset, action.tile)})"
    return f"lay {hand_tile(action.tile)}{total}"


def tile_count(rules: Ruleset, tile: tuple[int, int]) -> int:
    """What `tile` adds to the running total (counting.value)."""
    c = rules.counting
    low, high = tile
    env = {"players": rules.players.min, "max_pip": rules.max_pip, "set_size": rules.set_size,
           "high": high, "low": low, "pips": low + high, "is_double": low == high}  # fmt: skip
    return int(c.value(env)) if c is not None else low + high
