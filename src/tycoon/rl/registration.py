"""The Gymnasium ids of the single-agent environments, registered when ``tycoon.rl`` is
imported with Gymnasium installed: ``gymnasium.make("tycoon/DieBosse-v0", players=3)``."""

from __future__ import annotations

GYMNASIUM_IDS = {
    "tycoon/BiznesPoPolsku-v0": "biznes_po_polsku",
    "tycoon/DieBosse-v0": "die_bosse",
    "tycoon/Playboss-v0": "playboss",
}
"""The Gymnasium ids, with their game ids."""


def register_gymnasium() -> None:
    """Register the single-agent environments with Gymnasium (again is harmless)."""
    import gymnasium

    for env_id, game_id in GYMNASIUM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="tycoon.rl.gym:TycoonGym", kwargs={"game_id": game_id})
