"""The PettingZoo and Gymnasium environments: the libraries' own checks, seeds, rewards."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import tycoon.rl
from tycoon.core.registry import spec
from tycoon.rl.aec import TycoonAEC
from tycoon.rl.envs import MODULES, make
from tycoon.rl.episode import terminal_face
from tycoon.rl.registration import GYMNASIUM_IDS

from .helpers import GAMES, SETUPS


def setup_id(setup: tuple[str, int, dict[str, Any]]) -> str:
    game_id, players, options = setup
    return f"{game_id}-{players}" + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_the_aec_environment_passes_pettingzoos_api_test(setup: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = setup
    api_test(tycoon.rl.aec_env(game_id, players=players, max_cycles=60, **options), num_cycles=60)


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_the_aec_environment_passes_pettingzoos_seed_test(setup: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = setup
    seed_test(lambda: tycoon.rl.aec_env(game_id, players=players, max_cycles=60, **options), num_cycles=60)


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoos_api_test_plays_a_whole_game_at_the_most_seats(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The checks of api_test's play go through an ending: every agent terminated, stepped
    # with None and removed, the rewards accumulated. (api_test resets the game afterwards:
    # the end is seen by the returns being asked for.)
    _, players, options = max((s for s in SETUPS if s[0] == game_id), key=lambda s: s[1])
    env = TycoonAEC(game_id, players, **options)
    ended: list[tuple[float, ...]] = []
    returns = env.episode.returns

    def noted() -> tuple[float, ...]:
        ended.append(returns())
        return ended[-1]

    monkeypatch.setattr(env.episode, "returns", noted)
    api_test(env, num_cycles=100_000)
    assert len(ended) == 1 and sum(ended[0]) == pytest.approx(1.0)


def play_out(env: TycoonAEC, seed: int, limit: int = 100_000) -> list[tuple[str, int]]:
    """Random masked play to the end (or ``limit`` steps): the agents and indices taken."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken: list[tuple[str, int]] = []
    for agent in env.agent_iter(limit):
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        index = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        taken.append((agent, index))
        env.step(index)
    return taken


def test_a_whole_game_ends_with_the_outcomes_returns() -> None:
    env = TycoonAEC("die_bosse", players=3)
    env.reset(seed=5)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(5)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        rewards[agent] += reward
        if termination or truncation:
            assert termination and not truncation
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    outcome = env.episode.state.outcome()
    assert [rewards[f"seat_{s}"] for s in range(3)] == list(outcome.returns())
    assert sum(rewards.values()) == pytest.approx(1.0)
    assert env.agents == []


def test_the_same_seed_plays_the_same_game_and_another_seed_another() -> None:
    first = play_out(TycoonAEC("die_bosse", players=4), seed=11)
    assert first == play_out(TycoonAEC("die_bosse", players=4), seed=11)
    assert first != play_out(TycoonAEC("die_bosse", players=4), seed=12)


def test_max_cycles_truncates_every_agent() -> None:
    env = TycoonAEC("die_bosse", players=2, max_cycles=7)
    taken = play_out(env, seed=1)
    assert len(taken) == 7
    assert env.agents == []


def test_the_agent_to_step_is_the_seat_the_engine_waits_for() -> None:
    env = TycoonAEC("die_bosse", players=3)
    env.reset(seed=2)
    for _ in range(200):
        seat = env.episode.state.current_player()
        assert env.agent_selection == f"seat_{seat}"
        for agent in env.agents:
            mask = env.observe(agent)["action_mask"]
            assert mask.any() == (agent == env.agent_selection)
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))


