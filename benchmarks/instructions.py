"""The machine instructions a workload's turn costs, counted by callgrind: a measure of a
change that the load of a shared machine does not move.

Runs ``peers.py``'s tycoon workloads for ``--games`` seeded games under ``valgrind
--tool=callgrind`` (each game about fifty times slower than it plays), once with the sources
of another checkout (``--before``, put first on ``PYTHONPATH``) when given and once with the
installed code, and subtracts a run of no game, so that the interpreter's start and the
imports are not counted. Prints instructions per turn and, with ``--before``, after ÷ before.

Instructions are not time: a change that saves memory traffic or the cycle collector's walks
may save more time than instructions, and one that trades work for cache misses less. The
turn rates stay ``peers.py``'s and ``before_after.py``'s; this count tells a change of a few per
cent from the noise of a busy machine in one run.

    python benchmarks/instructions.py --only biznes-random
    python benchmarks/instructions.py --before ../main-checkout/src --only biznes-random --games 10
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from peers import TYCOON_SIDES, turns_of  # noqa: E402 (beside this script, found through the path above)

COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def play(name: str, games: int, count_turns: bool) -> int:
    """Play seeded games ``1`` to ``games`` of workload ``name`` as the simulator does, the
    record kept; their turns if ``count_turns`` (reading the record), else 0."""
    from tycoon.agents import RandomAgent
    from tycoon.core import load, play, spec

    game_id, options, bots = TYCOON_SIDES[name]
    game = load(game_id, players=4, **options)
    make = spec(game_id).bots["bot"] if bots else RandomAgent
    turns = 0
    for seed in range(1, games + 1):
        result = play(game, [make() for _ in range(4)], seed)
        if count_turns:
            turns += turns_of(game_id, result)
    return turns


def run(args: list[str], source: Path | None, valgrind: bool) -> subprocess.CompletedProcess[str]:
    """This script run with ``args``, the code at ``source`` (``None``: the installed code)."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if source is not None:
        env["PYTHONPATH"] = str(source)
    tool = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] if valgrind else []
    return subprocess.run([*tool, sys.executable, __file__, *args], check=True, capture_output=True, text=True, env=env)


def instructions(name: str, games: int, source: Path | None) -> int:
    """The instructions ``games`` games of ``name`` cost (0: the start alone), their turns not
    counted (reading the record is not part of playing)."""
    out = run(["--play", name, str(games)], source, valgrind=True)
    found = COLLECTED.search(out.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def per_turn(name: str, games: int, source: Path | None) -> tuple[float, int]:
    """Instructions per turn of ``games`` games of ``name``, the start subtracted, and the turns
    (counted in a run of their own, without callgrind)."""
    turns = int(run(["--turns", name, str(games)], source, valgrind=False).stdout.split()[-1])
    return (instructions(name, games, source) - instructions(name, 0, source)) / turns, turns


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--before", type=Path, help="the src folder of the code before, to compare with")
    parser.add_argument("--games", type=int, default=10, help="seeded games per count (default 10)")
    parser.add_argument("--only", action="append", choices=sorted(TYCOON_SIDES), help="count only this workload")
    parser.add_argument("--play", nargs=2, metavar=("NAME", "GAMES"), help=argparse.SUPPRESS)
    parser.add_argument("--turns", nargs=2, metavar=("NAME", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play or args.turns:
        name, games = args.play or args.turns
        print(play(name, int(games), count_turns=bool(args.turns)))
        return 0
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (Debian: apt-get install valgrind)")
    for name in args.only or TYCOON_SIDES:
        after, turns = per_turn(name, args.games, None)
        line = f"{name}: {after:,.0f} instructions a turn ({turns} turns of {args.games} games)"
        if args.before is not None:
            before, turns_before = per_turn(name, args.games, args.before)
            if turns_before != turns:
                line += f"; before: {before:,.0f} over {turns_before} turns (the games differ)"
            else:
                line += f"; before {before:,.0f}; after ÷ before {after / before:.3f}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
