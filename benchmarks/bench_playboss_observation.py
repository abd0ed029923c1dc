"""Playboss observation cost: microseconds per ``state.observation(seat)`` against
microseconds per ``state.apply(action)``, over seeded games of random agents.

Each game is played once by ``tycoon.core.driver.play``; its record is then replayed twice,
once applying the moves only and once also taking every seat's observation after each move.
The observations' share is the difference. Times are CPU time (``time.process_time``), the
median over the repeats after a warm-up. Speed is reported, never asserted.

    python benchmarks/bench_playboss_observation.py [--games N] [--repeats R]
"""

from __future__ import annotations

import argparse
import statistics
import time

from tycoon.agents import RandomAgent
from tycoon.core import load
from tycoon.core.driver import play
from tycoon.core.game import Game

CONFIGS: tuple[dict[str, object], ...] = (
    {"players": 2},
    {"players": 4},
    {"players": 8},
    {"players": 4, "steps": [1, 2, 3, 4, 5, 6]},
)


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
    print(f"{'configuration':<40} {'length':>6} {'µs/apply':>9} {'µs/observation':>15}")
    for options in CONFIGS:
        game = load("playboss", **options)
        apply_us, observe_us, length = measure(game, args.games, args.repeats)
        name = ", ".join(f"{k}={v}" for k, v in options.items())
        print(f"{name:<40} {length:>6} {apply_us:>9.1f} {observe_us:>15.1f}")


if __name__ == "__main__":
    main()
