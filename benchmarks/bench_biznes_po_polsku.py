"""Biznes po polsku speed benchmark.

Measures, for the default game (60 rounds agreed) with 2 and 4 players, with random agents and
with the bot (``tycoon.games.biznes_po_polsku.BOTS["bot"]``) in every seat:

* whole games per second, played through ``tycoon.core.driver.play`` exactly as the simulator
  plays them (records included);
* turns per second (a turn is one player's roll) and actions per second (every applied action:
  chance outcomes, decisions, dealings, trade offers and answers);
* the mean number of turns and actions in a game;
* ``state.clone()`` and ``state.legal_actions()`` calls per second on states taken from the
  middle of seeded games, where a seat must decide.

Every timing is run several times over the same seeded games after a warm-up; the median is
reported. Speed is reported, never asserted.

    python benchmarks/bench_biznes_po_polsku.py [--games N] [--repeats R] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tycoon.agents import RandomAgent
from tycoon.core.driver import Agent, play
from tycoon.core.game import CHANCE
from tycoon.games.biznes_po_polsku import BOTS, BiznesPoPolsku, BiznesState

PLAYERS = (2, 4)
SEED = "bench"


@dataclass
class Row:
    players: int
    agents: str
    games: int
    games_per_s: float
    turns_per_s: float
    actions_per_s: float
    mean_turns: float
    mean_actions: float
    clone_per_s: float
    legal_actions_per_s: float
    mean_legal_actions: float


def median_rate(work: Callable[[], int], repeats: int) -> float:
    """Run ``work`` (returning the units done) once to warm up, then ``repeats`` times; the
    median of units per second."""
    work()
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        units = work()
        rates.append(units / (time.perf_counter() - start))
    return statistics.median(rates)


def bench_games(game: BiznesPoPolsku, make: Callable[[], Agent], games: int, repeats: int) -> dict[str, float]:
    agents = [make() for _ in range(game.num_seats)]
    seeds = [f"{SEED}:{i}" for i in range(games)]
    counts: list[tuple[int, int]] = []

    def run() -> int:
        actions = turns = 0
        for seed in seeds:
            result = play(game, agents, seed)
            actions += result.actions
            turns += sum(1 for m in result.record.moves if m.action.get("kind") == "roll")
        counts.append((actions, turns))
        return games

    games_per_s = median_rate(run, repeats)
    actions, turns = counts[-1]
    return {
        "games_per_s": games_per_s,
        "turns_per_s": games_per_s * turns / games,
        "actions_per_s": games_per_s * actions / games,
        "mean_turns": turns / games,
        "mean_actions": actions / games,
    }


def mid_game_states(game: BiznesPoPolsku, make: Callable[[], Agent], count: int) -> list[BiznesState]:
    states: list[BiznesState] = []
    agents = [make() for _ in range(game.num_seats)]
    i = 0
    while len(states) < count:
        result = play(game, agents, f"{SEED}:mid:{i}")
        i += 1
        state = game.new_state()
        half = result.actions // 2
        for number, move in enumerate(result.record.moves):
            if number >= half and state.current_player() != CHANCE and not state.is_terminal():
                break
            state.apply(game.codec.from_json(move.action), move.seat)
        if not state.is_terminal() and state.current_player() != CHANCE:
            states.append(state)
    return states


def bench_states(states: list[BiznesState], repeats: int) -> dict[str, float]:
    def calls(method: Callable[[BiznesState], Any]) -> Callable[[], int]:
        start = time.perf_counter()
        for s in states:
            method(s)
        loops = max(1, int(0.2 / max(time.perf_counter() - start, 1e-6)))

        def run() -> int:
            for _ in range(loops):
                for s in states:
                    method(s)
            return loops * len(states)

        return run

    return {
        "clone_per_s": median_rate(calls(BiznesState.clone), repeats),
        "legal_actions_per_s": median_rate(calls(BiznesState.legal_actions), repeats),
        "mean_legal_actions": statistics.fmean(len(s.legal_actions()) for s in states),
    }


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
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version()}


def table(rows: list[Row]) -> str:
    head = ("players", "agents", "games/s", "turns/s", "actions/s", "turns/game", "actions/game", "clone/s", "legal/s")
    lines = [head]
    for r in rows:
        lines.append(
            (
                str(r.players),
                r.agents,
                f"{r.games_per_s:,.1f}",
                f"{r.turns_per_s:,.0f}",
                f"{r.actions_per_s:,.0f}",
                f"{r.mean_turns:,.1f}",
                f"{r.mean_actions:,.1f}",
                f"{r.clone_per_s:,.0f}",
                f"{r.legal_actions_per_s:,.0f}",
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    out = []
    for n, line in enumerate(lines):
        out.append(
            "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(line, widths, strict=True)))
        )
        if n == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per timed repeat (default 100)")
    parser.add_argument("--repeats", type=int, default=5, help="timed repeats; the median is reported (default 5)")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    info = machine()
    print(f"Biznes po polsku, default game (60 rounds); {info['cpu']}, {info['cores']} cores, Python {info['python']}")
    print(f"{args.games} games per repeat, median of {args.repeats} repeats after a warm-up\n")
    rows = []
    for kind, make in {"random": RandomAgent, **BOTS}.items():
        for players in PLAYERS:
            game = BiznesPoPolsku(players=players)
            figures = bench_games(game, make, args.games, args.repeats)
            figures |= bench_states(mid_game_states(game, make, 40), args.repeats)
            rows.append(Row(players=players, agents=kind, games=args.games, **figures))
    print(table(rows))
    if args.json:
        payload = {"benchmark": "biznes_po_polsku", "machine": info, "rows": [asdict(r) for r in rows]}
        args.json.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
