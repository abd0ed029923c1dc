"""The single-agent Gymnasium environment of a tycoon game: one seat learns, the game's bots (or
random agents) play the others (docs/rl.md, "Environments").
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from tycoon.core.driver import Agent
from tycoon.core.errors import IllegalAction
from tycoon.core.game import TERMINAL
from tycoon.rl.episode import Episode

ILLEGAL_REWARD = -1.0
"""The reward of an index the mask does not allow; it ends the episode."""


class TycoonGym(gymnasium.Env[npt.NDArray[np.float32], int]):
    """One seat of a tycoon game as a Gymnasium environment with a masked ``Discrete(N)``.

    The observation is the seat's ``State.observation_vector`` followed by the pending segment;
    ``action_masks()`` gives the allowed indices as booleans (the convention of sb3-contrib's
    ``MaskablePPO``), and ``info["action_mask"]`` the same. Every step is one pick of the action
    encoding; between the seat's decisions the other seats (``opponents``: ``"bot"``, the
    game's own bot, ``"random"``, or any kind ``tycoon.agents.catalogue.make_agent`` knows) and
    chance play on. The reward is 0 until the end and then ``Outcome.returns()[seat]``: 1
    shared among the winners. An index the mask does not allow ends the episode with
    ``ILLEGAL_REWARD`` (the game left as it was, ``info["illegal"]`` saying why).
    ``max_steps`` (default: none) truncates an episode.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium declares it an instance variable)

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        seat: int = 0,
        opponents: str = "bot",
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        from tycoon.agents.catalogue import make_agent

        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.episode = Episode(game_id, players, **options)
        seats = self.episode.game.num_seats
        if not 0 <= seat < seats:
            raise ValueError(f"seat must be one of 0..{seats - 1} for {seats} players, not {seat!r}")
        self.seat = seat
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.opponents: dict[int, Agent] = {
            s: make_agent(self.episode.game.id, opponents) for s in range(seats) if s != seat
        }
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.episode.observation_size,), np.float32)
        self.action_space: spaces.Discrete = spaces.Discrete(self.episode.encoding.size)  # type: ignore[assignment]
        self.steps = 0
        self.illegal: str | None = None
        """Why the last index was refused, once one was (the episode is then over)."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        # Chance and the opponents draw from generators seeded from one seed, as the driver
        # seeds them; without a seed, from one drawn by Gymnasium's own generator.
        root = seed if seed is not None else int(self.np_random.integers(2**63))
        self.episode.reset(root)
        for s, agent in self.opponents.items():
            agent.seed(f"{root}:{s}")
        self.steps = 0
        self.illegal = None
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self.episode.seat() == TERMINAL or self.illegal is not None:
            raise RuntimeError("the episode is over; call reset()")
        try:
            self.episode.push(int(action))
        except IllegalAction as e:
            # As PettingZoo's TerminateIllegalWrapper: the episode ends, the state unchanged.
            self.illegal = str(e)
            return self._observe(), ILLEGAL_REWARD, True, False, {**self._info(), "illegal": self.illegal}
        self.steps += 1
        self._play_others()
        terminated = self.episode.seat() == TERMINAL
        reward = float(self.episode.returns()[self.seat]) if terminated else 0.0
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        return self._observe(), reward, terminated, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The allowed indices now, as booleans."""
        return self.episode.mask(self.seat).astype(np.bool_)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.episode.render()

    def _play_others(self) -> None:
        episode = self.episode
        while (seat := episode.seat()) != TERMINAL and seat != self.seat:
            episode.apply(self.opponents[seat].act(episode.state, seat))

    def _observe(self) -> npt.NDArray[np.float32]:
        return self.episode.observation(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


def gym_env(
    game_id: str,
    players: int | None = None,
    seat: int = 0,
    opponents: str = "bot",
    **options: Any,
) -> TycoonGym:
    """The single-agent environment of ``game_id`` for ``seat``, the others played by
    ``opponents``."""
    return TycoonGym(game_id, players, seat, opponents, **options)
