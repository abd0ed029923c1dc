"""``tycoon games``: every registered game, who plays it, and the options it takes.

In the terminal's language (``--lang``, else the environment's): the frame's words are
``cli.cmd.games.`` texts; a game's summary, its levels and its options' help are its own words
(``tycoon.words.games``, which the lobby's page reads too): the catalogue's for a shipped game,
the spec's for a game installed from elsewhere. Numbers are written as they are typed
(``--rounds 10000``), so no number format is needed and Babel is not imported.
"""

from __future__ import annotations

import textwrap

from rich.console import Console
from rich.text import Text

from tycoon.agents.catalogue import PARTNER_SEPARATOR, game_levels, known_kinds, partner_note
from tycoon.cli.options import SEAT_OPTIONS, option_help
from tycoon.cli.options import metavar as _metavar
from tycoon.cli.say import said, say
from tycoon.core.registry import specs
from tycoon.core.spec import LEVEL_ALIASES, GameOption, GameSpec


def list_games(console: Console) -> int:
    """Print each game: its id, seats and agents, then its options with type, default and help."""
    for s in specs():
        console.print(describe_game(s, console.width), soft_wrap=True)
        console.print()
    console.print(Text(say("cli.cmd.games.flags"), style="dim"), soft_wrap=True)
    return 0


def describe_game(s: GameSpec, width: int = 80) -> Text:
    """One game's entry, wrapped at ``width`` columns: each paragraph under its own indent."""
    from tycoon.words import games as game_words  # read when a game is told, not by ``tycoon --help``

    seats = str(s.min_seats) if s.min_seats == s.max_seats else f"{s.min_seats}–{s.max_seats}"
    text = Text()
    summary = said(game_words.summary(s.id, s.summary)) if s.summary else ""
    _paragraph(text, f"{s.id} — {s.title}" + (f": {summary}" if summary else ""), 0, width, "bold")
    partners = say("cli.cmd.games.partners", kinds=f"KIND{PARTNER_SEPARATOR}KIND") if partner_note(s.id) else ""
    who = say("cli.cmd.games.seats", seats=seats, default=str(s.default_seats), kinds=", ".join(known_kinds(s.id)))
    _paragraph(text, who + partners, 2, width)
    levels = game_levels(s.id)
    if len(levels) > 1:
        # One line a level, under its name; an older name beside the level it stands for.
        for name, description in levels.items():
            aliases = [old for old, new in LEVEL_ALIASES.items() if new == name and old in known_kinds(s.id)]
            also = " " + say("cli.cmd.games.also", names=", ".join(aliases)) if aliases else ""
            line = said(game_words.level(s.id, name, description))
            _paragraph(text, f"{name}{also}: {line}", 4, width)
    if not s.options:
        _paragraph(text, say("cli.cmd.games.no_options"), 2, width, "dim")
    # One option to a paragraph: the flag with its type and default, the help below it.
    for option in s.options:
        flag = f"--{option.name.replace('_', '-')} {'WORD' if option.choices else _metavar(option)}"
        default = "" if option.default is None else say("cli.cmd.games.default", value=option_default(option))
        _paragraph(text, f"{flag}  {option_type(option)}{default}", 2, width, "bold")
        _paragraph(text, said(game_words.option_help(s.id, option.name, option_help(option))), 6, width)
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
    """``whole number from 1 to 6``, ``yes or no``, ``one of a, b``."""
    if option.choices:
        return say("cli.cmd.games.one_of", choices=", ".join(map(str, option.choices)))
    if option.name in SEAT_OPTIONS:
        return say("cli.cmd.games.seat_number")
    text = say(f"cli.cmd.games.type.{option.type}")
    # The bounds as they are typed on the command line (10000), not grouped.
    lo, hi = (None if x is None else str(x) for x in (option.lo, option.hi))
    if lo is not None and hi is not None:
        return text + " " + say("cli.cmd.games.from_to", lo=lo, hi=hi)
    if lo is not None:
        return text + " " + say("cli.cmd.games.at_least", lo=lo)
    if hi is not None:
        return text + " " + say("cli.cmd.games.at_most", hi=hi)
    return text


def option_default(option: GameOption) -> str:
    default = option.default
    if default is None:
        return say("cli.cmd.games.see_help")
    if isinstance(default, bool):
        return say("cli.cmd.games.yes") if default else say("cli.cmd.games.no")
    if isinstance(default, list | tuple):
        return ",".join(map(str, default)) or say("cli.cmd.games.none")
    return str(default)
