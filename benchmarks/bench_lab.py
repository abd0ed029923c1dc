"""The simulation lab's speed: games per second on 1 and 2 processes and on a local Ray cluster.

One experiment of ``--games`` games (2,000 by default: Playboss base model, two bots, three
business years, in two cells of a variant axis) is run by ``tycoon.sim.lab.run_experiment`` into
a fresh folder on each backend, exactly as ``tycoon lab run`` runs it, Parquet writing included.
The Ray cluster is started before the clock starts (its start-up time is reported on its own),
bound to 127.0.0.1 with ``RAY_AUTH_MODE=disabled``. The rows of every backend are checked to be
identical. Goals (issue 13): two processes at least 1.8 times one on two cores; Ray within 20%
of the processes backend.

    python benchmarks/bench_lab.py [--games N] [--workers W] [--no-ray] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tycoon.sim.lab.experiment import experiment_from
from tycoon.sim.lab.run import default_workers, run_experiment
from tycoon.sim.lab.store import GAMES, arrow


def experiment(games: int) -> Any:
    per_cell = max(1, games // 2)
    return experiment_from(
        {
            "name": "bench-lab",
            "game": "playboss",
            "seed": "bench",
            "games": per_cell,
            "variants": {"years": [3, 2]},
            "lineups": [{"name": "two-bots", "seats": ["bot", "bot"]}],
        },
        name="bench-lab",
    )


def timed(e: Any, root: Path, name: str, **backend: Any) -> tuple[float, Any]:
    out = root / name
    start = time.perf_counter()
    summary = run_experiment(e, out, **backend)
    seconds = time.perf_counter() - start
    rows = arrow().parquet.read_table(out / GAMES).to_pylist()
    print(
        f"  {name}: {summary.played} games in {seconds:.1f} s = {summary.played / seconds:.1f} games/s", file=sys.stderr
    )
    return seconds, rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games in the experiment (2000)")
    parser.add_argument("--workers", type=int, default=2, help="processes of the parallel run (2)")
    parser.add_argument("--no-ray", action="store_true", help="leave the Ray backend out")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    e = experiment(args.games)
    result: dict[str, Any] = {"games": e.total, "cores": default_workers(), "workers": args.workers}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        one, rows = timed(e, root, "processes-1", workers=1)
        many, rows_many = timed(e, root, f"processes-{args.workers}", workers=args.workers)
        assert rows_many == rows, "the processes backend gave other rows"
        result["processes_1"] = {"seconds": one, "games_per_s": e.total / one}
        result[f"processes_{args.workers}"] = {"seconds": many, "games_per_s": e.total / many}
        result["speedup"] = one / many
        if not args.no_ray:
            import ray

            os.environ.setdefault("RAY_AUTH_MODE", "disabled")
            os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
            start = time.perf_counter()
            ray.init(
                address="local",
                include_dashboard=False,
                _node_ip_address="127.0.0.1",
                num_cpus=args.workers,
                log_to_driver=False,
                logging_level="error",
            )
            started = time.perf_counter() - start
            try:
                on_ray, rows_ray = timed(e, root, "ray", ray="local")
            finally:
                ray.shutdown()
            assert rows_ray == rows, "the Ray backend gave other rows"
            result["ray"] = {"seconds": on_ray, "games_per_s": e.total / on_ray, "cluster_start_seconds": started}
            result["ray_against_processes"] = many / on_ray
    print(f"lab benchmark: {e.total} games (Playboss, two bots, years 3 and 2), {result['cores']} cores")
    print(f"  1 process:   {result['processes_1']['games_per_s']:7.1f} games/s")
    print(
        f"  {args.workers} processes: {result[f'processes_{args.workers}']['games_per_s']:7.1f} games/s "
        f"({result['speedup']:.2f}× one)"
    )
    if "ray" in result:
        print(
            f"  Ray (local): {result['ray']['games_per_s']:7.1f} games/s ({result['ray_against_processes']:.0%} of "
            f"{args.workers} processes; the cluster took {result['ray']['cluster_start_seconds']:.1f} s to start)"
        )
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
