"""The Gymnasium ids of the single-agent environments, registered when ``tycoon.rl`` is
imported with Gymnasium installed: ``gymnasium.make("tycoon/DieBosse-v0", players=3)``."""

from __future__ import annotations

GYMNASIUM_IDS = {
    "tycoon/BiznesPoPolsku-v1": "biznes_po_polsku",
    "tycoon/DieBosse-v0": "die_bosse",
    "tycoon/Playboss-v0": "playboss",
}
"""The Gymnasium ids, with their game ids."""

VERSIONS = {"biznes_po_polsku": 1}
"""Each game's environment version where it is not 0: it changes when the game's behaviour for
an agent does (Biznes po polsku 1: counter-offers and reasons, docs/decisions/0032)."""


def version(game_id: str) -> int:
    """The version of ``game_id``'s environments (``biznes_po_polsku_v1``)."""
    return VERSIONS.get(game_id, 0)


def register_gymnasium() -> None:
    """Register the single-agent environments with Gymnasium (again is harmless)."""
    import gymnasium

    for env_id, game_id in GYMNASIUM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="tycoon.rl.gym:TycoonGym", kwargs={"game_id": game_id})
