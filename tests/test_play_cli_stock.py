"""`domino play` of the trick games with a stock, at the terminal, run as people would: Bingo (a
tile turned up for trumps, draws after each trick, closing the stock, a claim at 70) and Domino Loo
(calls before the first lead: keep, drop, exchange with its discards; a lead whose suit the leader
names; a walkover).

As in tests/test_play_cli_tricks.py, what the screen must say is worked out from the engine (the
deal of a seed, its legal moves and its log), so that these tests follow the engine.
"""

from __future__ import annotations

import re

import pytest

from interpreter.engine import Action, Match
from interpreter.engine.actions import DISCARD, DROP, EXCHANGE, KEEP
from interpreter.engine.tricks.suits import PIP_NAMES
from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.frontends.presentation.moves import Refused, numbered, read_move
from interpreter.loader import load_ruleset
from interpreter.records.savegame import read_save
from interpreter.resources import bundled_variants
from tests.clirunner import domino


def _typed(tile: tuple[int, int]) -> str:
    low, high = tile
    return f"{high}-{low}"


def _shown(tile: tuple[int, int]) -> str:
    low, high = tile
    return f"[{high}|{low}]"


def _bingo_hand(seed: int) -> tuple[list[str], Match]:
    """What two people at one keyboard type for Bingo's first hand: the first tile they may play,
    by name; once the stock is down to 8 tiles, the first leader who may closes it (typed)."""
    match = Match(load_ruleset("bingo"), 2, seed=seed)
    typed: list[str] = []
    closed = False
    while match.round == 1:
        legal = match.legal_actions()
        if not closed and match.trick_view.stock <= 8 and Action("close") in legal:
            closed = True
            typed.append("close")
            match.apply(Action("close"))
            continue
        typed.append(_typed(legal[0].tile))
        match.apply(legal[0])
    return typed, match


@pytest.mark.parametrize("seed", [7, 1])
def test_a_bingo_hand_shows_the_turn_up_the_draws_the_close_and_the_claim(tmp_path, seed):
    typed, match = _bingo_hand(seed)
    result = domino("play", "bingo", "--players", "human,human", "--seed", str(seed), "--save", "g.json",
                    cwd=tmp_path, stdin="\n".join([*typed, "quit"]) + "\n")  # fmt: skip
    assert result.status is ExitStatus.OK, result.stderr
    out = result.stdout
    events = match.events
    # The tile turned up and what it makes trumps, then the stock, drawn last.
    up = next(e for e in events if e["type"] == "turn_up")
    tile, trumps = tuple(up["tile"]), PIP_NAMES[up["trump"]]
    assert "Hand 1: 7 tiles each, 14 in the stock." in out
    assert f"{_shown(tile)} is turned up: {trumps} are trumps; it stays in sight, the last tile of the stock." in out
    assert f"Trumps  {trumps}, from the turned-up {_shown(tile)}" in out
    assert f"Stock  14 tiles; the turned-up {_shown(tile)} is drawn last" in out
    assert "── Bingo · hand 1 · first to 7 game points ──" in out
    # The draws after the first trick, each told to the person who drew by the tile's name, and
    # to the other as "drew a tile".
    first_trick = next(i for i, e in enumerate(events) if e["type"] == "trick")
    first, second = events[first_trick + 1], events[first_trick + 2]
    assert first["type"] == second["type"] == "draw"
    mine = f"Player {first['seat'] + 1} drew {_shown(tuple(first['tile']))}; Player {second['seat'] + 1} drew a tile"
    theirs = f"Player {first['seat'] + 1} drew a tile; Player {second['seat'] + 1} drew {_shown(tuple(second['tile']))}"
    assert f"{mine} (12 tiles left in the stock)." in out and f"{theirs} (12 tiles left in the stock)." in out
    # Closing: offered with what it does, typed by name, told to both.
    closing = "close the stock: nobody draws again; the rules of following apply from now on;"
    assert f"{closing} the last trick earns no bonus" in out
    close = next(e for e in events if e["type"] == "action" and e["action"]["kind"] == "close")
    closer = close["seat"]
    assert f"Player {closer + 1} closed the stock with " in out and " in it: nobody draws again." in out
    assert f"Stock  closed by Player {closer + 1} with " in out
    # The hand's end: the claim, or the closer falling short.
    end = match.events_of("round_end")[0]
    if end["claimed"] is not None:
        who, took = f"Player {end['claimed'] + 1}", end["pips"][end["claimed"]]
        assert f"{who} claimed it with {took} points (the stock closed by Player {closer + 1})." in out
    else:
        took = end["pips"][closer]  # a seat is a side: two players, no partners
        assert f": Player {closer + 1} closed the stock but fell short, with {took} points and no claim." in out
    assert "when the stock was closed)." in out
    for event in match.events_of("score"):
        assert f"Player {event['side'] + 1} scores {event['points']} game point" in out
    saved = [e for e in read_save(tmp_path / "g.json").events if e["type"] == "action"]
    assert len(saved) == len(typed)


