"""The computer players at a trick game (Texas 42): every one bids, declares and plays legally to
the end of a match, and `counter`'s rules of thumb on scripted deals. Strength is measured in
bench/tricks.py, never here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.engine import Action, Match, deal
from interpreter.engine.actions import BID, PASS_ACTION, TRUMPS
from interpreter.engine.tricks.tables import trick_tables_for
from interpreter.loader import load_ruleset
from interpreter.players import PLAYERS, Player, make_player
from interpreter.players.counter import CounterPlayer, estimate
from interpreter.players.ismcts import IsmctsPlayer
from interpreter.study.simulation import play_match

ROOT = Path(__file__).resolve().parents[1]

# Seat 0 holds five sixes from the 6-6 down, and the 5-5.
SIXES = deal(
    "6-6 6-5 6-4 6-3 6-2 5-5 1-0",
    "6-1 6-0 5-4 5-3 5-2 4-4 3-3",
    "5-1 5-0 4-3 4-2 4-1 4-0 2-2",
    "3-2 3-1 3-0 2-1 2-0 1-1 0-0",
    starter=0,
)
# Seat 1 bids and leads; seat 0 (counter) plays last to each trick.
LAST = deal(
    "5-5 5-4 5-0 0-0 1-1 2-2 3-3",
    "5-2 6-6 6-5 6-4 6-3 6-2 6-1",
    "5-1 6-0 4-4 4-3 4-2 4-1 4-0",
    "5-3 3-2 3-1 3-0 2-1 2-0 1-0",
    starter=1,
)


@pytest.fixture(scope="module")
def t42():
    return load_ruleset("texas-42")


def play(tile: str) -> Action:
    return Action.parse(f"play {tile}")


def _choice(player: Player, match: Match) -> Action:
    seat = match.current_player
    assert seat is not None
    return player.choose(match.observation(seat), match.legal_actions())


def _player(name: str, seed: int) -> Player:
    # A tiny search budget: these tests check legality, not strength.
    return IsmctsPlayer(seed, iterations=6, ms=None) if name == "ismcts" else make_player(name, seed, reproducible=True)


@pytest.mark.parametrize("name", sorted(PLAYERS))
@pytest.mark.parametrize("file", ["texas-42", "texas-42-forced-bid"])
def test_every_player_plays_42_legally_to_the_end(name: str, file: str) -> None:
    rules = load_ruleset(file)
    for seed in range(2):
        # Against `counter`, which bids: two non-bidders together would pass hand after hand.
        seats = [_player(name if seat % 2 == seed % 2 else "counter", seed * 4 + seat) for seat in range(4)]
        match = play_match(rules, seats, seed=seed)  # apply() raises on an illegal action
        assert match.is_over and max(match.scores) >= 7
        kinds = {e["action"]["kind"] for e in match.events if e["type"] == "action"}
        assert {"bid", "trumps", "play"} <= kinds


def _first_hands(rules, seats: list[Player], seed: int, hands: int) -> list[dict]:
    """The events of a match's first `hands` hands, each decision asked of the seat's player."""
    match = Match(rules, len(seats), seed=seed)
    while not match.is_over and match.round <= hands:
        chooser = seats[match.current_player]
        seen = match.observation(match.current_player) if chooser.observes else None
        match.apply(chooser.choose(seen, match.legal_actions()))
    return list(match.events)


def test_the_players_are_reproducible_at_42(t42) -> None:
    # Three hands (bids, trumps, every trick) each: whole matches are replayed by
    # tests/test_every_game_every_player.py; here each searching player's own choices.
    for name in ("counter", "ismcts", "greedy"):
        runs = [_first_hands(t42, [_player(name, seat) for seat in range(4)], 3, 3) for _ in range(2)]
        assert runs[0] == runs[1] and sum(e["type"] == "action" for e in runs[0]) > 60, name


def test_counter_bids_declares_and_leads_its_long_trumps(t42) -> None:
    match = Match(t42, 4, deals=[SIXES])
    counter = CounterPlayer(0)
    tables = trick_tables_for(t42, 4)
    best = estimate(tables, sum(1 << tables.index[tile] for tile in match.hand(0)), 6, True)
    # Five top trumps, the 5-5 likely, the 6-4's and 5-5's count, half of the rest for the partner.
    assert 38 <= best < 39
    assert _choice(counter, match) == Action(BID, value=38)  # the highest bid within the estimate
    match.apply(Action(BID, value=38))
    for _ in range(3):
        match.apply(PASS_ACTION)
    assert match.current_player == 0 and match.phase == "declaring"
    assert _choice(counter, match) == Action(TRUMPS, value=6)
    match.apply(Action(TRUMPS, value=6))
    assert _choice(counter, match) == play("6-6")  # draw trumps with the highest


def test_counter_passes_a_weak_hand_and_over_its_partner(t42) -> None:
    match = Match(t42, 4, deals=[SIXES])
    match.apply(Action(BID, value=38))
    assert _choice(CounterPlayer(0), match) == PASS_ACTION  # seat 1: two small sixes, no double above
    match.apply(PASS_ACTION)
    assert _choice(CounterPlayer(0), match) == PASS_ACTION  # seat 2: its partner holds the bid


LAY_DOWN = deal(
    "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
    "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    "4-3 4-2 4-1 4-0 3-3 3-2 3-1",
    "3-0 2-2 2-1 2-0 1-1 1-0 0-0",
    starter=0,
)


def test_counter_bids_marks_on_a_hand_that_takes_every_trick(t42) -> None:
    """All seven sixes take all seven tricks and so all 42 points: two marks, not a 1-mark bid."""
    match = Match(t42, 4, deals=[LAY_DOWN])
    tables = trick_tables_for(t42, 4)
    assert estimate(tables, tables.mask_of(match.hand(0)), 6, True) == 42
    assert _choice(CounterPlayer(0), match) == Action(BID, value=84)


def test_the_last_seat_bids_the_lowest_bid_rather_than_throw_the_deal_in(t42) -> None:
    """Seat 3 holds a hand worth a little under 30 by counter's estimate: it passes when a seat
    is still to speak, and bids 30 when everyone else passed (a pass would throw the deal in)."""
    hands = ("6-6 4-4 5-2 4-2 3-1 2-1 1-1", "6-5 5-4 6-2 2-2 4-1 6-0 5-0",
             "5-5 3-3 6-1 5-1 4-0 3-0 0-0", "6-4 6-3 5-3 4-3 3-2 2-0 1-0")  # fmt: skip
    first = Match(t42, 4, deals=[deal(*hands, starter=3)])
    tables = trick_tables_for(t42, 4)
    worth = max(estimate(tables, tables.mask_of(first.hand(3)), d, True) for d in tables.declarations)
    assert 26 <= worth < 30
    assert _choice(CounterPlayer(0), first) == PASS_ACTION
    last = Match(t42, 4, deals=[deal(*hands, starter=0)])
    for _ in range(3):
        last.apply(PASS_ACTION)
    assert last.current_player == 3 and _choice(CounterPlayer(0), last) == Action(BID, value=30)


@pytest.mark.parametrize("file", ["texas-42", "texas-42-house"])
def test_ismcts_bids_marks_on_a_lay_down(file: str) -> None:
    """All seven sixes bid two marks (84), not a 1-mark bid that the model's opponents would let
    through as well: counter's bid on the hand, the highest it may make, so nothing is weighed."""
    match = Match(load_ruleset(file), 4, deals=[LAY_DOWN])
    assert _choice(IsmctsPlayer(0, iterations=200, ms=None), match) == Action(BID, value=84)


