"""Reinforcement learning on tycoon's games: the action encoding, PettingZoo and Gymnasium
environments (the optional extra ``rl``; docs/rl.md).

:mod:`tycoon.rl.encoding` needs numpy only; the environments need PettingZoo and Gymnasium,
and are imported when first asked for, so ``import tycoon.rl`` works with numpy alone.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from tycoon.rl.encoding import Encoding, Pending
from tycoon.rl.registration import register_gymnasium

with contextlib.suppress(ImportError):  # without Gymnasium there is nothing to register
    register_gymnasium()

if TYPE_CHECKING:
    from pettingzoo import AECEnv

    from tycoon.rl.gym import TycoonGym


def aec_env(
    game_id: str,
    players: int | None = None,
    max_cycles: int = 100_000,
    render_mode: str | None = None,
    **options: Any,
) -> AECEnv[str, dict[str, Any], int]:
    """The PettingZoo AEC environment of ``game_id`` (see :func:`tycoon.rl.aec.aec_env`)."""
    from tycoon.rl import aec

    return aec.aec_env(game_id, players, max_cycles, render_mode, **options)


def gym_env(
    game_id: str, players: int | None = None, seat: int = 0, opponents: str = "bot", **options: Any
) -> TycoonGym:
    """The single-agent Gymnasium environment of ``game_id`` (see :func:`tycoon.rl.gym.gym_env`)."""
    from tycoon.rl import gym

    return gym.gym_env(game_id, players, seat, opponents, **options)


def make(name: str, **kwargs: Any) -> AECEnv[str, dict[str, Any], int]:
    """The wrapped AEC environment ``name`` (``"die_bosse_v0"``; see :func:`tycoon.rl.envs.make`)."""
    from tycoon.rl import envs

    return envs.make(name, **kwargs)


def register_openspiel(game_ids: list[str] | None = None) -> list[str]:
    """Register the games with OpenSpiel as ``python_tycoon_<id>`` (see
    :func:`tycoon.rl.openspiel.register_openspiel`; needs ``open_spiel``)."""
    from tycoon.rl import openspiel

    return openspiel.register_openspiel(game_ids)


def __getattr__(name: str) -> Any:
    # ``tycoon.rl.envs`` on first use, which also registers the Gymnasium ids.
    if name == "envs":
        import importlib

        return importlib.import_module("tycoon.rl.envs")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Encoding", "Pending", "aec_env", "gym_env", "make", "register_openspiel"]
