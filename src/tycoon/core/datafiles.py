"""What every game's data files share: reading TOML text, and the range of every number in it.

A game's components (a board, a deck, its rules' figures) are TOML files; some may be replaced
by a designer's own (a game's ``board`` option), and those reach the game from anybody who sets
a table up. Every number of such a file is bounded, so that no figure of a game grows beyond
what its views, records and messages can carry (64-bit integers): a file's number is a whole
number from 0 to :data:`MOST` unless its game names a narrower range for its entry. A game
checks its files with :func:`check_numbers` before it reads them, and reads their text with
:func:`read_toml`, which answers a file nested too deep to read like one that is no TOML;
:func:`parse` does both, refusing a bad file with :class:`DataError`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

MOST = 1_000_000
"""The largest number a data file may hold unless its game says otherwise: a million Marks or
złoty is a hundred times any price or fee the games print, and a million of anything counted
is more than a game can use."""


def read_toml(name: str, text: str, error: type[Exception]) -> dict[str, Any]:
    """The TOML ``text`` of the file ``name`` read into a table; ``error`` naming the file if it
    is not TOML or nests its values too deep to read."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        # A one-line value is most likely a file's path given where its text belongs.
        hint = "; the option takes the file's text, not its path" if "\n" not in text.strip() else ""
        raise error(f"{name}: not TOML: {e}{hint}") from None
    except RecursionError:
        raise error(f"{name}: its values are nested too deep to read (arrays or tables within each other)") from None


def check_numbers(
    name: str, table: Mapping[str, Any], error: type[Exception], ranges: Mapping[str, tuple[int, int]] | None = None
) -> None:
    """Refuse with ``error`` the first number of the file ``name`` outside its range, naming the
    entry, the number and the range: a whole number from ``ranges[key]`` for an entry called
    ``key`` (the numbers of a list take its key's range), from 0 to :data:`MOST` otherwise. A
    float is refused: every figure of a game is whole.

    The walk is iterative, so that a table nested as deep as TOML allows is checked too."""
    bounds = ranges or {}
    stack: list[tuple[str, str, Any]] = [("", "", table)]
    while stack:
        path, key, value = stack.pop()
        if isinstance(value, Mapping):
            for k, v in reversed(list(value.items())):
                stack.append((f"{path}.{k}" if path else str(k), str(k), v))
        elif isinstance(value, list):
            for i in reversed(range(len(value))):
                stack.append((f"{path}[{i}]", key, value[i]))
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            lo, hi = bounds.get(key, (0, MOST))
            if not isinstance(value, int) or not lo <= value <= hi:
                raise error(f"{name}: {path} must be a whole number from {lo:,} to {hi:,}, not {value!r}")


class DataError(ValueError):
    """A game's data file that does not describe what it must (a board, a deck, the rules'
    figures); the message names the file."""


def parse(name: str, text: str, ranges: Mapping[str, tuple[int, int]] | None = None) -> dict[str, Any]:
    """A data file's TOML text read into a table, every number in its range (``ranges``, as
    :func:`check_numbers` takes them); :class:`DataError` naming the file if it is not TOML,
    nests too deep or holds a number out of range."""
    table = read_toml(name, text, DataError)
    check_numbers(name, table, DataError, ranges)
    return table
