"""The PettingZoo AEC environment of a tycoon game (docs/rl.md, "Environments").

One agent per seat, ``seat_0`` … ``seat_{n-1}``. The agent selected is always the seat whose
decision the engine waits for (``State.current_player()``), as in :func:`tycoon.core.driver.play`:
what the rules let a seat do "at any time" is offered to it among its own decisions, never
while another seat decides. A decision takes one step per pick of the action encoding
(:mod:`tycoon.rl.encoding`), so the same agent may be selected several steps running.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from tycoon.core.game import TERMINAL
from tycoon.rl.episode import Episode
from tycoon.rl.registration import version

MAX_CYCLES = 100_000
"""The default bound on steps per episode."""

ILLEGAL_REWARD = -1.0
"""The reward of an agent that gives an index its mask does not allow (the game then ends)."""


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class TycoonAEC(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """A tycoon game as a PettingZoo AEC environment.

    ``observe(agent)`` is ``{"observation": float32 vector, "action_mask": int8 vector}``: the
    seat's ``State.observation`` followed by the pending segment, and the allowed indices
    (zeros for an agent not deciding). At the end every agent is terminated and rewarded with
    ``Outcome.returns()``: 1 shared among the winners, 0 for the rest. After ``max_cycles``
    steps every agent is truncated instead, with no reward.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "tycoon_v0", "is_parallelizable": False}

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        max_cycles: int = MAX_CYCLES,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        self.episode = Episode(game_id, players, **options)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        game_id = self.episode.game.id
        self.metadata = {**TycoonAEC.metadata, "name": f"{game_id}_v{version(game_id)}"}  # type: ignore[misc]
        seats = self.episode.game.num_seats
        self.possible_agents = [agent_name(s) for s in range(seats)]
        self._seat = {agent_name(s): s for s in range(seats)}
        size = self.episode.observation_size
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.episode.encoding.size,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.episode.encoding.size) for a in self.possible_agents}
        self.steps = 0
        self._has_reset = False
        self._rewarded = False
        """Whether ``rewards`` holds a reward that is not 0 (the next step clears it)."""
        # ``agents``, ``rewards``, ``terminations``, ``truncations``, ``infos`` and
        # ``agent_selection`` are set by ``reset``: before it they are missing, an
        # AttributeError, as PettingZoo's OrderEnforcingWrapper makes them.
        self.agents: list[str]
        self.rewards: dict[str, float]
        self._cumulative_rewards: dict[str, float]
        self.terminations: dict[str, bool]
        self.truncations: dict[str, bool]
        self.infos: dict[str, dict[str, Any]]
        self.agent_selection: str

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        seat = self._seat[agent]
        return {"observation": self.episode.observation(seat), "action_mask": self.episode.mask(seat)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.episode.reset(seed)
        self._has_reset = True
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._rewarded = False
        self.agent_selection = self.agents[0]
        self._select()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return super().agent_iter(max_iter)

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is deciding and must give an index, not None")
        if not 0 <= action < self.episode.encoding.size:
            raise ValueError(f"{agent}'s index must be one of 0 to {self.episode.encoding.size - 1}, not {action}")
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            # Rewards are 0 but at the end: the dict is made anew only after one was not.
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        pending = self.episode.pending
        if pending is None or int(action) not in pending.allowed():
            # As PettingZoo's TerminateIllegalWrapper does for its classic games, without
            # its layers at every call: the game ends, -1 for the agent, the state as it was.
            EnvLogger.warn_on_illegal_move()
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = ILLEGAL_REWARD
            self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            return
        self.episode.push(int(action))
        self.steps += 1
        if self.episode.seat() == TERMINAL:
            returns = self.episode.returns()
            self.rewards = {a: float(returns[self._seat[a]]) for a in self.agents}
            self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif self.steps >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()

    def _select(self) -> None:
        """Select the seat to decide, its mask in its ``info`` (the others' are empty)."""
        seat = self.episode.seat()
        infos = self.infos
        if seat == TERMINAL:
            self.infos = {a: {} for a in self.agents}
            return
        before = self.agent_selection
        if infos.get(before):
            infos[before] = {}
        agent = self.possible_agents[seat]
        self.agent_selection = agent
        infos[agent] = {"action_mask": self.episode.mask(seat)}

    def render(self) -> str | None:
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        if self.render_mode is None:
            return None
        return self.episode.render()

    def close(self) -> None:
        pass


def aec_env(
    game_id: str,
    players: int | None = None,
    max_cycles: int = MAX_CYCLES,
    render_mode: str | None = None,
    **options: Any,
) -> AECEnv[str, dict[str, Any], int]:
    """The AEC environment of ``game_id``, behaving as PettingZoo's classic environments do
    behind their three wrappers, with the checks inside the environment (which saves a layer
    of attribute lookups per wrapper at every call): an index the mask does not allow ends the
    game with -1 for the agent that gave it (as ``TerminateIllegalWrapper`` does), an index
    outside the action space is refused with ``ValueError`` (``AssertOutOfBoundsWrapper``), and
    the order of calls is checked as ``OrderEnforcingWrapper`` checks it (stepping, observing,
    rendering or iterating before ``reset`` is an error, and so is reading ``agents``,
    ``rewards`` and the like)."""
    return TycoonAEC(game_id, players, max_cycles, render_mode, **options)
