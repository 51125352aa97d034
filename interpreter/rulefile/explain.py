"""A ruleset as rules for the table, in English, and what one ruleset changes relative to another.

Everything is generated from the compiled `Ruleset`, so a house-rule file reads exactly as it
plays. The comparison walks both rulesets field by field and puts each difference in words.
"""

from __future__ import annotations

import dataclasses
import enum
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from interpreter.expressions import words as names
from interpreter.expressions.language import Expr
from interpreter.expressions.words import words
from interpreter.rulefile import (
    explain_counting,
    explain_draw_discard,
    explain_partition,
    explain_phases,
    explain_stake,
    explain_tableau,
    explain_tricks,
    explain_turn_up_auction,
)
from interpreter.rulefile.explain_common import (
    ITEM,
    per_count,
    say_by_count,
    say_counts,
    say_players,
    seating,
    set_sentence,
    side_word,
)
from interpreter.rulefile.explain_lots import lots_words
from interpreter.rulefile.explain_pool import pool_words
from interpreter.rulefile.explain_standing import same_tracks, standing_sentences, track_names, tracks_words
from interpreter.rulefile.phase_kinds import (
    COUNTING,
    DRAW_DISCARD,
    LAYOUT,
    PARTITION,
    TABLEAU,
    TRICKS,
    PhaseParts,
    play_kind,
)
from interpreter.rulefile.ruleset import (
    COUNT_VALUE_FIELDS,
    TILE_CRITERIA,
    AfterStockLead,
    DecidedBy,
    DemandStarts,
    Direction,
    DoubleAtEnd,
    DrawPolicy,
    EngineMissing,
    Hands,
    InPlayScoring,
    Layout,
    Lead,
    LeadFrom,
    OnPassScoring,
    Play,
    PlayUntil,
    Pool,
    RoundEndScoring,
    Ruleset,
    Scorer,
    SidesOpen,
    SpinnerCount,
    Spinners,
    Stake,
    Start,
    StartCriterion,
    StartRule,
    TargetCheck,
    TargetReach,
    Teams,
    Tie,
    TiedWinner,
    Topology,
    Track,
    Undealt,
    WhenUnable,
    Winner,
)
from interpreter.text.untrusted import printable

_PIPS = "high + low"  # the usual tile value, said simply as "its pips"
_HALF_MATCHES_END = "half == end"


def _tile(pip: int) -> str:
    return f"[{pip}|{pip}]"


def _starter(rule: StartRule, lead: Lead, hub: bool, side: str) -> str:
    """Who a start criterion picks, and what they lead: "by X, who leads any tile"; a criterion that
    holds only after some rounds says so first: "if nobody won that round (…), by X, who …"."""
    criterion = rule.criterion
    only_if = ""
    if rule.stock_lead is not None:
        clause = ", who plays first onto it"  # the lead is the tile turned up
    elif rule.draw_until is not None:
        wanted = words(rule.draw_until, names.TILE)
        clause = f", who draws from the boneyard until he draws a tile where {wanted}, and leads it"
    elif hub:
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
    elif criterion in (StartCriterion.LOTS, StartCriterion.LOTS_LOWEST):
        who = lots_words(rule)
    elif criterion is StartCriterion.RANDOM:
        who = "a player chosen at random"
    elif criterion is StartCriterion.PREVIOUS_WINNER:
        who = "the winner of the previous round"
    elif criterion is StartCriterion.NEXT_SEAT:
        who = "the player after the previous round's starter"
    elif criterion is StartCriterion.LAST_PLAYER_IF_WON:
        last = _of_player(side, "laid the previous round's last tile")
        only_if = f"if {last} won that round, "
        who = "that player"
    elif criterion is StartCriterion.PREVIOUS_STARTER_AFTER_TIE:
        only_if = "if nobody won the previous round (it was blocked, and no one side scored), "
        who = "its starter again"
    elif criterion is StartCriterion.WINNING_SIDE_NEXT:
        if side == "player":
            who = "the player who won the previous round"
        else:
            who = (
                f"the first player after the previous round's starter, in the order of play, of the {side} "
                "that won that round"
            )
    elif criterion is StartCriterion.PREVIOUS_OUT:
        who = "the player who went out in the previous round (nobody, after a blocked round)"
    elif criterion is StartCriterion.AFTER_LAST_PLAYER:
        who = "the player after the one who laid the previous round's last tile"
    elif criterion is StartCriterion.WINNING_SIDE_LIGHTEST:
        who = (
            f"the player of the {side} that won the previous round with the fewest pips left (the first of them "
            "in the order of play from that round's starter, on a tie)"
        )
    elif criterion is StartCriterion.WINNING_SIDE_CHOICE:
        who = "the winner of the previous round"
        if side != "player":
            who += f", or the next player of their {side} if the winner passes the lead on (the {side}'s choice)"
    elif criterion is StartCriterion.LOTS_PER_SIDE:
        who = (
            f"the {side} whose first player draws the higher tile by pips (one lot for each {side}, drawn again "
            f"on a tie): that player, or the next player of the {side} if he passes the lead on"
        )
    else:
        raise AssertionError(f"unhandled start criterion {criterion}")
    return f"{only_if}by {who}{clause}"


def _start_chain(rules: tuple[StartRule, ...], lead: Lead, hub: bool, side: str) -> str:
    """The start criteria in the order they are tried: "by X; failing that, by Y"; the criteria of
    a `when` entry (consecutive rules sharing one guard) as "if C, by X or else by Y"."""
    parts: list[str] = []
    guard: Expr[bool] | None = None
    for rule in rules:
        if rule.criterion is StartCriterion.REDEAL:
            said = "the tiles are shuffled and dealt again, and the choice starts over"
        else:
            said = _starter(rule, lead, hub, side)
        shared = rule.stock_lead if rule.stock_lead is not None else rule.when
        if shared is not None and shared is guard:
            parts[-1] += f", or else {said}"
            continue
        guard = shared
        if rule.stock_lead is not None:
            parts.append(f"{_turned_up(rule.stock_lead)}, {said}")
        else:
            parts.append(said if guard is None else f"if {words(guard, names.START)}, {said}")
    return "; failing that, ".join(parts)


def _turned_up(stock_lead: Expr[bool]) -> str:
    """A `stock_lead` entry's condition: when the first tile left undealt is turned up as the lead."""
    laid = "is turned up and laid as the lead (nobody scores for it)"
    if stock_lead.constant is True:
        return f"the first tile left undealt {laid}"
    return f"if, of the first tile left undealt, {words(stock_lead, names.TILE)}, that tile {laid}"


def _started(rules: tuple[StartRule, ...], lead: Lead, hub: bool, side: str) -> str:
    """What follows "… is started": " by X", or ": if C, by X; …" when conditions choose."""
    chain = _start_chain(rules, lead, hub, side)
    conditional = chain.startswith("if ") or any(rule.when is not None or rule.stock_lead is not None for rule in rules)
    return f": {chain}" if conditional else f" {chain}"


def _of_player(side: str, did: str) -> str:
    """The scorer named by what one player did: "the player who went out", "the team of the player who …"."""
    return f"the player who {did}" if side == "player" else f"the {side} of the player who {did}"


