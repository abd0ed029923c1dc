"""Fixtures for the simulator tests: the coin flip test game, installed as a game package."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

# The coin flip test game sits beside this file; make it importable however pytest imports tests.
_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

import coin_game  # noqa: E402


@pytest.fixture
def coinflip_package(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """Make ``coin_game`` answer as ``tycoon.games.coinflip``, as a shipped game would."""
    monkeypatch.setitem(sys.modules, "tycoon.games.coinflip", coin_game)
    yield coin_game
