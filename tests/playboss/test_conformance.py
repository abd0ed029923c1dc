"""The conformance suite over Playboss (ARCHITECTURE.md, "Tests, in layers", layer 2).

200 seeded games with random agents and 200 with the bot, from solo practice to eight
businesses (the most the box's 8 pieces serve): every game ends, the same seed gives the same
game, replay rebuilds the final state, legal actions apply and illegal ones change nothing,
views are JSON, clones are independent.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.agents import RandomAgent
from tycoon.core import Agent, Game, load
from tycoon.games.playboss import BOTS
from tycoon.testing import check_game

PLAYERS = (1, 2, 3, 4, 5, 6, 8)


def years(players: int) -> int:
    """Two business years for small tables, one for large ones (they take many more actions)."""
    return 2 if players <= 4 else 1


@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_conform(players: int) -> None:
    game = load("playboss", players=players, years=years(players))
    seeds = range(players * 1000, players * 1000 + 200 // len(PLAYERS) + 1)
    report = check_game(game, seeds=seeds, max_checked_states_per_game=6)
    assert report.games == len(seeds)


def bots(game: Game) -> Sequence[Agent]:
    return [BOTS["bot"]() if seat % 2 == 0 else RandomAgent() for seat in range(game.num_seats)]


def only_bots(game: Game) -> Sequence[Agent]:
    return [BOTS["bot"]() for _ in range(game.num_seats)]


@pytest.mark.skipif("bot" not in BOTS, reason="the Playboss bot is not registered")
@pytest.mark.parametrize("players", PLAYERS)
def test_bot_games_conform(players: int) -> None:
    game = load("playboss", players=players, years=years(players))
    seeds = range(players * 1000, players * 1000 + 200 // len(PLAYERS) + 1)
    factory = only_bots if players % 2 else bots
    report = check_game(game, seeds=seeds, agents_factory=factory, max_checked_states_per_game=6)
    assert report.games == len(seeds)