def _scorer(scoring: RoundEndScoring, side: str) -> str:
    points = words(scoring.points, names.round_end(side))
    if scoring.scorer is Scorer.WENT_OUT:
        return f"{_of_player(side, 'went out')} scores {points}"
    if scoring.decided_by is DecidedBy.BLOCKER_AND_LEFT:
        scores = "scores" if side == "player" else f"that player's {side} scores"
        return f"{_BETWEEN_TWO} and {scores} {points}"
    if scoring.scorer is Scorer.LOWEST_PIPS:
        return f"the {side} with the lowest pip total scores {points} (a tie scores nobody)"
    if scoring.scorer is Scorer.FEWEST_TILES:
        return f"the {side} with the fewest tiles scores {points} (a tie scores nobody)"
    if scoring.scorer is Scorer.EACH:
        return f"every {side} adds to their own score {points}"  # the formula last: nothing follows it
    if scoring.scorer is Scorer.RANKED:
        ranked = _ranked(scoring.rank, scoring.rank_lowest, side)
        return f"the {side} {ranked} scores {points} (a tie scores nobody)"
    return "nobody scores"


# scoring.blocked.decided_by: blocker_and_left, as a scorer's words begin.
_BETWEEN_TWO = (
    "it is decided between the player who blocked it (who laid the last tile) and the next player: the one "
    "with fewer pips left wins (a tie goes to the blocker)"
)


# Ranked by a single name whose words would read badly after "with the lowest".
_RANKED_BY = {"lowest_hand": ("whose lightest hand holds the fewest pips", "whose lightest hand holds the most pips")}


def _ranked(rank: Expr[int] | None, lowest: bool, side: str) -> str:
    """What a ranked scorer ranks by, after "the team": "with the lowest pips left in their own hand",
    "with the highest value of …", "whose lightest hand holds the fewest pips"."""
    assert rank is not None
    by_name = _RANKED_BY.get(rank.source.strip())
    if by_name:
        return by_name[0] if lowest else by_name[1]
    said = words(rank, names.round_end(side))
    order = "lowest" if lowest else "highest"
    if rank.source.strip().isidentifier() and said.startswith("the "):  # a single name
        if said.startswith("the tiles "):  # tiles are counted: the most tiles, not the highest
            order = "fewest" if lowest else "most"
        return f"with the {order} {said[4:]}"
    return f"with the {order} value of {said}"


def _draw_rule(ruleset: Ruleset) -> str:
    policy = ruleset.draw.policy
    stuck = {
        DrawPolicy.NONE: "There is no drawing.",
        DrawPolicy.ONE_THEN_PASS: "A player who cannot play draws one tile from the boneyard, and the turn passes.",
        DrawPolicy.ONE_THEN_PLAY: "A player who cannot play draws one tile and plays it if it fits.",
        DrawPolicy.UNTIL_PLAYABLE: "A player who cannot play draws from the boneyard until a tile fits, and plays it.",
    }[policy]
    when = "cannot play" if policy is DrawPolicy.NONE else "can neither play nor draw"
    if ruleset.draw.voluntary and ruleset.play.forced and policy is not DrawPolicy.NONE:
        stuck += (
            " A player who can play may draw instead, while the boneyard has tiles to draw, and the draw goes on "
            "as for a player who cannot play; nobody may pass while able to play."
        )
    if ruleset.draw.when_unable is WhenUnable.DISCARD:
        anyway = " (or, if they choose, a player who can)" if ruleset.draw.discard_any_time else ""
        return (
            f"{stuck} A player who {when}{anyway} lays one tile of their hand face down in front of them, unseen "
            "by the others, and the turn passes; at the round's end the face-down tiles are shown and count as "
            "tiles left in the hand."
        )
    if ruleset.draw.when_unable is WhenUnable.MARKER:
        return (
            f"{stuck} A player who {when} puts a marker on their own train, which opens it to everyone until "
            "they play on it again, and the turn passes."
        )
    return f"{stuck} A player who {when} passes."


def _engine(ruleset: Ruleset, verb: str) -> str:
    """Which double the engine is, round by round (and by player count where the set changes)."""
    expr = ruleset.layout.engine
    assert expr is not None
    players = ruleset.players

    def engine(n: int, round_no: int) -> str:
        rules = ruleset.for_players(n)
        return _tile(int(expr({"players": n, "max_pip": rules.max_pip, "set_size": rules.set_size, "round": round_no})))

    if not expr.names - {"players", "max_pip", "set_size"}:
        table = {n: engine(n, 1) for n in range(players.min, players.max + 1)}
        if len(set(table.values())) == 1:
            return f"the engine double {table[players.min]} {verb} in every round"
        return f"the engine double ({say_by_count(table)}) {verb} in every round"
    first = [engine(players.min, r) for r in (1, 2, 3)]
    count = f" with {say_players([players.min])}" if "max_pip" in ruleset.by_count else ""
    return (
        f"the engine double {verb}: {first[0]} in round 1, {first[1]} in round 2, {first[2]} in "
        f"round 3, and so on ({words(expr, names.ROUND)}){count}"
    )


def _lead_demand(layout: Layout) -> str:
    """The lead double or the engine demands tiles on its arms before play goes anywhere else."""
    n = layout.lead_demand
    if layout.topology is Topology.HUB:
        what, arms = "The engine", "trains"
    else:
        what = "A double led as the first tile"
        arms = "arms" if layout.spinners is not Spinners.NONE else "ends"
    tiles = f"a tile on one of its {arms}" if n == 1 else f"{n} tiles, one on each of {n} of its {arms},"
    return f"{what} must take {tiles} before play goes anywhere else."


def _double_demand(layout: Layout) -> str:
    """What a double played onto an open end demands: min(double_demand, its free arms), as the engine plays it."""
    n = layout.double_demand
    free = layout.spinner_arms - 1
    if n == 1:
        text = "A double played onto an open end must be answered with a tile on it before play goes anywhere else"
    else:
        each = f"one on each of its {n} free arms" if n == free else f"one on each of {n} of its {free} free arms"
        if layout.spinners is Spinners.EVERY_DOUBLE:
            text = f"A double played onto an open end must be answered with {n} tiles, {each}, before play goes "
            text += "anywhere else"
        else:  # first_double: only the first double is a spinner; a later one has a single free arm
            text = (
                f"When the first double is played onto an open end (it was not led), it must be answered with {n} "
                f"tiles, {each}, before play goes anywhere else; every later double has one free arm and must be "
                "answered with a tile on it first"
            )
    if layout.demand_starts is DemandStarts.NEXT_TURN:
        text += "; the player who laid it may first play elsewhere"
    if layout.demand_when is not None:
        text += f". A double demands this only when {words(layout.demand_when, names.TURN)}"
    return text + "."


