"""tycoon's turn rate beside two public game simulators, measured in one run.

The peers are installed from PyPI into a throwaway virtual environment outside the repository
(``--env``, by default a folder in the system's temporary directory); they are never
dependencies of tycoon:

* GNOME-p3's Monopoly simulator (PyPI ``monopoly-simulator-test``), its four heuristic agents
  (``background_agent_v3_1``). The wheel pins ``numpy==1.18.4``, which does not build on Python
  3.11, so it is installed without its pins, beside current ``numpy`` and ``xlsxwriter``; two
  modules its game loop imports (``rl_agent``, ``rl_agent_background``) are missing from the
  wheel and are stood in for by empty modules (no seat uses them).
* Catanatron (PyPI ``catanatron``), four ``WeightedRandomPlayer`` s.

Each workload pairs a tycoon game with a peer:

==========================  =====================================  ===========
tycoon workload             its turns                              peer
==========================  =====================================  ===========
Biznes po polsku, 4 random  one player's roll                      GNOME-p3
Biznes po polsku, 4 bots    one player's roll                      GNOME-p3
Playboss base model, 4 bots one player's roll                      Catanatron
Playboss all six steps      one player's roll                      Catanatron
Die Bosse, 4 bots           one player's turn                      Catanatron
==========================  =====================================  ===========

A GNOME-p3 turn is one player's roll with everyone's out-of-turn moves around it (one pass of
its game loop); a Catanatron turn is one player's turn (``state.num_turns``).

For each workload the two sides run alternately, ``--pairs`` times (at least five), each run in
a fresh process playing seeded games until it has used ``--seconds`` of CPU time; a run's rate
is turns per CPU second of the games alone (``time.process_time``, set-up and imports
excluded). The ratio of each pair is taken and the median of the ratios reported, so that a
machine busy with other work slows both sides of a pair alike.

    python benchmarks/peers.py                       # every workload, 5 pairs of 2 s each
    python benchmarks/peers.py --pairs 7 --seconds 3 --json peers.json
    python benchmarks/peers.py --only biznes-random --only die-bosse-bots
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import venv
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tycoon.core.driver import PlayResult

PEER_PACKAGES = ("catanatron", "numpy", "xlsxwriter")
"""Installed with their dependencies."""
PEER_UNPINNED = ("monopoly-simulator-test",)
"""Installed without their pinned dependencies (see the module's docstring)."""

WORKLOADS: dict[str, tuple[str, str]] = {
    "biznes-random": ("Biznes po polsku, 4 random agents", "gnome"),
    "biznes-bots": ("Biznes po polsku, 4 bots", "gnome"),
    "playboss-bots": ("Playboss base model, 4 bots", "catanatron"),
    "playboss-steps-bots": ("Playboss all six steps, 4 bots", "catanatron"),
    "die-bosse-bots": ("Die Bosse, 4 bots", "catanatron"),
}
TYCOON_SIDES: dict[str, tuple[str, dict[str, object], bool]] = {
    "biznes-random": ("biznes_po_polsku", {}, False),
    "biznes-bots": ("biznes_po_polsku", {}, True),
    "playboss-bots": ("playboss", {"years": 3}, True),
    "playboss-steps-bots": ("playboss", {"years": 3, "steps": [1, 2, 3, 4, 5, 6]}, True),
    "die-bosse-bots": ("die_bosse", {}, True),
}
"""Each workload's game, its options, and whether its seats are the game's bots (else random
agents)."""
PEERS = {
    "gnome": "GNOME-p3 Monopoly simulator, 4 heuristic agents",
    "catanatron": "Catanatron, 4 weighted-random players",
}


# --- the side runs: each is run as ``python peers.py --run NAME SEED SECONDS`` in its own process


def run_tycoon(name: str, first_seed: int, seconds: float, max_games: int = 2**62) -> tuple[int, float, int]:
    """Seeded tycoon games of workload ``name`` until ``seconds`` of CPU time are used, or
    ``max_games`` are played: (turns, CPU seconds, games)."""
    import time

    from tycoon.agents import RandomAgent
    from tycoon.core import load, play, spec
    from tycoon.core.driver import Agent

    game_id, options, bots = TYCOON_SIDES[name]
    game = load(game_id, players=4, **options)
    make = spec(game_id).bots["bot"] if bots else RandomAgent
    turns = games = 0
    cpu = 0.0
    seed = first_seed
    while cpu < seconds and games < max_games:
        agents: list[Agent] = [make() for _ in range(4)]
        start = time.process_time()
        # As the simulator plays: through the driver, the record kept.
        result = play(game, agents, seed)
        cpu += time.process_time() - start
        turns += turns_of(game_id, result)
        games += 1
        seed += 1
    return turns, cpu, games


def turns_of(game_id: str, result: PlayResult) -> int:
    """The turns of a game played, as the workloads count them."""
    if game_id == "die_bosse":
        return int(getattr(result.state, "turns", 0))  # no roll here: the state counts turns begun
    return sum(1 for m in result.record.moves if m.action.get("kind") == "roll")


def run_gnome(first_seed: int, seconds: float) -> tuple[int, float, int]:
    """GNOME-p3 games with its four heuristic agents until ``seconds`` of CPU time are used."""
    import logging
    import time
    import types

    import monopoly_simulator

    package = os.path.dirname(monopoly_simulator.__file__)
    sys.path.insert(0, package)  # its game loop imports a sibling module by its bare name
    logging.disable(logging.CRITICAL)
    for missing in ("rl_agent", "rl_agent_background"):
        stand_in = types.ModuleType(f"monopoly_simulator.{missing}")
        stand_in.RLAgent = object  # type: ignore[attr-defined]
        stand_in.decision_agent_methods = {}  # type: ignore[attr-defined]
        sys.modules[f"monopoly_simulator.{missing}"] = stand_in
    from monopoly_simulator import action_choices, background_agent_v3_1, gameplay
    from monopoly_simulator.agent import Agent

    rolls = [0]
    roll_die = action_choices.roll_die

    def counted(*args: object, **kwargs: object) -> object:
        rolls[0] += 1  # one pass of the game loop: a player's roll and the moves around it
        return roll_die(*args, **kwargs)

    action_choices.roll_die = counted
    schema = os.path.join(package, "monopoly_game_schema_v1-2.json")
    turns = games = 0
    cpu = 0.0
    seed = first_seed
    while cpu < seconds:
        agents = {f"player_{i}": Agent(**background_agent_v3_1.decision_agent_methods) for i in range(1, 5)}
        board = gameplay.set_up_board(schema, agents)
        for agent in agents.values():
            agent.startup(board)
        rolls[0] = 0
        start = time.process_time()
        gameplay.simulate_game_instance(board, np_seed=seed)
        cpu += time.process_time() - start
        turns += rolls[0]
        games += 1
        seed += 1
    return turns, cpu, games


def run_catanatron(first_seed: int, seconds: float) -> tuple[int, float, int]:
    """Catanatron games of four weighted-random players until ``seconds`` of CPU time are used."""
    import time

    from catanatron import Color, Game
    from catanatron.players.weighted_random import WeightedRandomPlayer

    turns = games = 0
    cpu = 0.0
    seed = first_seed
    while cpu < seconds:
        players = [WeightedRandomPlayer(color) for color in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
        game = Game(players, seed=seed + 1)  # seed 0 would mean "unseeded" to Catanatron
        start = time.process_time()
        game.play()
        cpu += time.process_time() - start
        turns += game.state.num_turns
        games += 1
        seed += 1
    return turns, cpu, games


def run_side(name: str, first_seed: int, seconds: float) -> None:
    """The body of a side's process: print its (turns, cpu, games) as one JSON line."""
    if name == "gnome":
        turns, cpu, games = run_gnome(first_seed, seconds)
    elif name == "catanatron":
        turns, cpu, games = run_catanatron(first_seed, seconds)
    else:
        turns, cpu, games = run_tycoon(name, first_seed, seconds)
    print(json.dumps({"turns": turns, "cpu": cpu, "games": games}))


# --- the driver -----------------------------------------------------------------------------


def peer_python(env: Path) -> Path:
    return env / "bin" / "python"


def set_up(env: Path) -> None:
    """Create the peers' environment at ``env`` and install them from PyPI (once)."""
    python = peer_python(env)
    if python.exists():
        probe = "import catanatron, monopoly_simulator"
        if subprocess.run([str(python), "-c", probe], capture_output=True).returncode == 0:
            return
    print(f"installing the peers into {env} ...", file=sys.stderr)
    venv.create(env, with_pip=True, clear=True)
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, *PEER_PACKAGES], check=True)
    subprocess.run([*pip, "--no-deps", *PEER_UNPINNED], check=True)


