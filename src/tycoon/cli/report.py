"""``tycoon report GAME.jsonl``: one game's report, the teacher's hand-out after a class game.

Thin: :mod:`tycoon.sim.lab.gamereport` replays the record and writes the page; this module picks
the game out of the file and prints the result.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tycoon.cli.options import add_language


def add(commands: Any) -> None:
    """Add ``tycoon report``."""
    rep = commands.add_parser(
        "report",
        help="write one recorded game's report: balance sheets, statements, charts, big events",
        description="Write one game's report as a self-contained HTML page with its charts: for Playboss each "
        "business's balance sheet and statements per year (with step 4's tax), capital, cash and debt over the "
        "game and the big events; for the other games each player's money and holdings over the game.",
    )
    rep.add_argument("file", type=Path, help="a record file (JSON lines; may hold many games)")
    rep.add_argument("--game-index", type=int, default=None, metavar="K", help="which game of a file of many, from 0")
    rep.add_argument("--out", type=Path, metavar="FILE", help="the page to write (default: FILE with .html)")
    add_language(rep, "the language of the page and of what is printed")


def run(args: argparse.Namespace, console: Console, ask: Any) -> int:
    from tycoon.cli.naming import choose_language
    from tycoon.cli.replay import pick_record
    from tycoon.cli.say import number, say
    from tycoon.sim.lab.gamereport import game_report, write_game_report
    from tycoon.sim.lab.html import plotting_missing

    language = choose_language(args.lang)
    record, chosen, count = pick_record(args.file, args.game_index)
    report = game_report(record)
    default = args.file.with_suffix(".html") if count == 1 else args.file.with_name(f"{args.file.stem}-{chosen}.html")
    page = write_game_report(report, args.out or default, language)
    title = say("report.seed_title", title=report.title, seed=str(report.seed))
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column(say("cli.result.player"))
    table.add_column(say("cli.result.score"), justify="right")
    table.add_column("")
    for s, name in enumerate(report.names):
        score = number(report.scores[s]) if report.scores else "–"
        table.add_row(name, score, say("cli.result.winner") if s in report.winners else "")
    console.print(table)
    if not report.finished:
        console.print(Text(say("report.so_far")))
    console.print(Text(say("report.written", n=len(report.events), page=str(page)), style="bold"), soft_wrap=True)
    missing = plotting_missing()
    if missing is not None and report.measures:
        console.print(Text(say("report.without_charts", why=missing), style="yellow"), soft_wrap=True)
    return 0