def _layout(ruleset: Ruleset) -> list[str]:
    layout = ruleset.layout
    out = []
    if layout.topology is Topology.HUB:
        if layout.engine_dealt:
            engine = _engine(ruleset, "is dealt like any other tile")
            out.append(f"{engine[0].upper()}{engine[1:]}; its holder starts the round by laying it in the centre.")
            nobody = "When nobody holds it,"
            if layout.stand_in is not None:
                low, high = layout.stand_in
                out.append(
                    f"When nobody holds the engine, the holder of [{high}|{low}] lays it at the hub instead, where it "
                    "counts as the engine: every train starts with the engine's number."
                )
                nobody = "When nobody holds either,"
            if layout.engine_missing is EngineMissing.DRAW:
                out.append(
                    f"{nobody} the players draw from the boneyard in turn, from the player chosen to "
                    "start on, until one draws it and lays it."
                )
            elif layout.engine_missing is EngineMissing.DRAW_EACH:
                out.append(
                    f"{nobody} every player draws a tile from the boneyard, again and again, until "
                    "one holds it; that player lays it."
                )
            else:
                out.append(f"{nobody} the tiles are shuffled and dealt again.")
            out.append("Trains grow from it; every train starts with a tile matching it.")
        elif layout.engine is None:
            out.append(
                "The hub has no engine double (no tile is set aside): every train starts from its owner's double."
            )
        elif layout.own_double_trains and not layout.shared_trains and not ruleset.by_count.get("shared_trains"):
            engine = _engine(ruleset, "is set aside")
            out.append(f"{engine[0].upper()}{engine[1:]}, unused: no train grows from it.")
        else:
            engine = _engine(ruleset, "sits in the centre")
            out.append(
                f"{engine[0].upper()}{engine[1:]}. Trains grow from it; every train starts with a tile matching it."
            )
        if layout.personal_trains and layout.open_trains:
            out.append("Every player owns a train, and every train is open to every player, marker or none.")
        elif layout.personal_trains:
            out.append("Every player owns a train; the others may play on it only while it carries its owner's marker.")
        if layout.personal_trains and layout.own_double_trains:
            out.append(
                "A player's own train starts from a double of their own, laid in front of them when they can (a "
                "turn of its own), and grows at both of its ends."
            )
        shared = ruleset.by_count.get("shared_trains")
        if shared:
            out.append(f"Shared trains, which anyone may start or extend: {say_by_count(shared)}.")
        elif layout.shared_trains:
            several = layout.shared_trains > 1
            named = f" ({printable(layout.shared_train_name)})" if layout.shared_train_name and not several else ""
            out.append(
                f"{layout.shared_trains if several else 'One'} shared train{'s' if several else ''}{named} "
                f"may be started or extended by anyone."
            )
    else:
        ends = "one end, the one the leader names open" if ruleset.start.lead_names_end else "both ends"
        out.append(f"The first tile (the lead) starts a line that grows at {ends}.")
    arms = f"{layout.spinner_arms} ways ({layout.spinner_arms - 1} free when it is attached to the layout)"
    spinner = {
        Spinners.NONE: "Doubles are laid crosswise but do not branch.",
        Spinners.EVERY_DOUBLE: f"Every double is a spinner: it branches {arms}.",
        Spinners.FIRST_DOUBLE: f"The first double laid is a spinner: it branches {arms}.",
        Spinners.LEAD_DOUBLE: f"A double led as the first tile is a spinner: it branches {layout.spinner_arms} ways.",
        Spinners.FIRST_DOUBLE_OPTIONAL: (
            f"The first double laid goes sidewise, as a spinner that branches {arms}, or endwise, in line like any "
            "other tile, at its player's option."
        ),
    }[layout.spinners]
    if layout.topology is not Topology.HUB or layout.spinners is not Spinners.NONE:
        out.append(spinner)
    if layout.spinners is not Spinners.NONE and layout.sides_open is SidesOpen.AFTER_ENDS:
        out.append("A spinner's sides open only once both of its ends carry a tile.")
    if layout.lead_demand:
        out.append(_lead_demand(layout))
    if layout.double_demand:
        out.append(_double_demand(layout))
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
    if play.allowed is not None:
        out.append(f"A play is allowed only when: {words(play.allowed, _play_names(ruleset))}.")
    out.append(
        "Playing is compulsory when you can." if play.forced else "You may draw or pass even when you could play."
    )
    if play.again_optional:
        out.append("A player who lays a double may play again, or stop and let the turn pass.")
    elif play.again_after_double:
        out.append("A player who lays a double plays again.")
    if play.per_turn is not None:
        out += _turn(play)
    if play.until is PlayUntil.SIDE_OUT:
        out.append(_SIDE_OUT)
    return out + _turn_rules(ruleset)


_BLIND_ROW = (
    "Each player's tiles lie face down in a row that nobody sees, its owner neither. In his turn a player turns "
    "up the tile at the right end of his row: he lays it if it fits (it is the lead when nothing is laid yet), "
    "else it goes back face down at the left end of the row and the turn passes. The round is blocked as soon "
    "as no tile left in any row can be laid."
)
_SIDE_OUT = (
    "A player who has laid his last tile is out and passes in his turn; in partnerships the round goes on until "
    "every player of one side is out, so it may block with tiles left on both sides."
)


def _turn_rules(ruleset: Ruleset) -> list[str]:
    """`play.again_when` and `play.skip_when` in words."""
    play, out = ruleset.play, []
    in_play = names.in_play(side_word(ruleset.players))
    if play.again_when is not None:
        out.append(
            f"After a tile is laid that would pass the turn, if {words(play.again_when, in_play)}, the same player "
            "takes another turn."
        )
    if play.skip_when is not None:
        otherwise = "Otherwise, if" if play.again_when is not None else "After a tile is laid that passes the turn, if"
        out.append(f"{otherwise} {words(play.skip_when, in_play)}, the next player loses his turn.")
    if play.announce_draw:
        drawn = "one tile" if play.announce_draw == 1 else f"{play.announce_draw} tiles"
        out.append(
            "A player whose play leaves him one tile announces it (tap); if he does not and the next player then "
            f"lays a tile, he draws {drawn} from the boneyard. Computer players always announce."
        )
    return out


def _turn(play: Play) -> list[str]:
    """A turn of several tiles: how many, the rest a must or a may, and when it must be whole."""
    assert play.per_turn is not None
    count = play.per_turn.constant
    many = f"{count} tiles" if count is not None else f"as many tiles as {words(play.per_turn, names.TURN)}"
    when = words(play.whole_turn, names.TURN) if play.whole_turn is not None else None
    held = "never more than the player holds" + (", unless it must be laid whole" if when is not None else "")
    out = [
        f"A turn lays {many}, one after the other ({held}; a lead is a turn of its own)"
        + (", a double played again after not counting." if play.again_after_double else ".")
    ]
    if play.rest_optional or not play.forced:
        out.append(
            "After the first of them, the player may stop at any time, and stops (passes) when no more can be laid: "
            "the others cannot tell which."
        )
    elif when != "always":  # else said by the whole turn's sentence
        out.append("The player lays them while any can be laid; when none can, the turn ends.")
    if when is not None:
        condition = "" if when == "always" else f"When {when}, t"
        out.append(
            f"{condition or 'T'}he turn must be laid whole: a player who cannot lay all of its tiles (or holds "
            "fewer) lays none, and counts as unable to play."
        )
    return out


def _play_names(ruleset: Ruleset) -> dict[str, str]:
    return names.play("the engine" if ruleset.layout.topology is Topology.HUB else "the lead")


