"""``tycoon simulate``: many games with bots, and a table of how each seat fared."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from tycoon.sim import SimulationReport, Summary, simulate


def run_simulation(
    console: Console,
    game_id: str,
    config: dict[str, Any],
    seat_kinds: Sequence[str],
    games: int,
    seed: int | str,
    workers: int = 1,
    out: Path | None = None,
) -> SimulationReport:
    """Simulate with a progress bar, print the report, and write the records if ``out`` is set."""
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(f"{game_id}", total=games)
        report = simulate(
            game_id,
            config,
            seat_kinds,
            games,
            seed,
            progress=lambda done: bar.update(task, completed=done),
            keep_records=out is not None,
            workers=workers,
        )
    console.print(render_report(report))
    if out is not None:
        with open(out, "w", encoding="utf-8") as f:
            for record in report.records:
                record.dump(f)
        console.print(f"{len(report.records)} records written to {out}.")
    return report


def render_report(report: SimulationReport) -> RenderableType:
    """The per-seat table and the game-length lines of a simulation report."""
    options = ", ".join(f"{k}={v}" for k, v in report.config.items())
    table = Table(
        title=f"{report.game} ({options}) — {report.games} games, seed {report.seed}",
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("Seat", justify="right")
    table.add_column("Agent")
    table.add_column("Wins", justify="right")
    table.add_column("Win rate", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column("Score (mean ± sd)", justify="right")
    table.add_column("Eliminated", justify="right")
    for s in report.seats:
        low, high = s.win_interval
        wins = f"{s.wins:g}" if s.wins == int(s.wins) else f"{s.wins:.2f}"
        table.add_row(
            str(s.seat + 1),
            s.kind,
            wins,
            f"{s.win_rate:.1%}",
            f"{low:.1%} – {high:.1%}",
            f"{s.score.mean:,.1f} ± {s.score.sd:,.1f}",
            str(s.eliminations),
        )
    lines = Text()
    lines.append("Game length: ", style="bold")
    lines.append(_summary(report.length, "actions"))
    if report.rounds is not None:
        lines.append("\nRounds: ", style="bold")
        lines.append(_summary(report.rounds, "rounds"))
    return Group(table, lines)


def _summary(s: Summary, unit: str) -> str:
    return f"mean {s.mean:,.1f} ± {s.sd:,.1f} {unit} (min {s.minimum:,.0f}, max {s.maximum:,.0f})"
