"""Biznes po polsku as a PettingZoo AEC environment: ``env()``, and ``raw_env()`` as
PettingZoo names the unwrapped one (the same here: the checks are inside)."""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from tycoon.rl.aec import TycoonAEC, aec_env

GAME = "biznes_po_polsku"


def env(**kwargs: Any) -> AECEnv[str, dict[str, Any], int]:
    """The environment (an illegal index: -1 and the end; calls checked for their order)."""
    return aec_env(GAME, **kwargs)


def raw_env(**kwargs: Any) -> TycoonAEC:
    """The same environment: it needs no wrappers (``tycoon.rl.aec_env``)."""
    return TycoonAEC(GAME, **kwargs)