def side(python: Path, name: str, first_seed: int, seconds: float) -> float:
    """Run one side in a fresh process; its turns per CPU second."""
    out = subprocess.run(
        [str(python), __file__, "--run", name, str(first_seed), str(seconds)],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    return float(result["turns"]) / float(result["cpu"])


@dataclass
class Row:
    workload: str
    peer: str
    tycoon_turns_per_s: float
    peer_turns_per_s: float
    ratio: float
    ratios: list[float]


def measure(name: str, env: Path, pairs: int, seconds: float) -> Row:
    label, peer = WORKLOADS[name]
    ours: list[float] = []
    theirs: list[float] = []
    ratios: list[float] = []
    for i in range(pairs):
        seed = 1000 * (i + 1)
        # Alternate which side goes first, so neither always runs on a warmer machine.
        if i % 2 == 0:
            a = side(Path(sys.executable), name, seed, seconds)
            b = side(peer_python(env), peer, seed, seconds)
        else:
            b = side(peer_python(env), peer, seed, seconds)
            a = side(Path(sys.executable), name, seed, seconds)
        ours.append(a)
        theirs.append(b)
        ratios.append(a / b)
        print(
            f"  {name} pair {i + 1}: tycoon {a:,.0f} turns/s, peer {b:,.0f} turns/s, ratio {a / b:.2f}", file=sys.stderr
        )
    return Row(
        label, PEERS[peer], statistics.median(ours), statistics.median(theirs), statistics.median(ratios), ratios
    )


def table(rows: list[Row]) -> str:
    from common import render_table

    lines = [("tycoon workload", "peer", "tycoon turns/s", "peer turns/s", "tycoon ÷ peer")]
    for r in rows:
        lines.append(
            (r.workload, r.peer, f"{r.tycoon_turns_per_s:,.0f}", f"{r.peer_turns_per_s:,.0f}", f"{r.ratio:.2f}")
        )
    return render_table(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--env",
        type=Path,
        default=Path(tempfile.gettempdir()) / "tycoon-peers-venv",
        help="the peers' virtual environment, made if missing (default: in the temporary directory)",
    )
    parser.add_argument("--pairs", type=int, default=5, help="alternating pairs of runs per workload (at least 5)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds of games per run (default 2)")
    parser.add_argument("--only", action="append", choices=sorted(WORKLOADS), help="measure only this workload")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument("--run", nargs=3, metavar=("SIDE", "SEED", "SECONDS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run:
        run_side(args.run[0], int(args.run[1]), float(args.run[2]))
        return 0
    if args.pairs < 5:
        parser.error("--pairs must be at least 5 (the ratio is a median of pairs)")
    repo = Path(__file__).resolve().parent.parent
    if args.env.resolve().is_relative_to(repo):
        parser.error("--env must lie outside the repository: the peers are never part of tycoon")
    set_up(args.env)
    rows = [measure(name, args.env, args.pairs, args.seconds) for name in (args.only or WORKLOADS)]
    print(table(rows))
    if args.json:
        from common import machine

        args.json.write_text(
            json.dumps(
                {"machine": machine(), "pairs": args.pairs, "seconds": args.seconds, "rows": [asdict(r) for r in rows]},
                indent=2,
            )
            + "\n",
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
