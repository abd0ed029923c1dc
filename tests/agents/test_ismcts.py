"""The searching agent (``tycoon.agents.ismcts``): the same seed and budget give the same choice,
the choice depends only on what the seat may know, and it plays legal games to the end."""

from __future__ import annotations

import math
import random

import pytest

from tycoon.agents.catalogue import make_agent
from tycoon.agents.ismcts import IsmctsAgent, final_values, margin, scores, standing
from tycoon.core.driver import Agent, play, sample_chance
from tycoon.core.game import CHANCE, TERMINAL, Outcome, State
from tycoon.core.registry import spec

GAMES = ["die_bosse", "biznes_po_polsku", "playboss"]


def small(game_id: str, **budget: float) -> IsmctsAgent:
    """The game's ``hard`` agent with a budget small enough for a test."""
    agent = make_agent(game_id, "hard")
    assert isinstance(agent, IsmctsAgent)
    agent.iterations = int(budget.get("iterations", 12))
    agent.horizon = int(budget.get("horizon", 8))
    agent.seconds = None
    return agent


def decision(game_id: str, players: int, seed: int, after: int) -> tuple[State, int]:
    """A state of a bots' game, ``after`` actions in or later, at a decision with a choice."""
    s = spec(game_id)
    state = s.factory(players=players).new_state()
    bots: list[Agent] = [s.bots["bot"]() for _ in range(players)]
    for i, b in enumerate(bots):
        b.seed(f"{seed}:{i}")
    rng = random.Random(seed)
    count = 0
    while (seat := state.current_player()) != TERMINAL:
        if seat != CHANCE and count >= after and len(state.legal_actions(seat)) > 1:
            return state, seat
        action = sample_chance(state, rng) if seat == CHANCE else bots[seat].act(state, seat)
        state.apply(action, seat)
        count += 1
    raise AssertionError(f"{game_id} ended before a decision with a choice")


def tree(agent: IsmctsAgent) -> list[tuple[str, int, list[float]]]:
    """The last search's root: each action tried, its visits and its seats' summed scores."""
    assert agent.last_root is not None
    return [(str(a), n.visits, n.totals) for a, n in agent.last_root.children.items()]


def test_standing_shares_the_seats_one_is_ahead_of() -> None:
    assert standing([10, 30, 20, 20]) == [0.0, 1.0, 0.5, 0.5]
    assert standing([5, 5]) == [0.5, 0.5]
    assert margin([10, 30, 20]) == [0.5 - 0.5 * 20 / 40, 0.5 + 0.5 * 10 / 50, 0.5 - 0.5 * 10 / 50]
    assert margin([-math.inf, 4.0]) == [0.0, 1.0]
    # The rules' winner stands first whatever its score; a seat knocked out stands last.
    assert final_values(Outcome((10, 30, 20), (0,), (1,))) == [math.inf, -math.inf, 20.0]
    assert final_values(Outcome((10, 30, 20), (1,))) == [10.0, 30.0, 20.0]
    assert scores([10.0, 30.0, 20.0], blend=0) == [0.0, 1.0, 0.5]
    # A game lost by little scores above one lost by much: behind, a seat gains nothing by
    # putting the end off.
    near, far = scores([28.0, 30.0], blend=0.5), scores([10.0, 30.0], blend=0.5)
    assert far[0] < near[0] < 0.5 < near[1] < far[1]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_seed_and_budget_give_the_same_choice(game_id: str) -> None:
    state, seat = decision(game_id, 3, seed=4, after=30)
    choices = []
    for _ in range(2):
        agent = small(game_id)
        agent.seed("choice")
        choices.append(agent.act(state.clone(), seat))
        assert agent.last_iterations == 12
    assert choices[0] == choices[1]
    assert choices[0] in state.legal_actions(seat) or state.refusal(choices[0], seat) is None


def test_a_search_leaves_the_state_as_it_was() -> None:
    state, seat = decision("die_bosse", 4, seed=2, after=40)
    before = state.fingerprint()
    small("die_bosse").act(state, seat)
    assert state.fingerprint() == before


@pytest.mark.parametrize("game_id", ["die_bosse", "biznes_po_polsku"])
def test_the_choice_never_depends_on_what_the_seat_cannot_see(game_id: str) -> None:
    # The same decision with every secret of the other seats dealt anew (another seat's hand,
    # the order of the decks): the agent searches the same worlds and chooses the same.
    seen = 0
    for seed in range(3):
        state, seat = decision(game_id, 3, seed=seed, after=25 + 10 * seed)
        twin = state.resample(seat, random.Random(f"twin {seed}"))
        if twin.fingerprint() != state.fingerprint():
            seen += 1
        choices, trees = [], []
        for world in (state, twin):
            agent = small(game_id, iterations=16)
            agent.seed(seed)
            choices.append(agent.act(world, seat))
            trees.append(tree(agent))
        assert choices[0] == choices[1], f"seed {seed}: {choices}"
        # Not only the choice: every figure of the search is the same.
        assert trees[0] == trees[1]
    assert seen, "no state had a secret to swap: the test would prove nothing"


@pytest.mark.parametrize("game_id", GAMES)
def test_it_plays_legal_actions_to_the_end_of_a_game(game_id: str) -> None:
    s = spec(game_id)
    agents: list[Agent] = [small(game_id, iterations=3, horizon=4), s.bots["bot"]()]
    # The driver applies every action and raises on an illegal one.
    result = play(s.factory(players=2), agents, seed=7)
    assert result.state.is_terminal()
    assert result.record.result is not None


def test_a_time_budget_ends_the_search() -> None:
    state, seat = decision("die_bosse", 2, seed=1, after=20)
    agent = small("die_bosse")
    agent.iterations = 10**9
    agent.seconds = 0.02
    action = agent.act(state, seat)
    assert state.refusal(action, seat) is None
    assert 1 <= agent.last_iterations < 10**9


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_declares_its_standing(game_id: str) -> None:
    s = spec(game_id)
    assert s.evaluate is not None
    state, _ = decision(game_id, 3, seed=0, after=30)
    values = s.evaluate(state)
    assert len(values) == 3
    assert all(isinstance(v, float) for v in values)
