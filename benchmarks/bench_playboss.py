"""Playboss speed and memory benchmark.

Measures, for the base model (3 business years) with 2 and 4 businesses, each with random
agents and with the Playboss bot (``tycoon.games.playboss.BOTS["bot"]``, when there is one):

* whole games per second, actions per second (chance outcomes included) and the mean number
  of actions in a game, played through ``tycoon.core.driver.play`` exactly as the simulator
  plays them (records included);
* ``state.clone()`` and ``state.legal_actions()`` calls per second, on states taken from the
  middle of seeded games (only states where a seat must decide);
* the memory one mid-game state holds (``tracemalloc``, the bytes a fresh clone allocates),
  and the memory of one whole game record once loaded, beside its size as JSON lines.

Every timing is run several times over the same seeded games after a warm-up; the median is
reported. Speed is reported, never asserted: nothing here fails because a machine is slow.

    python benchmarks/bench_playboss.py [--games N] [--repeats R] [--steps 2,3,4,5] [--json FILE]

``--steps`` measures games with those expansion steps on (Playboss II) instead of the base model.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tracemalloc
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, cast

from common import machine, median_rate, mid_game_states, render_table, repeated_calls
from tycoon.agents import RandomAgent
from tycoon.core.driver import Agent, play
from tycoon.core.record import Record, parse_lines
from tycoon.games.playboss import BOTS, Playboss, PlaybossState

YEARS = 3
PLAYERS = (2, 4)
SEED = "bench"


@dataclass
class Row:
    """One configuration's figures."""

    players: int
    agents: str
    games: int
    """Games per timed repeat."""
    games_per_s: float
    actions_per_s: float
    mean_actions: float
    """Mean actions per game (chance outcomes and "at any time" actions included)."""
    clone_per_s: float
    legal_actions_per_s: float
    mean_legal_actions: float
    """Mean number of legal actions at the sampled decision states."""
    state_bytes: float
    """Median bytes held by one mid-game state (what a fresh clone allocates and keeps)."""
    state_peak_bytes: float
    """Median peak bytes traced while cloning one mid-game state."""
    record_bytes: float
    """Median bytes held by one whole game record loaded from JSON lines."""
    record_peak_bytes: float
    """Median peak bytes traced while loading one whole game record (JSON parsing included)."""
    record_json_bytes: float
    """Median size of one whole game record as JSON lines (UTF-8)."""


def agent_factories() -> dict[str, Callable[[], Agent]]:
    """The agent kinds to measure: random, and every bot the game offers."""
    return {"random": RandomAgent, **BOTS}


def bench_games(game: Playboss, make: Callable[[], Agent], games: int, repeats: int) -> tuple[float, float, float]:
    """Games per second, actions per second and mean actions per game."""
    agents = [make() for _ in range(game.num_seats)]
    seeds = [f"{SEED}:{i}" for i in range(games)]
    totals: list[int] = []

    def run() -> int:
        actions = 0
        for seed in seeds:
            actions += play(game, agents, seed).actions
        totals.append(actions)
        return actions

    actions_per_s = median_rate(run, repeats)
    actions_per_game = totals[-1] / games
    return actions_per_s / actions_per_game, actions_per_s, actions_per_game


def bench_states(states: list[PlaybossState], repeats: int) -> tuple[float, float, float]:
    """``clone()`` calls per second, ``legal_actions()`` calls per second, mean legal actions."""

    mean_legal = statistics.fmean(len(s.legal_actions()) for s in states)
    clone_rate = median_rate(repeated_calls(states, PlaybossState.clone), repeats)
    legal_rate = median_rate(repeated_calls(states, PlaybossState.legal_actions), repeats)
    return clone_rate, legal_rate, mean_legal


