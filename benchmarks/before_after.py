"""The turn rate of two versions of tycoon's code, side by side: after ÷ before.

Runs ``peers.py``'s tycoon workloads (``--run``) in fresh processes, alternately with the sources
of another checkout (``--before``, put first on ``PYTHONPATH``) and with the installed code,
``--pairs`` times each, every run playing the same seeded games until it has used ``--seconds``
of CPU time. Prints each pair's ratio of turns per CPU second, their median, and the load
average before and after, so that a change's gain is read within pairs on a busy machine.

    python benchmarks/before_after.py --before ../main-checkout/src --only biznes-random
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from peers import WORKLOADS  # noqa: E402 (beside this script, found through the path above)


def rate(name: str, seed: int, seconds: float, source: Path | None) -> float:
    """Turns per CPU second of one run of workload ``name`` in a fresh process, with the code
    at ``source`` (``None``: the installed code)."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if source is not None:
        env["PYTHONPATH"] = str(source)
    out = subprocess.run(
        [sys.executable, str(HERE / "peers.py"), "--run", name, str(seed), str(seconds)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    return float(result["turns"]) / float(result["cpu"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the src folder of the code before")
    parser.add_argument("--pairs", type=int, default=5, help="alternating pairs per workload (default 5)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds of games per run (default 2)")
    parser.add_argument("--only", action="append", choices=sorted(WORKLOADS), help="measure only this workload")
    args = parser.parse_args(argv)
    for name in args.only or WORKLOADS:
        load = os.getloadavg()[0]
        ratios: list[float] = []
        for i in range(args.pairs):
            seed = 1000 * (i + 1)
            if i % 2 == 0:
                before = rate(name, seed, args.seconds, args.before)
                after = rate(name, seed, args.seconds, None)
            else:
                after = rate(name, seed, args.seconds, None)
                before = rate(name, seed, args.seconds, args.before)
            ratios.append(after / before)
            print(f"  {name} pair {i + 1}: before {before:,.0f}, after {after:,.0f} turns/s", file=sys.stderr)
        shown = ", ".join(f"{r:.2f}" for r in ratios)
        print(
            f"{name}: after ÷ before {statistics.median(ratios):.2f} ({shown}); "
            f"load {load:.1f} to {os.getloadavg()[0]:.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
