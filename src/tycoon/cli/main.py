"""The ``tycoon`` command: play, simulate and replay games, and list them.

Thin by design: it reads the arguments and calls :mod:`tycoon.sim`, the game registry and the
renderers, each imported by the subcommand that uses it, so that ``tycoon --help`` and
``tycoon games`` import no game's rules and no renderer. ``main`` takes the console and the
input function as arguments, so the whole command can be driven from tests.

Each subcommand is a :class:`Command` in ``COMMANDS``: its name, a function that adds its
parser, and a function that runs it. A subcommand living in a module of its own adds itself
with one line in ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from tycoon import __version__
from tycoon.agents.catalogue import UnknownAgent
from tycoon.cli import lab, report
from tycoon.cli.catalogue import list_games
from tycoon.cli.naming import choose_language
from tycoon.cli.options import (
    OptionError,
    add_game_options,
    add_language,
    check_names,
    check_out,
    game_config,
    parse_seed,
    split_list,
)
from tycoon.cli.prompt import terminal_reader
from tycoon.cli.serve import add_parser as _add_serve
from tycoon.cli.serve import run as _run_serve
from tycoon.core.errors import TycoonError
from tycoon.core.registry import load

if TYPE_CHECKING:
    from tycoon.cli.play import Ask

Subparsers = Any
"""What ``ArgumentParser.add_subparsers`` returns (argparse keeps its class private)."""


@dataclass(frozen=True)
class Command:
    """A ``tycoon`` subcommand."""

    name: str
    """What is typed: ``tycoon <name>``."""
    add: Callable[[Subparsers], None]
    """Adds the subcommand's parser (``commands.add_parser(name, ...)``) and its arguments."""
    run: Callable[[argparse.Namespace, Console, Ask], int]
    """Runs it with the parsed arguments; returns the exit status."""


def _add_play(commands: Subparsers) -> None:
    play = commands.add_parser(
        "play",
        help="play a game at this terminal, with people and bots",
        description="Play a game at this terminal. Seats are 'you' (or 'human') for "
        "a person here — several make a hot-seat game — or an agent kind; in Playboss two "
        "partners may run one seat: PRODUCTION+FINANCE, e.g. you+bot or you+you.",
    )
    play.add_argument("game", help="the game id (see 'tycoon games')")
    play.add_argument(
        "--seats",
        required=True,
        type=split_list,
        metavar="KIND,KIND,...",
        help="who plays each seat, e.g. you,bot,bot; you+bot: two partners run one business (Playboss)",
    )
    play.add_argument("--names", type=split_list, metavar="NAME,NAME,...", help="a name per seat, all different")
    play.add_argument("--seed", type=parse_seed, help="the seed of dice, cards and bots (default: a fresh one)")
    play.add_argument(
        "--out", type=Path, metavar="FILE", help="write the game record here as the game goes (JSON lines)"
    )
    play.add_argument(
        "--think",
        type=_seconds,
        metavar="SECONDS",
        help="let each 'hard' bot think this long a decision (up to 1 is comfortable) instead of its "
        "usual budget of about 50 ms; it plays stronger, and its moves then depend on the machine",
    )
    add_language(play, "the language of the game's words")
    add_game_options(play)


def _run_play(args: argparse.Namespace, console: Console, ask: Ask) -> int:
    from tycoon.cli.play import TerminalGame, plan_seats

    if args.names is not None:
        check_names(args.names, len(args.seats))
    config = game_config(args)
    if args.out is not None:
        check_out(args.out)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    choose_language(args.lang)
    game = load(args.game, players=len(args.seats), **config)
    seats = plan_seats(args.game, args.seats, args.names, think=args.think)
    return TerminalGame(game, seats, seed, console, ask, args.out).run()


def _add_simulate(commands: Subparsers) -> None:
    sim = commands.add_parser(
        "simulate",
        help="play many games with bots and report how each seat fared",
        description="Play many seeded games; game i uses the seed '<seed>:<i>'.",
    )
    sim.add_argument("game", help="the game id (see 'tycoon games')")
    sim.add_argument("--games", "-n", type=_positive, default=100, metavar="N", help="how many games (100)")
    sim.add_argument(
        "--seats",
        required=True,
        type=split_list,
        metavar="KIND,KIND,...",
        help="the agent kind of each seat, e.g. bot,bot,random; bot+random: two partners run one business (Playboss)",
    )
    sim.add_argument("--seed", type=parse_seed, default=0, help="the batch seed (0)")
    sim.add_argument(
        "--workers",
        "-j",
        type=_positive,
        default=1,
        metavar="W",
        help="worker processes (1); the results do not depend on it",
    )
    sim.add_argument(
        "--out", type=Path, metavar="FILE", help="write every game's record here as it finishes (JSON lines)"
    )
    add_language(sim, "the language of the report")
    add_game_options(sim)