def _in_play(scoring: InPlayScoring, side: str) -> str:
    double = "both halves" if scoring.double_at_end is DoubleAtEnd.BOTH_HALVES else "one half"
    when = words(scoring.when, names.in_play(side))
    condition = "" if when == "always" else f"when {when}, "
    points = words(scoring.points, names.in_play(side))
    scores = f"After every tile laid, {condition}{_of_player(side, 'laid it')} scores {points}."
    spinner = ""
    if scoring.spinner_count is SpinnerCount.UNCOVERED:
        spinner = (
            f" A spinner counts {double} while two or fewer of its sides carry a tile (the side it was laid "
            "against included), one half with three, and nothing once all four do."
        )
    return f"{scores} A double at an open end counts {double}.{spinner}"


def _on_pass(scoring: OnPassScoring, side: str) -> str:
    when = words(scoring.when, names.on_pass(side))
    condition = "" if when == "always" else f"when {when}, "
    points = words(scoring.points, names.on_pass(side))
    return f"After every pass, {condition}{_of_player(side, 'laid the last tile')} scores {points}."


def _set_aside(ruleset: Ruleset) -> str:
    """What becomes of the tiles not dealt when they are dead, or the starter's: said only at the
    counts that leave some."""
    aside = "the tiles not dealt are set aside unseen; nobody draws them"
    if ruleset.deal.undealt is Undealt.STARTER:
        aside = (
            "the tiles not dealt are set aside unseen until a player leads the round's first tile; then he takes "
            "them into his hand"
        )
    engine = int(ruleset.layout.topology is Topology.HUB and not ruleset.layout.engine_dealt)  # set aside first
    left = {n: ruleset.for_players(n).set_size - engine - n * size > 0 for n, size in ruleset.deal.hand_sizes.items()}
    if all(left.values()):
        return f"{aside[0].upper()}{aside[1:]}."
    if not any(left.values()):
        return "Every tile is dealt."
    some = say_players([n for n, over in left.items() if over])
    none = say_players([n for n, over in left.items() if not over])
    return f"With {some}, {aside}. With {none}, every tile is dealt."


def _match_end(ruleset: Ruleset) -> list[str]:
    end = ruleset.match
    side = side_word(ruleset.players)
    best = "highest" if end.winner is Winner.HIGHEST else "lowest"
    out = []
    if end.target is not None:
        targets = ruleset.by_count.get("target", {ruleset.players.min: end.target})
        say_target = ("{} points or more" if end.reach is TargetReach.AT_LEAST else "more than {} points").format
        reach = say_by_count(targets, say_target)
        when = (
            f"the moment a {side} has "
            if end.check is TargetCheck.IMMEDIATE
            else f"at the end of the first round after which a {side} has "
        )
        other = ruleset.by_choice.get("target")
        if other:  # a match that makes the other partnership choice plays to another target
            choice = "without partnerships" if ruleset.players.partnered else "with partnerships"
            reach += f"; {choice} ({say_players(sorted(other))}), {say_by_count(other, say_target)}"
        out.append(f"The match ends {when}{reach}; the {best} total wins.")
        if end.check is TargetCheck.IMMEDIATE:
            out.append("That can happen in the middle of a round, which then is not scored.")
    if end.rounds:
        rounds = per_count(end.rounds, "rounds")
        lead = "Otherwise the match ends" if end.target is not None else "The match lasts"
        out.append(f"{lead} after {rounds}" if end.target is not None else f"{lead} {rounds}; the {best} total wins.")
    out.append(
        "Tied winners share the win." if end.tie is Tie.SHARE else "A tie for the win is settled by another round."
    )
    if end.pool is not None:
        said = pool_words(end.pool, ruleset)
        out.append(f"{said[0].upper()}{said[1:]}.")
    if end.reset_when is not None:
        said = words(end.reset_when, names.reset(side))
        out.append(f"At every round's end, once its points are scored, a {side}'s score goes back to 0 when {said}.")
    if end.win_requires is not None:
        said = words(end.win_requires, names.final(side))
        nobody = "the match is lost" if ruleset.players.max == 1 else "nobody wins the match"
        out.append(f"A {side} wins only if, at the end of the last round, {said}; when no {side} does, {nobody}.")
    return out + standing_sentences(ruleset, side) + explain_stake.stake_sentences(ruleset, side)


WIDTH = 92  # the width of the lines, where no terminal says its own (the browser's rules)


def explain(ruleset: Ruleset, width: int = WIDTH) -> str:
    """The rules of `ruleset` as text to read at the table, in lines of at most `width` characters
    (a word longer than that is broken): the sections of its board's part."""
    return _render(ruleset, explain_phases.placed(ruleset, _explained(ruleset).sections(ruleset)), width)


def _start_options(start: Start, side: str) -> list[str]:
    """The sentences of `start.lead_names_end` and `start.tied_winner`."""
    out = []
    if start.tied_winner is TiedWinner.FIRST_TO_PLAY:
        out.append(
            f"When several {side}s tie for the best score of a round, the one of them who played first in it "
            "counts as its winner."
        )
    if start.lead_names_end:
        out.append(
            "Leading a tile that is not a double, the leader names which of its ends is open; a double leaves "
            "one end open."
        )
    return out


def _layout_sections(ruleset: Ruleset) -> list[tuple[str, list[str]]]:
    """The rulebook of a layout game, section by section."""
    side = side_word(ruleset.players)
    hub = ruleset.layout.topology is Topology.HUB
    sections: list[tuple[str, list[str]]] = []

    value = (
        "its pips" if " ".join(ruleset.tile_value.source.split()) == _PIPS else words(ruleset.tile_value, names.TILE)
    )
    sections.append(("The set", [f"{set_sentence(ruleset)} A tile left in a hand counts {value}."]))

    people = seating(ruleset)
    if ruleset.deal.hands is Hands.BLIND_ROW:
        people.append(_BLIND_ROW)
    if ruleset.deal.undealt in (Undealt.DEAD, Undealt.STARTER):
        people.append(_set_aside(ruleset))
    else:
        reserve = ruleset.deal.reserve
        kept = f" The last {reserve} tiles of the boneyard are never drawn." if reserve else ""
        if "reserve" in ruleset.by_count:
            kept = f" The last tiles of the boneyard are never drawn: {say_by_count(ruleset.by_count['reserve'])}."
        people.append(f"The tiles not dealt form the boneyard, face down.{kept}")
    people += _thrown_in(ruleset)
    sections.append(("Players and hands", people))

    start = ruleset.start
    unled = _unled(ruleset)
    opening = [f"The first round is started{_started(start.first_round, start.lead, unled, side)}."]
    if start.later_rounds != start.first_round:
        opening.append(f"Later rounds are started{_started(start.later_rounds, start.lead, unled, side)}.")
    else:
        opening.append("Every round starts the same way.")
    if start.lead_from is LeadFrom.STOCK:
        first = "the starter" if start.after_stock_lead is AfterStockLead.STARTER else "the player after the starter"
        opening.append(
            "Once the hands are dealt, the first tile of the boneyard is turned up as the lead (nobody scores for "
            f"it), and {first} plays first onto it."
        )
    opening += _start_options(start, side)
    if hub and ruleset.layout.engine_dealt:
        opening.append(
            "But the holder of the engine always starts, by laying it; the player chosen this way matters only "
            "when nobody holds it."
        )
    sections.append(("Starting a round", opening))

    sections.append(("The layout", _layout(ruleset)))
    refill = []
    if ruleset.deal.refill:
        size = say_by_count(ruleset.deal.hand_sizes)
        refill.append(
            f"A player whose hand empties draws a new hand of {size} tiles from the boneyard (or what is left of "
            "it), and the turn passes; only a player who empties their hand with the boneyard used up goes out."
        )
    if ruleset.draw.stop_when_dead:
        refill.append(
            "As soon as no tile held by anyone or left to draw can match any open end, the round stops, blocked."
        )
    sections.append(("Playing", [*_play(ruleset), _draw_rule(ruleset), *refill]))

    during = [] if ruleset.in_play is None else [_in_play(ruleset.in_play, side)]
    if ruleset.on_pass is not None:
        during.append(_on_pass(ruleset.on_pass, side))
    if during:
        sections.append(("Scoring during play", during))
    ending = [
        "A round ends when a player plays their last tile, or when it is blocked: nobody can play or draw."
        if ruleset.play.until is not PlayUntil.ALL_OUT
        else "A player who empties their hand is passed over, and the round goes on until every hand is empty "
        "(the players are then out), or until it is blocked: nobody can play or draw.",
        f"When a player goes out, {_scorer(ruleset.domino, side)}."
        if ruleset.play.until is not PlayUntil.ALL_OUT
        else f"When every hand is empty, {_scorer(ruleset.domino, side)}.",
        f"When the round is blocked, {_scorer(ruleset.blocked, side)}.",
    ]
    sections.append(("End of a round", ending))
    sections.append(("Winning", _match_end(ruleset)))
    return sections


