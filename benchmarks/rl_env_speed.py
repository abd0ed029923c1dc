"""Speed of the reinforcement-learning environments beside PettingZoo's classic ones.

Random masked steps per second of each tycoon AEC environment (``tycoon.rl.aec_env``) and,
in the same run, of PettingZoo's ``texas_holdem_no_limit_v6`` and ``connect_four_v3`` (the
``pettingzoo[classic]`` extra, which brings rlcard and pygame; a peer that cannot be imported
is reported as missing). Each environment is stepped the way a learner steps it: ``last()``,
an index drawn uniformly from the mask, ``step(index)``, ``step(None)`` for each agent at the
end and ``reset`` for the next game. Each is timed for ``--seconds`` of CPU time
(``time.process_time``) after a warm-up, ``--repeats`` rounds in which every environment is
timed once in turn (so that a machine whose speed drifts slows all alike); the median is
reported. A tycoon step is one pick of the action encoding; ``picks/action`` says how many
picks an engine action took on average. Also the masked steps of the single-agent Gymnasium environment against the
game's bots (the bots' time counted in).

    python benchmarks/rl_env_speed.py [--seconds S] [--repeats R] [--players N]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import tycoon.rl
from tycoon.core.registry import registered

Env = Any


def aec_rate(make: Callable[[], Env], seconds: float, seed: int) -> tuple[float, int, int]:
    """Masked random steps per CPU second of the AEC environment ``make()``, with the steps
    and games counted."""
    env = make()
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = games = 0
    start = time.process_time()
    end = start + seconds
    while True:
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            mask = observation["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
            del agent
        games += 1
        if time.process_time() >= end:
            break
        env.reset(seed=seed + games)
    return steps / (time.process_time() - start), steps, games


def gym_rate(game_id: str, players: int, seconds: float, seed: int) -> float:
    """Masked random steps per CPU second of the single-agent environment against the bots."""
    env = tycoon.rl.gym_env(game_id, players=players, opponents="bot")
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        _, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        steps += 1
        if terminated or truncated:
            games += 1
            env.reset(seed=seed + games)
    return steps / (time.process_time() - start)


def peers() -> dict[str, Callable[[], Env] | str]:
    """PettingZoo's classic environments, or why one cannot be had."""
    found: dict[str, Callable[[], Env] | str] = {}
    try:
        from pettingzoo.classic import texas_holdem_no_limit_v6

        found["texas_holdem_no_limit_v6"] = texas_holdem_no_limit_v6.env
    except ImportError as e:
        found["texas_holdem_no_limit_v6"] = f"not installed ({e}); pip install 'pettingzoo[classic]'"
    try:
        from pettingzoo.classic import connect_four_v3

        found["connect_four_v3"] = connect_four_v3.env
    except ImportError as e:
        found["connect_four_v3"] = f"not installed ({e}); pip install 'pettingzoo[classic]'"
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per timing")
    parser.add_argument("--repeats", type=int, default=3, help="timings per environment (the median is shown)")
    parser.add_argument("--players", type=int, default=4, help="seats of each tycoon game")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; {args.seconds:g} s × {args.repeats}")
    print(f"{'environment':34} {'steps/s':>10} {'picks/action':>13} {'games':>6}")

    # Every environment, then each round of timings over all of them in turn: a machine whose
    # speed drifts (another tenant, the clock) slows every environment alike.
    envs: list[tuple[str, Callable[[], Env], Callable[[], float] | None]] = []
    for game_id in registered():
        try:
            tycoon.rl.aec_env(game_id, players=args.players)
        except NotImplementedError as e:
            print(f"{game_id + '_v0':34} skipped: {e}")
            continue
        envs.append(
            (
                f"{game_id}_v0 ({args.players} seats)",
                lambda g=game_id: tycoon.rl.aec_env(g, players=args.players),
                lambda g=game_id: picks_per_action(g, args.players),
            )
        )
    for name, make in peers().items():
        if isinstance(make, str):
            print(f"{name:34} {make}")
        else:
            envs.append((name, make, None))
    for _, make, _ in envs:
        make()  # a warm-up: imports, data files
        aec_rate(make, min(1.0, args.seconds), 0)
    rates: dict[str, list[float]] = {name: [] for name, _, _ in envs}
    games = dict.fromkeys(rates, 0)
    for r in range(args.repeats):
        for name, make, _ in envs:
            rate, _, played = aec_rate(make, args.seconds, 1000 * (r + 1))
            rates[name].append(rate)
            games[name] += played
    for name, _, per_action in envs:
        ratio = f"{per_action():13.2f}" if per_action else f"{'':13}"
        print(f"{name:34} {statistics.median(rates[name]):10,.0f} {ratio} {games[name]:6}")
    for game_id in registered():
        try:
            rates = [gym_rate(game_id, args.players, args.seconds, r) for r in range(args.repeats)]
        except NotImplementedError as e:
            print(f"{game_id} (gym, vs bots)".ljust(34), f"skipped: {e}")
            continue
        print(f"{game_id + ' (gym, vs bots)':34} {statistics.median(rates):10,.0f}")


def picks_per_action(game_id: str, players: int) -> float:
    """Picks per engine action over one seeded random game."""
    env = tycoon.rl.aec_env(game_id, players=players)
    raw = env.unwrapped
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    picks = 0
    for _ in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        picks += 1
    return picks / max(1, raw.episode.actions)


if __name__ == "__main__":
    main()