def test_render_shows_the_table_as_text() -> None:
    env = tycoon.rl.aec_env("die_bosse", players=2, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "seat_0" in text and "Die Bosse" in text


def test_render_draws_with_the_renderer_the_games_spec_names() -> None:
    # The face is found by the name in the spec, as the terminal finds it (decision 0028).
    for game_id in GAMES:
        env = tycoon.rl.aec_env(game_id, players=2, render_mode="ansi")
        env.reset(seed=1)
        drawn = env.render()
        named = spec(game_id).faces.terminal
        assert type(terminal_face(game_id)).__name__ == named.rpartition(":")[2]
        assert "seat_0" in drawn and "seat_1" in drawn


def test_render_of_a_game_naming_no_terminal_face_shows_its_view_and_at_the_end_its_outcome() -> None:
    from toy_game import DiceRace  # registers dice_race, a game with no faces

    assert not spec(DiceRace.id).faces.terminal
    env = tycoon.rl.aec_env(DiceRace.id, players=2, render_mode="ansi")
    env.reset(seed=3)
    assert "'turn_points'" in env.render() and "winners" in env.render()
    for _ in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        env.step(None if termination or truncation else int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.render().strip().splitlines()[-1].startswith("scores [")


def test_the_environments_are_found_by_name() -> None:
    assert sorted(MODULES) == sorted(f"{g}_v{1 if g == 'biznes_po_polsku' else 0}" for g in GAMES)
    from tycoon.rl.envs import die_bosse_v0

    assert isinstance(die_bosse_v0.raw_env(players=2), TycoonAEC)
    env = make("die_bosse_v0", players=2)
    env.reset(seed=0)
    assert env.agents == ["seat_0", "seat_1"]
    with pytest.raises(ValueError, match="known: biznes_po_polsku_v1, die_bosse_v0, playboss_v0"):
        make("die_boss_v0")


@pytest.mark.parametrize("env_id", sorted(GYMNASIUM_IDS))
def test_the_gym_environment_passes_gymnasiums_check(env_id: str) -> None:
    env = gymnasium.make(env_id, players=2, opponents="random")
    check_env(env.unwrapped, skip_render_check=True)


def test_the_gym_environment_plays_one_seat_against_the_bots() -> None:
    env = tycoon.rl.gym_env("die_bosse", players=3, seat=1, opponents="bot")
    observation, info = env.reset(seed=3)
    assert observation.dtype == np.float32 and observation.shape == env.observation_space.shape
    rng = np.random.default_rng(3)
    total, steps, terminated = 0.0, 0, False
    while not terminated:
        assert env.episode.state.current_player() == 1
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and (mask == info["action_mask"]).all()
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated
        total += reward
        steps += 1
    assert total == env.episode.state.outcome().returns()[1]
    assert steps > 10


def test_an_index_the_mask_refuses_ends_the_gym_episode_with_a_penalty() -> None:
    env = tycoon.rl.gym_env("die_bosse", players=2, opponents="random")
    env.reset(seed=0)
    refused = int(np.flatnonzero(~env.action_masks())[0])
    before = env.episode.state.fingerprint()
    _, reward, terminated, _, info = env.step(refused)
    assert reward == -1.0 and terminated and "not allowed" in info["illegal"]
    assert env.episode.state.fingerprint() == before


def test_the_gym_environment_is_deterministic_for_a_seed() -> None:
    def run(seed: int) -> list[float]:
        env = tycoon.rl.gym_env("die_bosse", players=3, opponents="bot")
        observation, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        sums = [float(observation.sum())]
        for _ in range(150):
            observation, _, terminated, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            sums.append(float(observation.sum()))
            if terminated:
                break
        return sums

    assert run(4) == run(4)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_agents_observation_is_its_vector_then_the_pending_segment_at_every_step(game_id: str) -> None:
    # The environment keeps each seat's observation while the state stays and writes the
    # pending segment in place pick by pick: what it gives must be what it stands for.
    env = TycoonAEC(game_id, players=3)
    episode = env.episode
    rng = np.random.default_rng(1)
    env.reset(seed=1)
    zeros = np.zeros(episode.encoding.pending_size(), dtype=np.float32)
    for agent in env.agent_iter(600):
        observation, _, termination, truncation, _ = env.last()
        for other in env.agents:
            seat = int(other.removeprefix("seat_"))
            pending = episode.pending
            mine = pending is not None and pending.seat == seat
            expected = np.concatenate(
                (
                    np.frombuffer(episode.state.observation_vector(seat), dtype=np.float64).astype(np.float32),
                    np.array(pending.pending_vector(), dtype=np.float32) if mine and pending else zeros,
                )
            )
            assert np.array_equal(env.observe(other)["observation"], expected), (agent, other)
        env.step(None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
