"""Domino Patience (rules/domino-patience.yaml) on scripted deals: spaanszt's "Domino - Patience III"
(https://spaanszt.home.xs4all.nl/Domino/Patien3.html): "Turn up one domino and put it in the middle.
Deal yourself 5 dominoes." / "If you can not legally play a domino, you have lost." / "If your five
dominoes have been played, draw five new ones." / "The game is won when you succeed in playing all
dominoes." """

from __future__ import annotations

from pathlib import Path

from engine_helpers import legal, of_type, play, rules

from interpreter.engine import Match, deal
from interpreter.rulefile.loader import load_ruleset_text

# The rest of the double-six set as one line laid onto the 0 end of the turned-up 6-0, each tile written
# from the end it is laid on: laid in this order, every tile goes, and the line ends in 6 at both ends.
LAID = "0-0 0-1 1-1 1-2 2-0 0-3 3-1 1-4 4-0 0-5 5-1 1-6 6-2 2-2 2-3 3-3 3-4 4-2 2-5 5-3 3-6 6-4 4-4 4-5 5-5 5-6 6-6"
LINE = LAID.split()
HAND = " ".join(LINE[:5])
STOCK = " ".join(["6-0", *LINE[5:]])  # the first tile of the stock is the one turned up


def patience(hand: str, stock: str) -> Match:
    return Match(rules("domino-patience"), players=1, deals=[deal(hand, boneyard=stock, starter=0)])


def on_the_line(tiles: list[str]) -> list[str]:
    """The moves that lay `tiles` one after another onto the line's first arm (the turned-up 0)."""
    return [f"{tile} on arm 0" for tile in tiles]


def test_one_tile_is_turned_up_as_the_start_and_the_hand_of_five_plays_onto_it() -> None:
    m = patience(HAND, STOCK)
    assert [e["type"] for e in m.events[1:]] == ["deal", "lead_turned_up"]
    assert m.events[2]["tile"] == [0, 6]
    assert m.layout.lead == (0, 6) and [arm.value for arm in m.layout.arms] == [0, 6]
    assert m.hand(0) == ((0, 0), (0, 1), (0, 2), (1, 1), (1, 2)) and len(m.boneyard) == 22
    assert m.current_player == 0 and legal(m) == ["0-0 on arm 0", "0-1 on arm 0", "0-2 on arm 0"]


def test_when_the_five_are_played_five_new_ones_are_drawn() -> None:
    m = patience(HAND, STOCK)
    play(m, *on_the_line(LINE[:4]))
    assert m.hand(0) == ((0, 2),)
    events = play(m, "2-0 on arm 0")
    assert [(e["seat"], e["tiles"]) for e in of_type(events, "refill")] == [(0, 5)]
    assert [e["tile"] for e in of_type(events, "draw")] == [[0, 3], [1, 3], [1, 4], [0, 4], [0, 5]]
    assert m.hand(0) == ((0, 3), (0, 4), (0, 5), (1, 3), (1, 4)) and len(m.boneyard) == 17
    assert of_type(events, "round_end") == [] and m.current_player == 0


def test_laying_every_tile_wins_the_last_hand_being_what_the_stock_has_left() -> None:
    m = patience(HAND, STOCK)
    events = play(m, *on_the_line(LINE[:-2]))
    assert [e["tiles"] for e in of_type(events, "refill")] == [5, 5, 5, 5, 2]  # 27 tiles = 5 x 5 + 2
    assert m.hand(0) == ((5, 6), (6, 6)) and m.boneyard == ()
    events = play(m, *on_the_line(LINE[-2:]))
    end = of_type(events, "round_end")[0]
    assert (end["reason"], end["seat"]) == ("domino", 0)
    assert m.is_over and m.winners == (0,) and m.returns() == (1.0,)
    assert of_type(events, "match_end")[0]["winners"] == [0]


def test_a_player_who_cannot_play_has_lost_though_the_stock_still_holds_tiles() -> None:
    m = patience("0-1 0-2 1-2 0-0 1-1", "6-6 6-5 5-5 2-6")
    assert legal(m) == ["pass"]  # nothing fits the turned-up 6-6, and there is no drawing
    events = play(m, "pass")
    assert of_type(events, "draw") == [] and m.boneyard == ((5, 6), (5, 5), (2, 6))
    assert of_type(events, "round_end")[0]["reason"] == "blocked"
    assert m.is_over and m.winners == () and m.returns() == (0.0,)
    assert of_type(events, "match_end")[0]["winners"] == []


def test_a_player_stuck_after_a_refill_has_lost() -> None:
    m = patience("0-0", "6-0 5-5 4-4")
    events = play(m, "0-0 on arm 0")
    assert [e["tiles"] for e in of_type(events, "refill")] == [2]
    assert legal(m) == ["pass"]  # ends 0 and 6, a hand of 5-5 and 4-4
    play(m, "pass")
    assert m.is_over and m.winners == ()


def test_the_double_nine_variation_deals_seven() -> None:
    """spaanszt: "deal yourself 7 dominoes when using the double nine game": the file's header says it
    is a house file of two lines."""
    text = "name: house\nextends: domino-patience\nset: {max_pip: 9}\ndeal: {hand_size: 7}\n"
    ruleset = load_ruleset_text(text, "house.yaml", Path(__file__).resolve().parents[2] / "rules")
    m = Match(ruleset, players=1, seed=3)
    assert len(m.hand(0)) == 7 and len(m.boneyard) == 55 - 7 - 1 and m.layout.lead is not None


def test_the_terminal_speaks_of_one_player_as_one(tmp_path):
    """No "for 1 players", "5 tiles each", "chosen at random" or "1 rounds" for a solitaire."""
    from tests.clirunner import domino

    played = domino("play", "domino-patience", "--seed", "3", "--save", "p.json", cwd=tmp_path, stdin="quit\n")
    assert played.status == 0, played.stderr
    assert "Round 1: 5 tiles. You start." in played.stdout
    assert "· round 1 · 1 round, won or lost ──" in played.stdout
    assert "each" not in played.stdout.split("Round 1:")[1].split("\n")[0]
    refused = domino("play", "domino-patience", "--players", "human,greedy")
    assert "domino-patience is for 1 player; --players names 2" in refused.stderr
