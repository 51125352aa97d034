"""`domino play` and `domino resume` of a trick game (Texas 42) at the terminal, run as a person
would: the auction, trumps, tricks taken, a refused tile with the engine's reason, the hand's end.

What the screen must say is worked out from the engine (the deal of a seed, its legal moves and
its reasons), so that these tests follow the engine rather than repeat its rules.
"""

from __future__ import annotations

from interpreter.engine import Action, IllegalAction, Match
from interpreter.engine.actions import BID, PASS_ACTION, TRUMPS
from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.loader import load_ruleset
from interpreter.records.savegame import read_save
from interpreter.resources import bundled_variants
from tests.clirunner import domino

T42 = "texas-42"
HOT_SEAT = ("--players", "human,human,human,human")
COMPUTERS = ("--players", "human,greedy,random,greedy")
ALWAYS_FIRST = "1\n" * 3000


def _typed(tile: tuple[int, int]) -> str:
    low, high = tile
    return f"{high}-{low}"


def _shown(tile: tuple[int, int]) -> str:
    low, high = tile
    return f"[{high}|{low}]"


def _script_one_hand(seed: int) -> tuple[list[str], dict]:
    """What four people at one keyboard type for the first hand of `seed`: the starter bids 30 and
    the others pass; the bidder names sixes; each plays a legal tile by name, and the first seat that
    cannot follow first types a tile it may not play. Returns the lines and what the engine said."""
    match = Match(load_ruleset(T42), 4, seed=seed)
    typed: list[str] = []
    seen: dict = {"refused": None}
    seen["starter"] = match.current_player
    for action in (Action(BID, value=30), PASS_ACTION, PASS_ACTION, PASS_ACTION):
        typed.append("bid 30" if action.kind == BID else "pass")
        match.apply(action)
    typed.append("trumps sixes")
    match.apply(Action(TRUMPS, value=6))
    while match.round == 1:
        seat = match.current_player
        legal = match.legal_actions()
        stuck = [t for t in match.hand(seat) if Action.play(t) not in legal]
        if seen["refused"] is None and stuck:
            try:
                match.clone().apply(Action.play(stuck[0]))
            except IllegalAction as illegal:
                seen["refused"] = (seat, stuck[0], illegal.reason, [a.tile for a in legal])
            typed.append(_typed(stuck[0]))
        typed.append(_typed(legal[0].tile))
        match.apply(legal[0])
    seen["tricks"] = match.events_of("trick")
    seen["end"] = match.events_of("round_end")[0]
    seen["scores"] = [e for e in match.events_of("score") if e["reason"] in ("made", "set")]
    return typed, seen


def test_a_hot_seat_hand_of_42_is_told_from_the_auction_to_its_end(tmp_path):
    seed = 5
    typed, seen = _script_one_hand(seed)
    assert seen["refused"] is not None  # the seed has a seat that cannot follow suit
    result = domino("play", T42, *HOT_SEAT, "--seed", str(seed), "--save", "g.json", cwd=tmp_path,
                    stdin="\n".join([*typed, "quit"]) + "\n")  # fmt: skip
    assert result.status is ExitStatus.OK, result.stderr
    out = result.stdout
    starter = f"Player {seen['starter'] + 1}"
    partner = f"Player {(seen['starter'] + 2) % 4 + 1}"
    # The auction: who bids first, the numbered bids with the named ones, who bid what, the contract.
    assert f"Hand 1: 7 tiles each. {starter} bids first, chosen at random." in out
    assert "   1  pass" in out and "bid 30" in out and "bid 1 mark (42)" in out and "bid 2 marks (84)" in out
    assert f"{starter}, your bid (1–15, or help): bid 30" in out
    assert f"{starter} bid 30." in out and f"Player {(seen['starter'] + 1) % 4 + 1} passed." in out
    assert "The bid stands at 30, by " + starter + "; the lowest bid now is 31." in out
    assert f"{starter} won the bid at 30 and must make 30 with {partner} (worth 1 mark)." in out
    # Trumps: the choices with what the bidder holds, then the declaration.
    assert f"{starter}, name trumps" in out and "trumps: sixes — you hold" in out
    assert "doubles are trumps" in out and "no trumps (follow me)" in out
    assert f"{starter} declared trumps: sixes." in out
    assert f"Contract  {starter} bid 30:" in out and "must make 30; trumps: sixes." in out
    # The first trick as the engine took it: who took it, with what, and the points.
    trick = seen["tricks"][0]
    taker = trick["seat"]
    best = next(tuple(tile) for seat, tile in trick["tiles"] if seat == taker)
    points = trick["points"]
    assert f"Player {taker + 1} took the trick with {_shown(best)}: {points} point" in out
    assert "Last trick, taken by " in out and "This hand" in out
    # A tile that does not follow is refused with the engine's reason, and nothing is played.
    seat, tile, reason, legal = seen["refused"]
    assert reason.startswith("you must follow ")
    assert f"Player {seat + 1}, your play" in out
    assert f"{_typed(tile)}\n{reason}; you can play " in out  # what was typed, then why not
    for allowed in legal:
        assert _shown(allowed) in out
    # The hand's end: made or set, each side's take, the marks scored, the marks so far.
    end = seen["end"]
    assert "Hand 1 over" in out
    assert ("made the bid of 30" in out) == end["made"]
    assert ("set" in out.split("Hand 1 over")[1].splitlines()[0]) == (not end["made"])
    score = seen["scores"][0]
    side_names = " & ".join(f"Player {s + 1}" for s in range(4) if s % 2 == score["side"])
    assert f"{side_names} score {score['points']} mark" in out
    assert "Marks — Player 1 & Player 3: " in out
    # Everyone typed their own moves: the save holds what was typed, with no refused move.
    events = read_save(tmp_path / "g.json").events
    plays = [e for e in events if e["type"] == "action" and e["action"]["kind"] == "play"]
    assert len(plays) == sum(len(t["tiles"]) for t in seen["tricks"])


