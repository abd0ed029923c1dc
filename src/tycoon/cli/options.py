"""Reading game options, seeds, names and output paths from the command line.

Every option a registered game declares (its :class:`~tycoon.core.spec.GameSpec`) gets a flag
of its own (``--years 3``, ``--steps 2,4``); ``-o NAME=VALUE`` reaches any option. The flags are
read as text and each game parses them with :meth:`~tycoon.core.spec.GameOption.parse`, so an
option the game does not take, or a value of the wrong type, gets one line saying what the game
does take.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tycoon.cli.naming import counted
from tycoon.core.errors import InvalidConfig
from tycoon.core.registry import spec, specs
from tycoon.core.spec import GameOption
from tycoon.words.numbers import LANGUAGES

OPTIONS_DEST = "game_options"
"""Where the parser keeps the options given, as ``(name, text, as given)`` in order (the name
empty for ``-o NAME=VALUE``, read later)."""


SEAT_OPTIONS: dict[str, str] = {
    "representative": "with step 6: the worker representative's seat, as the table numbers it, from 1 "
    "(default the last)",
}
"""The game options whose value is a seat, with their help as the command line gives it. At the
terminal a seat is typed as the table shows it, counted from 1 (``--representative 3`` is the
third seat); the game and its record count from 0."""


def option_help(option: GameOption) -> str:
    """The option's one line of help as the command line reads it (a seat counted from 1)."""
    return SEAT_OPTIONS.get(option.name, option.help)


class OptionError(ValueError):
    """Something on the command line that cannot be read (an option, the names, a path)."""


class _Collect(argparse.Action):
    """Keeps an option's text in the order given; the game parses it later."""

    def __init__(self, option_strings: Sequence[str], dest: str, option: str | None = None, **kwargs: Any) -> None:
        super().__init__(option_strings, OPTIONS_DEST, **kwargs)
        self.option = option

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        given: list[tuple[str, str, str]] = list(getattr(namespace, OPTIONS_DEST, None) or [])
        if self.option is not None:
            given.append((self.option, str(values), f"{option_string} {values}"))
        else:
            given.append(("", str(values), f"{option_string} {values}"))  # NAME=VALUE, read by game_config
        setattr(namespace, OPTIONS_DEST, given)


def declared_options() -> dict[str, list[tuple[str, GameOption]]]:
    """Every option name any registered game declares, with the games (titles) that take it."""
    found: dict[str, list[tuple[str, GameOption]]] = {}
    for s in specs():
        for option in s.options:
            found.setdefault(option.name, []).append((s.title, option))
    return found


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """Add a flag for every declared game option and the repeatable ``-o NAME=VALUE``."""
    group = parser.add_argument_group("game options", "what each game takes is listed by 'tycoon games'")
    taken = set(parser._option_string_actions)
    for name, games in declared_options().items():
        flag = "--" + name.replace("_", "-")
        if flag in taken:
            continue  # a command's own flag; the option is still reached with -o
        option = games[0][1]
        titles = ", ".join(title for title, _ in games)
        group.add_argument(
            flag,
            action=_Collect,
            option=name,
            metavar=metavar(option),
            help=f"{option_help(option)} ({titles})" if len(games) == 1 else f"game option {name!r} of {titles}",
        )
    group.add_argument(
        "--option",
        "-o",
        action=_Collect,
        metavar="NAME=VALUE",
        help="any game option, e.g. -o years=2; repeatable",
    )
    parser.set_defaults(**{OPTIONS_DEST: []})


def metavar(option: GameOption) -> str:
    """What a flag's value looks like in help: ``N``, ``N,N,...``, ``yes|no``, ``{a,b}``."""
    if option.choices:
        return "{" + ",".join(map(str, option.choices)) + "}"
    return {"int": "N", "ints": "N,N,...", "bool": "yes|no", "str": "WORD", "text": "FILE"}[option.type]


