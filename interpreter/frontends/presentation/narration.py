"""What happened, in words: the event log told from one seat's side of the table.

A seat hears what it may know: its own drawn tiles, never another's; hands are shown when the
round ends, as they are laid open at the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from interpreter.engine import LayoutView, Match
from interpreter.engine.pool import ANTE
from interpreter.expressions import words as names
from interpreter.expressions.words import words
from interpreter.frontends.presentation.boards import Teller, board_of
from interpreter.frontends.presentation.places import played_words, way_words
from interpreter.frontends.presentation.pool import pool_words
from interpreter.frontends.presentation.seats import Seat, plural, together
from interpreter.frontends.presentation.stakes import stake_words, stakes_line
from interpreter.frontends.presentation.standing import OUT, beside_score, out_before, standing_at
from interpreter.frontends.presentation.style import Style, hand_tile, in_hand_order, tile
from interpreter.rulefile.ruleset import AfterStockLead, Direction, LeadFrom, Ruleset, StartCriterion

_STARTS = {
    "highest_double": "holding the highest double",
    "highest_ranked": "holding the tile the start rule ranks highest",
    "holder": "holding the tile the start rule names",
    "lots": "after drawing lots",
    "random": "chosen at random",
    "previous_winner": "as the winner of the last round",
    "next_seat": "next in turn",
    "last_player_if_won": "as the one who laid the last round's last tile, for the side that won it",
    "previous_starter_after_tie": "again, as the last round was a tie",
    "winning_side_next": "as the next player of the side that won the last round",
    "previous_out": "having gone out in the last round",
    "winning_side_choice": "for the side that won the last round",
    "lots_per_side": "for the side that won the lots",
    "lots_lowest": "after drawing lots (the lowest wins)",
    "after_last_player": "after the player who laid the last round's last tile",
    "scripted": "as arranged",
    "engine_stand_in": "holding the tile that stands in for the engine nobody holds",
    "drew_lead": "having drawn from the boneyard until the tile to lead came",
}


def start_reason(ruleset: Ruleset, round_no: int, how: str, lead: Sequence[int] | None) -> str:
    """Why a round's starter starts, in the words of the start rule that chose them: the tile a
    `holder` rule names, the rank a `highest_ranked` rule gives each tile (which may make the
    lowest double the best tile). Where the round's list has several such rules, the tile led
    tells which holder rule chose; ranks that differ are not told apart."""
    rules = ruleset.start.first_round if round_no == 1 else ruleset.start.later_rounds
    chosen = [rule for rule in rules if rule.criterion.value == how]
    if how == StartCriterion.HOLDER.value:
        tiles = {(min(rule.tile), max(rule.tile)) for rule in chosen if rule.tile is not None}
        led = (min(lead), max(lead)) if lead is not None else None
        tile = led if led in tiles else next(iter(tiles)) if len(tiles) == 1 else None
        if tile is not None:
            return f"holding {hand_tile(tile)}"
    ranks = {rule.rank.source for rule in chosen if rule.rank is not None}
    if how == StartCriterion.HIGHEST_RANKED.value and len(ranks) == 1 and chosen[0].rank is not None:
        return f"holding the tile the start rule ranks highest (rank: {words(chosen[0].rank, names.TILE)})"
    return _STARTS.get(how, how.replace("_", " "))


def side_names(match: Match, seats: Sequence[Seat], side: int) -> list[str]:
    return [seat.name for number, seat in enumerate(seats) if match.side_of(number) == side]


Standing = tuple[Mapping[str, Sequence[int]], Sequence[int]]  # the tracks by name, the seats out


def scores_line(match: Match, seats: Sequence[Seat], scores: Sequence[int], standing: Standing | None = None) -> str:
    """ "Scores — Ann: 12, Bob: 0"; with `standing` (the tracks, the seats out), what is beside each
    score too (the match's own, now, when not given)."""
    tracks, out = standing if standing is not None else (match.tracks, match.eliminated)
    sides = [
        f"{together(side_names(match, seats, side))}: {score}{beside_score(tracks, out, side)}"
        for side, score in enumerate(scores)
    ]
    return "Scores — " + ", ".join(sides)


def result_line(match: Match, seats: Sequence[Seat]) -> str:
    """The match's outcome, e.g. "Match over after 6 rounds: You win, 104 to 87."."""
    own = board_of(match).result_line
    if own is not None:
        return own(match, seats)
    settled = stakes_line(match, lambda side: together(side_names(match, seats, side)))
    if settled is not None:  # match.stake: each side's net beside the outcome
        return f"{_outcome(match, seats)} {settled}."
    return _outcome(match, seats)


def _outcome(match: Match, seats: Sequence[Seat]) -> str:
    """Who won the match, and its scores."""
    winners = [name for side in match.winners for name in side_names(match, seats, side)]
    rounds = f"{match.round} round{'s' if match.round != 1 else ''}"
    if len(match.winners) > 1:
        shared = f"{together(winners)} share the win"
        return f"Match over after {rounds}: {shared}. {scores_line(match, seats, match.scores)}."
    if not match.winners and match.ruleset.match.void_when is not None:  # a match over with nobody winning
        return f"Match over after {rounds}: nobody wins. {scores_line(match, seats, match.scores)}."
    if not match.winners:  # match.win_requires held for nobody: the match is lost (a patience lost)
        everyone = [seat.name for seat in seats]
        lost = f"{together(everyone)} {'lose' if plural(everyone) else 'loses'}"
        return f"Match over after {rounds}: {lost}. {scores_line(match, seats, match.scores)}."
    others = [score for side, score in enumerate(match.scores) if side not in match.winners]
    scores = " to ".join(str(s) for s in [match.scores[match.winners[0]], *others])
    return f"Match over after {rounds}: {together(winners)} {'win' if plural(winners) else 'wins'}, {scores}."


class Narrator:
    def __init__(self, match: Match, seats: Sequence[Seat], style: Style) -> None:
        self.match = match
        self.seats = seats
        self.style = style
        # A board with a story of its own (bids, trumps, tricks) is told by its own narrator.
        teller = board_of(match).teller
        self.own: Teller | None = None if teller is None else teller(match, seats, style)
        self._first_after_turn_up: int | None = None  # who plays first onto a lead the starter turned up
        self._round: int | None = None  # the round of the events being told (None: the current one)
        self._layouts: dict[int | None, LayoutView | None] = {}  # by round, for one telling

    def _layout(self, round_no: int | None) -> LayoutView | None:
        """The layout the plays of round `round_no` went on: the table now, or the last finished
        round's as it ended (the next round is dealt at once); None for an older round. Read once
        per telling: each read builds the whole view of the table."""
        if round_no in self._layouts:
            return self._layouts[round_no]
        match = self.match
        found: LayoutView | None
        if round_no is None or round_no == match.round:
            found = match.layout
        else:
            ended = match.events_of("round_end")
            found = match.finished_layout if ended and ended[-1]["round"] == round_no else None
        self._layouts[round_no] = found
        return found

    def name(self, seat: int) -> str:
        name = self.seats[seat].name
        return self.style.paint(name, "green" if self.seats[seat].human else "cyan")

    def tell(self, events: Sequence[dict[str, Any]], viewer: int | None, start: int | None = None) -> list[str]:
        """`events` in words, as `viewer` may know them; `start`: where they begin in the match's log
        (a trick game reads the hand so far from it; found when not given)."""
        if self.own is not None:
            return self.own.tell(events, viewer, start)
        lines: list[str] = []
        round_scores: list[str] = []  # told after the round's end, which the log records after them
        # The round the first events belong to: the one before the first deal told, else the current.
        deals = [e["round"] for e in events if e["type"] == "deal"]
        self._round = deals[0] - 1 if deals else None
        self._layouts = {}
        for index, event in enumerate(events):
            kind = event["type"]
            if kind == "deal":
                self._round = event["round"]
                lines += self._deal(event)
            elif kind == "lead_turned_up":
                text = f"The lead is turned up from the stock: {tile(*event['tile'])}."
                first = self._first_after_turn_up
                if first is not None:
                    text += f" {self.name(first)} {'play' if plural([self.seats[first].name]) else 'plays'} first."
                lines.append(text)
            elif kind == "another_turn":  # play.again_when
                you = plural([self.seats[event["seat"]].name])
                lines.append(f"{self.name(event['seat'])} {'play' if you else 'plays'} again.")
            elif kind == "skipped":  # play.skip_when
                you = plural([self.seats[event["seat"]].name])
                lines.append(f"{self.name(event['seat'])} {'are' if you else 'is'} skipped.")
            elif kind == "unannounced":  # play.announce_last
                drawn = "a tile" if event["tiles"] == 1 else f"{event['tiles']} tiles"
                lines.append(f"{self.name(event['seat'])} did not tap for the last tile: {drawn} from the boneyard.")
            elif kind == "redeal_claim":  # deal.redeal_claim
                shown = " ".join(hand_tile(tuple(t)) for t in event["tiles"])
                lines.append(f"{self.name(event['seat'])} showed {shown}: the tiles are dealt again.")
            elif kind == "refill":
                lines.append(f"{self.name(event['seat'])}: a new hand of {event['tiles']} from the boneyard.")
            elif kind == "undealt_taken":  # deal.undealt: starter
                you = plural([self.seats[event["seat"]].name])
                count = "the tile" if event["tiles"] == 1 else f"the {event['tiles']} tiles"
                lines.append(f"{self.name(event['seat'])} {'pick' if you else 'picks'} up {count} left over.")
            elif kind == "turned":  # deal.hands: blind_row; the `turn` action before it says no more
                text = f"{self.name(event['seat'])} turned up {tile(*event['tile'])}"
                fit = "" if event["fits"] else ": it does not fit, and goes back face down at the row's left end"
                lines.append(f"{text}{fit}.")
            elif kind == "action" and event["action"]["kind"] == "turn":
                continue
            elif kind == "action":
                following = events[index + 1] if index + 1 < len(events) else None
                lines.append(self._action(event, following, viewer))
            elif kind == "score" and event["reason"] in ("in_play", "pass", ANTE):  # scored during play, or staked
                lines.append(self._score(event))
            elif kind == "score":
                round_scores.append("  " + self._score(event))
            elif kind == "eliminated":  # match.eliminate_when
                verb = "are" if plural([self.seats[event["seat"]].name]) else "is"
                round_scores.append(f"  {self.name(event['seat'])} {verb} {OUT} ({event['score']}).")
            elif kind == "round_end":
                lines += self._round_end(event, round_scores)
                round_scores = []
            elif kind == "stake":  # match.stake, as the match ends
                names_ = side_names(self.match, self.seats, event["side"])
                lines.append(stake_words(event, together(names_), plural(names_)))
            elif kind == "match_end":
                lines.append(self.style.heading(result_line(self.match, self.seats)))
        return lines

    def _deal(self, event: dict[str, Any]) -> list[str]:
        out = out_before(self.match, event["round"])  # dealt nothing: out of the match
        sizes = sorted({len(hand) for seat, hand in enumerate(event["hands"]) if seat not in out})
        each = " or ".join(map(str, sizes))
        how = start_reason(self.match.ruleset, event["round"], event["how"], event["lead"])
        starter = event["starter"]
        you = plural([self.seats[starter].name])
        starts = f"{self.name(starter)} {'start' if you else 'starts'}"
        start = self.match.ruleset.start
        self._first_after_turn_up = None
        if start.lead_from is LeadFrom.STOCK and start.after_stock_lead is AfterStockLead.NEXT_SEAT:
            # The starter only turns the lead up: the player after them plays first onto it.
            starts = f"{self.name(starter)} {'turn' if you else 'turns'} up the lead"
            step = -1 if self.match.ruleset.players.direction is Direction.COUNTERCLOCKWISE else 1
            self._first_after_turn_up = (starter + step) % len(event["hands"])
        if len(event["hands"]) == 1:  # a solitaire: nobody else to be dealt or chosen over
            text = f"Round {event['round']}: {each} tiles. {starts}"
        else:
            text = f"Round {event['round']}: {each} tiles each. {starts}, {how}"
        if event["lead"] is not None:
            text += f", and {'lead' if you else 'leads'} {hand_tile(tuple(event['lead']))}"
        if event["engine"] is not None:
            rules = self.match.ruleset
            unused = rules.layout.own_double_trains and not (
                rules.layout.shared_trains or rules.by_count.get("shared_trains")
            )  # no train grows from it: every train starts from its owner's own double
            engine = tile(*event["engine"])
            text += f"; the engine {engine} is set aside" if unused else f"; the engine is {engine}"
        return ["", self.style.heading(text + ".")]

    def _action(self, event: dict[str, Any], following: dict[str, Any] | None, viewer: int | None) -> str:
        seat = event["seat"]
        who = self.name(seat)
        action = event["action"]
        kind = action["kind"]
        if kind == "draw":
            drawn = following.get("tile") if following and following["type"] == "draw" else None
            return f"{who} drew {hand_tile(tuple(drawn))}." if seat == viewer and drawn else f"{who} drew a tile."
        if kind == "pass":
            return f"{who} passed."
        if kind == "marker":
            return f"{who} put out a marker and passed."
        if kind == "keep":
            return f"{who} kept the hand."
        if kind == "redeal":
            return f"{who} claimed a redeal."
        if kind == "discard":  # face down (draw.when_unable: discard): the tile is in nobody's log
            return f"{who} laid a tile face down."
        low, high = action["tile"]
        if "arm" not in action and "half" in action:  # the leader named the end left open
            return f"{who} led {hand_tile((low, high))}, the {action['half']} end open."
        if "arm" not in action:
            return f"{who} led {hand_tile((low, high))}{way_words(action.get('value'))}."
        layout = self._layout(self._round)
        if layout is None:  # a round before the last finished one, whose table is kept nowhere
            return f"{who} played {tile(action['half'], low + high - action['half'])}{way_words(action.get('value'))}."
        return f"{who} played {played_words(action, layout, self.seats, viewer, seat)}."

    def _score(self, event: dict[str, Any]) -> str:
        names = side_names(self.match, self.seats, event["side"])
        who = together([self.style.paint(n, "bold") for n in names])
        verb = "score" if plural(names) else "scores"
        staked = pool_words(event, who, plural(names))
        if staked is not None:
            return staked
        if event["reason"] == "reset":  # match.reset_when: the run is broken
            return f"{who} {'go' if plural(names) else 'goes'} back to 0 (from {-event['points']})."
        why = {"in_play": " on the open ends", "pass": " for the pass", "domino": " for the round",
               "blocked": " for the blocked round"}  # fmt: skip
        return f"{who} {verb} {event['points']}{why.get(event['reason'], '')} (total {event['total']})."

    def _round_end(self, event: dict[str, Any], scores: list[str]) -> list[str]:
        number = event["round"]
        if event["reason"] == "domino":
            text = f"Round {number} over: {self.name(event['seat'])} played the last tile."
        elif event["reason"] == "blocked":
            text = f"Round {number} over: blocked, nobody can play."
        else:
            text = f"Round {number} over: the target is reached."
        lines = [self.style.heading(text)]
        for seat, hand in enumerate(event["hands"]):
            if hand:
                tiles = " ".join(hand_tile(t) for t in in_hand_order(hand))
                lines.append(f"  {self.name(seat)} held {tiles} ({event['pips'][seat]} pips).")
        lines += scores
        standing = standing_at(self.match, number) if self.match.tracks or self.match.eliminated else None
        lines.append(scores_line(self.match, self.seats, event["scores"], standing))
        return lines