def _render(ruleset: Ruleset, sections: list[tuple[str, list[str]]], width: int) -> str:
    """The title, the sections under their headings, and what the file does not play. The file's
    words (the title, names in the sentences) are shown escaped before they are underlined or wrapped,
    so that the lines fit what the terminal shows."""
    title = printable(ruleset.title)
    out = [title, "=" * min(len(title), width)]
    if ruleset.how_to_play:  # a newcomer's few sentences first, a paragraph of their own
        out += [*_wrap(" ".join(ruleset.how_to_play.split()), width), ""]
    if ruleset.description:
        out += _wrap(ruleset.description, width)
    if ruleset.tags:
        family = "Family" if len(ruleset.tags) == 1 else "Families"
        out += _wrap(f"{family}: {', '.join(ruleset.tags)}.", width)
    for heading, sentences in sections:
        out += ["", heading, "-" * len(heading)]
        paragraph: list[str] = []
        for sentence in sentences:
            if sentence.startswith(ITEM):
                out += _wrap(" ".join(paragraph), width) if paragraph else []
                out += _wrap(sentence, width, subsequent_indent=" " * len(ITEM))
                paragraph = []
            else:
                paragraph.append(sentence)
        out += _wrap(" ".join(paragraph), width) if paragraph or not sentences else []
    if ruleset.not_expressible:
        # The rules of the game's source this file cannot play: said, never silently approximated.
        heading = "Not played by this file"
        out += ["", heading, "-" * len(heading)]
        out += _wrap("The source of this game has these rules, which this file does not play:", width)
        for rule in ruleset.not_expressible:
            out += _wrap(f"- {rule}", width, subsequent_indent="  ")
    return "\n".join(out) + "\n"


def _wrap(text: str, width: int, subsequent_indent: str = "") -> list[str]:
    return textwrap.wrap(printable(text), width, subsequent_indent=subsequent_indent) or [""]


# --- comparing two rulesets ------------------------------------------------------------------

_IDENTITY = {"name", "title", "description", "how_to_play", "source", "digest", "_specialised"}


def _thrown_in(ruleset: Ruleset) -> list[str]:
    """`deal.redeal_when` in words: the hand that voids a deal."""
    void, claim = ruleset.deal.redeal_when, ruleset.deal.redeal_claim
    out = []
    if void is not None:
        out.append(
            f"The deal is void, and the tiles are dealt again before anybody plays, when in any player's hand as "
            f"dealt {words(void, names.DEALT_HAND)} (after {ruleset.start.max_redeals} such deals in a row, the "
            "deal stands)."
        )
    if claim is not None:
        out.append(
            f"Before the first play, a player in whose hand as dealt {words(claim, names.DEALT_HAND)} may keep it, "
            f"or show it and have the tiles dealt again (after {ruleset.start.max_redeals} such deals in a row, "
            "the deal stands)."
        )
    return out


_LABELS = {
    "phases": explain_phases.LABEL,
    "max_pip": "the set",
    "tile_value": "what a tile left in a hand counts",
    "players.min": "the minimum number of players",
    "players.max": "the maximum number of players",
    "players.direction": "the direction of play",
    "players.teams": "team play",
    "players.team_counts": "the player count for team play",
    "players.teams_optional": "choosing partnerships when a match starts",
    "players.sides": "the number of teams in alternate seats",
    "deal.hand_sizes": "the hand size",
    "deal.undealt": "what happens to the tiles not dealt",
    "deal.reserve": "the number of boneyard tiles never drawn",
    "start.first_round": "who starts the first round",
    "start.later_rounds": "who starts later rounds",
    "start.lead": "the first tile",
    "start.max_redeals": "the most redeals in a row",
    "start.lead_from": "where the lead comes from",
    "start.after_stock_lead": "who plays first onto a lead from the stock",
    "start.lead_names_end": "the lead's open ends",
    "start.tied_winner": "who won the previous round after a tie",
    "deal.refill": "refilling an empty hand from the boneyard",
    "deal.redeal_when": "the hand that throws the deal in",
    "deal.redeal_claim": "the hand that may claim a redeal",
    "match.reset_when": "when a score goes back to 0",
    "match.win_requires": "what a winner must also meet",
    "match.eliminate_when": "when a player is out of the match",
    **explain_stake.LABELS,
    **explain_counting.LABELS,
    **explain_tableau.LABELS,
    **explain_draw_discard.LABELS,
    "tracks": "what is kept beside the score",
    "layout.topology": "the layout",
    "layout.spinners": "which doubles are spinners",
    "layout.spinner_arms": "the number of a spinner's arms",
    "layout.sides_open": "when a spinner's sides open",
    "layout.double_demand": "the number of tiles a double demands",
    "layout.lead_demand": "the number of tiles the lead double or the engine demands",
    "layout.demand_starts": "when a double's demand binds",
    "layout.demand_when": "when a double makes its demand",
    "layout.engine": "the engine double's pip",
    "layout.personal_trains": "owning a personal train",
    "layout.own_double_trains": "where a personal train starts",
    "layout.shared_trains": "the number of shared trains",
    "layout.engine_dealt": "the engine double",
    "layout.engine_missing": "what happens when nobody holds the engine",
    "layout.stand_in": "the tile that stands in for the engine",
    "layout.open_trains": "who may play on a player's train",
    "layout.shared_train_name": "the shared train's name",
    "play.forced": "playing when able",
    "play.again_after_double": "another play after a double",
    "play.match": "when a tile may be laid",
    "play.allowed": "which plays are allowed",
    "play.per_turn": "the number of tiles a turn lays",
    "play.rest_optional": "stopping after a turn's first tile",
    "play.whole_turn": "when a turn must be laid whole",
    "play.again_when": "when a tile laid earns another turn",
    "play.skip_when": "when a tile laid skips the next player",
    "play.announce_draw": "the tiles drawn for a last tile not announced (play.announce_last; 0: no announcements)",
    "play.until": "when a round ends in play",
    "deal.hands": "how the players hold their tiles",
    "draw.policy": "drawing",
    "draw.when_unable": "what a player who can neither play nor draw does",
    "draw.voluntary": "drawing instead of playing",
    "draw.discard_any_time": "laying a tile face down instead of playing",
    "draw.stop_when_dead": "when a round that no tile can go on stops",
    "in_play.when": "when play scores",
    "in_play.points": "the score during play",
    "in_play.double_at_end": "a double at an open end",
    "in_play.spinner_count": "how a spinner counts",
    "on_pass.when": "when a pass scores",
    "on_pass.points": "the score for a pass",
    "domino.scorer": "who scores when a player goes out",
    "domino.points": "the score for going out",
    "blocked.scorer": "who scores a blocked round",
    "blocked.points": "the score for a blocked round",
    "blocked.decided_by": "who wins a blocked round",
    "match.target": "the target",
    "by_choice.target": "the target for a match that makes the other partnership choice",
    "match.reach": "reaching the target",
    "match.check": "when the target is checked",
    "match.rounds": "the number of rounds",
    "match.winner": "the winning total",
    "match.tie": "a tie for the win",
    "match.pool": "the pool",
    "tags": "the list of families",
    "not_expressible": "the list of the source's rules this file does not play",
}