def _run_simulate(args: argparse.Namespace, console: Console, ask: Ask) -> int:
    choose_language(args.lang)
    config = game_config(args)
    if args.out is not None:
        check_out(args.out)
    from tycoon.cli.simulate import run_simulation

    run_simulation(console, args.game, config, args.seats, args.games, args.seed, args.workers, args.out)
    return 0


def _add_replay(commands: Subparsers) -> None:
    rep = commands.add_parser(
        "replay",
        help="retell a recorded game move by move",
        description="Retell a recorded game: each move, what it caused, and the result.",
    )
    rep.add_argument("file", type=Path, help="a record file (JSON lines; may hold many games)")
    rep.add_argument(
        "--game-index",
        type=int,
        default=None,
        metavar="K",
        help="which game of a file of many, counting from 0 (0)",
    )
    add_language(rep, "the language of the retelling")


def _run_replay(args: argparse.Namespace, console: Console, ask: Ask) -> int:
    from tycoon.cli.replay import retell_file

    choose_language(args.lang)
    retell_file(console, args.file, args.game_index)
    return 0


def _add_games(commands: Subparsers) -> None:
    games = commands.add_parser("games", help="list the games, the agents that play them and the options they take")
    add_language(games, "the language of the list")


def _run_games(args: argparse.Namespace, console: Console, ask: Ask) -> int:
    choose_language(args.lang)
    return list_games(console)


COMMANDS: list[Command] = [
    Command("play", _add_play, _run_play),
    Command("simulate", _add_simulate, _run_simulate),
    Command("replay", _add_replay, _run_replay),
    Command("games", _add_games, _run_games),
    Command("lab", lab.add, lab.run),
    Command("report", report.add, report.run),
    Command("serve", _add_serve, _run_serve),
]
"""The subcommands, in the order ``tycoon --help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``tycoon`` command and its subcommands."""
    parser = argparse.ArgumentParser(prog="tycoon", description="Play, simulate and study business games.")
    parser.add_argument("--version", action="version", version=f"tycoon {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add(commands)
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    console: Console | None = None,
    ask: Ask | None = None,
    errors: Console | None = None,
) -> int:
    """Run the ``tycoon`` command with ``argv`` (default: the process's arguments).

    ``console`` receives all output and ``ask(prompt)`` reads a line of input (default: the
    terminal); ``errors`` receives the line saying why a request could not be done (default:
    ``console`` if one is given, else standard error, so that it never mixes with what a
    command prints). Returns the exit status: 0 on success, 1 when the request could not be
    done (the reason is printed, one line), 130 when interrupted; bad arguments exit with
    status 2, as argparse does.
    """
    args = build_parser().parse_args(argv)
    errors = errors or console or Console(stderr=True)
    console = console or Console()
    ask = ask or terminal_reader(console)
    run = next(c.run for c in COMMANDS if c.name == args.command)
    try:
        return run(args, console, ask)
    except (TycoonError, OptionError, UnknownAgent) as e:
        _fail(errors, str(e))
        return 1
    except KeyboardInterrupt:
        _fail(errors, "interrupted")
        return 130
    except OSError as e:
        where = f": {e.filename}" if e.filename else ""
        _fail(errors, f"{e.strerror or e}{where}")
        return 1


def _fail(console: Console, message: str) -> None:
    console.print(Text(f"tycoon: {message}", style="red"), soft_wrap=True)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, e.g. 0.5, got {text!r}") from None
    if not 0 < value <= MAX_THINK:
        raise argparse.ArgumentTypeError(f"must be above 0 and at most {MAX_THINK:g} seconds, got {text}")
    return value


MAX_THINK = 60.0
"""The most seconds a decision ``tycoon play --think`` gives a searching bot: beyond a minute a
game of a few hundred decisions would last days."""


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value
