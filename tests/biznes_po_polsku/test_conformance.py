"""The conformance suite over Biznes po polsku (ARCHITECTURE.md, "Tests, in layers", layer 2).

200 seeded games with random agents and 200 with the bot (half of them against random
agents), 2 to 5 players, both salary modes: every game ends, the same seed gives the same game,
replay rebuilds the final state, legal actions apply and illegal ones change nothing, the offer
and bid families' members apply or are refused without change and their bounds are tight, views
are JSON and hide the order of the card stacks, clones are independent. Games are agreed to end
after 10 rounds here, to keep the suite fast; the default 60-round game is played by the bot
and property tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.agents import RandomAgent
from tycoon.core import Agent, Game, State, load
from tycoon.games.biznes_po_polsku import BOTS
from tycoon.testing import check_game

SETUPS = [(2, False), (3, False), (4, False), (5, False), (3, True), (4, True)]
"""(players, forfeit_forgotten_salary)."""
PER_SETUP = 34
"""Seeds per setup: 6 × 34 = 204 games each for random agents and for bots."""


def hides_the_stack_order(state: State, seat: int, view: dict[str, Any]) -> None:
    """Everything in Biznes po polsku is public but the order of the card stacks: every seat
    sees what a spectator sees, and the stacks only as counts."""
    assert {k: v for k, v in view.items() if k != "you"} == {k: v for k, v in state.view(None).items() if k != "you"}
    assert "unseen" not in view and "known" not in view
    assert all(isinstance(count, int) for count in view["decks"].values())


@pytest.mark.parametrize(("players", "forfeit"), SETUPS)
def test_random_games_conform(players: int, forfeit: bool) -> None:
    game = load("biznes_po_polsku", players=players, rounds=10, forfeit_forgotten_salary=forfeit)
    seeds = range(players * 1000 + forfeit * 500, players * 1000 + forfeit * 500 + PER_SETUP)
    report = check_game(game, seeds=seeds, max_checked_states_per_game=4, view_leak_check=hides_the_stack_order)
    assert report.games == PER_SETUP
    assert report.illegal_actions_rejected > 0 and report.chance_nodes_checked > 0
    # Offers between players and bids are families: their members and bounds are checked too.
    assert report.families_checked > 0 and report.family_members_tried > 0


def mixed(game: Game) -> Sequence[Agent]:
    return [BOTS["bot"]() if seat % 2 == 0 else RandomAgent() for seat in range(game.num_seats)]


def only_bots(game: Game) -> Sequence[Agent]:
    return [BOTS["bot"]() for _ in range(game.num_seats)]


@pytest.mark.parametrize(("players", "forfeit"), SETUPS)
def test_bot_games_conform(players: int, forfeit: bool) -> None:
    game = load("biznes_po_polsku", players=players, rounds=10, forfeit_forgotten_salary=forfeit)
    seeds = range(players * 1000 + 7, players * 1000 + 7 + PER_SETUP)
    factory = only_bots if players % 2 else mixed
    report = check_game(game, seeds=seeds, agents_factory=factory, max_checked_states_per_game=4)
    assert report.games == PER_SETUP
