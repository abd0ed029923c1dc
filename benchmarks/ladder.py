"""The ladder of every game's levels: a seeded round robin rated with openskill (needs the
``lab`` extra), as ``tycoon lab ladder GAME`` plays it, one game to a process.

For each game: ``--games`` games at each of ``--players`` (2 and 4 by default), the game's
levels (``random``, ``easy``, ``normal``, and ``hard`` once a game offers it) at the tables,
seats rotated; the table printed is the one ``docs/agents.md`` carries, with the games played
and the seconds each ladder took. Target (issue 23): the levels in order, weakest lowest, with
their intervals (``mu ± 2σ``) apart.

    python benchmarks/ladder.py [--games N] [--players 2,4] [--seed S] [--only GAME] [--csv-dir DIR] [--workers W]
"""

from __future__ import annotations

import argparse
import itertools
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from common import machine
from tycoon.sim.lab.ladder import Ladder, ladder

GAMES = ("die_bosse", "playboss", "biznes_po_polsku")


def one(game_id: str, games: int, players: tuple[int, ...], seed: str) -> tuple[Ladder, float]:
    import tycoon.games  # noqa: F401  (registers the games in a fresh worker)

    start = time.perf_counter()
    result = ladder(game_id, games=games, players=players, seed=seed)
    return result, time.perf_counter() - start


def table(result: Ladder) -> list[str]:
    """The ladder as a Markdown table."""
    lines = ["| agent | rating (mu) | interval (mu ± 2σ) | games | wins | win rate |", "|---|---:|---:|---:|---:|---:|"]
    for r in result.rungs:
        low, high = r.interval
        lines.append(
            f"| {r.agent} | {r.mu:.1f} | {low:.1f} – {high:.1f} | {r.games} | {r.wins:.1f} | {r.win_rate:.0%} |"
        )
    return lines


def in_order(result: Ladder) -> bool:
    """Whether the levels stand weakest lowest with their intervals apart."""
    order = ["random", "easy", "normal", "hard"]
    rungs = sorted((r for r in result.rungs if r.agent in order), key=lambda r: order.index(r.agent))
    return all(low.interval[1] < high.interval[0] for low, high in itertools.pairwise(rungs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games at each number of players (200)")
    parser.add_argument("--players", default="2,4", help="numbers of players (2,4)")
    parser.add_argument("--seed", default="ladder", help="the seed (ladder)")
    parser.add_argument("--only", choices=GAMES, help="one game only")
    parser.add_argument("--csv-dir", type=Path, help="write each game's table as GAME.csv here")
    parser.add_argument("--workers", type=int, default=len(GAMES), help="processes at most (one game each; 3)")
    args = parser.parse_args()
    players = tuple(int(p) for p in args.players.split(","))
    games = (args.only,) if args.only else GAMES
    print(machine())
    with ProcessPoolExecutor(max_workers=min(args.workers, len(games))) as pool:
        futures = {g: pool.submit(one, g, args.games, players, args.seed) for g in games}
        for game_id, future in futures.items():
            result, seconds = future.result()
            total = args.games * len(players)
            print(
                f"\n{game_id}: {total:,} games ({args.games:,} at each of {args.players} players), seed "
                f"{args.seed!r}, {seconds:.0f} s; levels in order, intervals apart: {in_order(result)}\n"
            )
            print("\n".join(table(result)))
            if args.csv_dir is not None:
                args.csv_dir.mkdir(parents=True, exist_ok=True)
                result.write_csv(args.csv_dir / f"{game_id}.csv")


if __name__ == "__main__":
    main()
