"""The engine's public API: illegal actions, determinism, clones, observations, the log, fixtures."""

from __future__ import annotations

import json
import random
import re

import pytest
from engine_helpers import face_down_on_table, legal, of_type, play, rules, start

from interpreter.engine import (
    Action,
    CountingMatch,
    DrawDiscardMatch,
    IllegalAction,
    Match,
    ScriptedDeal,
    TrickMatch,
    deal,
)
from interpreter.resources import bundled_variants


def _random_play(m: Match, seed: int, limit: int = 100_000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if m.is_over:
            return
        actions = m.legal_actions()
        m.apply(actions[rng.randrange(len(actions))])


def _snapshot(m: Match) -> tuple:
    hands = tuple(m.hand(s) for s in range(m.players))
    return (len(m.events), hands, m.boneyard, m.layout, m.legal_actions(), m.current_player, m.scores)


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("lead 1-2", "seat 0 does not hold 1-2"),
        ("6-6 on arm 0", "the first tile is the lead"),
        ("draw", "a player who can play must play"),
    ],
)
def test_illegal_lead_refused_with_reason_state_unchanged(move: str, reason: str) -> None:
    m = start("draw", "6-6 0-1", "5-5 2-3", boneyard="4-4")
    before = _snapshot(m)
    with pytest.raises(IllegalAction, match=reason) as caught:
        m.apply(Action.parse(move))
    assert reason in caught.value.reason
    assert _snapshot(m) == before


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("6-1 on arm 7", "there is no arm 7"),
        ("1-6 on arm 0", "does not match arm 0 (it shows 6)"),
        ("pass", "a player who can play must play"),
        ("marker", "a player who can play must play"),
    ],
)
def test_illegal_play_refused_with_reason_state_unchanged(move: str, reason: str) -> None:
    m = start("draw", "6-6 0-1", "6-1 2-3", boneyard="4-4")
    play(m, "lead 6-6")
    before = _snapshot(m)
    with pytest.raises(IllegalAction, match=re.escape(reason)):
        m.apply(Action.parse(move))
    assert _snapshot(m) == before


def test_illegal_reasons_for_draw_pass_marker_and_closed_arms() -> None:
    m = start("draw", "6-6 0-1", "2-3", boneyard="4-4")
    play(m, "lead 6-6")
    with pytest.raises(IllegalAction, match="must draw first"):
        m.apply(Action("pass"))
    with pytest.raises(IllegalAction, match="no markers"):
        m.apply(Action("marker"))
    m = start("block", "6-6 0-1", "2-3")
    play(m, "lead 6-6")
    with pytest.raises(IllegalAction, match="no drawing"):
        m.apply(Action("draw"))
    m = start("straight", "5-5 0-1", "5-2 2-3")
    play(m, "lead 5-5")
    with pytest.raises(IllegalAction, match="opens once both ends"):
        m.apply(Action.parse("5-2 on arm 2"))
    m = start("mexican-train", "12-5 1-1", "12-3 0-1")
    with pytest.raises(IllegalAction, match="seat 1's train and carries no marker"):
        m.apply(Action.parse("12-5 on arm 1"))
    m = start("mexican-train", "12-6 6-6 12-4 0-0", "12-9 9-5 4-4 6-1")
    play(m, "12-6 on arm 0", "12-9 on arm 1", "6-6 on arm 0", "12-4 on arm 2")
    before = _snapshot(m)
    with pytest.raises(IllegalAction, match="open double 6-6 must be covered first"):
        m.apply(Action.parse("9-5 on arm 1"))
    assert _snapshot(m) == before
    with pytest.raises(IllegalAction, match="not an action"):
        m.apply("6-1 on arm 0")  # type: ignore[arg-type]


def test_a_play_written_high_first_is_accepted() -> None:
    m = start("draw", "6-6 0-1", "6-1 2-3")
    play(m, "lead 6-6")
    m.apply(Action("play", (6, 1), 0, 6))
    assert m.layout.arms[0].tiles == ((6, 1),)


def test_match_after_the_end_refuses_everything() -> None:
    m = start("draw", "1-2", "3-4", scores=[99, 0])
    play(m, "lead 1-2")
    assert m.is_over
    with pytest.raises(IllegalAction, match="the match is over"):
        m.apply(Action("pass"))


