"""The conformance suite over Playboss with the expansion steps on (ARCHITECTURE.md, "Tests, in
layers", layer 2): each step alone, steps 2 to 5 together, 1 to 5, and all six, with random
agents and with the bot, and each of step 5's goals; with step 6 one seat is the worker
representative. About 490 seeded games in all, of 1 to 9 seats."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.agents import RandomAgent
from tycoon.core import Agent, Game, load
from tycoon.games.playboss import BOTS
from tycoon.testing import check_game

COMBINATIONS = ([1], [2], [3], [4], [5], [6], [2, 3, 4, 5], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6])
GOALS = ("first-to-sales", "sales-end-profit", "sales-yield", "asset-yield")


def mixed(game: Game) -> Sequence[Agent]:
    return [BOTS["bot"]() if seat % 2 == 0 else RandomAgent() for seat in range(game.num_seats)]


@pytest.mark.parametrize("steps", COMBINATIONS, ids=lambda s: "steps" + "".join(map(str, s)))
def test_random_games_with_steps_conform(steps: list[int]) -> None:
    seeds = range(30)
    for players in (1, 2, 3, 4, 6, 9):
        if 6 in steps and players == 1:
            continue  # the labour market needs a seat for the worker representative
        if 6 not in steps and players == 9:
            players = 8  # 8 businesses at most; the ninth seat is the representative's
        game = load("playboss", players=players, years=2, steps=steps)
        chosen = [s for s in seeds if s % 6 == (players % 6)]
        report = check_game(game, seeds=chosen, max_checked_states_per_game=6)
        assert report.games == len(chosen)


@pytest.mark.parametrize("steps", COMBINATIONS, ids=lambda s: "steps" + "".join(map(str, s)))
def test_bot_games_with_steps_conform(steps: list[int]) -> None:
    for players in (2, 3, 4, 5):
        game = load("playboss", players=players, years=2, steps=steps)
        seeds = range(players * 100, players * 100 + 5)
        report = check_game(game, seeds=seeds, agents_factory=mixed, max_checked_states_per_game=6)
        assert report.games == 5


@pytest.mark.parametrize("goal", GOALS)
def test_games_with_each_goal_conform(goal: str) -> None:
    game = load("playboss", players=3, years=2, steps=[2, 3, 4, 5], goal=goal, sales_target=20_000)
    report = check_game(game, seeds=range(8), agents_factory=mixed, max_checked_states_per_game=6)
    assert report.games == 8
    random_game = load("playboss", players=4, years=2, steps=[5], goal=goal, sales_target=10_000)
    assert check_game(random_game, seeds=range(4), max_checked_states_per_game=4).games == 4
