"""A seeded random agent.

It first picks a kind of action uniformly among the kinds that are legal, then one action of
that kind uniformly. Drawing over kinds keeps a random player from spending its turns on
whichever kind happens to have the most parameter values (amounts to borrow, say).
"""

from __future__ import annotations

import random

from tycoon.core.actions import Action
from tycoon.core.game import State


class RandomAgent:
    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    def act(self, state: State, seat: int) -> Action:
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has no legal action")
        by_kind: dict[str, list[Action]] = {}
        for a in actions:
            by_kind.setdefault(a.kind, []).append(a)
        kind = self.rng.choice(list(by_kind))
        return self.rng.choice(by_kind[kind])