@pytest.mark.parametrize("variant", sorted(bundled_variants()))
def test_same_seed_same_game_and_the_log_is_json(variant: str) -> None:
    ruleset = rules(variant)
    n = ruleset.players.min
    a, b = Match(ruleset, players=n, seed=21), Match(ruleset, players=n, seed=21)
    _random_play(a, 5)
    _random_play(b, 5)
    assert a.is_over and a.events == b.events
    assert json.loads(json.dumps(a.events)) == a.events
    kinds = [e["type"] for e in a.events]
    assert kinds[0] == "match" and kinds[1] == "deal" and kinds[-1] == "match_end"
    # A round is dealt once, and once more for every redeal a player claimed (deal.redeal_claim).
    assert kinds.count("deal") - kinds.count("redeal_claim") == kinds.count("round_end") == a.round
    assert a.ruleset is ruleset.for_players(n)  # the rules of this player count, the same object each time
    header = a.events[0]
    assert (header["rules"], header["seed"], header["players"]) == (variant, 21, n)


@pytest.mark.parametrize("variant", sorted(bundled_variants()))
def test_every_tile_is_in_exactly_one_place(variant: str) -> None:
    ruleset = rules(variant)
    m = Match(ruleset, players=ruleset.players.max, seed=3)
    rng = random.Random(3)
    full = sorted(m.ruleset.set_tiles())  # the set of this player count (set.max_pip may vary)
    for step in range(400):
        if m.is_over:
            break
        if step % 7 == 0:
            held = [t for s in range(m.players) for t in m.hand(s)]
            # A trick game's tiles played this hand are in the tricks, not on a layout.
            trick_game = isinstance(m, TrickMatch)
            played = [t for tiles in m.trick_view.played for t in tiles] if trick_game else []
            if isinstance(m, DrawDiscardMatch):  # the face-up discards and the groups shown
                view = m.draw_discard_view
                played += [t for _, t in view.discards] + [t for groups in view.shown for _, ts in groups for t in ts]
            played += face_down_on_table(m)
            if isinstance(m, CountingMatch):  # a counting game's tiles laid to the count, and its starter
                view = m.counting_view
                played += [t for tiles in view.laid for t in tiles] + ([view.turn_up] if view.turn_up else [])
            assert sorted([*held, *m.boneyard, *m.dead, *m.layout.tiles, *played]) == full
        actions = m.legal_actions()
        assert actions
        m.apply(actions[rng.randrange(len(actions))])


def test_different_seeds_deal_differently() -> None:
    assert Match(rules("draw"), players=2, seed=1).hand(0) != Match(rules("draw"), players=2, seed=2).hand(0)


def test_clone_is_independent_and_has_the_same_future() -> None:
    m = Match(rules("straight"), players=3, seed=4)
    _random_play(m, 1, limit=5)
    copy = m.clone()
    before = _snapshot(m)
    _random_play(copy, 9)
    assert copy.is_over and _snapshot(m) == before
    twin = m.clone()
    _random_play(m, 2)
    _random_play(twin, 2)
    assert m.events == twin.events


def test_observation_shows_only_what_the_seat_may_know() -> None:
    m = start("draw", "6-6 0-1", "2-3 1-4", boneyard="5-5 0-0")
    play(m, "lead 6-6", "draw")
    seen = m.observation(0)
    assert seen.hand == ((0, 1),) and seen.hand_counts == (1, 3) and seen.boneyard_count == 1
    assert seen.current_player == 0 and [str(a) for a in seen.legal_actions] == ["draw"]
    assert m.observation(1).legal_actions == ()
    assert m.observation(1).hand == ((1, 4), (2, 3), (5, 5))
    history = seen.history
    assert [e["type"] for e in history] == ["match", "deal", "action", "action", "draw"]
    assert "hands" not in history[1] and history[1]["hand_sizes"] == [2, 2]
    assert history[-1] == {"type": "draw", "seat": 1}  # never which tile
    assert of_type(m.events, "draw")[0]["tile"] == [5, 5]  # the full log has it
    assert seen.layout == m.layout and seen.scores == (0, 0)