_ENUM_WORDS: dict[enum.Enum, str] = {
    TiedWinner.NOBODY: "nobody",
    TiedWinner.FIRST_TO_PLAY: "the first of the tied to play",
    Direction.CLOCKWISE: "clockwise",
    Direction.COUNTERCLOCKWISE: "counterclockwise",
    Teams.NONE: "no teams",
    Teams.OPPOSITE: "partners sitting opposite",
    Teams.ALTERNATE: "teams in alternate seats",
    Undealt.BONEYARD: "they form the boneyard",
    Undealt.DEAD: "they are set aside unseen",
    Undealt.STARTER: "they are set aside unseen, then taken by the player of the first tile",
    Lead.QUALIFYING: "the tile that chose the starter",
    Lead.ANY: "any tile",
    Topology.LINE: "a line",
    Topology.HUB: "trains from an engine double",
    Spinners.NONE: "none",
    Spinners.FIRST_DOUBLE: "the first double laid",
    Spinners.EVERY_DOUBLE: "every double",
    Spinners.LEAD_DOUBLE: "a double led first",
    Spinners.FIRST_DOUBLE_OPTIONAL: "the first double laid, when its player lays it sidewise",
    SidesOpen.IMMEDIATELY: "at once",
    SidesOpen.AFTER_ENDS: "once both ends carry a tile",
    DemandStarts.IMMEDIATELY: "at once",
    DemandStarts.NEXT_TURN: "from the next turn",
    DrawPolicy.NONE: "no drawing",
    DrawPolicy.ONE_THEN_PASS: "draw one (the turn then passes)",
    DrawPolicy.ONE_THEN_PLAY: "draw one and play it if it fits",
    DrawPolicy.UNTIL_PLAYABLE: "draw until a tile fits",
    EngineMissing.DRAW: "the players draw in turn until one holds it",
    EngineMissing.DRAW_EACH: "every player draws a tile, again and again, until one holds it",
    EngineMissing.REDEAL: "the tiles are dealt again",
    WhenUnable.PASS: "pass",
    WhenUnable.MARKER: "put out a marker and pass",
    WhenUnable.DISCARD: "lay a tile face down",
    PlayUntil.FIRST_OUT: "the first player out",
    PlayUntil.ALL_OUT: "every hand empty",
    PlayUntil.SIDE_OUT: "once every player of one side is out",
    DoubleAtEnd.BOTH_HALVES: "counts both halves",
    DoubleAtEnd.ONE_HALF: "counts one half",
    SpinnerCount.ENDS: "as a double at an end, while one of its ends is open",
    SpinnerCount.UNCOVERED: "by its uncovered sides",
    Hands.OPEN: "in the hand, seen by their holder",
    Hands.BLIND_ROW: "face down in a row nobody sees, turned up one at a time",
    Scorer.LOWEST_PIPS: "the lowest pip total",
    Scorer.FEWEST_TILES: "the fewest tiles",
    Scorer.EACH: "everyone, for themselves",
    Scorer.NOBODY: "nobody",
    DecidedBy.SIDES: "the scorer, comparing every side",
    DecidedBy.BLOCKER_AND_LEFT: "the lower of the blocker's hand and the next player's (a tie to the blocker)",
    TargetReach.AT_LEAST: "reaching it",
    TargetReach.MORE_THAN: "passing it",
    TargetCheck.ROUND_END: "at the end of a round",
    TargetCheck.IMMEDIATE: "the moment it is reached",
    Winner.HIGHEST: "the highest",
    Winner.LOWEST: "the lowest",
    Tie.SHARE: "shared",
    Tie.PLAY_ON: "settled by another round",
    **explain_draw_discard.ENUM_WORDS,
}

_BOOLEAN_WORDS = {
    "start.lead_names_end": ("one end, named by the leader", "both ends"),
    "play.forced": ("compulsory", "optional"),
    "layout.personal_trains": ("yes", "no"),
    "layout.own_double_trains": ("from its owner's own double, at both ends", "at the engine"),
    "layout.engine_dealt": ("dealt like any tile", "set aside before the deal"),
    "layout.open_trains": ("everyone, marker or none", "its owner, and the others while it carries a marker"),
    "draw.voluntary": ("allowed", "not allowed"),
    "draw.discard_any_time": ("allowed", "only for a player who cannot play"),
    "draw.stop_when_dead": ("at once, blocked", "only when every player in turn can neither play nor draw"),
    "play.rest_optional": ("allowed", "not allowed"),
}

# How a setting left out (None) is said, where "none" would not do.
_NONE_WORDS = {
    "play.allowed": "every play that fits",
    "play.per_turn": "1",
    "play.whole_turn": "never",
    "layout.demand_when": "always",
}
_NONE_WORDS |= {"play.again_when": "never", "play.skip_when": "never", "deal.redeal_when": "never (every deal stands)"}
_NONE_WORDS |= {"deal.redeal_claim": "none (nobody may claim a redeal)"}
_NONE_WORDS |= {"match.eliminate_when": "never (every player plays to the end)"}
_NONE_WORDS |= explain_stake.NONE_WORDS
_NONE_WORDS |= {"layout.engine": "none (the hub has no engine: every train starts from its owner's double)"}

# `play.again_after_double` and `play.again_optional`, said as one choice.
_AGAIN_WORDS = {(False, False): "no", (True, False): "yes, always", (True, True): "yes, or the player may stop"}