def test_ismcts_bids_nel_o_on_a_weak_hand_of_the_house_rules() -> None:
    """Where counter passes, the search weighs a pass against the bids, each by the marks the hand
    played out after it gains: one mark (the lowest bid that allows nel-o) beats a pass beyond doubt."""
    hands = ("3-1 4-0 5-2 6-1 2-0 4-3 5-1", "0-0 1-0 1-1 2-1 2-2 3-0 3-2",
             "3-3 4-1 4-2 4-4 5-0 5-3 5-4", "5-5 6-0 6-2 6-3 6-4 6-5 6-6")  # fmt: skip
    match = Match(load_ruleset("texas-42-house"), 4, deals=[deal(*hands, starter=0)])
    assert _choice(CounterPlayer(0), match) == PASS_ACTION
    assert _choice(IsmctsPlayer(0, iterations=300, ms=None), match) == Action(BID, value=42)


def test_ismcts_bids_where_counter_would_rather_than_throw_the_deal_in(t42) -> None:
    """The last seat's hand of the test above (worth a little under 30), after three passes."""
    hands = ("6-6 4-4 5-2 4-2 3-1 2-1 1-1", "6-5 5-4 6-2 2-2 4-1 6-0 5-0",
             "5-5 3-3 6-1 5-1 4-0 3-0 0-0", "6-4 6-3 5-3 4-3 3-2 2-0 1-0")  # fmt: skip
    match = Match(t42, 4, deals=[deal(*hands, starter=0)])
    for _ in range(3):
        match.apply(PASS_ACTION)
    chosen = _choice(IsmctsPlayer(0, iterations=200, ms=None), match)
    assert chosen.kind == BID and chosen.value >= 30  # type: ignore[operator]


def _last_to_play(t42, declaration: int, tiles: list[str]) -> Match:
    match = Match(t42, 4, deals=[LAST])
    for action in (Action(BID, value=30), PASS_ACTION, PASS_ACTION, PASS_ACTION, Action(TRUMPS, value=declaration)):
        match.apply(action)
    for tile in tiles:
        match.apply(play(tile))
    assert match.current_player == 0
    return match


