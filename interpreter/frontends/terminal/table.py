"""The table as text: every arm or train with its open end, markers and open doubles, the players'
tile counts and scores, one player's hand, and the numbered moves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from interpreter.engine import Action, ArmView, LayoutView, Match
from interpreter.frontends.presentation.ends import open_ends_line
from interpreter.frontends.presentation.places import CLAIM_WORDS, move_words, on_place, place_words, why_words
from interpreter.frontends.presentation.seats import Seat, in_turn_order
from interpreter.frontends.presentation.standing import beside_score
from interpreter.frontends.presentation.style import Style, hand_tile, in_hand_order, tile
from interpreter.rulefile.ruleset import Direction, Ruleset, TargetReach, Winner
from interpreter.text.untrusted import printable

_LONG_ARM = 8  # tiles shown of a train before the older ones are cut to "…"


def goal(ruleset: Ruleset, players: int, unit: str | None = None, rounds_word: str = "rounds") -> str:
    """How the match is won, in a few words: "first to 100", "13 rounds, lowest total wins";
    with a `unit`, the target is counted in it: "first to 7 marks"; a trick game's rounds are
    its hands (`rounds_word`): "16 hands, highest total wins"."""
    end = ruleset.match
    best = "highest" if end.winner is Winner.HIGHEST else "lowest"
    rounds = end.rounds.get(players) if end.rounds else None
    if rounds == 1:
        rounds_word = rounds_word.removesuffix("s")
    if players == 1 and end.win_requires is not None:  # a solitaire: won or lost, no total to beat
        return f"{rounds} {rounds_word}, won or lost" if rounds else "won or lost"
    if end.target is not None:
        reach = "reaches" if end.reach is TargetReach.AT_LEAST else "passes"
        target = f"{end.target} {unit}" if unit else str(end.target)
        if end.winner is Winner.HIGHEST and rounds is None:
            return f"first to {target}" if end.reach is TargetReach.AT_LEAST else f"first past {target}"
        text = f"until someone {reach} {target}"
        return f"{text} or {rounds} {rounds_word}, {best} total wins" if rounds else f"{text}, {best} total wins"
    if rounds is None and end.eliminate_when is not None:  # match.eliminate_when: played until one is left
        return "until one player is left"
    return f"{rounds} {rounds_word}, {best} total wins"


def arm_label(match: Match, arm: ArmView, seats: Sequence[Seat], viewer: int | None) -> str:
    """Where `arm` is, as the viewer says it: "the left end", "your train", "above the [5|5]"; a
    train that goes on past a double's toes by its own name still: "shared train 3, middle toe"."""
    now = place_words(match.layout, arm.id, seats, viewer)
    whole = place_words(match.layout, arm.id, seats, viewer, at=0)
    return now if now == whole else f"{whole}, middle toe"


def _laid(tiles: Sequence[tuple[int, int]]) -> str:
    return "".join(tile(touching, outer) for touching, outer in tiles)


def main_line(layout: LayoutView) -> str:
    """A line as it lies on the table: the left arm read outward-in, the lead, the right arm."""
    assert layout.lead is not None
    left, right = layout.arms[0], layout.arms[1]
    lead = tile(*layout.lead)  # its low half faces arm 0, so it reads left to right
    outward_in = "".join(tile(outer, touching) for touching, outer in reversed(left.tiles))
    return outward_in + lead + _laid(right.tiles)


def _hub_pip(layout: LayoutView) -> int:
    """The number the trains at the hub start with: the engine's, or the one a stand-in takes."""
    for arm in layout.arms:
        if arm.root == layout.hub and arm.spinner is None:
            return arm.tiles[0][0] if arm.tiles else arm.value
    assert layout.hub is not None
    return layout.hub[0]


def layout_lines(match: Match, seats: Sequence[Seat], viewer: int | None, style: Style) -> list[str]:
    layout = match.layout
    lines: list[str] = []
    if layout.hub is not None and match.ruleset.layout.own_double_trains:
        shared = f"; a shared train starts with a {layout.hub[0]}" if any(a.owner is None for a in layout.arms) else ""
        rules = match.ruleset
        where = "in the centre" if rules.layout.shared_trains or rules.by_count.get("shared_trains") else "set aside"
        lines.append(
            f"Engine {tile(*layout.hub)} {where}{shared}; each player's own train grows at both ends from a "
            "double of their own."
        )
    elif match.ruleset.layout.own_double_trains:  # a hub without an engine (layout.engine: none)
        lines.append("No engine: each player's own train grows at both ends from a double of their own.")
    elif layout.hub is not None:
        pip = _hub_pip(layout)
        stands = "" if layout.hub == (pip, pip) else f", standing in for [{pip}|{pip}]"
        lines.append(f"Engine {tile(*layout.hub)} in the centre{stands}; every train starts with a {pip}.")
    elif layout.lead is None:
        lines.append("No tiles yet: the round opens with a lead.")
        return lines
    else:
        lines.append(main_line(layout))
    your_turn = viewer is not None and viewer == match.current_player
    for arm in layout.arms:
        shown = ""  # an end arm's tiles are on the line above
        if arm.kind != "end":
            cut = "…" if len(arm.tiles) > _LONG_ARM else ""
            shown = cut + _laid(arm.tiles[-_LONG_ARM:])
            if arm.kind == "train" and arm.spinner is None and arm.root != layout.hub:  # from its owner's own double
                shown = f"from {tile(*arm.root)} {shown}".rstrip()
        # The number is what a move names the place by when typed (6-3 2).
        label = arm_label(match, arm, seats, viewer)
        row = f"  {arm.id:>2}  {label:<28} {shown + ' ' if shown else ''}shows {arm.value}"
        if arm.marker:
            row += style.paint("  ⚑ marker out: open to everyone", "yellow")
        if arm.id == layout.closed and arm.kind == "end":
            lines.append(style.quiet(row + "  (closed: the line grows from the other end only)"))
        elif your_turn and not arm.open:
            lines.append(style.quiet(row + "  (not open to you now)"))
        else:
            lines.append(row)
    for double in layout.open_doubles:
        said = [on_place(layout, a, seats, viewer) for a in double.arms]
        if all(w.endswith(f"toe of the {tile(*double.tile)}") for w in said):
            arms = "on its toes"
        else:
            arms = said[0] if len(said) == 1 else f"{', '.join(said[:-1])} or {said[-1]}"
        when = "" if double.active else " (from the next turn)"
        lines.append(
            style.paint(
                f"Open double {tile(*double.tile)}: {double.remaining} more tile(s) {arms} "
                f"before play goes anywhere else{when}.",
                "yellow",
            )
        )
    return lines


