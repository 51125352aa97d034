"""No seat learns from the log why another stopped its turn (issue 32): where the rest of a turn is
optional (a turn of several tiles, a tile again after a double), a player who stops with a tile
that fits and one who stops because none fits leave the same record for the others to read — the
player's pass. Before, a stop by need was silent (the turn simply passed) and a stop by choice was
a pass, so every other seat could tell that a silent stopper held no fitting tile.

Checked over every bundled file and example, in random play: at each optional stop (a pass offered
beside a play, after the player's own play this turn) and each stop by need (a pass offered alone
there), what each other seat's observation gains by the pass; and, in the files where stops by
choice occur, that stops by need are seen too (a silent one would never be)."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import Match
from interpreter.engine.actions import PASS, PLAY
from interpreter.engine.match import new_match
from tests.rule_files import FILES
from tests.rule_files import ruleset as ruleset_of

SEEDS = range(3)
MAX_ACTIONS = 3_000  # a bound on one match's random play here: every file's match ends well within it
CHECKS = 30  # stops of each kind compared per file (each costs a copy of the match and an observation)


def _public_gain(match: Match, seat: int, action_index: int) -> list[dict]:
    """What `seat`'s observation's log gains when the current player takes legal action `action_index`."""
    before = len(match.observation(seat).history)
    after = match.clone()
    after.apply(after.legal_actions()[action_index])
    return list(after.observation(seat).history)[before:]


def _shape(records: list[dict]) -> list[dict]:
    """The records up to the next seat's first decision: the stop itself, as others read it."""
    return records[:1]


def _mid_turn(match: Match, seat: int) -> bool:
    """Whether `seat`'s last action record is a play of its own, with no other seat's action since:
    it is laying the rest of a turn."""
    for event in reversed(match.events):
        if event.get("type") in ("deal", "round_end"):  # a new round's first turn lays no rest
            return False
        if event.get("type") == "action":
            return event["seat"] == seat and event["action"]["kind"] == PLAY
    return False


@pytest.mark.parametrize("file", sorted(FILES))
def test_a_stop_by_choice_and_a_stop_by_need_look_alike_to_the_others(file: str) -> None:
    ruleset = ruleset_of(file)
    if ruleset.family.value != "layout":  # only layout turns lay several tiles or a double's again
        return
    seen: dict[str, list[list[dict]]] = {"choice": [], "need": []}
    for seed in SEEDS:
        match = new_match(ruleset, ruleset.players.min, seed=seed)
        rng = random.Random(seed)
        for _ in range(MAX_ACTIONS):
            if match.is_over:
                break
            seat = match.current_player
            assert seat is not None
            legal = match.legal_actions()
            kinds = [a.kind for a in legal]
            case = "choice" if PLAY in kinds else "need"
            if PASS in kinds and len(seen[case]) < CHECKS and _mid_turn(match, seat):
                other = (seat + 1) % match.players
                gained = _shape(_public_gain(match, other, kinds.index(PASS)))
                seen[case].append(gained)
                assert gained == [{"type": "action", "seat": seat, "action": {"kind": PASS}}], (case, gained)
            match.apply(rng.choice(legal))
    if seen["choice"]:  # the rules leave a rest optional: some player must have met it with no tile to lay
        assert seen["need"], f"{file}: stops by choice but never a stop by need (a silent one?)"
