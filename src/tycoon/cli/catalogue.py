"""``tycoon games``: every registered game, who plays it, and the options it takes."""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from tycoon.cli.options import metavar as _metavar
from tycoon.core.registry import specs
from tycoon.core.spec import GameOption, GameSpec
from tycoon.sim.agents import known_kinds, partner_note


def list_games(console: Console) -> int:
    """Print each game: its id, seats and agents, then its options with type, default and help."""
    for s in specs():
        console.print(describe_game(s))
        console.print()
    console.print(
        Text("Options go on the command line as flags (--years 2) or as -o NAME=VALUE.", style="dim"), soft_wrap=True
    )
    return 0


def describe_game(s: GameSpec) -> RenderableType:
    """One game's entry."""
    seats = str(s.min_seats) if s.min_seats == s.max_seats else f"{s.min_seats}–{s.max_seats}"
    head = Text()
    head.append(s.id, style="bold cyan")
    head.append(f" — {s.title}" + (f": {s.summary}" if s.summary else ""), style="bold")
    head.append(f"\n  seats: {seats} (default {s.default_seats}) · agents for --seats: ")
    head.append(", ".join(known_kinds(s.id)) + partner_note(s.id))
    if not s.options:
        return Group(head, Text("  no options", style="dim"))
    # One option to a paragraph: the flag with its type and default, the help below it, so
    # the list reads at any terminal width.
    lines: list[RenderableType] = [head]
    for option in s.options:
        line = Text("  ")
        line.append(f"--{option.name.replace('_', '-')} {'WORD' if option.choices else _metavar(option)}", style="bold")
        default = "" if option.default is None else f"; default {option_default(option)}"
        line.append(f"  {option_type(option)}{default}", style="dim")
        lines.append(line)
        lines.append(Padding(Text(option.help), (0, 0, 0, 6)))
    return Group(*lines)


def option_type(option: GameOption) -> str:
    """``whole number 1–6``, ``yes/no``, ``one of a, b``."""
    if option.choices:
        return "one of " + ", ".join(map(str, option.choices))
    text = option.describe_type()
    bounds = option.bounds()
    return f"{text} {bounds}" if bounds else text


def option_default(option: GameOption) -> str:
    default = option.default
    if default is None:
        return "(see help)"
    if isinstance(default, bool):
        return "yes" if default else "no"
    if isinstance(default, list | tuple):
        return ",".join(map(str, default)) or "none"
    return str(default)
