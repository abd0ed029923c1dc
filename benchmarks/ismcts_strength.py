"""How strong the searching bot (``hard``, ``tycoon.agents.ismcts``) is against the normal bots,
and how long it thinks.

One ``hard`` seat against ``normal`` bots (each game's ``normal`` level) in every other seat,
the searching seat rotating with the game's number; game ``g`` is played with seed ``g``. It
reports the searching seat's wins (a tie shared by ``k`` winners counts ``1/k``) with a 95%
Wilson interval (``tycoon.sim.stats``) beside the fair share, and its think time per decision:
the median and the 90th percentile over every decision it was asked, and the median over the
decisions it searched (a forced move is answered at once). Times are CPU time of the thinking
process (``time.process_time``), so other work on a shared machine does not count; the
search's own budget is its iterations (``--iterations``), so the figures replay exactly.

    python benchmarks/ismcts_strength.py die_bosse --players 4 --games 200 --workers 2
    python benchmarks/ismcts_strength.py biznes_po_polsku --players 2 --iterations 40 --horizon 20

Figures for the committed budget are in docs/agents.md, "The searching bot".
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from typing import Any

from tycoon.agents.catalogue import make_agent
from tycoon.agents.ismcts import IsmctsAgent
from tycoon.core.actions import Action
from tycoon.core.driver import Agent, play
from tycoon.core.game import State
from tycoon.core.registry import spec
from tycoon.sim.stats import wilson_interval


class Timed:
    """An agent that notes the CPU time of each of its decisions, and whether it searched."""

    def __init__(self, agent: IsmctsAgent) -> None:
        self.agent = agent
        self.name = agent.name
        self.times: list[float] = []
        self.searched: list[float] = []

    def seed(self, seed: int | str) -> None:
        self.agent.seed(seed)

    def act(self, state: State, seat: int) -> Action:
        self.agent.last_root = None
        start = time.process_time()
        action = self.agent.act(state, seat)
        spent = time.process_time() - start
        self.times.append(spent)
        if self.agent.last_root is not None:
            self.searched.append(spent)
        return action


def one_game(job: tuple[str, int, int, dict[str, Any]]) -> tuple[float, list[float], list[float], int]:
    """Game ``g`` with the searching seat at ``g % players``: its share of the win, its
    decisions' times (all, and those it searched) and the game's length in actions."""
    game_id, players, g, budget = job
    s = spec(game_id)
    hard = make_agent(s.id, "hard")
    assert isinstance(hard, IsmctsAgent)
    for name, value in budget.items():
        setattr(hard, name, value)
    timed = Timed(hard)
    seat = g % players
    agents: list[Agent] = [s.bots["bot"]() for _ in range(players)]
    agents[seat] = timed
    result = play(s.factory(players=players), agents, g)
    winners = result.state.outcome().winners
    share = 1 / len(winners) if seat in winners else 0.0
    return share, timed.times, timed.searched, result.actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a registered game id (die_bosse, biznes_po_polsku, playboss)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--progress", type=int, default=0, help="print the wins every this many games")
    parser.add_argument("--iterations", type=int, default=None, help="default: the game's hard level's")
    parser.add_argument("--horizon", type=int, default=None)
    parser.add_argument("--c", type=float, default=None)
    parser.add_argument("--widen", type=float, default=None)
    parser.add_argument("--blend", type=float, default=None)
    parser.add_argument("--puct", type=float, default=None, help="PUCT with this prior on the bot's choice")
    parser.add_argument("--uct", action="store_true", help="UCT instead of PUCT")
    parser.add_argument("--width", type=int, default=None, help="options of a node at most")
    parser.add_argument("--depth", type=int, default=None, help="decisions below the root the tree grows to")
    parser.add_argument(
        "--keep", type=float, default=None, help="keep the bot's choice unless beaten by this many standard errors"
    )
    parser.add_argument("--tree-root", action="store_true", help="the root searched like the nodes below, not halved")
    args = parser.parse_args()
    budget: dict[str, Any] = {"seconds": None}
    if args.uct:
        budget["puct"] = None
    if args.tree_root:
        budget["halving"] = False
    for name in ("iterations", "horizon", "c", "widen", "blend", "puct", "width", "depth", "keep"):
        value = getattr(args, name)
        if value is not None:
            budget[name] = value
    jobs = [(args.game, args.players, g, budget) for g in range(args.first, args.first + args.games)]
    results: list[tuple[float, list[float], list[float], int]] = []
    with multiprocessing.Pool(args.workers) as pool:
        for result in pool.imap(one_game, jobs, chunksize=1):
            results.append(result)
            if args.progress and len(results) % args.progress == 0:
                wins = sum(r[0] for r in results)
                print(f"  after {len(results)} games: {wins:g} wins", flush=True)
    wins = sum(r[0] for r in results)
    times = [t for r in results for t in r[1]]
    searched = [t for r in results for t in r[2]]
    lengths = [r[3] for r in results]
    low, high = wilson_interval(wins, len(results))
    hard = make_agent(args.game, "hard")
    assert isinstance(hard, IsmctsAgent)
    shown = {
        name: budget.get(name, getattr(hard, name))
        for name in ("iterations", "horizon", "width", "depth", "halving", "c", "widen", "blend", "puct", "keep")
    }
    print(f"{args.game}, {args.players} seats, hard against normal bots; {shown}")
    print(
        f"  wins {wins:g} of {len(results)} = {wins / len(results):.1%} "
        f"(95% {low:.1%} to {high:.1%}; a fair share is {1 / args.players:.0%})"
    )
    print(
        f"  think (CPU): median {statistics.median(times) * 1000:.1f} ms over {len(times)} decisions, "
        f"90th percentile {statistics.quantiles(times, n=10)[-1] * 1000:.1f} ms; "
        f"median {statistics.median(searched) * 1000:.1f} ms over the {len(searched)} searched "
        f"(mean {statistics.mean(searched) * 1000:.1f} ms)"
    )
    print(f"  game length: median {statistics.median(lengths):g} actions, longest {max(lengths)}")


if __name__ == "__main__":
    main()
