"""What bargaining is worth: one negotiating ``normal`` bot against bots that only answer yes or
no, and how many of the deals bots offer each other are taken.

Two runs, both at 4 seats (``--players``) with the game's default options (or those given with
``--option NAME=VALUE``), game ``g`` seeded ``g``:

- **Wins.** One ``normal`` bot (it offers trades of its own and answers with counter-offers)
  against bots that only accept or decline what they are offered (the game's spec hook
  ``answering``), the negotiating seat rotating with the game's number. Its wins (a tie shared
  by ``k`` winners counts ``1/k``) with a 95% Wilson interval (``tycoon.sim.stats``) beside the
  fair share.
- **Deals.** ``normal`` bots in every seat (``--deal-seats normal,easy``: those kinds in turn):
  every offer one makes another (a move whose kind begins with ``offer-``) and how it ended:
  accepted as offered, countered (and then the counter-offer accepted or not), or declined. A
  deal is done when the offer or its counter-offer is accepted.

    python benchmarks/negotiation.py --games 400 --workers 2
    python benchmarks/negotiation.py biznes_po_polsku --games 1000 --deal-games 200
    python benchmarks/negotiation.py --games 0 --deal-games 200 --deal-seats normal,easy
    python benchmarks/negotiation.py playboss --games 1000 --option steps=1,2,3,4,5,6

Figures are in docs/agents.md, "Negotiation".
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections import Counter
from typing import Any

from tycoon.agents.catalogue import make_agent
from tycoon.core.driver import Agent, play
from tycoon.core.registry import spec
from tycoon.core.spec import resolved
from tycoon.sim.stats import wilson_interval


def answering(game_id: str) -> Agent:
    """A fresh bot of ``game_id`` that only answers yes or no (its spec's ``answering`` hook)."""
    hook = spec(game_id).hooks.get("answering")
    if hook is None:
        raise SystemExit(f"{game_id} names no bot that only answers (the spec hook 'answering')")
    agent: Agent = resolved(hook)()
    return agent


Options = tuple[tuple[str, Any], ...]
"""The game's options, as (name, value) pairs."""


def one_win(job: tuple[str, int, int, Options]) -> float:
    """Game ``g`` with the negotiating seat at ``g % players``: its share of the win."""
    game_id, players, g, options = job
    seat = g % players
    agents = [answering(game_id) for _ in range(players)]
    agents[seat] = make_agent(game_id, "normal")
    result = play(spec(game_id).factory(players=players, **dict(options)), agents, g)
    winners = result.state.outcome().winners
    return 1 / len(winners) if seat in winners else 0.0


def one_dealing(job: tuple[str, int, int, tuple[str, ...], Options]) -> Counter[str]:
    """Game ``g`` among negotiating bots of ``kinds`` (seat ``s`` plays kind ``(s + g) % len``):
    its offers and how each ended."""
    game_id, players, g, kinds, options = job
    agents = [make_agent(game_id, kinds[(s + g) % len(kinds)]) for s in range(players)]
    result = play(spec(game_id).factory(players=players, **dict(options)), agents, g)
    return tally(result.record.moves)


def tally(moves: list[Any]) -> Counter[str]:
    """The offers in ``moves`` and their endings: ``offers``, ``accepted`` (as offered),
    ``countered``, ``counter accepted``, ``declined`` (with or without a reason)."""
    counts: Counter[str] = Counter()
    proposer: int | None = None
    countered = False
    for move in moves:
        kind = str(move.action["kind"])
        if kind.startswith("offer-"):
            counts["offers"] += 1
            proposer, countered = move.seat, False
        elif proposer is None:
            continue
        elif kind == "counter":
            counts["countered"] += 1
            countered = True
        elif kind == "accept":
            counts["counter accepted" if countered else "accepted"] += 1
            proposer = None
        elif kind.startswith("reject") or kind.startswith("decline"):
            counts["counter declined" if countered else "declined"] += 1
            proposer = None
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="biznes_po_polsku", help="a registered game id")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=400, help="games of one negotiator against the others")
    parser.add_argument("--deal-games", type=int, default=100, help="games among negotiating bots")
    parser.add_argument(
        "--deal-seats", default="normal", help="the kinds at the dealing tables, in turn round the seats (normal,easy)"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (steps=1,2,3,4,5,6)"
    )
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    declared = {o.name: o for o in spec(args.game).options}
    options: list[tuple[str, Any]] = []
    for given in args.option:
        name, _, text = given.partition("=")
        if name not in declared:
            parser.error(f"{args.game} has no option {name!r}; it has: {', '.join(declared)}")
        options.append((name, declared[name].parse(text)))
    setting = tuple(options)
    wins_jobs = [(args.game, args.players, g, setting) for g in range(args.games)]
    kinds = tuple(args.deal_seats.split(","))
    deal_jobs = [(args.game, args.players, g, kinds, setting) for g in range(args.deal_games)]
    with multiprocessing.Pool(args.workers) as pool:
        shares = pool.map(one_win, wins_jobs, chunksize=4)
        tallies = pool.map(one_dealing, deal_jobs, chunksize=4)
    told = f" ({', '.join(args.option)})" if args.option else ""
    if shares:
        wins = sum(shares)
        low, high = wilson_interval(wins, len(shares))
        print(f"{args.game}{told}, {args.players} seats: one negotiating normal bot against bots that only answer")
        print(
            f"  wins {wins:g} of {len(shares)} = {wins / len(shares):.1%} "
            f"(95% {low:.1%} to {high:.1%}; a fair share is {1 / args.players:.0%})"
        )
    total: Counter[str] = Counter()
    for counts in tallies:
        total.update(counts)
    offers = total["offers"]
    done = total["accepted"] + total["counter accepted"]
    print(f"{args.game}{told}, {args.players} seats, negotiating bots ({', '.join(kinds)}), {len(tallies)} games:")
    print(f"  offers {offers} ({offers / max(len(tallies), 1):.1f} a game)")
    for name in ("accepted", "countered", "counter accepted", "counter declined", "declined"):
        print(f"  {name}: {total[name]} ({total[name] / max(offers, 1):.1%} of the offers)")
    deal_low, deal_high = wilson_interval(done, offers) if offers else (0.0, 1.0)
    print(
        f"  deals done (accepted as offered or countered and accepted): {done} = {done / max(offers, 1):.1%} "
        f"(95% {deal_low:.1%} to {deal_high:.1%})"
    )


if __name__ == "__main__":
    main()
