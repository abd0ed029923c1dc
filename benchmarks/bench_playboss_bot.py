"""How well the Playboss bot runs a business: mean profit in all-bot games.

Plays seeded games in which every seat is the Playboss bot (``BOTS["bot"]``), for each length
(1 and 3 business years by default) and table size (2, 3 and 4 players), and reports per
business: the mean profit with its 95% interval, the share of businesses that end in profit and
that go bankrupt, the share that ever owned a machine, and the mean machines at the end. With
step 6 the worker representative's seat is left out of the business figures and reported on
its own line.

It is a study, not a test: nothing here fails, and the figures are reported in
``docs/performance.md``.

    python benchmarks/bench_playboss_bot.py [--games N] [--years 1,3] [--players 2,3,4] [--steps 1,2]
        [--tuning invest_gain=-1000000,second_charge=0]

``--tuning`` plays the bot with some of its knobs changed (``tycoon.games.playboss.bot.Tuning``),
to measure what a different policy would make: the line above makes it invest whenever it can
pay for a machine, whatever the machine is expected to earn.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from common import machine, render_table
from tycoon.core.driver import play
from tycoon.core.record import Move
from tycoon.games.playboss import Playboss, PlaybossState
from tycoon.games.playboss.bot import PlaybossBot, Tuning

SEED = "bot-profit"


@dataclass
class Row:
    """The figures of one configuration."""

    years: int
    players: int
    steps: str
    games: int
    businesses: int
    """Business results counted (games × businesses per game)."""
    mean_profit: float
    """Mean profit of a business at the end, in Marks."""
    ci95: float
    """Half width of the 95% interval of the mean profit (normal approximation)."""
    in_profit: float
    """Share of businesses that end with a profit above 0."""
    zero: float
    """Share of businesses that end with a profit of exactly 0 (nothing done)."""
    bankrupt: float
    """Share of businesses that went bankrupt."""
    invested: float
    """Share of businesses that ended the game with at least one machine, or had one at some point
    (a machine lost or sold still counts)."""
    machines: float
    """Mean machines on a business's floor at the end."""
    rep_profit: float | None
    """With step 6: the worker representative's mean profit."""


def measure(years: int, players: int, steps: tuple[int, ...], games: int, tuning: Tuning | None = None) -> Row:
    game = Playboss(players=players, years=years, steps=steps)
    agents = [PlaybossBot(tuning=tuning) for _ in range(players)]
    rep = game.representative
    profits: list[int] = []
    reps: list[int] = []
    bankrupt = invested = machines = 0
    for i in range(games):
        result = play(game, agents, f"{SEED}:{years}:{players}:{i}")
        state = result.state
        assert isinstance(state, PlaybossState)
        scores = state.outcome().scores
        bought = _machine_owners(result.record.moves)
        for seat, b in enumerate(state.businesses):
            if seat == rep:
                reps.append(scores[seat])
                continue
            profits.append(scores[seat])
            bankrupt += b.bankrupt
            machines += len(b.machines)
            invested += bool(b.machines) or seat in bought
    n = len(profits)
    sd = statistics.stdev(profits) if n > 1 else 0.0
    return Row(
        years=years,
        players=players,
        steps=",".join(map(str, steps)) or "base",
        games=games,
        businesses=n,
        mean_profit=statistics.fmean(profits),
        ci95=1.96 * sd / math.sqrt(n) if n else 0.0,
        in_profit=sum(p > 0 for p in profits) / n,
        zero=sum(p == 0 for p in profits) / n,
        bankrupt=bankrupt / n,
        invested=invested / n,
        machines=machines / n,
        rep_profit=statistics.fmean(reps) if reps else None,
    )


def _machine_owners(moves: list[Move]) -> set[int]:
    """Seats that invested in a machine on a red field at some point of the game."""
    return {move.seat for move in moves if move.action.get("kind") == "invest"}


def table(rows: list[Row]) -> str:
    head = ("steps", "years", "players", "games", "mean profit", "±95%", "in profit", "0")
    lines = [(*head, "bankrupt", "invested", "machines", "rep")]
    for r in rows:
        lines.append(
            (
                r.steps,
                str(r.years),
                str(r.players),
                str(r.games),
                f"{r.mean_profit:,.0f}",
                f"{r.ci95:,.0f}",
                f"{r.in_profit:.0%}",
                f"{r.zero:.0%}",
                f"{r.bankrupt:.1%}",
                f"{r.invested:.0%}",
                f"{r.machines:.2f}",
                "" if r.rep_profit is None else f"{r.rep_profit:,.0f}",
            )
        )
    return render_table(lines)


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(",") if x)


def _tuning(text: str) -> Tuning:
    """``name=value,...`` over the bot's defaults."""
    defaults = Tuning()
    changes: dict[str, float] = {}
    for item in text.split(","):
        name, _, value = item.partition("=")
        if not hasattr(defaults, name):
            raise argparse.ArgumentTypeError(f"the bot has no knob {name!r}")
        changes[name] = type(getattr(defaults, name))(float(value))
    return replace(defaults, **changes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="seeded games per configuration (default 300)")
    parser.add_argument("--years", type=_ints, default=(1, 3), help="game lengths in business years (default 1,3)")
    parser.add_argument("--players", type=_ints, default=(2, 3, 4), help="table sizes (default 2,3,4)")
    parser.add_argument("--steps", type=_ints, default=(), help="expansion steps on, e.g. 2,3,4 (default none)")
    parser.add_argument("--tuning", type=_tuning, default=None, help="the bot's knobs changed, e.g. invest_gain=0")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    info = machine()
    print(f"Playboss bot, all-bot games; {info['cpu']}, {info['cores']} cores, Python {info['python']}")
    rows = []
    for years in args.years:
        for players in args.players:
            rows.append(measure(years, players, args.steps, args.games, args.tuning))
            print(f"  measured {years} year(s), {players} players", file=sys.stderr)
    print(table(rows))
    if args.json:
        payload = {"benchmark": "playboss-bot", "machine": info, "rows": [asdict(r) for r in rows]}
        args.json.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
