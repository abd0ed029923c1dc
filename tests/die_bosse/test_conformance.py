"""The conformance suite over Die Bosse (ARCHITECTURE.md, "Tests, in layers", layer 2), with
the hidden-information check: every view a seat gets stays the same when the cards it cannot
see (other hands, the stacks, the discard pile, the cards taken out) are shared out anew.

200 seeded games with random agents and 200 with the bot, 2 to 6 players.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

import pytest

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, Agent, Game, load, sample_chance
from tycoon.games.die_bosse import BOTS
from tycoon.games.die_bosse.bot import DieBosseBot
from tycoon.testing import check_game

from .helpers import view_leak_check

PLAYERS = (2, 3, 4, 5, 6)
PER_SIZE = 200 // len(PLAYERS)
DETERMINISM = 10
"""Games per size that are also played twice (same seed, same game): the check costs a whole
game, and the property tests and the golden file check determinism again."""


def check(game: Game, seeds: range, **options: object) -> int:
    """Run the suite over ``seeds``, the first ``DETERMINISM`` also for determinism."""
    games = 0
    for part, again in ((seeds[:DETERMINISM], True), (seeds[DETERMINISM:], False)):
        report = check_game(
            game,
            seeds=part,
            max_checked_states_per_game=4,
            view_leak_check=view_leak_check,
            check_determinism=again,
            **options,  # type: ignore[arg-type]
        )
        games += report.games
    return games


@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_conform(players: int) -> None:
    game = load("die_bosse", players=players)
    seeds = range(players * 1000, players * 1000 + PER_SIZE)
    assert check(game, seeds) == PER_SIZE


def mixed(game: Game) -> Sequence[Agent]:
    return [BOTS["bot"]() if seat % 2 == 0 else RandomAgent() for seat in range(game.num_seats)]


@pytest.mark.parametrize("players", PLAYERS)
def test_bot_games_conform(players: int) -> None:
    game = load("die_bosse", players=players)
    seeds = range(players * 2000, players * 2000 + PER_SIZE)
    assert check(game, seeds, agents_factory=mixed) == PER_SIZE


def test_the_leak_check_catches_a_leak() -> None:
    """A view that showed another player's hand must fail the check (a check that cannot fail
    proves nothing)."""
    from .helpers import new_game

    state = new_game()
    view = state.view(0)
    view["players"][1]["hand"] = [1, 2, 3]
    with pytest.raises(AssertionError):
        view_leak_check(state, 0, view)
    view = state.view(0)
    view["action_stack"] = state.action_stack.copy()  # as if the stack's cards were shown
    with pytest.raises(AssertionError):
        view_leak_check(state, 0, view)


def test_chance_weights_are_the_outcomes_probabilities_in_whole_numbers() -> None:
    """``chance_weights`` (what the simulator draws with) lists the outcomes of
    ``chance_outcomes`` in the same order, with weights proportional to their probabilities,
    at every chance node of seeded games: the setup, the refills and the draws."""
    nodes = 0
    for players in (2, 4):
        state = load("die_bosse", players=players).new_state()
        rng = random.Random(players)
        bots = [DieBosseBot() for _ in range(players)]
        while not state.is_terminal():
            seat = state.current_player()
            if seat != CHANCE:
                state.apply(bots[seat].act(state, seat), seat)
                continue
            actions, weights = state.chance_weights()
            outcomes = state.chance_outcomes()
            assert list(actions) == [a for a, _ in outcomes]
            assert all(w > 0 for w in weights)
            total = sum(weights)
            assert [Fraction(w, total) for w in weights] == [p for _, p in outcomes]
            nodes += 1
            state.apply(sample_chance(state, rng), seat)
    assert nodes > 500
