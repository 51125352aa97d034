"""Agents: every rule file as an environment for game-playing agents (docs/agents.md).

`encoding.py` turns one seat's `Observation` into a fixed-size array and every action into an
index of a fixed action space; `pettingzoo_env.py` is the PettingZoo AEC environment built on it
(the `agents` extra). Nothing here changes the engine: the environment drives a `Match` through
its public API and shows each agent only what `Match.observation(seat)` gives that seat.
"""
