"""Which actions are legal now, and why one that is not was refused."""

from __future__ import annotations

from interpreter.engine.actions import DRAW, DRAW_ACTION, KINDS, MARKER, MARKER_ACTION, PASS_ACTION, PLAY, Action
from interpreter.engine.layout.arms import SIDE, TRAIN, Arm, Demand
from interpreter.engine.layout.state import LayoutState
from interpreter.engine.tiles import bits, normal, tile_text
from interpreter.rulefile.ruleset import (
    DrawPolicy,
)


class LegalMoves(LayoutState):
    """`Match`'s legal-move rules: open arms, plays, what a player unable to play does."""

    def _drawable(self) -> int:
        return max(0, len(self._boneyard) - self._reserve - self._next_draw)

    def _binding(self) -> Demand | None:
        """The open double that restricts play now: the oldest one that binds."""
        for demand in self._demands:
            if demand.active:
                return demand
        return None

    def _open_arms(self, seat: int) -> list[Arm]:
        """The arms `seat` may play on now: the binding open double's arms if there is one."""
        lay = self._layout
        arms = lay.arms
        demand = self._binding() if self._demands else None
        if demand is not None:
            candidates = [arms[i] for i in demand.arms]
        elif self._line:
            candidates = arms
        else:
            markers = lay.markers
            if self._rules.layout.open_trains:  # every train is open, marker or none
                candidates = arms
            else:
                candidates = [a for a in arms if a.owner is None or a.owner == seat or markers[a.owner]]
        if self._gated:
            return [a for a in candidates if a.spinner is None or lay.ends_covered(a.spinner)]
        return candidates

    def _unable(self, seat: int) -> Action:
        """What a player does instead of playing: draw if the rules let them, else pass or mark."""
        if self._can_draw():
            return DRAW_ACTION
        if self._marker and not self._layout.markers[seat]:
            return MARKER_ACTION
        return PASS_ACTION

    def _compute_legal(self) -> list[Action]:
        """The hot path of legal moves: per open arm, one AND of the hand with the matching mask of
        the value it shows, and per fitting tile its precomputed row of (shared) play actions."""
        if self._over:
            return []
        seat = self._current
        if self._needs_lead:
            leads = self._t.leads
            out = [leads[x] for x in ([self._lead] if self._lead is not None else bits(self._hands[seat]))]
            if self._lead_choice:
                out.append(PASS_ACTION)
            return out
        out: list[Action] = []
        hand = self._hands[seat]
        if self._drawn >= 0:
            hand &= 1 << self._drawn
        if hand:
            fits = self._fits
            masks = fits.masks
            rows = fits.plays
            for arm in self._layout.arms if self._all_open and not self._demands else self._open_arms(seat):
                value = arm.value
                fit = hand & masks[value]
                if fit:
                    row = rows.get(arm.id << 6 | value) or self._t.plays_row(fits, arm.id, value)  # tables.row_key
                    while fit:
                        low = fit & -fit
                        fit ^= low
                        out += row[low]
            if out and self._play_allowed is not None:
                out = self._allowed(seat, out)
            if self._t.shapes_turns:
                out = self._turn_shaped(seat, hand, out)
            if self._extra:  # the optional play after a double: play, or stop
                out.append(PASS_ACTION)
                return out
            if out and self._forced:
                if self._rules.draw.voluntary and not self._turn_laid and self._can_draw():
                    out.append(DRAW_ACTION)
                return out
        elif self._extra:
            return [PASS_ACTION]
        out.append(self._unable(seat))
        return out

    def _turn_shaped(self, seat: int, hand: int, plays: list[Action]) -> list[Action]:
        """The plays as a turn of several tiles (play.per_turn) and trains started from one's own
        double (layout.train_start) shape them: those that leave a whole turn possible, and a
        player's own doubles, which may start their train."""
        t = self._t
        if plays and t.multi:
            plays = self._whole_turn_plays(seat, plays)
        if t.own_double and not self._turn_laid and not self._started(seat):
            leads = t.leads
            plays = [leads[x] for x in bits(hand & t.double_mask)] + plays
        return plays

    def _started(self, seat: int) -> bool:
        """Whether `seat` has a personal train on the table (always, unless trains start from own doubles)."""
        return not self._t.own_double or any(arm.owner == seat for arm in self._layout.arms)

    def _allowed(self, seat: int, plays: list[Action]) -> list[Action]:
        """The plays that `play.allowed` lets be made now, out of those that fit."""
        t = self._t
        lay = self._layout
        root = lay.lead if lay.lead is not None else lay.engine
        from_lead = [arm.root == root for arm in lay.arms]
        env: dict[str, object] = {
            "lead_arms": sum(from_lead),
            "lead_arms_started": sum(1 for arm in lay.arms if from_lead[arm.id] and arm.tiles),
            "laid": sum(len(arm.tiles) for arm in lay.arms),
            "hand": self._hands[seat].bit_count(),
            "players": self._n,
            "max_pip": t.max_pip,
            "round": self._round,
            "doubles": tuple(p for p in range(t.max_pip + 1) if lay.doubles >> p & 1),
            "turn_tiles": self._turn_laid,
            "own_started": self._started(seat),
        }
        turn_arms = self._turn_arms
        allowed = self._play_allowed
        out = []
        for action in plays:
            arm = lay.arms[action.arm]  # type: ignore[index]
            low, high = action.tile  # type: ignore[misc]
            env.update(
                half=action.half,
                other=low + high - action.half,  # type: ignore[operator]
                high=high,
                low=low,
                is_double=low == high,
                arm=arm.id,
                arm_tiles=len(arm.tiles),
                from_lead=from_lead[arm.id],
                is_side=arm.kind == SIDE,
                is_train=arm.kind == TRAIN,
                own_train=arm.owner == seat,
                shared_train=arm.kind == TRAIN and arm.owner is None,
                marked=arm.owner is not None and lay.markers[arm.owner],
                arm_turn_tiles=turn_arms.count(arm.id),
                # A player's train may have two arms (layout.train_start: own_double): they count as one.
                train_turn_tiles=turn_arms.count(arm.id)
                if arm.owner is None
                else sum(1 for i in turn_arms if lay.arms[i].owner == arm.owner),
            )
            if allowed(env):
                out.append(action)
        return out

    def _turn_size(self, seat: int, hand: int) -> tuple[int, bool]:
        """How many tiles the turn `seat` starts with `hand` tiles lays (at least one), and whether
        it must be laid whole: `play.per_turn` and `play.whole_turn`. A turn that need not be whole
        lays at most `hand`; a whole one longer than the hand cannot be laid at all."""
        play = self._rules.play
        env = {"hand": hand, "boneyard": self._drawable(), "players": self._n, "max_pip": self._t.max_pip,
               "round": self._round}  # fmt: skip
        need = max(1, int(play.per_turn(env))) if play.per_turn is not None else 1
        whole = play.whole_turn is not None and bool(play.whole_turn(env))
        return (need if whole else min(need, hand)), whole

    def _whole_turn_plays(self, seat: int, plays: list[Action]) -> list[Action]:
        """Out of `plays`, those after which the rest of a whole turn can still be laid (all of
        them when the turn need not be whole, or this is its last tile)."""
        if self._turn_laid:
            need, whole = self._turn_need, self._turn_whole
        else:
            hand = self._hands[seat].bit_count()
            need, whole = self._turn_size(seat, hand)
            if need > hand:  # a whole turn of more tiles than the hand holds: nothing can start it
                return []
        if not whole or self._turn_laid + 1 >= need:
            return plays
        return [action for action in plays if self._completes(action)]

    def _completes(self, action: Action) -> bool:
        """Whether the turn goes on after `action` (or the match ends with it): tried on a copy,
        whose own listing of the next tiles applies this same test, down to the turn's last tile."""
        probe = self.clone()
        probe._events = []  # the probe's log is never read
        probe._do(action)
        return probe._over or probe._turn_laid > 0

    def _can_draw(self) -> bool:
        """Whether the rules let the current player draw a tile now."""
        return self._may_draw and (not self._drew or self._policy is DrawPolicy.UNTIL_PLAYABLE) and self._drawable() > 0

    def _why_illegal(self, action: object) -> str:
        if self._over:
            return "the match is over"
        if not isinstance(action, Action) or action.kind not in KINDS:
            return f"{action!r} is not an action"
        seat = self._current
        legal = self._legal or []
        plays = [a for a in legal if a.kind == PLAY]
        if action.kind != PLAY:
            return self._why_not_unable(seat, action.kind, bool(plays))
        t = self._t
        tile = t.index.get(normal(action.tile)) if action.tile is not None else None
        if tile is None:
            return f"{action.tile!r} is not a tile of the double-{t.max_pip} set"
        name = tile_text(t.tiles[tile])
        if not self._hands[seat] >> tile & 1:
            return f"seat {seat} does not hold {name}"
        if self._needs_lead:
            if self._lead is not None and tile != self._lead:
                return f"the round opens with {tile_text(t.tiles[self._lead])}"
            return f"the first tile is the lead: it goes on no arm ('lead {name}')"
        if action.arm is None and self._t.own_double:
            if self._started(seat):
                return f"your train has started already: say which arm {name} goes on ('{name} on arm N')"
            if not t.is_double[tile]:
                return f"only a double of your own starts your train, not {name}"
        if action.arm is None:
            return f"say which arm {name} goes on ('{name} on arm N')"
        if not 0 <= action.arm < len(self._layout.arms):
            return f"there is no arm {action.arm}"
        if self._drawn >= 0 and tile != self._drawn:
            return f"after drawing, only the drawn tile {tile_text(t.tiles[self._drawn])} may be played"
        arm = self._layout.arms[action.arm]
        if arm not in self._open_arms(seat):
            return self._why_closed(seat, arm)
        if action.half not in t.tiles[tile]:
            return f"{name} has no half {action.half}"
        if action.half in self._fits.halves[arm.value][tile]:  # it fits: a rule beyond matching refused it
            allowed = self._play_allowed is None or bool(self._allowed(seat, [action]))
            if allowed and self._t.multi:  # the whole-turn test refused it
                held = self._hands[seat].bit_count()
                need = self._turn_need if self._turn_laid else self._turn_size(seat, held)[0]
                if not self._turn_laid and need > held:
                    return f"this turn must lay {need} tiles whole, and the hand holds {held}"
                return f"after {name} on arm {arm.id} no whole turn of {need} tiles can be laid"
            source = self._rules.play.allowed.source if self._rules.play.allowed is not None else ""
            return f"the rules do not allow {name} on arm {arm.id} now (play.allowed: {source})"
        return f"{name} with its {action.half} touching does not match arm {arm.id} (it shows {arm.value})"

    def _why_closed(self, seat: int, arm: Arm) -> str:
        demand = self._binding()
        if demand is not None:
            double = tile_text(self._t.tiles[demand.tile])
            return f"the open double {double} must be covered first (arms {', '.join(map(str, demand.arms))})"
        if arm.owner is not None and arm.owner != seat and not self._layout.markers[arm.owner]:
            return f"arm {arm.id} is seat {arm.owner}'s train and carries no marker"
        if arm.kind == SIDE:
            return f"arm {arm.id} opens once both ends of its spinner carry a tile"
        return f"arm {arm.id} is not open"

    def _why_not_unable(self, seat: int, kind: str, can_play: bool) -> str:
        if self._extra and self._turn_laid:
            return "this turn may lay another tile: play one, or pass to stop"
        if self._extra:
            return "after a double you may play again or pass, nothing else"
        if self._turn_laid and can_play:
            return f"this turn lays {self._turn_need} tiles while any can be laid: play another"
        if can_play and self._forced:
            return "a player who can play must play"
        expected = self._unable(seat).kind
        if kind == DRAW:
            if self._policy is DrawPolicy.NONE:
                return "these rules have no drawing"
            if self._drew and self._policy is not DrawPolicy.UNTIL_PLAYABLE:
                return "only one tile may be drawn this turn"
            return "there is nothing left to draw"
        if kind == MARKER and not self._marker:
            return "these rules have no markers: pass"
        if expected == DRAW:
            return "a player who cannot play must draw first"
        if kind == MARKER:
            return f"seat {seat}'s train already carries a marker: pass"
        return "a player who cannot play puts a marker on their own train"



def normalized_play(action: object) -> Action | None:
    """The same play written with its tile as (low, high), if it was written the other way round."""
    if isinstance(action, Action) and action.kind == PLAY and action.tile is not None and len(action.tile) == 2:
        return action._replace(tile=normal(action.tile))
    return None
