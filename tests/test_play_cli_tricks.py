"""`domino play` and `domino resume` of a trick game (Texas 42) at the terminal, run as a person
would: the auction, trumps, tricks taken, a refused tile with the engine's reason, the hand's end;
and Tien Gow's tiles played together and plays laid face down.

What the screen must say is worked out from the engine (the deal of a seed, its legal moves and
its reasons), so that these tests follow the engine rather than repeat its rules.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from interpreter.engine import Action, IllegalAction, Match, deal
from interpreter.engine.actions import BID, PASS_ACTION, PICK, TRUMPS
from interpreter.engine.tricks.tables import trick_tables_for
from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.frontends.presentation.moves import Refused, numbered, read_move
from interpreter.frontends.presentation.plays import combination_words, order_plays, takes_lead
from interpreter.frontends.presentation.tricks import describe_trick_move
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


TG = "tien-gow"


def _typed_play(tiles) -> str:
    return "play " + " ".join(_typed(tile) for tile in tiles)


def _tien_gow_hand(seed: int) -> tuple[list[str], dict]:
    """What four people at one keyboard type for Tien Gow's first hand: to lead, the first
    combination held (else a tile); to follow, a play that takes the lead, else the first play
    (laid face down). The first follow of several tiles is first typed as one tile (refused)."""
    match = Match(load_ruleset(TG), 4, seed=seed)
    t = trick_tables_for(match.ruleset, 4)
    typed: list[str] = []
    seen: dict = {"refused": None, "group_lead": None, "taking": None, "face_down": [], "starter": match.current_player}
    while match.round == 1:
        seat = match.current_player
        legal = match.legal_actions()
        view = match.trick_view
        if not view.plays:
            groups = [a for a in legal if len(a.tiles) > 1]
            action = groups[0] if groups else legal[0]
            if groups and seen["group_lead"] is None:
                seen["group_lead"] = (seat, action, t.groups.of[action.tiles])
        else:
            # Following several tiles, the engine offers picks: the whole plays are the ones that
            # take the lead (as the screen lists them), else the first tiles of the hand.
            size = len(view.plays[0][1])
            plays = [a for a in order_plays(match, legal) if a.kind == "play"]
            taking = [a for a in plays if takes_lead(t, view, a.tiles)]
            first = Action.group(sorted(match.hand(seat))[:size]) if size > 1 else legal[0]
            action = taking[0] if taking else first
            if taking and len(action.tiles) > 1 and seen["taking"] is None:
                seen["taking"] = (seat, action)
            if not taking:
                seen["face_down"].append((seat, action))
            if len(action.tiles) > 1 and seen["refused"] is None:
                seen["refused"] = (seat, action.tiles[0])
                typed.append(_typed(action.tiles[0]))
        typed.append(_typed_play(action.tiles))
        match.apply(action)
    seen["match"] = match
    return typed, seen


def _in_hand_order(match: Match, tiles) -> str:
    """Tiles as a hand of the Chinese set reads them: civil before military, the highest first."""
    named = match.ruleset.tricks.named
    t = trick_tables_for(match.ruleset, 4)
    suits = list(dict.fromkeys(n.suit for n in named))

    def key(tile):
        entry = named[t.index[tile]]
        return (suits.index(entry.suit), -entry.rank, -tile[1], -tile[0])

    return " ".join(_shown(tile) for tile in sorted(tiles, key=key))


def test_a_hot_seat_hand_of_tien_gow_plays_tiles_together_and_face_down(tmp_path):
    seed = 7
    typed, seen = _tien_gow_hand(seed)
    assert seen["group_lead"] and seen["taking"] and seen["refused"] and seen["face_down"]
    result = domino("play", TG, *HOT_SEAT, "--seed", str(seed), "--save", "g.json", cwd=tmp_path,
                    stdin="\n".join([*typed, "quit"]) + "\n")  # fmt: skip
    assert result.status is ExitStatus.OK, result.stderr
    out = result.stdout
    match = seen["match"]
    t = trick_tables_for(match.ruleset, 4)
    assert "── Tien Gow · hand 1 · 16 hands, highest total wins ──" in out
    assert "No trumps; a tile led calls for its suit: civil or military; pairs and sets may be led too." in out
    # The hand: suit by suit, each tile with its name.
    deal = match.events_of("deal")[0]
    starter = seen["starter"]
    hand = [tuple(x) for x in deal["hands"][starter]]
    first_screen = out.split(f"Player {starter + 1}'s hand:\n", 1)[1].split("'s play", 1)[0]
    assert first_screen.lstrip().startswith("civil ")
    for tile in hand:
        assert f"{_shown(tile)} {match.ruleset.tricks.named[t.index[tile]].name}" in first_screen, tile
    # The leads: each tile once (a tile held twice too), then the combinations by their names.
    leads = out.split(f"Player {starter + 1}'s play\n", 1)[1].split("your play", 1)[0]
    singles = re.findall(r"^ +\d+  lead (\[\d\|\d\])(?: [A-Za-z ]+)?$", leads, re.M)
    assert sorted(singles) == sorted({f"[{b}|{a}]" for a, b in hand})
    seat, action, (kind, _, name) = seen["group_lead"]
    tiles = _in_hand_order(match, action.tiles)
    assert f"lead {combination_words(name)} {tiles} ({kind})" in out
    assert f"Player {seat + 1} led {combination_words(name)} {tiles} ({kind})." in out
    assert f"Trick 1  {kind} led by Player {seat + 1}" in out
    # A follow of several tiles typed as one tile is refused with the engine's reason.
    _, tile = seen["refused"]
    assert f"{_typed(tile)}\nplay 2 tiles: as many as were led; type a number from 1 to " in out
    # The plays that take the lead first, in words; then those laid face down.
    taker, taking = seen["taking"]
    taken = t.groups.of[taking.tiles][2]
    said = f"{combination_words(taken)} {_in_hand_order(match, taking.tiles)}"
    assert f"play {said}: takes the lead" in out
    assert f"Player {taker + 1} played {said}, taking the lead." in out
    assert f"  Player {taker + 1}  {said}  ← taking it so far" in out
    assert re.search(r"(Or lay|Lay) 2 tiles face down \(the others see how many, never which\):", out)
    # A face-down play: its owner hears its tiles, everyone else how many, and the table shows no face.
    down_seat, down = seen["face_down"][0]
    count = "a tile" if len(down.tiles) == 1 else f"{len(down.tiles)} tiles"
    assert f"Player {down_seat + 1} laid {count} face down." in out
    own = _in_hand_order(match, down.tiles)
    if len(down.tiles) == 1:
        own += f" {match.ruleset.tricks.named[t.index[down.tiles[0]]].name}"
    assert f"Player {down_seat + 1} laid {own} face down." in out  # to its owner
    assert f"  Player {down_seat + 1}  laid {count} face down" in out
    for who in range(4):  # told by its tiles once (to its owner), at the turn after it
        told = [line for line in out.splitlines() if line.startswith(f"Player {who + 1} laid [")]
        assert len(told) <= sum(1 for s, _ in seen["face_down"] if s == who), (who, told)
    # The tricks: the taker, what took it, the tiles captured; the hand's end, the payments.
    trick = match.events_of("trick")[0]
    captured = len(trick["tiles"]) + sum(n for _, n in trick.get("face_down", ()))
    assert f"Player {trick['seat'] + 1} took the trick with " in out and f"capturing {captured} tiles" in out
    last = match.events_of("trick")[-1]["seat"]
    assert f"Hand 1 over: Player {last + 1} took the last trick." in out
    totals = Counter()
    for event in match.events_of("trick"):
        totals[event["side"]] += len(event["tiles"]) + sum(n for _, n in event.get("face_down", ()))
    for side in range(4):
        n = totals[side]
        assert f"  Player {side + 1}: " in out and f"{n} tile{'s' if n != 1 else ''} captured ({n // 4} column" in out
    for event in match.events_of("score"):
        points = "point" if abs(event["points"]) == 1 else "points"
        assert f"Player {event['side'] + 1} scores {event['points']} {points} (total {event['total']})." in out
    assert sum(e["points"] for e in match.events_of("score")) == 0  # what the others pay, the winner takes
    assert "Hand 2: 8 tiles each. Player " in out and "as the winner of the last hand." in out
    # What was typed is what the save holds: the tiles played together, one action each.
    saved = [Action.from_json(e["action"]) for e in read_save(tmp_path / "g.json").events if e["type"] == "action"]
    assert saved == [Action.from_json(e["action"]) for e in match.events if e["type"] == "action"]
    assert len(saved) == len(typed) - 1  # the single tile was refused


def test_a_tien_gow_hand_against_the_computer_never_names_their_face_down_tiles(tmp_path):
    result = domino("play", TG, "--players", "human,greedy,greedy,greedy", "--seed", "3", "--save", "g.json",
                    cwd=tmp_path, stdin="1\n" * 40 + "quit\n")  # fmt: skip
    assert result.status is ExitStatus.OK, result.stderr
    out = result.stdout
    # Counter-clockwise: the turn goes from seat 0 to seat 3, then 2, then 1.
    assert "In turn order: You, Computer 4 (greedy), Computer 3 (greedy), Computer 2 (greedy)." in out
    assert "Hand 1 over: " in out and "took the last trick." in out
    assert re.search(r"Computer \d laid (a tile|\d tiles) face down\.", out)
    assert not re.search(r"Computer \d laid \[", out)
    assert "tiles captured (" in out and "Traceback" not in out
    events = read_save(tmp_path / "g.json").events
    hidden = [e for e in events if e["type"] == "trick" and e.get("face_down")]
    assert hidden  # plays were laid face down, and the table showed them as counts
    assert re.search(r"; (Computer \d|You)(, .*)? (each )?laid (a tile|\d tiles) face down", out)


# Seat 0 leads, holding both Heavens, the nines and the Gee Joon; counter-clockwise, seat 3 follows.
TG_DEAL = deal(
    "6-6 6-6 3-6 4-5 1-2 2-4 1-5 1-6",
    "1-3 1-3 5-5 4-6 4-6 1-6 5-6 1-5",
    "4-4 4-4 2-5 3-4 3-3 3-3 5-6 2-3",
    "1-1 1-1 2-6 3-5 2-2 2-2 5-5 1-4",
    starter=0,
)


@pytest.mark.parametrize("words", ["play 6-6 6-6", "6-6 6-6", "lead [6|6] [6|6]", "play 6-6, 6-6"])
def test_tiles_played_together_are_read_by_their_tiles(words):
    """The pair of Heavens is read however it is typed; a tile held once typed twice, or tiles that
    make no combination, are refused with the reason; to follow, as many tiles as were led."""
    match = Match(load_ruleset(TG), 4, deals=[TG_DEAL])
    legal = order_plays(match, numbered(match.legal_actions(), match.layout, match.ruleset))
    assert read_move(words, legal, match) == Action.group([(6, 6), (6, 6)])
    with pytest.raises(Refused, match=re.escape("you do not hold [5|1] twice")):
        read_move("play 1-5 1-5", legal, match)
    with pytest.raises(Refused, match=re.escape("1-5 1-6 is not a combination you may lead")):
        read_move("play 1-5 1-6", legal, match)
    match.apply(read_move(words, legal, match))
    legal = order_plays(match, numbered(match.legal_actions(), match.layout, match.ruleset))
    assert read_move("play 1-1 1-1", legal, match) == Action.group([(1, 1), (1, 1)])  # laid face down
    with pytest.raises(Refused, match="play 2 tiles: as many as were led"):
        read_move("1-1", legal, match)


def test_the_moves_of_a_follow_put_the_plays_that_take_the_lead_first():
    """Seat 0 leads Big Head Six, the lowest civil tile: seat 3's civil tiles take the lead, listed
    first, strongest first (a tile held twice once); its military tiles go face down, said so."""
    match = Match(load_ruleset(TG), 4, deals=[TG_DEAL])
    match.apply(Action.play((1, 5)))
    assert match.current_player == 3
    legal = order_plays(match, numbered(match.legal_actions(), match.layout, match.ruleset))
    assert [describe_trick_move(a, match) for a in legal] == [
        "[1|1] Earth: takes the lead", "[5|5] Flower: takes the lead", "[2|2] Board: takes the lead",
        "lay [4|1] Five face down", "lay [5|3] Eight face down", "lay [6|2] Eight face down",
    ]  # fmt: skip


def test_tien_gow_help_names_tiles_played_together(tmp_path):
    result = domino("play", TG, *HOT_SEAT, "--seed", "5", "--save", "g.json", cwd=tmp_path, stdin="help\nquit\n")
    assert "play 6-6 6-6" in result.stdout and "bid 31" not in result.stdout


def test_a_follow_of_several_tiles_is_picked_tile_by_tile_or_typed_whole(tmp_path):
    """Seed 7: the first lead is a pair; the next seat picks its lowest tile by name, is refused a
    tile it does not hold with what it may type, and finishes the play typed whole (the engine
    takes it as the rest of the picks). The screen lists the picks in the engine's order."""
    match = Match(load_ruleset(TG), 4, seed=7)
    lead = next(a for a in match.legal_actions() if len(a.tiles) == 2)
    match.apply(lead)
    seat = match.current_player
    first, second = sorted(match.hand(seat))[:2]
    typed = [_typed_play(lead.tiles), f"pick {_typed(first)}", "pick 9-9", _typed_play([first, second]), "quit"]
    result = domino("play", TG, *HOT_SEAT, "--seed", "7", cwd=tmp_path, stdin="\n".join(typed) + "\n")
    assert result.status is ExitStatus.OK, result.stderr
    out = result.stdout.split(f"Player {seat + 1}'s play\n", 1)[1]
    listed = re.findall(r"\d+  pick (\[\d\|\d\])", out.split("your play", 1)[0])
    assert listed == [_shown(tile) for tile in sorted(set(match.hand(seat)) - {max(match.hand(seat))})]
    assert f"Player {seat + 1} picked {_shown(first)}." in out
    assert "you do not hold [9|9]; type a number from 1 to " in out and "or pick one, as in 'pick " in out
    match.apply(Action(PICK, first))
    match.apply(Action.group([first, second]))
    down = "laid 2 tiles face down" if match.trick_view.plays[-1][2] else "played"
    assert f"Player {seat + 1} {down}" in out