def game_config(args: argparse.Namespace) -> dict[str, Any]:
    """The options given on the command line for the game ``args.game``, each parsed and
    checked by the game's spec; options not given are left out. A seat (:data:`SEAT_OPTIONS`)
    is read as the table numbers it, from 1, and handed to the game counted from 0."""
    game = spec(args.game)
    config: dict[str, Any] = {}
    for flag_name, flag_text, given in getattr(args, OPTIONS_DEST, None) or []:
        name, text = flag_name, flag_text
        if not name:
            key, sep, text = flag_text.partition("=")
            name = key.strip()
            if not sep or not name.isidentifier():
                raise OptionError(f"-o takes NAME=VALUE with NAME an option, e.g. -o years=2; got {flag_text!r}")
        if name == "players":
            raise OptionError("the number of players comes from --seats; leave 'players' out of the options")
        declared = game.option(name)
        if declared is None:
            raise InvalidConfig(
                f"{game.title} has no option {name!r} ({given}); {game.option_list()} ('tycoon games' lists them)"
            )
        if name in config:
            raise OptionError(f"the option {name!r} is given twice")
        if name in SEAT_OPTIONS:
            config[name] = read_seat_option(name, text, len(getattr(args, "seats", None) or []))
        else:
            config[name] = read_text_option(name, text) if declared.type == "text" else declared.parse(text)
    return config


def read_seat_option(name: str, text: str, seats: int) -> int:
    """The seat (from 0) that an option names by the number the table shows (from 1), with
    ``seats`` seats at the table (0: not known here; the game checks the upper end)."""
    flag = f"--{name.replace('_', '-')} {text}"
    choose = f"choose 1 to {seats}" if seats else "choose 1 for the first seat, 2 for the second, ..."
    words = text.strip()
    if not re.fullmatch(r"[+-]?\d+", words):
        raise OptionError(f"{flag}: a seat is a whole number, as the table numbers the seats from 1; {choose}")
    number = int(words)
    if number < 1 or (seats and number > seats):
        where = f"the table has {counted(seats, 'seat')}" if seats else "seats are numbered from 1"
        raise OptionError(f"{flag}: there is no seat {number}; {where}, numbered from 1 as shown; {choose}")
    return number - 1


def read_text_option(name: str, path_text: str) -> str:
    """The text of the file an option of type ``text`` names (``--board my-board.toml``)."""
    path = Path(path_text).expanduser()
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise OptionError(f"--{name.replace('_', '-')} {path_text}: there is no such file") from None
    except IsADirectoryError:
        raise OptionError(f"--{name.replace('_', '-')} {path_text}: that is a folder; name a file") from None
    except UnicodeDecodeError:
        raise OptionError(f"--{name.replace('_', '-')} {path_text}: not a text file in UTF-8") from None
    except OSError as e:
        raise OptionError(f"--{name.replace('_', '-')} {path_text}: cannot be read ({e.strerror})") from None


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
    """Raise :class:`OptionError` unless there is one distinct, non-empty name per seat, none of
    them a number (numbers stand for seats at the terminal)."""
    if len(names) != seats:
        raise OptionError(f"--names gives {counted(len(names), 'name')} but --seats has {counted(seats, 'seat')}")
    if any(not n for n in names):
        raise OptionError("--names has an empty name; write e.g. --names Ann,Bob")
    seen: dict[str, str] = {}
    for name in names:
        if name.isdigit():
            raise OptionError(f"--names: {name!r} is a number, and numbers stand for seats; give a word, e.g. Ann")
        if name.lower() in seen:
            raise OptionError(f"--names gives {seen[name.lower()]!r} twice; every seat needs a name of its own")
        seen[name.lower()] = name


def check_out(path: Path) -> None:
    """Raise :class:`OptionError` unless a record can be written at ``path``: its folder exists
    and may be written in, and it is not itself a folder."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise OptionError(f"--out {path}: that is a folder; give a file name, e.g. {path / 'game.jsonl'}")
    if not folder.is_dir():
        raise OptionError(f"--out {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise OptionError(f"--out {path}: this user may not write there")


def add_language(parser: argparse.ArgumentParser, what: str) -> None:
    """The ``--lang`` option: ``what`` is written in en, de, nl or pl, else in the environment's
    language (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else in English."""
    parser.add_argument(
        "--lang", choices=LANGUAGES, help=f"{what}: en, de, nl or pl (default: from LC_ALL or LANG, else en)"
    )