def _loo_script(seed: int) -> tuple[list[str], dict]:
    """Three people at one keyboard play Domino Loo's first hand: the first to call exchanges (and
    types `discard` for its extra tile), the second drops, the third keeps; the first lead of a
    tile led two ways is first typed without its suit, then `play H-L as L`. The second hand: the
    first two to call drop, a walkover."""
    match = Match(load_ruleset("domino-loo"), 3, seed=seed)
    typed: list[str] = []
    seen: dict = {"named": None, "exchanger": match.current_player}
    calls = iter([EXCHANGE, DROP, KEEP])
    while match.round == 1:
        seat = match.current_player
        legal = match.legal_actions()
        if match.phase == "calling":
            kind = next(calls)
            typed.append(kind)
            match.apply(Action(kind))
        elif match.phase == "discarding":  # the exchanger's extra tile, or the dealer's for the turn-up
            tile = legal[0].tile
            if seat == seen["exchanger"]:
                seen["discarded"] = tile
            typed.append(f"discard {_typed(tile)}")
            match.apply(Action(DISCARD, tile))
        else:
            named = [a for a in legal if a.value is not None]
            if seen["named"] is None and named:
                action = next(a for a in named if a.value == a.tile[0])  # led as its lower end
                seen["named"] = (seat, action)
                typed.append(_typed(action.tile))  # refused: which end?
                typed.append(f"play {_typed(action.tile)} as {action.value}")
            else:
                action = legal[0]
                suit = "" if action.value is None else f" as {action.value}"
                typed.append(f"play {_typed(action.tile)}{suit}")
            match.apply(action)
    for _ in range(2):
        typed.append("drop")
        match.apply(Action(DROP))
    seen["round2"] = match.events_of("round_end")[1]
    seen["match"] = match
    return typed, seen


