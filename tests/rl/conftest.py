"""Shared set-up of the reinforcement-learning tests.

A game whose observation is still to be written gets a stand-in for these tests only (the
seat to move and the viewer), so the environments can be tested on every game; the stand-in
goes once every game describes its own.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tycoon.core.game import Game, Observation, Segment, State
from tycoon.core.registry import load, registered


def _stand_in_layout(self: Game) -> tuple[Segment, ...]:
    return (Segment("the seat to move (test stand-in)", 1), Segment("the viewer (test stand-in)", 1))


def _stand_in_observation(self: State, seat: int) -> Observation:
    return Observation((float(self.current_player()), float(seat)), f"seat {seat}")


@pytest.fixture(autouse=True, scope="session")
def observations() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        for game_id in registered():
            game = load(game_id)
            try:
                game.observation_layout()
                continue
            except NotImplementedError:
                pass
            patch.setattr(type(game), "observation_layout", _stand_in_layout)
            patch.setattr(type(game.new_state()), "observation", _stand_in_observation)
        yield