def test_layout_view_describes_arms_for_display() -> None:
    m = start("straight", "6-6 6-2", "6-3 1-1")
    play(m, "lead 6-6", "6-3 on arm 1")
    arm = m.layout.arms[1]
    assert (arm.id, arm.kind, arm.owner, arm.value, arm.tiles, arm.root) == (1, "end", None, 3, ((6, 3),), (6, 6))
    assert m.layout.lead == (6, 6) and m.layout.hub is None
    assert m.layout.tiles == ((6, 6), (3, 6))
    hub = start("mexican-train", "12-5 1-1", "12-3 0-1").layout
    assert hub.hub == (12, 12) and hub.lead is None and [a.open for a in hub.arms] == [True, False, True]


def test_action_text_and_json_round_trip() -> None:
    m = Match(rules("mexican-train"), players=3, seed=2)
    seen: set[str] = set()
    rng = random.Random(0)
    for _ in range(300):
        for action in m.legal_actions():
            assert Action.parse(str(action)) == action
            assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
            seen.add(action.kind)
        actions = m.legal_actions()
        m.apply(actions[rng.randrange(len(actions))])
    assert {"play", "draw", "marker"} <= seen
    assert str(Action.play((6, 6))) == "lead 6-6" and Action.parse("lead 6-6") == Action("play", (6, 6))
    with pytest.raises(ValueError):
        Action.parse("six on arm two")
    with pytest.raises(ValueError):
        Action.from_json({"kind": "jump"})


def test_scripted_deal_from_strings_and_from_a_logged_deal() -> None:
    d = ScriptedDeal.parse(["6-6 1-2", "[3|4] 0-0"], boneyard="5-5, 2-3", starter=1)
    assert d.hands == (((6, 6), (1, 2)), ((3, 4), (0, 0)))
    assert d.boneyard == ((5, 5), (2, 3)) and d.starter == 1
    assert deal("6-6 1-2", "3-4 0-0", boneyard="5-5 2-3", starter=1) == d
    original = Match(rules("draw"), players=3, seed=17)
    _random_play(original, 4)
    logged = of_type(original.events, "deal")[0]
    rerun = Match(rules("draw"), players=3, seed=0, deals=[ScriptedDeal.from_event(logged)])
    for event in original.events[2:]:
        if event["type"] == "round_end":
            break
        if event["type"] == "action":
            rerun.apply(Action.from_json(event["action"]))
    assert of_type(rerun.events, "round_end")[0] == of_type(original.events, "round_end")[0]


def test_scripted_deal_is_checked() -> None:
    with pytest.raises(ValueError, match="2 hands for 3 players"):
        Match(rules("draw"), players=3, deals=[deal("1-2", "3-4")])
    with pytest.raises(ValueError, match="dealt twice"):
        Match(rules("draw"), players=2, deals=[deal("1-2", "2-1")])
    with pytest.raises(ValueError, match="not in the double-6 set"):
        Match(rules("draw"), players=2, deals=[deal("1-7", "2-1")])
    with pytest.raises(ValueError, match="undealt tiles dead"):
        Match(rules("block"), players=2, deals=[deal("1-2", "3-4", boneyard="5-5")])
    with pytest.raises(ValueError, match="not a seat"):
        Match(rules("draw"), players=2, deals=[deal("1-2", "3-4", starter=2)])
    with pytest.raises(ValueError, match="2–4 players"):
        Match(rules("draw"), players=5)


def test_scripted_deals_run_out_then_random_deals_follow() -> None:
    m = start("draw", "1-2", "3-4 5-6")
    play(m, "lead 1-2")
    assert m.round == 2 and len(m.hand(0)) == 7 and of_type(m.events, "deal")[1]["how"] in ("highest_double", "lots")


def test_illegal_reasons_for_arms_halves_and_markers() -> None:
    m = start("draw", "6-6 0-1", "6-1 2-3")
    play(m, "lead 6-6")
    with pytest.raises(IllegalAction, match=re.escape("say which arm 1-6 goes on")):
        m.apply(Action.play((6, 1)))
    with pytest.raises(IllegalAction, match="1-6 has no half 5"):
        m.apply(Action.play((6, 1), 0, 5))
    m = start("mexican-train", "12-5 1-1", "3-4 0-2", "12-3 0-1")
    play(m, "12-5 on arm 0")
    with pytest.raises(IllegalAction, match="puts a marker on their own train"):
        m.apply(Action("pass"))
    play(m, "marker", "12-3 on arm 2", "marker")
    assert m.current_player == 1 and legal(m) == ["pass"]  # seat 1's marker is already out
    with pytest.raises(IllegalAction, match="already carries a marker"):
        m.apply(Action("marker"))
