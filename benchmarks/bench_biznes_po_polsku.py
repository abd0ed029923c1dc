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
import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import cast

from common import machine, median_rate, mid_game_states, render_table, repeated_calls
from tycoon.agents import RandomAgent
from tycoon.core.driver import Agent, play
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


def bench_states(states: list[BiznesState], repeats: int) -> dict[str, float]:
    return {
        "clone_per_s": median_rate(repeated_calls(states, BiznesState.clone), repeats),
        "legal_actions_per_s": median_rate(repeated_calls(states, BiznesState.legal_actions), repeats),
        "mean_legal_actions": statistics.fmean(len(s.legal_actions()) for s in states),
    }


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
    return render_table(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per timed repeat (default 100)")
    parser.add_argument("--repeats", type=int, default=5, help="timed repeats; the median is reported (default 5)")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    info = {key: value for key, value in machine().items() if key in ("cpu", "cores", "python")}
    print(f"Biznes po polsku, default game (60 rounds); {info['cpu']}, {info['cores']} cores, Python {info['python']}")
    print(f"{args.games} games per repeat, median of {args.repeats} repeats after a warm-up\n")
    rows = []
    for kind, make in {"random": RandomAgent, **BOTS}.items():
        for players in PLAYERS:
            game = BiznesPoPolsku(players=players)
            figures = bench_games(game, make, args.games, args.repeats)
            states = cast("list[BiznesState]", mid_game_states(game, make, 40, SEED))
            figures |= bench_states(states, args.repeats)
            rows.append(Row(players=players, agents=kind, games=args.games, **figures))
    print(table(rows))
    if args.json:
        payload = {"benchmark": "biznes_po_polsku", "machine": info, "rows": [asdict(r) for r in rows]}
        args.json.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
