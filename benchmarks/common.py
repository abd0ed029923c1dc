"""Helpers shared by the benchmark scripts (standard library and ``tycoon.core`` only).

The scripts run as ``python benchmarks/bench_….py``, so ``from common import …`` finds this
module beside them.
"""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from tycoon.core.driver import Agent, play
from tycoon.core.game import CHANCE, Game, State

S = TypeVar("S", bound=State)


def median_rate(work: Callable[[], int], repeats: int) -> float:
    """Run ``work`` (which returns how many units it did) ``repeats`` times after one warm-up
    run; the median of units per second."""
    work()
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        units = work()
        rates.append(units / (time.perf_counter() - start))
    return statistics.median(rates)


def repeated_calls(states: Sequence[S], method: Callable[[S], Any]) -> Callable[[], int]:
    """Work for ``median_rate``: ``method`` called on every state, over enough loops for about a
    fifth of a second per timed run; it returns the number of calls."""
    start = time.perf_counter()
    for s in states:
        method(s)
    once = max(time.perf_counter() - start, 1e-6)
    loops = max(1, int(0.2 / once))

    def run() -> int:
        for _ in range(loops):
            for s in states:
                method(s)
        return loops * len(states)

    return run


def mid_game_states(game: Game, make: Callable[[], Agent], count: int, seed: str) -> list[State]:
    """``count`` states where a seat must decide, taken from the middle of seeded games (game
    ``i`` is seeded ``f"{seed}:mid:{i}"``)."""
    states: list[State] = []
    agents = [make() for _ in range(game.num_seats)]
    i = 0
    while len(states) < count:
        result = play(game, agents, f"{seed}:mid:{i}")
        i += 1
        # Replay the record to its middle, then step on to the next decision of a seat.
        state = game.new_state()
        half = result.actions // 2
        for number, move in enumerate(result.record.moves):
            if number >= half and state.current_player() != CHANCE and not state.is_terminal():
                break
            state.apply(game.codec.from_json(move.action), move.seat)
        if not state.is_terminal() and state.current_player() != CHANCE:
            states.append(state)
    return states


def machine() -> dict[str, Any]:
    """What the figures were measured on (no paths, no host names)."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "system": platform.system(),
    }


def render_table(lines: Sequence[Sequence[str]]) -> str:
    """A plain text table: ``lines[0]`` is the head, underlined; the first two columns are
    left-aligned, the rest right-aligned."""
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    out = []
    for n, line in enumerate(lines):
        cells = [c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(line, widths, strict=True))]
        out.append("  ".join(cells))
        if n == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)