def test_counter_wins_with_the_cheapest_winning_tile(t42) -> None:
    # Sixes trumps; 5-2 led, the partner's 5-1 is beaten by the opponent's 5-3: 5-5 and 5-4 both
    # win for certain (seat 0 plays last), and the 5-4 is the cheaper.
    match = _last_to_play(t42, 6, ["5-2", "5-1", "5-3"])
    assert match.legal_actions() == [play("0-5"), play("4-5"), play("5-5")]
    assert _choice(CounterPlayer(0), match) == play("4-5")


def test_counter_throws_count_to_its_winning_partner(t42) -> None:
    # Blanks trumps; 6-5 led, the partner trumps with 4-0, the opponent throws 2-1: the trick is
    # the partner's for certain, and seat 0 (no six) throws its 5-5, not the 5-0 that would overtake.
    match = _last_to_play(t42, 0, ["6-5", "4-0", "2-1"])
    assert len(match.legal_actions()) == 7
    assert _choice(CounterPlayer(0), match) == play("5-5")


def test_counter_keeps_a_loo_hand_only_when_it_should_take_a_trick() -> None:
    """Domino Loo, four players, fours trumps: seat 0 holds one low trump (4-0) and no top tile, so it
    may well be looed (-5). It exchanges its hand. Keeping on any single trump got four `counter`s
    looed so often that a match to 15 drifted below zero and never ended (the engine's round limit)."""
    hands = ("6-3 6-2 1-2 4-0 5-1", "3-3 3-2 5-5 0-0 1-1", "6-6 5-0 3-1 2-0 4-2", "6-5 6-4 6-1 6-0 5-4")
    rules = load_ruleset("domino-loo")
    for starter, call in ((0, "exchange"), (3, "keep")):  # seat 3 holds two trumps, 6-4 and 5-4
        dealt = deal(*hands, boneyard="0-1 0-3 1-4 2-2 2-5 3-4 3-5 4-4", starter=starter)
        match = Match(rules, 4, deals=[dealt])
        assert match.trick_view.declaration == 4
        assert [str(a) for a in match.legal_actions()] == ["keep", "drop", "exchange"]
        assert str(_choice(CounterPlayer(0), match)) == call


def test_counter_plays_a_layout_game_as_heavy() -> None:
    rules = load_ruleset("straight")
    match = Match(rules, 2, deals=[deal("2-3 6-6 4-5 1-1 0-1 0-2 0-3", "1-2 1-3 1-4 2-2 2-4 3-3 3-4", starter=0)])
    assert _choice(CounterPlayer(0), match) == _choice(make_player("heavy", 0), match) == Action.play((6, 6))


def test_the_bench_runs_on_a_few_games() -> None:
    out = subprocess.run(
        [sys.executable, "bench/tricks.py", "--games", "2", "--pairs", "counter:random", "--jobs", "1", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert '"games": 2' in out.stdout.splitlines()[-1]


def test_what_the_auction_said_shapes_the_hands_ismcts_samples(t42) -> None:
    """Seat 0 holds SIXES' hand; seat 1 bid 34 and seats 2 and 3 passed. A sample that heeds the
    auction gives seat 1 a hand worth about its bid and the passers weak ones; without it the
    hands are dealt blind. Compared on the same random streams: the estimate of seat 1's hand
    (counter's, the model of the auction) is higher on average, the passers' lower."""
    import random

    from interpreter.engine.tricks.determinize import TrickDeterminizer
    from interpreter.players.auction import SLACK, auction_fit

    match = Match(t42, 4, deals=[SIXES])
    for action in (PASS_ACTION, Action(BID, value=34), PASS_ACTION, PASS_ACTION):
        match.apply(action)
    observation = match.observation(0)
    t = trick_tables_for(t42.for_players(4), 4)
    misfit = auction_fit(t, observation)
    assert misfit is not None

    def worth(hand: int) -> float:
        return max(estimate(t, hand, d, True) for d in t.declarations)

    def mean_worths(sampler: TrickDeterminizer) -> list[float]:
        rng = random.Random(7)
        totals = [0.0] * 4
        for _ in range(60):
            sample = sampler.sample(rng)
            for seat in (1, 2, 3):
                totals[seat] += worth(t.mask_of(sample.hand(seat)))
        return [total / 60 for total in totals]

    blind = mean_worths(TrickDeterminizer(t42.for_players(4), observation))
    heeded = mean_worths(TrickDeterminizer(t42.for_players(4), observation, misfit))
    assert heeded[1] > blind[1] + 2
    assert max(heeded[2], heeded[3]) < 35 + SLACK
    # Seat 0's own pass says nothing to itself, and a seat whose partner held the bid shows nothing.
    assert auction_fit(t, Match(t42, 4, deals=[SIXES]).observation(0)) is None
