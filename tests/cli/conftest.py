"""Fixtures for the command-line tests: the coin flip test game and a scripted terminal."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import ModuleType

import pytest
from rich.console import Console

# The coin flip test game lives beside the simulator tests.
# (Both folders go on the import path, however pytest imports tests.)
for _folder in (Path(__file__).resolve().parent.parent / "sim", Path(__file__).resolve().parent):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

import coin_game  # noqa: E402
from scripted import Script  # noqa: E402


@pytest.fixture(autouse=True)
def coinflip_package(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """Make ``coin_game`` answer as ``tycoon.games.coinflip``, as a shipped game would."""
    monkeypatch.setitem(sys.modules, "tycoon.games.coinflip", coin_game)
    yield coin_game


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts with the terminal in English and leaves it so (``tycoon play --lang``
    and ``tycoon report --lang`` set the language of the whole process)."""
    from tycoon.cli.naming import choose_language

    choose_language("en")
    yield
    choose_language("en")


@pytest.fixture
def console() -> Console:
    """A wide, colourless console that keeps what is printed (``console.export_text()``)."""
    return Console(file=io.StringIO(), width=120, record=True, color_system=None)


@pytest.fixture
def script() -> Callable[[Iterable[str]], Script]:
    """Build a :class:`Script` of input lines."""
    return Script