# The numbers that may depend on the player count (Ruleset.by_count), by their dotted path, and
# how one value of each is said.
# (The set's `max_pip` is a top-level field of the ruleset; the others sit in their section.)
_COUNT_PATHS = {
    key: key if section == "set" else f"{section}.{key}" for key, (section, _) in COUNT_VALUE_FIELDS.items()
}
_COUNT_SAY = {
    "max_pip": lambda pip: f"double-{pip}",
    "deal.hand_sizes": lambda size: f"{size} tiles",
    "match.rounds": lambda rounds: f"{rounds} rounds",
    "match.target": lambda target: "none" if target is None else str(target),
}


@dataclasses.dataclass(frozen=True)
class _Ranked:
    """A `{lowest: F}` / `{highest: F}` scorer, compared by its order and formula."""

    lowest: bool
    rank: Expr[int]


# The names an expression at each place may read, for putting it in words.
_EXPRESSION_NAMES = {
    "tile_value": names.TILE,
    "layout.engine": names.ROUND,
    "deal.redeal_when": names.DEALT_HAND,
    "deal.redeal_claim": names.DEALT_HAND,
    "play.match": names.MATCH,
    "play.per_turn": names.TURN,
    "play.whole_turn": names.TURN,
    "layout.demand_when": names.TURN,
}
# `play.again_when` and `play.skip_when` read the in-play names (said per side in _expression_names).


def _expression_names(path: str, side: str) -> dict[str, str]:
    if path.startswith("in_play.") or path in ("play.again_when", "play.skip_when"):
        return names.in_play(side)
    if path.startswith("on_pass."):
        return names.on_pass(side)
    if path in ("domino.points", "blocked.points", "match.win_requires"):
        return names.round_end(side)
    if path == "match.reset_when":
        return names.reset(side)
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


def _compared(ruleset: Ruleset) -> dict[str, Any]:
    """The leaves of `ruleset` as a difference compares them: each per-count number as its table
    over the allowed player counts, the play after a double as one choice, a ranked scorer as one
    value."""
    fields = _fields(ruleset)
    explain_tricks.compared(fields)
    explain_partition.compared(fields, ruleset)
    counts = range(ruleset.players.min, ruleset.players.max + 1)
    for key, path in _COUNT_PATHS.items():
        table = ruleset.by_count.get(key)
        fields[path] = dict(table) if table else {n: fields[path] for n in counts}
    del fields["by_count"]
    other = fields.pop("by_choice").get("target")
    fields["by_choice.target"] = dict(other) if other else None
    again = fields.pop("play.again_optional")
    after = fields["play.again_after_double"]
    fields["play.again_after_double"] = _AGAIN_WORDS[(after, after and again)]
    for path in [p for p in fields if p.startswith("match.pool.")]:  # the pool is said as one
        del fields[path]
    fields["match.pool"] = ruleset.match.pool
    for path in [p for p in fields if p.startswith("match.stake.")]:  # the stake too
        del fields[path]
    fields["match.stake"] = ruleset.match.stake
    del fields["domino.decided_by"]  # a round won by going out is not decided between hands
    for which in ("domino", "blocked"):
        rank, lowest = fields.pop(f"{which}.rank"), fields.pop(f"{which}.rank_lowest")
        if fields[f"{which}.scorer"] is Scorer.RANKED:
            fields[f"{which}.scorer"] = _Ranked(lowest, rank)
    return fields


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, Expr) and isinstance(b, Expr):
        return " ".join(a.source.split()) == " ".join(b.source.split())
    if isinstance(a, Pool) and isinstance(b, Pool):  # formulas compared as written, wherever they were
        return a.tie is b.tie and all(_same(getattr(a, key), getattr(b, key)) for key in ("ante", "take", "pay_in"))
    if isinstance(a, Stake) and isinstance(b, Stake):
        return explain_stake.same_stake(a, b)
    if isinstance(a, tuple) and isinstance(b, tuple) and all(isinstance(t, Track) for t in (*a, *b)):
        return same_tracks(a, b)
    if isinstance(a, _Ranked) and isinstance(b, _Ranked):
        return a.lowest == b.lowest and _same(a.rank, b.rank)
    return a == b


def _say(path: str, value: Any, ruleset: Ruleset) -> str:
    side = side_word(ruleset.players)
    if path.startswith("tricks.") or path == "tiles":
        said = explain_tricks.say(path, value, ruleset)
        if said is not None:
            return said
    if path == "phases":
        return explain_phases.say(value, ruleset)
    if path == "match.pool":
        hand = explain_tricks.hand_names(side) if ruleset.tricks is not None else None
        return pool_words(value, ruleset, hand)
    if path == "tracks":
        return tracks_words(value, side)
    if path == "match.stake":
        return explain_stake.stake_words(value, ruleset, side)
    if path == "match.void_when" and value is not None:
        return explain_stake.void_words(value, ruleset, side)
    if path == "match.eliminate_when" and value is not None:
        return words(value, track_names(side, ruleset.tracks))
    if value is None:
        return _NONE_WORDS.get(path, "none")
    if isinstance(value, Expr):
        return words(value, _play_names(ruleset) if path == "play.allowed" else _expression_names(path, side))
    if isinstance(value, _Ranked):
        return f"the {side} {_ranked(value.rank, value.lowest, side)}"
    if value is Scorer.WENT_OUT:
        return _of_player(side, "went out")
    if isinstance(value, enum.Enum):
        return _ENUM_WORDS.get(value) or explain_tricks.ENUM_WORDS.get(value, value.value.replace("_", " "))
    if isinstance(value, bool):
        yes, no = _BOOLEAN_WORDS.get(path) or explain_tricks.BOOLEAN_WORDS.get(path, ("yes", "no"))
        return yes if value else no
    if isinstance(value, dict):  # a number by player count
        return say_by_count(value, _COUNT_SAY.get(path, str))
    if path == "layout.stand_in":
        return f"[{value[1]}|{value[0]}]"
    if path == "players.sides":
        return str(value) if value else "none (partners in pairs)"
    if path == "players.team_counts":
        return f"{say_counts(sorted(value))} players" if value else "none"
    if path == "tags":
        return ", ".join(value) if value else "none"
    if path == "not_expressible":
        return "; ".join(value) if value else "none"
    if isinstance(value, tuple) and all(isinstance(rule, StartRule) for rule in value):
        return _explained(ruleset).starters(value, ruleset, side)
    return str(value)


_SHORT = 40  # values longer than this are set on lines of their own

# The fields of one family's own sections (prefixes of their dotted paths); the rest is shared.
_FAMILY_OWN = (
    "layout.", "play.", "draw.", "in_play", "on_pass", "domino.", "blocked.", "tile_value", "start.", "deal.reserve",
    "tricks", "draw_discard",
    "tricks", "partition",
)  # fmt: skip


