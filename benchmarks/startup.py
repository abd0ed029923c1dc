"""How long the ``tycoon`` command takes to start: ``tycoon --help``, ``tycoon --version``,
``tycoon games`` and a bare ``import tycoon.games``, each as a whole new process.

    python benchmarks/startup.py                 # 15 runs of each, median and spread
    python benchmarks/startup.py --runs 31 --json startup.json
    python benchmarks/startup.py --src OLD/src --src src   # two source trees, side by side

Each command is run ``--runs`` times, the commands taking turns so that a busy moment of the
machine falls on all of them alike; the wall-clock time and the CPU time of the child process
(user + system, from ``os.wait4``) are reported, median and the 10th to 90th percentile, with
the bare interpreter (``python -c pass``) beside them as the floor. With ``--src`` given more
than once, each command runs from each source tree in turn (``PYTHONPATH``), so that a change
is measured against the code before it in one run. The number of modules of
``tycoon`` each command imports is counted in one more run of each. Results on the reference
machine are in docs/performance.md ("Start-up").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

COMMANDS = {
    "python -c pass (the floor)": ["-c", "pass"],
    "import tycoon.games": ["-c", "import tycoon.games"],
    "tycoon --version": ["-c", "from tycoon.cli.main import main; main()", "--version"],
    "tycoon --help": ["-c", "from tycoon.cli.main import main; main()", "--help"],
    "tycoon games": ["-c", "from tycoon.cli.main import main; main()", "games"],
}
"""What is timed, as arguments to the interpreter (the console script does the same import)."""

COUNT = (
    "import sys, runpy\n"
    "sys.argv = ['tycoon'] + sys.argv[1:]\n"
    "from tycoon.cli.main import main\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "print(sum(1 for m in sys.modules if m == 'tycoon' or m.startswith('tycoon.')), file=sys.stderr)\n"
)
"""Runs a command, then writes how many modules of tycoon it imported to standard error."""


def environment(src: str | None) -> dict[str, str]:
    """The child's environment: ours, with ``src`` first on the path when given."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.path.abspath(src)
    return env


def run_once(args: list[str], src: str | None) -> tuple[float, float]:
    """One run of the interpreter with ``args``: its wall-clock and CPU seconds."""
    env = environment(src)
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{args} exited with {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def modules_imported(args: list[str], src: str | None) -> int | None:
    """How many modules of tycoon the command imports (None for the bare interpreter)."""
    if args[:2] == ["-c", "pass"]:
        return None
    if args[1] == "import tycoon.games":
        code = "import sys, tycoon.games; print(sum(1 for m in sys.modules if m.startswith('tycoon')), file=sys.stderr)"
        extra: list[str] = []
    else:
        code, extra = COUNT, args[2:]
    done = subprocess.run(
        [sys.executable, "-c", code, *extra], capture_output=True, text=True, check=True, env=environment(src)
    )
    return int(done.stderr.strip().splitlines()[-1])


def spread(values: list[float]) -> tuple[float, float, float]:
    """Median, 10th and 90th percentile."""
    deciles = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
    return statistics.median(values), deciles[0], deciles[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (15)")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--src", action="append", help="a source tree to run from (its src folder); repeat to compare")
    args = parser.parse_args()
    trees: list[str | None] = list(args.src) if args.src else [None]
    cases = [(tree, name) for name in COMMANDS for tree in trees]
    times: dict[tuple[str | None, str], list[tuple[float, float]]] = {case: [] for case in cases}
    for tree, name in cases:
        run_once(COMMANDS[name], tree)  # warm the file cache once
    for _ in range(args.runs):
        for tree, name in cases:
            times[tree, name].append(run_once(COMMANDS[name], tree))
    rows = []
    print(f"{'command':<28} {'tree':<16} {'wall ms (p10-p90)':>20} {'cpu ms (p10-p90)':>20} {'tycoon modules':>15}")
    for tree, name in cases:
        wall = spread([w for w, _ in times[tree, name]])
        cpu = spread([c for _, c in times[tree, name]])
        count = modules_imported(COMMANDS[name], tree)
        shown = "installed" if tree is None else tree[-16:]
        rows.append({"command": name, "tree": shown, "wall_s": wall, "cpu_s": cpu, "tycoon_modules": count})
        print(
            f"{name:<28} {shown:<16} {wall[0] * 1000:>7.0f} ({wall[1] * 1000:.0f}-{wall[2] * 1000:.0f}){'':>3}"
            f" {cpu[0] * 1000:>7.0f} ({cpu[1] * 1000:.0f}-{cpu[2] * 1000:.0f}){'':>3}"
            f" {'' if count is None else count:>15}"
        )
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"python": sys.version, "runs": args.runs, "rows": rows}, f, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
