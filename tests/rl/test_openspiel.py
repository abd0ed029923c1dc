"""The OpenSpiel adapter: tycoon's games load in pyspiel, pass its random simulation checks and
play to the end with its own uniform random bots."""

from __future__ import annotations

import math
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from tycoon.core.game import CHANCE  # noqa: E402
from tycoon.core.registry import load  # noqa: E402
from tycoon.rl import register_openspiel  # noqa: E402
from tycoon.rl.encoding import Encoding  # noqa: E402

register_openspiel()


def test_every_game_is_registered_under_its_short_name() -> None:
    names = set(pyspiel.registered_names())
    for game_id in ("die_bosse", "biznes_po_polsku", "playboss"):
        assert f"python_tycoon_{game_id}" in names


def test_die_bosse_loads_with_the_declared_type() -> None:
    game = pyspiel.load_game("python_tycoon_die_bosse")
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_players() == 4
    assert game.num_distinct_actions() == Encoding(load("die_bosse")).size


def test_players_come_from_the_game_parameters() -> None:
    game = pyspiel.load_game("python_tycoon_die_bosse", {"players": 3})
    assert game.num_players() == 3
    assert game.new_initial_state().state.game.num_seats == 3


def test_chance_outcomes_are_the_engines_with_their_probabilities() -> None:
    state = pyspiel.load_game("python_tycoon_die_bosse").new_initial_state()
    rng = random.Random(3)
    seen = 0
    while not state.is_terminal() and seen < 5:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            engine = state.state.chance_outcomes()
            assert [p for _, p in outcomes] == [float(p) for _, p in engine]
            assert [a for a, _ in outcomes] == list(range(len(engine)))
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            state.apply_action(rng.choice([a for a, _ in outcomes]))
            seen += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen == 5


def test_a_sub_decision_is_consecutive_moves_of_one_player_and_a_clone_keeps_it() -> None:
    state = pyspiel.load_game("python_tycoon_die_bosse").new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node() or not state.picks:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            before = state.current_player()
            state.apply_action(state.legal_actions()[0])
            if state.picks:
                assert state.current_player() == before
    copy = state.clone()
    assert copy.picks == state.picks
    assert copy.legal_actions() == state.legal_actions()
    assert copy.observation_tensor(copy.current_player()) == state.observation_tensor(state.current_player())
    # A pick not allowed is refused (the clone is untouched by the original's moves).
    allowed = set(state.legal_actions())
    refused = next(i for i in range(state.get_game().num_distinct_actions()) if i not in allowed)
    with pytest.raises(Exception, match="not allowed"):
        state.apply_action(refused)
    state.apply_action(min(allowed))
    assert copy.legal_actions() == sorted(allowed)


def test_the_observation_shows_the_pending_decision_to_the_seat_deciding_only() -> None:
    game = pyspiel.load_game("python_tycoon_die_bosse")
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    seat = state.current_player()
    other = (seat + 1) % game.num_players()
    own, theirs = state.observation_tensor(seat), state.observation_tensor(other)
    assert len(own) == len(theirs) == game.observation_tensor_size()
    assert any(own) and own != theirs
    assert "to decide" in state.observation_string(seat)
    assert "waiting" in state.observation_string(other)


GAMES = ("die_bosse", "biznes_po_polsku", "playboss")


@pytest.mark.parametrize("game_id", GAMES)
def test_open_spiel_random_simulation_passes(game_id: str) -> None:
    # OpenSpiel's own checks at every state of a random game: legal actions, chance
    # outcomes summing to 1, clones that play on alike, tensors of the declared shape, returns.
    game = pyspiel.load_game(f"python_tycoon_{game_id}", {"players": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_uniform_random_bots_play_games_to_the_end(game_id: str) -> None:
    game = pyspiel.load_game(f"python_tycoon_{game_id}")
    for seed in range(2):
        bots = [pyspiel.make_uniform_random_bot(p, seed * 10 + p) for p in range(game.num_players())]
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        assert len(returns) == game.num_players()
        assert all(0.0 <= r <= 1.0 for r in returns)
        assert math.isclose(sum(returns), 1.0) or sum(returns) == 0.0


def test_chance_is_reported_as_chance() -> None:
    state = pyspiel.load_game("python_tycoon_die_bosse").new_initial_state()
    assert (state.state.current_player() == CHANCE) == state.is_chance_node()