def player_lines(
    match: Match, seats: Sequence[Seat], style: Style, score_word: str = "score", notes: Mapping[int, str] | None = None
) -> list[str]:
    """A row per player: whose turn it is, tiles held, the score, the team; `notes` adds a word
    to a seat's row (a trick game's "dropped out")."""
    counts = match.observation(0).hand_counts
    width = max(len(seat.name) for seat in seats)
    teams = match.sides < match.players
    lines = []
    counterclockwise = match.ruleset.players.direction is Direction.COUNTERCLOCKWISE
    # The scores with what is beside them (scoring.tracks, a player out): one column, as wide as the widest.
    besides = [beside_score(match.tracks, match.eliminated, match.side_of(n)) for n in range(len(seats))]
    score_width = max(4, *(len(str(match.scores[match.side_of(n)])) + len(b) + 1 for n, b in enumerate(besides)))
    for number in in_turn_order(len(seats), counterclockwise):  # the rows as play goes round
        seat = seats[number]
        side = match.side_of(number)
        turn = "▶ " if number == match.current_player else "  "
        kind = "" if seat.human else f" ({seat.kind})"
        team = f"  team {side + 1}" if teams else ""
        tiles = f"{counts[number]} tile{'s' if counts[number] != 1 else ''}"
        score = f"{match.scores[side]}{besides[number]}"
        row = f"{turn}{seat.name:<{width}}  {tiles:<9} {score_word} {score:<{score_width}}{team}{kind}"
        note = (notes or {}).get(number)
        if note:
            lines.append(style.quiet(f"{row}  — {note}"))
            continue
        lines.append(style.paint(row, "bold") if number == match.current_player else row)
    return lines


def hand_line(match: Match, seat: int, seats: Sequence[Seat], legal: Sequence[Action], style: Style) -> str:
    playable = {action.tile for action in legal if action.tile is not None}
    seen = match.observation(seat)
    tiles = in_hand_order(seen.hand)
    shown = " ".join(style.paint(hand_tile(t), "bold", "green") if t in playable else hand_tile(t) for t in tiles)
    if not seen.hand and seen.hand_counts[seat]:  # a blind row (deal.hands: blind_row): not seen, not shown
        shown = f"{seen.hand_counts[seat]} tiles face down in a row"
    owner = "Your hand" if seats[seat].name == "You" else f"{seats[seat].name}'s hand"
    return f"{owner}: {shown or '(empty)'}"


def describe_move(action: Action, match: Match, seats: Sequence[Seat]) -> str:
    if action.kind == "draw":
        left = match.observation(match.current_player or 0).boneyard_count
        return f"draw a tile ({left} left to draw)"
    if action.kind == "pass":
        return "pass"
    if action.kind == "marker":
        return "put out your marker (your train opens to everyone) and pass"
    if action.kind in CLAIM_WORDS:
        return CLAIM_WORDS[action.kind]
    assert action.tile is not None
    if action.kind == "discard" or action.arm is None:
        return move_words(action, match.layout, seats, match.current_player)
    low, high = action.tile
    touching = action.half if action.half is not None else low
    outer = low + high - touching
    return f"{move_words(action, match.layout, seats, match.current_player)}, which then shows {outer}"


def screen(
    match: Match, ruleset: Ruleset, seats: Sequence[Seat], viewer: int, legal: Sequence[Action], style: Style
) -> str:
    """Everything a player needs to choose a move, with the moves numbered from 1."""
    drawable = match.observation(viewer).boneyard_count
    header = f"{printable(ruleset.title)} · round {match.round} · {goal(match.ruleset, match.players)}"
    lines = [style.heading(f"── {header} ──")]
    lines.append(style.heading("Table") + f"  (boneyard: {drawable} to draw)")
    lines += layout_lines(match, seats, viewer, style)
    counted = open_ends_line(ruleset, match)
    if counted:
        lines.append(counted)
    lines.append(style.heading("Players"))
    lines += player_lines(match, seats, style)
    lines.append("")
    lines.append(hand_line(match, viewer, seats, legal, style))
    whose = "Your moves" if seats[viewer].name == "You" else f"{seats[viewer].name}'s moves"
    lines.append(style.heading(whose))
    lines += [f"  {number:>2}  {describe_move(a, match, seats)}" for number, a in enumerate(legal, start=1)]
    why = why_words(match, legal)
    if why:  # only draw, pass or a marker, or a pass that ends a turn: why, before the prompt asks
        lines.append(style.paint(f"  {why[0].upper()}{why[1:]}.", "yellow"))
    return "\n".join(lines) + "\n"