def differences(a: Ruleset, b: Ruleset) -> list[str]:
    """What `a` changes relative to `b`, one entry per differing field, in the ruleset's order."""
    fields_a, fields_b = _compared(a), _compared(b)
    out = []
    if a.family is not b.family:
        # A game of another family: only what both families share is compared; the sections of
        # each family's own are summed up by the change of family.
        out.append(f"The kind of game changes from {_say('family', b.family, b)} to {_say('family', a.family, a)}.")
        for fields in (fields_a, fields_b):
            for path in [p for p in fields if p == "family" or p.startswith(_FAMILY_OWN)]:
                del fields[path]
    elif (a.in_play is None) != (b.in_play is None):
        # Scoring during play that only one of them has is one difference, not one per field.
        if a.in_play is not None:
            scoring = _in_play(a.in_play, side_word(a.players))
            out.append(f"Adds scoring during play: {scoring[0].lower()}{scoring[1:]}")
        else:
            out.append("Drops scoring during play.")
        for fields in (fields_a, fields_b):
            for path in [p for p in fields if p.startswith("in_play")]:
                del fields[path]
    if a.family is b.family and (a.on_pass is None) != (b.on_pass is None):
        # Scoring passes that only one of them has is one difference, not one per field.
        if a.on_pass is not None:
            scoring = _on_pass(a.on_pass, side_word(a.players))
            out.append(f"Adds scoring for passes: {scoring[0].lower()}{scoring[1:]}")
        else:
            out.append("Drops scoring for passes.")
        for fields in (fields_a, fields_b):
            for path in [p for p in fields if p.startswith("on_pass")]:
                del fields[path]
    if a.tricks is not None and b.tricks is not None and (a.tricks.bidding is None) != (b.tricks.bidding is None):
        # An auction that only one of them has is one difference, not one per field.
        added = f"Adds an auction: {explain_tricks.auction(a)}" if a.tricks.bidding else None
        out.append(added or "Drops the auction.")
        for fields in (fields_a, fields_b):
            for path in [p for p in fields if p.startswith("tricks.bidding")]:
                del fields[path]
    explain_turn_up_auction.one_bid(a, b, fields_a, fields_b)
    contracts: list[str] = []
    if a.tricks is not None and b.tricks is not None:
        # Said contract by contract and combination by combination, after the rest of the trick rules.
        contracts = explain_tricks.combination_changes(a, b) + explain_tricks.contract_changes(a, b)
        del fields_a["tricks.contracts"], fields_b["tricks.contracts"]
        del fields_a["tricks.combinations"], fields_b["tricks.combinations"]
    if a.players.teams is not b.players.teams:
        del fields_a["players.team_counts"], fields_b["players.team_counts"]  # said by the teams themselves
    for path in dict.fromkeys([*fields_b, *fields_a]):
        old, new = fields_b.get(path), fields_a.get(path)
        label = _LABELS.get(path) or explain_tricks.LABELS.get(path, path)
        if path in _LISTS:
            out += _list_changes(path, label, old or (), new or (), a, b)
            continue
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
    return out + contracts


# Lists said as the entries added, dropped and changed, not as both lists: each to the key that
# matches an entry with its counterpart (None: the entry itself; such an entry is added or dropped).
_LISTS: dict[str, Callable[[Any], Any] | None] = {
    "tags": None,
    "not_expressible": None,
    "tricks.bidding.special": lambda bid: bid.name,
}


def _list_changes(path: str, label: str, old: Sequence[Any], new: Sequence[Any], a: Ruleset, b: Ruleset) -> list[str]:
    """A list's change entry by entry: "The named bids: adds 6 marks (…)." (the order of a list's
    entries changes nothing these lists say)."""
    key = _LISTS[path] or (lambda entry: entry)
    before, after = {key(e): e for e in old}, {key(e): e for e in new}
    label = f"{label[0].upper()}{label[1:]}"

    def listed(verb: str, entries: list[Any], ruleset: Ruleset) -> str:
        texts = [_say(path, (entry,), ruleset) for entry in entries]
        if len(texts) == 1 or max(map(len, texts)) <= _SHORT:
            return f"{label}: {verb} {'; '.join(texts)}."
        return f"{label}: {verb}" + "".join(f"\n    {text}" for text in texts)  # each on a line of its own

    out = []
    added = [e for k, e in after.items() if k not in before]
    if added:
        out.append(listed("adds", added, a))
    for k, entry in after.items():
        if k in before and before[k] != entry:
            was, now = _say(path, (before[k],), b), _say(path, (entry,), a)
            out.append(f"{label}: {k} changes from {was} to {now}.")
    dropped = [e for k, e in before.items() if k not in after]
    if dropped:
        out.append(listed("drops", dropped, b))
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
        if len(set(old.values())) == 1 and set(old.values()) == set(new.values()):
            return {}, {}, label  # one value at every count of each: no change but the counts
        return old, new, label
    changed = sorted(n for n in common if old[n] != new[n])
    if changed and not old.keys() == new.keys() == set(changed):
        label = f"{label} with {say_players(changed)}"
    return {n: old[n] for n in changed}, {n: new[n] for n in changed}, label


def explain_difference(a: Ruleset, b: Ruleset, width: int = WIDTH) -> str:
    """What `a` changes relative to `b`, a change an item, in lines of at most `width` characters."""
    found = differences(a, b)
    if not found:
        return "\n".join(_wrap(f"{a.name} plays exactly like {b.name}.", width)) + "\n"
    lines = _wrap(f"What {_label(a)} changes relative to {_label(b)}:", width)
    for entry in found:  # names, titles and notes of the files, escaped by _wrap
        lines += _wrap(f"- {entry}", width, subsequent_indent="  ")
    return "\n".join(lines) + "\n"


def _label(rules: Ruleset) -> str:
    return printable(rules.name if rules.title == rules.name else f"{rules.name} ({rules.title})")


def _layout_starters(rules: tuple[StartRule, ...], ruleset: Ruleset, side: str) -> str:
    return _start_chain(rules, ruleset.start.lead, _unled(ruleset), side)


def _unled(ruleset: Ruleset) -> bool:
    """Whether nobody leads from a hand, so the start criteria pick a player, not a lead: a hub
    (its engine is the lead) unless trains start from their owners' doubles and the starter's
    is the criterion's tile, or a lead turned up from the stock."""
    hub = ruleset.layout.topology is Topology.HUB
    own_first = ruleset.layout.own_double_trains and ruleset.start.lead is Lead.QUALIFYING
    return (hub and not own_first) or ruleset.start.lead_from is LeadFrom.STOCK


def _draw_discard_sections(ruleset: Ruleset) -> list[tuple[str, list[str]]]:
    return explain_draw_discard.sections(ruleset, _match_end(ruleset))


def _trick_starters(rules: tuple[StartRule, ...], ruleset: Ruleset, side: str) -> str:
    return explain_tricks.starters(rules, side)


class Explained(NamedTuple):
    """`explain`'s part for a board (the play kind of the ruleset's sequence)."""

    sections: Callable[[Ruleset], list[tuple[str, list[str]]]]  # the rulebook, section by section
    starters: Callable[[tuple[StartRule, ...], Ruleset, str], str]  # who starts a hand, in words


EXPLAINED: PhaseParts[Explained] = PhaseParts(
    "explain (rulefile/explain.py)",
    {
        LAYOUT: Explained(_layout_sections, _layout_starters),
        TRICKS: Explained(explain_tricks.sections, _trick_starters),
        COUNTING: Explained(explain_counting.sections, explain_counting.starters),
        TABLEAU: Explained(explain_tableau.sections, explain_tableau.starters),
        DRAW_DISCARD: Explained(_draw_discard_sections, explain_draw_discard.starters),
        PARTITION: Explained(explain_partition.sections, explain_partition.starters),
    },
)


def _explained(ruleset: Ruleset) -> Explained:
    return EXPLAINED.part(play_kind(ruleset.phase_kinds))

