"""The driver: one seed gives one game; chance is drawn with its exact probabilities."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from toy_game import FACES, DiceRaceState, Face, Hold, Roll
from tycoon.agents import RandomAgent
from tycoon.core.actions import Action
from tycoon.core.driver import GameTooLong, play, sample_chance
from tycoon.core.game import State
from tycoon.core.registry import load


def agents(n: int) -> list[RandomAgent]:
    return [RandomAgent() for _ in range(n)]


@pytest.mark.parametrize("seed", [0, 1, 99, "tuesday"])
def test_same_seed_same_game(seed: int | str) -> None:
    game = load("dice-race", players=3)

    first = play(game, agents(3), seed)
    second = play(game, agents(3), seed)

    assert first.record == second.record
    assert first.state.fingerprint() == second.state.fingerprint()
    assert first.actions == second.actions == len(first.record.moves)


def test_agents_are_reseeded_for_each_game() -> None:
    game = load("dice-race", players=2)
    reused = agents(2)
    play(game, reused, 3)  # leaves the agents' generators advanced

    assert play(game, reused, 5).record == play(game, agents(2), 5).record


def test_different_seeds_give_different_games() -> None:
    game = load("dice-race", players=3)
    games = {tuple(str(m.action) for m in play(game, agents(3), seed).record.moves) for seed in range(10)}

    assert len(games) == 10


def test_result_matches_the_outcome() -> None:
    result = play(load("dice-race", players=4), agents(4), 12)
    outcome = result.state.outcome()

    assert result.state.is_terminal()
    assert result.record.result == {
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "eliminated": list(outcome.eliminated),
        "actions": result.actions,
    }
    assert result.record.seed == 12


def test_names_are_written_into_the_record() -> None:
    result = play(load("dice-race", players=2), agents(2), 1, names=["Ada", "Bo"])

    assert result.record.seats == [{"name": "Ada", "agent": "random"}, {"name": "Bo", "agent": "random"}]


def test_game_too_long_is_raised_past_the_bound() -> None:
    game = load("dice-race", players=2)
    length = play(game, agents(2), 8).actions

    assert play(game, agents(2), 8, max_actions=length).actions == length  # exactly at the bound is fine
    with pytest.raises(GameTooLong) as caught:
        play(game, agents(2), 8, max_actions=length - 1)
    assert str(caught.value) == f"dice-race did not end within {length - 1} actions (seed 8)"


def test_wrong_number_of_agents_is_refused() -> None:
    with pytest.raises(ValueError, match="dice-race is set up for 3 seats but 2 agents were given"):
        play(load("dice-race", players=3), agents(2), 0)


def test_play_continues_from_a_given_state() -> None:
    game = load("dice-race", players=2, target=10)
    state = game.new_state()
    for a in [Roll(), Face(6), Roll(), Face(4)]:
        state.apply(a)

    assert state.is_terminal()  # 6 + 4 reached the target
    assert play(game, agents(2), 0, state=state).actions == 0


class FixedDraw(random.Random):
    """A generator whose every draw is ``x``."""

    def __init__(self, x: float) -> None:
        super().__init__(0)
        self.x = x

    def random(self) -> float:
        return self.x


def rolling_state() -> State:
    state = load("dice-race").new_state()
    state.apply(Roll())
    return state


@pytest.mark.parametrize(
    ("x", "face"),
    [(0.0, 1), (0.16, 1), (1 / 6, 1), (0.1667, 2), (0.5, 4), (0.6666, 4), (0.6667, 5), (0.9999999, 6)],
)
def test_sample_chance_takes_each_outcome_on_its_exact_share(x: float, face: int) -> None:
    # Exact arithmetic: 0.5 is the first draw of face 4 (1/2 = 3/6 exactly), not the last of
    # face 3; the float nearest 1/6 lies just below it, so it still draws face 1.
    assert sample_chance(rolling_state(), FixedDraw(x)) == Face(face)


def test_sample_chance_follows_the_probabilities() -> None:
    rng = random.Random(2)
    state = rolling_state()
    counts: dict[Action, int] = dict.fromkeys(FACES, 0)
    for _ in range(6000):
        counts[sample_chance(state, rng)] += 1

    assert all(850 < n < 1150 for n in counts.values()), counts


def test_chance_outcome_can_be_forced() -> None:
    # Whoever drives the game picks chance's outcome: "the die shows 1" loses the turn.
    state = load("dice-race", players=2).new_state()
    assert isinstance(state, DiceRaceState)
    for a in [Roll(), Face(5), Roll(), Face(1)]:
        state.apply(a)

    assert (state.scores, state.turn_points, state.current_player()) == ([0, 0], 0, 1)
    state.apply(Hold())
    assert state.current_player() == 0


class Uneven(DiceRaceState):
    """A chance node with uneven, exact probabilities: 1/3, 1/7 and 11/21."""

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(Face(1), Fraction(1, 3)), (Face(2), Fraction(1, 7)), (Face(3), Fraction(11, 21))]


def exact_draw(outcomes: list[tuple[Action, Fraction]], rng: random.Random) -> Action:
    """The draw as exact fractions: the first outcome whose cumulative probability exceeds x."""
    x = Fraction(rng.random())
    acc = Fraction(0)
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]


def test_sample_chance_draws_what_exact_fractions_would() -> None:
    state = Uneven(load("dice-race", players=2))  # type: ignore[arg-type]
    assert state.chance_weights() == ([Face(1), Face(2), Face(3)], [7, 3, 11])
    a, b = random.Random(5), random.Random(5)
    draws = [sample_chance(state, a) for _ in range(2000)]
    assert draws == [exact_draw(state.chance_outcomes(), b) for _ in range(2000)]
    assert set(draws) == {Face(1), Face(2), Face(3)}


def test_sample_chance_at_the_edges_of_a_cumulative_probability() -> None:
    """x exactly on a boundary (1/2 with two even outcomes) goes to the second outcome."""

    class Half:
        def random(self) -> float:
            return 0.5

    state = Uneven(load("dice-race", players=2))  # type: ignore[arg-type]
    state.chance_outcomes = lambda: [(Face(1), Fraction(1, 2)), (Face(2), Fraction(1, 2))]  # type: ignore[method-assign]
    assert sample_chance(state, Half()) == Face(2)  # type: ignore[arg-type]
