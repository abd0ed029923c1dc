"""What an observation costs: microseconds per ``state.observation(seat)`` against
microseconds per ``state.apply(action)``, over seeded games of random agents, for each game.

Each game is played once by ``tycoon.core.driver.play``; its record is then replayed twice,
once applying the moves only and once also taking every seat's observation after each move.
The observations' share is the difference. Times are CPU time (``time.process_time``), the
median over the repeats after a warm-up. Speed is reported, never asserted.

The last column is an environment step for comparison: one masked random pick of
``tycoon.rl.aec_env`` with its observation (``docs/rl.md``), when ``tycoon[rl]`` is installed.

    python benchmarks/bench_observation.py [--games N] [--repeats R]
"""

from __future__ import annotations

import argparse
import statistics
import time

from tycoon.agents import RandomAgent
from tycoon.core import load
from tycoon.core.driver import play
from tycoon.core.game import Game

CONFIGS: tuple[tuple[str, dict[str, object]], ...] = (
    ("die_bosse", {"players": 2}),
    ("die_bosse", {"players": 4}),
    ("biznes_po_polsku", {"players": 2}),
    ("biznes_po_polsku", {"players": 4}),
    ("playboss", {"players": 2}),
    ("playboss", {"players": 4}),
    ("playboss", {"players": 8}),
    ("playboss", {"players": 4, "steps": [1, 2, 3, 4, 5, 6]}),
)


def env_step_us(game_id: str, options: dict[str, object], seconds: float = 1.0) -> float | None:
    """Microseconds per masked random step of the game's AEC environment, or ``None``
    without ``tycoon[rl]``."""
    try:
        import numpy as np

        import tycoon.rl
    except ImportError:
        return None
    env = tycoon.rl.aec_env(game_id, **options)  # type: ignore[arg-type]
    rng = np.random.default_rng(0)
    steps, games = 0, 0
    env.reset(seed=0)
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        games += 1
        env.reset(seed=games)
    return (time.process_time() - start) / steps * 1e6


def measure(game: Game, games: int, repeats: int) -> tuple[float, float, int]:
    """Microseconds per apply and per observation, and the vector's length."""
    n = game.num_seats
    records = [play(game, [RandomAgent() for _ in range(n)], f"bench:{i}").record for i in range(games)]
    moves = [[(game.codec.from_json(m.action), m.seat) for m in r.moves] for r in records]
    count = sum(len(m) for m in moves)

    def replay(observe: bool) -> float:
        start = time.process_time()
        for game_moves in moves:
            state = game.new_state()
            for action, seat in game_moves:
                state.apply(action, seat)
                if observe:
                    for s in range(n):
                        state.observation(s)
        return time.process_time() - start

    applies, both = [], []
    replay(True)
    for _ in range(repeats):
        applies.append(replay(False))
        both.append(replay(True))
    apply_us = statistics.median(applies) / count * 1e6
    observe_us = (statistics.median(both) - statistics.median(applies)) / (count * n) * 1e6
    length = sum(s.size for s in game.observation_layout())
    return apply_us, observe_us, length


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game, configuration':<48} {'length':>6} {'µs/apply':>9} {'µs/observation':>15} {'µs/env step':>12}")
    for game_id, options in CONFIGS:
        game = load(game_id, **options)
        apply_us, observe_us, length = measure(game, args.games, args.repeats)
        step = env_step_us(game_id, options)
        name = game_id + ", " + ", ".join(f"{k}={v}" for k, v in options.items())
        shown = "-" if step is None else f"{step:.1f}"
        print(f"{name:<48} {length:>6} {apply_us:>9.1f} {observe_us:>15.1f} {shown:>12}")


if __name__ == "__main__":
    main()
