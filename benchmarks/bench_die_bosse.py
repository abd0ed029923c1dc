"""Die Bosse speed benchmark.

Measures, with 2, 4 and 6 players, each with random agents in every seat and with the Die
Bosse bot (``tycoon.games.die_bosse.BOTS["bot"]``) in every seat: whole games per second,
turns per second (a turn is one player's turn, as ``benchmarks/peers.py`` counts them),
actions per second (chance outcomes included) and the mean number of actions in a game,
played through ``tycoon.core.driver.play`` exactly as the simulator plays them (records
included); and ``state.clone()`` calls per second on mid-game states.

Every timing is run several times over the same seeded games after a warm-up; the median is
reported. Times are CPU time of this process (``time.process_time``), as ``peers.py`` takes
them, so that other work on a shared machine does not count. Speed is reported, never asserted.

    python benchmarks/bench_die_bosse.py [--games N] [--repeats R]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable

from tycoon.agents import RandomAgent
from tycoon.core.driver import Agent, play
from tycoon.games.die_bosse import BOTS, DieBosse, DieBosseState

PLAYERS = (2, 4, 6)


def median_rate(work: Callable[[], int], repeats: int) -> float:
    """Run ``work`` (which returns how many units it did) ``repeats`` times after one warm-up
    run; the median of units per CPU second."""
    work()
    rates = []
    for _ in range(repeats):
        start = time.process_time()
        units = work()
        rates.append(units / max(time.process_time() - start, 1e-9))
    return statistics.median(rates)


SEED = "bench"


def measure(
    players: int, make: Callable[[], Agent], games: int, repeats: int
) -> tuple[float, float, float, float, float]:
    game = DieBosse(players=players)
    agents = [make() for _ in range(players)]
    seeds = [f"{SEED}:{i}" for i in range(games)]
    totals: list[int] = []
    turns: list[int] = []

    def run() -> int:
        actions = taken = 0
        for seed in seeds:
            result = play(game, agents, seed)
            actions += result.actions
            assert isinstance(result.state, DieBosseState)
            taken += result.state.turns
        totals.append(actions)
        turns.append(taken)
        return actions

    actions_per_s = median_rate(run, repeats)
    per_game = totals[-1] / games
    turns_per_s = actions_per_s * turns[-1] / totals[-1]
    # Mid-game states: replay one record to its middle.
    states: list[DieBosseState] = []
    for seed in seeds[:20]:
        result = play(game, agents, seed)
        state = game.new_state()
        for move in result.record.moves[: result.actions // 2]:
            state.apply(game.codec.from_json(move.action), move.seat)
        states.append(state)

    def clones() -> int:
        for _ in range(50):
            for s in states:
                s.clone()
        return 50 * len(states)

    return actions_per_s / per_game, turns_per_s, actions_per_s, per_game, median_rate(clones, repeats)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per timed repeat (default 100)")
    parser.add_argument("--repeats", type=int, default=3, help="timed repeats; the median is reported (default 3)")
    args = parser.parse_args(argv)
    print(f"Die Bosse; Python {platform.python_version()}; {args.games} games per repeat, median of {args.repeats}\n")
    head = f"{'players':>7}  {'agents':<7}  {'games/s':>8}  {'turns/s':>8}  {'actions/s':>10}  {'actions/game':>12}"
    print(f"{head}  {'clone()/s':>10}")
    kinds: dict[str, Callable[[], Agent]] = {"random": RandomAgent, **BOTS}
    for kind, make in kinds.items():
        for players in PLAYERS:
            games_s, turns_s, actions_s, per_game, clone_s = measure(players, make, args.games, args.repeats)
            cells = f"{games_s:>8,.1f}  {turns_s:>8,.0f}  {actions_s:>10,.0f}  {per_game:>12,.1f}  {clone_s:>10,.0f}"
            print(f"{players:>7}  {kind:<7}  {cells}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
