"""What an observation costs beside the move it follows, over seeded games of random agents,
for each game.

Each game is played once by ``tycoon.core.driver.play``; its record is then replayed: applying
the moves only (``apply``); making each move as a player or an environment makes it, the
decision's legal actions and families listed, then the move applied (``move``); and applying
the moves while taking every seat's ``observation_vector`` (what an environment takes at every
step) or its whole ``observation`` (the vector as a tuple, and the text) after each. An
observation's cost is the difference from the replay that only applies, per seat. Times are CPU
time (``time.process_time``), the median over the repeats after a warm-up. Speed is reported,
never asserted.

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


def measure(game: Game, games: int, repeats: int) -> tuple[float, float, float, float, int]:
    """Microseconds per apply, per move as made, per observation vector and per whole
    observation, and the vector's length."""
    n = game.num_seats
    records = [play(game, [RandomAgent() for _ in range(n)], f"bench:{i}").record for i in range(games)]
    moves = [[(game.codec.from_json(m.action), m.seat) for m in r.moves] for r in records]
    count = sum(len(m) for m in moves)

    def replay(mode: str) -> float:
        start = time.process_time()
        for game_moves in moves:
            state = game.new_state()
            for action, seat in game_moves:
                if mode == "move" and seat >= 0:
                    state.legal_actions(seat)
                    state.action_families(seat)
                state.apply(action, seat)
                if mode == "vector":
                    for s in range(n):
                        state.observation_vector(s)
                elif mode == "observation":
                    for s in range(n):
                        state.observation(s)
        return time.process_time() - start

    modes = ("apply", "move", "vector", "observation")
    times: dict[str, list[float]] = {mode: [] for mode in modes}
    replay("observation")
    for _ in range(repeats):
        for mode in modes:
            times[mode].append(replay(mode))
    median = {mode: statistics.median(t) for mode, t in times.items()}
    apply_us = median["apply"] / count * 1e6
    move_us = median["move"] / count * 1e6
    vector_us = (median["vector"] - median["apply"]) / (count * n) * 1e6
    observe_us = (median["observation"] - median["apply"]) / (count * n) * 1e6
    length = sum(s.size for s in game.observation_layout())
    return apply_us, move_us, vector_us, observe_us, length


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(
        f"{'game, configuration':<48} {'length':>6} {'µs/apply':>9} {'µs/move':>8} {'µs/vector':>10} "
        f"{'µs/observation':>15} {'µs/env step':>12}"
    )
    for game_id, options in CONFIGS:
        game = load(game_id, **options)
        apply_us, move_us, vector_us, observe_us, length = measure(game, args.games, args.repeats)
        step = env_step_us(game_id, options)
        name = game_id + ", " + ", ".join(f"{k}={v}" for k, v in options.items())
        shown = "-" if step is None else f"{step:.1f}"
        print(
            f"{name:<48} {length:>6} {apply_us:>9.1f} {move_us:>8.1f} {vector_us:>10.1f} "
            f"{observe_us:>15.1f} {shown:>12}"
        )


if __name__ == "__main__":
    main()