def test_a_loo_hand_shows_the_calls_the_exchange_a_drop_a_named_lead_and_a_walkover(tmp_path):
    seed = 4
    typed, seen = _loo_script(seed)
    assert seen["named"] is not None  # the seed has a lead that names its suit
    result = domino("play", "domino-loo", "--players", "human,human,human", "--seed", str(seed), "--save", "g.json",
                    cwd=tmp_path, stdin="\n".join([*typed, "quit"]) + "\n")  # fmt: skip
    assert result.status is ExitStatus.OK, result.stderr
    out = result.stdout
    match = seen["match"]
    up = next(e for e in match.events if e["type"] == "turn_up")
    turned = f"{_shown(tuple(up['tile']))} is turned up: {PIP_NAMES[up['trump']]} are trumps"
    assert f"{turned}; it stays face up, out of play." in out
    # The calls, each offered with what it does.
    assert "   1  keep: play this hand\n   2  drop: throw it in and sit this hand out\n" in out
    exchange = "exchange: lay this hand face down and draw 6 new tiles from the stock, then lay 1 of them face down"
    assert f"   3  {exchange}" in out
    assert "Calls  each player in turn, before the first lead: keep the hand, drop out or exchange it" in out
    exchanger = seen["exchanger"]
    name = f"Player {exchanger + 1}"
    assert f"{name} exchanged their hand: it goes face down, out of play." in out
    drawn = [tuple(e["tile"]) for e in match.events if e["type"] == "draw" and e["seat"] == exchanger]
    assert f"{name} drew {' '.join(_shown(t) for t in drawn)} from the stock." in out  # to the exchanger
    assert f"{name} drew 6 tiles from the stock." in out  # to the others
    assert f"{name} laid {_shown(seen['discarded'])} face down." in out and f"{name} laid a tile face down." in out
    dropper = (exchanger + 1) % 3
    assert f"Player {dropper + 1} dropped out of this hand." in out
    assert f"  Player {dropper + 1}  dropped out of this hand" in out  # this hand's sides
    # A lead that names its suit: both ends offered, the bare tile refused with the engine's
    # reason and the moves' numbers, then typed with its suit.
    seat, action = seen["named"]
    low, high = action.tile
    assert f"lead [{high}|{low}] as {PIP_NAMES[high]}" in out and f"lead [{high}|{low}] as {PIP_NAMES[low]}" in out
    which = f"say which end of {low}-{high} is the suit led: 'play {low}-{high} as {high}' or 'as {low}'"
    assert f"{which}; or type " in out
    assert f"Player {seat + 1} led [{high}|{low}] as {PIP_NAMES[low]}." in out
    assert f"Trick 1  {PIP_NAMES[low]} led" in out
    end = match.events_of("round_end")[0]
    assert "Hand 1 over." in out and f"  Player {dropper + 1}: dropped out." in out
    assert end["reason"] == "hand"
    # The second hand: everyone but one drops out.
    walk = seen["round2"]
    assert walk["reason"] == "walkover"
    starter = [e for e in match.events if e["type"] == "deal"][1]["starter"]
    left = (starter + 2) % 3  # the first two to call dropped
    assert f"Hand 2 over before the first lead: everyone else dropped out, a walkover for Player {left + 1}." in out
    # What was typed is what the save holds: the discard by name, the lead with its suit.
    saved = [Action.from_json(e["action"]) for e in read_save(tmp_path / "g.json").events if e["type"] == "action"]
    assert Action(DISCARD, seen["discarded"]) in saved and action in saved
    assert len(saved) == len(typed) - 1  # the bare tile was refused


def test_discard_and_the_calls_are_read_by_name():
    """`discard 6-3` (the known bug: only the move's number worked), `6-3` in the discards, the
    calls and `play 6-3 as 3`, read as the move list's actions; a tile not held is refused."""
    match = Match(load_ruleset("domino-loo"), 3, seed=4)
    legal = numbered(match.legal_actions(), match.layout, match.ruleset)
    assert [read_move(word, legal, match) for word in ("keep", "drop", "exchange")] == [
        Action(KEEP), Action(DROP), Action(EXCHANGE)
    ]  # fmt: skip
    match.apply(Action(EXCHANGE))
    legal = numbered(match.legal_actions(), match.layout, match.ruleset)
    tile = legal[2].tile
    assert read_move(f"discard {_typed(tile)}", legal, match) == Action(DISCARD, tile)
    assert read_move(f"discard [{tile[1]}|{tile[0]}]", legal, match) == Action(DISCARD, tile)
    assert read_move(_typed(tile), legal, match) == Action(DISCARD, tile)
    missing = next(t for t in [(6, 6), (5, 5), (4, 4)] if t not in match.hand(match.current_player))
    with pytest.raises(Refused, match=rf"you do not hold {re.escape(_shown(missing))}; you can lay down "):
        read_move(f"discard {_typed(missing)}", legal, match)


def test_loo_help_names_its_own_moves_only(tmp_path):
    result = domino("play", "domino-loo", "--players", "human,human", "--seed", "4", "--save", "g.json", cwd=tmp_path,
                    stdin="help\nquit\n")  # fmt: skip
    out = result.stdout
    assert "keep, drop, exchange" in out and "play 6-3 as 3" in out and "discard 6-3" in out
    assert "bid 31" not in out and "close" not in out.split("Type the number")[1].split("Other commands")[0]


def test_bingo_names_from_the_rule_file_reach_the_terminal_escaped(tmp_path):
    text = bundled_variants()["bingo"].read_text().replace("title: Bingo", 'title: "Bin\\x1b[2Jgo"')
    (tmp_path / "evil.yaml").write_text(text)
    result = domino("play", "evil.yaml", "--players", "human,human", "--seed", "7", "--save", "g.json", cwd=tmp_path,
                    stdin="1\n" * 40 + "quit\n")  # fmt: skip
    assert result.status is ExitStatus.OK, result.stderr
    assert "\x1b" not in result.stdout and "Bin\\x1b[2Jgo · hand 1" in result.stdout
