"""Fixtures for the simulator tests: the coin flip test game, installed as a game package."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from types import ModuleType

import coin_game
import pytest


@pytest.fixture
def coinflip_package(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """Make ``coin_game`` answer as ``tycoon.games.coinflip``, as a shipped game would."""
    monkeypatch.setitem(sys.modules, "tycoon.games.coinflip", coin_game)
    yield coin_game
