"""``tycoon simulate``: many games with bots, and a table of how each seat fared, in the
terminal's language (``--lang``; keys ``cli.cmd.simulate.``, the figures with the language's
separators and their fixed decimals as the lab writes them)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from tycoon.cli.naming import language
from tycoon.cli.options import SEAT_OPTIONS
from tycoon.cli.say import say
from tycoon.core.record import Record
from tycoon.sim import SimulationReport, Summary, simulate
from tycoon.sim.lab.words import Words
from tycoon.sim.simulate import GameResult


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
    """Simulate with a progress bar and print the report; with ``out``, write each game's
    record as soon as it and every game before it are done (batch order), flushed at once."""
    with ExitStack() as stack:
        # Open the output first, so a bad path fails before the games are played, not after.
        sink = stack.enter_context(open(out, "w", encoding="utf-8")) if out is not None else None
        waiting: dict[int, Record] = {}
        written = 0

        def keep(result: GameResult, record: Record | None) -> None:
            nonlocal written
            if sink is None or record is None:
                return
            waiting[result.index] = record
            while written in waiting:
                waiting.pop(written).dump(sink)
                sink.flush()
                written += 1

        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
            disable=not console.is_terminal,
        ) as bar:
            task = bar.add_task(game_id, total=games)
            report = simulate(
                game_id,
                config,
                seat_kinds,
                games,
                seed,
                progress=lambda done: bar.update(task, completed=done),
                keep_records=sink is not None,
                workers=workers,
                on_game=keep,
            )
        console.print(render_report(report))
        if sink is not None:
            console.print(Text(say("cli.cmd.simulate.written", n=written, path=str(out))), soft_wrap=True)
    return report


def render_report(report: SimulationReport) -> RenderableType:
    """The per-seat table and the game-length lines of a simulation report."""
    # A seat is shown as the table numbers it, from 1, as it was typed.
    options = ", ".join(
        f"{k}={v + 1 if k in SEAT_OPTIONS and isinstance(v, int) else v}" for k, v in report.config.items()
    )
    t = Words(language())
    games = say("cli.cmd.simulate.games", n=report.games)
    table = Table(
        title=say("cli.cmd.simulate.title", game=f"{report.game} ({options})", games=games, seed=str(report.seed)),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
    )
    table.add_column(say("cli.result.seat"), justify="right", no_wrap=True)
    # The agent kinds are what one types: never cut, however long the language's headings.
    longest = max((len(s.kind) for s in report.seats), default=0)
    table.add_column(say("cli.cmd.simulate.agent"), no_wrap=True, min_width=longest)
    table.add_column(say("cli.cmd.simulate.wins"), justify="right", no_wrap=True)
    table.add_column(say("cli.cmd.simulate.win_rate"), justify="right", no_wrap=True)
    table.add_column(say("cli.cmd.simulate.interval"), justify="right", no_wrap=True)
    table.add_column(say("cli.cmd.simulate.score"), justify="right", no_wrap=True)
    table.add_column(say("cli.cmd.simulate.eliminated"), justify="right", no_wrap=True)
    for s in report.seats:
        low, high = s.win_interval
        table.add_row(
            str(s.seat + 1),
            s.kind,
            t.fixed(s.wins, ".2f").rstrip("0").rstrip(".,"),
            t.percent(s.win_rate),
            f"{t.percent(low)}–{t.percent(high)}",
            f"{_number(t, s.score.mean)} ± {_number(t, s.score.sd)}",
            str(s.eliminations),
        )
    lines = Text()
    lines.append(say("cli.cmd.simulate.length") + " ", style="bold")
    lines.append(_summary(t, report.length, "actions"))
    if report.rounds is not None:
        lines.append("\n" + say("cli.cmd.simulate.rounds") + " ", style="bold")
        lines.append(_summary(t, report.rounds, "rounds"))
    return Group(table, lines)


def _number(t: Words, value: float) -> str:
    """A mean or deviation: one decimal for small numbers, none once they run to hundreds."""
    return t.fixed(value, ",.0f") if abs(value) >= 100 else t.fixed(value, ",.1f")


def _summary(t: Words, s: Summary, unit: str) -> str:
    return say(
        f"cli.cmd.simulate.summary_{unit}",
        mean=t.fixed(s.mean, ",.1f"),
        sd=t.fixed(s.sd, ",.1f"),
        min=t.fixed(s.minimum, ",.0f"),
        max=t.fixed(s.maximum, ",.0f"),
    )
