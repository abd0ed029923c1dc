"""Die Bosse as a PettingZoo AEC environment: ``env()`` wrapped, ``raw_env()`` bare."""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from tycoon.rl.aec import TycoonAEC, aec_env

GAME = "die_bosse"


def env(**kwargs: Any) -> AECEnv[str, dict[str, Any], int]:
    """The wrapped environment (illegal index: -1 and the end; calls in order)."""
    return aec_env(GAME, **kwargs)


def raw_env(**kwargs: Any) -> TycoonAEC:
    """The bare environment."""
    return TycoonAEC(GAME, **kwargs)
