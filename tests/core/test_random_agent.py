"""The random agent: legal, reproducible from its seed, and fair between kinds of action."""

from __future__ import annotations

from collections import Counter

import pytest

from toy_game import FACES, Hold, Roll
from tycoon.agents import RandomAgent
from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.core.registry import load


class Menu:
    """A stand-in state that offers a fixed list of actions."""

    def __init__(self, actions: list[Action]) -> None:
        self.actions = actions

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        return list(self.actions)


def menu(actions: list[Action]) -> State:
    return Menu(actions)  # type: ignore[return-value]


def test_chooses_only_legal_actions_through_a_whole_game() -> None:
    state = load("dice-race", players=3, concede=True).new_state()
    agent = RandomAgent(1)
    while not state.is_terminal():
        seat = state.current_player()
        chosen = FACES[0] if seat < 0 else agent.act(state, seat)
        assert chosen in state.legal_actions(seat)
        state.apply(chosen, seat)


def test_same_seed_same_choices() -> None:
    state = menu([Roll(), Hold(), *FACES])
    a, b = RandomAgent(7), RandomAgent(7)

    assert [a.act(state, 0) for _ in range(50)] == [b.act(state, 0) for _ in range(50)]


def test_seed_resets_the_generator() -> None:
    state = menu([Roll(), Hold(), *FACES])
    agent = RandomAgent(1)
    [agent.act(state, 0) for _ in range(10)]

    agent.seed("3:0")

    fresh = RandomAgent("3:0")
    assert [agent.act(state, 0) for _ in range(20)] == [fresh.act(state, 0) for _ in range(20)]


def test_different_seeds_choose_differently() -> None:
    state = menu([Roll(), Hold(), *FACES])
    runs = set()
    for seed in range(5):
        agent = RandomAgent(seed)
        runs.add(tuple(agent.act(state, 0) for _ in range(20)))

    assert len(runs) == 5


def test_draws_a_kind_first_then_an_action_of_that_kind() -> None:
    # One hold against six faces: uniform over kinds gives hold half the time, not 1/7.
    state = menu([Hold(), *FACES])
    agent = RandomAgent(0)
    counts = Counter(agent.act(state, 0).kind for _ in range(4000))

    assert 1800 < counts["hold"] < 2200, counts
    # Within the kind, each face equally: about 12000 / 2 / 6 = 1000 each.
    faces = Counter(agent.act(state, 0) for _ in range(12000))
    assert all(850 < faces[f] < 1150 for f in FACES), faces


def test_no_legal_action_is_an_error_naming_the_seat() -> None:
    with pytest.raises(ValueError, match="seat 2 has no legal action"):
        RandomAgent().act(menu([]), 2)