def allocated(build: Callable[[], Any]) -> tuple[int, int]:
    """Bytes still held by what ``build`` returns, and the peak traced while building it
    (tracemalloc, measured around the call)."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = build()
        after, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del kept
    return after - before, peak - before


def bench_memory(game: Playboss, make: Callable[[], Agent], states: list[PlaybossState]) -> dict[str, float]:
    """Median bytes of one mid-game state and of one whole game record (held and peak), and the
    record's size as JSON lines."""
    state = [allocated(s.clone) for s in states]
    agents = [make() for _ in range(game.num_seats)]
    records: list[Record] = [play(game, agents, f"{SEED}:mem:{i}").record for i in range(len(states))]
    texts = ["\n".join(r.lines()) + "\n" for r in records]
    record = [allocated(lambda t=t: parse_lines(t.splitlines())) for t in texts]
    return {
        "state_bytes": statistics.median(h for h, _ in state),
        "state_peak_bytes": statistics.median(p for _, p in state),
        "record_bytes": statistics.median(h for h, _ in record),
        "record_peak_bytes": statistics.median(p for _, p in record),
        "record_json_bytes": statistics.median(len(t.encode()) for t in texts),
    }


def measure(
    players: int, kind: str, make: Callable[[], Agent], games: int, repeats: int, steps: tuple[int, ...] = ()
) -> Row:
    game = Playboss(players=players, years=YEARS, steps=steps)
    games_per_s, actions_per_s, mean_actions = bench_games(game, make, games, repeats)
    states = cast("list[PlaybossState]", mid_game_states(game, make, 40, SEED))
    clone_per_s, legal_per_s, mean_legal = bench_states(states, repeats)
    memory = bench_memory(game, make, states)
    return Row(
        players=players,
        agents=kind,
        games=games,
        games_per_s=games_per_s,
        actions_per_s=actions_per_s,
        mean_actions=mean_actions,
        clone_per_s=clone_per_s,
        legal_actions_per_s=legal_per_s,
        mean_legal_actions=mean_legal,
        **memory,
    )


def table(rows: list[Row]) -> str:
    head = (
        "players",
        "agents",
        "games/s",
        "actions/s",
        "actions/game",
        "clone/s",
        "legal/s",
        "legal n",
        "state KiB",
        "state peak",
        "record KiB",
        "record peak",
        "record JSON KiB",
    )
    lines = [head]
    for r in rows:
        lines.append(
            (
                str(r.players),
                r.agents,
                f"{r.games_per_s:,.0f}",
                f"{r.actions_per_s:,.0f}",
                f"{r.mean_actions:,.1f}",
                f"{r.clone_per_s:,.0f}",
                f"{r.legal_actions_per_s:,.0f}",
                f"{r.mean_legal_actions:.1f}",
                f"{r.state_bytes / 1024:.1f}",
                f"{r.state_peak_bytes / 1024:.1f}",
                f"{r.record_bytes / 1024:.1f}",
                f"{r.record_peak_bytes / 1024:.1f}",
                f"{r.record_json_bytes / 1024:.1f}",
            )
        )
    return render_table(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per timed repeat (default 200)")
    parser.add_argument("--repeats", type=int, default=5, help="timed repeats; the median is reported (default 5)")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument(
        "--steps",
        type=lambda text: tuple(int(x) for x in text.split(",")),
        default=(),
        help="expansion steps to play, e.g. 2,3,4,5 (default: the base model)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")

    kinds = agent_factories()
    info = machine()
    model = f"steps {','.join(map(str, args.steps))}" if args.steps else "base model"
    print(f"Playboss {model}, {YEARS} years; {info['cpu']}, {info['cores']} cores, Python {info['python']}")
    print(f"{args.games} games per repeat, median of {args.repeats} repeats after a warm-up\n")
    notes = []
    if "bot" not in kinds:
        notes.append("Playboss offers no bot yet: the bot rows are skipped.")
    rows = []
    for kind, make in kinds.items():
        for players in PLAYERS:
            rows.append(measure(players, kind, make, args.games, args.repeats, args.steps))
            print(f"  measured {players} players, {kind}", file=sys.stderr)
    print(table(rows))
    for note in notes:
        print(f"\nNote: {note}")
    if args.json:
        payload = {
            "benchmark": "playboss",
            "years": YEARS,
            "steps": list(args.steps),
            "games_per_repeat": args.games,
            "repeats": args.repeats,
            "machine": info,
            "rows": [asdict(r) for r in rows],
            "notes": notes,
        }
        args.json.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
