"""Any rule file as a PettingZoo AEC environment (docs/agents.md; the `agents` extra).

PettingZoo's classic layout: `raw_env` is the environment's class, and `env(rules, players)` makes
one wrapped in PettingZoo's standard wrappers (an action out of the space refused, and the order of
calls enforced: a `step` before `reset` is PettingZoo's own clear error). It plays one match of the
rules per episode. Each agent is a seat ("seat_0",
…); its observation is `{"observation": float32 array, "action_mask": int8 array}` built only from
`Match.observation(seat)` (interpreter/agents/encoding.py); its action is an index of a fixed
`Discrete` space. Seats given to `opponents` are played by the project's computer players inside
`step`, so one agent can be trained or measured against them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # the extra is optional: say how to get it
    raise ImportError("interpreter.agents needs pettingzoo: pip install 'domino-rules[agents]'") from error

import numpy as np

from interpreter.agents.encoding import Encoding
from interpreter.engine import Action, Match, MatchLimitError
from interpreter.engine.match import new_match
from interpreter.expressions.language import ExpressionRuntimeError
from interpreter.loader import load_ruleset
from interpreter.players import PLAYERS, Player, make_player
from interpreter.players.rewards import lead_changes
from interpreter.records.seeds import SEED_BITS, secret_seed
from interpreter.rulefile.ruleset import Ruleset, Winner

DEALS = 1_000  # deals tried at a reset for one that is not over before any decision
# What stops a match of legal moves: a rule's expression failing, or a safety bound (as the CLI treats them).
_STOPPERS = (ExpressionRuntimeError, MatchLimitError)


def result(share: float, sides: int) -> float:
    """The end-of-match reward of a seat whose side took `share` of the win (`Match.returns`):
    +1 alone, −1/(sides−1) for a loser, so that the sides' rewards add up to 0; a side alone
    (patience) gets its share."""
    return share if sides == 1 else (sides * share - 1) / (sides - 1)


def lead_change(before: tuple[int, ...], after: tuple[int, ...], side: int, lowest_wins: bool) -> float:
    """How far `side` moved ahead of the mean of the other sides, in points (lowest wins: negated)."""
    return lead_changes(before, after, lowest_wins)[side]


class DominoEnv(AECEnv):
    """The AEC environment of a rule file (a path, a bundled name, or a loaded `Ruleset`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "domino_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False,
    }  # fmt: skip

    def __init__(
        self,
        rules: Ruleset | str,
        players: int | None = None,
        *,
        teams: bool | None = None,
        opponents: Mapping[int, str] | None = None,
        round_rewards: bool = True,
        score_scale: float | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        ruleset = rules if isinstance(rules, Ruleset) else load_ruleset(rules)
        count = ruleset.players.min if players is None else players
        probe = new_match(ruleset, count, seed=0, teams=teams)  # checks the count and the teams choice
        self._ruleset, self._count, self._teams = ruleset, count, teams
        self._sides = probe.sides
        self._side_of = tuple(probe.side_of(seat) for seat in range(count))
        self._lowest = probe.ruleset.match.winner is Winner.LOWEST
        computers = dict(opponents or {})
        for seat, name in computers.items():
            if not (isinstance(seat, int) and 0 <= seat < count):
                raise ValueError(f"opponents: seat {seat!r} is not a seat of a {count}-player match (0 to {count - 1})")
            if name not in PLAYERS:
                raise ValueError(f"opponents: no player '{name}' (players: {', '.join(PLAYERS)})")
        if len(computers) == count:
            raise ValueError("opponents: every seat is a computer; leave at least one seat to an agent")
        self._computer_names = computers
        if score_scale is None:
            target = probe.ruleset.match.target
            score_scale = target if target else sum(low + high for low, high in probe.ruleset.set_tiles())
        if not score_scale > 0:
            raise ValueError(f"score_scale must be above 0, not {score_scale}")
        self.encoding = Encoding(probe.ruleset, count, probe.sides, score_scale)
        self._round_rewards = round_rewards
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(
                f"render_mode {render_mode!r}: this environment renders 'ansi' (returns the text), 'human' "
                "(prints it) or nothing"
            )
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{seat}" for seat in range(count) if seat not in computers]
        self._seat = {agent: int(agent.removeprefix("seat_")) for agent in self.possible_agents}
        self._agent_of = {seat: agent for agent, seat in self._seat.items()}
        observation = spaces.Box(-np.inf, np.inf, (self.encoding.size,), np.float32)
        mask = spaces.Box(0, 1, (len(self.encoding.actions),), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": observation, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(len(self.encoding.actions)) for a in self.possible_agents}
        self._seeder: random.Random | None = None  # until reset(seed=…): each match's seed drawn from secrets
        self._match: Match = probe
        self._computers: dict[int, Player] = {}
        self._legal: dict[int, Action] = {}

    # ---- the spaces -----------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @property
    def match(self) -> Match:
        """The match being played (all of it, hidden tiles included: for the trainer, never an agent)."""
        return self._match

    def action_of(self, index: int) -> Action:
        """The action an index stands for."""
        return self.encoding.actions[int(index)]

    # ---- the episode ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match: `seed` gives the engine's `Match(..., seed=seed)` deal (later resets
        without a seed follow on from it), unless that deal is over at once (a patience lost before
        any move): then a seed drawn from it, and so on; the computer players are seeded from the
        match's seed."""
        if seed is not None:
            self._seeder = random.Random(seed)
            match_seed = int(seed)
        elif self._seeder is not None:  # reproducible: following on from the seed given
            match_seed = self._seeder.getrandbits(SEED_BITS)
        else:  # nobody chose it: no hand the agent sees identifies it (records/seeds.py)
            match_seed = secret_seed()
        self._match = new_match(self._ruleset, self._count, seed=match_seed, teams=self._teams)
        # A deal over before anyone decides (a patience with nothing to remove) is no episode: no
        # action of the agent's could change it. The next seed is dealt instead, at most DEALS times.
        for _ in range(DEALS):
            if not self._match.is_over:
                break
            match_seed = random.Random(match_seed).getrandbits(SEED_BITS)
            self._match = new_match(self._ruleset, self._count, seed=match_seed, teams=self._teams)
        self._computers = {
            seat: make_player(name, match_seed * 1_000 + seat, reproducible=True)
            for seat, name in self._computer_names.items()
        }
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.agents[0]
        stopped = self._play_computers()
        self._settle(stopped)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self._legal.get(-1 if action is None else int(action))
        if chosen is None:
            raise ValueError(f"action {action} is not legal for {agent} now: choose where the action_mask is 1")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        before = self._match.scores
        stopped = None
        try:
            self._match.apply(chosen)
            stopped = self._play_computers()
        except _STOPPERS as error:
            stopped = str(error)
        if self._round_rewards and self._match.scores != before:
            after = self._match.scores
            for name in self.agents:
                side = self._side_of[self._seat[name]]
                self.rewards[name] += lead_change(before, after, side, self._lowest) / self.encoding.score_scale
        self._settle(stopped)
        self._accumulate_rewards()

    def _play_computers(self) -> str | None:
        """Let the computer seats move until an agent's turn or the match's end; what stopped the
        match, if a rule did (None: it goes on, or ended by its rules)."""
        match = self._match
        try:
            while not match.is_over and match.current_player in self._computers:
                seat = match.current_player
                player = self._computers[seat]
                legal = match.legal_actions()
                seen = match.observation(seat) if player.observes else None
                match.apply(player.choose(seen, legal))
        except _STOPPERS as error:
            return str(error)
        return None

    def _settle(self, stopped: str | None) -> None:
        """After a move: the end-of-match rewards and terminations, a stop's truncations, or
        the next agent to move and its legal actions."""
        match = self._match
        self._legal = {}
        if match.is_over:
            shares = match.returns()
            for name in self.agents:
                self.rewards[name] += result(shares[self._seat[name]], self._sides)
                self.terminations[name] = True
        elif stopped is not None:
            for name in self.agents:
                self.truncations[name] = True
                self.infos[name]["stopped"] = stopped
        else:
            self.agent_selection = self._agent_of[match.current_player]  # type: ignore[index]
            for legal in match.legal_actions():
                self._legal.setdefault(self.encoding.index(legal), legal)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What `agent`'s seat may see, encoded; its mask is all 0 unless it is to move."""
        vector = self.encoding.encode(self._match.observation(self._seat[agent]))
        mask = np.zeros(len(self.encoding.actions), dtype=np.int8)
        if agent == self.agent_selection and self._legal:
            mask[list(self._legal)] = 1
        return {"observation": vector, "action_mask": mask}

    def render(self) -> str | None:
        """The round, the scores and who is to move with their legal actions, as text: returned in
        `ansi` mode, printed to standard output in `human` mode (which returns None)."""
        if self.render_mode not in ("ansi", "human"):
            return None
        match = self._match
        lines = [f"{self._ruleset.name}: round {match.round}, scores {list(match.scores)}"]
        if match.is_over:
            lines.append(f"over: sides {list(match.winners)} won")
        elif self._legal:
            following = _following(match)
            said = (f"{i}={_said(a, following)}" for i, a in sorted(self._legal.items()))
            lines.append(f"{self.agent_selection} to move: " + ", ".join(said))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the match lives in memory."""


def _following(match: Match) -> bool:
    """Whether a trick is under way: a play then follows it rather than leads. (The action's own
    text, `str(action)`, is the form `Action.parse` reads, which writes every trick play as a lead.)"""
    seat = match.current_player
    view = match.observation(seat).tricks if seat is not None else None
    return bool(view is not None and view.trick)


def _said(action: Action, following: bool) -> str:
    text = str(action)
    return "play" + text.removeprefix("lead") if following and text.startswith("lead ") else text


# PettingZoo's classic layout: `raw_env` the class, `env(...)` it wrapped in the standard wrappers.
raw_env = DominoEnv


def env(rules: Ruleset | str, players: int | None = None, **options: Any) -> AECEnv:
    """The environment of `rules` (`raw_env`'s arguments: players, teams, opponents, round_rewards,
    score_scale, render_mode), in PettingZoo's standard wrappers: an index outside the action
    space is refused, and calls out of order (a `step` before `reset`) get PettingZoo's own error.
    Its attributes (`match`, `encoding`, `action_of`) are read through the wrappers; `.unwrapped`
    is the environment itself."""
    made: AECEnv = raw_env(rules, players, **options)
    made = wrappers.AssertOutOfBoundsWrapper(made)
    return wrappers.OrderEnforcingWrapper(made)
