"""The terminal's partition table: the hand to split, every legal split numbered with what each
of its compared groups is worth, the other seats (set face down, waiting, or stuck), and the last
showdown with every hand's groups and what each player settled with the bank."""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.engine import Action, Match
from interpreter.frontends.presentation.partition import describe_split, groups_text, rank_words
from interpreter.frontends.presentation.seats import Seat, plural
from interpreter.frontends.presentation.style import Style, hand_tile
from interpreter.frontends.terminal.help_text import COMMANDS
from interpreter.rulefile.partition_rules import Against, BankerSplits
from interpreter.rulefile.ruleset import Ruleset


def partition_screen(
    match: Match, ruleset: Ruleset, seats: Sequence[Seat], viewer: int, legal: Sequence[Action], style: Style
) -> str:
    view = match.observation(viewer).partition
    assert view is not None
    names = [seat.name for seat in seats]
    each = ruleset.partition is not None and ruleset.partition.against is Against.EACH  # nobody banks
    you = plural([names[view.banker]])  # "You deal", "Ann deals"
    role = f"deal{'' if you else 's'}; everyone plays against everyone" if each else "bank" if you else "banks"
    lines = [style.heading(f"Hand {match.round} — {names[view.banker]} {role}."), _scores(match, names)]
    if view.shown:
        lines.append(style.heading(f"Last showdown ({names[view.shown_banker or 0]} {'dealt' if each else 'banked'}):"))
        for seat, groups in enumerate(view.shown):
            if not groups:
                lines.append(f"  {names[seat]}: stuck with {' '.join(hand_tile(t) for t in view.shown_hands[seat])}")
                continue
            said = ", ".join(rank_words(name, value) for name, value in view.ranks[seat])
            settled = "" if seat == view.shown_banker and not each else f", settled {view.settled[seat]:+d}"
            lines.append(f"  {names[seat]}: {groups_text(groups)} ({said}){settled}")
    house = ruleset.partition is not None and ruleset.partition.banker is BankerSplits.HOUSE_WAY
    others = []
    for seat in range(match.players):
        if seat == view.banker and house:
            state = "the bank, splits by the house way at the showdown"
        else:
            state = "stuck" if view.stuck[seat] else "set face down" if view.done[seat] else "to split"
        if seat != viewer:
            others.append(f"{names[seat]}: {state}")
    lines.append("Others — " + ", ".join(others))
    if view.used:  # partition.deals_per_shuffle: what this shuffle's earlier hands dealt
        lines.append(f"Dealt earlier this shuffle (in nobody's hand): {' '.join(hand_tile(t) for t in view.used)}")
    split = " | ".join(f"{name} of {size}" for name, size in zip(view.groups, view.sizes, strict=True))
    lines.append(f"Your tiles: {' '.join(hand_tile(t) for t in match.hand(viewer))}   (split into {split})")
    for number, action in enumerate(legal, 1):
        lines.append(f"  {number}. {describe_split(action, match, seats)}")
    return "\n".join(lines) + "\n"


def _scores(match: Match, names: Sequence[str]) -> str:
    return "Scores — " + ", ".join(f"{name}: {score}" for name, score in zip(names, match.scores, strict=False))


def partition_help(ruleset: Ruleset) -> str:
    return (
        "Type the number of a split, or the split itself, its groups parted by |:\n"
        "  split 6-6 4-5 | 1-3 2-2       (or just 6-6 4-5 | 1-3 2-2; two groups of one size in either order)\n"
        + COMMANDS
    )
