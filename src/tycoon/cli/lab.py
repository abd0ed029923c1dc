"""``tycoon lab``: run experiments over variants and line-ups, report on them, study a board.

Thin: the work is done by :mod:`tycoon.sim.lab`; this module reads the arguments, shows the
progress bar and prints the summary tables. ``docs/lab.md`` explains the experiment file.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from tycoon.cli.options import add_language

Ask = Any


def add(commands: Any) -> None:
    """Add ``tycoon lab`` and its subcommands."""
    lab = commands.add_parser(
        "lab",
        help="experiments over variants, boards and line-ups; reports; board balance",
        description="The simulation lab: run an experiment file, report on its results, study a board.",
    )
    sub = lab.add_subparsers(dest="lab_command", required=True, metavar="COMMAND")

    run = sub.add_parser(
        "run",
        help="play an experiment's games (all cores, or a Ray cluster) into a results folder",
        description="Play every game of EXPERIMENT.toml not yet in --out (an interrupted run goes on where it "
        "stopped). Results: DIR/games.parquet, one row per game (docs/lab.md).",
    )
    run.add_argument("experiment", type=Path, help="the experiment file (TOML; see examples/experiments/)")
    run.add_argument("--out", type=Path, required=True, metavar="DIR", help="the results folder")
    where = run.add_mutually_exclusive_group()
    where.add_argument("--workers", "-j", type=_positive, metavar="W", help="worker processes (default: every core)")
    where.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="play on the Ray cluster at ADDRESS (e.g. auto, or 10.0.0.5:6379; 'local' starts one here); "
        "needs tycoon[ray]",
    )
    run.add_argument("--csv", type=Path, metavar="FILE", help="also write the rows as CSV")
    add_language(run, "the language of what is printed")

    rep = sub.add_parser(
        "report",
        help="write an experiment's HTML report with its plots and print its summary",
        description="Write DIR/report/report.html (self-contained, PNG plots beside it) and print the summary.",
    )
    rep.add_argument("folder", type=Path, metavar="DIR", help="an experiment's results folder")
    rep.add_argument("--out", type=Path, metavar="FOLDER", help="where the page and plots go (default DIR/report)")
    rep.add_argument(
        "--width",
        type=_points,
        default=1.0,
        metavar="POINTS",
        help="how many more games would narrow an interval to ± POINTS percentage points (1)",
    )
    add_language(rep, "the language of the page and the summary")

    export = sub.add_parser("export", help="write an experiment's rows as CSV", description="One CSV line per game.")
    export.add_argument("folder", type=Path, metavar="DIR", help="an experiment's results folder")
    export.add_argument("--csv", type=Path, required=True, metavar="FILE", help="the CSV file to write")
    add_language(export, "the language of what is printed")

    _add_balance(sub)
    _add_ladder(sub)


def run(args: argparse.Namespace, console: Console, ask: Ask) -> int:
    command = args.lab_command
    if command == "run":
        return _run(args, console)
    if command == "report":
        return _report(args, console)
    if command == "export":
        return _export(args, console)
    if command == "ladder":
        return _ladder(args, console)
    return _balance(args, console)


def _run(args: argparse.Namespace, console: Console) -> int:
    from tycoon.sim.lab.experiment import read_experiment
    from tycoon.sim.lab.run import run_experiment
    from tycoon.sim.lab.store import export_csv, read_rows

    t = _words(args)
    experiment = read_experiment(args.experiment)
    cells, games, total = t.count(len(experiment.cells)), t.count(experiment.games), t.count(experiment.total)
    plan = t("cli.cmd.lab.plan", name=experiment.name, game=experiment.game, cells=cells, games=games, total=total)
    console.print(Text(t("cli.cmd.lab.seeded", plan=plan, seed=repr(experiment.seed)), style="bold"), soft_wrap=True)
    with Progress(
        TextColumn("[bold]games"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as bar:
        task = bar.add_task("games", total=experiment.total)
        started: list[int] = []

        def progress(done: int, total: int) -> None:
            if not started:
                # Games found done are not counted in the speed, so the time left is honest.
                started.append(done)
                bar.reset(task, total=total, completed=done)
            else:
                bar.update(task, completed=done)

        try:
            summary = run_experiment(experiment, args.out, workers=args.workers, ray=args.ray, progress=progress)
        except KeyboardInterrupt:
            console.print(Text(t("cli.cmd.lab.interrupted", folder=str(args.out)), style="yellow"), soft_wrap=True)
            raise
    rate = summary.played / summary.seconds if summary.seconds > 0 else 0.0
    played = {"games": t.count(summary.played), "seconds": t.fixed(summary.seconds, ",.1f")}
    lines = [t("cli.cmd.lab.played", backend=summary.backend, rate=t.fixed(rate, ",.1f"), **played)]
    if summary.skipped:
        lines.append(t("cli.cmd.lab.skipped", games=t.count(summary.skipped), folder=str(args.out)))
    lines.append(t("cli.cmd.lab.results", results=str(summary.results), folder=str(args.out)))
    console.print(Text("\n".join(lines)), soft_wrap=True)
    if args.csv is not None:
        _, rows = read_rows(args.out)
        count = export_csv(rows, args.csv)
        console.print(Text(t("cli.cmd.lab.rows", rows=t.count(count), path=str(args.csv))), soft_wrap=True)
    return 0


def _report(args: argparse.Namespace, console: Console) -> int:
    from tycoon.cli.naming import choose_language
    from tycoon.sim.lab.report import write
    from tycoon.sim.lab.words import Words

    t = Words(choose_language(getattr(args, "lang", None)))
    f, page = write(args.folder, args.out, args.width / 100, t.language)
    planned = int(f.plan.get("games", 0)) * len(f.plan.get("cells", []))
    if len(f.rows) < planned:
        done = t("lab.partly_done", done=t.count(len(f.rows)), planned=t.count(planned), folder=str(args.folder))
        console.print(Text(done, style="yellow"), soft_wrap=True)
    print_summary(console, f, t)
    console.print(Text(t("lab.report_at", page=str(page)), style="bold"), soft_wrap=True)
    return 0


def _export(args: argparse.Namespace, console: Console) -> int:
    from tycoon.sim.lab.store import export_csv, read_rows

    t = _words(args)
    _, rows = read_rows(args.folder)
    count = export_csv(rows, args.csv)
    console.print(Text(t("cli.cmd.lab.rows", rows=t.count(count), path=str(args.csv))), soft_wrap=True)
    return 0


def _words(args: argparse.Namespace) -> Any:
    """The lab's words in the language ``--lang`` (else the environment's) chooses."""
    from tycoon.cli.naming import choose_language
    from tycoon.sim.lab.words import Words

    return Words(choose_language(getattr(args, "lang", None)))


def print_summary(console: Console, f: Any, t: Any = None) -> None:
    """The summary tables of an experiment's findings (:class:`tycoon.sim.lab.report.Findings`)
    in the language of ``t`` (a :class:`tycoon.sim.lab.words.Words`; English by default)."""
    from tycoon.sim.lab.analysis import comparison_sentence, start_player_sentence
    from tycoon.sim.lab.html import cell_name
    from tycoon.sim.lab.words import Words

    t = t or Words()
    most = max((len(c.by_place) or len(c.by_seat)) for c in f.cells)
    variants = len({c.variant for c in f.cells}) > 1
    lineups = len({c.lineup for c in f.cells}) > 1
    only = "" if variants or lineups else f" — {cell_name(f.cells[0])}"
    table = Table(title=t("lab.summary.by_place") + only, title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1))
    if variants or not lineups:
        table.add_column(t("lab.summary.variant"), overflow="fold")
    if lineups:
        table.add_column(t("lab.summary.lineup"), overflow="fold")
    table.add_column(t("lab.summary.games"), justify="right", no_wrap=True)
    for k in range(most):
        table.add_column(f"{k + 1}", justify="right", no_wrap=True)
    table.add_column(t("lab.summary.fair"), justify="right", no_wrap=True)
    for c in f.cells:
        rates = c.by_place or c.by_seat
        names = ([c.variant] if variants or not lineups else []) + ([c.lineup] if lineups else [])
        table.add_row(
            *names,
            t.count(c.games),
            *[f"{t.percent(r.rate)} ±{t.fixed(100 * r.half_width, '.1f')}" for r in rates],
            *[""] * (most - len(rates)),
            t.percent(c.fair, 0 if 100 * c.fair == round(100 * c.fair) else 1),
        )
    console.print(table)

    kinds = sorted({k for c in f.cells for k in c.by_kind})
    table = Table(title=t("lab.summary.by_kind"), title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1))
    table.add_column(t("lab.summary.cell"), overflow="fold")
    for k in kinds:
        table.add_column(k, justify="right", no_wrap=True)
    table.add_column(t("lab.summary.rounds"), justify="right", no_wrap=True)
    table.add_column(t("lab.summary.out"), justify="right", no_wrap=True)
    for c in f.cells:
        table.add_row(
            cell_name(c),
            *[
                f"{t.percent(c.by_kind[k].rate)} ±{t.fixed(100 * c.by_kind[k].half_width, '.1f')}; "
                f"{t.fixed(c.score_by_kind[k].mean, ',.0f')}"
                if k in c.by_kind
                else ""
                for k in kinds
            ],
            t.fixed(c.rounds.mean, ".1f") if c.rounds else "–",
            t.fixed(c.eliminations / c.games, ".2f"),
        )
    console.print(table)
    for c in f.cells:
        console.print(Text(start_player_sentence(c, t)), soft_wrap=True)
    for comp in f.comparisons:
        console.print(Text(comparison_sentence(comp, t)), soft_wrap=True)
    for n in f.needed:
        console.print(Text(n.sentence(t), style="dim"), soft_wrap=True)


def _add_balance(sub: Any) -> None:
    bal = sub.add_parser(
        "balance",
        help="is a board in balance? the board-balance study for any board file",
        description="Play the same seeded games on the game's own board and on FILE and compare them: seat and "
        "turn-order balance, landings, how much the luck of landing explains (docs/board-balance.md).",
    )
    bal.add_argument(
        "game", help="the game whose board is studied: one whose spec names a board study (playboss, biznes_po_polsku)"
    )
    bal.add_argument("--board", type=Path, required=True, metavar="FILE", help="the board file (like data/board.toml)")
    bal.add_argument("--games", "-n", type=_positive, default=1000, metavar="N", help="games per board (1000)")
    bal.add_argument("--players", type=_positive, default=4, metavar="P", help="players (4)")
    bal.add_argument("--years", type=_positive, metavar="Y", help="Playboss: business years (3)")
    bal.add_argument("--rounds", type=_positive, metavar="R", help="Biznes po polsku: rounds (the game's default)")
    bal.add_argument("--seats", default="bot", metavar="KIND", help="the agent kind at every seat (bot)")
    bal.add_argument("--seed", default="balance", help="the seed (balance)")
    bal.add_argument("--workers", "-j", type=_positive, metavar="W", help="worker processes (default: every core)")
    bal.add_argument("--out", type=Path, metavar="DIR", help="keep the games here (an experiment folder)")
    bal.add_argument("--json", type=Path, metavar="FILE", help="also write every figure to this JSON file")


def _balance(args: argparse.Namespace, console: Console) -> int:
    import json

    from tycoon.sim.lab.balance import render, study

    result = study(
        args.game,
        args.board,
        games=args.games,
        players=args.players,
        years=args.years,
        rounds=args.rounds,
        kind=args.seats,
        seed=args.seed,
        workers=args.workers,
        out=args.out,
    )
    for line in render(result):
        console.print(Text(line), soft_wrap=True, highlight=False)
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        console.print(Text(f"figures written to {args.json}"), soft_wrap=True)
    return 0


def _add_ladder(sub: Any) -> None:
    lad = sub.add_parser(
        "ladder",
        help="rate the levels (or any agents) of a game in a seeded round robin",
        description="Play a seeded round robin of agents, seats rotated, at each number of players, and rate them "
        "with openskill's Plackett-Luce model: the rating is mu, the interval mu ± 2 sigma (docs/lab.md). Needs "
        "tycoon[lab].",
    )
    lad.add_argument("game", help="the game id (tycoon games lists them)")
    lad.add_argument(
        "--agents",
        metavar="A,B,C",
        help="the agent kinds to rate (default: the game's levels, random, easy, normal, …)",
    )
    lad.add_argument(
        "--games", "-n", type=_positive, default=100, metavar="N", help="games at each number of players (100)"
    )
    lad.add_argument("--players", default="2,4", metavar="P,Q", help="the numbers of players at a table (2,4)")
    lad.add_argument("--seed", default="ladder", help="the seed (ladder)")
    lad.add_argument(
        "--workers",
        type=_positive,
        default=1,
        metavar="W",
        help="processes playing the games (1); the ladder is the same for any number",
    )
    lad.add_argument("--csv", type=Path, metavar="FILE", help="also write the table as CSV")
    add_language(lad, "the language of the table")


def _ladder(args: argparse.Namespace, console: Console) -> int:
    from tycoon.cli.options import OptionError, parse_seed, split_list
    from tycoon.core.registry import load
    from tycoon.sim.lab.ladder import ladder

    t = _words(args)
    load(args.game)  # an unknown game fails here, naming the known ones
    players: list[int] = []
    for word in split_list(args.players):
        if not word.isdigit():
            raise OptionError(f"--players takes whole numbers joined by commas, e.g. 2,4; not {args.players!r}")
        players.append(int(word))
    agents = None if args.agents is None else [a for a in split_list(args.agents) if a]
    result = ladder(
        args.game, agents, games=args.games, players=players, seed=parse_seed(args.seed), workers=args.workers
    )
    counts = ", ".join(map(str, result.players))
    title = t("cli.cmd.lab.ladder", game=args.game, games=t.count(result.games), players=counts)
    table = Table(title=t("cli.cmd.lab.seeded", plan=title, seed=repr(result.seed)), box=box.SIMPLE)
    for name in ("agent", "rating", "interval", "games", "wins", "win_rate"):
        table.add_column(t(f"cli.cmd.lab.head.{name}"), justify="left" if name == "agent" else "right")
    for rung in result.rungs:
        low, high = rung.interval
        table.add_row(
            rung.agent,
            t.fixed(rung.mu, ".1f"),
            f"{t.fixed(low, '.1f')} – {t.fixed(high, '.1f')}",
            str(rung.games),
            t.fixed(rung.wins, ".0f" if rung.wins == int(rung.wins) else ".1f"),
            t.percent(rung.win_rate, 0),
        )
    console.print(table)
    if args.csv is not None:
        result.write_csv(args.csv)
        console.print(Text(t("cli.cmd.lab.table_written", path=str(args.csv))), soft_wrap=True)
    return 0


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _points(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number of percentage points, e.g. 1 or 0.5; got {text!r}"
        ) from None
    if not 0 < value < 50:
        raise argparse.ArgumentTypeError(f"must lie between 0 and 50 points, got {value}")
    return value
