"""Reading game options and seeds from the command line."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

OPTION_FLAGS = ("years", "rounds", "steps")
"""Options with a flag of their own (``--years 3``); any other goes through ``--option``."""


class OptionError(ValueError):
    """A game option on the command line that cannot be read."""


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--years``/``--rounds``, ``--steps`` and the repeatable ``--option key=value``."""
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--years", type=int, metavar="N", help="play N years (game option 'years')")
    length.add_argument("--rounds", type=int, metavar="N", help="play N rounds (game option 'rounds')")
    parser.add_argument(
        "--steps",
        type=parse_steps,
        metavar="N,N,...",
        help="expansion steps to play, e.g. 2,4 (game option 'steps')",
    )
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game-specific option; repeatable (whole numbers and true/false are read as such)",
    )


def parse_value(text: str) -> int | bool | str:
    """A whole number, a yes/no, or else the text itself.

    >>> parse_value("3"), parse_value("-1_000"), parse_value("true"), parse_value("red")
    (3, -1000, True, 'red')
    """
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(text.replace("_", ""))
    except ValueError:
        return text


def parse_steps(text: str) -> list[int]:
    """A comma-separated list of step numbers.

    >>> parse_steps("2,4"), parse_steps(" 5, 3 ")
    ([2, 4], [5, 3])
    """
    try:
        return [int(item) for item in split_list(text)]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected step numbers separated by commas, e.g. 2,4; got {text!r}") from None


def game_config(args: argparse.Namespace) -> dict[str, Any]:
    """The game options given on the command line; options not given are left out."""
    config: dict[str, Any] = {}
    for key in OPTION_FLAGS:
        value = getattr(args, key, None)
        if value is not None:
            config[key] = value
    for item in getattr(args, "option", None) or []:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise OptionError(f"--option takes KEY=VALUE with KEY a name, e.g. --option steps=3; got {item!r}")
        if key == "players":
            raise OptionError("the number of players comes from --seats; leave 'players' out of --option")
        if key in config:
            raise OptionError(f"the option {key!r} is given twice")
        config[key] = parse_value(value)
    return config


def parse_seed(text: str) -> int | str:
    """A seed: a whole number if it reads as one, otherwise the text itself."""
    try:
        return int(text)
    except ValueError:
        return text


def split_list(text: str) -> list[str]:
    """A comma-separated list, spaces around items dropped: ``"you, bot"`` → ``["you", "bot"]``."""
    return [item.strip() for item in text.split(",")]


def check_names(names: Sequence[str], seats: int) -> None:
    """Raise :class:`OptionError` unless there is one non-empty name per seat."""
    if len(names) != seats:
        raise OptionError(f"--names gives {len(names)} name(s) but --seats has {seats} seat(s)")
    if any(not n for n in names):
        raise OptionError("--names has an empty name; write e.g. --names Ann,Bob")
