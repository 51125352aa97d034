"""`domino play` and `domino resume`, run as a person would: moves typed on stdin, the screen read back."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from cli import run
from interpreter import players
from interpreter.engine import Action, Match, deal
from interpreter.frontends.cli.commands.common import load_variant
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.computers import computer_choice
from interpreter.frontends.presentation.moves import numbered, read_move
from interpreter.frontends.presentation.places import place_words
from interpreter.frontends.presentation.seats import seats_for
from interpreter.records.savegame import SaveError, read_save, rebuild
from interpreter.rulefile.loader import load_ruleset
from tests.clirunner import domino

REPO = Path(__file__).resolve().parent.parent
ALWAYS_FIRST = "1\n" * 3000  # more answers than any of these games asks for
SHORT = ("--players", "human,random", "--target", "20")  # a short match: a round or three


def saved_match(path: Path) -> Match:
    """The match a save holds, rebuilt as `domino resume` rebuilds it."""
    game = read_save(path)
    ruleset = load_variant(game.variant, Env(io.StringIO(), io.StringIO(), io.StringIO(), REPO, {}), game.settings)
    assert ruleset is not None
    return rebuild(game, ruleset)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_domino_alone_prints_help_with_examples():
    result = domino()
    assert result.status is ExitStatus.OK
    assert "examples:" in result.stdout
    assert "domino play" in result.stdout and "domino explain" in result.stdout


def test_a_scripted_game_is_played_to_its_end(tmp_path):
    result = domino(
        "play", "--players", "human,random", "--seed", "1", "--save", "g.json", cwd=tmp_path, stdin=ALWAYS_FIRST
    )
    assert result.status is ExitStatus.OK, result.stderr
    assert "Match over after" in result.stdout
    last = result.stdout.strip().splitlines()
    assert any(line.startswith("Match over after") and ("You win" in line or "Computer wins" in line) for line in last)
    match = saved_match(tmp_path / "g.json")
    assert match.is_over
    assert max(match.scores) >= 100
    assert match.events[-1]["type"] == "match_end"


def test_the_screen_shows_table_hand_moves_players_and_what_happened(tmp_path):
    result = domino("play", *SHORT, "--seed", "1", "--save", "g.json", cwd=tmp_path, stdin="1\nquit\n")
    screen = result.stdout
    parts = (
        "Table", "   0  the left end", "shows", "Players", "tiles", "score", "Your hand: [", "Your moves", "   1  "
    )  # fmt: skip
    for part in parts:
        assert part in screen
    assert "Computer led [" in screen or "You led" in screen or "You played" in screen
    assert "\x1b[" not in screen  # not a terminal: no colour


def _prompt(tmp_path: Path, moves: int = 0) -> Match:
    """The match of seed 1 as the prompt after `moves` moves (each the first listed) shows it."""
    domino("play", *SHORT, "--seed", "1", "--save", "first.json", cwd=tmp_path, stdin="1\n" * moves + "quit\n")
    return saved_match(tmp_path / "first.json")


def test_bad_input_gets_a_reason_and_the_same_prompt(tmp_path):
    match = _prompt(tmp_path)
    legal = match.legal_actions()
    hand = match.hand(0)
    playable = {a.tile for a in legal if a.tile}
    not_held = next((low, high) for low in range(7) for high in range(low, 7) if (low, high) not in hand)
    typed = ["abc", "99", f"{not_held[1]}-{not_held[0]}"]
    stuck = [t for t in hand if t not in playable]
    if stuck:
        typed.append(f"{stuck[0][1]}-{stuck[0][0]}")
    answers = "\n".join([*typed, "quit"]) + "\n"
    result = domino("play", *SHORT, "--seed", "1", "--save", "g.json", cwd=tmp_path, stdin=answers)
    out = result.stdout
    listed = len(numbered(legal, match.layout))
    prompt = f"Your move (1–{listed}, or help): " if listed > 1 else "Your move (1, or help): "
    assert out.count(prompt) == len(typed) + 1  # asked again after every refusal
    assert "'abc' is not a move" in out
    assert "there is no move 99" in out
    assert f"you do not hold [{not_held[1]}|{not_held[0]}]" in out
    if stuck:
        assert f"[{stuck[0][1]}|{stuck[0][0]}] cannot be played now" in out
    # Nothing typed wrongly was played: the save holds no action of the person.
    assert not [e for e in read_save(tmp_path / "g.json").events if e["type"] == "action" and e["seat"] == 0]


def test_a_tile_on_the_wrong_arm_is_refused_with_the_reason(tmp_path):
    match = _prompt(tmp_path, moves=1)
    legal = match.legal_actions()
    play = next(a for a in legal if a.kind == "play")
    wrong = next(arm.id for arm in match.layout.arms if not any(a.tile == play.tile and a.arm == arm.id for a in legal))
    low, high = play.tile
    typed = f"{high}-{low} {wrong}\n{high}-{low} 99\n{high}-{low} {play.arm}\nquit\n"
    result = domino("play", *SHORT, "--seed", "1", "--save", "g.json", cwd=tmp_path, stdin="1\n" + typed)
    where = place_words(match.layout, wrong, seats_for(["human", "greedy"]), 0)
    assert f"[{high}|{low}] cannot be played now: {where} " in result.stdout
    assert "there is no place 99" in result.stdout
    actions = [e for e in read_save(tmp_path / "g.json").events if e["type"] == "action" and e["seat"] == 0]
    assert len(actions) == 2 and actions[1]["action"]["arm"] == play.arm  # typed by name, on the arm named


def test_help_hint_and_quit(tmp_path):
    result = domino("play", *SHORT, "--seed", "2", "--save", "g.json", cwd=tmp_path, stdin="help\nhint\nquit\n")
    assert result.status is ExitStatus.OK
    assert "Other commands:" in result.stdout
    assert "Hint (" in result.stdout
    assert "The game is saved; continue it with: domino resume" in result.stdout
    assert (tmp_path / "g.json").exists()


def test_end_of_input_saves_and_says_where(tmp_path):
    result = domino("play", *SHORT, "--seed", "2", "--save", "g.json", cwd=tmp_path, stdin="1\n")
    assert result.status is ExitStatus.OK
    assert "End of input. The game is saved; continue it with: domino resume" in result.stdout
    assert "g.json" in result.stdout


def test_the_game_is_saved_after_every_action(tmp_path):
    domino("play", *SHORT, "--seed", "4", "--save", "g.json", cwd=tmp_path, stdin="1\n1\n1\nquit\n")
    events = read_save(tmp_path / "g.json").events
    mine = [e for e in events if e["type"] == "action" and e["seat"] == 0]
    assert len(mine) == 3
    # The computer's answer to the third move is saved too: the log ends where the next prompt was.
    match = saved_match(tmp_path / "g.json")
    assert match.current_player == 0 or match.is_over


def test_resume_continues_exactly_as_the_uninterrupted_game(tmp_path):
    args = ("play", "--players", "human,random", "--seed", "5", "--target", "40")
    whole = domino(*args, "--save", "whole.json", cwd=tmp_path, stdin=ALWAYS_FIRST)
    assert "Match over" in whole.stdout
    first = domino(*args, "--save", "half.json", cwd=tmp_path, stdin="1\n" * 12 + "quit\n")
    assert "Match over" not in first.stdout
    resumed = domino("resume", "half.json", cwd=tmp_path, stdin=ALWAYS_FIRST)
    assert resumed.status is ExitStatus.OK, resumed.stderr
    assert "Resuming" in resumed.stdout and "Match over" in resumed.stdout
    assert read_save(tmp_path / "half.json").events == read_save(tmp_path / "whole.json").events


def test_resume_after_the_process_is_killed(tmp_path):
    save = tmp_path / "killed.json"
    command = [sys.executable, str(REPO / "cli.py"), "play", "--players", "human,random", "--seed", "6",
               "--target", "40", "--save", str(save)]  # fmt: skip
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)}, text=True)  # fmt: skip
    assert process.stdin is not None
    moves = 0
    deadline = time.monotonic() + 20
    while moves < 5 and time.monotonic() < deadline:
        process.stdin.write("1\n")
        process.stdin.flush()
        # Wait for the move to reach the save, then type the next one.
        while time.monotonic() < deadline and _actions_of(save, 0) <= moves:
            time.sleep(0.01)
        moves = _actions_of(save, 0)
    process.kill()
    process.wait()
    assert moves >= 5, process.stderr.read() if process.stderr else ""
    resumed = domino("resume", str(save), cwd=tmp_path, stdin=ALWAYS_FIRST)
    assert resumed.status is ExitStatus.OK, resumed.stderr
    assert "Match over" in resumed.stdout
    assert saved_match(save).is_over


def _actions_of(save: Path, seat: int) -> int:
    try:
        events = read_save(save).events
    except SaveError:
        return 0
    return sum(e["type"] == "action" and e["seat"] == seat for e in events)


def test_a_damaged_save_gives_a_clear_message(tmp_path):
    (tmp_path / "garbage.json").write_text("{not json")
    result = domino("resume", "garbage.json", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE
    assert result.stderr.startswith("domino resume: ") and "not a domino save" in result.stderr
    assert "Traceback" not in result.stderr

    domino("play", *SHORT, "--seed", "7", "--save", "g.json", cwd=tmp_path, stdin="1\n1\nquit\n")
    data = read_save(tmp_path / "g.json").to_json()
    action = next(e for e in data["events"] if e["type"] == "action" and e["action"]["kind"] == "play")
    action["action"]["tile"] = [9, 9]
    (tmp_path / "tampered.json").write_text(json.dumps(data))
    result = domino("resume", "tampered.json", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE
    assert "does not replay" in result.stderr

    result = domino("resume", "missing.json", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE
    assert "cannot read" in result.stderr


def test_set_errors_name_the_option(tmp_path):
    unknown = domino("play", "--set", "match.taget=150", cwd=tmp_path, stdin="quit\n")
    assert unknown.status is ExitStatus.FAILURE
    assert "--set match.taget=150" in unknown.stderr and "did you mean 'target'" in unknown.stderr
    bad = domino("play", "--set", "start.max_redeals=lots", cwd=tmp_path, stdin="quit\n")
    assert bad.status is ExitStatus.FAILURE
    assert "--set start.max_redeals=lots" in bad.stderr and "integer" in bad.stderr
    # A target may be a formula of the player count, so a word is read as a name in one.
    formula = domino("play", "--set", "match.target=lots", cwd=tmp_path, stdin="quit\n")
    assert formula.status is ExitStatus.FAILURE and "unknown name 'lots'" in formula.stderr
    malformed = domino("play", "--set", "match.target", cwd=tmp_path, stdin="quit\n")
    assert malformed.status is ExitStatus.FAILURE
    assert "key.path=value" in malformed.stderr
    assert not list(tmp_path.glob("*.json"))  # nothing was started, so nothing was saved


def test_set_applies_a_house_rule_that_resume_keeps(tmp_path):
    result = domino("play", "--players", "human,random", "--seed", "8", "--set", "match.target=20", "--save", "g.json",
                    cwd=tmp_path, stdin="1\n" * 3 + "quit\n")  # fmt: skip
    assert "first to 20" in result.stdout
    assert read_save(tmp_path / "g.json").settings == ["match.target=20"]
    resumed = domino("resume", "g.json", cwd=tmp_path, stdin=ALWAYS_FIRST)
    assert resumed.status is ExitStatus.OK, resumed.stderr
    match = saved_match(tmp_path / "g.json")
    assert match.is_over and 20 <= max(match.scores) < 100


def test_the_header_says_the_target_for_this_many_players(tmp_path):
    # double-draw plays to 100 with two players and to 61 with three playing alone.
    for seats, target in (("human,random", "first to 100"), ("human,random,random", "first to 61")):
        result = domino("play", "double-draw", "--players", seats, "--seed", "3", "--save", f"{len(seats)}.json",
                        cwd=tmp_path, stdin="quit\n")  # fmt: skip
        assert result.status is ExitStatus.OK, result.stderr
        assert f"Double Draw · round 1 · {target} ──" in result.stdout


def test_a_lead_turned_up_by_the_dealer_says_who_plays_first(tmp_path):
    # double-draw: the player chosen at random turns the lead up; the player after them plays first.
    result = domino("play", "double-draw", "--players", "human,random,random", "--seed", "3", "--save", "g.json",
                    cwd=tmp_path, stdin="quit\n")  # fmt: skip
    assert "Round 1: 5 tiles each. Computer 3 turns up the lead, chosen at random.\n" in result.stdout
    assert "The lead is turned up from the stock: [1|2]. You play first.\n" in result.stdout


def test_colour_only_on_a_terminal_without_no_color(tmp_path):
    def screen(environ: dict[str, str]) -> str:
        out = _Terminal()
        env = Env(io.StringIO("quit\n"), out, io.StringIO(), tmp_path, environ)
        run(["play", *SHORT, "--seed", "1", "--save", f"{len(environ)}.json"], env)
        return out.getvalue()

    assert "\x1b[" in screen({})
    assert "\x1b[" not in screen({"NO_COLOR": "1"})


def test_default_game_and_save_location(tmp_path):
    out = io.StringIO()
    env = Env(io.StringIO("quit\n"), out, io.StringIO(), tmp_path, {"HOME": str(tmp_path / "home")})
    assert run(["play"], env) is ExitStatus.OK
    text = out.getvalue()
    assert text.startswith("Draw dominoes (double-six) — ")
    assert "In turn order: You, Computer (" in text
    saves = list((tmp_path / "home" / ".local" / "state" / "domino").glob("game-*.json"))
    assert len(saves) == 1 and str(saves[0]) in text
    assert read_save(saves[0]).seats[0] == "human" and len(read_save(saves[0]).seats) == 2


def test_hot_seat_shows_only_the_current_players_hand(tmp_path):
    result = domino("play", "--players", "human,human", "--target", "20", "--seed", "1", "--save", "g.json",
                    cwd=tmp_path, stdin="quit\n")  # fmt: skip
    match = saved_match(tmp_path / "g.json")
    current = match.current_player + 1
    assert f"Player {current}'s turn" in result.stdout
    assert f"Player {current}'s hand" in result.stdout
    assert f"Player {3 - current}'s hand" not in result.stdout
    assert f"Player {current}, your move" in result.stdout


def test_play_refuses_bad_seats(tmp_path):
    assert domino("play", "--players", "human,genius", cwd=tmp_path).status is ExitStatus.USAGE
    assert domino("play", "--players", "human", cwd=tmp_path).status is ExitStatus.USAGE
    (tmp_path / "taken.json").write_text("{}")
    taken = domino("play", "--save", "taken.json", cwd=tmp_path)
    assert taken.status is ExitStatus.USAGE and "domino resume" in taken.stderr


def test_a_computer_choice_depends_only_on_the_seed_and_the_position():
    match = Match(load_ruleset("draw"), players=2, seed=11)
    while len(match.legal_actions()) < 2:
        match.apply(match.legal_actions()[0])
    strongest = getattr(players, "STRONGEST", "random")
    assert computer_choice(match, strongest, 3) == computer_choice(match.clone(), strongest, 3)


def test_plays_on_identical_empty_shared_trains_are_listed_once(tmp_path):
    house = "name: hub3\nextends: mexican-train\nlayout: {personal_trains: false, shared_trains: 3}\n"
    (tmp_path / "hub3.yaml").write_text(house + "draw: {when_unable: pass}\n")
    match = Match(load_ruleset(tmp_path / "hub3.yaml"), players=2, seed=1)
    legal = match.legal_actions()
    shown = numbered(legal, match.layout)
    plays = [a for a in legal if a.kind == "play"]
    assert plays and len(plays) == 3 * len([a for a in shown if a.kind == "play"])
    assert len({(a.tile, a.half) for a in shown}) == len(shown)
    assert match.legal_actions() == legal  # the engine's list is untouched
    result = domino("play", "hub3.yaml", "--players", "human,human", "--seed", "1", "--save", "g.json",
                    cwd=tmp_path, stdin="quit\n")  # fmt: skip
    assert f"your move (1–{len(shown)}, or help)" in result.stdout


def test_a_tile_on_either_end_of_a_lone_double_is_one_move():
    first = deal("6-6 6-2 3-4 0-0 0-1 0-4 0-5", "6-3 2-3 1-1 1-4 1-5 4-4 5-5", starter=0)
    match = Match(load_ruleset("block"), 2, deals=[first])
    match.apply(Action.play((6, 6)))
    assert len(match.legal_actions()) == 2 and numbered(match.legal_actions(), match.layout) == [
        Action.play((3, 6), 0, 6)
    ]
    match.apply(Action.play((3, 6), 0, 6))
    match.apply(Action.play((2, 6), 1, 6))
    match.apply(Action.play((2, 3), 1, 2))
    # Both ends show 3 but carry different tiles: two different moves.
    assert numbered(match.legal_actions(), match.layout) == [Action.play((3, 4), 0, 3), Action.play((3, 4), 1, 3)]


def test_the_hint_names_the_listed_move_equivalent_to_its_choice(tmp_path):
    (tmp_path / "hub3.yaml").write_text(
        "name: hub3\nextends: mexican-train\nlayout: {personal_trains: false, shared_trains: 3}\n"
        "draw: {when_unable: pass}\n"
    )
    for seed in range(1, 6):
        result = domino("play", "hub3.yaml", "--players", "human,random", "--seed", str(seed), "--save",
                        f"{seed}.json", cwd=tmp_path, stdin="hint\nquit\n")  # fmt: skip
        assert result.status is ExitStatus.OK, result.stderr
        assert "Hint (" in result.stdout


def test_a_tile_named_on_a_train_whose_twin_is_listed_is_played_there(tmp_path):
    (tmp_path / "hub3.yaml").write_text(
        "name: hub3\nextends: mexican-train\nlayout: {personal_trains: false, shared_trains: 3}\n"
        "draw: {when_unable: pass}\n"
    )
    match = Match(load_ruleset(tmp_path / "hub3.yaml"), players=2, seed=1)
    shown = numbered(match.legal_actions(), match.layout)
    play = next(a for a in shown if a.kind == "play")
    twin = next(a for a in match.legal_actions() if a.tile == play.tile and a.arm != play.arm)
    low, high = play.tile
    assert read_move(f"{high}-{low} {twin.arm}", shown, match) == twin
    assert read_move(f"{high}-{low}", shown, match) == play


def test_the_hint_shows_the_best_moves_with_their_chances_in_words(tmp_path):
    import re

    from interpreter.players.ismcts import DEFAULT_ITERATIONS

    def hint(save: str) -> list[str]:
        result = domino("play", "draw", "--players", "human,random", "--seed", "3", "--save", save, cwd=tmp_path,
                        stdin="hint\nquit\n")  # fmt: skip
        assert result.status is ExitStatus.OK, result.stderr
        lines = result.stdout.splitlines()
        start = next(i for i, line in enumerate(lines) if "Hint (" in line)
        return lines[start : start + 4]

    shown = hint("a.json")
    head = re.search(r"Hint \(ismcts\): (\d+) — ", shown[0])
    assert head is not None, shown
    tile = r"\[\d+\|\d+\]"
    where = rf"on the (?:left|right) end|(?:above|below) the {tile}|on (?:one|the other) side of the {tile}"
    moves = [re.fullmatch(rf"  (\d+)\. ({tile} (?:{where})|lead {tile}|draw|pass|marker): "
                          r"wins about (\d+)% of the rounds I played out \((\d+) tries?\)", line)
             for line in shown[1:] if line.startswith("  ")]  # fmt: skip
    assert moves and all(moves), shown
    assert moves[0].group(1) == head.group(1)  # the best listed is the move the hint names
    assert all(0 <= int(m.group(3)) <= 100 for m in moves)
    tries = [int(m.group(4)) for m in moves]
    assert tries == sorted(tries, reverse=True) and sum(tries) <= DEFAULT_ITERATIONS
    assert hint("b.json") == shown  # the same game, the same hint: no clock in it
