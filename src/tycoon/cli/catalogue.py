"""``tycoon games``: every registered game, who plays it, and the options it takes."""

from __future__ import annotations

import textwrap

from rich.console import Console
from rich.text import Text

from tycoon.agents.catalogue import game_levels, known_kinds, partner_note
from tycoon.cli.options import SEAT_OPTIONS, option_help
from tycoon.cli.options import metavar as _metavar
from tycoon.core.registry import specs
from tycoon.core.spec import LEVEL_ALIASES, GameOption, GameSpec


def list_games(console: Console) -> int:
    """Print each game: its id, seats and agents, then its options with type, default and help."""
    for s in specs():
        console.print(describe_game(s, console.width), soft_wrap=True)
        console.print()
    console.print(
        Text("Options go on the command line as flags (--years 2) or as -o NAME=VALUE.", style="dim"), soft_wrap=True
    )
    return 0


def describe_game(s: GameSpec, width: int = 80) -> Text:
    """One game's entry, wrapped at ``width`` columns: each paragraph under its own indent."""
    seats = str(s.min_seats) if s.min_seats == s.max_seats else f"{s.min_seats}–{s.max_seats}"
    text = Text()
    _paragraph(text, f"{s.id} — {s.title}" + (f": {s.summary}" if s.summary else ""), 0, width, "bold")
    who = f"seats: {seats} (default {s.default_seats}) · agents for --seats: "
    _paragraph(text, who + ", ".join(known_kinds(s.id)) + partner_note(s.id), 2, width)
    levels = game_levels(s.id)
    if len(levels) > 1:
        # One line a level, under its name; an older name beside the level it stands for.
        for name, description in levels.items():
            aliases = [old for old, new in LEVEL_ALIASES.items() if new == name and old in known_kinds(s.id)]
            also = f" (also {', '.join(aliases)})" if aliases else ""
            _paragraph(text, f"{name}{also}: {description}", 4, width)
    if not s.options:
        _paragraph(text, "no options", 2, width, "dim")
    # One option to a paragraph: the flag with its type and default, the help below it.
    for option in s.options:
        flag = f"--{option.name.replace('_', '-')} {'WORD' if option.choices else _metavar(option)}"
        default = "" if option.default is None else f"; default {option_default(option)}"
        _paragraph(text, f"{flag}  {option_type(option)}{default}", 2, width, "bold")
        _paragraph(text, option_help(option), 6, width)
    text.rstrip()
    return text


def _paragraph(text: Text, words: str, indent: int, width: int, style: str = "") -> None:
    """Add ``words`` wrapped at ``width``: the first line at ``indent``, the rest two further in."""
    lines = textwrap.wrap(
        words,
        max(20, width - 1),
        initial_indent=" " * indent,
        subsequent_indent=" " * (indent + (2 if indent < 6 else 0)),
        break_on_hyphens=False,
    )
    text.append("\n".join(lines) + "\n", style=style)


def option_type(option: GameOption) -> str:
    """``whole number 1–6``, ``yes/no``, ``one of a, b``."""
    if option.choices:
        return "one of " + ", ".join(map(str, option.choices))
    if option.name in SEAT_OPTIONS:
        return "a seat number, from 1"
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