def test_computer_bids_and_tricks_are_told_as_the_save_records_them(tmp_path):
    result = domino("play", T42, *COMPUTERS, "--seed", "3", "--save", "g.json", cwd=tmp_path, stdin=ALWAYS_FIRST)
    assert result.status is ExitStatus.OK, result.stderr
    out = result.stdout
    names = ["You", "Computer 2", "Computer 3", "Computer 4"]
    events = read_save(tmp_path / "g.json").events
    for event in events:
        if event["type"] == "action" and event["action"]["kind"] == "bid":
            value = event["action"]["value"]
            said = {42: "1 mark (42)", 84: "2 marks (84)"}.get(value, str(value))
            assert f"{names[event['seat']]} bid {said}." in out
        elif event["type"] == "contract":
            assert "won the bid at" in out and f"must make {event['make']}" in out
    assert "You passed." in out  # the person's own bid, told in the same words
    assert out.count("took the trick with") == sum(e["type"] == "trick" for e in events)
    hands = sum(e["type"] == "round_end" for e in events)
    assert out.count(" over") >= hands and "Match over after" in out and " marks." in out
    assert "arm" not in out and "boneyard" not in out and "draw a tile" not in out


def test_a_bid_typed_as_a_bare_number_is_explained(tmp_path):
    result = domino("play", T42, *HOT_SEAT, "--seed", "5", "--save", "g.json", cwd=tmp_path,
                    stdin="31\nbid 29\nxyz\nquit\n")  # fmt: skip
    out = result.stdout
    assert "there is no move 31: type a number from 1 to 15; to bid 31, type bid 31 or 3" in out
    assert "a bid of 29 is not allowed now; the lowest bid now is 30" in out
    assert "'xyz' is not a move: type a number from 1 to 15, bid 31, pass, or help" in out
    assert not [e for e in read_save(tmp_path / "g.json").events if e["type"] == "action"]


def test_help_names_the_trick_game_moves(tmp_path):
    result = domino("play", T42, *HOT_SEAT, "--seed", "5", "--save", "g.json", cwd=tmp_path, stdin="help\nquit\n")
    assert "bid 31, bid 1 mark, pass" in result.stdout and "trumps sixes, doubles, no trumps" in result.stdout
    assert "draw, pass, marker" not in result.stdout


def test_resume_retells_the_hand_and_goes_on_as_the_uninterrupted_game(tmp_path):
    args = ("play", T42, *COMPUTERS, "--seed", "22")
    whole = domino(*args, "--save", "whole.json", cwd=tmp_path, stdin=ALWAYS_FIRST)
    assert "Match over after" in whole.stdout
    first = domino(*args, "--save", "half.json", cwd=tmp_path, stdin="1\n" * 3 + "quit\n")
    assert "Match over" not in first.stdout
    resumed = domino("resume", "half.json", cwd=tmp_path, stdin=ALWAYS_FIRST)
    assert resumed.status is ExitStatus.OK, resumed.stderr
    out = resumed.stdout
    assert out.startswith("Resuming half.json: Texas 42, hand ")
    assert "\nHand " in out and " bids first" in out  # the hand so far is told again from its deal
    assert "Match over after" in out
    assert read_save(tmp_path / "half.json").events == read_save(tmp_path / "whole.json").events
    over = domino("resume", "whole.json", cwd=tmp_path)
    assert over.status is ExitStatus.OK and over.stdout.startswith("This game is over. Match over after ")
    assert " hands: " in over.stdout and " marks." in over.stdout


def test_a_bid_name_from_the_rule_file_reaches_the_terminal_escaped(tmp_path):
    text = bundled_variants()[T42].read_text().replace("{name: 1 mark,", '{name: "1\\x1b[2J mark",')
    text = text.replace("title: Texas 42", 'title: "Texas\\x1b[31m 42"')
    (tmp_path / "evil.yaml").write_text(text)
    result = domino("play", "evil.yaml", *HOT_SEAT, "--seed", "5", "--save", "g.json", cwd=tmp_path,
                    stdin="rules\nquit\n")  # fmt: skip
    assert result.status is ExitStatus.OK, result.stderr
    assert "\x1b" not in result.stdout
    assert "bid 1\\x1b[2J mark (42)" in result.stdout and "Texas\\x1b[31m 42 · hand 1" in result.stdout


def test_play_texas_42_needs_no_seating(tmp_path):
    """`domino play texas-42` seats you and three of the strongest computer: the game needs four."""
    result = domino("play", T42, "--seed", "5", "--save", "g.json", cwd=tmp_path, stdin="quit\n")
    assert result.status is ExitStatus.OK, result.stderr
    assert read_save(tmp_path / "g.json").seats == ["human", "ismcts", "ismcts", "ismcts"]
