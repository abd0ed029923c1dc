"""The simulation lab's speed: games per second on 1 and 2 processes and on a local Ray cluster.

One experiment of ``--games`` games (2,000 by default: Playboss base model, two bots, three
business years, in two cells of a variant axis) is run by ``tycoon.sim.lab.run_experiment`` into
a fresh folder on each backend, exactly as ``tycoon lab run`` runs it, Parquet writing included.
The Ray cluster is started before the clock starts (its start-up time is reported on its own),
bound to 127.0.0.1 with ``RAY_AUTH_MODE=disabled``. The rows of every backend are checked to be
identical. Each backend runs ``--repeats`` times, the backends taking turns (each round starts
with another), and the median is reported with the machine's load average. Goals (issue 13):
two processes at least 1.8 times one on two cores; Ray within 20% of the processes backend.

    python benchmarks/bench_lab.py [--games N] [--workers W] [--repeats R] [--no-ray] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from common import machine
from tycoon.sim.lab.experiment import experiment_from
from tycoon.sim.lab.run import run_experiment
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


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the worker processes)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


CPU: dict[str, list[float]] = {}
"""CPU seconds of each processes run, by backend (Ray's workers are not our children: not counted)."""


def timed(e: Any, root: Path, name: str, **backend: Any) -> tuple[float, Any]:
    out = root / name
    shutil.rmtree(out, ignore_errors=True)
    cpu = cpu_seconds()
    start = time.perf_counter()
    summary = run_experiment(e, out, **backend)
    seconds = time.perf_counter() - start
    if "ray" not in backend:
        CPU.setdefault(name, []).append(cpu_seconds() - cpu)
    rows = arrow().parquet.read_table(out / GAMES).to_pylist()
    print(
        f"  {name}: {summary.played} games in {seconds:.1f} s = {summary.played / seconds:.1f} games/s", file=sys.stderr
    )
    return seconds, rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games in the experiment (2000)")
    parser.add_argument("--workers", type=int, default=2, help="processes of the parallel run (2)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each backend, in turns; the median (3)")
    parser.add_argument("--no-ray", action="store_true", help="leave the Ray backend out")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    e = experiment(args.games)
    backends: dict[str, dict[str, Any]] = {
        "processes_1": {"workers": 1},
        f"processes_{args.workers}": {"workers": args.workers},
    }
    started = None
    if not args.no_ray:
        import ray

        os.environ.setdefault("RAY_AUTH_MODE", "disabled")
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
        clock = time.perf_counter()
        ray.init(
            address="local",
            include_dashboard=False,
            _node_ip_address="127.0.0.1",
            num_cpus=args.workers,
            log_to_driver=False,
            logging_level="error",
        )
        started = time.perf_counter() - clock
        backends["ray"] = {"ray": "local"}
    seconds: dict[str, list[float]] = {name: [] for name in backends}
    reference = None
    load = [os.getloadavg()[0]]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            names = list(backends)
            for repeat in range(args.repeats):
                # Each round starts with another backend, so a busy spell of the machine does not
                # fall on one backend only.
                order = names[repeat % len(names) :] + names[: repeat % len(names)]
                for name in order:
                    took, rows = timed(e, Path(tmp), name, **backends[name])
                    reference = reference or rows
                    assert rows == reference, f"the {name} backend gave other rows"
                    seconds[name].append(took)
                load.append(os.getloadavg()[0])
    finally:
        if started is not None:
            import ray

            ray.shutdown()
    result: dict[str, Any] = {"games": e.total, "workers": args.workers, "repeats": args.repeats, "machine": machine()}
    result["load_average"] = load
    for name, runs in seconds.items():
        result[name] = {"seconds": runs, "games_per_s": e.total / statistics.median(runs)}
    for name, runs in CPU.items():
        result[name]["cpu_seconds"] = runs
        result[name]["games_per_cpu_s"] = e.total / statistics.median(runs)
    one = result["processes_1"]["games_per_s"]
    many = result[f"processes_{args.workers}"]["games_per_s"]
    result["speedup"] = many / one
    print(f"lab benchmark: {e.total} games (Playboss, two bots, years 3 and 2), median of {args.repeats}")
    print(f"  1 process:   {one:7.1f} games/s")
    print(f"  {args.workers} processes: {many:7.1f} games/s ({result['speedup']:.2f}× one)")
    cpu_one = result["processes_1"]["games_per_cpu_s"]
    cpu_many = result[f"processes_{args.workers}"]["games_per_cpu_s"]
    result["cpu_efficiency"] = cpu_many / cpu_one
    print(
        f"  per CPU second: {cpu_one:.1f} games on 1 process, {cpu_many:.1f} on {args.workers} "
        f"({cpu_many / cpu_one:.0%}: the cost of sharing the work out, whatever else the machine runs)"
    )
    if started is not None:
        on_ray = result["ray"]["games_per_s"]
        result["ray"]["cluster_start_seconds"] = started
        result["ray_against_processes"] = on_ray / many
        print(
            f"  Ray (local): {on_ray:7.1f} games/s ({on_ray / many:.0%} of {args.workers} processes; "
            f"the cluster took {started:.1f} s to start)"
        )
    print(f"  load average (1 min) during the runs: {min(load):.1f} to {max(load):.1f}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
