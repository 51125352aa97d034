"""Following a lead of several tiles is built by picks (`tricks.combinations`, issue 28): the legal
moves are the tiles that may come next, never every group of the hand; a whole group is accepted
as the picks it stands for. On scripted deals with their exact outcomes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from interpreter.agents.encoding import Encoding
from interpreter.engine import Action, IllegalAction, Match, ScriptedDeal, deal
from interpreter.engine.actions import PICK
from interpreter.engine.tricks.determinize import TrickDeterminizer
from interpreter.engine.tricks.groups import Groups
from interpreter.frontends.computers import computer_choice, decision_seed
from interpreter.frontends.web.views import last_actions, named_seats, seat_view
from interpreter.loader import load_ruleset, load_ruleset_text
from interpreter.players import make_player
from interpreter.players.counter import CounterPlayer
from interpreter.players.ismcts import IsmctsPlayer
from interpreter.records.replay import replay
from interpreter.records.savegame import SavedGame, rebuild
from interpreter.rulefile.trick_rules import MAX_GROUPS, Combination
from tests.engine.test_trick_groups import HANDS  # the same scripted deal: seats 0, 3, 2, 1 counter-clockwise


def big_hands(hand: int) -> str:
    """A pasted two-player file: double-nine tiles in named suits, copies enough for hands of
    `hand`, and a pair combination of each double."""
    copies = -(-2 * hand // 55)
    tiles = "\n".join(
        f"    - {{tile: {a}-{b}, copies: {copies}, suit: {'civil' if a == b else 'military'}, rank: {a + b}}}"
        for a in range(10) for b in range(a, 10)
    )  # fmt: skip
    pairs = "\n".join(f"    - {{name: pair {a}, tiles: [{a}-{a}, {a}-{a}], kind: pair, rank: {a}}}" for a in range(10))
    return (
        f"name: big-hands\ntitle: Big hands\nfamily: tricks\nset:\n  tiles:\n{tiles}\n"
        f"players: {{min: 2, max: 2}}\ndeal: {{hand_size: {hand}}}\nstart: {{first_round: [random]}}\n"
        f"tricks:\n  led_suit: named\n  must_follow: false\n  face_down: true\n  combinations:\n{pairs}\n"
        "scoring: {hand: captured}\nmatch: {rounds: 1}\n"
    )


@pytest.fixture(scope="module")
def tien_gow():
    return load_ruleset("tien-gow")


def picks(match: Match) -> list[str]:
    return [str(a) for a in match.legal_actions()]


def run(match: Match, *moves: str) -> None:
    for move in moves:
        match.apply(Action.parse(move))


def test_following_a_pair_in_hands_of_forty_lists_no_more_than_the_hand() -> None:
    ruleset = load_ruleset_text(big_hands(40), "big-hands.yaml", Path.cwd())
    match = Match(ruleset, 2, seed=0)
    pair = next(a for a in match.legal_actions() if len(a.tiles) == 2)
    match.apply(pair)
    seat = match.current_player
    hand = match.hand(seat)
    legal = match.legal_actions()
    assert 0 < len(legal) <= len(hand) and {a.kind for a in legal} == {PICK}
    # The first pick may be any tile but the last (a pair needs one more after it), once per tile.
    assert [a.tile for a in legal] == sorted(set(hand) - {max(hand)})
    view = seat_view(match, ruleset, ["human", "human"], seat, 1)
    assert 0 < len(view["legal"]) <= len(hand)
    match.apply(legal[0])
    second = match.legal_actions()
    assert [a.tile for a in second] == sorted(set(hand[1:]))  # any tile after the first: the play's second
    assert len(second) <= len(hand)


def test_picks_come_in_tile_order_and_leave_enough_to_finish(tien_gow) -> None:
    match = Match(tien_gow, 4, deals=[HANDS])
    run(match, "play 3-6 4-5")  # mixed nines; seat 3 follows with two tiles
    assert picks(match) == ["pick 1-1", "pick 1-4", "pick 2-2", "pick 2-6", "pick 3-5"]
    run(match, "pick 2-2")
    assert picks(match) == ["pick 2-2", "pick 2-6", "pick 3-5", "pick 5-5"]  # the second Board too
    with pytest.raises(IllegalAction, match="pick a tile after 2-2 in your hand: 1-4 is not"):
        match.apply(Action.parse("pick 1-4"))


@pytest.mark.parametrize(
    ("lead", "follow", "face_up"),
    [("play 1-3 1-3", "play 1-1 1-1", True), ("play 1-1 1-1", "play 1-3 1-3", False)],
)
def test_a_pair_built_by_picks_plays_as_the_pair_would(tien_gow, lead, follow, face_up) -> None:
    """Earths (10) over Geese (8) go face up; Geese under Earths go face down: by picks or whole."""
    hands = HANDS.hands
    dealt = ScriptedDeal((hands[1], hands[0], hands[2], hands[3]), starter=0)
    if lead == "play 1-1 1-1":
        dealt = ScriptedDeal((hands[3], hands[0], hands[2], hands[1]), starter=0)
    whole, picked = Match(tien_gow, 4, deals=[dealt]), Match(tien_gow, 4, deals=[dealt])
    for match in (whole, picked):
        run(match, lead)
    run(whole, follow)
    tile = Action.parse(follow).tiles[0]
    run(picked, f"pick {tile[0]}-{tile[1]}")
    assert picked.current_player == 3 and picked.trick_view.plays == whole.trick_view.plays[:1]
    run(picked, f"pick {tile[0]}-{tile[1]}")
    assert picked.trick_view.plays == whole.trick_view.plays
    assert (picked.trick_view.plays[1][2] == 0) is face_up
    played = [e for e in picked.events if e["type"] == "action"]
    assert played[-1] == whole.events[-1] and played[-2]["action"] == {"kind": PICK, "tile": list(tile)}
    for match in (whole, picked):
        run(match, "play 4-4 2-5", "play 6-6 6-6")
    assert picked.events_of("trick") == whole.events_of("trick")


def test_a_whole_group_is_its_picks_and_completes_picks_begun(tien_gow) -> None:
    whole, picked, half = (Match(tien_gow, 4, deals=[HANDS]) for _ in range(3))
    for match in (whole, picked, half):
        run(match, "play 3-6 4-5")
    whole_events = whole.apply(Action.parse("play 2-6 3-5"))
    assert [e["type"] for e in whole_events] == ["action"]  # no picks logged: old logs replay as they were
    run(picked, "pick 2-6", "pick 3-5")
    run(half, "pick 2-6", "play 2-6 3-5")
    assert picked.trick_view == whole.trick_view == half.trick_view
    assert picked.events[-1] == whole.events[-1] == half.events[-1]
    with pytest.raises(IllegalAction, match="play 2 tiles: as many as were led"):
        whole.apply(Action.parse("play 4-4 4-4 2-5"))  # seat 2 now
    other = Match(tien_gow, 4, deals=[HANDS])
    run(other, "play 3-6 4-5", "pick 2-6")
    with pytest.raises(IllegalAction, match="you picked 2-6 already: play it with one tile after it"):
        other.apply(Action.parse("play 1-1 2-2"))


def test_the_picks_are_the_pickers_own(tien_gow) -> None:
    match = Match(tien_gow, 4, deals=[HANDS])
    run(match, "play 3-6 4-5", "pick 2-6")
    assert match.observation(3).tricks.picked == ((2, 6),)
    for seat in (0, 1, 2):
        assert match.observation(seat).tricks.picked == ()
        shown = [e for e in match.observation(seat).history if e["type"] == "action"]
        assert shown[-1] == {"type": "action", "seat": 3, "action": {"kind": PICK}}
    assert match.trick_view.picked == ()
    # A determinization of another seat knows nothing of the picks; the picker's keeps them.
    rng = random.Random(1)
    other = TrickDeterminizer(tien_gow.for_players(4), match.observation(0)).sample(rng)
    assert other.current_player == 3 and len(other.legal_actions()) > 1
    assert other.observation(3).tricks.picked == ()
    own = TrickDeterminizer(tien_gow.for_players(4), match.observation(3)).sample(rng)
    assert own.observation(3).tricks.picked == ((2, 6),)
    assert [str(a) for a in own.legal_actions()] == ["pick 3-5", "pick 5-5"]


def test_a_game_saved_between_picks_resumes_and_replays(tien_gow) -> None:
    match = Match(tien_gow, 4, deals=[HANDS])
    run(match, "play 3-6 4-5", "pick 2-6")
    saved = SavedGame("tien-gow", [], tien_gow.digest, 0, ["human"] * 4, match.events)
    rebuilt = rebuild_scripted(saved, tien_gow)
    assert rebuilt.legal_actions() == match.legal_actions() == [Action(PICK, (3, 5)), Action(PICK, (5, 5))]
    run(rebuilt, "pick 3-5")
    run(match, "pick 3-5")
    assert rebuilt.events == match.events


def rebuild_scripted(saved: SavedGame, ruleset) -> Match:
    """`rebuild` of a save of the scripted deal: its actions applied in order to a fresh match."""
    match = Match(ruleset, 4, deals=[HANDS])
    for event in saved.events:
        if event["type"] == "action":
            match.apply(Action.from_json(event["action"]))
    assert match.events == saved.events
    return match


def test_a_random_game_saved_between_picks_rebuilds_and_replays(tien_gow) -> None:
    match = Match(tien_gow, 4, seed=5)
    rng = random.Random(5)
    while match.current_player is None or match.observation(match.current_player).tricks.picked == ():
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    saved = SavedGame("tien-gow", [], tien_gow.digest, 5, ["human"] * 4, match.events)
    assert rebuild(saved, tien_gow).legal_actions() == match.legal_actions()
    report = replay([json.dumps(e) for e in match.events], lambda header: tien_gow)
    assert report.divergence is None
    assert report.actions == sum(1 for e in match.events if e["type"] == "action")


def test_only_the_picker_hears_which_tile_it_picked(tien_gow) -> None:
    match = Match(tien_gow, 4, deals=[HANDS])
    run(match, "play 3-6 4-5", "pick 2-6")
    kinds = ["human"] * 4
    for seat in range(4):
        lines = last_actions(match, named_seats(kinds, None, seat), seat, match.events)
        assert ("You picked [6|2]." in lines) is (seat == 3), (seat, lines)
        assert not any("[6|2]" in line for line in lines if seat != 3), (seat, lines)
    spectator = last_actions(match, named_seats(kinds), None, match.events)
    assert not any("[6|2]" in line or "picked" in line for line in spectator)


def test_the_counter_player_and_the_rule_of_thumb_pick_towards_one_play(tien_gow) -> None:
    """Goose and a five led (a mixed pair); seat 3 takes the lead with its Man and a seven (4-4
    2-5), picked 2-5 first (the hand's order), though the Earth 1-1 alone outranks the Goose;
    seat 2 holds no higher mixed pair and lays its two lowest tiles face down."""
    dealt = deal(
        "1-3 2-3 6-6 6-6 5-5 5-5 3-3 3-3",
        "4-6 4-6 3-6 4-5 2-6 3-5 2-4 1-4",
        "1-3 4-4 1-1 2-2 2-2 5-6 5-6 3-4",
        "4-4 2-5 1-1 1-5 1-5 1-6 1-6 1-2",
        starter=0,
    )
    for choose in ("counter", "rule_of_thumb"):
        match = Match(tien_gow, 4, deals=[dealt])
        run(match, "play 1-3 2-3")
        player = CounterPlayer(1)
        chosen = []
        for seat in (3, 3, 2, 2):
            assert match.current_player == seat
            if choose == "counter":
                action = player.choose(match.observation(seat), match.legal_actions())
            else:
                action = match.rule_of_thumb()
            chosen.append(str(action))
            match.apply(action)
        assert chosen[:2] == ["pick 2-5", "pick 4-4"], choose
        assert match.trick_view.plays[1:] == ((3, ((2, 5), (4, 4)), 0), (2, (), 2))
        low = sorted(match.observation(2).tricks.discards)
        assert chosen[2:] == [f"pick {a}-{b}" for a, b in low] and len(low) == 2, choose


def test_the_engine_refuses_combinations_past_the_bound_before_making_one_group() -> None:
    """A ruleset built without the loader: 45 places of 45 tiles would be 45^8 groups."""
    tiles = tuple((a, b) for a in range(9) for b in range(a, 9))
    huge = Combination("huge", (tiles,) * 8, "any", 1)
    with pytest.raises(ValueError, match=f"stand for {len(tiles) ** 8} groups of tiles; at most {MAX_GROUPS}"):
        Groups([huge], dict.fromkeys(tiles, 8))


def test_the_agents_action_space_is_the_declared_groups_and_one_pick_a_tile() -> None:
    """Hands of 60 and ten pair combinations: never every pair (or quartet) of the set."""
    ruleset = load_ruleset_text(big_hands(60), "big-hands.yaml", Path.cwd())
    encoding = Encoding(ruleset, 2, 2, 1.0)
    tiles = set(ruleset.set_tiles())
    several = [a for a in encoding.actions if len(a.tiles) > 1]
    assert sorted(a.tiles for a in several) == [((a, a), (a, a)) for a in range(10)]
    assert {a.tile for a in encoding.actions if a.kind == PICK} == tiles
    match = Match(ruleset, 2, seed=0)
    match.apply(next(a for a in match.legal_actions() if len(a.tiles) == 2))
    assert encoding.mask(match.legal_actions()).sum() == len(match.legal_actions()) <= 60


@pytest.mark.parametrize("strategy", ["counter", "random", "ismcts"])
def test_a_computer_seat_makes_its_picks_as_one_whole_play(tien_gow, strategy) -> None:
    """A table paces a computer's play once, not once a tile: its picks come as the whole play
    they make, the one its player builds pick by pick (one player for the play), on a copy."""
    match = Match(tien_gow, 4, deals=[HANDS])
    run(match, "play 6-6 6-6 3-6 4-5")
    before = match.events.copy()
    whole = computer_choice(match, strategy, 7)
    assert match.events == before  # chosen on a copy
    player = make_player(strategy, decision_seed(7, len(match.events)), reproducible=True)
    one_by_one = match.clone()
    picked = []
    while one_by_one.current_player == 3:
        legal = one_by_one.legal_actions()
        pick = legal[0] if len(legal) == 1 else player.choose(one_by_one.observation(3), legal)
        assert pick.kind == PICK
        picked.append(pick.tile)
        one_by_one.apply(pick)
    assert whole == Action.group(picked)
    match.apply(whole)
    assert match.trick_view.plays == one_by_one.trick_view.plays


def test_ismcts_searches_once_for_a_play_built_by_picks(tien_gow, monkeypatch) -> None:
    """Its later picks are read from the tree of its first search (the picker's own next nodes),
    so a follow of four tiles costs one search, not one a choice; a fresh player searches."""
    match = Match(tien_gow, 4, deals=[HANDS])
    run(match, "play 6-6 6-6 3-6 4-5")  # seat 3 follows with four tiles
    player = IsmctsPlayer(3, iterations=200, ms=None)
    searches = []
    search = IsmctsPlayer._search
    monkeypatch.setattr(IsmctsPlayer, "_search", lambda self, *a: searches.append(1) or search(self, *a))
    choices = 0
    while match.current_player == 3:
        legal = match.legal_actions()
        choices += len(legal) > 1
        action = player.choose(match.observation(3), legal)
        assert action.kind == PICK and action in legal
        match.apply(action)
    assert choices >= 2 and len(searches) == 1
    assert len(match.trick_view.plays) == 2
    other = Match(tien_gow, 4, deals=[HANDS])
    run(other, "play 6-6 6-6 3-6 4-5", "pick 1-1")
    IsmctsPlayer(3, iterations=50, ms=None).choose(other.observation(3), other.legal_actions())
    assert len(searches) == 2
